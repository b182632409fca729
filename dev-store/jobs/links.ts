/**
 * How files, distributions and API distributions hang together in the catalog (entrystore-api.md §6.3), and the
 * catalog changes of a committed job. Every change goes through DevStore, so the search index and relations follow.
 */
import type { Term, Triple } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import type { DevStore, Entry, EntryKind } from '../../src/catalog-engine/catalog.ts';

const DCAT_DOWNLOAD = `${NS.dcat}downloadURL`;
const DCAT_ACCESS = `${NS.dcat}accessURL`;
const DCT_SOURCE = `${NS.dcterms}source`;
const DCT_MODIFIED = `${NS.dcterms}modified`;
const RDF_TYPE = `${NS.rdf}type`;
const SERVICE_DISTRIBUTION = `${NS.esterms}ServiceDistribution`;

/** Any entry with this resource URI and kind (Local or harvested Link entries alike). */
export function entryOfKind(store: DevStore, resourceUri: string, kind: EntryKind): Entry | undefined {
  return store.entriesByResource(resourceUri).find((e) => e.kind === kind);
}

function objectsOf(e: Entry, predicate: string): string[] {
  return e.metadata.filter((t) => t.subject.value === e.resourceUri && t.predicate === predicate && t.object.termType === 'NamedNode').map((t) => t.object.value);
}

function hasType(e: Entry, type: string): boolean {
  return e.metadata.some((t) => t.subject.value === e.resourceUri && t.predicate === RDF_TYPE && t.object.value === type);
}

export interface ApiDistribution {
  /** The API distribution A. */
  readonly api: Entry;
  /** A's `dcterms:source` (D's resource URI). */
  readonly sourceUri: string;
  /** D, when it is an entry of this store. */
  readonly source: Entry | undefined;
}

/** §6.3 detection: A has `dcterms:source` and (a `dcat:accessURL` or type esterms:ServiceDistribution). */
export function apiDistributions(store: DevStore): ApiDistribution[] {
  const out: ApiDistribution[] = [];
  for (const e of store.entries()) {
    if (e.kind !== 'distribution') continue;
    const sources = objectsOf(e, DCT_SOURCE);
    if (sources.length === 0) continue;
    if (objectsOf(e, DCAT_ACCESS).length === 0 && !hasType(e, SERVICE_DISTRIBUTION)) continue;
    for (const sourceUri of sources) out.push({ api: e, sourceUri, source: entryOfKind(store, sourceUri, 'distribution') });
  }
  return out;
}

/** The API distributions fed by distribution D. */
export function apiDistributionsOf(store: DevStore, d: Entry): Entry[] {
  return apiDistributions(store).filter((a) => a.sourceUri === d.resourceUri).map((a) => a.api);
}

/** D's uploaded files: its `dcat:downloadURL`s inside `{store}` that are file entries, in metadata order. */
export function filesOf(store: DevStore, d: Entry): Entry[] {
  const out: Entry[] = [];
  for (const u of objectsOf(d, DCAT_DOWNLOAD)) {
    if (!u.startsWith(store.baseUrl)) continue;
    const f = entryOfKind(store, u, 'file');
    if (f?.file && !out.includes(f)) out.push(f);
  }
  return out;
}

/**
 * The distribution whose downloadURL (or accessURL) is this file. From the distributions' metadata, not the file's
 * relations: EntryStore makes none for a harvested distribution (its resource URI is outside the store).
 */
export function distributionOfFile(store: DevStore, f: Entry): Entry | undefined {
  for (const d of store.entries()) {
    if (d.kind === 'distribution' && [...objectsOf(d, DCAT_DOWNLOAD), ...objectsOf(d, DCAT_ACCESS)].includes(f.resourceUri)) return d;
  }
  return undefined;
}

const dateLiteral = (time: Date): Term => ({ termType: 'Literal', value: time.toISOString().slice(0, 10), datatype: `${NS.xsd}date` });

/** Sets `dcterms:modified` (xsd:date) of the entry's resource and the entry's modified time. */
export function touch(store: DevStore, e: Entry, time: Date): void {
  const subject: Term = { termType: 'NamedNode', value: e.resourceUri };
  const md: Triple[] = e.metadata.filter((t) => !(t.subject.value === e.resourceUri && t.predicate === DCT_MODIFIED));
  md.push({ subject, predicate: DCT_MODIFIED, object: dateLiteral(time) });
  store.setMetadata(e, md, time);
}

/** Links file F from distribution D (`dcat:downloadURL` and `dcat:accessURL`), appended after D's other files. */
export function linkFile(store: DevStore, d: Entry, f: Entry, time: Date | undefined): void {
  const subject: Term = { termType: 'NamedNode', value: d.resourceUri };
  const object: Term = { termType: 'NamedNode', value: f.resourceUri };
  let md: Triple[] = [...d.metadata, { subject, predicate: DCAT_DOWNLOAD, object }, { subject, predicate: DCAT_ACCESS, object }];
  if (time) md = [...md.filter((t) => !(t.subject.value === d.resourceUri && t.predicate === DCT_MODIFIED)), { subject, predicate: DCT_MODIFIED, object: dateLiteral(time) }];
  store.setMetadata(d, md, time ?? d.modified);
}
