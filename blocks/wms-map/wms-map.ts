/**
 * `<catalog-wms-map>`, `<catalog-spatial-map>` and `<catalog-points-map>`: importing this module registers them (guarded, so loading it
 * twice does not throw). A lazy chunk: landing pages import it dynamically only when a map is shown, and the
 * elements load OpenLayers (./ol-map.ts, a chunk of its own) when they draw.
 */
import { WmsMapBlock } from './wms-map.element.ts';
import { SpatialMapBlock } from './spatial-map.element.ts';
import { PointsMapBlock } from './points-map.element.ts';

export { WmsMapBlock, SpatialMapBlock, PointsMapBlock };
export type { WmsMapState, WmsMapStateDetail } from './wms-map.element.ts';

if (!customElements.get('catalog-wms-map')) customElements.define('catalog-wms-map', WmsMapBlock);
if (!customElements.get('catalog-spatial-map')) customElements.define('catalog-spatial-map', SpatialMapBlock);
if (!customElements.get('catalog-points-map')) customElements.define('catalog-points-map', PointsMapBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-wms-map': WmsMapBlock;
    'catalog-spatial-map': SpatialMapBlock;
    'catalog-points-map': PointsMapBlock;
  }
}
