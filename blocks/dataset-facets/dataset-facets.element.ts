/**
 * `<dataset-facets>` (the facet column of the dataset layouts, supportive block `facets_sv`, extends `facets`), its
 * base tag `<catalog-facets>` and the legacy tag `<esb-datasetfacets>`: what a search layout needs (the CDN's search
 * chunk). ./dataset-facets.ts adds `<catalog-active-filters>`.
 */
import { FacetsBlock } from './facets.ts';

/**
 * The facet filter of a dataset search (behaviour doc §4.4): one group per facet (Theme, Publisher, Format, Licence,
 * Access rights, Keyword; HVD category with `hvd-filter`; Type with `type-filter`), each a heading `h{hl+1}` and a
 * list of values with counts. Every value is a real link to the search with that value toggled; a plain click
 * filters in place (OR within a group, AND across groups) and writes the URL. Selected values have
 * `aria-current="true"` and a "Remove filter" link; long groups have "Show more". "Clear all filters" resets.
 *
 * @summary Facet filter column of a dataset search.
 * @tag dataset-facets
 *
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {number} hl - Heading level of the facet column; group headings are `h{hl+1}` (default 2; `inherit` takes the layout's).
 * @attr {boolean} hvd-filter - Adds the "HVD category" facet.
 * @attr {boolean} type-filter - Adds the "Type" facet (dataset, dataset series, data service).
 * @attr {string} variant - `compact`: collapsed groups, 5 values before "Show more".
 * @attr {string} include - Only these collections (names, comma-separated: `theme,keyword`).
 * @attr {string} exclude - Not these collections (`org,format,license,access`).
 * @attr {number} facet-limit - At most this many values per group.
 * @attr {boolean} no-clear-all - No "Clear all filters" button.
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @cssprop [--cb-accent=#0b5cad] - Value links and buttons.
 * @cssprop [--cb-muted=#4a4f57] - Counts.
 * @cssprop [--cb-focus=#0b5cad] - Focus outline colour.
 */
export class DatasetFacets extends FacetsBlock {
  static override incumbentName = 'datasetFacets';
}

/**
 * Legacy EntryScape Blocks tag name of `<dataset-facets>`; same attributes and behaviour.
 * @summary `<dataset-facets>` under its EntryScape Blocks tag name.
 * @tag esb-datasetfacets
 */
export class EsbDatasetFacets extends FacetsBlock {
  static override incumbentName = 'datasetFacets';
}

if (!customElements.get('dataset-facets')) customElements.define('dataset-facets', DatasetFacets);
if (!customElements.get('esb-datasetfacets')) customElements.define('esb-datasetfacets', EsbDatasetFacets);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-facets': DatasetFacets;
    'esb-datasetfacets': EsbDatasetFacets;
  }
}
