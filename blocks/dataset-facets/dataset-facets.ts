/**
 * `<dataset-facets>` (the facet column of the dataset layouts, supportive block `facets_sv`, extends `facets`), its
 * base tags `<catalog-facets>` and `<catalog-active-filters>`, and the legacy tag `<esb-datasetfacets>`. Importing
 * this module registers all of them.
 */
export * from './dataset-facets.element.ts';
export * from './active-filters.ts';
