import type { PropertyDeclarations } from 'lit';
import { SearchLayout } from '../search-base/layout.ts';

/**
 * datasetCompactFacetSearchLayout: the facet layout in a compact form — every facet group is a collapsed disclosure
 * (`<details><summary>` with the group label and the number of selected values), at most 5 values before
 * "Show more", and result rows without the description. Same parameters as `<dataset-facet-search-layout>`.
 *
 * @summary Compact faceted search: collapsible filter groups, short rows.
 * @tag dataset-compact-facet-search-layout
 * @attr {string} scope - Name of the search scope shared with sibling blocks (default "default"). Two searches on one page need distinct names; a scope other than "default" prefixes its URL keys (`esc_<scope>_term`, …).
 * @attr {number} hl - Heading level of the result row titles (default 2); headings inside rows use `hl+1`.
 * @attr {boolean} page-in-url - Keep the page number in the query string (`esc_page`) with real pagination links.
 * @attr {string} sort-order - Initial order, e.g. `title` or `modified desc` (default `modified desc`); `esc_sort` in the URL wins.
 * @attr {boolean} include-data-preview - Forwarded to the list (inherit).
 * @attr {boolean} include-auto-visualizations - Forwarded to the list (inherit).
 * @attr {string} context - Only entries of this context (id) of the store are searched.
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} strict-standard-html - Overrides the page setting `strictStandardHtml` for this block and its parts.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 * @attr {boolean} include-sorting - Show the "Sort by" select (Last modified / Title A–Z).
 * @attr {boolean} include-services - Data services are listed too.
 * @attr {boolean} include-extras - Forwarded to the list (inherit): showcases and ideas in expanded rows.
 * @attr {boolean} include-visualizations - Forwarded to the list (inherit).
 * @attr {boolean} include-tabbed-visualizations - Forwarded to the list (inherit).
 * @attr {string} break - Width (CSS length; bare number = px) at or below which the layout becomes one column with an expandable filter (default 1024px).
 * @attr {boolean} hvd-filter - The facets include "HVD category".
 * @attr {boolean} type-filter - The facets include "Type" (dataset, dataset series, data service).
 * @attr {boolean} legend - Legends in WMS maps on or off (inherit).
 */
export class DatasetCompactFacetSearchLayout extends SearchLayout {
  static override blockName = 'datasetCompactFacetSearchLayout' as const;
  static override properties: PropertyDeclarations = SearchLayout.layoutProperties('datasetCompactFacetSearchLayout');

  override render() {
    return this.renderFacetLayout('compact');
  }
}
