/** One entry → its Solr document: field name → values (§2.2). Dates and longs as decimal strings (epoch ms / integer). */
import type { Triple } from '../../rdf/graph.ts';
import { NS } from '../../rdf/namespaces.ts';
import type { DevStore, Entry } from '../catalog.ts';
import { parseSolrDate, predicateHash } from './fields.ts';

const RDF_TYPE = `${NS.rdf}type`;
const TITLE_PREDICATES = new Set([
  `${NS.foaf}name`, `${NS.vcard}fn`, `${NS.dcterms}title`, `${NS.dc}title`, `${NS.skos}prefLabel`, `${NS.skos}altLabel`,
  `${NS.skos}hiddenLabel`, `${NS.rdfs}label`, `${NS.schema}name`,
]);
const DESCRIPTION_PREDICATES = new Set([`${NS.dcterms}description`, `${NS.dc}description`]);
const TAG_PREDICATES = new Set([`${NS.dcterms}subject`, `${NS.dc}subject`, `${NS.dcat}keyword`]);
const TAG_URI_PREDICATES = new Set([`${NS.dcterms}subject`, `${NS.dc}subject`]);
const LANGUAGE_PREDICATES = new Set([`${NS.dcterms}language`, `${NS.dc}language`]);
const INTEGER_TYPES = new Set(
  ['integer', 'int', 'long', 'short', 'byte', 'nonNegativeInteger', 'positiveInteger', 'nonPositiveInteger', 'negativeInteger',
    'unsignedLong', 'unsignedInt', 'unsignedShort', 'unsignedByte', 'gYear'].map((t) => `${NS.xsd}${t}`),
);
const DATE_TYPES = new Set(['date', 'dateTime', 'dateTimeStamp', 'gYear', 'gYearMonth', 'gDay', 'gMonth'].map((t) => `${NS.xsd}${t}`));

export type DocFields = Map<string, string[]>;

/**
 * EntryStore's `entrystore.solr.related.properties` as EntryScape catalogs configure it: a dataset / data service
 * document also carries the metadata of its distributions (same context) under `related.metadata.predicate.*`, so
 * facets and filters on formats and licences (which DCAT puts on distributions) work on datasets.
 */
export const RELATED_PROPERTIES: ReadonlySet<string> = new Set([`${NS.dcat}distribution`]);

/** Entries whose `related.*` fields include `entry`'s metadata (to re-index them when it changes). */
export function relatedDependents(store: DevStore, entry: Entry): Entry[] {
  // From the entries' own metadata, not the relations graph: EntryStore computes no relations for harvested IRIs.
  const out: Entry[] = [];
  for (const e of store.contexts.get(entry.contextId)?.entries.values() ?? []) {
    if (e !== entry && e.metadata.some((t) => t.subject.value === e.resourceUri && RELATED_PROPERTIES.has(t.predicate) && t.object.value === entry.resourceUri)) out.push(e);
  }
  return out;
}

/** xsd:date/dateTime/gYear… lexical → epoch ms (no time zone = UTC). gDay/gMonth use year 1970. */
function dateLiteralMs(value: string, datatype: string): number | undefined {
  const v = value.trim();
  if (datatype.endsWith('#gDay')) return parseSolrDate(`1970-01-${v.replace(/^---/, '').slice(0, 2)}`);
  if (datatype.endsWith('#gMonth')) return parseSolrDate(`1970-${v.replace(/^--/, '').slice(0, 2)}`);
  const m = /^(-?\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?)?)?)(Z|[+-]\d{2}:\d{2})?$/.exec(v);
  if (!m) return undefined;
  return parseSolrDate(`${m[1]}${m[2] ?? ''}`);
}

/**
 * Who may read an entry's metadata: the dev store has no ACLs (every entry is guest-readable), so every entry shares
 * one. Kept as a function so the related rule below reads as EntryStore's.
 */
const readAcl = (_entry: Entry): string => 'guest';

type PredicatePrefix = 'metadata.predicate' | 'related.metadata.predicate';
interface PredicateFields {
  readonly uri: string;
  readonly literalS: string;
  readonly literal: string;
  readonly literalT: string;
  readonly integer: string;
  readonly date: string;
}
/**
 * The dynamic field names of each predicate, made once: a catalog has a few dozen predicates and a million triples,
 * and a fresh name per triple would be a fresh string to hash for every posting.
 */
const predicateFieldNames: Record<PredicatePrefix, Map<string, PredicateFields>> = { 'metadata.predicate': new Map(), 'related.metadata.predicate': new Map() };
function predicateFields(prefix: PredicatePrefix, predicate: string): PredicateFields {
  const names = predicateFieldNames[prefix];
  let f = names.get(predicate);
  if (!f) {
    const h = predicateHash(predicate);
    f = {
      uri: `${prefix}.uri.${h}`,
      literalS: `${prefix}.literal_s.${h}`,
      literal: `${prefix}.literal.${h}`,
      literalT: `${prefix}.literal_t.${h}`,
      integer: `${prefix}.integer.${h}`,
      date: `${prefix}.date.${h}`,
    };
    names.set(predicate, f);
  }
  return f;
}
/** `title.<lang>` and friends, one string per language. */
const langFieldNames = new Map<string, { title: string; description: string; tag: string }>();
function langFields(lang: string): { title: string; description: string; tag: string } {
  let f = langFieldNames.get(lang);
  if (!f) langFieldNames.set(lang, (f = { title: `title.${lang}`, description: `description.${lang}`, tag: `tag.literal.${lang}` }));
  return f;
}

