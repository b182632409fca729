/**
 * `<dataset-view>` (and the legacy tag `<esb-datasetview>`): importing this module registers both, plus the
 * `<catalog-store-provider>` element. Registration is guarded, so loading the module twice does not throw.
 */
import { DatasetView } from './dataset-view.element.ts';

export { DatasetView };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-view>`
 * (old lower-case attribute names such as `clickexpand` work too).
 * @summary `<dataset-view>` under its EntryScape Blocks tag name.
 * @tag esb-datasetview
 */
export class EsbDatasetView extends DatasetView {}

if (!customElements.get('dataset-view')) customElements.define('dataset-view', DatasetView);
if (!customElements.get('esb-datasetview')) customElements.define('esb-datasetview', EsbDatasetView);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-view': DatasetView;
    'esb-datasetview': EsbDatasetView;
  }
}
