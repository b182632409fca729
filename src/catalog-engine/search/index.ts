/**
 * Inverted index over the entries, built at load and kept in step with store changes (synchronous indexing,
 * §2.2 allows it). Postings per field kind: exact values (string, boolean, date, long), whole values (ngram: stored
 * as stated, lower-cased when first asked, matched by substring scan over the distinct values), word tokens (text).
 *
 * Posting lists are ascending arrays of doc ids (docs are numbered in load order, so indexing appends); a query
 * turns them into bitmaps (bits.ts), cached for the large ones (`public:true`, `rdfType:…`, a big publisher) until
 * the next change. Sorted orders of all docs per sort key list are cached the same way (sort.ts).
 */
import type { DevStore, Entry } from '../catalog.ts';
import { bitsOf, count, emptyBits, has, orDocs, toArray } from './bits.ts';
import type { Bits } from './bits.ts';
import { buildDocument, relatedDependents } from './document.ts';
import type { DocFields } from './document.ts';
import { fieldKind, textTokens } from './fields.ts';

/**
 * An indexed entry. Its field values are not kept (they were most of the memory): the postings answer queries and
 * facets, sort values are read back from the postings (sort.ts), titles per language are kept in columns for the
 * title sort, and `fieldsOf` rebuilds the rare rest (phrase checks).
 */
export interface IndexedDoc {
  readonly id: number;
  readonly entry: Entry;
}

/**
 * Docs of one value: a lone doc as a number (most values belong to one doc: URIs, titles, dates), an ascending
 * list, or — for values many docs share (`public:true`, `rdfType`, a big publisher) — a bitmap, 1/8 byte per doc
 * of the store instead of 8 bytes per doc of the list.
 */
export type Posting = number | number[] | Bits;
export type Postings = Map<string, Map<string, Posting>>;

/** The docs of a posting as an ascending list. */
export function postingDocs(p: Posting): readonly number[] {
  return typeof p === 'number' ? [p] : Array.isArray(p) ? p : toArray(p as Bits);
}

/** `doc` added to a posting (→ the posting to store: a lone number becomes a list). */
function withDoc(p: Posting | undefined, doc: number): Posting {
  if (p === undefined) return doc;
  if (typeof p === 'number') return p === doc ? p : p < doc ? [p, doc] : [doc, p];
  if (Array.isArray(p)) {
    insertSorted(p, doc);
    return p;
  }
  const bits = p as Bits;
  if (doc >>> 5 >= bits.length) {
    const grown = emptyBits(Math.max(doc + 1, bits.length * 64));
    grown.set(bits);
    grown[doc >>> 5]! |= 1 << (doc & 31);
    return grown;
  }
  bits[doc >>> 5]! |= 1 << (doc & 31);
  return bits;
}

/** `doc` taken from a posting (→ the posting to store, undefined when no doc is left). */
function withoutDoc(p: Posting, doc: number): Posting | undefined {
  if (typeof p === 'number') return p === doc ? undefined : p;
  if (Array.isArray(p)) {
    if (p.length === 0 || p[0]! > doc || p[p.length - 1]! < doc) return p;
    removeSorted(p, doc);
    return p.length === 0 ? undefined : p;
  }
  const bits = p as Bits;
  if (!has(bits, doc)) return p;
  bits[doc >>> 5]! &= ~(1 << (doc & 31));
  return count(bits) === 0 ? undefined : bits;
}

/** Lists holding at least this share of the docs are kept as bitmaps once loaded. */
const DENSE_SHARE = 1 / 32;
export type PostingKind = 'exact' | 'ngram' | 'text' | 'chunks';

/**
 * Text fields whose values are exactly those of ngram fields: `…literal_t.<h>` holds the values of `…literal.<h>`,
 * `all` those of `title`, `description` and `tag.literal` (the document builder adds them so). Their token postings
 * are derived from those fields' ngram postings when first asked (textTokens lower-cases first, so the lower-cased
 * values give the same tokens) instead of being built for every document at load.
 */
