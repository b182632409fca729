/**
 * One DCAT file made a store: fetched (with progress, within a size limit), parsed by the engine's parsers, loaded into
 * the in-memory EntryStore the dev store runs (one context, its entries minted as the dev store mints them) and
 * indexed for search. The file store runs this in a Web Worker, or in the page when no worker can be started.
 * Failures are CatalogFileFailure values a page can show: the file cannot be read, or it is not a catalog.
 */
import { answerGet, type StoreAnswer } from '../../catalog-engine/answer.ts';
import { CatalogBuilder } from '../../catalog-engine/catalog-builder.ts';
import { blankPrefix, DevStore } from '../../catalog-engine/catalog.ts';
import { CatalogParseError, type RdfFormat } from '../../catalog-engine/parse/common.ts';
import { parseRdfTextInto } from '../../catalog-engine/parse/text.ts';
import { SearchIndex } from '../../catalog-engine/search/index.ts';
import { CACHED_ANSWER_CHARS, CACHED_ANSWERS, catalogCache, TriplePacker, unpackTriples, type CachedAnswer, type CachedCatalog, type CatalogCache } from './cache.ts';
import { CONSTRUCT_ACCEPT, catalogQueryUrl } from './sparql.ts';
import { sourceUrl, storeBase, type CatalogSource } from './source.ts';

/** Larger files are refused before they are read (README "No catalog server?": beyond this, use a real store). */
export const MAX_CATALOG_BYTES = 50_000_000;

/** How far the file has come: bytes read of `total` (when the server said), then parsed and indexed. */
export interface CatalogProgress {
  readonly phase: 'download' | 'parse' | 'index';
  readonly loaded: number;
  readonly total?: number;
}

/** Why a catalog file gives no store: it cannot be read (`unreachable`), or it is not a catalog (`malformed`). */
export interface CatalogFileFailure {
  readonly kind: 'unreachable' | 'malformed';
  readonly message: string;
}

/** A store answer; `json`: its body as JSON text, where that is at hand (what the worker sends the page). */
export interface FileAnswer extends StoreAnswer {
  readonly json?: string;
}

export type AnswerGet = (url: string) => Promise<FileAnswer>;

/** The body of an answer as the page reads it: JSON text (kept as text where it is at hand). */
export const answerJson = (a: FileAnswer): string => a.json ?? JSON.stringify(a.body);

/** The performance mark set when a store is built (from the file, or from kept triples); a tool's way to see it. */
export const STORE_BUILT_MARK = 'catalog-blocks:file-store:built';
/** The performance mark set at the first read answered from kept answers. */
export const KEPT_ANSWER_MARK = 'catalog-blocks:file-store:kept-answer';
/**
 * With kept answers, the store of an unchanged file is built once the page has made no read for this long, or at the
 * first read no answer is kept for: building takes the worker's thread for a while, and the page's first reads
 * (the first results, facets, rows) come in a few waves that the kept answers answer at once.
 */
export const BUILD_AFTER_IDLE_MS = 500;
/** Kept answers are written this long after the last new one (one write for a page's wave of reads). */
const ANSWERS_WRITE_MS = 250;

const FORMAT_TYPES: Record<string, RdfFormat> = {
  'text/turtle': 'turtle',
  'application/x-turtle': 'turtle',
  'application/n-triples': 'ntriples',
  'application/rdf+xml': 'rdfxml',
  'application/ld+json': 'jsonld',
};

const failure = (kind: CatalogFileFailure['kind'], message: string): CatalogFileFailure => ({ kind, message });

export function isCatalogFileFailure(e: unknown): e is CatalogFileFailure {
  return typeof e === 'object' && e !== null && 'kind' in e && 'message' in e && !(e instanceof Error);
}

/**
 * Reads, parses and indexes the catalog of `source`; the store answers under `storeBase(source)`. The source is asked
 * for on every open; when its validator (ETag, else Last-Modified) is the one `cache` keeps, the cached triples are
 * built instead of its text being read and parsed (cache.ts).
 */
