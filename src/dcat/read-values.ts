/**
 * Row values for the landing pages' view models (dataset.ts, dataservice.ts, distribution.ts): literals, dates,
 * links, related entries, agents, contact points, periods and places, read with `ValueReader`. Apart from read.ts
 * so that a search page, which needs only titles, labels and agents, does not load it.
 */
import type { Graph, Term } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import { msg } from '../i18n/index.ts';
import { pickLiterals } from '../rdf/literal.ts';
import type { StoreEntry } from '../store/types.ts';
import { formatDate } from '../i18n/format.ts';
import type { Agent, Field, FieldKey, Text, Value } from './model.ts';
import { mailtoHref, safeHref } from './safe.ts';
import { htmlText } from './text.ts';
import { addVocabRows, LANGS, vocabText, type Loaders, type VocabRow } from './vocab.ts';
import { entryKind } from './kind.ts';
import { isLiteral, LABEL_PROPERTIES, Reader, toText, TITLE_PROPERTIES, uriTail, type Node } from './read.ts';
import { defined } from './defined.ts';

/** A text row value; `lang` '' for values in no language (codes, numbers, addresses). Cleaned like every literal. */
export const textValue = (value: string, lang = ''): Value => ({ kind: 'text', text: { value: htmlText(value), lang } });
const TIME = 'http://www.w3.org/2006/time#';
const SCHEMA_HTTPS = 'https://schema.org/';

/** A GeoNames place by the EU country it is (vocab/more.ts): set when the labels only landing pages show load. */
let placeValue: ((r: Reader, term: Term, within?: Graph) => Value | undefined) | undefined;
const MORE = new Map<string, Loaders>();
// Names landing pages show that a search page's initial code need not know (issue 28 point 4): EU countries, GeoNames
// places named as the EU country they are, GEMET concepts; one lazy chunk (vocab/more.ts) picks their chunks. One set of
// loaders per chunk: a namespace, a GEMET shard (concept number % 16). An English page shows a GeoNames place by the
// metadata's own English name ("Sweden"@en) and loads nothing for it.
addVocabRows(...['publications.europa.eu/resource/authority/country/', 'sws.geonames.org/', 'www.geonames.org/', 'geonames.org/',
  'www.eionet.europa.eu/gemet/concept/'].map((prefix): VocabRow => [prefix, (key) => {
  const k = prefix + (key == '*' ? key : prefix.includes('gemet') ? +key.slice(prefix.length) % 16 : '');
  let loaders = MORE.get(k);
  if (!loaders) {
    MORE.set(k, loaders = LANGS.map((l) => l == 'en' && prefix.includes('geon') ? () => Promise.resolve([]) : () => import('./vocab/more.ts').then((m) => {
      placeValue = m.placeValue;
      return m.chunksFor(k, l);
    })));
  }
  return loaders;
}]));

export class ValueReader extends Reader {
  /** The related entry whose resource URI is this term, if any. */
  entryOf(term: Term): StoreEntry | undefined {
    return term.termType === 'NamedNode' ? this.related.get(term.value) : undefined;
  }

  /** Publisher / creator: name, email (foaf:mbox), homepage; from the related entry or the graph. */
  override agent(term: Term, within?: Graph): Agent {
    const n = this.node(term, within);
    const email = this.objectsOf(n, [`${NS.foaf}mbox`, `${NS.vcard}hasEmail`, `${NS.schema}email`])
      .map((t) => mailtoHref(t.value)).find(Boolean);
    const homepage = this.objectsOf(n, [`${NS.foaf}homepage`, `${NS.foaf}page`, `${NS.schema}url`, `${NS.vcard}hasURL`])
      .map((t) => safeHref(t.value)).find(Boolean);
    return defined({ ...super.agent(term, within), email, homepage });
  }

  /** Label with §4.6's last resort: the last URI segment when the URI is longer than 15 characters, else the URI. */
  display(term: Term, within?: Graph): Text | undefined {
    return this.label(term, within) ?? (term.termType === 'NamedNode' ? { value: uriTail(term.value), lang: '' } : undefined);
  }

