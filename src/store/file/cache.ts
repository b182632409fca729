/**
 * What a catalog file's first page view built, kept for the next (README "No catalog server?"): the file's triples in
 * IndexedDB, keyed by the file's URL and stored with its validator (ETag, else Last-Modified). The file is asked for on
 * every view all the same; only when the server's validator is the cached one are the triples taken from here instead
 * of parsed, so a changed file is never answered from the cache. Triples, not the built store: building the store and
 * its index from them is what remains, and it gives the very answers a parse gives (test/store/file-store-cache.test.ts).
 *
 * The triples are packed (a string table and index arrays): one structured clone of three arrays is read much faster
 * than 100,000 triple objects, and every repeated IRI comes back as one string, as the parser interns them.
 * Next to the triples, the answers the page's reads got (CachedAnswers), under the same validator: a later view whose file
 * is unchanged answers those same reads from them at once, before its store is built (open-catalog.ts). Answers are
 * kept per catalog, at most CACHED_ANSWERS of them and CACHED_ANSWER_CHARS of JSON; a new version of a catalog's
 * triples, dropping it, or it falling out of the last CACHED_CATALOGS drops its answers too. Cached answers are data:
 * a status and a JSON text the page parses as it parses any answer.
 * IndexedDB that fails (private mode, quota, blocked, absent) only means no cache: nothing here throws.
 */
import type { Term, Triple } from '../../rdf/graph.ts';

/** The triples of one parse, packed: `triples` holds (subject, predicate, object) per triple, indexes into `terms`
 * (3 numbers per term: kind, value, language-or-datatype; both into `strings`) and into `strings` (predicates). */
export interface PackedTriples {
  readonly strings: string[];
  readonly terms: Uint32Array;
  readonly triples: Uint32Array;
}

export interface CachedCatalog {
  /** The catalog file's URL. */
  readonly url: string;
  /** The file's ETag, else its Last-Modified, as the server sent it. */
  readonly validator: string;
  /** The store's load time (the created/modified of entries without dates): kept, so answers match the first view's. */
  readonly loadTime: number;
  readonly triples: PackedTriples;
}

/** One read's answer: the request URL, the status and the body's JSON text. */
export type CachedAnswer = readonly [url: string, status: number, body: string];

/** The answers of one catalog's reads, valid for the version of the file `validator` names. */
export interface CachedAnswers {
  readonly url: string;
  readonly validator: string;
  readonly answers: readonly CachedAnswer[];
}

/** Where cached catalogs are kept (IndexedDB in a browser; the tests give one in memory). */
export interface CatalogCache {
  read(url: string): Promise<CachedCatalog | undefined>;
  /** Writes the catalog's triples, and drops the answers kept for an older version of it. */
  write(catalog: CachedCatalog): Promise<void>;
  drop(url: string): Promise<void>;
  readAnswers(url: string): Promise<CachedAnswers | undefined>;
  /** Keeps the answers of a catalog whose triples are kept (none else: they would never be dropped). */
  writeAnswers(answers: CachedAnswers): Promise<void>;
}

/** How many catalogs are kept: the latest written. */
export const CACHED_CATALOGS = 3;
/** How many answers, and how many characters of their JSON, are kept per catalog: the first given. */
export const CACHED_ANSWERS = 100;
export const CACHED_ANSWER_CHARS = 2_000_000;

// term kinds in PackedTriples.terms
const NAMED = 0;
const BLANK = 1;
const PLAIN = 2;
const LANG = 3;
const TYPED = 4;

/** Packs triples as they are parsed (a parser's sink); `packed()` gives them for the cache. */
export class TriplePacker {
  readonly #strings: string[] = [];
  readonly #stringIds = new Map<string, number>();
  readonly #termIds = new Map<Term, number>();
  #terms: number[] = [];
  #triples: number[] = [];

  readonly add = (t: Triple): void => {
    this.#triples.push(this.#term(t.subject), this.#string(t.predicate), this.#term(t.object));
  };

  packed(): PackedTriples {
    return { strings: this.#strings, terms: Uint32Array.from(this.#terms), triples: Uint32Array.from(this.#triples) };
  }

  #string(s: string): number {
    let id = this.#stringIds.get(s);
    if (id === undefined) {
      this.#stringIds.set(s, (id = this.#strings.length));
      this.#strings.push(s);
    }
    return id;
  }

  /** Terms by object identity: parsers give one object per distinct IRI, so this is mostly one lookup per term. */
  #term(t: Term): number {
    let id = this.#termIds.get(t);
    if (id !== undefined) return id;
    const kind = t.termType === 'NamedNode' ? NAMED : t.termType === 'BlankNode' ? BLANK : t.language !== undefined ? LANG : t.datatype !== undefined ? TYPED : PLAIN;
    const extra = kind === LANG ? this.#string(t.language!) : kind === TYPED ? this.#string(t.datatype!) : 0;
    this.#termIds.set(t, (id = this.#terms.length / 3));
    this.#terms.push(kind, this.#string(t.value), extra);
    return id;
  }
}

/** The packed triples, one by one into `sink`, as the parser gave them (the same term shapes). */
export function unpackTriples({ strings, terms, triples }: PackedTriples, sink: (t: Triple) => void): void {
  const made: Term[] = new Array<Term>(terms.length / 3);
  const term = (id: number): Term => {
    let t = made[id];
    if (t) return t;
    const kind = terms[id * 3]!;
    const value = strings[terms[id * 3 + 1]!]!;
    const extra = strings[terms[id * 3 + 2]!]!;
    if (kind === NAMED) t = { termType: 'NamedNode', value };
    else if (kind === BLANK) t = { termType: 'BlankNode', value };
    else if (kind === LANG) t = { termType: 'Literal', value, language: extra };
    else if (kind === TYPED) t = { termType: 'Literal', value, datatype: extra };
    else t = { termType: 'Literal', value };
    return (made[id] = t);
  };
  for (let i = 0; i < triples.length; i += 3) sink({ subject: term(triples[i]!), predicate: strings[triples[i + 1]!]!, object: term(triples[i + 2]!) });
}

