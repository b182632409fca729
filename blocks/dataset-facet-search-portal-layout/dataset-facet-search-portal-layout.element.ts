import type { PropertyDeclarations } from 'lit';
import { SearchLayout } from '../search-base/layout.ts';

/**
 * datasetFacetSearchPortalLayout (FP): the facet layout tuned for a portal over harvested data — registry mode
 * implied (file names from the distributions' own graphs), rows show format badges and indicators
 * (include-indicators); no sorting, no data services, no Type facet (not accepted).
 *
 * @summary Faceted search for a portal over harvested (registry) data.
 * @tag dataset-facet-search-portal-layout
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
 * @attr {string} break - Width (CSS length; bare number = px) at or below which the layout becomes one column with an expandable filter (default 1024px).
 * @attr {boolean} hvd-filter - The facets include "HVD category".
 * @attr {boolean} include-indicators - Indicator badges in the result rows (inherit).
 */
export class DatasetFacetSearchPortalLayout extends SearchLayout {
  static override blockName = 'datasetFacetSearchPortalLayout' as const;
  static override properties: PropertyDeclarations = SearchLayout.layoutProperties('datasetFacetSearchPortalLayout');

  override render() {
    return this.renderFacetLayout('portal');
  }
}
