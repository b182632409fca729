/**
 * The dev store's data: catalog files loaded into contexts of entries, the way EntryScape keeps DCAT
 * (one entry per dataset, series, distribution, data service, agent and contact point).
 *
 * - IRI subjects keep their own URI as resource URI (harvested style: Link entries), except IRIs of the
 *   form `{store}{ctx}/resource/{id}` (e.g. relative IRIs in the file), which become Local entries with that id.
 * - Blank-node catalogs, datasets, series, services and distributions get a minted `{store}{ctx}/resource/{id}`
 *   (Local entries); the blank node is rewritten to that IRI everywhere in the graph.
 * - An entry's metadata graph = triples of its resource + the closure over blank-node objects, plus one level of
 *   description of IRI objects that are not entries themselves (e.g. a licence document described in the file).
 * - Relations (§3.6) as EntryStore computes them: only between store-internal URIs (a harvested Link entry's
 *   resource URI is the publisher's, so it neither has nor makes relations).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { termKey } from '../src/rdf/graph.ts';
import type { Term, Triple } from '../src/rdf/graph.ts';
import { NS } from '../src/rdf/namespaces.ts';
import { CatalogParseError, formatFromName, parseRdfText, parseTurtleFile } from './rdf/parse.ts';
import type { RdfFormat } from './rdf/parse.ts';

export type EntryKind = 'catalog' | 'series' | 'dataset' | 'dataservice' | 'distribution' | 'agent' | 'contact' | 'file' | 'other';
export type EntryType = 'Local' | 'Link';
export type ResourceType = 'NamedResource' | 'InformationResource';

export interface FileContent {
  /** In-memory content (small files, tests); uploads live on disk instead (`path`). */
  readonly bytes?: Buffer;
  /** Absolute path of the stored file on disk (uploads); read by streaming, never whole. */
  readonly path?: string;
  /** Size in bytes. */
  readonly size: number;
  /** MIME type recorded at upload. */
  readonly mime: string;
  /** File name (rdfs:label in the info graph). */
  readonly name: string;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
}

export interface Entry {
  readonly contextId: string;
  readonly entryId: string;
  readonly entryUri: string;
  readonly resourceUri: string;
  readonly metadataUri: string;
  readonly relationsUri: string;
  readonly entryType: EntryType;
  readonly resourceType: ResourceType;
  readonly kind: EntryKind;
  created: Date;
  modified: Date;
  metadata: Triple[];
  relations: Triple[];
  file?: FileContent;
}

export interface StoreContext {
  readonly id: string;
  /** Context alias (file name without extension). */
  readonly alias: string;
  readonly file: string;
  readonly resourceUri: string;
  readonly entries: Map<string, Entry>;
  nextId: number;
  /** Ids promised to pending jobs (see reserveEntryId). */
  reserved?: Set<string>;
}

export interface CatalogSource {
  file: string;
  /** Text of the file; read from disk when absent. */
  text?: string;
  format?: RdfFormat;
}

/** What a file entry is made from: bytes in memory, or a file on disk whose size and digest are already known. */
export type FileInput =
  | { readonly name: string; readonly mime: string; readonly bytes: Buffer }
  | { readonly name: string; readonly mime: string; readonly path: string; readonly size: number; readonly sha256: string };

export type ChangeListener = (entry: Entry, change: 'add' | 'update') => void;

const RDF_TYPE = `${NS.rdf}type`;
const XSD = NS.xsd;
const ES = NS.es;

