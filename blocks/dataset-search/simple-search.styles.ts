/** Styles of the search input (low specificity; theme through the --cb-* custom properties). */
import { css } from 'lit';

export const simpleSearchStyles = css`
  :where(catalog-simple-search, dataset-search, esb-datasetsearch, catalog-multi-search, dataset-multi-search,
    esb-datasetmultisearch) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    /* Metadata is untrusted: a 100 KB token or an 80-character URL must wrap, never widen the page (inherited). */
    overflow-wrap: anywhere;
  }
  :where(.block_searchInput, .esbMultiSearch) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.5rem;
  }
  :where(.esbSearchLabel) {
    font-weight: 600;
    flex-basis: 100%;
  }
  :where(.esbSearchInput) {
    flex: 1 1 16rem;
    min-width: 0;
    padding: 0.5rem 0.75rem;
    font: inherit;
    border: 1px solid var(--cb-border-strong, #6b7280);
    border-radius: var(--cb-radius, 4px);
  }
  :where(.esbSearchInput):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 1px;
  }
  :where(.esbSearchInput[aria-invalid='true']) {
    border-color: var(--cb-error, #b00020);
    border-width: 2px;
  }
  :where(.esbSearchError, .esbSearchHint) {
    flex-basis: 100%;
  }
  :where(.esbSearchError) {
    color: var(--cb-error, #b00020);
    font-weight: 600;
  }
  :where(.esbSearchHint) {
    color: var(--cb-muted, #4a4f57);
  }
`;

/**
 * The multi search's combobox. Its suggestion popup is styled by the suggestions chunk
 * (blocks/dataset-multi-search/suggestions.styles.ts), adopted when it renders the first options.
 */
export const comboboxStyles = css`
  :where(.esbCombobox) {
    position: relative;
    flex: 1 1 16rem;
    display: flex;
  }
`;