const DERIVED_TEXT = /^(?:(?:related\.)?metadata\.predicate\.literal_t\.|all$)/;
function derivedFrom(field: string): string[] {
  return field === 'all' ? ['title', 'description', 'tag.literal'] : [field.replace('literal_t.', 'literal.')];
}

/**
 * Exact and ngram fields whose postings are those of other fields or of the store, derived when first asked (until
 * the next change) instead of being built for every document at load: `metadata.object.uri` holds the values of
 * every `metadata.predicate.uri.<h>`, `…literal.<h>` (ngram) the lower-cased values of `…literal_s.<h>` (the document
 * builder adds them so), `uri` and `resource` one value per entry (its entry and resource URI), which the store
 * looks up itself, `title.<lang>` (ngram) the lower-cased title column of that language. They were 60% of the
 * load's posting-table entries, the three largest tables among them.
 */
const DERIVED_VALUES = /^(?:metadata\.object\.uri$|uri$|resource$|title\.[^.\s]+$|(?:related\.)?metadata\.predicate\.literal\.)/;
const OBJECT_URI_SOURCE = /^metadata\.predicate\.uri\./;

/** Field kinds are asked per field of every document: cache them. */
const kinds = new Map<string, ReturnType<typeof fieldKind>>();
function kindOf(field: string): ReturnType<typeof fieldKind> {
  let k = kinds.get(field);
  if (k === undefined && !kinds.has(field)) kinds.set(field, (k = fieldKind(field)));
  return k;
}

/** value → docs lists, merged: sorted, without duplicates, lone docs as numbers. */
function mergedPostings(lists: Map<string, number[]>, capacity: number): Map<string, Posting> {
  const out = new Map<string, Posting>();
  for (const [k, docs] of lists) {
    docs.sort((a, b) => a - b);
    const unique = docs.filter((d, i) => i === 0 || docs[i - 1] !== d);
    out.set(k, unique.length === 1 ? unique[0]! : unique);
  }
  compact(out, capacity);
  return out;
}

/** From this many docs on, the store collects the load's garbage once it is idle (collect.ts, server.ts). */
export const LARGE_STORE_DOCS = 10_000;

/** Posting lists at least this long keep their bitmap between queries (until the index changes). */
const CACHED_BITS_MIN = 512;
const CACHED_BITS_MAX_ENTRIES = 2000;

/** Inserts `doc` into an ascending list (appending in the common case). */
function insertSorted(list: number[], doc: number): void {
  const last = list[list.length - 1];
  if (last === undefined || last < doc) {
    list.push(doc);
    return;
  }
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo] !== doc) list.splice(lo, 0, doc);
}

function removeSorted(list: number[], doc: number): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo] === doc) list.splice(lo, 1);
}

function post(p: Postings, field: string, key: string, doc: number): void {
  postTo(fieldMap(p, field), key, doc);
}

function fieldMap(p: Postings, field: string): Map<string, Posting> {
  let byValue = p.get(field);
  if (!byValue) p.set(field, (byValue = new Map()));
  return byValue;
}

function postTo(byValue: Map<string, Posting>, key: string, doc: number): void {
  const docs = byValue.get(key);
  if (docs === undefined) byValue.set(key, doc);
  else if (Array.isArray(docs) && docs[docs.length - 1]! < doc) docs.push(doc); // indexing appends
  else {
    const next = withDoc(docs, doc);
    if (next !== docs) byValue.set(key, next);
  }
}

function unpost(p: Postings, field: string, key: string, doc: number): void {
  const byValue = p.get(field);
  const docs = byValue?.get(key);
  if (docs === undefined) return;
  const next = withoutDoc(docs, doc);
  if (next === undefined) byValue!.delete(key);
  else if (next !== docs) byValue!.set(key, next);
}

/**
 * Once loading is done: lists grown by push keep spare capacity (16+ slots each), so they are copied to their exact
 * length, and lists of many docs become bitmaps.
 */
function compact(byValue: Map<string, Posting>, capacity: number): void {
  for (const [k, docs] of byValue) {
    if (!Array.isArray(docs)) continue;
    byValue.set(k, docs.length >= capacity * DENSE_SHARE && docs.length > 64 ? bitsOf(docs, capacity) : docs.slice());
  }
}

