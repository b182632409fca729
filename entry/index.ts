/**
 * `catalog-blocks`: every block, registered as custom elements on import, plus their classes. One line per block
 * folder (`blocks/<tag>/<tag>.ts`); `npm run build` warns when a block folder is missing here.
 */
// First: if Trusted Types refuses Lit while the rest evaluates, the blocks say so (blocks/base/trusted-types.ts).
import '../blocks/base/trusted-types.ts';
export * from '../blocks/base/store-provider.ts';
export * from '../blocks/dataset-view/dataset-view.ts';
export * from '../blocks/dataservice-view/dataservice-view.ts';
export * from '../blocks/dataset-list/dataset-list.ts';
export * from '../blocks/dataset-results/dataset-results.ts';
export * from '../blocks/dataset-list-layout/dataset-list-layout.ts';
export * from '../blocks/dataset-search/dataset-search.ts';
export * from '../blocks/dataset-multi-search/dataset-multi-search.ts';
export * from '../blocks/dataset-facets/dataset-facets.ts';
export * from '../blocks/facets-sv/facets-sv.ts';
export * from '../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
export * from '../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts';
export * from '../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts';
export * from '../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
export * from '../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
export * from '../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';
export * from '../blocks/dataset-exports/dataset-exports.ts';
export * from '../blocks/distribution-file-upload/distribution-file-upload.ts';
// EntryScape Blocks templates (issue 10): <catalog-template> (and <esb-template>) and the entry parts they embed.
export * from '../blocks/template/template.ts';
export * from '../blocks/metadata/metadata.ts';
// The incumbent's core `list` block (issue 26): <catalog-list> (and <esb-list>).
export * from '../blocks/catalog-list/catalog-list.ts';
// The core entry blocks (issue 26): text, link, image, slider, expand, autoVisualizations.
export * from '../blocks/entry-view/entry-view.ts';
// EntryScape Blocks markup (`data-entryscape…`), its configuration forms and the SPA handle (issue 10); a call, not a
// bare import: package.json `sideEffects` would let the bundler drop a side-effect-only module.
import { startLegacyPage } from './legacy-start.ts';
startLegacyPage();
// The layouts' "Sort by" part, defined up front like every other part (portal pages compose layouts from parts).
export { SortSelect } from '../blocks/catalog-sort-select/sort-select.ts';
export { legacyApi, startLegacy } from '../src/legacy/index.ts';
// The rich dataset content (maps, charts, data preview, extras) and the data preview control of distribution rows.
export * from '../blocks/wms-map/wms-map.ts';
export * from '../blocks/data-preview/data-preview.ts';
export * from '../blocks/visualization/visualization.ts';
export * from '../blocks/dataset-extras/dataset-extras.ts';
// The open-data extension's showcase and idea lists (issue 26).
export * from '../blocks/showcase-list/showcase-list.ts';
export { PreviewToggle } from '../blocks/rich-content/preview-toggle.ts';
