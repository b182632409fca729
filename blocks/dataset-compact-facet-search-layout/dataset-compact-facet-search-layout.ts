/**
 * `<dataset-compact-facet-search-layout>` (and the legacy tag `<esb-datasetcompactfacetsearchlayout>`): importing this module registers both. It renders supportive
 * blocks, so import (or bundle) those too; `entry/index.ts` registers everything. Registration is guarded.
 */
import '../facet-search-responsiveness/facet-search-responsiveness.ts';
import '../dataset-facets/dataset-facets.element.ts';
import '../dataset-multi-search/dataset-multi-search.ts';
import '../dataset-results/dataset-results.ts';
import '../dataset-list/dataset-list.ts';
import { DatasetCompactFacetSearchLayout } from './dataset-compact-facet-search-layout.element.ts';

export { DatasetCompactFacetSearchLayout };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-compact-facet-search-layout>`.
 * @summary `<dataset-compact-facet-search-layout>` under its EntryScape Blocks tag name.
 * @tag esb-datasetcompactfacetsearchlayout
 */
export class EsbDatasetCompactFacetSearchLayout extends DatasetCompactFacetSearchLayout {}

if (!customElements.get('dataset-compact-facet-search-layout')) customElements.define('dataset-compact-facet-search-layout', DatasetCompactFacetSearchLayout);
if (!customElements.get('esb-datasetcompactfacetsearchlayout')) customElements.define('esb-datasetcompactfacetsearchlayout', EsbDatasetCompactFacetSearchLayout);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-compact-facet-search-layout': DatasetCompactFacetSearchLayout;
    'esb-datasetcompactfacetsearchlayout': EsbDatasetCompactFacetSearchLayout;
  }
}