/** `related`: index `related.*` (`--solr-related`), else leave them out as a default EntryStore does. */
export function buildDocument(store: DevStore, entry: Entry, related = false): DocFields {
  const f: DocFields = new Map();
  const add = (name: string, value: string): void => {
    const list = f.get(name);
    if (list) list.push(value);
    else f.set(name, [value]);
  };
  const setSingle = (name: string, value: string): void => void f.set(name, [value]);

  add('uri', entry.entryUri);
  add('resource', entry.resourceUri);
  add('context', `${store.baseUrl}${entry.contextId}`);
  add('public', 'true');
  add('entryType', entry.entryType);
  add('graphType', 'None');
  add('resourceType', entry.resourceType);
  add('created', String(entry.created.getTime()));
  add('modified', String(entry.modified.getTime()));

  const types = new Set<string>(store.infoTypes(entry));

  const res = entry.resourceUri;
  let given: string | undefined;
  let family: string | undefined;
  for (const t of entry.metadata) {
    if (t.subject.termType === 'NamedNode' && t.subject.value === res) indexResourceTriple(t);
    indexAnyTriple(t, 'metadata.predicate');
  }
  // SolrSearchIndex.addRelatedFields (l. 912–962 @ c483f900): same context, and only when both entries have the same
  // metadata-read ACL (a private distribution never leaks into a public dataset's document)
  const relatedEntries = new Set<Entry>();
  for (const t of related ? entry.metadata : []) {
    if (t.subject.value !== res || !RELATED_PROPERTIES.has(t.predicate) || t.object.termType !== 'NamedNode') continue;
    for (const r of store.entriesByResource(t.object.value)) {
      if (r !== entry && r.contextId === entry.contextId && readAcl(r) === readAcl(entry)) relatedEntries.add(r);
    }
  }
  for (const r of relatedEntries) for (const t of r.metadata) indexAnyTriple(t, 'related.metadata.predicate');
  if (given && family) add('title', `${given} ${family}`);
  for (const ty of types) add('rdfType', ty);
  for (const name of ['title', 'description', 'tag.literal']) for (const v of f.get(name) ?? []) add('all', v);
  return f;

  function indexResourceTriple(t: Triple): void {
    const o = t.object;
    if (t.predicate === RDF_TYPE && o.termType === 'NamedNode') types.add(o.value);
    if (o.termType === 'Literal') {
      const lang = o.language;
      if (TITLE_PREDICATES.has(t.predicate)) {
        add('title', o.value);
        const key = lang ? langFields(lang).title : 'title.nolang';
        if (!f.has(key)) setSingle(key, o.value);
      }
      if (DESCRIPTION_PREDICATES.has(t.predicate)) {
        add('description', o.value);
        if (lang) add(langFields(lang).description, o.value);
      }
      if (TAG_PREDICATES.has(t.predicate)) {
        add('tag.literal', o.value);
        if (lang) add(langFields(lang).tag, o.value);
      }
      if (LANGUAGE_PREDICATES.has(t.predicate)) add('lang', o.value);
      if (t.predicate === `${NS.foaf}givenName`) given = o.value;
      if (t.predicate === `${NS.foaf}familyName`) family = o.value;
    } else if (o.termType === 'NamedNode' && TAG_URI_PREDICATES.has(t.predicate)) add('tag.uri', o.value);
    if (t.predicate === `${NS.foaf}mbox` && o.termType !== 'BlankNode') add('email', o.value);
  }

  function indexAnyTriple(t: Triple, prefix: PredicatePrefix): void {
    const o = t.object;
    if (o.termType === 'BlankNode') return;
    const names = predicateFields(prefix, t.predicate);
    const own = prefix === 'metadata.predicate';
    if (o.termType === 'NamedNode') {
      if (own) add('metadata.object.uri', o.value);
      add(names.uri, o.value);
    } else {
      if (!o.datatype && own) add('metadata.object.literal', o.value);
      add(names.literalS, o.value);
      add(names.literal, o.value);
      add(names.literalT, o.value);
      if (!o.datatype) return;
      if (INTEGER_TYPES.has(o.datatype)) {
        const v = o.value.trim();
        if (/^[+-]?\d+$/.test(v) || (o.datatype.endsWith('#gYear') && /^-?\d{4}/.test(v))) setSingle(names.integer, String(parseInt(v, 10)));
      }
      if (DATE_TYPES.has(o.datatype)) {
        const ms = dateLiteralMs(o.value, o.datatype);
        if (ms !== undefined) setSingle(names.date, String(ms));
      }
    }
  }
}