export class SearchIndex {
  readonly docs: (IndexedDoc | undefined)[] = [];
  /** string / boolean / date / long: exact value → docs. */
  readonly exact: Postings = new Map();
  /** ngram: whole value as stated → docs (postings('ngram', …) gives them by lower-cased value). */
  readonly ngram: Postings = new Map();
  /** text: token → docs. */
  readonly text: Postings = new Map();

  /** Text fields: docs having at least one value in the field (other fields: fieldBits). */
  readonly fieldDocs = new Map<string, Posting>();
  /** Bumped on every change: caches built from the postings (bitmaps, sort orders) are valid for one generation. */
  generation = 0;
  readonly #byEntry = new Map<Entry, number>();
  #live: number[] = [];
  #liveBits: Bits | undefined;
  /** Indexing the store's entries at construction. */
  #bulk = false;
  #bitsCache = new Map<string, Bits>();
  /** Caches of other modules (sort orders), dropped with the bitmaps on a change. */
  readonly derived = new Map<string, unknown>();
  /**
   * Docs of recent ngram term clauses (`title:vatten`, `description:om*`), until the next change: a reader's term is
   * sent again with every page, sort and facet click (Solr keeps a filter cache for the same reason).
   */
  readonly termCache = new Map<string, Bits>();
  /** `title.<lang>` / `title.nolang` → the doc's value by doc id (one per doc: the first title in that language). */
  readonly titles = new Map<string, (string | undefined)[]>();

