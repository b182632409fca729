/**
 * Visualizations of a dataset (behaviour doc §6.2): entries linked from the dataset resource by `schema:diagram`,
 * described with `esviz:` properties (http://entryscape.com/terms/visualization/). Pure and DOM-free: the landing
 * page adds `diagramUris` to its one batched lookup and turns the answer into models with `visualizationsOf`,
 * which `<catalog-visualization>` (blocks/visualization/) renders.
 *
 * The metadata is untrusted: only http(s) URLs survive as the CSV source and the WMS service, an unknown chart type
 * drops the visualization, and the JSON of `esviz:layers` / `esviz:initialView` is read defensively (size-capped,
 * shape-checked, anything else ignored).
 */
import type { Term } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Lang } from '../i18n/index.ts';
import type { Text } from '../dcat/model.ts';
import { Reader, TITLE_PROPERTIES, type Node } from '../dcat/read.ts';
import { resourceTerm } from '../dcat/entry.ts';
import { safeHref } from '../dcat/safe.ts';
import { withNoStats } from '../preview/candidate.ts';
import { diagramUris } from './lookup-plan.ts';

/** (the batched lookup's part: lookup-plan.ts, in the landing chunk) */
export { diagramUris, MAX_DIAGRAMS } from './lookup-plan.ts';

export const ESVIZ = 'http://entryscape.com/terms/visualization/';
const { dcterms, dc, dcat, rdfs } = NS;

export type ChartType = 'bar' | 'line' | 'pie' | 'map' | 'table' | 'wms';
export const CHART_TYPES: readonly ChartType[] = ['bar', 'line', 'pie', 'map', 'table', 'wms'];
export type Operation = 'none' | 'sum' | 'count';

export interface VisualizationModel {
  /** The visualization entry's resource URI. */
  readonly uri: string;
  /** dcterms:title in the UI language. */
  readonly title?: Text;
  readonly chartType: ChartType;
  /** Column names (`map`: x = longitude, y = latitude). */
  readonly xAxis?: string;
  readonly yAxis?: string;
  readonly operation: Operation;
  readonly encoding?: string;
  /** `map`: the column whose value labels a point. */
  readonly featureTitle?: string;
  /** esviz:legendControl; the block's `legend` parameter wins over it (§1.11). */
  readonly legendControl?: boolean;
  /**
   * The CSV it draws (dcterms:source, http(s) only) and the caption text "Source: …" (distribution title, else file
   * name, else URI). `fetchHref` (additive to the contract): the URL to read, with `nostats` for store files so a
   * chart is not counted as a download; `href` stays the link offered to people.
   */
  readonly source?: { readonly href: string; readonly caption: string; readonly fetchHref?: string };
  /** `wms`: the service (esviz:wmsBaseURI, http(s) only), the layer names, and the initial view in lon/lat degrees [west, south, east, north]. */
  readonly wms?: { readonly serviceUrl: string; readonly layers: readonly string[]; readonly initialView?: readonly [number, number, number, number] };
}

/** JSON values longer than this are not parsed. */
const MAX_JSON_CHARS = 20_000;
const MAX_LAYERS = 50;
const MAX_NAME = 500;

/**
 * The dataset's visualizations in document order: each `schema:diagram` object described by a related entry (or,
 * failing that, by the dataset's own graph) whose `esviz:chartType` is one of the six known types.
 */
export function visualizationsOf(
  dataset: StoreEntry,
  related: ReadonlyMap<string, StoreEntry>,
  opts: { lang: Lang; storeBaseUrl?: string },
): VisualizationModel[] {
  const r = new Reader(dataset.metadata, related, opts.lang);
  const self = resourceTerm(dataset);
  const distributions = r.own.objects(self, `${dcat}distribution`).filter((t) => t.termType !== 'Literal').map((t) => r.node(t));
  const out: VisualizationModel[] = [];
  for (const uri of diagramUris(dataset)) {
    const n = r.node({ termType: 'NamedNode', value: uri });
    const model = visualizationOf(r, n, uri, distributions, opts.storeBaseUrl);
    if (model) out.push(model);
  }
  return out;
}

function visualizationOf(r: Reader, n: Node, uri: string, distributions: readonly Node[], storeBaseUrl?: string): VisualizationModel | undefined {
  const chartType = chartTypeOf(word(r, n, 'chartType'));
  if (!chartType) return undefined;
  const title = r.text(n, TITLE_PROPERTIES);
  const op = word(r, n, 'operation')?.toLowerCase();
  const operation: Operation = op === 'sum' || op === 'count' ? op : 'none';
  const xAxis = name(r, n, 'xAxis');
  const yAxis = name(r, n, 'yAxis');
  const encoding = name(r, n, 'encoding');
  const featureTitle = name(r, n, 'featureTitle');
  const legendControl = booleanOf(word(r, n, 'legendControl'));
  const sourceUri = r.objects(n, `${dcterms}source`).map((t) => t.value.trim()).find((v) => httpUrl(v));
  const source = sourceUri ? sourceOf(r, sourceUri, distributions, storeBaseUrl) : undefined;
  const wms = chartType === 'wms' ? wmsOf(r, n) : undefined;
  return {
    uri,
    ...(title ? { title } : {}),
    chartType,
    ...(xAxis ? { xAxis } : {}),
    ...(yAxis ? { yAxis } : {}),
    operation,
    ...(encoding ? { encoding } : {}),
    ...(featureTitle ? { featureTitle } : {}),
    ...(legendControl !== undefined ? { legendControl } : {}),
    ...(source ? { source } : {}),
    ...(wms ? { wms } : {}),
  };
}

