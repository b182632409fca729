/**
 * JSON-LD for search engines (issue 9 point 8, behaviour doc §2.1): a schema.org `Dataset` built from the landing
 * page's view model, placed as ONE `<script type="application/ld+json">` in the document head.
 *
 * The metadata is untrusted and ends up inside a script element, so the JSON text is made script-safe: `<`, `>`,
 * `&`, U+2028 and U+2029 are written as `\uXXXX` escapes (no `</script>`, no `<!--`, no line terminators that old
 * parsers choke on), control characters other than tab and line breaks are dropped. The escapes are plain JSON:
 * `JSON.parse` of the text gives back exactly the intended object. Only http(s) URLs are emitted.
 *
 * Size: every dataset landing page loads this module, so it is small and does not import the geometry reader
 * (src/dcat/spatial.ts, a chunk of its own): `datasetJsonLdText` loads that only when the dataset has a geometry.
 */
import { NS } from '../rdf/namespaces.ts';
import type { Term } from '../rdf/graph.ts';
import type { StoreEntry } from '../store/types.ts';
import type { DatasetModel, Field, Text, Value } from '../dcat/model.ts';
import { safeHref } from '../dcat/safe.ts';
import { Reader, type Node } from '../dcat/read.ts';
import { resourceTerm } from '../dcat/entry.ts';

/** The bounding box `[west, south, east, north]` of a geometry literal (src/dcat/spatial.ts parseGeometry), if any. */
export type GeometryBox = (value: string, datatype?: string) => readonly number[] | undefined;

export interface JsonLdOptions {
  /** The landing page's URL (the Dataset's `url`). */
  readonly pageUrl: string;
  /**
   * The dataset's entry and the related entries of the landing lookup (optional, additive to the contract): the raw
   * values the view model has already formatted — temporal coverage dates, bounding boxes, whether an agent is a
   * person, dcterms:created. Without them those properties are left out.
   */
  readonly entry?: StoreEntry;
  readonly related?: ReadonlyMap<string, StoreEntry>;
  /** The catalog the dataset belongs to (`includedInDataCatalog`). */
  readonly catalog?: { readonly name?: string; readonly url?: string };
  /** Reads geometry literals (a place's GeoShape box); without it they are left out (`datasetJsonLdText` passes it when needed). */
  readonly geometry?: GeometryBox;
}

type JsonObject = { [key: string]: unknown };

const { dcterms, dcat, foaf, schema } = NS;
const SCHEMA_HTTPS = 'https://schema.org/';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** `http(s)` URLs only (safeHref also allows mailto, which no schema.org URL property here wants). */
function httpUrl(value: string | undefined): string | undefined {
  const href = safeHref(value);
  return href && /^https?:/i.test(href) ? href : undefined;
}

const trimmed = (t: Text | undefined): string | undefined => t?.value.trim() || undefined;
/** undefined for none, the value for one, else the list (schema.org takes either). */
const oneOrMany = <T>(xs: T[]): T | T[] | undefined => (xs.length > 1 ? xs : xs[0]);
/** undefined for none, else the list. */
const list = <T>(xs: T[]): T[] | undefined => (xs.length ? xs : undefined);
const fieldOf = (model: DatasetModel, key: Field['key']): readonly Value[] => model.fields.find((f) => f.key === key)?.values ?? [];
const valueText = (v: Value): string | undefined => (v.kind === 'date' ? v.value : trimmed(v.text));
const texts = (model: DatasetModel, key: Field['key']): string[] => fieldOf(model, key).map(valueText).filter((x): x is string => !!x);
const dateOf = (model: DatasetModel, key: 'issued' | 'modified'): string | undefined =>
  fieldOf(model, key).map((v) => (v.kind === 'date' ? v.value : undefined)).find(Boolean);

/** An ISO 8601 date or date-time lexical form (what schema.org dates and intervals accept). */
function isoDate(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && /^-?\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/.test(v) ? v : undefined;
}

function agentJson(name: Text | undefined, homepage: string | undefined, person: boolean): JsonObject | undefined {
  const n = trimmed(name);
  return n ? { '@type': person ? 'Person' : 'Organization', name: n, url: httpUrl(homepage) } : undefined;
}