  /**
   * `solrRelated`: fill `related.metadata.predicate.*` (`--solr-related`, as `entrystore.solr.related=on`; off by
   * default, SolrSearchIndex.java l. 281).
   */
  constructor(readonly store: DevStore, readonly solrRelated = false) {
    this.#bulk = true; // nothing is cached yet: no caches to drop per document
    for (const e of store.entries()) this.#add(e);
    this.#bulk = false;
    for (const p of [this.exact, this.ngram, this.text]) for (const byValue of p.values()) compact(byValue, this.capacity);
    compact(this.fieldDocs, this.capacity);
    this.#changed();
    store.onChange((e, change) => (change === 'add' ? this.#add(e) : this.#update(e)));
  }

  /** One past the largest doc id: the size of a bitmap over the docs. */
  get capacity(): number {
    return this.docs.length;
  }

  /** All live doc ids, ascending. */
  allDocs(): readonly number[] {
    return this.#live;
  }

  /** Bitmap of all live docs (cached; do not modify). */
  liveBits(): Bits {
    return (this.#liveBits ??= bitsOf(this.#live, this.capacity));
  }

  postingsOf(kind: PostingKind): Postings {
    return kind === 'exact' ? this.exact : kind === 'ngram' ? this.ngram : this.text;
  }

  /**
   * The posting lists of one field: exact values, lower-cased ngram values, text tokens, or `chunks` — the
   * whitespace-separated pieces of an ngram field's lower-cased values. A query token has no whitespace, so it is a
   * substring of a value exactly when it is a substring of one of the value's chunks: scanning the distinct chunks
   * (words, numbers) replaces scanning every distinct title or description. Chunks and derived text postings are
   * built when first asked, until the next change.
   */
  postings(kind: PostingKind, field: string): Map<string, Posting> | undefined {
    if (kind === 'exact' || kind === 'ngram') {
      if (DERIVED_VALUES.test(field)) return this.#derivedValues(kind, field);
      return kind === 'exact' ? this.exact.get(field) : this.#lowerCased(field);
    }
    if (kind === 'text' && !DERIVED_TEXT.test(field)) return this.text.get(field);
    const sources = (kind === 'chunks' ? [field] : derivedFrom(field)).map((f) => this.postings('ngram', f)).filter((m) => m !== undefined);
    if (sources.length === 0) return undefined;
    const cacheKey = `${kind}\u0000${field}`;
    let map = this.derived.get(cacheKey) as Map<string, Posting> | undefined;
    if (!map) {
      const lists = new Map<string, number[]>();
      for (const source of sources) {
        for (const [value, posting] of source) {
          const pieces = new Set(kind === 'chunks' ? value.split(/\s+/).filter(Boolean) : textTokens(value));
          for (const piece of pieces) {
            const list = lists.get(piece);
            if (list) for (const d of postingDocs(posting)) list.push(d);
            else lists.set(piece, postingDocs(posting).slice());
          }
        }
      }
      this.derived.set(cacheKey, (map = mergedPostings(lists, this.capacity)));
    }
    return map;
  }

  /**
   * The docs of one `uri` or `resource` value, from the store's own lookups (undefined for other fields, or once the
   * field's whole postings are made for a scan: then those answer).
   */
  #entryDocs(kind: PostingKind, field: string, value: string): Posting | undefined {
    if (kind !== 'exact' || (field !== 'uri' && field !== 'resource') || this.derived.has(`values\u0000${field}`)) return undefined;
    let entries: readonly Entry[] = [];
    if (field === 'resource') entries = this.store.entriesByResource(value);
    else if (value.startsWith(this.store.baseUrl)) {
      const path = value.slice(this.store.baseUrl.length);
      const at = path.indexOf('/entry/'); // context ids are one path segment, entry ids may hold a slash
      const entry = at > 0 ? this.store.getEntry(path.slice(0, at), path.slice(at + 7)) : undefined;
      if (entry) entries = [entry];
    }
    const docs: number[] = [];
    for (const entry of entries) {
      const id = this.#byEntry.get(entry);
      if (id !== undefined && this.docs[id] && (field === 'uri' ? entry.entryUri : entry.resourceUri) === value) docs.push(id);
    }
    docs.sort((a, b) => a - b);
    return docs.length === 0 ? [] : docs.length === 1 ? docs[0]! : docs;
  }

  /**
   * An ngram field's postings by lower-cased value, made from its postings by value as stated (cached until the next
   * change): lower-casing every title, description and keyword at load made a second copy of each of them.
   */
  #lowerCased(field: string): Map<string, Posting> | undefined {
    const stated = this.ngram.get(field);
    if (!stated) return undefined;
    const cacheKey = `lower\u0000${field}`;
    let map = this.derived.get(cacheKey) as Map<string, Posting> | undefined;
    if (map) return map;
    const lists = new Map<string, number[]>();
    for (const [value, posting] of stated) {
      const key = value.toLowerCase();
      const list = lists.get(key);
      if (list) for (const d of postingDocs(posting)) list.push(d);
      else lists.set(key, postingDocs(posting).slice());
    }
    this.derived.set(cacheKey, (map = mergedPostings(lists, this.capacity)));
    return map;
  }

  /** The postings of a DERIVED_VALUES field, made from its source fields' postings (cached until the next change). */
  #derivedValues(kind: 'exact' | 'ngram', field: string): Map<string, Posting> | undefined {
    const objectUri = field === 'metadata.object.uri';
    const perEntry = field === 'uri' || field === 'resource';
    const title = field.startsWith('title.');
    if (kind !== (objectUri || perEntry ? 'exact' : 'ngram')) return undefined;
    const cacheKey = `values\u0000${field}`;
    let map = this.derived.get(cacheKey) as Map<string, Posting> | undefined;
    if (map) return map;
    if (perEntry || title) {
      const column = title ? this.titles.get(field) : undefined;
      if (title && !column) return undefined;
      const lists = new Map<string, number[]>();
      for (const id of this.#live) {
        const entry = this.docs[id]!.entry;
        const value = column ? column[id]?.toLowerCase() : field === 'uri' ? entry.entryUri : entry.resourceUri;
        if (value === undefined) continue;
        const list = lists.get(value);
        if (list) list.push(id);
        else lists.set(value, [id]);
      }
      if (lists.size === 0) return undefined;
      this.derived.set(cacheKey, (map = mergedPostings(lists, this.capacity)));
      return map;
    }
    const sources: Map<string, Posting>[] = [];
    if (objectUri) {
      for (const [f, byValue] of this.exact) if (OBJECT_URI_SOURCE.test(f)) sources.push(byValue);
    } else {
      const source = this.exact.get(field.replace('.literal.', '.literal_s.'));
      if (source) sources.push(source);
    }
    if (sources.length === 0) return undefined;
    const lists = new Map<string, number[]>();
    for (const source of sources) {
      for (const [value, posting] of source) {
        const key = objectUri ? value : value.toLowerCase();
        const list = lists.get(key);
        if (list) for (const d of postingDocs(posting)) list.push(d);
        else lists.set(key, postingDocs(posting).slice());
      }
    }
    this.derived.set(cacheKey, (map = mergedPostings(lists, this.capacity)));
    return map;
  }

