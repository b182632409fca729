/** Styles of `<dataservice-view>` beyond the shared landing-page styles (dataset-view.styles.ts). */
import { css } from 'lit';

export const dataserviceViewStyles = css`
  :where(.esbServedList) {
    margin: 0;
    padding-left: 1.25rem;
  }
  :where(.esbServedList li) {
    margin: 0.25rem 0;
  }
  :where(.esbUnsafeUrl) {
    overflow-wrap: anywhere;
  }
`;