/** A literal (or the tail of a URI) of an `esviz:` property, trimmed. */
function word(r: Reader, n: Node, local: string): string | undefined {
  const t = r.objects(n, ESVIZ + local)[0];
  if (!t) return undefined;
  const v = t.termType === 'NamedNode' ? t.value.replace(/[/#]+$/, '').split(/[/#]/).pop() ?? '' : t.value;
  return v.trim() || undefined;
}

function name(r: Reader, n: Node, local: string): string | undefined {
  const t = r.objects(n, ESVIZ + local).find((o) => o.termType === 'Literal');
  const v = t?.value.trim();
  return v ? v.slice(0, MAX_NAME) : undefined;
}

/** One of the six chart types (any case), else undefined (the visualization is left out). */
export function chartTypeOf(value: string | undefined): ChartType | undefined {
  const v = value?.trim().toLowerCase();
  return CHART_TYPES.find((c) => c === v);
}

function booleanOf(value: string | undefined): boolean | undefined {
  const v = value?.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** The URL when it is an http(s) URL (safe to fetch and to link), else undefined. */
export function httpUrl(value: string | undefined): string | undefined {
  const safe = safeHref(value?.trim());
  return safe && /^https?:/i.test(safe) ? safe : undefined;
}

function sourceOf(r: Reader, uri: string, distributions: readonly Node[], storeBaseUrl?: string): VisualizationModel['source'] {
  const href = httpUrl(uri)!;
  const dist = distributions.find((d) =>
    r.objectsOf(d, [`${dcat}accessURL`, `${dcat}downloadURL`]).some((t) => t.value.trim() === uri));
  const title = dist ? r.text(dist, [`${dcterms}title`, `${dc}title`, `${rdfs}label`])?.value : undefined;
  const distUri = dist && dist.term.termType === 'NamedNode' ? dist.term.value : undefined;
  const caption = title ?? fileName(r, uri) ?? distUri ?? uri;
  const fetchHref = withNoStats(href, storeBaseUrl);
  return { href, caption, ...(fetchHref !== href ? { fetchHref } : {}) };
}

/** The file's name: the file entry's `rdfs:label` (entry information), else a last path segment with an extension. */
function fileName(r: Reader, uri: string): string | undefined {
  const label = r.related.get(uri)?.info.objects(uri, `${rdfs}label`).find((t) => t.termType === 'Literal')?.value.trim();
  if (label) return label;
  let segment: string | undefined;
  try {
    segment = new URL(uri).pathname.split('/').pop();
  } catch {
    return undefined;
  }
  if (!segment || !/\.\w{1,8}$/.test(segment)) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function wmsOf(r: Reader, n: Node): VisualizationModel['wms'] {
  const serviceUrl = r.objects(n, `${ESVIZ}wmsBaseURI`).map((t: Term) => httpUrl(t.value)).find(Boolean);
  if (!serviceUrl) return undefined;
  const layers = layerNames(r.objects(n, `${ESVIZ}layers`).map((t) => t.value));
  const initialView = viewBox(r.objects(n, `${ESVIZ}initialView`)[0]?.value);
  return { serviceUrl, layers, ...(initialView ? { initialView } : {}) };
}

function parseJson(text: string | undefined): unknown {
  const t = text?.trim();
  if (!t || t.length > MAX_JSON_CHARS) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Layer names from `esviz:layers` values: a JSON list of names (or of objects with a `name`), else the plain text
 * as comma-separated names. Non-strings, blanks and repeats are dropped.
 */
export function layerNames(values: readonly string[]): string[] {
  const names: string[] = [];
  for (const value of values) {
    const json = parseJson(value);
    const items: unknown[] = Array.isArray(json) ? json : typeof json === 'string' ? [json]
      : json === undefined && !/^\s*[[{]/.test(value) ? value.split(',') : [];
    for (const item of items) {
      const raw = typeof item === 'string' ? item
        : item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name : undefined;
      const nameText = raw?.trim();
      if (nameText && nameText.length <= MAX_NAME && !names.includes(nameText)) names.push(nameText);
    }
  }
  return names.slice(0, MAX_LAYERS);
}

/**
 * `esviz:initialView` as [west, south, east, north] in degrees: a JSON list of four numbers (or an object with
 * `extent` / `bbox` holding one), in degrees or in EPSG:3857 metres (converted). Anything else → undefined.
 */
export function viewBox(value: string | undefined): [number, number, number, number] | undefined {
  const json = parseJson(value);
  const list = Array.isArray(json) ? json
    : json && typeof json === 'object' ? ((json as { extent?: unknown }).extent ?? (json as { bbox?: unknown }).bbox) : undefined;
  if (!Array.isArray(list) || list.length !== 4) return undefined;
  const nums = list.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN));
  if (!nums.every(Number.isFinite)) return undefined;
  let [w, s, e, n] = nums as [number, number, number, number];
  const degrees = Math.abs(w) <= 180 && Math.abs(e) <= 180 && Math.abs(s) <= 90 && Math.abs(n) <= 90;
  if (!degrees) {
    const limit = 20037508.35;
    if (![w, s, e, n].every((v) => Math.abs(v) <= limit * 1.01)) return undefined;
    [w, s] = mercatorToDegrees(w, s);
    [e, n] = mercatorToDegrees(e, n);
  }
  if (!(w < e && s < n)) return undefined;
  return [w, s, e, n];
}

function mercatorToDegrees(x: number, y: number): [number, number] {
  const R = 6378137;
  const lon = (x / R) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
  return [Math.max(-180, Math.min(180, lon)), Math.max(-90, Math.min(90, lat))];
}
