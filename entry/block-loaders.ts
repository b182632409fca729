/**
 * The CDN loader's table (entry/cdn.ts): each module under blocks/ that defines custom elements, with the tags it
 * defines (the EntryScape Blocks names `esb-…` included). The loader imports a row's module when the page first uses
 * one of its tags; each `import()` is a chunk boundary of the CDN build. test/unit/block-loaders.test.ts checks this
 * table against every `customElements.define` under blocks/: a new element needs its row here.
 * Each row takes only the module's side effect (`.then(() => {})`, the registration). That does not spare the
 * bundler's namespace object: a module that a chunk group holds and a row imports still gets one, built by the runtime
 * helper `__exportAll`, which rolldown keeps in a file of its own (rolldown-runtime.js; the loader asks for it beside
 * the first block chunk: entry/cdn.ts preloadRuntime).
 */
type Row = readonly [load: () => Promise<unknown>, ...tags: string[]];

/**
 * The blocks of a facet search page (the `search` chunk): one module that imports them all (./search-blocks.ts), so
 * that their rows share one import — one namespace object in the chunk instead of one per module (issue 27 point 2).
 */
const search = () => import('./search-blocks.ts').then(() => {});

const ROWS: readonly Row[] = [
  [() => import('../blocks/base/store-provider.ts').then(() => {}), 'catalog-store-provider'],
  [() => import('../blocks/catalog-sort-select/sort-select.ts').then(() => {}), 'catalog-sort-select'],
  [() => import('../blocks/data-preview/data-preview.ts').then(() => {}), 'catalog-data-preview'],
  [() => import('../blocks/dataservice-view/dataservice-view.ts').then(() => {}), 'dataservice-view', 'esb-dataserviceview'],
  [() => import('../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts').then(() => {}), 'dataset-compact-facet-search-layout', 'esb-datasetcompactfacetsearchlayout'],
  [() => import('../blocks/dataset-exports/dataset-exports.ts').then(() => {}), 'dataset-exports', 'esb-datasetexports'],
  [() => import('../blocks/dataset-extras/dataset-extras.ts').then(() => {}), 'catalog-dataset-extras'],
  [search, 'dataset-facet-search-layout', 'esb-datasetfacetsearchlayout'],
  [() => import('../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts').then(() => {}), 'dataset-facet-search-portal-layout', 'esb-datasetfacetsearchportallayout'],
  [search, 'dataset-facets', 'esb-datasetfacets'],
  [search, 'catalog-facets'],
  [() => import('../blocks/dataset-facets/active-filters.ts').then(() => {}), 'catalog-active-filters'],
  [() => import('../blocks/dataset-list-layout/dataset-list-layout.ts').then(() => {}), 'dataset-list-layout', 'esb-datasetlistlayout'],
  [search, 'catalog-search-list', 'dataset-list', 'esb-datasetlist'],
  [() => import('../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts').then(() => {}), 'dataset-multi-search-layout', 'esb-datasetmultisearchlayout'],
  [search, 'dataset-multi-search', 'esb-datasetmultisearch'],
  [search, 'catalog-multi-search'],
  [search, 'catalog-results', 'dataset-results', 'esb-datasetresults'],
  [() => import('../blocks/dataset-search/dataset-search.ts').then(() => {}), 'dataset-search', 'esb-datasetsearch'],
  [() => import('../blocks/dataset-search/simple-search.ts').then(() => {}), 'catalog-simple-search'],
  [() => import('../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts').then(() => {}), 'dataset-simple-search-layout', 'esb-datasetsimplesearchlayout'],
  [() => import('../blocks/dataset-view/dataset-view.ts').then(() => {}), 'dataset-view', 'esb-datasetview'],
  [() => import('../blocks/distribution-file-upload/distribution-file-upload.ts').then(() => {}), 'distribution-file-upload'],
  [search, 'facet-search-responsiveness', 'esb-facetsearchresponsiveness'],
  [search, 'catalog-facet-responsiveness'],
  [() => import('../blocks/entry-view/entry-view.ts').then(() => {}), 'catalog-entry-view'],
  [() => import('../blocks/facets-sv/facets-sv.ts').then(() => {}), 'facets-sv'],
  [() => import('../blocks/metadata/metadata.ts').then(() => {}), 'catalog-metadata'],
  [() => import('../blocks/rich-content/preview-toggle.ts').then(() => {}), 'catalog-preview-toggle'],
  [() => import('../blocks/showcase-list/showcase-list.ts').then(() => {}), 'catalog-showcase-list'],
  [() => import('../blocks/template/template.ts').then(() => {}), 'catalog-template', 'esb-template'],
  [() => import('../blocks/visualization/visualization.ts').then(() => {}), 'catalog-visualization', 'catalog-visualization-tabs'],
  [() => import('../blocks/wms-map/wms-map.ts').then(() => {}), 'catalog-wms-map', 'catalog-spatial-map', 'catalog-points-map'],
  [() => import('../blocks/catalog-list/catalog-list.ts').then(() => {}), 'catalog-list', 'esb-list'],
];

/** Tag → the import of the module that defines it. */
export const BLOCK_LOADERS: ReadonlyMap<string, () => Promise<unknown>> = new Map(ROWS.flatMap(([load, ...tags]) => tags.map((tag) => [tag, load] as const)));
