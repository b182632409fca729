/**
 * Styles of the facet column, chips and the active filters (low specificity; theme through --cb-* properties). Every
 * part is an `.esbBlock`: its links and buttons take their colour, font, cursor and focus ring from base.styles.ts.
 */
import { css } from 'lit';

export const facetsStyles = css`
  :where(catalog-facets, dataset-facets, facets-sv, esb-datasetfacets, esb-facets_sv, catalog-active-filters) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    /* Metadata is untrusted: a 100 KB token or an 80-character URL must wrap, never widen the page (inherited). */
    overflow-wrap: anywhere;
  }
  :where(.esbFacets__collection) {
    margin: 0 0 1.25rem;
  }
  :where(.esbFacets__facetHeader) {
    font-size: 1.05rem;
    margin: 0 0 0.5rem;
  }
  :where(.esbFacets__collection) :where(ul) {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  :where(.esbFacets__option) {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5rem;
    margin: 0.125rem 0;
  }
  :where(.esbFacets__optionLink) {
    display: inline-flex;
    gap: 0.35rem;
    padding: 0.25rem 0;
    min-height: 24px;
    color: var(--cb-accent, #0b5cad);
    text-decoration: none;
  }
  :where(.esbFacets__optionLink):hover :where(.facetLabel) {
    text-decoration: underline;
  }
  /* "(37)" is one token: the column's overflow-wrap: anywhere must not break it after "(37" */
  :where(.esbFacets__occurence) {
    color: var(--cb-muted, #4a4f57);
    white-space: nowrap;
  }
  /* 600, the blocks' one emphasis weight (buttons, tags, chips); "Remove filter" beside it in the column's size. A
     weight or size used nowhere else made the first click look up another font (issue 29). */
  :where(.esbFacets--selected) :where(.esbFacets__optionLink) {
    font-weight: 600;
    color: var(--cb-text, #1a1a1a);
  }
  /* The check mark is drawn: the character ✓ is missing from most site fonts, and finding a fallback font cost the
     first click about a millisecond of layout (issue 29). Its borders (currentColor) stay visible under forced colours. */
  :where(.esbFacets--selected) :where(.facetLabel)::before {
    content: '';
    display: inline-block;
    width: 0.3em;
    height: 0.6em;
    margin: 0 0.5em 0.15em 0.1em;
    border: solid;
    border-width: 0 0.15em 0.15em 0;
    rotate: 45deg;
  }
  :where(.esbFacets__actions) {
    margin: 0 0 1rem;
  }
  :where(.esbChips) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    margin: 0.5rem 0;
    padding: 0;
  }
  :where(.esbChips) :where(button.item) {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    padding: 0.2rem 0.6rem;
    border: 1px solid var(--cb-tag-text, #13325b);
    border-radius: 999px;
    background: var(--cb-tag-bg, #e6edf5);
    color: var(--cb-tag-text, #13325b);
  }
  :where(.esbChips) :where(.group) {
    font-weight: 600;
  }
  :where(.esbActiveFilters) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
`;