const KIND_TYPES: ReadonlyArray<[EntryKind, string[]]> = [
  ['catalog', [`${NS.dcat}Catalog`]],
  ['series', [`${NS.dcat}DatasetSeries`]],
  ['dataset', [`${NS.dcat}Dataset`]],
  ['dataservice', [`${NS.dcat}DataService`]],
  ['distribution', [`${NS.dcat}Distribution`]],
  ['agent', [`${NS.foaf}Agent`, `${NS.foaf}Organization`, `${NS.foaf}Person`]],
  ['contact', [`${NS.vcard}Kind`, `${NS.vcard}Organization`, `${NS.vcard}Individual`, `${NS.vcard}Group`]],
  // EntryScape keeps visualizations (schema:diagram targets), showcases and ideas as entries of their own: the
  // landing page looks them up by resource URI / inverse dcterms:source. Ranked last, so earlier ids do not move.
  ['other', [`${NS.esterms}visualization/Visualization`, `${NS.esterms}Result`, `${NS.esterms}Idea`]],
];
const KIND_RANK = new Map<EntryKind, number>(KIND_TYPES.map(([k], i) => [k, i]));
/** Untyped subjects still become entries when something points at them with these predicates. */
const KIND_BY_INCOMING: Readonly<Record<string, EntryKind>> = {
  [`${NS.dcterms}publisher`]: 'agent',
  [`${NS.dcterms}creator`]: 'agent',
  [`${NS.dcat}contactPoint`]: 'contact',
  [`${NS.dcat}distribution`]: 'distribution',
  [`${NS.dcat}dataset`]: 'dataset',
  [`${NS.dcat}service`]: 'dataservice',
  [`${NS.dcat}accessService`]: 'dataservice',
  [`${NS.dcat}inSeries`]: 'series',
};
/** Kinds that get a minted IRI when they are blank nodes; blank agents / contact points stay nested. */
const MINTED_KINDS = new Set<EntryKind>(['catalog', 'series', 'dataset', 'dataservice', 'distribution']);
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

export function xsdDateTime(d: Date): Term {
  return { termType: 'Literal', value: d.toISOString(), datatype: `${XSD}dateTime` };
}