export async function openCatalog(source: CatalogSource, onProgress: (p: CatalogProgress) => void = () => {}, cache: CatalogCache = catalogCache()): Promise<AnswerGet> {
  const catalogUrl = sourceUrl(source);
  // kept by the file's URL (an endpoint's answer by the endpoint's store URL, `{endpoint}#sparql/`)
  const key = 'file' in source ? source.file : storeBase(source);
  const cachedCatalog = cache.read(key).catch(() => undefined);
  const cachedAnswers = cache.readAnswers(key).catch(() => undefined);
  const response = await requestCatalog(source);
  const validator = validatorOf(response);
  const cached = await cachedCatalog;
  if (cached && (response.status === 304 || (validator !== undefined && cached.validator === validator))) {
    void response.body?.cancel().catch(() => {});
    onProgress({ phase: 'index', loaded: 0 });
    const answers = await cachedAnswers;
    // answers of this very version only (the triples' validator, which the server has just confirmed)
    const known = answers?.validator === cached.validator ? answers.answers : [];
    return keepingAnswers(key, cached.validator, cache, known, fromKept(source, cached), Promise.resolve());
  }
  const { text, format } = await readCatalogFile(source, response, onProgress);
  onProgress({ phase: 'parse', loaded: text.length });
  const packer = validator === undefined ? undefined : new TriplePacker();
  // entries the file gives no dates are as new as the file (its Last-Modified), else as the page's reading of it
  const modified = new Date(response.headers.get('last-modified') ?? NaN);
  const loadTime = Number.isNaN(modified.getTime()) ? new Date() : modified;
  const get = await buildCatalog(source, loadTime, async (sink) => {
    try {
      // relative IRIs of the file resolve against the file, as RDF says
      await parseRdfTextInto(text, { file: catalogUrl, baseIri: catalogUrl, blankPrefix: blankPrefix('1'), ...(format ? { format } : {}) }, packer ? (t) => (packer.add(t), sink(t)) : sink);
    } catch (e) {
      // anything else (a parser's code that could not be loaded) is not the file's fault: thrown as it is
      if (e instanceof CatalogParseError) {
        const where = e.line === undefined ? '' : e.column === undefined ? ` (line ${e.line})` : ` (line ${e.line}, column ${e.column})`;
        throw failure('malformed', `${nameOf(source)} ${catalogUrl} ${'sparql' in source ? 'answered with' : 'is'} not readable RDF${where}: ${e.detail}`);
      }
      throw e;
    }
    onProgress({ phase: 'index', loaded: text.length });
  });
  // a source without a validator cannot be checked next time: nothing of it is kept
  const kept: CachedCatalog | undefined = packer && validator ? { url: key, validator, loadTime: loadTime.getTime(), triples: packer.packed() } : undefined;
  // after the store says it is ready: copying a large catalog into IndexedDB takes a while, the first answer does not wait
  const written = new Promise<void>((done) => setTimeout(() => void (kept ? cache.write(kept) : cached ? cache.drop(key) : Promise.resolve()).catch(() => {}).then(done), 0));
  return kept ? keepingAnswers(key, kept.validator, cache, [], givenStore(get), written) : get;
}

// Made out here, not in openCatalog: a closure made there would keep all it holds (the file's text) for the page's life.
const givenStore = (get: AnswerGet) => async () => get;
const fromKept = (source: CatalogSource, cached: CachedCatalog) => () => buildCatalog(source, new Date(cached.loadTime), async (sink) => unpackTriples(cached.triples, sink));

/**
 * The store's reads, answered from `known` (kept answers of this version of the file) where they can be, else by the
 * store `build` gives (built at the first such read, or once the reads pause: BUILD_AFTER_IDLE_MS); the answers the
 * store gives are kept (CachedAnswers, after `written`: the triples they belong with) for the next view.
 */
function keepingAnswers(key: string, validator: string, cache: CatalogCache, known: readonly CachedAnswer[], build: (() => Promise<AnswerGet>) | undefined, written: Promise<void>): AnswerGet {
  const answers = new Map(known.map((a) => [a[0], a]));
  let chars = known.reduce((n, a) => n + a[2].length, 0);
  let store: Promise<AnswerGet> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const built = (): Promise<AnswerGet> => {
    clearTimeout(idle);
    // a macrotask first: reads already sent are answered from `known` before the build takes the thread
    return (store ??= new Promise((go) => setTimeout(go, 0)).then(() => {
      const b = build!;
      // the kept triples are not held once the store is built from them
      build = undefined;
      return b();
    }).then((get) => (mark(STORE_BUILT_MARK), get)));
  };
  // a build that fails fails the reads that wait for it (the worker answers them 500), not the page
  const start = (): void => void built().catch(() => {});
  if (!answers.size) start();
  else idle = setTimeout(start, BUILD_AFTER_IDLE_MS);
  let writing: ReturnType<typeof setTimeout> | undefined;
  let told = false;
  const keep = (url: string, a: FileAnswer & { json: string }) => {
    if (answers.has(url) || answers.size >= CACHED_ANSWERS || chars + a.json.length > CACHED_ANSWER_CHARS) return;
    answers.set(url, [url, a.status, a.json]);
    chars += a.json.length;
    clearTimeout(writing);
    writing = setTimeout(() => void written.then(() => cache.writeAnswers({ url: key, validator, answers: [...answers.values()] })).catch(() => {}), ANSWERS_WRITE_MS);
  };
  return async (url) => {
    const hit = answers.get(url);
    if (hit) {
      if (!told) mark(KEPT_ANSWER_MARK);
      told = true;
      if (!store) {
        clearTimeout(idle);
        idle = setTimeout(start, BUILD_AFTER_IDLE_MS);
      }
      const [, status, json] = hit;
      return { status, json, get body(): unknown { return JSON.parse(json); } };
    }
    const a = await (await built())(url);
    const json = JSON.stringify(a.body);
    // a store's failure (500) is not an answer of the file
    if (a.status < 500) keep(url, { ...a, json });
    return { ...a, json };
  };
}

