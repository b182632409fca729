/**
 * `<dataset-multi-search-layout>` (and the legacy tag `<esb-datasetmultisearchlayout>`): importing this module registers both. It renders supportive
 * blocks, so import (or bundle) those too; `entry/index.ts` registers everything. Registration is guarded.
 */
import '../dataset-multi-search/dataset-multi-search.ts';
import '../dataset-results/dataset-results.ts';
import '../dataset-list/dataset-list.ts';
import { DatasetMultiSearchLayout } from './dataset-multi-search-layout.element.ts';

export { DatasetMultiSearchLayout };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-multi-search-layout>`.
 * @summary `<dataset-multi-search-layout>` under its EntryScape Blocks tag name.
 * @tag esb-datasetmultisearchlayout
 */
export class EsbDatasetMultiSearchLayout extends DatasetMultiSearchLayout {}

if (!customElements.get('dataset-multi-search-layout')) customElements.define('dataset-multi-search-layout', DatasetMultiSearchLayout);
if (!customElements.get('esb-datasetmultisearchlayout')) customElements.define('esb-datasetmultisearchlayout', EsbDatasetMultiSearchLayout);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-multi-search-layout': DatasetMultiSearchLayout;
    'esb-datasetmultisearchlayout': EsbDatasetMultiSearchLayout;
  }
}
