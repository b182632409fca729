/**
 * `<dataset-simple-search-layout>` (and the legacy tag `<esb-datasetsimplesearchlayout>`): importing this module registers both. It renders supportive
 * blocks, so import (or bundle) those too; `entry/index.ts` registers everything. Registration is guarded.
 */
import '../dataset-search/dataset-search.ts';
import '../dataset-results/dataset-results.ts';
import '../dataset-list/dataset-list.ts';
import { DatasetSimpleSearchLayout } from './dataset-simple-search-layout.element.ts';

export { DatasetSimpleSearchLayout };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-simple-search-layout>`.
 * @summary `<dataset-simple-search-layout>` under its EntryScape Blocks tag name.
 * @tag esb-datasetsimplesearchlayout
 */
export class EsbDatasetSimpleSearchLayout extends DatasetSimpleSearchLayout {}

if (!customElements.get('dataset-simple-search-layout')) customElements.define('dataset-simple-search-layout', DatasetSimpleSearchLayout);
if (!customElements.get('esb-datasetsimplesearchlayout')) customElements.define('esb-datasetsimplesearchlayout', EsbDatasetSimpleSearchLayout);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-simple-search-layout': DatasetSimpleSearchLayout;
    'esb-datasetsimplesearchlayout': EsbDatasetSimpleSearchLayout;
  }
}
