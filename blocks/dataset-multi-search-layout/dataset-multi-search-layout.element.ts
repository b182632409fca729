import { html, type PropertyDeclarations } from 'lit';
import { SearchLayout, listPart, multiSearchPart, resultsPart } from '../search-base/layout.ts';

/**
 * datasetMultiSearchLayout (MS): a typeahead search with chips for terms and facet values, the optional sort select,
 * the result count and the result list (`<dataset-multi-search>` → `<catalog-sort-select>` → `<dataset-results>` →
 * `<dataset-list>`), all in one search scope. The list inherits the same parameters as in the simple layout plus legend.
 *
 * @summary Typeahead search (terms and facet values as chips) with a list of results.
 * @tag dataset-multi-search-layout
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
 * @attr {boolean} legend - Legends in WMS maps on or off (inherit).
 */
export class DatasetMultiSearchLayout extends SearchLayout {
  static override blockName = 'datasetMultiSearchLayout' as const;
  static override properties: PropertyDeclarations = SearchLayout.layoutProperties('datasetMultiSearchLayout');

  override render() {
    const s = this.shared;
    return html`<div class="esbSearchLayout esbMultiSearchLayout">
      ${multiSearchPart(s)} ${this.renderSort()} ${resultsPart(s)} ${listPart(s, { services: true, legend: true })}
    </div>`;
  }
}
