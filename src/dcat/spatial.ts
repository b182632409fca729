/**
 * Spatial coverage geometry (issue 9 point 5): `dcterms:spatial` resources with `dcat:bbox` / `locn:geometry`
 * literals in WKT (POLYGON, MULTIPOLYGON, POINT, ENVELOPE, BOX), GML (Envelope, Polygon, Point) or GeoJSON become a
 * box plus simplified outer rings in longitude/latitude (EPSG:4326 / CRS84 axis order), with a text alternative.
 * Pure and DOM-free; malformed input → undefined, never an exception. Literals are untrusted and can be megabytes:
 * they are size-capped and read with linear regular expressions only.
 */
import type { Graph, Term } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';

/** West, south, east, north in degrees. */
export type Box = readonly [west: number, south: number, east: number, north: number];
/** A ring of [longitude, latitude] points. */
export type Ring = readonly (readonly [number, number])[];

export interface SpatialCoverage {
  readonly kind: 'point' | 'box' | 'polygon';
  readonly bbox: Box;
  /** Outer rings to draw (a box is one ring of 5 points; a point has none). At most MAX_POINTS points in all. */
  readonly rings: readonly Ring[];
}

/** Largest literal read (characters). */
export const MAX_LITERAL_CHARS = 2 * 1024 * 1024;
/** Points kept over all rings after simplification. */
export const MAX_POINTS = 600;

const GEOSPARQL = 'http://www.opengis.net/ont/geosparql#';
const DT_WKT = `${GEOSPARQL}wktLiteral`;
const DT_GML = `${GEOSPARQL}gmlLiteral`;
const DT_GEOJSON = [`${GEOSPARQL}geoJSONLiteral`, 'https://www.iana.org/assignments/media-types/application/vnd.geo+json',
  'http://www.iana.org/assignments/media-types/application/vnd.geo+json'];

/** One geometry literal → coverage, by datatype when it tells, else by sniffing the text. */
export function parseGeometry(value: string, datatype?: string): SpatialCoverage | undefined {
  try {
    if (typeof value !== 'string' || value.length > MAX_LITERAL_CHARS) return undefined;
    const v = value.trim();
    if (!v) return undefined;
    if (datatype === DT_WKT) return parseWkt(v);
    if (datatype === DT_GML) return parseGml(v);
    if (datatype && DT_GEOJSON.includes(datatype)) return parseGeoJson(v);
    if (v.startsWith('{')) return parseGeoJson(v);
    if (v.startsWith('<')) return parseGml(v);
    return parseWkt(v);
  } catch {
    return undefined;
  }
}

/**
 * The coverages of a dataset: for each `dcterms:spatial` value, the first readable of its `locn:geometry`,
 * `dcat:bbox` (and a geometry literal given directly as the value). Named places without geometry give nothing.
 */
export function spatialCoverages(graph: Graph, subject: Term | string): SpatialCoverage[] {
  const out: SpatialCoverage[] = [];
  for (const place of graph.objects(subject, `${NS.dcterms}spatial`)) {
    const literals: Term[] = place.termType === 'Literal'
      ? [place]
      : [...graph.objects(place, `${NS.locn}geometry`), ...graph.objects(place, `${NS.dcat}bbox`)];
    for (const lit of literals) {
      if (lit.termType !== 'Literal') continue;
      const c = parseGeometry(lit.value, lit.datatype);
      if (c) {
        out.push(c);
        break;
      }
    }
  }
  return out;
}

export interface BoxWords {
  readonly west: string;
  readonly south: string;
  readonly east: string;
  readonly north: string;
  readonly longitude: string;
  readonly latitude: string;
}

export const ENGLISH_BOX_WORDS: BoxWords = { west: 'West', south: 'South', east: 'East', north: 'North', longitude: 'Longitude', latitude: 'Latitude' };