/** Kept answers as data: anything else in the database (another script of the origin wrote it) is left out. */
const isAnswer = (a: unknown): a is CachedAnswer =>
  Array.isArray(a) && a.length === 3 && typeof a[0] === 'string' && typeof a[1] === 'number' && typeof a[2] === 'string';

const DB = 'catalog-blocks-file-store';
const STORE = 'catalogs';
const ANSWERS = 'answers';
/** Opening the database waits at most this long (a blocked open never answers). */
const OPEN_WAIT_MS = 3000;

// The part of IndexedDB used here (typed here: this module is also part of catalog-blocks/api, which runs in Node).
interface Req<T> {
  readonly result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface OpenReq extends Req<Db> {
  onupgradeneeded: (() => void) | null;
  onblocked: (() => void) | null;
}
interface Db {
  transaction(stores: string[], mode: Mode): Tx;
  createObjectStore(name: string, options: { keyPath: string }): { createIndex(name: string, keyPath: string): unknown };
  readonly objectStoreNames: { contains(name: string): boolean };
}
type Mode = 'readonly' | 'readwrite';
interface Tx {
  objectStore(name: string): ObjectStore;
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}
interface ObjectStore {
  get(key: string): Req<unknown>;
  count(key: string): Req<number>;
  put(value: unknown): unknown;
  delete(key: unknown): unknown;
  index(name: string): { openKeyCursor(range: null, direction: 'prev'): Req<{ readonly primaryKey: unknown; continue(): void } | null> };
}

interface Stored extends CachedCatalog {
  readonly savedAt: number;
}

/** The browser's cache (IndexedDB); one that does nothing where there is none. */
export function catalogCache(): CatalogCache {
  const idb = (globalThis as { indexedDB?: { open(name: string, version: number): OpenReq } }).indexedDB;
  let db: Promise<Db | undefined> | undefined;
  const open = (): Promise<Db | undefined> =>
    (db ??= new Promise((resolve) => {
      if (!idb) return resolve(undefined);
      const timer = setTimeout(() => resolve(undefined), OPEN_WAIT_MS);
      const done = (d: Db | undefined) => {
        clearTimeout(timer);
        resolve(d);
      };
      try {
        // version 2 added the answers (a version 1 database keeps its triples)
        const req = idb.open(DB, 2);
        req.onupgradeneeded = () => {
          const d = req.result;
          if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE, { keyPath: 'url' }).createIndex('savedAt', 'savedAt');
          if (!d.objectStoreNames.contains(ANSWERS)) d.createObjectStore(ANSWERS, { keyPath: 'url' });
        };
        req.onsuccess = () => done(req.result);
        req.onerror = () => done(undefined);
        req.onblocked = () => done(undefined);
      } catch {
        done(undefined);
      }
    }));
  /** Runs `work` in one transaction; its result once the transaction is complete, `fallback` on any failure. */
  const run = async <T>(mode: Mode, work: (s: ObjectStore, answers: ObjectStore) => Req<T> | void, fallback: T): Promise<T> => {
    const d = await open();
    if (!d) return fallback;
    return new Promise<T>((resolve) => {
      try {
        const tx = d.transaction([STORE, ANSWERS], mode);
        const req = work(tx.objectStore(STORE), tx.objectStore(ANSWERS));
        tx.oncomplete = () => resolve(req ? req.result : fallback);
        tx.onerror = tx.onabort = () => resolve(fallback);
      } catch {
        resolve(fallback);
      }
    });
  };
  return {
    read: async (url) => {
      const found = await run<Stored | undefined>('readonly', (s) => s.get(url) as Req<Stored | undefined>, undefined);
      return found && typeof found.validator === 'string' && found.triples ? found : undefined;
    },
    write: async (catalog) => {
      await run<undefined>(
        'readwrite',
        (s, answers) => {
          s.put({ ...catalog, savedAt: Date.now() } satisfies Stored);
          answers.delete(catalog.url);
          // keep the latest CACHED_CATALOGS: walk the keys newest first, delete the rest (no value is read)
          let kept = 0;
          const keys = s.index('savedAt').openKeyCursor(null, 'prev');
          keys.onsuccess = () => {
            const c = keys.result;
            if (!c) return;
            if (c.primaryKey !== catalog.url && ++kept >= CACHED_CATALOGS) {
              s.delete(c.primaryKey);
              answers.delete(c.primaryKey);
            }
            c.continue();
          };
        },
        undefined,
      );
    },
    drop: async (url) => {
      await run<undefined>('readwrite', (s, answers) => void (s.delete(url), answers.delete(url)), undefined);
    },
    readAnswers: async (url) => {
      const found = await run<Partial<CachedAnswers> | undefined>('readonly', (_, answers) => answers.get(url) as Req<CachedAnswers | undefined>, undefined);
      return found && typeof found.validator === 'string' && Array.isArray(found.answers) ? { url, validator: found.validator, answers: found.answers.filter(isAnswer) } : undefined;
    },
    writeAnswers: async (kept) => {
      await run<undefined>(
        'readwrite',
        (s, answers) => {
          // only next to the catalog's triples: dropped with them
          const has = s.count(kept.url);
          has.onsuccess = () => {
            if (has.result > 0) answers.put(kept);
          };
        },
        undefined,
      );
    },
  };
}