/** Reads the entry's own graph (and the related entries) for what the view model has already formatted away. */
function graphJson(model: DatasetModel, opts: JsonLdOptions): JsonObject {
  const entry = opts.entry;
  if (!entry) {
    return {
      creator: fieldOf(model, 'creator').map((v) => (v.kind === 'text' || v.kind === 'link' ? agentJson(v.text, v.kind === 'link' ? v.href : undefined, false) : undefined)),
      spatial: fieldOf(model, 'spatial').map((v) => (v.kind === 'link' ? { '@type': 'Place', name: v.text.value.trim(), url: httpUrl(v.href) } : undefined)),
    };
  }
  const reader = new Reader(entry.metadata, opts.related ?? new Map(), model.title?.lang || 'en');
  const self: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const isPerson = (term: Term | undefined): boolean => {
    const n = term && reader.node(term);
    return !!n && [`${foaf}Person`, `${SCHEMA_HTTPS}Person`, `${schema}Person`].some((c) => reader.hasType(n, c));
  };
  const literal = (n: Node, ps: string[]): string | undefined => isoDate(reader.objectsOf(n, ps).find((o) => o.termType === 'Literal')?.value);
  // `start/end`, `start/..` or `../end` (ISO 8601 interval) from dcat:startDate/endDate (or schema:) of dcterms:temporal
  let temporal: string | undefined;
  for (const t of reader.objects(self, `${dcterms}temporal`)) {
    if (t.termType === 'Literal' || temporal) continue;
    const n = reader.node(t, self.graph);
    const [start, end] = ['start', 'end'].map((w) => literal(n, [`${dcat}${w}Date`, `${schema}${w}Date`, `${SCHEMA_HTTPS}${w}Date`]));
    if (start || end) temporal = `${start ?? '..'}/${end ?? '..'}`;
  }
  const round = (n: number | undefined): number => Math.round(n! * 1e6) / 1e6;
  // Places of dcterms:spatial: name = label, `url` for an http(s) place URI, `geo` = GeoShape box of its geometry / dcat:bbox
  const spatial = reader.objects(self, `${dcterms}spatial`).map((place) => {
    const literalPlace = place.termType === 'Literal';
    const geometries = literalPlace ? [place] : reader.objectsOf(reader.node(place, self.graph), [`${NS.locn}geometry`, `${dcat}bbox`]);
    const box = geometries.map((l) => (l.termType === 'Literal' ? opts.geometry?.(l.value, l.datatype) : undefined)).find(Boolean);
    const name = literalPlace ? undefined : reader.label(place, self.graph)?.value.trim() || undefined;
    const url = place.termType === 'NamedNode' ? httpUrl(place.value) : undefined;
    // schema.org GeoShape box: "lat lon lat lon", the lower (south-west) corner first.
    const geo = box && { '@type': 'GeoShape', box: [box[1], box[0], box[3], box[2]].map(round).join(' ') };
    return name || box || url ? { '@type': 'Place', name, url, geo } : undefined;
  });
  return {
    publisher: model.publisher && isPerson(reader.objects(self, `${dcterms}publisher`)[0]),
    creator: reader.objects(self, `${dcterms}creator`).map((t) => {
      const a = reader.agent(t, self.graph);
      return agentJson(a.name, a.homepage, isPerson(t));
    }),
    created: isoDate(reader.objects(self, `${dcterms}created`)[0]?.value),
    temporal,
    spatial,
  };
}

/** The schema.org Dataset object (before serialisation). Exported for tests and hosts that merge their own data. */
export function datasetJsonLdObject(model: DatasetModel, opts: JsonLdOptions): JsonObject {
  const g = graphJson(model, opts);
  const url = httpUrl(opts.pageUrl);
  const id = httpUrl(model.uri);
  const present = <T>(xs: (T | undefined)[]): T[] => xs.filter((x): x is T => !!x);
  const catalogUrl = httpUrl(opts.catalog?.url);
  const catalogName = opts.catalog?.name?.trim() || undefined;
  const obj = {
    '@context': SCHEMA_HTTPS,
    '@type': 'Dataset',
    name: trimmed(model.title),
    description: model.description.map((p) => p.value).join('\n\n').slice(0, 5000) || undefined,
    url,
    identifier: oneOrMany(texts(model, 'identifier')) ?? id,
    sameAs: id !== url ? id : undefined,
    keywords: list([...new Set(texts(model, 'keyword'))]),
    license: fieldOf(model, 'license').map((v) => (v.kind === 'link' ? httpUrl(v.href) ?? httpUrl(v.uri) : undefined) ?? valueText(v)).find(Boolean),
    publisher: agentJson(model.publisher?.name, model.publisher?.homepage, g.publisher === true),
    creator: oneOrMany(present(g.creator as (JsonObject | undefined)[])),
    dateCreated: g.created,
    datePublished: dateOf(model, 'issued'),
    dateModified: dateOf(model, 'modified'),
    temporalCoverage: g.temporal,
    spatialCoverage: oneOrMany(present(g.spatial as (JsonObject | undefined)[])),
    distribution: list(present(model.distributions.map((d) => {
      const contentUrl = d.files.map((f) => httpUrl(f.href)).find(Boolean) ?? httpUrl(d.accessUrl);
      return contentUrl && {
        '@type': 'DataDownload',
        name: trimmed(d.title),
        encodingFormat: d.formats.find((f) => /^[a-z]+\/[a-z0-9][\w.+-]*$/i.test(f.raw))?.raw ?? d.formats[0]?.label ?? d.files[0]?.format,
        contentUrl,
      };
    }))),
    includedInDataCatalog: catalogName || catalogUrl ? { '@type': 'DataCatalog', name: catalogName, url: catalogUrl } : undefined,
  };
  // Through JSON: properties without a value left out, every string without control characters (tab, CR, LF kept).
  return JSON.parse(JSON.stringify(obj, (_, v: unknown) => (typeof v === 'string' ? v.replace(CONTROL, '') : v))) as JsonObject;
}

