/**
 * JSON-LD for search engines (issue 9 point 8, behaviour doc §2.1): a schema.org `Dataset` built from the landing
 * page's view model, placed as ONE `<script type="application/ld+json">` in the document head.
 *
 * The metadata is untrusted and ends up inside a script element, so the JSON text is made script-safe: `<`, `>`,
 * `&`, U+2028 and U+2029 are written as `\uXXXX` escapes (no `</script>`, no `<!--`, no line terminators that old
 * parsers choke on), control characters other than tab and line breaks are dropped. The escapes are plain JSON:
 * `JSON.parse` of the text gives back exactly the intended object. Only http(s) URLs are emitted.
 *
 * Size: every dataset landing page downloads this module, so it is kept small (short messages, the view model's
 * values where it has them) and does not import the geometry reader (src/dcat/spatial.ts, a chunk of its own):
 * `datasetJsonLdText` loads that only when the dataset has a geometry.
 */
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';
import type { DatasetModel, Field, Text } from '../dcat/model.ts';
import { safeHref } from '../dcat/safe.ts';
import { resourceTerm } from '../dcat/entry.ts';
import { lexicalPrecision, ValueReader } from '../dcat/read-values.ts';

/** A geometry literal's bounding box `[west, south, east, north]`, if any: src/dcat/spatial.ts parseGeometry. */
export type GeometryBox = (value: string, datatype?: string) => { readonly bbox: readonly number[] } | undefined;

export interface JsonLdOptions {
  /** The landing page's URL (the Dataset's `url`). */
  readonly pageUrl: string;
  /**
   * The dataset's entry and the related entries of the landing lookup (optional, additive to the contract): what the
   * view model has formatted away, the temporal coverage's dates and the places with their geometry. Without the
   * entry those two properties are left out.
   */
  readonly entry?: StoreEntry;
  readonly related?: ReadonlyMap<string, StoreEntry>;
  /** Reads geometry literals (a place's GeoShape box); without it they are left out (`datasetJsonLdText` passes it when needed). */
  readonly geometry?: GeometryBox;
}

type JsonObject = { [key: string]: unknown };
/** Any row value (model.ts Value) read loosely: a date has `value`, the others `text`, links `href` (already safe). */
type Loose = { readonly text?: Text; readonly value?: string; readonly href?: string; readonly uri?: string };

/** `http(s)` URLs only (safeHref also allows mailto, which no schema.org URL property here wants). */
const httpUrl = (value: string | undefined): string | undefined => {
  const href = safeHref(value);
  return href && /^https?:/i.test(href) ? href : undefined;
};
const trimmed = (t: Text | undefined): string | undefined => t?.value.trim() || undefined;
/** undefined for none, the value for one, else the list (schema.org takes either). */
const oneOrMany = <T>(xs: T[]): T | T[] => (xs.length > 1 ? xs : xs[0]!);
/** A date or date-time lexical form (xsd:date … xsd:dateTime, gYear, gYearMonth: what schema.org intervals accept). */
const isoDate = (value: string | undefined): string | undefined => (value && lexicalPrecision(value) ? value : undefined);
/** An agent (publisher, creator): schema.org wants a type; catalogs name organisations far more often than people. */
const agentJson = (name: Text | undefined, homepage: string | undefined): unknown =>
  trimmed(name) && { '@type': 'Organization', name: trimmed(name), url: httpUrl(homepage) };

