/**
 * `<dataset-facet-search-layout>` (and the legacy tag `<esb-datasetfacetsearchlayout>`): importing this module registers both. It renders supportive
 * blocks, so import (or bundle) those too; `entry/index.ts` registers everything. Registration is guarded.
 */
import '../facet-search-responsiveness/facet-search-responsiveness.ts';
import '../dataset-facets/dataset-facets.element.ts';
import '../dataset-multi-search/dataset-multi-search.ts';
import '../dataset-results/dataset-results.ts';
import '../dataset-list/dataset-list.ts';
import { DatasetFacetSearchLayout } from './dataset-facet-search-layout.element.ts';

export { DatasetFacetSearchLayout };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-facet-search-layout>`.
 * @summary `<dataset-facet-search-layout>` under its EntryScape Blocks tag name.
 * @tag esb-datasetfacetsearchlayout
 */
export class EsbDatasetFacetSearchLayout extends DatasetFacetSearchLayout {}

if (!customElements.get('dataset-facet-search-layout')) customElements.define('dataset-facet-search-layout', DatasetFacetSearchLayout);
if (!customElements.get('esb-datasetfacetsearchlayout')) customElements.define('esb-datasetfacetsearchlayout', EsbDatasetFacetSearchLayout);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-facet-search-layout': DatasetFacetSearchLayout;
    'esb-datasetfacetsearchlayout': EsbDatasetFacetSearchLayout;
  }
}
