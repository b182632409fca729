import { css } from 'lit';

/** Styles of the showcase and idea lists; low specificity (`:where`) so any host rule wins. */
export const showcaseListStyles = css`
  :where(catalog-showcase-list) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
    overflow-wrap: anywhere;
  }
  :where(.esbShowcase)::after {
    content: '';
    display: block;
    clear: both;
  }
  :where(.esbShowcase__image) {
    float: right;
    max-width: min(10rem, 35%);
    max-height: 8rem;
    margin: 0 0 0.5rem 1rem;
    object-fit: cover;
    border-radius: var(--cb-radius, 4px);
  }
  :where(.esbShowcase__page, .esbShowcase__uses) {
    margin: 0.25rem 0 0;
  }
  :where(.esbShowcase__usesLabel) {
    color: var(--cb-muted, #4a4f57);
  }
`;
