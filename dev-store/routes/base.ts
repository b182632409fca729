/**
 * `GET /base/tiles/{z}/{x}/{y}.png`: the dev store's offline base layer as XYZ tiles (Web Mercator, 256 px), drawn
 * from the Natural Earth country outlines (../base/outlines.ts) by the WMS's renderer; the sea is transparent so the
 * map's background (`--cb-map-background`) shows through. `npm start` points the demo's maps at it (`mapBaseUrl`).
 * Raster tiles, not a GeoJSON endpoint: the maps chunk already draws tiles for a real site's base layer, so the
 * store's layer costs the browser nothing more, and a view loads a few small PNGs (cached) instead of every vertex.
 */
import type { StoreApp } from '../app.ts';
import type { RouteContext } from '../http/router.ts';
import { outlinesLayer } from '../base/outlines.ts';
import { renderMap } from '../wms/render.ts';

const SIZE = 256;
const MAX_ZOOM = 12;
const HALF = Math.PI * 6378137; // half the Web Mercator world width, metres

const latOf = (y: number): number => (Math.atan(Math.sinh(y / 6378137)) * 180) / Math.PI;
const lonOf = (x: number): number => (x / HALF) * 180;

/** The tile as PNG, or undefined for a tile outside the grid. */
export function renderTile(z: number, x: number, y: number): Buffer | undefined {
  const n = 2 ** z;
  if (!(z >= 0 && z <= MAX_ZOOM && x >= 0 && x < n && y >= 0 && y < n)) return undefined;
  const span = (2 * HALF) / n;
  const bbox = [-HALF + x * span, HALF - (y + 1) * span, -HALF + (x + 1) * span, HALF - y * span] as const;
  // a little margin, so a border just outside the tile still draws its edge pixels
  const m = span * 0.02;
  const layer = outlinesLayer([lonOf(bbox[0] - m), latOf(bbox[1] - m), lonOf(bbox[2] + m), latOf(bbox[3] + m)]);
  return renderMap({ bbox, width: SIZE, height: SIZE, crs: 'EPSG:3857', layers: [layer] });
}

export function addBaseRoutes(app: StoreApp): void {
  app.router.add(['GET'], /^\/base\/tiles\/(?<z>\d+)\/(?<x>\d+)\/(?<y>\d+)\.png$/, (ctx: RouteContext) => {
    const [z, x, y] = ['z', 'x', 'y'].map((k) => Number(ctx.match[k]));
    const png = renderTile(z!, x!, y!);
    if (!png) {
      ctx.res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      ctx.res.end(ctx.method === 'HEAD' ? undefined : 'No such tile.');
      return;
    }
    ctx.res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' });
    ctx.res.end(ctx.method === 'HEAD' ? undefined : png);
  });
}
