/**
 * Styles of `<dataset-view>` (and of the dataset body inside `<dataservice-view>`): low specificity, themeable with
 * the custom properties listed in base.styles.ts plus --cb-row-bg, --cb-row-hover.
 */
import { css } from 'lit';

export const datasetViewStyles = css`
  :where(.esbLanding .esbTitle) {
    margin: 0 0 0.25rem;
    overflow-wrap: anywhere;
  }
  :where(.esbLanding .esbHeader) {
    margin-bottom: 1rem;
  }
  :where(.esbLanding .esbPublisher) {
    display: block;
    color: var(--cb-muted, #4a4f57);
  }
  :where(.esbLanding section) {
    margin-top: 1.5rem;
  }
  :where(.esbDistributions .entryList) {
    list-style: none;
    margin: 0;
    padding: 0;
    border-top: 1px solid var(--cb-border, #c4c9d0);
  }
  :where(.esbDistributions .esbRow) {
    border-bottom: 1px solid var(--cb-border, #c4c9d0);
    background: var(--cb-row-bg, transparent);
  }
  :where(.esbDistributions .esbRowHead) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    padding: 0.75rem 0.5rem;
  }
  :where(.esbDistributions .esbRowClickExpand > .esbRowHead) {
    cursor: pointer;
  }
  :where(.esbDistributions .esbRowClickExpand > .esbRowHead):hover {
    background: var(--cb-row-hover, #f1f4f8);
  }
  :where(.esbDistributions .esbRowMain) {
    flex: 1 1 16rem;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    min-width: 0;
  }
  :where(.esbDistributions .esbRowTitle) {
    overflow-wrap: anywhere;
  }
  :where(.esbDistributions .esbRowActions) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
  }
  :where(.esbDistributions .esbRowExpand) {
    padding: 0 0.5rem 1rem;
  }
  :where(.esbDistributions .esbFileList) {
    margin: 0 0 1rem;
    padding-left: 1.25rem;
  }
  :where(.esbDistributions .esbFileSize) {
    color: var(--cb-muted, #4a4f57);
  }
  :where(.esbDistributions .esbAccessService) {
    margin-top: 1rem;
    padding: 0.75rem 1rem;
    border-left: 4px solid var(--cb-accent, #0b5cad);
    background: var(--cb-surface, #f7f8fa);
  }
  :where(.esbDistributions .esbAccessServiceTitle) {
    margin: 0 0 0.5rem;
  }
  /* The rich parts while their chunk loads (landing/rich-pending.ts), each about as high as the part. */
  :where(.esbRichPending) {
    display: block;
    color: var(--cb-muted, #4a4f57);
    font-size: 0.875em;
  }
  :where(.esbIndicatorsPending) {
    min-height: 1.625rem;
    margin: 0.5rem 0;
  }
  :where(.esbTabsPending, .esbVisualizationsPending) {
    padding-bottom: 12.5rem;
  }
  :where(.esbTabsPending, .esbVisualizationsPending)::after {
    content: '';
    display: block;
    max-width: 48rem;
    aspect-ratio: 2 / 1;
  }
  :where(.esbVisualizationsPending, .esbMapsPending) {
    margin-top: 1.5rem;
  }
  :where(.esbMapsPending) {
    min-height: 22rem;
  }
  :where(.esbExtrasPending) {
    min-height: 20rem;
  }
  :where(.esbPreviewPending) {
    height: 1.125rem;
    overflow: hidden;
    padding: 0 0.5rem;
    line-height: 1.125rem;
  }
  :where(.esbCoverageMapPending) {
    min-height: var(--cb-coverage-map-height, 220px);
  }
`;