/** A DCAT date literal (xsd:date, xsd:dateTime, gYear, untyped) → Date; undefined when not a date. */
export function parseDateLiteral(value: string): Date | undefined {
  const v = value.trim();
  const m = /^(-?\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', frac = '', tz = 'Z'] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${tz === 'Z' ? 'Z' : tz.length === 5 ? `${tz.slice(0, 3)}:${tz.slice(3)}` : tz}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function uri(value: string): Term {
  return { termType: 'NamedNode', value };
}

export class DevStore {
  readonly contexts = new Map<string, StoreContext>();
  /** Bumped on every change (lets serializers cache per-entry output). */
  version = 0;
  #byResource = new Map<string, Entry[]>();
  #listeners: ChangeListener[] = [];

  /** @param baseUrl `{store}`, ending in `/`. @param loadTime modified/created of entries without dates. */
  constructor(
    readonly baseUrl: string,
    readonly loadTime: Date = new Date(),
  ) {}

  /** Every entry, contexts in order, entries in id-assignment order. */
  *entries(): IterableIterator<Entry> {
    for (const ctx of this.contexts.values()) yield* ctx.entries.values();
  }

  getEntry(contextId: string, entryId: string): Entry | undefined {
    return this.contexts.get(contextId)?.entries.get(entryId);
  }

  entriesByResource(resourceUri: string): readonly Entry[] {
    return this.#byResource.get(resourceUri) ?? [];
  }

  onChange(listener: ChangeListener): void {
    this.#listeners.push(listener);
  }

  /** Entry information graph (§3.2). */
  infoGraph(e: Entry): Triple[] {
    const entry = uri(e.entryUri);
    const res = uri(e.resourceUri);
    const out: Triple[] = [
      { subject: entry, predicate: `${ES}resource`, object: res },
      { subject: entry, predicate: `${ES}metadata`, object: uri(e.metadataUri) },
      { subject: entry, predicate: `${ES}relation`, object: uri(e.relationsUri) },
      { subject: entry, predicate: `${NS.dcterms}created`, object: xsdDateTime(e.created) },
      { subject: entry, predicate: `${NS.dcterms}modified`, object: xsdDateTime(e.modified) },
    ];
    if (e.entryType === 'Link') out.push({ subject: entry, predicate: RDF_TYPE, object: uri(`${ES}Link`) });
    if (e.resourceType === 'NamedResource') out.push({ subject: res, predicate: RDF_TYPE, object: uri(`${ES}NamedResource`) });
    if (e.file) {
      out.push(
        { subject: res, predicate: `${NS.dcterms}format`, object: { termType: 'Literal', value: e.file.mime } },
        { subject: res, predicate: `${NS.dcterms}extent`, object: { termType: 'Literal', value: String(e.file.size), datatype: `${XSD}long` } },
        { subject: res, predicate: `${NS.rdfs}label`, object: { termType: 'Literal', value: e.file.name } },
      );
    }
    return out;
  }

  /** Info graph of the context entry `{store}_contexts/entry/{ctx}` (public: guest may read). */
  contextInfoGraph(ctx: StoreContext): Triple[] {
    const entry = uri(`${this.baseUrl}_contexts/entry/${ctx.id}`);
    const res = uri(ctx.resourceUri);
    return [
      { subject: entry, predicate: `${ES}resource`, object: res },
      { subject: entry, predicate: `${ES}metadata`, object: uri(`${this.baseUrl}_contexts/metadata/${ctx.id}`) },
      { subject: entry, predicate: `${ES}relation`, object: uri(`${this.baseUrl}_contexts/relations/${ctx.id}`) },
      { subject: entry, predicate: `${NS.dcterms}created`, object: xsdDateTime(this.loadTime) },
      { subject: entry, predicate: `${NS.dcterms}modified`, object: xsdDateTime(this.loadTime) },
      { subject: res, predicate: RDF_TYPE, object: uri(`${ES}Context`) },
      { subject: res, predicate: `${ES}read`, object: uri(`${this.baseUrl}_principals/resource/_guest`) },
    ];
  }

  /** Adds a context for a parsed catalog (used by loadCatalogs). */
  addContext(file: string, triples: Triple[], alias = path.basename(file).replace(/\.[^.]+$/, '')): StoreContext {
    const id = String(this.contexts.size + 1);
    const ctx: StoreContext = { id, alias, file, resourceUri: `${this.baseUrl}${id}`, entries: new Map(), nextId: 1 };
    this.contexts.set(id, ctx);
    for (const e of buildEntries(this, ctx, triples)) this.#register(ctx, e);
    this.recomputeRelations();
    this.version++;
    return ctx;
  }

  /**
   * A Local InformationResource entry holding an uploaded file (EntryScape: metadata `rdf:type esterms:File`,
   * `dcterms:title` = file name, `dcterms:format` for CSV; info graph: format, extent, label).
   */
  addFileEntry(contextId: string, file: FileInput & { title?: string; entryId?: string }, created = new Date()): Entry {
    const ctx = this.contexts.get(contextId);
    if (!ctx) throw new Error(`no context ${contextId}`);
    if (file.entryId !== undefined && ctx.entries.has(file.entryId)) throw new Error(`entry ${contextId}/${file.entryId} exists`);
    const entryId = file.entryId ?? this.#nextId(ctx);
    ctx.reserved?.delete(entryId);
    const now = created;
    const e = this.#newEntry(ctx, entryId, `${this.baseUrl}${ctx.id}/resource/${entryId}`, 'file', 'InformationResource', now, now);
    const res = uri(e.resourceUri);
    e.metadata = [
      { subject: res, predicate: RDF_TYPE, object: uri(`${NS.esterms}File`) },
      { subject: res, predicate: `${NS.dcterms}title`, object: { termType: 'Literal', value: file.title ?? file.name } },
    ];
    if (/\.csv$/i.test(file.name) || file.mime === 'text/csv') {
      e.metadata.push({ subject: res, predicate: `${NS.dcterms}format`, object: { termType: 'Literal', value: 'text/csv' } });
    }
    e.file = fileContent(file);
    this.#register(ctx, e);
    this.recomputeRelations();
    this.#emit(e, 'add');
    return e;
  }

  /** Replaces the bytes of a file entry; bumps modified. */
  setFileContent(e: Entry, file: FileInput, modified = new Date()): void {
    e.file = fileContent(file);
    e.modified = modified;
    this.#emit(e, 'update');
  }

  /** Replaces an entry's metadata graph (e.g. linking an uploaded file from a distribution); bumps modified. */
  setMetadata(e: Entry, metadata: Triple[], modified = new Date()): void {
    e.metadata = metadata;
    e.modified = modified;
    this.recomputeRelations();
    this.#emit(e, 'update');
  }

  /**
   * §3.6: every triple `<S> <p> <O>` of another entry's metadata whose object is this entry's resource, entry or
   * metadata URI, when S and O are inside the store and so is the other entry's resource URI (EntryStore computes no
   * relations for harvested IRIs: an agent named by 500 harvested datasets does not carry 500 relation triples).
   */
  recomputeRelations(): void {
    const inside = (uri: string): boolean => uri.startsWith(this.baseUrl);
    const byTarget = new Map<string, Entry[]>();
    for (const e of this.entries()) {
      e.relations = [];
      for (const u of [e.resourceUri, e.entryUri, e.metadataUri]) {
        const list = byTarget.get(u);
        if (list) list.push(e);
        else byTarget.set(u, [e]);
      }
    }
    // Seen (subject, predicate, object) per target: a publisher of 10,000 datasets must not compare each new
    // relation with every earlier one.
    const seen = new Map<Entry, Set<string>>();
    for (const source of this.entries()) {
      if (!inside(source.resourceUri)) continue;
      for (const t of source.metadata) {
        if (t.object.termType !== 'NamedNode' || t.subject.termType !== 'NamedNode' || !inside(t.subject.value) || !inside(t.object.value)) continue;
        for (const target of byTarget.get(t.object.value) ?? []) {
          if (target === source) continue;
          const k = `${termKey(t.subject)}\u0000${t.predicate}\u0000${t.object.value}`;
          let keys = seen.get(target);
          if (!keys) seen.set(target, (keys = new Set()));
          if (keys.has(k)) continue;
          keys.add(k);
          target.relations.push(t);
        }
      }
    }
  }

  /**
   * Reserves an entry id in a context without creating the entry (the legacy task API announces the file's
   * `prototypeURI` before the job runs). `id` re-reserves a known id (after a restart).
   */
  reserveEntryId(contextId: string, id?: string): string {
    const ctx = this.contexts.get(contextId);
    if (!ctx) throw new Error(`no context ${contextId}`);
    const reserved = id ?? this.#nextId(ctx);
    (ctx.reserved ??= new Set()).add(reserved);
    return reserved;
  }

  #nextId(ctx: StoreContext): string {
    while (ctx.entries.has(String(ctx.nextId)) || ctx.reserved?.has(String(ctx.nextId))) ctx.nextId++;
    return String(ctx.nextId++);
  }

  #newEntry(ctx: StoreContext, entryId: string, resourceUri: string, kind: EntryKind, resourceType: ResourceType, created: Date, modified: Date): Entry {
    const prefix = `${this.baseUrl}${ctx.id}/`;
    return {
      contextId: ctx.id,
      entryId,
      entryUri: `${prefix}entry/${entryId}`,
      resourceUri,
      metadataUri: `${prefix}metadata/${entryId}`,
      relationsUri: `${prefix}relations/${entryId}`,
      entryType: resourceUri === `${prefix}resource/${entryId}` ? 'Local' : 'Link',
      resourceType,
      kind,
      created,
      modified,
      metadata: [],
      relations: [],
    };
  }

  /** Internal: used by buildEntries. */
  _createEntry(ctx: StoreContext, entryId: string | undefined, resourceUri: (id: string) => string, kind: EntryKind, created: Date, modified: Date): Entry {
    const id = entryId ?? this.#nextId(ctx);
    return this.#newEntry(ctx, id, resourceUri(id), kind, 'NamedResource', created, modified);
  }

  #register(ctx: StoreContext, e: Entry): void {
    ctx.entries.set(e.entryId, e);
    const list = this.#byResource.get(e.resourceUri);
    if (list) list.push(e);
    else this.#byResource.set(e.resourceUri, [e]);
  }

  #emit(e: Entry, change: 'add' | 'update'): void {
    this.version++;
    for (const l of this.#listeners) l(e, change);
  }
}

