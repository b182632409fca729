import { css } from 'lit';

/** Styles of <catalog-dataset-extras>; low specificity (`:where`) so any host rule wins. */
export const extrasStyles = css`
  :where(catalog-dataset-extras) {
    display: block;
  }
  :where(.esbExtrasList) {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  :where(.esbExtra) {
    padding: 0.75rem 0;
    border-bottom: 1px solid var(--cb-border, #c4c9d0);
  }
  :where(.esbExtra__title) {
    margin: 0 0 0.25rem;
  }
  :where(.esbExtra__toggle, .esbExtrasPager button) {
    padding: 0.2rem 0.6rem;
    border: 1px solid var(--cb-accent, #0b5cad);
    border-radius: var(--cb-radius, 4px);
    background: transparent;
    color: var(--cb-accent, #0b5cad);
  }
  :where(.esbExtrasPager button[aria-disabled='true']) {
    border-color: var(--cb-border, #c4c9d0);
    color: var(--cb-muted, #4a4f57);
    cursor: default;
  }
  :where(.esbExtra__toggle, .esbExtrasPager button):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbExtra__details) {
    margin-top: 0.5rem;
  }
  :where(.esbExtrasPager) {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    margin-top: 0.75rem;
  }
`;
