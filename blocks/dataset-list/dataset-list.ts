/**
 * `<dataset-list>` (supportive block `datasetList`, extends `searchList`), its base tag `<catalog-search-list>` and
 * the legacy tag `<esb-datasetlist>`. Importing this module registers all three (guarded: importing twice is fine).
 */
import { SearchListBlock } from './search-list.ts';
import { searchListStyles } from './search-list.styles.ts';

/**
 * The result list of a search: one row per dataset (title linking to its landing page, publisher, description,
 * format badges, an expand button that shows themes, distributions and further information), pagination, and the
 * loading, empty and error states. It shows the SearchScope named by `scope` (default "default"), shared with the
 * search field, facets and result count of the same name on the page; it sets that scope's types (datasets; plus
 * data services with `include-services`; datasets, series and services with `type-filter`), page size (10), sort
 * order and language. Inside a layout its parameters are usually given as `inherit`.
 *
 * @summary Result list of a dataset search, with expandable rows and pagination.
 * @tag dataset-list
 *
 * @attr {string} scope - Name of the search scope (default "default"); blocks with the same name share one search.
 * @attr {string} context - Only entries of this context id, or of any of several (`1,2` or a JSON array); else the page's global `context`.
 * @attr {number} limit - Rows per page (else the page's `limit`, then the first of `limitOptions`, then 10; at most 100).
 * @attr {string} limit-options - Page sizes as a JSON array or comma list; the first is the page size when `limit` is unset.
 * @attr {string} sort-options - JSON `[{label, value}]` store sorts; the first is the default sort (also read by the sort select).
 * @attr {string} base-filter - JSON `{collection: value(s)}` facet values always applied and never written to the URL.
 * @attr {number} facet-limit - Facet values asked per field.
 * @attr {string} namedclick - Name of a page-config `clicks` route the row titles link through (instead of `dataset`).
 * @attr {string} click - Landing page the row titles link to (a path or URL; `${entry}`, `${context}`, `${uri}` are filled in).
 * @attr {number} hl - Heading level of each row title (default 2); headings inside an expanded row use `hl+1`, `hl+2`.
 * @attr {boolean} page-in-url - The page number is kept in the query string (`esc_page`); pagination controls are real links.
 * @attr {string} sort-order - Initial sort: `title`, or a store sort expression such as `modified desc` (default `modified desc`).
 * @attr {boolean} include-services - Data services are listed too.
 * @attr {boolean} type-filter - Datasets, dataset series and data services are listed.
 * @attr {boolean} click-expand - Clicking a distribution row head inside an expanded row expands it (default true).
 * @attr {boolean} registry - Harvested (registry) data: file names from the distribution's own graph.
 * @attr {boolean} include-extras - Showcases and ideas that name the dataset as their source (`dcterms:source`), after "Further information" in the expanded rows (default false).
 * @attr {boolean} include-visualizations - A "Visualizations" section last: each `schema:diagram` visualization as a chart, table or map with "Show as table" in the expanded rows (default false).
 * @attr {boolean} include-tabbed-visualizations - The same visualizations as tabs (WAI-ARIA) before the distributions, each panel drawn on first selection in the expanded rows (default false).
 * @attr {boolean} include-auto-visualizations - A "Map" section after the distributions: one WMS map per service detected among the distributions; spatial coverage boxes drawn as small maps in the expanded rows (default false).
 * @attr {boolean} include-data-preview - A "Preview data" button on each CSV (or JSON table) distribution: a paged, sortable, filterable table of the file in the expanded rows (default false).
 * @attr {boolean} include-indicators - Indicator badges inside each result row (default false).
 * @attr {boolean} legend - `false` hides the legend of WMS maps (auto maps and `wms` visualizations); default shown (the catalog tool's setting applies when unset).
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} strict-standard-html - Overrides the page setting `strictStandardHtml` for this block.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @event catalog-block-state - `detail.state` is `ready`, `unreachable` or `malformed` after each search.
 *
 * @cssprop [--cb-text=#1a1a1a] - Text colour.
 * @cssprop [--cb-muted=#4a4f57] - Publisher and secondary text.
 * @cssprop [--cb-accent=#0b5cad] - Links, focus ring, spinner, buttons.
 * @cssprop [--cb-border=#c4c9d0] - Row separators and control borders.
 * @cssprop [--cb-tag-bg=#e6edf5] - Format and kind badge background.
 * @cssprop [--cb-tag-text=#13325b] - Format and kind badge text.
 * @cssprop [--cb-description-lines=3] - Lines of description shown in a collapsed row.
 * @cssprop [--cb-radius=4px] - Corner radius.
 */
export class DatasetList extends SearchListBlock {
  static override blockStyles = [searchListStyles];
  static override incumbentName = 'datasetList';
}

/**
 * The `searchList` base block: the same list as `<dataset-list>` with the base defaults.
 * @summary Base result list of a search scope.
 * @tag catalog-search-list
 */
export class CatalogSearchList extends SearchListBlock {
  static override blockStyles = [searchListStyles];
}

/**
 * Legacy EntryScape Blocks tag name of `<dataset-list>`; same attributes and behaviour.
 * @summary `<dataset-list>` under its EntryScape Blocks tag name.
 * @tag esb-datasetlist
 */
export class EsbDatasetList extends SearchListBlock {
  static override blockStyles = [searchListStyles];
  static override incumbentName = 'datasetList';
}

if (!customElements.get('catalog-search-list')) customElements.define('catalog-search-list', CatalogSearchList);
if (!customElements.get('dataset-list')) customElements.define('dataset-list', DatasetList);
if (!customElements.get('esb-datasetlist')) customElements.define('esb-datasetlist', EsbDatasetList);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-search-list': CatalogSearchList;
    'dataset-list': DatasetList;
    'esb-datasetlist': EsbDatasetList;
  }
}