function fileContent(file: FileInput): FileContent {
  if ('bytes' in file) return { bytes: file.bytes, size: file.bytes.length, mime: file.mime, name: file.name, sha256: createHash('sha256').update(file.bytes).digest('hex') };
  return { path: file.path, size: file.size, mime: file.mime, name: file.name, sha256: file.sha256 };
}

/** Turns one catalog's triples into entries of `ctx` (not yet registered). */
function buildEntries(store: DevStore, ctx: StoreContext, input: Triple[]): Entry[] {
  // Blank node labels are only unique within one parse: prefix them per context.
  const blanks = new Map<string, Term>();
  const relabel = (t: Term): Term => {
    if (t.termType !== 'BlankNode') return t;
    let b = blanks.get(t.value);
    if (!b) blanks.set(t.value, (b = { termType: 'BlankNode', value: `c${ctx.id}_${t.value}` }));
    return b;
  };
  const relabelTriple = (t: Triple): Triple =>
    t.subject.termType === 'BlankNode' || t.object.termType === 'BlankNode' ? { subject: relabel(t.subject), predicate: t.predicate, object: relabel(t.object) } : t;
  let triples = input.map(relabelTriple);

  const subjectOrder = new Map<string, number>();
  const types = new Map<string, Set<string>>();
  const incoming = new Map<string, Set<EntryKind>>();
  for (const t of triples) {
    const sk = termKey(t.subject);
    if (!subjectOrder.has(sk)) subjectOrder.set(sk, subjectOrder.size);
    if (t.predicate === RDF_TYPE && t.object.termType === 'NamedNode') {
      let s = types.get(sk);
      if (!s) types.set(sk, (s = new Set()));
      s.add(t.object.value);
    }
    if (KIND_BY_INCOMING[t.predicate] && t.object.termType !== 'Literal') {
      const ok = termKey(t.object);
      let s = incoming.get(ok);
      if (!s) incoming.set(ok, (s = new Set()));
      s.add(KIND_BY_INCOMING[t.predicate]!);
    }
  }

  const kindOf = (sk: string): EntryKind | undefined => {
    const ts = types.get(sk);
    if (ts) for (const [kind, iris] of KIND_TYPES) if (iris.some((i) => ts.has(i))) return kind;
    const inc = incoming.get(sk);
    if (inc) return [...inc].sort((a, b) => KIND_RANK.get(a)! - KIND_RANK.get(b)!)[0];
    return undefined;
  };

  const candidates: { key: string; kind: EntryKind; order: number }[] = [];
  for (const [sk, order] of subjectOrder) {
    const kind = kindOf(sk);
    if (!kind) continue;
    if (sk.startsWith('_:') && !MINTED_KINDS.has(kind)) continue;
    candidates.push({ key: sk, kind, order });
  }
  candidates.sort((a, b) => KIND_RANK.get(a.kind)! - KIND_RANK.get(b.kind)! || a.order - b.order);

  // IRIs already shaped like this context's minted resource URIs keep their id.
  const localPrefix = `${store.baseUrl}${ctx.id}/resource/`;
  const customIds = new Map<string, string>();
  for (const c of candidates) {
    if (!c.key.startsWith(localPrefix)) continue;
    const id = c.key.slice(localPrefix.length);
    if (ID_PATTERN.test(id) && ![...customIds.values()].includes(id)) customIds.set(c.key, id);
  }
  for (const id of customIds.values()) ctx.entries.set(id, undefined as unknown as Entry); // reserve, replaced below

  const mintedFor = new Map<string, string>();
  const entries: { entry: Entry; key: string }[] = [];
  for (const c of candidates) {
    const isBlank = c.key.startsWith('_:');
    const entry = store._createEntry(ctx, customIds.get(c.key), (id) => (isBlank ? `${localPrefix}${id}` : c.key), c.kind, store.loadTime, store.loadTime);
    if (isBlank) mintedFor.set(c.key, entry.resourceUri);
    entries.push({ entry, key: isBlank ? entry.resourceUri : c.key });
  }
  for (const id of customIds.values()) ctx.entries.delete(id);

  if (mintedFor.size > 0) {
    const minted = new Map<string, Term>();
    for (const [k, iri] of mintedFor) minted.set(k, uri(iri));
    const mint = (t: Term): Term => (t.termType === 'BlankNode' ? (minted.get(termKey(t)) ?? t) : t);
    triples = triples.map((t) =>
      t.subject.termType === 'BlankNode' || t.object.termType === 'BlankNode' ? { subject: mint(t.subject), predicate: t.predicate, object: mint(t.object) } : t);
  }

  const bySubject = new Map<string, Triple[]>();
  for (const t of triples) {
    const sk = termKey(t.subject);
    const list = bySubject.get(sk);
    if (list) list.push(t);
    else bySubject.set(sk, [t]);
  }
  const entryKeys = new Set(entries.map((e) => e.key));

  for (const { entry, key } of entries) {
    entry.metadata = metadataClosure(key, bySubject, entryKeys);
    const dates = entryDates(entry.metadata, entry.resourceUri, store.loadTime);
    entry.created = dates.created;
    entry.modified = dates.modified;
  }
  return entries.map((e) => e.entry);
}

