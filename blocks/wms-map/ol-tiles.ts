/**
 * The XYZ tile layer of a base layer (`map-base-url` with `{z}/{x}/{y}`): a chunk of its own, loaded with the map
 * only when a page configures tiles, so the maps of a page without (or with a WMS base layer) do not carry it.
 */
import TileLayer from 'ol/layer/Tile.js';
import XYZ from 'ol/source/XYZ.js';

export function xyzLayer(url: string): TileLayer<XYZ> {
  return new TileLayer({ source: new XYZ({ url }), className: 'esbMapBase' });
}
