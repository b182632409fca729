/** Styles of `<dataset-exports>`: a wrapping row of buttons after the label. Low specificity, themeable. */
import { css } from 'lit';

export const datasetExportsStyles = css`
  :where(.esbExportButtons) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  :where(.esbExportStatus) {
    margin: 0.5rem 0 0;
    min-height: 1.5em;
    color: var(--cb-muted, #4a4f57);
  }
`;
