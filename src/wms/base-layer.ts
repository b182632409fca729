/**
 * The base layer under the maps (`mapBaseUrl`, `mapBaseAttribution`; README "Base layer"): what a configured URL
 * names and how its attribution is shown. Pure: the map chunk draws what `baseLayerOf` returns.
 *
 * - XYZ tiles: a URL template holding `{z}`, `{x}` and `{y}` (`https://tiles.example.org/{z}/{x}/{y}.png`), the
 *   Web Mercator tile grid every tile service uses.
 * - A WMS: a URL with `SERVICE=WMS` (any case) and `LAYERS=…`; STYLES, VERSION, FORMAT, TRANSPARENT and the other
 *   GetMap parameters given are sent with every GetMap; the request-specific ones (REQUEST, BBOX, WIDTH, HEIGHT,
 *   CRS, SRS) are the map's to set. Other query parameters (a MapServer `map=`) stay on the URL.
 * Only http(s) URLs (relative ones resolved against the page); anything else is refused with the reason.
 */
import { safeConfiguredHref } from '../dcat/safe.ts';

export type BaseLayer =
  | { readonly kind: 'xyz'; readonly url: string }
  | { readonly kind: 'wms'; readonly url: string; readonly params: Readonly<Record<string, string>> };

/** The base layer a setting names, or why it names none (`problem`); neither for an empty setting. */
export interface BaseLayerSetting {
  readonly layer?: BaseLayer;
  readonly problem?: string;
}

const GETMAP_PARAMS = new Set(['LAYERS', 'STYLES', 'VERSION', 'FORMAT', 'TRANSPARENT', 'BGCOLOR', 'EXCEPTIONS', 'TIME', 'ELEVATION', 'SLD', 'SLD_BODY', 'DPI', 'FORMAT_OPTIONS']);
const PER_REQUEST = new Set(['SERVICE', 'REQUEST', 'BBOX', 'WIDTH', 'HEIGHT', 'CRS', 'SRS']);
const TEMPLATE = /\{([zxy])\}/g;

export function baseLayerOf(value: string | undefined, page: URL): BaseLayerSetting {
  const raw = value?.trim();
  if (!raw) return {};
  // The braces of a template are not URL characters: set them aside while the URL is judged and resolved.
  const marked = raw.replace(TEMPLATE, (_, c: string) => `cbtile${c}cbtile`);
  const safe = safeConfiguredHref(marked, page);
  if (!safe) return { problem: 'only http(s) URLs can be a base layer' };
  const url = new URL(safe, page);
  if (/^https?:$/.test(url.protocol) === false) return { problem: 'only http(s) URLs can be a base layer' };
  const absolute = url.href.replace(/cbtile([zxy])cbtile/g, '{$1}');
  if (['{z}', '{x}', '{y}'].every((t) => absolute.includes(t))) return { layer: { kind: 'xyz', url: absolute } };
  const service = [...url.searchParams].find(([k]) => k.toUpperCase() === 'SERVICE')?.[1];
  if (service?.toUpperCase() !== 'WMS') {
    return { problem: 'a base layer URL is XYZ tiles ({z}/{x}/{y}) or a WMS (SERVICE=WMS&LAYERS=…)' };
  }
  const params: Record<string, string> = {};
  const rest = new URLSearchParams();
  for (const [k, v] of url.searchParams) {
    const key = k.toUpperCase();
    if (GETMAP_PARAMS.has(key)) params[key] = v;
    else if (!PER_REQUEST.has(key)) rest.append(k, v);
  }
  if (!params.LAYERS) return { problem: 'a WMS base layer needs LAYERS=…' };
  url.search = rest.toString();
  return { layer: { kind: 'wms', url: url.href, params } };
}

/** A piece of an attribution: text, a link when `href` is set. */
export interface AttributionPart {
  readonly text: string;
  readonly href?: string;
}

const LINK = /\[([^\]]*)\]\(([^)\s]*)\)/g;

/**
 * An attribution as text with `[label](https://…)` links: only absolute http(s) targets become links, any other
 * target is dropped and its label stays text. Never HTML. Neighbouring text pieces are joined.
 */
export function attributionParts(value: string | undefined): AttributionPart[] {
  const text = value?.trim();
  if (!text) return [];
  const out: AttributionPart[] = [];
  const push = (p: AttributionPart): void => {
    const last = out.at(-1);
    if (p.text === '') return;
    if (!p.href && last && !last.href) out[out.length - 1] = { text: last.text + p.text };
    else out.push(p);
  };
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    push({ text: text.slice(at, m.index) });
    const href = /^https?:\/\//i.test(m[2]!) ? safeConfiguredHref(m[2]!, new URL('https://invalid.invalid/')) : undefined;
    push(href ? { text: m[1]! || href, href } : { text: m[1]! });
    at = m.index + m[0].length;
  }
  push({ text: text.slice(at) });
  return out;
}