/** The resource's triples + blank-node closure + one level of description of non-entry IRI objects. */
function metadataClosure(key: string, bySubject: Map<string, Triple[]>, entryKeys: Set<string>): Triple[] {
  const out: Triple[] = [];
  const seenTriples = new Set<string>();
  const visited = new Set<string>([key]);
  const add = (sk: string, followIris: boolean): void => {
    for (const t of bySubject.get(sk) ?? []) {
      const tk = `${sk} ${t.predicate} ${termKey(t.object)}`;
      if (seenTriples.has(tk)) continue;
      seenTriples.add(tk);
      out.push(t);
      const ok = termKey(t.object);
      if (visited.has(ok)) continue;
      if (t.object.termType === 'BlankNode') {
        visited.add(ok);
        add(ok, followIris);
      } else if (followIris && t.object.termType === 'NamedNode' && !entryKeys.has(ok) && bySubject.has(ok)) {
        visited.add(ok);
        add(ok, false);
      }
    }
  };
  add(key, true);
  return out;
}

function entryDates(metadata: Triple[], resourceUri: string, fallback: Date): { created: Date; modified: Date } {
  const dateOf = (predicate: string): Date | undefined => {
    for (const t of metadata) {
      if (t.subject.value === resourceUri && t.predicate === predicate && t.object.termType === 'Literal') {
        const d = parseDateLiteral(t.object.value);
        if (d) return d;
      }
    }
    return undefined;
  };
  const modified = dateOf(`${NS.dcterms}modified`);
  const issued = dateOf(`${NS.dcterms}issued`);
  const m = modified ?? fallback;
  const c = issued && issued.getTime() <= m.getTime() ? issued : m;
  return { created: c, modified: m };
}

