/**
 * Block names whose meaning changed between the incumbent's versions (issue 26 point 6). In the 0.x open-data
 * extension `datasetSearch` was the RESULT LIST (it extended `datasetList` with `facets: true`; the search box was the
 * base `simpleSearch` / `multiSearch`); from 1.x on it is the search box. The extension script carried that
 * definition, so after the swap a 0.x page still says `datasetSearch` but no longer defines it. Such a node is the
 * list when
 *   1. it carries a parameter only a list takes (`rowhead`, `limit`, `facets`, …: LIST_ONLY), or
 *   2. nothing else on the page shows results (no `datasetList`, `searchList`, list or search layout, in legacy markup
 *      or as our elements) and it has no `click` / `namedclick` (a 1.x front-page search box that goes to the search
 *      page has one).
 * A page whose `blocks` define `datasetSearch` gets what the definition says (src/config/block-overrides.ts), never this.
 */
import { blockDefaults } from '../config/block-overrides.ts';
import type { GlobalConfig } from '../config/params.ts';
import type { LegacyCall } from './parse.ts';

/** Parameters of a result list that a search box does not take. */
const LIST_ONLY = ['facets', 'headless', 'rowhead', 'rowexpand', 'listhead', 'listbody', 'listplaceholder', 'listempty', 'limit',
  'clickExpand', 'dependencyproperties', 'rdftype', 'sortOrder'];

/** Incumbent names of the blocks that show a result list. */
const RESULT_LISTS = new Set(['datasetList', 'searchList', 'datasetListLayout', 'datasetStandaloneListLayout', 'datasetSimpleSearchLayout',
  'datasetMultiSearchLayout', 'datasetFacetSearchLayout', 'datasetCompactFacetSearchLayout', 'datasetFacetSearchPortalLayout']);

/** Our elements that show a result list (a page may mix legacy nodes and our tags, or have mounted lists before). */
export const RESULT_LIST_TAGS = 'dataset-list,esb-datasetlist,catalog-search-list,dataset-list-layout,esb-datasetlistlayout,'
  + 'dataset-simple-search-layout,dataset-multi-search-layout,dataset-facet-search-layout,dataset-compact-facet-search-layout,'
  + 'dataset-facet-search-portal-layout,esb-datasetsimplesearchlayout,esb-datasetmultisearchlayout,esb-datasetfacetsearchlayout,'
  + 'esb-datasetcompactfacetsearchlayout,esb-datasetfacetsearchportallayout';

const baseOf = (page: GlobalConfig, name: string): string | undefined => blockDefaults(page, name)?.base;

/**
 * Renames to `datasetList` the `datasetSearch` calls (of one mount) that are the 0.x result list (rules above);
 * `listShown`: the page already shows a result list outside these calls.
 */
export function applyOlderMeanings(calls: LegacyCall[], page: GlobalConfig, listShown: boolean): void {
  const defined = Array.isArray(page.blocks) && page.blocks.some((d: { block?: unknown } | null) => d?.block === 'datasetSearch');
  const searches = defined ? [] : calls.filter((c) => c.block === 'datasetSearch');
  if (searches.length === 0) return;
  const listed = listShown || calls.some((c) => RESULT_LISTS.has(baseOf(page, c.block) ?? ''));
  for (const call of searches) {
    const keys = Object.keys(call.params);
    const listOnly = keys.some((k) => LIST_ONLY.includes(k));
    const goesElsewhere = keys.includes('click') || keys.includes('namedclick');
    if (listOnly || (!listed && !goesElsewhere)) call.block = 'datasetList';
  }
}
