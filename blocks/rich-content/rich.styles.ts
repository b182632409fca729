/**
 * The room of the rich parts' elements until they have drawn (issue 27 point 1): an element whose chunk is still
 * loading or that renders nothing yet (its strings loading: only Lit's comment markers, so `:empty`), and a chart
 * before its data, keep about the height of the part (as the placeholders do, dataset-view.styles.ts), so the page
 * below does not jump when it draws. Adopted by the rich chunk (slots.ts) when it places the parts.
 */
import { css } from 'lit';

export const richPlaceStyles = css`
  :where(.esbLanding) :where(catalog-visualization-tabs, catalog-visualization, catalog-wms-map, catalog-dataset-extras):where(:not(:defined), :empty) {
    display: block;
    min-height: 8rem;
  }
  :where(.esbLanding) :where(catalog-visualization-tabs:where(:not(:defined), :empty), .esbViz[aria-busy='true'])::after {
    content: '';
    display: block;
    max-width: 48rem;
    aspect-ratio: 2 / 1;
  }
  :where(.esbLanding) :where(catalog-visualization-tabs:where(:not(:defined), :empty)) {
    padding-bottom: 12.5rem;
  }
  :where(.esbLanding) :where(catalog-wms-map:not(:defined)) {
    min-height: 300px;
  }
  :where(.esbLanding) :where(catalog-spatial-map:not(:defined)) {
    display: block;
    min-height: var(--cb-coverage-map-height, 220px);
  }
  :where(.esbLanding) :where(.esbVizFigure:has(> .esbVizStatus:not(:empty):not(.esbError)) > .esbVizStatus) {
    max-width: 48rem;
    aspect-ratio: 2 / 1;
  }
`;
