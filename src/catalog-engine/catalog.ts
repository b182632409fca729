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
import { termKey } from '../rdf/graph.ts';
import type { Term, Triple } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import { CatalogBuilder, KIND_TYPES } from './catalog-builder.ts';
import type { EntryKind, SubjectGroup } from './catalog-builder.ts';

export type { EntryKind } from './catalog-builder.ts';
export type EntryType = 'Local' | 'Link';
export type ResourceType = 'NamedResource' | 'InformationResource';

export interface FileContent {
  /** In-memory content (small files, tests); uploads live on disk instead (`path`). */
  readonly bytes?: Uint8Array;
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

/** What a file entry is made from: bytes in memory, or a file on disk whose size and digest are already known. */
export type FileInput =
  | { readonly name: string; readonly mime: string; readonly bytes: Uint8Array; readonly sha256: string }
  | { readonly name: string; readonly mime: string; readonly path: string; readonly size: number; readonly sha256: string };

export type ChangeListener = (entry: Entry, change: 'add' | 'update') => void;

const RDF_TYPE = `${NS.rdf}type`;
const XSD = NS.xsd;
const ES = NS.es;

/** Kinds that get a minted IRI when they are blank nodes; blank agents / contact points stay nested. */
const MINTED_KINDS = new Set<EntryKind>(['catalog', 'series', 'dataset', 'dataservice', 'distribution']);
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
const NAMED_RESOURCE: readonly string[] = [`${ES}NamedResource`];

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
    for (const type of this.infoTypes(e)) out.push({ subject: res, predicate: RDF_TYPE, object: uri(type) });
    if (e.file) {
      out.push(
        { subject: res, predicate: `${NS.dcterms}format`, object: { termType: 'Literal', value: e.file.mime } },
        { subject: res, predicate: `${NS.dcterms}extent`, object: { termType: 'Literal', value: String(e.file.size), datatype: `${XSD}long` } },
        { subject: res, predicate: `${NS.rdfs}label`, object: { termType: 'Literal', value: e.file.name } },
      );
    }
    return out;
  }

  /** The rdf:types the info graph gives the entry's resource. */
  infoTypes(e: Entry): readonly string[] {
    return e.resourceType === 'NamedResource' ? NAMED_RESOURCE : [];
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

  /**
   * Adds a context for a parsed catalog: its triples, or a builder that grouped them as they were parsed (with the
   * blank node labels of this context, see loadCatalogs). `relations: false` leaves the relations to the caller
   * (loadCatalogs computes them once for all its catalogs).
   */
  addContext(file: string, catalog: readonly Triple[] | CatalogBuilder, alias = file.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, ''), relations = true): StoreContext {
    const id = String(this.contexts.size + 1);
    const ctx: StoreContext = { id, alias, file, resourceUri: `${this.baseUrl}${id}`, entries: new Map(), nextId: 1 };
    let builder: CatalogBuilder;
    if (catalog instanceof CatalogBuilder) builder = catalog;
    else {
      builder = new CatalogBuilder();
      // Blank node labels are only unique within one parse: prefix them per context.
      const blanks = new Map<string, Term>();
      const relabel = (t: Term): Term => {
        if (t.termType !== 'BlankNode') return t;
        let b = blanks.get(t.value);
        if (!b) blanks.set(t.value, (b = { termType: 'BlankNode', value: `${blankPrefix(id)}${t.value}` }));
        return b;
      };
      for (const t of catalog) {
        builder.add(t.subject.termType === 'BlankNode' || t.object.termType === 'BlankNode' ? { subject: relabel(t.subject), predicate: t.predicate, object: relabel(t.object) } : t);
      }
    }
    this.contexts.set(id, ctx);
    for (const e of buildEntries(this, ctx, builder)) this.#register(ctx, e);
    if (relations) this.recomputeRelations();
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
    for (const e of this.entries()) e.relations = [];
    // Seen (subject, predicate, object) per target: a publisher of 10,000 datasets must not compare each new
    // relation with every earlier one.
    const seen = new Map<Entry, Set<string>>();
    for (const source of this.entries()) {
      if (!inside(source.resourceUri)) continue;
      for (const t of source.metadata) {
        if (t.object.termType !== 'NamedNode' || t.subject.termType !== 'NamedNode' || !inside(t.subject.value) || !inside(t.object.value)) continue;
        for (const target of this.#targets(t.object.value)) {
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
   * The entries whose resource, entry or metadata URI is `uri` (a store URI), from the store's own lookups: no table
   * of every entry's three URIs (three million keys at 200,000 datasets) for the few triples that name one.
   */
  #targets(uri: string): Entry[] {
    const out = this.#byResource.get(uri)?.slice() ?? [];
    const path = uri.slice(this.baseUrl.length);
    // context ids are one path segment
    const slash = path.indexOf('/');
    if (slash > 0) {
      const rest = path.slice(slash + 1);
      const kind = rest.startsWith('entry/') ? 'entry' : rest.startsWith('metadata/') ? 'metadata' : undefined;
      const e = kind && this.getEntry(path.slice(0, slash), rest.slice(kind.length + 1));
      if (e && (kind === 'entry' ? e.entryUri : e.metadataUri) === uri && !out.includes(e)) out.push(e);
    }
    return out;
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
  if ('bytes' in file) return { bytes: file.bytes, size: file.bytes.length, mime: file.mime, name: file.name, sha256: file.sha256 };
  return { path: file.path, size: file.size, mime: file.mime, name: file.name, sha256: file.sha256 };
}

/** Blank node labels of context `id` start with this (labels are only unique within one parse). */
export function blankPrefix(contextId: string): string {
  return `c${contextId}_`;
}

/** Turns one catalog's subject groups into entries of `ctx` (not yet registered). */
function buildEntries(store: DevStore, ctx: StoreContext, catalog: CatalogBuilder): Entry[] {
  // Candidates by kind rank, each rank in subject order.
  const byRank: { group: SubjectGroup; kind: EntryKind }[][] = KIND_TYPES.map(() => []);
  for (const group of catalog.subjects) {
    const rank = catalog.kindRank(group);
    if (rank < 0) continue;
    const kind = KIND_TYPES[rank]![0];
    if (group.term.termType === 'BlankNode' && !MINTED_KINDS.has(kind)) continue;
    byRank[rank]!.push({ group, kind });
  }
  const candidates = byRank.flat();

  // IRIs already shaped like this context's minted resource URIs keep their id.
  const localPrefix = `${store.baseUrl}${ctx.id}/resource/`;
  const customIds = new Map<SubjectGroup, string>();
  const taken = new Set<string>();
  for (const { group } of candidates) {
    const iri = group.term;
    if (iri.termType !== 'NamedNode' || !iri.value.startsWith(localPrefix)) continue;
    const id = iri.value.slice(localPrefix.length);
    if (ID_PATTERN.test(id) && !taken.has(id)) {
      customIds.set(group, id);
      taken.add(id);
    }
  }
  for (const id of taken) ctx.entries.set(id, undefined as unknown as Entry); // reserve, replaced below

  const minted = new Map<SubjectGroup, Term>();
  const entries: { entry: Entry; group: SubjectGroup }[] = [];
  for (const { group, kind } of candidates) {
    const isBlank = group.term.termType === 'BlankNode';
    const subject = group.term.value;
    const entry = store._createEntry(ctx, customIds.get(group), (id) => (isBlank ? `${localPrefix}${id}` : subject), kind, store.loadTime, store.loadTime);
    if (isBlank) minted.set(group, uri(entry.resourceUri));
    entries.push({ entry, group });
  }
  for (const id of taken) ctx.entries.delete(id);
  catalog.rename(minted);

  const entryGroups = new Set(entries.map((e) => e.group));
  for (const { entry, group } of entries) {
    entry.metadata = metadataClosure(group, catalog, entryGroups);
    const dates = entryDates(entry.metadata, entry.resourceUri, store.loadTime);
    entry.created = dates.created;
    entry.modified = dates.modified;
  }
  return entries.map((e) => e.entry);
}

/**
 * The resource's triples + blank-node closure + one level of description of non-entry IRI objects, depth first in
 * document order. A stack of positions, not of calls: a hostile file may nest blank nodes 100,000 deep.
 */
function metadataClosure(root: SubjectGroup, catalog: CatalogBuilder, entryGroups: ReadonlySet<SubjectGroup>): Triple[] {
  const own = catalog.triplesOf(root);
  let out: Triple[] | undefined;
  let visited: Set<SubjectGroup> | undefined;
  const stack: { group: SubjectGroup; triples: readonly Triple[]; at: number; followIris: boolean }[] = [{ group: root, triples: own, at: 0, followIris: true }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.at >= top.triples.length) {
      stack.pop();
      continue;
    }
    const t = top.triples[top.at++]!;
    if (top.group !== root) out!.push(t);
    const o = t.object;
    if (o.termType !== 'BlankNode' && (!top.followIris || o.termType !== 'NamedNode')) continue;
    const next = catalog.group(o);
    if (!next || next === root || (o.termType === 'NamedNode' && entryGroups.has(next))) continue;
    visited ??= new Set([root]);
    if (visited.has(next)) continue;
    visited.add(next);
    out ??= own.slice();
    stack.push({ group: next, triples: catalog.triplesOf(next), at: 0, followIris: o.termType === 'BlankNode' ? top.followIris : false });
  }
  // Most entries describe only themselves: their metadata is their group's list, not a copy of it.
  return out ?? own;
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