  /**
   * Bitmap of one posting list; `shared` = the caller will not modify it (then large lists come from the cache).
   */
  postingBits(kind: PostingKind, field: string, value: string, shared: boolean): Bits {
    const posting = this.#entryDocs(kind, field, value) ?? this.postings(kind, field)?.get(value);
    if (posting === undefined) return emptyBits(this.capacity);
    if (typeof posting !== 'number' && !Array.isArray(posting)) return fitted(posting as Bits, this.capacity, shared);
    const docs = postingDocs(posting);
    if (!shared || docs.length < CACHED_BITS_MIN) return bitsOf(docs, this.capacity);
    const key = `${kind}\u0000${field}\u0000${value}`;
    let bits = this.#bitsCache.get(key);
    if (!bits) {
      if (this.#bitsCache.size >= CACHED_BITS_MAX_ENTRIES) this.#bitsCache.clear();
      this.#bitsCache.set(key, (bits = bitsOf(docs, this.capacity)));
    }
    return bits;
  }

  /**
   * Bitmap of the docs having the field (cached; do not modify). Every value of an exact or ngram field has a posting,
   * so those fields' docs are the union of their postings; only text fields (a value of stop words has no token)
   * keep their own list.
   */
  fieldBits(field: string): Bits {
    const kind = kindOf(field);
    if (kind !== 'text' || DERIVED_TEXT.test(field)) {
      const key = `has\u0000${field}`;
      let bits = this.derived.get(key) as Bits | undefined;
      if (!bits) {
        bits = emptyBits(this.capacity);
        const sources = (kind === 'text' ? derivedFrom(field).map((f) => this.postings('ngram', f)) : [this.postings(kind === 'ngram' ? 'ngram' : 'exact', field)])
          .filter((m) => m !== undefined);
        if (sources.length === 0) return bits; // a field no doc has (any hash is a valid field name): not cached
        for (const source of sources) for (const docs of source.values()) orDocs(bits, docs);
        this.derived.set(key, bits);
      }
      return bits;
    }
    const posting = this.fieldDocs.get(field) ?? [];
    if (typeof posting !== 'number' && !Array.isArray(posting)) return fitted(posting as Bits, this.capacity, true);
    const docs = postingDocs(posting);
    if (docs.length < CACHED_BITS_MIN) return bitsOf(docs, this.capacity);
    const key = `has\u0000${field}`;
    let bits = this.#bitsCache.get(key);
    if (!bits) this.#bitsCache.set(key, (bits = bitsOf(docs, this.capacity)));
    return bits;
  }

  /**
   * Test hook: replaces one field's values of an entry's document (e.g. `public` → `false`, what EntryStore indexes
   * for an entry a guest may not read; the dev store itself serves everything).
   */
  overrideField(entry: Entry, field: string, values: readonly string[]): void {
    const id = this.#byEntry.get(entry);
    if (id === undefined || !this.docs[id]) throw new Error(`no document for ${entry.entryUri}`);
    const kind = fieldKind(field);
    if ((kind !== 'string' && kind !== 'boolean') || DERIVED_VALUES.test(field)) throw new Error('overrideField: string and boolean fields only (not derived ones)');
    for (const [key, docs] of this.exact.get(field) ?? []) if (postingDocs(docs).includes(id)) unpost(this.exact, field, key, id);
    for (const v of values) post(this.exact, field, v, id);
    this.#changed();
  }

  /** The doc's fields, rebuilt from its entry (which the index keeps in step with: same as when it was indexed). */
  fieldsOf(id: number): DocFields {
    const doc = this.docs[id];
    return doc ? buildDocument(this.store, doc.entry, this.solrRelated) : new Map();
  }

  #changed(): void {
    if (this.#bulk) return;
    this.generation++;
    this.#liveBits = undefined;
    this.#bitsCache.clear();
    this.derived.clear();
    this.termCache.clear();
  }

  #add(entry: Entry): void {
    const id = this.docs.length;
    this.#byEntry.set(entry, id);
    this.#index(id, entry);
  }

