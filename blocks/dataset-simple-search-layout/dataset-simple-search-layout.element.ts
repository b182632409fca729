import { html, type PropertyDeclarations } from 'lit';
import { SearchLayout, listPart, resultsPart, searchPart } from '../search-base/layout.ts';

/**
 * datasetSimpleSearchLayout (SS): a search field, the optional sort select, the result count and the result list
 * (`<dataset-search>` → `<catalog-sort-select>` → `<dataset-results>` → `<dataset-list>`), all in one search scope.
 * The list inherits hl, pageInUrl, includeExtras, includeVisualizations, includeTabbedVisualizations,
 * includeAutoVisualizations, includeDataPreview, sortOrder and includeServices from this block.
 *
 * @summary Free-text search over the catalog with a list of results.
 * @tag dataset-simple-search-layout
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
 */
export class DatasetSimpleSearchLayout extends SearchLayout {
  static override blockName = 'datasetSimpleSearchLayout' as const;
  static override properties: PropertyDeclarations = SearchLayout.layoutProperties('datasetSimpleSearchLayout');

  override render() {
    const s = this.shared;
    return html`<div class="esbSearchLayout esbSimpleSearchLayout">
      ${searchPart(s)} ${this.renderSort()} ${resultsPart(s)} ${listPart(s, { services: true })}
    </div>`;
  }
}
