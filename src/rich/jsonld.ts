/**
 * JSON-LD for search engines (issue 9 point 8, behaviour doc §2.1): a schema.org `Dataset` built from the landing
 * page's view model, placed as ONE `<script type="application/ld+json">` in the document head.
 *
 * The metadata is untrusted and ends up inside a script element, so the JSON text is made script-safe: `<`, `>`,
 * `&`, U+2028 and U+2029 are written as `\uXXXX` escapes (no `</script>`, no `<!--`, no line terminators that old
 * parsers choke on), control characters other than tab and line breaks are dropped. The escapes are plain JSON:
 * `JSON.parse` of the text gives back exactly the intended object. Only http(s) URLs are emitted.
 */
import { NS } from '../rdf/namespaces.ts';
import type { Term } from '../rdf/graph.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Agent, DatasetModel, Field, Text, Value } from '../dcat/model.ts';
import { safeHref } from '../dcat/safe.ts';
import { Reader, type Node } from '../dcat/read.ts';
import { resourceTerm } from '../dcat/entry.ts';
import { parseGeometry } from '../dcat/spatial.ts';

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
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const { dcterms, dcat, foaf } = NS;
const SCHEMA_HTTPS = 'https://schema.org/';
/** Longest description emitted (search engines read up to 5000 characters). */
const MAX_DESCRIPTION = 5000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const clean = (s: string): string => s.replace(CONTROL, '');

/** `http(s)` URLs only (safeHref also allows mailto, which no schema.org URL property here wants). */
function httpUrl(value: string | undefined): string | undefined {
  const href = safeHref(value);
  return href && /^https?:/i.test(href) ? href : undefined;
}

const fieldOf = (model: DatasetModel, key: Field['key']): readonly Value[] => model.fields.find((f) => f.key === key)?.values ?? [];

function valueText(v: Value): string | undefined {
  return v.kind === 'date' ? v.value : v.text.value.trim() || undefined;
}

function dateOf(model: DatasetModel, key: 'issued' | 'modified'): string | undefined {
  const v = fieldOf(model, key).find((x) => x.kind === 'date');
  return v?.kind === 'date' ? v.value : undefined;
}

/** An ISO 8601 date or date-time lexical form (what schema.org dates and intervals accept). */
function isoDate(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && /^-?\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/.test(v) ? v : undefined;
}

function agentJson(name: Text | undefined, homepage: string | undefined, person: boolean): JsonObject | undefined {
  if (!name?.value.trim()) return undefined;
  const url = httpUrl(homepage);
  return { '@type': person ? 'Person' : 'Organization', name: name.value.trim(), ...(url ? { url } : {}) };
}

function isPerson(reader: Reader | undefined, term: Term | undefined): boolean {
  if (!reader || !term) return false;
  const n = reader.node(term);
  return reader.hasType(n, `${foaf}Person`) || reader.hasType(n, `${SCHEMA_HTTPS}Person`) || reader.hasType(n, `${NS.schema}Person`);
}

function publisherJson(model: DatasetModel, reader: Reader | undefined, self: Node | undefined): JsonObject | undefined {
  const p: Agent | undefined = model.publisher;
  if (!p) return undefined;
  const term = self && reader ? reader.objects(self, `${dcterms}publisher`)[0] : undefined;
  return agentJson(p.name, p.homepage, isPerson(reader, term));
}

function creatorsJson(model: DatasetModel, reader: Reader | undefined, self: Node | undefined): JsonObject[] {
  if (reader && self) {
    return reader.objects(self, `${dcterms}creator`)
      .map((t) => {
        const a = reader.agent(t, self.graph);
        return agentJson(a.name, a.homepage, isPerson(reader, t));
      })
      .filter((x): x is JsonObject => !!x);
  }
  return fieldOf(model, 'creator')
    .map((v) => (v.kind === 'text' || v.kind === 'link' ? agentJson(v.text, v.kind === 'link' ? v.href : undefined, false) : undefined))
    .filter((x): x is JsonObject => !!x);
}

