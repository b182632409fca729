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

/** Reads, parses and indexes the catalog at `catalogUrl`; the store answers under `catalogStoreBase(catalogUrl)`. */
export async function openCatalog(catalogUrl: string, onProgress: (p: CatalogProgress) => void = () => {}): Promise<AnswerGet> {
  const { text, format } = await readCatalogFile(catalogUrl, onProgress);
  onProgress({ phase: 'parse', loaded: text.length });
  const store = new DevStore(catalogStoreBase(catalogUrl));
  const catalog = new CatalogBuilder();
  try {
    // relative IRIs of the file resolve against the file, as RDF says
    await parseRdfTextInto(text, { file: catalogUrl, baseIri: catalogUrl, blankPrefix: blankPrefix('1'), ...(format ? { format } : {}) }, catalog.add);
  } catch (e) {
    // anything else (a parser's code that could not be loaded) is not the file's fault: thrown as it is
    if (e instanceof CatalogParseError) throw failure('malformed', `The catalog file ${catalogUrl} is not readable RDF: ${e.message.replace(/^catalog \S+: /, '')}`);
    throw e;
  }
  onProgress({ phase: 'index', loaded: text.length });
  store.addContext(catalogUrl, catalog, 'catalog');
  // distributions indexed under related.* as EntryScape is configured (the format facet; `entrystore.solr.related=on`)
  const index = new SearchIndex(store, true);
  return (url) => answerGet(store, index, url);
}

/** The file's text and the format its Content-Type names (undefined: from the name, else from the content). */
async function readCatalogFile(url: string, onProgress: (p: CatalogProgress) => void): Promise<{ text: string; format?: RdfFormat }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', headers: { Accept: 'text/turtle, application/rdf+xml, application/ld+json;q=0.9, application/n-triples;q=0.9, */*;q=0.1' } });
  } catch {
    throw failure('unreachable', `The catalog file ${url} could not be fetched: the server did not answer, or it does not let this page read it (CORS: Access-Control-Allow-Origin).`);
  }
  if (!response.ok) throw failure('unreachable', `The catalog file ${url} could not be fetched: the server answered ${response.status} ${response.statusText}`.trim());
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
