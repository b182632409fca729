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
import { catalogCache, TriplePacker, unpackTriples, type CachedCatalog, type CatalogCache } from './cache.ts';
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
  const response = await requestCatalog(source);
  const validator = validatorOf(response);
  const cached = await cachedCatalog;
  if (cached && (response.status === 304 || (validator !== undefined && cached.validator === validator))) {
    void response.body?.cancel().catch(() => {});
    onProgress({ phase: 'index', loaded: 0 });
    return buildCatalog(source, new Date(cached.loadTime), async (sink) => unpackTriples(cached.triples, sink));
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
  setTimeout(() => void (kept ? cache.write(kept) : cached ? cache.drop(key) : Promise.resolve()).catch(() => {}), 0);
  return get;
}

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