  /**
   * One row value for a term. Literals: typed dates become `date` values; with `url`, a safe http(s) literal becomes
   * a link. URIs: a link labelled per §4.6 (`url`: labelled by the graph's label or the URL itself, for pages and
   * endpoints), or an `entry` when it is a dataset / series / service of the catalog. Blank nodes: their label as
   * text, or nothing when they have none.
   */
  value(term: Term, within?: Graph, opts: { url?: boolean; entries?: boolean } = {}): Value | undefined {
    if (term.termType === 'Literal') {
      const date = dateValue(term);
      if (date) return date;
      if (!term.value.trim()) return undefined;
      // Harvested data sometimes writes vocabulary URIs as plain strings ("…/language/DEU").
      const known = /^https?:\/\//i.test(term.value.trim()) ? vocabText(term.value, this.lang) : undefined;
      if (known) {
        const href = safeHref(term.value);
        return defined<Value>({ kind: 'link', text: known, href, uri: term.value.trim() });
      }
      const href = opts.url ? safeHref(term.value) : undefined;
      if (href) return { kind: 'link', text: { value: toText(term).value.trim(), lang: '' }, href };
      return { kind: 'text', text: toText(term) }; // long ones get "Show more" where they are rendered
    }
    if (term.termType === 'BlankNode') {
      const t = this.label(term, within);
      return t ? { kind: 'text', text: t } : undefined;
    }
    if (opts.entries) {
      const entry = this.entryOf(term);
      if (entry && entryKind(entry) !== 'other') return this.entryValue(term, within);
    }
    const text = opts.url ? (this.label(term, within) ?? { value: htmlText(term.value), lang: '' }) : this.display(term, within)!;
    const href = safeHref(term.value);
    return defined<Value>({ kind: 'link', text, href, uri: term.value });
  }

  /** A reference to another dataset / series / service: its title from the related entry, linked by the block. */
  entryValue(term: Term, within?: Graph): Value {
    const entry = this.entryOf(term);
    const n = this.node(term, within);
    const text = this.text(n, TITLE_PROPERTIES) ?? this.display(term, within) ?? { value: htmlText(term.value), lang: '' };
    return defined({ kind: 'entry', text, resourceUri: term.value, contextId: entry?.contextId, entryId: entry?.entryId });
  }

  /** Values of predicates on a node, empty ones dropped, duplicates (same kind and text) dropped. */
  values(n: Node, predicates: readonly string[], opts: { url?: boolean; entries?: boolean } = {}): Value[] {
    return dedupe(this.objectsOf(n, predicates).map((t) => this.value(t, n.graph, opts)));
  }

  /**
   * A literal-valued multi-language property (keywords): every literal of the best language group (plus untagged)
   * as text.
   */
  textValues(n: Node, predicate: string): Value[] {
    return pickLiterals(this.objects(n, predicate).filter(isLiteral), this.lang)
      .filter((t) => t.value.trim())
      .map((t) => ({ kind: 'text', text: toText(t) }));
  }

  /** An agent as a row value: the name, linked to the homepage when there is a safe one. */
  agentValue(term: Term, within?: Graph): Value | undefined {
    const a = this.agent(term, within);
    const text = a.name ?? (term.termType === 'NamedNode' ? this.display(term, within) : undefined);
    if (!text) return undefined;
    return a.homepage ? defined<Value>({ kind: 'link', text, href: a.homepage, uri: a.uri || undefined }) : { kind: 'text', text };
  }

