/**
 * `<dataset-search>` (supportive block `datasetSearch`, extends `simpleSearch`), its base tag
 * `<catalog-simple-search>` and the legacy tag `<esb-datasetsearch>`. Importing this module registers all three.
 */
import { SimpleSearchBlock } from './simple-search.ts';

/**
 * One labelled search input for the datasets of a search scope (behaviour doc §2.9, §4.1). The text is trimmed and
 * lower-cased and searched 300 ms after the last input or at once on Enter; 1–2 characters search nothing (a polite
 * hint says "Type at least 3 characters"); the characters `^ + - [ ] { } \ / ! # " ~` flag the input
 * (`aria-invalid`, message linked by `aria-describedby`) and search nothing; clearing the input removes the term.
 * The value follows the URL (`esc_term`) and back/forward.
 *
 * @summary Free-text search input of a dataset search.
 * @tag dataset-search
 *
 * @attr {string} scope - Name of the search scope shared with `<dataset-list>`, facets and results (default "default").
 * @attr {number} minimum-search-length - Shortest term searched (default 3; also the page's `minimumSearchLength`).
 * @attr {string} placeholder - The input's placeholder text (default "Search datasets" in the UI language).
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @cssprop [--cb-border-strong=#6b7280] - Input border.
 * @cssprop [--cb-error=#b00020] - Border and text of the invalid-characters message.
 * @cssprop [--cb-focus=#0b5cad] - Focus outline colour.
 */
export class DatasetSearch extends SimpleSearchBlock {
  static override incumbentName = 'datasetSearch';
}

/**
 * Legacy EntryScape Blocks tag name of `<dataset-search>`; same attributes and behaviour.
 * @summary `<dataset-search>` under its EntryScape Blocks tag name.
 * @tag esb-datasetsearch
 */
export class EsbDatasetSearch extends SimpleSearchBlock {
  static override incumbentName = 'datasetSearch';
}

if (!customElements.get('dataset-search')) customElements.define('dataset-search', DatasetSearch);
if (!customElements.get('esb-datasetsearch')) customElements.define('esb-datasetsearch', EsbDatasetSearch);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-search': DatasetSearch;
    'esb-datasetsearch': EsbDatasetSearch;
  }
}
