/**
 * Inverted index over the entries, built at load and kept in step with store changes (synchronous indexing,
 * §2.2 allows it). Postings per field kind: exact values (string, boolean, date, long), lower-cased whole
 * values (ngram, matched by substring scan over the distinct values), word tokens (text).
 */
import type { DevStore, Entry } from '../catalog.ts';
import { buildDocument, relatedDependents } from './document.ts';
import type { DocFields } from './document.ts';
import { fieldKind, textTokens } from './fields.ts';

export interface IndexedDoc {
  readonly id: number;
  readonly entry: Entry;
  readonly fields: DocFields;
  /** Token lists per text field value (for phrase queries). */
  readonly tokens: Map<string, string[][]>;
}

type Postings = Map<string, Map<string, Set<number>>>;

function post(p: Postings, field: string, key: string, doc: number): void {
  let byValue = p.get(field);
  if (!byValue) p.set(field, (byValue = new Map()));
  let docs = byValue.get(key);
  if (!docs) byValue.set(key, (docs = new Set()));
  docs.add(doc);
}

function unpost(p: Postings, field: string, key: string, doc: number): void {
  const byValue = p.get(field);
  const docs = byValue?.get(key);
  if (!docs) return;
  docs.delete(doc);
  if (docs.size === 0) byValue!.delete(key);
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
  readonly fieldDocs = new Map<string, Set<number>>();
  readonly #byEntry = new Map<Entry, number>();
  #live = new Set<number>();

  constructor(readonly store: DevStore) {
    for (const e of store.entries()) this.#add(e);
    store.onChange((e, change) => (change === 'add' ? this.#add(e) : this.#update(e)));
  }

  /** All live doc ids, in index order. */
  allDocs(): Set<number> {
    return this.#live;
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
    const fields = buildDocument(this.store, entry);
    const tokens = new Map<string, string[][]>();
    // The same literal is analysed for several text fields (literal_t, metadata.object.literal, all, …).
    const analysed = new Map<string, string[]>();
    const analyse = (v: string): string[] => {
      let t = analysed.get(v);
      if (!t) analysed.set(v, (t = textTokens(v)));
      return t;
    };
    for (const [field, values] of fields) {
      let has = this.fieldDocs.get(field);
      if (!has) this.fieldDocs.set(field, (has = new Set()));
      has.add(id);
      const kind = fieldKind(field);
      if (kind === 'ngram') for (const v of values) post(this.ngram, field, v.toLowerCase(), id);
      else if (kind === 'text') {
        const lists = values.map(analyse);
        tokens.set(field, lists);
        const unique = new Set<string>();
        for (const list of lists) for (const tok of list) unique.add(tok);
        for (const tok of unique) post(this.text, field, tok, id);
      } else for (const v of values) post(this.exact, field, v, id);
    }
    this.docs[id] = { id, entry, fields, tokens };
    this.#live.add(id);
  }

  #remove(id: number): void {
    const doc = this.docs[id];
    if (!doc) return;
    for (const [field, values] of doc.fields) {
      this.fieldDocs.get(field)?.delete(id);
      const kind = fieldKind(field);
      if (kind === 'ngram') for (const v of values) unpost(this.ngram, field, v.toLowerCase(), id);
      else if (kind === 'text') for (const list of doc.tokens.get(field) ?? []) for (const tok of list) unpost(this.text, field, tok, id);
      else for (const v of values) unpost(this.exact, field, v, id);
    }
    this.docs[id] = undefined;
    this.#live.delete(id);
  }
}
