/**
 * `<catalog-visualization>` and `<catalog-visualization-tabs>`: importing this module registers both (guarded, so
 * loading it twice does not throw). A lazy chunk: landing pages and expanded rows import it dynamically when
 * `includeVisualizations` / `includeTabbedVisualizations` is on and the dataset has visualizations (find them with
 * `diagramUris` + `visualizationsOf` of src/rich/visualization.ts). The chart code (./charts.ts), the data preview
 * and the map chunk load only when a visualization of their kind is shown.
 */
import { VisualizationBlock } from './visualization.element.ts';
import { VisualizationTabsBlock } from './visualization-tabs.element.ts';

export { VisualizationBlock, VisualizationTabsBlock };
export type { VisualizationState } from './visualization.element.ts';

if (!customElements.get('catalog-visualization')) customElements.define('catalog-visualization', VisualizationBlock);
if (!customElements.get('catalog-visualization-tabs')) customElements.define('catalog-visualization-tabs', VisualizationTabsBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-visualization': VisualizationBlock;
    'catalog-visualization-tabs': VisualizationTabsBlock;
  }
}
