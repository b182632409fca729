/**
 * `<dataset-results>` (supportive block `datasetResults`, extends `results`), its base tag `<catalog-results>` and
 * the legacy tag `<esb-datasetresults>`. Importing this module registers all three (guarded).
 */
import { ResultsBlock } from './results.ts';
import { searchListStyles } from '../dataset-list/search-list.styles.ts';

/**
 * The result count of a search in a polite live region: "Showing all N datasets", "N datasets match your search"
 * or "No datasets match your search." (singular forms for one; digit grouping of the UI language). It shows the
 * SearchScope named by `scope` (default "default"), the same one a `<dataset-list>` with that name shows.
 *
 * @summary Result count of a dataset search (live region).
 * @tag dataset-results
 *
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @event catalog-block-state - `detail.state` is `ready`, `unreachable` or `malformed` after each search.
 *
 * @cssprop [--cb-muted=#4a4f57] - Colour of the count text.
 */
export class DatasetResults extends ResultsBlock {
  static override blockStyles = [searchListStyles];
}

/**
 * The `results` base block: the same count text as `<dataset-results>`.
 * @summary Base result count of a search scope.
 * @tag catalog-results
 */
export class CatalogResults extends ResultsBlock {
  static override blockStyles = [searchListStyles];
}

/**
 * Legacy EntryScape Blocks tag name of `<dataset-results>`; same attributes and behaviour.
 * @summary `<dataset-results>` under its EntryScape Blocks tag name.
 * @tag esb-datasetresults
 */
export class EsbDatasetResults extends ResultsBlock {
  static override blockStyles = [searchListStyles];
}

if (!customElements.get('catalog-results')) customElements.define('catalog-results', CatalogResults);
if (!customElements.get('dataset-results')) customElements.define('dataset-results', DatasetResults);
if (!customElements.get('esb-datasetresults')) customElements.define('esb-datasetresults', EsbDatasetResults);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-results': CatalogResults;
    'dataset-results': DatasetResults;
    'esb-datasetresults': EsbDatasetResults;
  }
}
