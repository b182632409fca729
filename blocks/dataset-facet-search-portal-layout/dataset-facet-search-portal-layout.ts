/**
 * `<dataset-facet-search-portal-layout>` (and the legacy tag `<esb-datasetfacetsearchportallayout>`): importing this module registers both. It renders supportive
 * blocks, so import (or bundle) those too; `entry/index.ts` registers everything. Registration is guarded.
 */
import '../facet-search-responsiveness/facet-search-responsiveness.ts';
import '../dataset-facets/dataset-facets.element.ts';
import '../dataset-multi-search/dataset-multi-search.ts';
import '../dataset-results/dataset-results.ts';
import '../dataset-list/dataset-list.ts';
import { DatasetFacetSearchPortalLayout } from './dataset-facet-search-portal-layout.element.ts';

export { DatasetFacetSearchPortalLayout };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-facet-search-portal-layout>`.
 * @summary `<dataset-facet-search-portal-layout>` under its EntryScape Blocks tag name.
 * @tag esb-datasetfacetsearchportallayout
 */
export class EsbDatasetFacetSearchPortalLayout extends DatasetFacetSearchPortalLayout {}

if (!customElements.get('dataset-facet-search-portal-layout')) customElements.define('dataset-facet-search-portal-layout', DatasetFacetSearchPortalLayout);
if (!customElements.get('esb-datasetfacetsearchportallayout')) customElements.define('esb-datasetfacetsearchportallayout', EsbDatasetFacetSearchPortalLayout);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-facet-search-portal-layout': DatasetFacetSearchPortalLayout;
    'esb-datasetfacetsearchportallayout': EsbDatasetFacetSearchPortalLayout;
  }
}
