/**
 * `catalog-blocks`: every block, registered as custom elements on import, plus their classes: the blocks of the
 * classic script (entry/classic.ts) and the rich-content parts, which the classic script leaves out.
 */
export * from './classic.ts';
export { legacyApi, startLegacy } from '../src/legacy/index.ts';
export * from '../blocks/wms-map/wms-map.ts';
export * from '../blocks/data-preview/data-preview.ts';
export * from '../blocks/visualization/visualization.ts';
export * from '../blocks/dataset-extras/dataset-extras.ts';
// The data preview control of distribution rows (defined here too, so the npm entry defines every element).
export { PreviewToggle } from '../blocks/rich-content/preview-toggle.ts';
