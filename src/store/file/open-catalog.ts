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

/** Reads, parses and indexes the catalog of `source`; the store answers under `storeBase(source)`. */
export async function openCatalog(source: CatalogSource, onProgress: (p: CatalogProgress) => void = () => {}): Promise<AnswerGet> {
  const catalogUrl = sourceUrl(source);
  const { text, format, modified } = await readCatalogFile(source, onProgress);
  onProgress({ phase: 'parse', loaded: text.length });
  // entries the file gives no dates are as new as the file (its Last-Modified), else as the page's reading of it
  const store = new DevStore(storeBase(source), modified ?? new Date());
  const catalog = new CatalogBuilder();
  try {
    // relative IRIs of the file resolve against the file, as RDF says
    await parseRdfTextInto(text, { file: catalogUrl, baseIri: catalogUrl, blankPrefix: blankPrefix('1'), ...(format ? { format } : {}) }, catalog.add);
  } catch (e) {
    // anything else (a parser's code that could not be loaded) is not the file's fault: thrown as it is
    if (e instanceof CatalogParseError) {
      const where = e.line === undefined ? '' : e.column === undefined ? ` (line ${e.line})` : ` (line ${e.line}, column ${e.column})`;
      throw failure('malformed', `${nameOf(source)} ${catalogUrl} ${'sparql' in source ? 'answered with' : 'is'} not readable RDF${where}: ${e.detail}`);
    }
    throw e;
  }
  onProgress({ phase: 'index', loaded: text.length });
  store.addContext(catalogUrl, catalog, 'catalog');
  // distributions indexed under related.* as EntryScape is configured (the format facet; `entrystore.solr.related=on`)
  const index = new SearchIndex(store, true);
  return (url) => answerGet(store, index, url);
}

const nameOf = (source: CatalogSource): string => ('sparql' in source ? 'The SPARQL endpoint' : 'The catalog file');

/** The file's text (or the endpoint's answer to the catalog query) and the format its Content-Type names (undefined: from the name, else from the content). */
async function readCatalogFile(source: CatalogSource, onProgress: (p: CatalogProgress) => void): Promise<{ text: string; format?: RdfFormat; modified?: Date }> {
  const url = sourceUrl(source);
  const what = `${nameOf(source)} ${url}`;
  const is = 'sparql' in source ? 'answered with' : 'is';
  let response: Response;
  try {
    response = 'sparql' in source
      ? await fetch(catalogQueryUrl(url), { credentials: 'omit', headers: { Accept: CONSTRUCT_ACCEPT } })
      : await fetch(url, { credentials: 'omit', headers: { Accept: 'text/turtle, application/rdf+xml, application/ld+json;q=0.9, application/n-triples;q=0.9, */*;q=0.1' } });
  } catch {
    throw failure('unreachable', `${what} could not be reached: the server did not answer, or it does not let this page read it (CORS: Access-Control-Allow-Origin).`);
  }
  if (!response.ok) {
    throw failure('unreachable', 'sparql' in source
      ? `${what} could not answer the catalog query: it answered ${response.status} ${response.statusText}`.trim()
      : `${what} could not be fetched: the server answered ${response.status} ${response.statusText}`.trim());
  }
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
  const modified = new Date(response.headers.get('last-modified') ?? NaN);
  return { text, ...(format ? { format } : {}), ...(Number.isNaN(modified.getTime()) ? {} : { modified }) };
}