const mark = (name: string): void => {
  try {
    (globalThis as { performance?: { mark?(name: string): unknown } }).performance?.mark?.(name);
  } catch {
    // no marks here: nothing to tell
  }
};

/** The store of one catalog's triples (given by `feed` to its sink) and its search index. */
async function buildCatalog(source: CatalogSource, loadTime: Date, feed: (sink: CatalogBuilder['add']) => Promise<void>): Promise<AnswerGet> {
  const store = new DevStore(storeBase(source), loadTime);
  const catalog = new CatalogBuilder();
  await feed(catalog.add);
  store.addContext(sourceUrl(source), catalog, 'catalog');
  // distributions indexed with their datasets (related.*, as EntryScape configures EntryStore): the file holds both, and
  // without it the blocks leave out the Format and Licence filters
  const index = new SearchIndex(store, true);
  return (url) => answerGet(store, index, url);
}

const nameOf = (source: CatalogSource): string => ('sparql' in source ? 'The SPARQL endpoint' : 'The catalog file');

/** What tells this version of the file from others: its ETag, else its Last-Modified (undefined: neither, or unreadable). */
function validatorOf(response: Response): string | undefined {
  return response.headers.get('etag') ?? response.headers.get('last-modified') ?? undefined;
}

/**
 * Asks for the file (or the endpoint's answer to the catalog query). `cache: 'no-cache'`: the browser asks the server
 * whether its copy is current (If-None-Match / If-Modified-Since from its HTTP cache, 304 → no download) — headers the
 * page sets itself would need a CORS preflight that a static host does not answer.
 */
async function requestCatalog(source: CatalogSource): Promise<Response> {
  const url = sourceUrl(source);
  const what = `${nameOf(source)} ${url}`;
  let response: Response;
  try {
    const init = { credentials: 'omit', cache: 'no-cache' } as const;
    response = 'sparql' in source
      ? await fetch(catalogQueryUrl(url), { ...init, headers: { Accept: CONSTRUCT_ACCEPT } } as RequestInit)
      : await fetch(url, { ...init, headers: { Accept: 'text/turtle, application/rdf+xml, application/ld+json;q=0.9, application/n-triples;q=0.9, */*;q=0.1' } } as RequestInit);
  } catch {
    throw failure('unreachable', `${what} could not be reached: the server did not answer, or it does not let this page read it (CORS: Access-Control-Allow-Origin).`);
  }
  if (!response.ok && response.status !== 304) {
    throw failure('unreachable', 'sparql' in source
      ? `${what} could not answer the catalog query: it answered ${response.status} ${response.statusText}`.trim()
      : `${what} could not be fetched: the server answered ${response.status} ${response.statusText}`.trim());
  }
  return response;
}

/** The text of the answer and the format its Content-Type names (undefined: from the name, else from the content). */
async function readCatalogFile(source: CatalogSource, response: Response, onProgress: (p: CatalogProgress) => void): Promise<{ text: string; format?: RdfFormat }> {
  const what = `${nameOf(source)} ${sourceUrl(source)}`;
  const is = 'sparql' in source ? 'answered with' : 'is';
  // a 304 without a cached copy (a cache dropped meanwhile): nothing to read
  if (response.status === 304) throw failure('unreachable', `${what} could not be read: the server answered 304 Not Modified, and no copy of it is kept here.`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html') throw failure('malformed', `${what} ${is} an HTML page, not RDF (Turtle, RDF/XML, JSON-LD or N-Triples).`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const tooBig = () => failure('malformed', `${what} ${is} larger than ${MAX_CATALOG_BYTES / 1e6} MB: serve a catalog this size from a metadata store (EntryStore).`);
  // a compressed answer's length is what came over the wire: compare it anyway, the text is larger still
  if (declared > MAX_CATALOG_BYTES) throw tooBig();
  const total = Number.isFinite(declared) && declared > 0 ? declared : undefined;
  let text = '';
  let loaded = 0;
  try {
    if (!response.body) text = await response.text();
    else {
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        loaded += value.byteLength;
        if (loaded > MAX_CATALOG_BYTES) {
          void reader.cancel();
          throw tooBig();
        }
        text += decoder.decode(value, { stream: true });
        onProgress({ phase: 'download', loaded, ...(total ? { total } : {}) });
      }
      text += decoder.decode();
    }
  } catch (e) {
    if (isCatalogFileFailure(e)) throw e;
    throw failure('unreachable', `${what} stopped sending (${e instanceof Error ? e.message : String(e)}).`);
  }
  const format = FORMAT_TYPES[type];
  return format ? { text, format } : { text };
}