/** `start/end`, `start/..` or `../end` (ISO 8601 interval) from dcat:startDate/endDate (or schema:) of dcterms:temporal. */
function temporalJson(reader: Reader | undefined, self: Node | undefined): string | undefined {
  if (!reader || !self) return undefined;
  for (const t of reader.objects(self, `${dcterms}temporal`)) {
    if (t.termType === 'Literal') continue;
    const n = reader.node(t, self.graph);
    const first = (ps: string[]) => isoDate(reader.objectsOf(n, ps).find((o) => o.termType === 'Literal')?.value);
    const start = first([`${dcat}startDate`, `${NS.schema}startDate`, `${SCHEMA_HTTPS}startDate`]);
    const end = first([`${dcat}endDate`, `${NS.schema}endDate`, `${SCHEMA_HTTPS}endDate`]);
    if (start || end) return `${start ?? '..'}/${end ?? '..'}`;
  }
  return undefined;
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/**
 * Places of dcterms:spatial: with the entry, read from its graph (name = label, `url` for an http(s) place URI, `geo`
 * = GeoShape box of its geometry / dcat:bbox); without it, the named places of the view model.
 */
function spatialJson(model: DatasetModel, reader: Reader | undefined, self: Node | undefined): JsonObject[] {
  if (!reader || !self) {
    return fieldOf(model, 'spatial')
      .filter((v): v is Extract<Value, { kind: 'link' }> => v.kind === 'link')
      .map((v) => {
        const url = httpUrl(v.href);
        return { '@type': 'Place', name: v.text.value.trim(), ...(url ? { url } : {}) };
      });
  }
  const out: JsonObject[] = [];
  for (const place of reader.objects(self, `${dcterms}spatial`)) {
    const n = reader.node(place, self.graph);
    const geometryLiterals = place.termType === 'Literal'
      ? [place]
      : reader.objectsOf(n, [`${NS.locn}geometry`, `${dcat}bbox`]).filter((t) => t.termType === 'Literal');
    const box = geometryLiterals.map((l) => parseGeometry(l.value, l.datatype)?.bbox).find(Boolean);
    const name = place.termType === 'Literal' ? undefined : reader.label(place, self.graph)?.value.trim();
    const url = place.termType === 'NamedNode' ? httpUrl(place.value) : undefined;
    if (!name && !box && !url) continue;
    out.push({
      '@type': 'Place',
      ...(name ? { name } : {}),
      ...(url ? { url } : {}),
      // schema.org GeoShape box: "lat lon lat lon", the lower (south-west) corner first.
      ...(box ? { geo: { '@type': 'GeoShape', box: `${round(box[1])} ${round(box[0])} ${round(box[3])} ${round(box[2])}` } } : {}),
    });
  }
  return out;
}

const MIME = /^[a-z]+\/[a-z0-9][\w.+-]*$/i;

function distributionsJson(model: DatasetModel): JsonObject[] {
  const out: JsonObject[] = [];
  for (const d of model.distributions) {
    const contentUrl = d.files.map((f) => httpUrl(f.href)).find(Boolean) ?? httpUrl(d.accessUrl);
    if (!contentUrl) continue;
    const format = d.formats.find((f) => MIME.test(f.raw))?.raw ?? d.formats[0]?.label ?? d.files[0]?.format;
    out.push({
      '@type': 'DataDownload',
      ...(d.title?.value.trim() ? { name: d.title.value.trim() } : {}),
      ...(format ? { encodingFormat: format } : {}),
      contentUrl,
    });
  }
  return out;
}

/** The schema.org Dataset object (before serialisation). Exported for tests and hosts that merge their own data. */
export function datasetJsonLdObject(model: DatasetModel, opts: JsonLdOptions): JsonObject {
  const entry = opts.entry;
  const reader = entry ? new Reader(entry.metadata, opts.related ?? new Map(), model.title?.lang || 'en') : undefined;
  const self: Node | undefined = entry ? { graph: entry.metadata, term: resourceTerm(entry) } : undefined;
  const description = model.description.map((p) => p.value).join('\n\n').slice(0, MAX_DESCRIPTION);
  const identifiers = fieldOf(model, 'identifier').map(valueText).filter((x): x is string => !!x);
  const keywords = [...new Set(fieldOf(model, 'keyword').map(valueText).filter((x): x is string => !!x))];
  const licence = fieldOf(model, 'license').map((v) => (v.kind === 'link' ? httpUrl(v.href) ?? httpUrl(v.uri) : undefined) ?? valueText(v)).find(Boolean);
  const created = reader && self ? isoDate(reader.objects(self, `${dcterms}created`)[0]?.value) : undefined;
  const published = dateOf(model, 'issued');
  const modified = dateOf(model, 'modified');
  const url = httpUrl(opts.pageUrl);
  const id = httpUrl(model.uri);
  const publisher = publisherJson(model, reader, self);
  const creators = creatorsJson(model, reader, self);
  const temporal = temporalJson(reader, self);
  const spatial = spatialJson(model, reader, self);
  const distribution = distributionsJson(model);
  const catalogUrl = httpUrl(opts.catalog?.url);
  const catalogName = opts.catalog?.name?.trim();
  const obj: JsonObject = {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    ...(model.title?.value.trim() ? { name: model.title.value.trim() } : {}),
    ...(description ? { description } : {}),
    ...(url ? { url } : {}),
    ...(identifiers.length ? { identifier: identifiers.length === 1 ? identifiers[0]! : identifiers } : id ? { identifier: id } : {}),
    ...(id && id !== url ? { sameAs: id } : {}),
    ...(keywords.length ? { keywords } : {}),
    ...(licence ? { license: licence } : {}),
    ...(publisher ? { publisher } : {}),
    ...(creators.length ? { creator: creators.length === 1 ? creators[0]! : creators } : {}),
    ...(created ? { dateCreated: created } : {}),
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    ...(temporal ? { temporalCoverage: temporal } : {}),
    ...(spatial.length ? { spatialCoverage: spatial.length === 1 ? spatial[0]! : spatial } : {}),
    ...(distribution.length ? { distribution } : {}),
    ...(catalogName || catalogUrl
      ? { includedInDataCatalog: { '@type': 'DataCatalog', ...(catalogName ? { name: catalogName } : {}), ...(catalogUrl ? { url: catalogUrl } : {}) } }
      : {}),
  };
  return sanitise(obj) as JsonObject;
}

/** Every string without control characters (tab, CR, LF kept: JSON escapes them). */
function sanitise(value: Json): Json {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return value.map(sanitise);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [clean(k), sanitise(v)]));
  return value;
}

/** JSON text that is safe inside `<script>`: `<`, `>`, `&`, U+2028, U+2029 as `\uXXXX`. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The Dataset as script-safe JSON text for `placeJsonLd`. */
export function datasetJsonLd(model: DatasetModel, opts: JsonLdOptions): string {
  return scriptSafeJson(datasetJsonLdObject(model, opts));
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