/** Reads and parses every source, each into its own context ("1", "2", …). Throws CatalogParseError. */
export async function loadCatalogs(store: DevStore, sources: readonly (string | CatalogSource)[]): Promise<void> {
  const parsed: { file: string; triples: Triple[] }[] = [];
  for (const [i, src] of sources.entries()) {
    const source = typeof src === 'string' ? { file: src } : src;
    const ctxId = String(store.contexts.size + i + 1);
    const options = { file: source.file, baseIri: `${store.baseUrl}${ctxId}/resource/`, ...(source.format ? { format: source.format } : {}) };
    let text = source.text;
    const format = source.format ?? formatFromName(source.file);
    if (text === undefined && (format === 'turtle' || format === 'ntriples')) {
      // Big exports: streamed, never one string.
      try {
        parsed.push({ file: source.file, triples: await parseTurtleFile(source.file, options) });
        continue;
      } catch (e) {
        if (e instanceof CatalogParseError) throw e;
        throw new CatalogParseError(source.file, `cannot read file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
    }
    if (text === undefined) {
      try {
        text = await readFile(source.file, 'utf8');
      } catch (e) {
        throw new CatalogParseError(source.file, `cannot read file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
    }
    const triples = await parseRdfText(text, options);
    parsed.push({ file: source.file, triples });
  }
  // Parse everything first: a broken file must not leave a half-loaded store.
  for (const p of parsed) store.addContext(p.file, p.triples);
}