  /**
   * A contact point as row values: the name (vcard:fn, else organisation name or label), each email as a mailto link
   * showing the address, each web address as a link, each telephone number as text.
   */
  contactValues(term: Term, within?: Graph): Value[] {
    if (term.termType === 'Literal') {
      const mail = mailtoHref(term.value);
      if (mail) return [{ kind: 'link', text: { value: mail.slice('mailto:'.length), lang: '' }, href: mail }];
      const v = this.value(term, within, { url: true });
      return v ? [v] : [];
    }
    const n = this.node(term, within);
    const out: Value[] = [];
    const name = this.text(n, [`${NS.vcard}fn`, `${NS.vcard}organization-name`, ...LABEL_PROPERTIES]);
    if (name) out.push({ kind: 'text', text: name });
    // an email or telephone object is the value itself or a node with vcard:hasValue
    const valueOf = (t: Term): string | undefined =>
      t.termType === 'BlankNode' ? this.objects(this.node(t, n.graph), `${NS.vcard}hasValue`)[0]?.value : t.value;
    for (const e of this.objects(n, `${NS.vcard}hasEmail`)) {
      const href = mailtoHref(valueOf(e));
      if (href) out.push({ kind: 'link', text: { value: href.slice('mailto:'.length), lang: '' }, href });
    }
    for (const u of this.objects(n, `${NS.vcard}hasURL`)) {
      const href = safeHref(u.value);
      if (href) out.push({ kind: 'link', text: { value: htmlText(u.value.trim()), lang: '' }, href });
    }
    for (const t of this.objects(n, `${NS.vcard}hasTelephone`)) {
      const number = valueOf(t)?.replace(/^tel:/i, '').trim();
      if (number) out.push(textValue(number));
    }
    if (out.length === 0 && term.termType === 'NamedNode') {
      const v = this.value(term, within);
      if (v) out.push(v);
    }
    return dedupe(out);
  }

  /**
   * `dcterms:temporal` as text a reader understands: "3 May 2020 – 31 December 2024", "from 3 May 2020",
   * "until 2024" (dates formatted in the UI language); a period without dates shows its label.
   */
  temporalValue(term: Term, within?: Graph): Value | undefined {
    if (term.termType === 'Literal') return this.value(term, within);
    const n = this.node(term, within);
    const start = this.periodEnd(n, 'start', 'Beginning');
    const end = this.periodEnd(n, 'end', 'End');
    let value: string | undefined;
    if (start && end) value = `${start} – ${end}`;
    else if (start) value = msg(this.ui, 'value.temporalFrom', { start });
    else if (end) value = msg(this.ui, 'value.temporalUntil', { end });
    return value ? textValue(value, this.ui) : this.value(term, within);
  }

  /**
   * The date (lexical form, trimmed) of one end of a period: dcat:/schema: `<end>Date`, else the date of its
   * time:has`<Instant>`. Also what the JSON-LD for search engines reads (src/rich/jsonld.ts).
   */
  periodDate(n: Node, end: 'start' | 'end', instantOf: 'Beginning' | 'End'): string | undefined {
    let lit = this.objectsOf(n, [NS.dcat, NS.schema, SCHEMA_HTTPS].map((ns) => `${ns}${end}Date`)).find(isLiteral);
    if (!lit) {
      const instant = this.objects(n, `${TIME}has${instantOf}`)[0];
      if (instant) {
        lit = this.objectsOf(this.node(instant, n.graph), [
          `${TIME}inXSDDate`, `${TIME}inXSDDateTimeStamp`, `${TIME}inXSDDateTime`, `${TIME}inXSDgYear`, `${TIME}inXSDgYearMonth`,
        ]).find(isLiteral);
      }
    }
    return lit?.value.trim() || undefined;
  }