/** JSON text that is safe inside `<script>`: `<`, `>`, `&`, U+2028, U+2029 as `\uXXXX`. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The Dataset as script-safe JSON text for `placeJsonLd` (geometry literals read only when `opts.geometry` is given). */
export function datasetJsonLd(model: DatasetModel, opts: JsonLdOptions): string {
  return scriptSafeJson(datasetJsonLdObject(model, opts));
}

/**
 * `datasetJsonLd` with the places' GeoShape boxes: the geometry reader (src/dcat/spatial.ts) is loaded only when the
 * dataset has a geometry literal (most have none).
 */
export async function datasetJsonLdText(model: DatasetModel, opts: JsonLdOptions): Promise<string> {
  const seen = { geometry: false };
  datasetJsonLdObject(model, { ...opts, geometry: () => void (seen.geometry = true) });
  if (!seen.geometry) return datasetJsonLd(model, opts);
  const { parseGeometry } = await import('../dcat/spatial.ts');
  return datasetJsonLd(model, { ...opts, geometry: (value, datatype) => parseGeometry(value, datatype)?.bbox });
}

// ---- placing the script -------------------------------------------------------------------------------------------

interface TrustedTypePolicyLike {
  createScript(input: string): unknown;
}
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScript(input: string): string }): TrustedTypePolicyLike;
}

export const JSONLD_POLICY_NAME = 'catalog-blocks-jsonld';
/** Per window: the policy, or null when the page's CSP refused it (then JSON-LD is skipped there). */
const policies = new WeakMap<object, TrustedTypePolicyLike | null>();
const placed = new WeakMap<Element, HTMLScriptElement>();

/**
 * Under Trusted Types a script's text needs a TrustedScript. The policy returns the JSON unchanged: a JSON-LD
 * script is data, never executed. undefined = no Trusted Types in this browser; null = refused by the page.
 */
function policyFor(win: (Window & { trustedTypes?: TrustedTypesLike }) | null): TrustedTypePolicyLike | null | undefined {
  const tt = win?.trustedTypes;
  if (!win || !tt || typeof tt.createPolicy !== 'function') return undefined;
  if (policies.has(win)) return policies.get(win)!;
  let policy: TrustedTypePolicyLike | null;
  try {
    policy = tt.createPolicy(JSONLD_POLICY_NAME, { createScript: (input) => input });
  } catch (e) {
    policy = null;
    console.warn(`[catalog-blocks] JSON-LD for search engines is left out: the page's Trusted Types policy (CSP trusted-types) `
      + `does not allow the policy "${JSONLD_POLICY_NAME}".`, e);
  }
  policies.set(win, policy);
  return policy;
}

/**
 * Adds ONE `<script type="application/ld+json">` with `json` to the owner's document head (replacing the one this
 * owner placed before) and returns a function that removes it. Never throws: when the page's Trusted Types policy
 * refuses ours, nothing is placed (one console warning per page) and the returned function does nothing.
 */
export function placeJsonLd(owner: Element, json: string): () => void {
  const doc = owner.ownerDocument;
  placed.get(owner)?.remove();
  placed.delete(owner);
  try {
    const policy = policyFor(doc.defaultView as (Window & { trustedTypes?: TrustedTypesLike }) | null);
    if (policy === null) return () => {};
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute('data-catalog-blocks', 'jsonld');
    script.text = (policy ? policy.createScript(json) : json) as string;
    (doc.head ?? doc.documentElement).append(script);
    placed.set(owner, script);
    return () => {
      script.remove();
      if (placed.get(owner) === script) placed.delete(owner);
    };
  } catch (e) {
    console.warn('[catalog-blocks] JSON-LD for search engines could not be placed', e);
    return () => {};
  }
}
