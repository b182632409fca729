/**
 * Styles of the multi search's suggestion popup (low specificity; theme through the --cb-* custom properties). Part
 * of the suggestions chunk (suggestions.ts adopts them with the first options it renders): a search page that
 * nobody types into never downloads them; until then the popup is `hidden` (issue 27 point 2).
 */
import { css } from 'lit';

export const suggestionStyles = css`
  :where(.esbSuggestions) {
    position: absolute;
    z-index: 10;
    top: 100%;
    left: 0;
    right: 0;
    max-height: 22rem;
    overflow-y: auto;
    margin: 0.125rem 0 0;
    padding: 0.25rem 0;
    background: var(--cb-surface-raised, #ffffff);
    border: 1px solid var(--cb-border-strong, #6b7280);
    border-radius: var(--cb-radius, 4px);
    box-shadow: 0 4px 12px rgb(0 0 0 / 15%);
  }
  :where(.esbOptionGroupLabel) {
    padding: 0.25rem 0.75rem;
    font-size: 0.875em;
    font-weight: 700;
    color: var(--cb-muted, #4a4f57);
  }
  :where(.esbOption) {
    padding: 0.375rem 0.75rem;
    cursor: pointer;
  }
  :where(.esbOption--active) {
    background: var(--cb-accent, #0b5cad);
    color: var(--cb-accent-contrast, #ffffff);
    outline: 2px solid var(--cb-focus, #0b5cad);
  }
  :where(.esbOption--term) {
    font-style: italic;
  }
`;
