import type { PropertyDeclarations } from 'lit';
import { SearchLayout } from '../search-base/layout.ts';

/**
 * datasetFacetSearchLayout (FS): two columns — an aside (≈ 1/4) with a "Filter" heading `h{hl}` and the facets
 * (group headings `h{hl+1}`; HVD with hvd-filter, Type with type-filter), and the main column with the typeahead
 * search, "Clear all filters" while a filter is active, the optional sort select, the result count and the list.
 * At or below `break` it becomes one column with a "Filters (n)" toggle (`<facet-search-responsiveness>`).
 *
 * @summary Faceted search: filters beside the results.
 * @tag dataset-facet-search-layout
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
 * @attr {boolean} type-filter - The facets include "Type" (dataset, dataset series, data service), and all three are searched.
 * @attr {boolean} legend - Legends in WMS maps on or off (inherit).
 */
export class DatasetFacetSearchLayout extends SearchLayout {
  static override blockName = 'datasetFacetSearchLayout' as const;
  static override properties: PropertyDeclarations = SearchLayout.layoutProperties('datasetFacetSearchLayout');

  override render() {
    return this.renderFacetLayout('facet');
  }
}
