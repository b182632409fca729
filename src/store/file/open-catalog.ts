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
import { FILE_STORE } from './base.ts';
import { catalogCache, TriplePacker, unpackTriples, type CachedCatalog, type CatalogCache } from './cache.ts';

/** Larger files are refused before they are read (README "No catalog server?": beyond this, use a real store). */
export const MAX_CATALOG_BYTES = 50 * 1024 * 1024;

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

export type AnswerGet = (url: string) => Promise<StoreAnswer>;

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

/** The store's base URL for a catalog file: the file's URL with the fragment `#store/` (its minted IRIs live there). */
export function catalogStoreBase(catalogUrl: string): string {
  return catalogUrl + FILE_STORE;
}

/**
 * Reads, parses and indexes the catalog at `catalogUrl`; the store answers under `catalogStoreBase(catalogUrl)`.
 * The file is asked for on every open; when its validator is the one `cache` keeps, the cached triples are built instead
 * of the file's text being read and parsed (cache.ts).
 */
export async function openCatalog(catalogUrl: string, onProgress: (p: CatalogProgress) => void = () => {}, cache: CatalogCache = catalogCache()): Promise<AnswerGet> {
  const cachedCatalog = cache.read(catalogUrl).catch(() => undefined);
  const response = await requestCatalogFile(catalogUrl);
  const validator = validatorOf(response);
  const cached = await cachedCatalog;
  if (cached && (response.status === 304 || (validator !== undefined && cached.validator === validator))) {
    void response.body?.cancel().catch(() => {});
    onProgress({ phase: 'index', loaded: 0 });
    return buildCatalog(catalogUrl, new Date(cached.loadTime), async (sink) => unpackTriples(cached.triples, sink));
  }
  const { text, format } = await readCatalogFile(catalogUrl, response, onProgress);
  onProgress({ phase: 'parse', loaded: text.length });
  const packer = validator === undefined ? undefined : new TriplePacker();
  const loadTime = new Date();
  const get = await buildCatalog(catalogUrl, loadTime, async (sink) => {
    try {
      // relative IRIs of the file resolve against the file, as RDF says
      await parseRdfTextInto(text, { file: catalogUrl, baseIri: catalogUrl, blankPrefix: blankPrefix('1'), ...(format ? { format } : {}) }, packer ? (t) => (packer.add(t), sink(t)) : sink);
    } catch (e) {
      // anything else (a parser's code that could not be loaded) is not the file's fault: thrown as it is
      if (e instanceof CatalogParseError) throw failure('malformed', `The catalog file ${catalogUrl} is not readable RDF: ${e.message.replace(/^catalog \S+: /, '')}`);
      throw e;
    }
    onProgress({ phase: 'index', loaded: text.length });
  });
  // a file without a validator cannot be checked next time: nothing of it is kept
  const kept: CachedCatalog | undefined = packer && validator ? { url: catalogUrl, validator, loadTime: loadTime.getTime(), triples: packer.packed() } : undefined;
  // after the store says it is ready: copying a large catalog into IndexedDB takes a while, the first answer does not wait
  setTimeout(() => void (kept ? cache.write(kept) : cached ? cache.drop(catalogUrl) : Promise.resolve()).catch(() => {}), 0);
  return get;
}

/** The store of one catalog's triples (given by `feed` to its sink) and its search index. */
async function buildCatalog(catalogUrl: string, loadTime: Date, feed: (sink: CatalogBuilder['add']) => Promise<void>): Promise<AnswerGet> {
  const store = new DevStore(catalogStoreBase(catalogUrl), loadTime);
  const catalog = new CatalogBuilder();
  await feed(catalog.add);
  store.addContext(catalogUrl, catalog, 'catalog');
  const index = new SearchIndex(store);
  return (url) => answerGet(store, index, url);
}

/** What tells this version of the file from others: its ETag, else its Last-Modified (undefined: neither, or unreadable). */
function validatorOf(response: Response): string | undefined {
  return response.headers.get('etag') ?? response.headers.get('last-modified') ?? undefined;
}

/**
 * Asks for the file. `cache: 'no-cache'`: the browser asks the server whether its copy is current (If-None-Match /
 * If-Modified-Since from its HTTP cache, 304 → no download) — headers the page sets itself would need a CORS preflight
 * that a static host does not answer.
 */
async function requestCatalogFile(url: string): Promise<Response> {
  let response: Response;
  try {
    const init = { credentials: 'omit', cache: 'no-cache', headers: { Accept: 'text/turtle, application/rdf+xml, application/ld+json;q=0.9, application/n-triples;q=0.9, */*;q=0.1' } } as const;
    response = await fetch(url, init as RequestInit);
  } catch {
    throw failure('unreachable', `The catalog file ${url} could not be fetched: the server did not answer, or it does not let this page read it (CORS: Access-Control-Allow-Origin).`);
  }
  if (!response.ok && response.status !== 304) throw failure('unreachable', `The catalog file ${url} could not be fetched: the server answered ${response.status} ${response.statusText}`.trim());
  return response;
}

/** The file's text and the format its Content-Type names (undefined: from the name, else from the content). */
async function readCatalogFile(url: string, response: Response, onProgress: (p: CatalogProgress) => void): Promise<{ text: string; format?: RdfFormat }> {
  // a 304 without a cached copy (a cache dropped meanwhile): nothing to read
  if (response.status === 304) throw failure('unreachable', `The catalog file ${url} could not be read: the server answered 304 Not Modified, and no copy of it is kept here.`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html') throw failure('malformed', `The catalog file ${url} is an HTML page, not RDF (Turtle, RDF/XML, JSON-LD or N-Triples).`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const tooBig = () => failure('malformed', `The catalog file ${url} is larger than ${MAX_CATALOG_BYTES / 1024 / 1024} MB: serve a catalog this size from a metadata store (EntryStore).`);
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
    throw failure('unreachable', `The catalog file ${url} stopped arriving (${e instanceof Error ? e.message : String(e)}).`);
  }
  const format = FORMAT_TYPES[type];
  return format ? { text, format } : { text };
}
