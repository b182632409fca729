/**
 * The dev store's offline base layer: the country outlines of Natural Earth 1:110m (public domain; the TopoJSON of
 * world-atlas, see NOTICE.md), decoded once into lon/lat rings for the tile renderer (../wms/render.ts). Small on
 * purpose (144 KB): context under the maps of the demo and the tests, no cartographic product. Natural Earth has no
 * municipalities and the fixtures hold none under an open licence, so the layer is countries only.
 */
import { readFileSync } from 'node:fs';
import type { LonLat, Ring, VectorLayer } from '../wms/layers.ts';

interface Topology {
  readonly transform: { readonly scale: [number, number]; readonly translate: [number, number] };
  readonly arcs: readonly (readonly [number, number][])[];
  readonly objects: { readonly countries: { readonly geometries: readonly TopoGeometry[] } };
}
type TopoGeometry =
  | { readonly type: 'Polygon'; readonly arcs: readonly (readonly number[])[] }
  | { readonly type: 'MultiPolygon'; readonly arcs: readonly (readonly (readonly number[])[])[] }
  | { readonly type: null };

/** Arcs are quantized and delta-encoded: absolute lon/lat points. */
function decodeArcs(topo: Topology): LonLat[][] {
  const [sx, sy] = topo.transform.scale;
  const [tx, ty] = topo.transform.translate;
  return topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): LonLat => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
}

/** A ring from arc indices (`~i` = arc i reversed); joined arcs share their end point, kept once. */
function ring(indices: readonly number[], arcs: readonly LonLat[][]): Ring {
  const out: LonLat[] = [];
  for (const i of indices) {
    const arc = i >= 0 ? arcs[i]! : [...arcs[~i]!].reverse();
    out.push(...(out.length ? arc.slice(1) : arc));
  }
  return out;
}

/**
 * The rings as a flat renderer can fill them. The TopoJSON is spherical: Russia's, Fiji's and Antarctica's rings cross
 * the antimeridian (a step from 180 to -180). Unwrapped, a ring runs on past ±180 and is drawn twice, shifted by a
 * world width, so each half lands on its side; a ring round a pole (Antarctica) is closed along the pole's edge.
 */
function planar(r: Ring): Ring[] {
  let shift = 0;
  const out: LonLat[] = [r[0]!];
  for (let i = 1; i < r.length; i++) {
    const [lon, lat] = r[i]!;
    const prev = r[i - 1]![0];
    if (lon - prev > 180) shift -= 360;
    else if (lon - prev < -180) shift += 360;
    out.push([lon + shift, lat]);
  }
  if (shift !== 0) {
    // round a pole: run along the pole's edge back to the start
    const pole = out.reduce((s, p) => s + p[1], 0) / out.length < 0 ? -90 : 90;
    out.push([out.at(-1)![0], pole], [out[0]![0], pole], out[0]!);
  }
  const lons = out.map((p) => p[0]);
  if (Math.max(...lons) > 180) return [out, out.map(([lon, lat]): LonLat => [lon - 360, lat])];
  if (Math.min(...lons) < -180) return [out, out.map(([lon, lat]): LonLat => [lon + 360, lat])];
  return [out];
}

/** A ring with its lon/lat box, so a tile draws only the rings it touches. */
export interface BoxedRing {
  readonly ring: Ring;
  readonly box: readonly [number, number, number, number];
}

let cached: BoxedRing[] | undefined;

/** Every country ring (outer rings and holes: the renderer fills even-odd). */
export function countryRings(): BoxedRing[] {
  if (cached) return cached;
  const topo = JSON.parse(readFileSync(new URL('./countries-110m.json', import.meta.url), 'utf8')) as Topology;
  const arcs = decodeArcs(topo);
  const rings: Ring[] = [];
  for (const g of topo.objects.countries.geometries) {
    if (g.type === 'Polygon') rings.push(...g.arcs.map((r) => ring(r, arcs)));
    else if (g.type === 'MultiPolygon') for (const p of g.arcs) rings.push(...p.map((r) => ring(r, arcs)));
  }
  cached = rings.flatMap(planar).map((r) => ({
    ring: r,
    box: [Math.min(...r.map((p) => p[0])), Math.min(...r.map((p) => p[1])), Math.max(...r.map((p) => p[0])), Math.max(...r.map((p) => p[1]))],
  }));
  return cached;
}

/** Land light, borders and coasts a mid grey (3:1 against the land and the default sea, --cb-map-background). */
export const OUTLINE_FILL = [250, 249, 245, 255] as const;
export const OUTLINE_STROKE = [110, 118, 128, 255] as const;

/** The countries as one vector layer of the renderer, limited to the rings touching `box` (lon/lat). */
export function outlinesLayer(box: readonly [number, number, number, number]): VectorLayer {
  const rings = countryRings().filter((r) => r.box[0] <= box[2] && r.box[2] >= box[0] && r.box[1] <= box[3] && r.box[3] >= box[1]);
  return {
    name: 'outlines',
    title: 'Countries (Natural Earth)',
    abstract: 'Country outlines of Natural Earth 1:110m, public domain.',
    fill: OUTLINE_FILL,
    stroke: OUTLINE_STROKE,
    rings: rings.map((r) => r.ring),
  };
}
