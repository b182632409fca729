/**
 * Inverted index over the entries, built at load and kept in step with store changes (synchronous indexing,
 * §2.2 allows it). Postings per field kind: exact values (string, boolean, date, long), lower-cased whole
 * values (ngram, matched by substring scan over the distinct values), word tokens (text).
 *
 * Posting lists are ascending arrays of doc ids (docs are numbered in load order, so indexing appends); a query
 * turns them into bitmaps (bits.ts), cached for the large ones (`public:true`, `rdfType:…`, a big publisher) until
 * the next change. Sorted orders of all docs per sort key list are cached the same way (sort.ts).
 */
import type { DevStore, Entry } from '../catalog.ts';
import { bitsOf, emptyBits } from './bits.ts';
import type { Bits } from './bits.ts';
import { buildDocument, relatedDependents } from './document.ts';
import { fieldKind, textTokens } from './fields.ts';
import { StoredFields } from './stored.ts';

export interface IndexedDoc {
  readonly id: number;
  readonly entry: Entry;
  readonly fields: StoredFields;
}

/** Docs of one value, ascending: a lone doc as a number (most values belong to one doc: URIs, titles, dates). */
export type Posting = number | number[];
export type Postings = Map<string, Map<string, Posting>>;

/** The docs of a posting as a list. */
export function postingDocs(p: Posting): readonly number[] {
  return typeof p === 'number' ? [p] : p;
}
export type PostingKind = 'exact' | 'ngram' | 'text';

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
  let byValue = p.get(field);
  if (!byValue) p.set(field, (byValue = new Map()));
  const docs = byValue.get(key);
  if (docs === undefined) byValue.set(key, doc);
  else if (typeof docs === 'number') {
    if (docs !== doc) byValue.set(key, docs < doc ? [docs, doc] : [doc, docs]);
  } else insertSorted(docs, doc);
}

function unpost(p: Postings, field: string, key: string, doc: number): void {
  const byValue = p.get(field);
  const docs = byValue?.get(key);
  if (docs === undefined) return;
  if (typeof docs === 'number') {
    if (docs === doc) byValue!.delete(key);
    return;
  }
  removeSorted(docs, doc);
  if (docs.length === 0) byValue!.delete(key);
}

/** Lists grown by push keep spare capacity (16+ slots each): copy them to their exact length once loading is done. */
function trim(p: Postings): void {
  for (const byValue of p.values()) for (const [k, docs] of byValue) if (typeof docs !== 'number') byValue.set(k, docs.slice());
}

export class SearchIndex {
  readonly docs: (IndexedDoc | undefined)[] = [];
  /** string / boolean / date / long: exact value → docs. */
  readonly exact: Postings = new Map();
  /** ngram: lower-cased whole value → docs. */
  readonly ngram: Postings = new Map();
  /** text: token → docs. */
  readonly text: Postings = new Map();
  /** Docs having at least one value in the field. */
  readonly fieldDocs = new Map<string, number[]>();
  /** Bumped on every change: caches built from the postings (bitmaps, sort orders) are valid for one generation. */
  generation = 0;
  readonly #byEntry = new Map<Entry, number>();
  #live: number[] = [];
  #liveBits: Bits | undefined;
  #bitsCache = new Map<string, Bits>();
  /** Caches of other modules (sort orders), dropped with the bitmaps on a change. */
  readonly derived = new Map<string, unknown>();

  constructor(readonly store: DevStore) {
    for (const e of store.entries()) this.#add(e);
    for (const p of [this.exact, this.ngram, this.text]) trim(p);
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
   * Bitmap of one posting list; `shared` = the caller will not modify it (then large lists come from the cache).
   */
  postingBits(kind: PostingKind, field: string, value: string, shared: boolean): Bits {
    const posting = this.postingsOf(kind).get(field)?.get(value);
    if (posting === undefined) return emptyBits(this.capacity);
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

  /** Bitmap of the docs having the field (cached like postingBits). */
  fieldBits(field: string): Bits {
    const docs = this.fieldDocs.get(field) ?? [];
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
    const doc = id === undefined ? undefined : this.docs[id];
    if (!doc) throw new Error(`no document for ${entry.entryUri}`);
    this.#remove(doc.id);
    doc.fields.set(field, values);
    this.#post(doc.id, doc.fields);
    this.docs[doc.id] = doc;
    insertSorted(this.#live, doc.id);
    this.#changed();
  }

  #changed(): void {
    this.generation++;
    this.#liveBits = undefined;
    this.#bitsCache.clear();
    this.derived.clear();
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
    for (const dependent of relatedDependents(this.store, entry)) {
      const did = this.#byEntry.get(dependent);
      if (did === undefined) continue;
      this.#remove(did);
      this.#index(did, dependent);
    }
  }

  #index(id: number, entry: Entry): void {
    const fields = new StoredFields(buildDocument(this.store, entry));
    this.#post(id, fields);
    this.docs[id] = { id, entry, fields };
    insertSorted(this.#live, id);
    this.#changed();
  }

  #post(id: number, fields: StoredFields): void {
    // The same literal is analysed for several text fields (literal_t, metadata.object.literal, all, …).
    const analysed = new Map<string, string[]>();
    for (const [field, values] of fields) {
      let has = this.fieldDocs.get(field);
      if (!has) this.fieldDocs.set(field, (has = []));
      insertSorted(has, id);
      const kind = fieldKind(field);
      if (kind === 'ngram') for (const v of values) post(this.ngram, field, v.toLowerCase(), id);
      else if (kind === 'text') {
        const unique = new Set<string>();
        for (const v of values) {
          let tokens = analysed.get(v);
          if (!tokens) analysed.set(v, (tokens = textTokens(v)));
          for (const tok of tokens) unique.add(tok);
        }
        for (const tok of unique) post(this.text, field, tok, id);
      } else for (const v of values) post(this.exact, field, v, id);
    }
  }

  #remove(id: number): void {
    const doc = this.docs[id];
    if (!doc) return;
    for (const [field, values] of doc.fields) {
      const has = this.fieldDocs.get(field);
      if (has) removeSorted(has, id);
      const kind = fieldKind(field);
      if (kind === 'ngram') for (const v of values) unpost(this.ngram, field, v.toLowerCase(), id);
      else if (kind === 'text') for (const v of values) for (const tok of textTokens(v)) unpost(this.text, field, tok, id);
      else for (const v of values) unpost(this.exact, field, v, id);
    }
    this.docs[id] = undefined;
    removeSorted(this.#live, id);
    this.#changed();
  }
}

