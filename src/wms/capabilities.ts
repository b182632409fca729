/**
 * Reads a WMS GetCapabilities document (1.1.1 and 1.3.0) into what a map needs: named layers with title, abstract,
 * geographic bounding box and legend, the GetMap and GetLegendGraphic addresses, the version and the projections
 * a map can ask for. The document is untrusted: DOCTYPE / ENTITY declarations are refused before parsing (entity
 * expansion bombs, external entities), its size is capped, texts stay text (capped in length), and only http(s)
 * URLs survive as addresses of online resources and legend images.
 *
 * The XML is read by our own strict parser (./xml.ts): no DOCTYPE or entities, and — unlike
 * `DOMParser.parseFromString` — not a Trusted Types sink, so maps work under `require-trusted-types-for 'script'`.
 * A DOM Level 2 parser may be passed instead (tests cross-check with `@xmldom/xmldom`); only childNodes,
 * localName, textContent and getAttribute* are used.
 */
import { safeHref } from '../dcat/safe.ts';
import { parseXml, XmlError } from './xml.ts';

/** West, south, east, north in degrees (EPSG:4326 / CRS:84 longitude-latitude). */
export type GeoBox = readonly [west: number, south: number, east: number, north: number];

export interface WmsStyle {
  readonly name: string;
  readonly title?: string;
  /** The style's LegendURL (http(s) only). */
  readonly legendUrl?: string;
}

export interface WmsLayer {
  /** The `LAYERS` value for GetMap. */
  readonly name: string;
  /** Human title (falls back to the name). Plain text. */
  readonly title: string;
  readonly abstract?: string;
  /** Geographic extent, own or inherited from a parent layer. */
  readonly bbox?: GeoBox;
  /** Styles, own and inherited (WMS styles add up down the tree). */
  readonly styles: readonly WmsStyle[];
  /** The legend image to show: the first style's LegendURL, else a GetLegendGraphic request when advertised. */
  readonly legendUrl?: string;
}

export interface WmsCapabilities {
  /** `1.1.1`, `1.3.0`, … as the document says. */
  readonly version: string;
  /** The service's title, when it has one. */
  readonly title?: string;
  /** Where GetMap goes: the advertised online resource, else the capabilities URL without its query. */
  readonly getMapUrl: string;
  /** The advertised GetLegendGraphic online resource, if any. */
  readonly getLegendGraphicUrl?: string;
  /** Image formats GetMap offers. */
  readonly formats: readonly string[];
  /** Named layers in document order (the first listed is meant to draw on top: see `drawOrder`). */
  readonly layers: readonly WmsLayer[];
  /** Union of the layers' boxes: the initial view. */
  readonly extent?: GeoBox;
  /** The map projection to ask for: EPSG:3857 when offered, else EPSG:4326. */
  readonly projection: 'EPSG:3857' | 'EPSG:4326';
}

export type CapabilitiesProblem = 'too-large' | 'doctype' | 'not-xml' | 'service-exception' | 'not-wms' | 'no-layers';

export class CapabilitiesError extends Error {
  constructor(readonly problem: CapabilitiesProblem, message: string) {
    super(message);
    this.name = 'CapabilitiesError';
  }
}

/** Largest capabilities document read (characters). Real ones with hundreds of layers stay well below. */
export const MAX_CAPABILITIES_CHARS = 2 * 1024 * 1024;
/** Layers beyond this many are left out (a switcher of thousands helps nobody and costs the page). */
export const MAX_LAYERS = 200;
const MAX_TEXT = 500;
const MAX_ABSTRACT = 2000;

/** The constructor of a DOM Level 2 XML parser (the browser's, or @xmldom/xmldom's in node). */
export type XmlParser = new () => { parseFromString(text: string, type: string): unknown };

export interface ParseOptions {
  /** The URL the document came from: relative online resources resolve against it; GetMap falls back to it. */
  readonly url?: string;
  /** A DOM Level 2 parser to use instead of the built-in one (./xml.ts). */
  readonly parser?: XmlParser;
}

/** The order layers are added to a map so that the first one listed in the document draws on top. */
export function drawOrder<T>(layers: readonly T[]): T[] {
  return [...layers].reverse();
}