/** The schema.org Dataset object (before serialisation). Exported for tests and hosts that merge their own data. */
export function datasetJsonLdObject(model: DatasetModel, { pageUrl, entry, related, geometry }: JsonLdOptions): JsonObject {
  const url = httpUrl(pageUrl);
  const values = (key: Field['key']) => (model.fields.find((f) => f.key === key)?.values ?? []) as readonly Loose[];
  const texts = (key: Field['key']) => values(key).map((v) => trimmed(v.text) ?? v.value).filter(Boolean) as string[];
  const dateOf = (key: Field['key']) => values(key).find((v) => v.value)?.value;
  const obj: JsonObject = {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    name: trimmed(model.title),
    description: model.description.map((p) => p.value).join('\n\n').slice(0, 5000) || undefined,
    url,
    identifier: oneOrMany(texts('identifier')) ?? httpUrl(model.uri),
    keywords: [...new Set(texts('keyword'))],
    license: values('license').map((v) => httpUrl(v.href) ?? httpUrl(v.uri) ?? trimmed(v.text))[0],
    publisher: agentJson(model.publisher?.name, model.publisher?.homepage),
    creator: oneOrMany(values('creator').map((v) => agentJson(v.text, v.href)).filter(Boolean)),
    datePublished: dateOf('issued'),
    dateModified: dateOf('modified'),
    distribution: model.distributions.map((d) => {
      const contentUrl = d.files.map((f) => httpUrl(f.href)).find(Boolean) ?? httpUrl(d.accessUrl);
      return contentUrl && {
        '@type': 'DataDownload',
        name: trimmed(d.title),
        encodingFormat: d.formats.find((f) => /^[a-z]+\/[a-z0-9][\w.+-]*$/i.test(f.raw))?.raw ?? d.formats[0]?.label ?? d.files[0]?.format,
        contentUrl,
      };
    }).filter(Boolean),
  };
  if (entry) {
    // What the view model has formatted away (the period's dates, the places' geometry) is read from the graph.
    const r = new ValueReader(entry.metadata, related ?? new Map(), model.title?.lang || 'en');
    const self = { graph: entry.metadata, term: resourceTerm(entry) };
    const objects = (p: string) => r.objects(self, `${NS.dcterms}${p}`);
    // `start/end`, `start/..` or `../end` (ISO 8601 interval) from the period's dates as the landing page reads them
    // (dcat:startDate/endDate, schema:, time:hasBeginning/hasEnd) of dcterms:temporal
    for (const t of objects('temporal')) {
      const n = r.node(t, self.graph);
      const [start, end] = [r.periodDate(n, 'start', 'Beginning'), r.periodDate(n, 'end', 'End')].map(isoDate);
      obj.temporalCoverage ??= (start || end) && `${start ?? '..'}/${end ?? '..'}`;
    }
    // Places of dcterms:spatial: name = label, `url` for an http(s) place URI, `geo` = GeoShape box of its geometry / dcat:bbox
    obj.spatialCoverage = oneOrMany(objects('spatial').map((place) => {
      const node = place.termType !== 'Literal';
      const box = (node ? r.objectsOf(r.node(place, self.graph), [`${NS.locn}geometry`, `${NS.dcat}bbox`]) : [place])
        .map((l) => (l.termType === 'Literal' ? geometry?.(l.value, l.datatype)?.bbox : undefined)).find(Boolean);
      const name = node ? trimmed(r.label(place, self.graph)) : undefined;
      const placeUrl = place.termType === 'NamedNode' ? httpUrl(place.value) : undefined;
      // schema.org GeoShape box: "lat lon lat lon", the lower (south-west) corner first.
      return (name || box || placeUrl) && { '@type': 'Place', name, url: placeUrl, geo: box && { '@type': 'GeoShape', box: [1, 0, 3, 2].map((i) => Math.round(box[i]! * 1e6) / 1e6).join(' ') } };
    }).filter(Boolean));
  }
  // Through JSON: properties without a value (undefined, empty list) left out, every string without control
  // characters (tab, CR, LF kept).
  // eslint-disable-next-line no-control-regex
  return JSON.parse(JSON.stringify(obj, (_, v: unknown) => (typeof v === 'string' ? v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '') : Array.isArray(v) && !v.length ? undefined : v))) as JsonObject;
}

/** JSON text that is safe inside `<script>`: `<`, `>`, `&`, U+2028, U+2029 as `\uXXXX`. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The Dataset as script-safe JSON text for `placeJsonLd` (geometry literals read only when `opts.geometry` is given). */
export const datasetJsonLd = (model: DatasetModel, opts: JsonLdOptions): string => scriptSafeJson(datasetJsonLdObject(model, opts));

/**
 * `datasetJsonLd` with the places' GeoShape boxes: the geometry reader (src/dcat/spatial.ts) is loaded only when the
 * dataset has a geometry literal (most have none).
 */
export async function datasetJsonLdText(model: DatasetModel, opts: JsonLdOptions): Promise<string> {
  let seen = false;
  const text = datasetJsonLd(model, { ...opts, geometry: () => void (seen = true) });
  return seen ? datasetJsonLd(model, { ...opts, geometry: (await import('../dcat/spatial.ts')).parseGeometry }) : text;
}

// ---- placing the script -------------------------------------------------------------------------------------------

type Policy = { createScript(input: string): unknown };
type TrustedTypesWindow = Window & { trustedTypes?: { createPolicy(name: string, rules: { createScript(input: string): string }): Policy } };

export const JSONLD_POLICY_NAME = 'catalog-blocks-jsonld';
/** Per window: the policy, or null when the page's CSP refused it (then JSON-LD is skipped there). */
const policies = new WeakMap<object, Policy | null>();
const placed = new WeakMap<Element, HTMLScriptElement>();

/** Removes the script `placeJsonLd` placed for `owner`, if any. */
export const removeJsonLd = (owner: Element): void => placed.get(owner)?.remove();

/**
 * Adds ONE `<script type="application/ld+json">` with `json` to the owner's document head (replacing the one this
 * owner placed before) and returns a function that removes it. When the page's Trusted Types refuse our policy,
 * nothing is placed (one console warning per page) and the returned function does nothing.
 *
 * Under Trusted Types a script's text needs a TrustedScript: our policy returns the JSON unchanged (a JSON-LD script
 * is data, never executed).
 */
export function placeJsonLd(owner: Element, json: string): () => void {
  const doc = owner.ownerDocument;
  const win = doc.defaultView as TrustedTypesWindow | null;
  removeJsonLd(owner);
  let policy = win && policies.get(win);
  if (win?.trustedTypes && policy === undefined) {
    try {
      policy = win.trustedTypes.createPolicy(JSONLD_POLICY_NAME, { createScript: (input) => input });
    } catch (e) {
      policy = null;
      console.warn(`[catalog-blocks] JSON-LD left out: Trusted Types refused the policy "${JSONLD_POLICY_NAME}"`, e);
    }
    policies.set(win, policy);
  }
  if (policy === null) return () => {};
  const script = doc.createElement('script');
  script.type = 'application/ld+json';
  script.text = (policy ? policy.createScript(json) : json) as string;
  (doc.head ?? doc.documentElement).append(script);
  placed.set(owner, script);
  return () => script.remove();
}
