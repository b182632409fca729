/**
 * Styles of the result list, its rows, the pagination and the result count: low specificity (`:where`), themeable
 * with the custom properties of base.styles.ts plus --cb-description-lines.
 */
import { css } from 'lit';

export const searchListStyles = css`
  :where(dataset-list, catalog-search-list, esb-datasetlist, dataset-results, catalog-results, esb-datasetresults,
      dataset-list-layout, esb-datasetlistlayout) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
    /* Metadata is untrusted: a 100 KB token or an 80-character URL must wrap, never widen the page (inherited). */
    overflow-wrap: anywhere;
  }
  :where(.esbSearchList) :where(.esbListBody):focus {
    outline: none;
  }
  :where(.esbSearchList) :where(.esbListBody):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbSearchList) :where(.entryList) {
    list-style: none;
    margin: 0;
    padding: 0;
    border-top: 1px solid var(--cb-border, #c4c9d0);
  }
  :where(.esbSearchList) :where(.entryList > .esbRow) {
    border-bottom: 1px solid var(--cb-border, #c4c9d0);
  }
  :where(.esbSearchList) :where(.entryList > .esbRow > .esbRowHead) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: flex-start;
    padding: 0.75rem 0.5rem;
  }
  /* A narrow row (a phone) puts the expand button below the text instead of squeezing the title beside it. */
  :where(.esbSearchList) :where(.entryList > .esbRow > .esbRowHead > .esbRowMain) {
    flex: 1 1 20rem;
    min-width: 0;
  }
  :where(.esbSearchList) :where(.esbRowTitle) {
    margin: 0 0 0.25rem;
    font-size: 1.2rem;
  }
  :where(.esbSearchList) :where(.esbRowPublisher) {
    display: block;
    color: var(--cb-muted, #4a4f57);
  }
  :where(.esbSearchList) :where(.esbRowDescription) {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--cb-description-lines, 3);
    line-clamp: var(--cb-description-lines, 3);
    overflow: hidden;
    margin: 0.25rem 0;
  }
  :where(.esbSearchList) :where(.esbRowDescription p) {
    margin: 0;
    display: inline;
  }
  :where(.esbSearchList) :where(.esbKindBadge, .formatLabel) {
    display: inline-block;
    margin-right: 0.25rem;
    padding: 0 0.4rem;
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-tag-bg, #e6edf5);
    color: var(--cb-tag-text, #13325b);
    font-size: 0.85em;
  }
  :where(.esbSearchList) :where(.esbRowExpandButton) {
    white-space: nowrap;
  }
  :where(.esbSearchList) :where(.entryList > .esbRow > .esbRowExpand) {
    padding: 0 0.5rem 1rem;
  }
  :where(.entryPagination) :where(.pagination) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
    list-style: none;
    margin: 1rem 0 0;
    padding: 0;
  }
  :where(.entryPagination) :where(.page-link) {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 2.25rem;
    min-height: 2.25rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-surface, #ffffff);
    color: var(--cb-accent, #0b5cad);
    text-decoration: none;
  }
  :where(.entryPagination) :where(.page-link[aria-disabled='true'], .page-link:disabled) {
    color: var(--cb-muted, #4a4f57);
    opacity: 0.6;
    cursor: default;
  }
  :where(.entryPagination) :where(.esbPageRange) {
    padding: 0 0.75rem;
  }
  :where(.esbResults) {
    margin: 0.5rem 0;
    color: var(--cb-muted, #4a4f57);
  }
`;