  /** One end of a period for people (`periodDate` formatted in the UI language). */
  private periodEnd(n: Node, end: 'start' | 'end', instantOf: 'Beginning' | 'End'): string | undefined {
    const value = this.periodDate(n, end, instantOf);
    if (!value) return undefined;
    const precision = lexicalPrecision(value);
    // Coverage bounds at midnight are dates ("2019-03-01T00:00:00Z"): shown as the date written, in no time zone.
    if (precision === 'time' && /T00:00(:00(\.0+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
      return formatDate(value.slice(0, 10), 'day', this.ui);
    }
    return precision ? formatDate(value, precision, this.ui) : value;
  }

  /**
   * `dcterms:spatial`: a URI by label; a location node by its name, or "Geometry" when it only carries a geometry /
   * bounding box (never dumped: a WKT or GML literal can be megabytes); a literal as text unless it is a geometry.
   */
  spatialValue(term: Term, within?: Graph): Value | undefined {
    const geometry = textValue(msg(this.ui, 'value.geometry'), this.ui);
    if (term.termType === 'Literal') return looksLikeGeometry(term) ? geometry : this.value(term, within);
    if (term.termType === 'NamedNode') return placeValue?.(this, term, within) ?? this.value(term, within);
    const n = this.node(term, within);
    const name = this.text(n, [`${NS.locn}geographicName`, ...LABEL_PROPERTIES]);
    if (name) return { kind: 'text', text: name };
    const hasGeometry = this.objectsOf(n, [`${NS.locn}geometry`, `${NS.dcat}bbox`, `${NS.dcat}centroid`]).length > 0;
    return hasGeometry ? geometry : undefined;
  }

}

const DATE_TYPES = new Set([
  `${NS.xsd}date`, `${NS.xsd}dateTime`, `${NS.xsd}dateTimeStamp`, `${NS.xsd}gYear`, `${NS.xsd}gYearMonth`,
]);

/** Precision told by the lexical form itself (datatypes are often wrong in harvested data), or undefined. */
export function lexicalPrecision(lexical: string): 'year' | 'month' | 'day' | 'time' | undefined {
  const v = lexical.trim();
  if (/^-?\d{4}(Z|[+-]\d{2}:\d{2})?$/.test(v)) return 'year';
  if (/^-?\d{4}-\d{2}(Z|[+-]\d{2}:\d{2})?$/.test(v)) return 'month';
  if (/^-?\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/.test(v)) return 'day';
  if (/^-?\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v)) return 'time';
  return undefined;
}

/** A typed date literal → `date` value (precision from its lexical form); untyped or unreadable → undefined. */
export function dateValue(t: Term): Value | undefined {
  if (t.termType !== 'Literal' || !DATE_TYPES.has(t.datatype ?? '')) return undefined;
  const precision = lexicalPrecision(t.value);
  return precision ? { kind: 'date', value: t.value.trim(), precision } : undefined;
}

function looksLikeGeometry(t: Term): boolean {
  const v = t.value.trim();
  return (
    v.length > 200 ||
    /^(<[^>]+>\s*)?((MULTI)?(POINT|LINESTRING|POLYGON)|GEOMETRYCOLLECTION|ENVELOPE)\s*Z?M?\s*\(/i.test(v) ||
    /^\{\s*"type"\s*:/.test(v) ||
    /^<gml:/i.test(v) ||
    /(wktLiteral|gmlLiteral|geoJSONLiteral)$/i.test(t.datatype ?? '')
  );
}

function valueKey(v: Value): string {
  switch (v.kind) {
    case 'date': return `d|${v.value}`;
    case 'entry': return `e|${v.resourceUri}`;
    // http and https variants of one URI with the same label are one value
    case 'link': return `l|${v.text.value}|${v.href?.replace(/^https?:/i, '') ?? ''}`;
    default: return `t|${v.text.value}`;
  }
}

export function dedupe(values: readonly (Value | undefined)[]): Value[] {
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const v of values) {
    if (!v) continue;
    const k = valueKey(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

/**
 * The row `key` of the values of the property named like it (`ns` + `key`: `issued` is dcterms:issued), appended to
 * `fields` by the function this returns.
 */
export const namedFields = (fields: Field[], r: ValueReader, n: Node) =>
  (key: FieldKey, ns: string = NS.dcterms, opts?: { url?: boolean; entries?: boolean }): void => pushField(fields, key, r.values(n, [ns + key], opts));

/** Appends a row when it has values (rows without values are never shown). */
export function pushField(fields: Field[], key: FieldKey, values: readonly Value[]): void {
  if (values.length > 0) fields.push({ key, values });
}
