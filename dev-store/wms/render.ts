/**
 * GetMap and GetLegendGraphic images: the named layers' polygons filled by scanline (even-odd rule) on a transparent
 * background, outlines drawn on top, in EPSG:4326 or EPSG:3857 for the asked BBOX, WIDTH and HEIGHT.
 */
import { encodePng } from './png.ts';
import type { VectorLayer } from './layers.ts';

export type Crs = 'EPSG:4326' | 'EPSG:3857';

const R = 6378137;
function project(lon: number, lat: number, crs: Crs): [number, number] {
  if (crs === 'EPSG:4326') return [lon, lat];
  const l = Math.max(-85.05112878, Math.min(85.05112878, lat));
  return [(lon * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360))];
}

export interface MapRequest {
  /** minx, miny, maxx, maxy in the CRS's easting/northing (lon/lat for EPSG:4326): axis order already resolved. */
  readonly bbox: readonly [number, number, number, number];
  readonly width: number;
  readonly height: number;
  readonly crs: Crs;
  readonly layers: readonly VectorLayer[];
}

function blend(img: Uint8Array, i: number, c: readonly number[]): void {
  const a = c[3]! / 255;
  const da = img[i + 3]! / 255;
  const oa = a + da * (1 - a);
  if (oa === 0) return;
  for (let k = 0; k < 3; k++) img[i + k] = Math.round((c[k]! * a + img[i + k]! * da * (1 - a)) / oa);
  img[i + 3] = Math.round(oa * 255);
}

export function renderMap(req: MapRequest): Buffer {
  const { width: w, height: h, bbox } = req;
  const img = new Uint8Array(w * h * 4); // all zero: transparent
  const sx = w / (bbox[2] - bbox[0]);
  const sy = h / (bbox[3] - bbox[1]);
  const toPixel = (lon: number, lat: number): [number, number] => {
    const [x, y] = project(lon, lat, req.crs);
    return [(x - bbox[0]) * sx, (bbox[3] - y) * sy];
  };
  // Layers arrive in GetMap order: the first is drawn first (at the bottom).
  for (const layer of req.layers) {
    const rings = layer.rings.map((r) => r.map(([lon, lat]) => toPixel(lon, lat)));
    for (let y = 0; y < h; y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (const ring of rings) {
        for (let i = 0; i < ring.length - 1; i++) {
          const [x1, y1] = ring[i]!;
          const [x2, y2] = ring[i + 1]!;
          if ((y1 <= cy && y2 > cy) || (y2 <= cy && y1 > cy)) xs.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(w - 1, Math.floor(xs[k + 1]! - 0.5));
        for (let x = from; x <= to; x++) blend(img, (y * w + x) * 4, layer.fill);
      }
    }
    for (const ring of rings) {
      for (let i = 0; i < ring.length - 1; i++) line(img, w, h, ring[i]!, ring[i + 1]!, layer.stroke);
    }
  }
  return encodePng(w, h, img);
}

function line(img: Uint8Array, w: number, h: number, a: [number, number], b: [number, number], c: readonly number[]): void {
  const steps = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])));
  if (!Number.isFinite(steps) || steps > 20000) return;
  for (let s = 0; s <= steps; s++) {
    const t = steps === 0 ? 0 : s / steps;
    const x = Math.floor(a[0] + (b[0] - a[0]) * t);
    const y = Math.floor(a[1] + (b[1] - a[1]) * t);
    if (x >= 0 && y >= 0 && x < w && y < h) blend(img, (y * w + x) * 4, c);
  }
}

/** A legend swatch: the layer's fill inside its outline, 20 × 20 pixels, transparent margin. */
export function renderLegend(layer: VectorLayer): Buffer {
  const size = 20;
  const img = new Uint8Array(size * size * 4);
  for (let y = 2; y < size - 2; y++) {
    for (let x = 2; x < size - 2; x++) {
      const edge = x === 2 || y === 2 || x === size - 3 || y === size - 3;
      blend(img, (y * size + x) * 4, edge ? layer.stroke : layer.fill);
    }
  }
  return encodePng(size, size, img);
}