  #update(entry: Entry): void {
    const id = this.#byEntry.get(entry);
    if (id === undefined) return this.#add(entry);
    this.#remove(id);
    this.#index(id, entry);
    // datasets carrying this entry's metadata in their related.* fields follow
    for (const dependent of this.solrRelated ? relatedDependents(this.store, entry) : []) {
      const did = this.#byEntry.get(dependent);
      if (did === undefined) continue;
      this.#remove(did);
      this.#index(did, dependent);
    }
  }

  #index(id: number, entry: Entry): void {
    const fields = buildDocument(this.store, entry, this.solrRelated);
    this.#post(id, fields);
    this.docs[id] = { id, entry };
    insertSorted(this.#live, id);
    this.#changed();
  }

  #post(id: number, fields: DocFields): void {
    // The same literal is analysed for several text fields.
    const analysed = new Map<string, string[]>();
    for (const [field, values] of fields) {
      if (field.startsWith('title.') && values.length > 0) {
        let column = this.titles.get(field);
        if (!column) this.titles.set(field, (column = []));
        column[id] = values[0];
      }
      const kind = kindOf(field);
      if (kind === 'text') {
        const had = this.fieldDocs.get(field);
        if (had === undefined) this.fieldDocs.set(field, [id]);
        else if (Array.isArray(had) && had[had.length - 1]! < id) had.push(id);
        else {
          const next = withDoc(had, id);
          if (next !== had) this.fieldDocs.set(field, next);
        }
      }
      if (DERIVED_VALUES.test(field)) continue; // derived from their source fields' postings when asked
      if (kind === 'ngram') {
        const byValue = fieldMap(this.ngram, field); // values as stated: lower-cased when first asked (#lowerCased)
        for (const v of values) postTo(byValue, v, id);
      } else if (kind === 'text') {
        if (DERIVED_TEXT.test(field)) continue; // derived from the literal field's postings when asked
        const unique = new Set<string>();
        for (const v of values) {
          let tokens = analysed.get(v);
          if (!tokens) analysed.set(v, (tokens = textTokens(v)));
          for (const tok of tokens) unique.add(tok);
        }
        const byValue = fieldMap(this.text, field);
        for (const tok of unique) postTo(byValue, tok, id);
      } else {
        const byValue = fieldMap(this.exact, field);
        for (const v of values) postTo(byValue, v, id);
      }
    }
  }

  /**
   * Takes a doc out of every posting list. Its values are not kept, and its entry has already changed, so every
   * list is looked at: up to a second or two at 50,000 datasets, on a change (an upload), never on a search.
   */
  #remove(id: number): void {
    if (!this.docs[id]) return;
    const without = (byValue: Map<string, Posting>): void => {
      for (const [key, docs] of byValue) {
        const next = withoutDoc(docs, id);
        if (next === undefined) byValue.delete(key);
        else if (next !== docs) byValue.set(key, next);
      }
    };
    for (const p of [this.exact, this.ngram, this.text]) for (const byValue of p.values()) without(byValue);
    without(this.fieldDocs);
    for (const column of this.titles.values()) if (column[id] !== undefined) column[id] = undefined;
    this.docs[id] = undefined;
    removeSorted(this.#live, id);
    this.#changed();
  }
}

/** A posting's bitmap at the index's current size (docs added since it was built make the index longer). */
function fitted(bits: Bits, capacity: number, shared: boolean): Bits {
  const words = (capacity + 31) >>> 5;
  if (bits.length === words) return shared ? bits : bits.slice();
  const out = new Uint32Array(words);
  out.set(bits.length > words ? bits.subarray(0, words) : bits);
  return out;
}
