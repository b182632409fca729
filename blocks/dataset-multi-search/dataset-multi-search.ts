/**
 * `<dataset-multi-search>` (supportive block `datasetMultiSearch`, extends `multiSearch`), its base tag
 * `<catalog-multi-search>` and the legacy tag `<esb-datasetmultisearch>`. Importing this module registers all three.
 */
import { MultiSearchBlock } from './multi-search.ts';

/**
 * A search combobox with chips (behaviour doc §4.2): typing suggests, grouped by facet, the values of the current
 * facet results whose label contains the text (at most 20, no request per keystroke) and "Search for "…"" adding the
 * text as a term. ArrowDown/ArrowUp move through the suggestions, Enter selects, Escape closes. Selected terms
 * (`button.item.esbItemTerm`) and facet values (`button.item.esbItemFacet` with `span.group` and `span.itemLabel`)
 * are chips named "Remove …"; activating one removes it and focus moves to the next chip, else the input.
 *
 * @summary Typeahead dataset search with chips for terms and facet values.
 * @tag dataset-multi-search
 *
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {number} minimum-search-length - Shortest free-text term (default 3; also the page's `minimumSearchLength`).
 * @attr {string} include - Suggest values of these collections only (names, comma-separated).
 * @attr {string} exclude - Suggest no values of these collections.
 * @attr {string} placeholder - The input's placeholder text (default "Search datasets" in the UI language).
 * @attr {boolean} open-on-focus - The empty box shows the collections' values as suggestions when it gets focus.
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @cssprop [--cb-tag-bg=#e6edf5] - Chip background.
 * @cssprop [--cb-tag-text=#13325b] - Chip text and border.
 * @cssprop [--cb-accent=#0b5cad] - Active suggestion background.
 * @cssprop [--cb-surface-raised=#ffffff] - Suggestion popup background.
 */
export class DatasetMultiSearch extends MultiSearchBlock {
  static override incumbentName = 'datasetMultiSearch';
}

/**
 * Legacy EntryScape Blocks tag name of `<dataset-multi-search>`; same attributes and behaviour.
 * @summary `<dataset-multi-search>` under its EntryScape Blocks tag name.
 * @tag esb-datasetmultisearch
 */
export class EsbDatasetMultiSearch extends MultiSearchBlock {
  static override incumbentName = 'datasetMultiSearch';
}

if (!customElements.get('dataset-multi-search')) customElements.define('dataset-multi-search', DatasetMultiSearch);
if (!customElements.get('esb-datasetmultisearch')) customElements.define('esb-datasetmultisearch', EsbDatasetMultiSearch);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-multi-search': DatasetMultiSearch;
    'esb-datasetmultisearch': EsbDatasetMultiSearch;
  }
}