/** "West 11.1, South 55.3, East 24.2, North 69.1" (a point: "Longitude 11.1, Latitude 55.3"). */
export function describeCoverage(c: SpatialCoverage, words: BoxWords = ENGLISH_BOX_WORDS, locale = 'en'): string {
  const f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const [w, s, e, n] = c.bbox;
  if (c.kind === 'point') return `${words.longitude} ${f.format(w)}, ${words.latitude} ${f.format(s)}`;
  return `${words.west} ${f.format(w)}, ${words.south} ${f.format(s)}, ${words.east} ${f.format(e)}, ${words.north} ${f.format(n)}`;
}

// ---- building coverages

type Point = [number, number];

function valid([x, y]: Point): boolean {
  return Number.isFinite(x) && Number.isFinite(y) && x >= -180 && x <= 180 && y >= -90 && y <= 90;
}

function boxOf(points: readonly Point[]): Box {
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (const [x, y] of points) {
    if (x < w) w = x;
    if (x > e) e = x;
    if (y < s) s = y;
    if (y > n) n = y;
  }
  return [w, s, e, n];
}

function fromBox(w: number, s: number, e: number, n: number): SpatialCoverage | undefined {
  if (![w, s, e, n].every(Number.isFinite)) return undefined;
  if (w > e || s > n || !valid([w, s]) || !valid([e, n])) return undefined;
  if (w === e && s === n) return { kind: 'point', bbox: [w, s, w, s], rings: [] };
  return { kind: 'box', bbox: [w, s, e, n], rings: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
}

function fromRings(rings: Point[][]): SpatialCoverage | undefined {
  const usable = rings.filter((r) => r.length >= 3);
  if (usable.length === 0 || !usable.every((r) => r.every(valid))) return undefined;
  const all = usable.flat();
  const bbox = boxOf(all);
  const total = all.length;
  const keep = Math.max(4, Math.floor(MAX_POINTS / usable.length));
  const simplified = total <= MAX_POINTS ? usable : usable.map((r) => decimate(r, keep));
  return { kind: 'polygon', bbox, rings: simplified };
}

function fromPoint(p: Point): SpatialCoverage | undefined {
  return valid(p) ? { kind: 'point', bbox: [p[0], p[1], p[0], p[1]], rings: [] } : undefined;
}

/** Keeps about `max` evenly spaced points of a ring, always closing it. */
function decimate(ring: Point[], max: number): Point[] {
  if (ring.length <= max) return ring;
  const step = ring.length / (max - 1);
  const out: Point[] = [];
  for (let i = 0; i < max - 1; i++) out.push(ring[Math.floor(i * step)]!);
  out.push(ring[0]!);
  return out;
}

const swap = (p: Point): Point => [p[1], p[0]];

// ---- WKT

/** CRS URIs / SRIDs that put latitude first. */
function latFirst(crs: string): boolean {
  return /EPSG\/0\/4326\b|EPSG::4326\b|EPSG:4326:|urn:ogc:def:crs:EPSG:[\d.]*:4326\b/i.test(crs);
}

/** Only longitude/latitude CRSs are read (no reprojection here); unknown ones are refused. */
function supportedCrs(crs: string): boolean {
  if (!crs) return true;
  return /CRS84|4326|WGS84|WGS 84/i.test(crs);
}

function parseWkt(input: string): SpatialCoverage | undefined {
  let v = input;
  let crs = '';
  const iri = /^<([^>]*)>\s*/.exec(v);
  if (iri) {
    crs = iri[1]!;
    v = v.slice(iri[0].length);
  }
  const srid = /^SRID=(\d+);\s*/i.exec(v);
  if (srid) {
    crs = `EPSG:${srid[1]}`;
    v = v.slice(srid[0].length);
  }
  if (!supportedCrs(crs)) return undefined;
  const flip = latFirst(crs);
  const head = /^([A-Za-z]+)\s*(?:Z|M|ZM)?\s*\(/.exec(v);
  if (!head) return undefined;
  const type = head[1]!.toUpperCase();
  const body = v.slice(head[0].length - 1);
  if (!/^[\s\d.,()eE+-]*$/.test(body) || !body.trimEnd().endsWith(')')) return undefined;
  const point = (s: string): Point | undefined => {
    const nums = s.trim().split(/\s+/).map(Number);
    if (nums.length < 2 || nums.some((n) => !Number.isFinite(n))) return undefined;
    const p: Point = [nums[0]!, nums[1]!];
    return flip ? swap(p) : p;
  };
  const ringsOf = (s: string): Point[][] | undefined => {
    // Innermost parenthesised lists are rings (or the point list of a LINESTRING/MULTIPOINT).
    const rings: Point[][] = [];
    for (const m of s.matchAll(/\(([^()]*)\)/g)) {
      const pts = m[1]!.split(',').map(point);
      if (pts.some((p) => !p)) return undefined;
      rings.push(pts as Point[]);
    }
    return rings;
  };
  switch (type) {
    case 'POINT': {
      const p = point(body.replace(/[()]/g, ''));
      return p ? fromPoint(p) : undefined;
    }
    case 'ENVELOPE': {
      // ENVELOPE(minX, maxX, maxY, minY): the CQL / Solr order.
      const n = body.replace(/[()]/g, '').split(',').map((x) => Number(x.trim()));
      if (n.length !== 4) return undefined;
      return flip ? fromBox(n[3]!, n[0]!, n[2]!, n[1]!) : fromBox(n[0]!, n[3]!, n[1]!, n[2]!);
    }
    case 'BOX': {
      const pts = body.replace(/[()]/g, '').split(',').map(point);
      if (pts.length !== 2 || pts.some((p) => !p)) return undefined;
      const [a, b] = pts as Point[];
      return fromBox(Math.min(a![0], b![0]), Math.min(a![1], b![1]), Math.max(a![0], b![0]), Math.max(a![1], b![1]));
    }
    case 'POLYGON': {
      const rings = ringsOf(body);
      return rings ? fromRings(rings.slice(0, 1)) : undefined;
    }
    case 'MULTIPOLYGON': {
      // Outer rings only: the first ring of each polygon "((outer),(hole))".
      const outers: Point[][] = [];
      for (const poly of body.matchAll(/\(\s*(\([^()]*\))(?:\s*,\s*\([^()]*\))*\s*\)/g)) {
        const rings = ringsOf(poly[1]!);
        if (!rings || rings.length === 0) return undefined;
        outers.push(rings[0]!);
      }
      return fromRings(outers);
    }
    default:
      return undefined;
  }
}

// ---- GML (without a DOM: the few elements we need have flat text content)

function parseGml(v: string): SpatialCoverage | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(v)) return undefined;
  const srs = /srsName\s*=\s*["']([^"']*)["']/.exec(v)?.[1] ?? '';
  if (!supportedCrs(srs)) return undefined;
  const flip = latFirst(srs);
  const nums = (s: string): number[] => s.trim().split(/[\s,]+/).filter(Boolean).map(Number);
  const pairs = (s: string, dim = 2): Point[] | undefined => {
    const n = nums(s);
    if (n.length < 2 || n.length % dim !== 0 || n.some((x) => !Number.isFinite(x))) return undefined;
    const out: Point[] = [];
    for (let i = 0; i < n.length; i += dim) out.push(flip ? [n[i + 1]!, n[i]!] : [n[i]!, n[i + 1]!]);
    return out;
  };
  const el = (name: string): RegExp => new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`, 'g');
  const lower = el('lowerCorner').exec(v);
  const upper = el('upperCorner').exec(v);
  if (/<(?:[\w-]+:)?Envelope\b/.test(v) && lower && upper) {
    const a = pairs(lower[1]!);
    const b = pairs(upper[1]!);
    if (!a || !b) return undefined;
    return fromBox(a[0]![0], a[0]![1], b[0]![0], b[0]![1]);
  }
  if (/<(?:[\w-]+:)?(?:Polygon|Surface|MultiSurface|MultiPolygon)\b/.test(v)) {
    // Outer rings: the posList / coordinates / pos sequence inside each <exterior> (or <outerBoundaryIs>).
    const rings: Point[][] = [];
    for (const ext of v.matchAll(/<(?:[\w-]+:)?(exterior|outerBoundaryIs)\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?\1>/g)) {
      const inner = ext[2]!;
      const dim = Number(/srsDimension\s*=\s*["'](\d)["']/.exec(inner)?.[1] ?? '2');
      const posList = el('posList').exec(inner) ?? el('coordinates').exec(inner);
      let ring: Point[] | undefined;
      if (posList) ring = pairs(posList[1]!, dim === 3 ? 3 : 2);
      else {
        const pos = [...inner.matchAll(el('pos'))].map((m) => pairs(m[1]!)?.[0]);
        ring = pos.every(Boolean) && pos.length > 0 ? (pos as Point[]) : undefined;
      }
      if (!ring) return undefined;
      rings.push(ring);
    }
    return fromRings(rings);
  }
  if (/<(?:[\w-]+:)?Point\b/.test(v)) {
    const pos = el('pos').exec(v) ?? el('coordinates').exec(v);
    const p = pos ? pairs(pos[1]!) : undefined;
    return p && p.length === 1 ? fromPoint(p[0]!) : undefined;
  }
  return undefined;
}

// ---- GeoJSON

function parseGeoJson(v: string): SpatialCoverage | undefined {
  const json: unknown = JSON.parse(v);
  return geoJsonGeometry(json, 0);
}

const isPos = (p: unknown): p is number[] => Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';
const toPoint = (p: number[]): Point => [p[0]!, p[1]!];

function ringList(rings: unknown): Point[] | undefined {
  if (!Array.isArray(rings) || !Array.isArray(rings[0])) return undefined;
  const outer = rings[0] as unknown[];
  return outer.every(isPos) ? outer.map((p) => toPoint(p as number[])) : undefined;
}

function geoJsonGeometry(g: unknown, depth: number): SpatialCoverage | undefined {
  if (!g || typeof g !== 'object' || depth > 4) return undefined;
  const o = g as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown; geometries?: unknown };
  switch (o.type) {
    case 'Point':
      return isPos(o.coordinates) ? fromPoint(toPoint(o.coordinates)) : undefined;
    case 'Polygon': {
      const ring = ringList(o.coordinates);
      return ring ? fromRings([ring]) : undefined;
    }
    case 'MultiPolygon': {
      if (!Array.isArray(o.coordinates)) return undefined;
      const rings = o.coordinates.map(ringList);
      return rings.every(Boolean) ? fromRings(rings as Point[][]) : undefined;
    }
    case 'Feature':
      return geoJsonGeometry(o.geometry, depth + 1);
    case 'FeatureCollection':
    case 'GeometryCollection': {
      const list = o.type === 'FeatureCollection' ? o.features : o.geometries;
      if (!Array.isArray(list)) return undefined;
      const parts = list.map((x) => geoJsonGeometry(x, depth + 1));
      if (parts.length === 0 || parts.some((p) => !p)) return undefined;
      const cs = parts as SpatialCoverage[];
      const rings = cs.flatMap((c) => c.rings.map((r) => r.map((p) => [p[0], p[1]] as Point)));
      if (rings.length > 0) return fromRings(rings);
      return fromBox(Math.min(...cs.map((c) => c.bbox[0])), Math.min(...cs.map((c) => c.bbox[1])),
        Math.max(...cs.map((c) => c.bbox[2])), Math.max(...cs.map((c) => c.bbox[3])));
    }
    default:
      return undefined;
  }
}
