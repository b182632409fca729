/** Styles of `<dataset-exports>`: a wrapping row of buttons after the label. Low specificity, themeable. */
import { css } from 'lit';

export const datasetExportsStyles = css`
  :where(.esbExportButtons) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  :where(.esbExportButton) {
    font: inherit;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--cb-accent, #0b5cad);
    border-radius: var(--cb-radius, 4px);
    background: transparent;
    color: var(--cb-accent, #0b5cad);
    cursor: pointer;
  }
  :where(.esbExportButton):disabled {
    border-color: var(--cb-border, #c4c9d0);
    color: var(--cb-muted, #4a4f57);
    cursor: not-allowed;
  }
  :where(.esbExportButton):focus-visible {
    outline: 2px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbExportStatus) {
    margin: 0.5rem 0 0;
    min-height: 1.5em;
    color: var(--cb-muted, #4a4f57);
  }
`;