// Minimal structural types of the DOM nodes we touch (browser DOM and xmldom both satisfy them).
interface XNode {
  readonly nodeType: number;
  readonly localName?: string | null;
  readonly nodeName: string;
  readonly childNodes: ArrayLike<XNode>;
  readonly textContent?: string | null;
  getAttribute?(name: string): string | null;
  getAttributeNS?(ns: string, name: string): string | null;
}
const XLINK = 'http://www.w3.org/1999/xlink';

function local(n: XNode): string {
  return (n.localName ?? n.nodeName.replace(/^.*:/, '')) || '';
}

function children(n: XNode | undefined, name?: string): XNode[] {
  if (!n) return [];
  const out: XNode[] = [];
  for (let i = 0; i < n.childNodes.length; i++) {
    const c = n.childNodes[i]!;
    if (c.nodeType === 1 && (!name || local(c).toLowerCase() === name.toLowerCase())) out.push(c);
  }
  return out;
}

const child = (n: XNode | undefined, name: string): XNode | undefined => children(n, name)[0];

function path(n: XNode | undefined, ...names: string[]): XNode | undefined {
  let cur = n;
  for (const name of names) cur = child(cur, name);
  return cur;
}

/** Text of a node as plain text: whitespace collapsed, capped. */
function text(n: XNode | undefined, max = MAX_TEXT): string | undefined {
  const t = (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function attr(n: XNode | undefined, name: string): string | undefined {
  const v = n?.getAttribute?.(name);
  return v == null || v === '' ? undefined : v;
}

function num(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v.trim());
  return v.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

/** An http(s) URL from an OnlineResource's xlink:href, resolved against the document's URL. */
function onlineResource(n: XNode | undefined, base: string | undefined): string | undefined {
  const res = n && local(n) === 'OnlineResource' ? n : child(n, 'OnlineResource');
  const href = res?.getAttributeNS?.(XLINK, 'href') ?? attr(res, 'xlink:href') ?? undefined;
  return httpUrl(href ?? undefined, base);
}

/** Only absolute http(s) URLs (relative ones resolved against `base` first); everything else → undefined. */
export function httpUrl(href: string | undefined, base?: string): string | undefined {
  if (!href || !href.trim()) return undefined;
  let abs = href.trim();
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  if (base && !/^[a-z][a-z0-9+.-]*:/i.test(abs.replace(/[\u0000-\u0020]/g, ''))) {
    try {
      abs = new URL(abs, base).href;
    } catch {
      return undefined;
    }
  }
  const safe = safeHref(abs);
  return safe && /^https?:/i.test(safe) ? safe : undefined;
}

/** Refuses what must never reach an XML parser, then parses. Throws `CapabilitiesError`. */
export function parseXmlSafely(xml: string, parser?: XmlParser): XNode {
  if (xml.length > MAX_CAPABILITIES_CHARS) throw new CapabilitiesError('too-large', 'The capabilities document is too large.');
  // Entity expansion ("billion laughs") and external entities live in a DOCTYPE's internal subset. A WMS document
  // needs neither (1.1.1 documents may carry a DOCTYPE naming their DTD: nothing of it is needed either).
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new CapabilitiesError('doctype', 'The capabilities document declares a DOCTYPE or entities; refused.');
  }
  if (!parser) {
    try {
      return parseXml(xml);
    } catch (e) {
      if (e instanceof XmlError) throw new CapabilitiesError('not-xml', `The capabilities document is not well-formed XML: ${e.message}`);
      throw e;
    }
  }
  let doc: { documentElement?: XNode | null; getElementsByTagName?(n: string): ArrayLike<XNode> };
  try {
    doc = new parser().parseFromString(xml, 'application/xml') as typeof doc;
  } catch {
    throw new CapabilitiesError('not-xml', 'The capabilities document is not XML.');
  }
  const root = doc?.documentElement;
  // Browsers report errors as a <parsererror> document (or an element inside it) instead of throwing.
  if (!root || local(root) === 'parsererror' || (doc.getElementsByTagName?.('parsererror').length ?? 0) > 0) {
    throw new CapabilitiesError('not-xml', 'The capabilities document is not XML.');
  }
  return root;
}

interface Inherited {
  bbox?: GeoBox;
  styles: WmsStyle[];
  crs: Set<string>;
}

/** Parses a GetCapabilities document. Throws `CapabilitiesError` when it is unusable. */
export function parseCapabilities(xml: string, options: ParseOptions = {}): WmsCapabilities {
  const root = parseXmlSafely(xml, options.parser);
  const rootName = local(root);
  if (rootName === 'ServiceExceptionReport' || rootName === 'ExceptionReport') {
    const message = text(path(root, 'ServiceException')) ?? text(path(root, 'Exception', 'ExceptionText')) ?? 'Service exception';
    throw new CapabilitiesError('service-exception', message);
  }
  if (rootName !== 'WMS_Capabilities' && rootName !== 'WMT_MS_Capabilities') {
    throw new CapabilitiesError('not-wms', `Not a WMS capabilities document (root element ${rootName.slice(0, 60)}).`);
  }
  const version = attr(root, 'version') ?? (rootName === 'WMS_Capabilities' ? '1.3.0' : '1.1.1');
  const is130 = version.startsWith('1.3');
  const base = options.url;
  const capability = child(root, 'Capability');
  const request = child(capability, 'Request');
  const getMap = child(request, 'GetMap');
  const getMapUrl = onlineResource(path(getMap, 'DCPType', 'HTTP', 'Get'), base) ?? serviceBase(base);
  const legendReq = child(request, 'GetLegendGraphic');
  const getLegendGraphicUrl = legendReq ? onlineResource(path(legendReq, 'DCPType', 'HTTP', 'Get'), base) : undefined;
  const formats = children(getMap, 'Format').map((f) => text(f, 100)).filter((f): f is string => !!f);

  const layers: WmsLayer[] = [];
  const crsOfNamed = new Set<string>();
  const visit = (layer: XNode, inherited: Inherited): void => {
    if (layers.length >= MAX_LAYERS) return;
    const crs = new Set(inherited.crs);
    for (const c of children(layer, is130 ? 'CRS' : 'SRS')) {
      for (const code of (text(c, 2000) ?? '').split(/\s+/)) if (code) crs.add(code.toUpperCase());
    }
    const bbox = geoBox(layer, is130) ?? inherited.bbox;
    const own = children(layer, 'Style').map((s) => style(s, base)).filter((s): s is WmsStyle => !!s);
    const styles = [...inherited.styles.filter((s) => !own.some((o) => o.name === s.name)), ...own];
    const name = text(child(layer, 'Name'), 300);
    if (name) {
      const title = text(child(layer, 'Title')) ?? name;
      const abstract = text(child(layer, 'Abstract'), MAX_ABSTRACT);
      const legendUrl = styles[0]?.legendUrl ?? (getLegendGraphicUrl ? legendGraphicUrl(getLegendGraphicUrl, name, version, styles[0]?.name) : undefined);
      layers.push({ name, title, ...(abstract ? { abstract } : {}), ...(bbox ? { bbox } : {}), styles, ...(legendUrl ? { legendUrl } : {}) });
      for (const c of crs) crsOfNamed.add(c);
    }
    for (const sub of children(layer, 'Layer')) visit(sub, { ...(bbox ? { bbox } : {}), styles, crs });
  };
  for (const top of children(capability, 'Layer')) visit(top, { styles: [], crs: new Set() });
  if (layers.length === 0) throw new CapabilitiesError('no-layers', 'The service has no named layers.');

  const extent = union(layers.map((l) => l.bbox).filter((b): b is GeoBox => !!b));
  const offers3857 = ['EPSG:3857', 'EPSG:900913', 'EPSG:102100', 'EPSG:102113'].some((c) => crsOfNamed.has(c));
  const offers4326 = crsOfNamed.has('EPSG:4326') || crsOfNamed.has('CRS:84');
  const title = text(path(root, 'Service', 'Title'));
  return {
    version,
    ...(title ? { title } : {}),
    getMapUrl,
    ...(getLegendGraphicUrl ? { getLegendGraphicUrl } : {}),
    formats,
    layers,
    ...(extent ? { extent } : {}),
    projection: offers3857 || !offers4326 ? 'EPSG:3857' : 'EPSG:4326',
  };
}

/** The capabilities URL without its query: where GetMap goes when the document advertises nothing usable. */
function serviceBase(url: string | undefined): string {
  if (!url) return '';
  return httpUrl(url.replace(/[?#].*$/, '')) ?? '';
}

function style(n: XNode, base: string | undefined): WmsStyle | undefined {
  const name = text(child(n, 'Name'), 300);
  if (!name) return undefined;
  const title = text(child(n, 'Title'));
  const legendUrl = onlineResource(child(n, 'LegendURL'), base);
  return { name, ...(title ? { title } : {}), ...(legendUrl ? { legendUrl } : {}) };
}

/** A GetLegendGraphic request for one layer, on the advertised address. */
export function legendGraphicUrl(serviceUrl: string, layer: string, version: string, styleName?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    return undefined;
  }
  const set = (k: string, v: string): void => {
    for (const existing of [...url.searchParams.keys()]) if (existing.toLowerCase() === k.toLowerCase()) url.searchParams.delete(existing);
    url.searchParams.set(k, v);
  };
  set('SERVICE', 'WMS');
  set('REQUEST', 'GetLegendGraphic');
  set('VERSION', version);
  set('FORMAT', 'image/png');
  set('LAYER', layer);
  if (styleName) set('STYLE', styleName);
  return httpUrl(url.href);
}

/** EX_GeographicBoundingBox / LatLonBoundingBox, else BoundingBox in CRS:84, EPSG:4326 or EPSG:3857. */
function geoBox(layer: XNode, is130: boolean): GeoBox | undefined {
  const ex = child(layer, 'EX_GeographicBoundingBox');
  if (ex) {
    const b = box(
      num(text(child(ex, 'westBoundLongitude'))), num(text(child(ex, 'southBoundLatitude'))),
      num(text(child(ex, 'eastBoundLongitude'))), num(text(child(ex, 'northBoundLatitude'))),
    );
    if (b) return b;
  }
  const ll = child(layer, 'LatLonBoundingBox');
  if (ll) {
    const b = box(num(attr(ll, 'minx')), num(attr(ll, 'miny')), num(attr(ll, 'maxx')), num(attr(ll, 'maxy')));
    if (b) return b;
  }
  for (const bb of children(layer, 'BoundingBox')) {
    const crs = (attr(bb, 'CRS') ?? attr(bb, 'SRS') ?? '').toUpperCase();
    const [minx, miny, maxx, maxy] = ['minx', 'miny', 'maxx', 'maxy'].map((k) => num(attr(bb, k)));
    if (crs === 'CRS:84' || (crs === 'EPSG:4326' && !is130)) {
      const b = box(minx, miny, maxx, maxy);
      if (b) return b;
    } else if (crs === 'EPSG:4326') {
      // WMS 1.3.0 follows the EPSG axis order for EPSG:4326: latitude first.
      const b = box(miny, minx, maxy, maxx);
      if (b) return b;
    } else if (crs === 'EPSG:3857' || crs === 'EPSG:900913') {
      if ([minx, miny, maxx, maxy].some((v) => v === undefined)) continue;
      const [w, s] = mercatorToLonLat(minx!, miny!);
      const [e, n] = mercatorToLonLat(maxx!, maxy!);
      const b = box(w, s, e, n);
      if (b) return b;
    }
  }
  return undefined;
}

function box(w?: number, s?: number, e?: number, n?: number): GeoBox | undefined {
  if (w === undefined || s === undefined || e === undefined || n === undefined) return undefined;
  const cw = clamp(w, -180, 180);
  const ce = clamp(e, -180, 180);
  const cs = clamp(s, -90, 90);
  const cn = clamp(n, -90, 90);
  if (cw > ce || cs > cn) return undefined;
  return [cw, cs, ce, cn];
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

const R = 6378137;
export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / R) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
  return [lon, lat];
}

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const l = clamp(lat, -85.05112878, 85.05112878);
  return [(lon * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360))];
}

/** Smallest box holding all boxes; undefined for none. */
export function union(boxes: readonly GeoBox[]): GeoBox | undefined {
  if (boxes.length === 0) return undefined;
  return [
    Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3])),
  ];
}
