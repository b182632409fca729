/**
 * One store client per store URL for the whole page, so that every block shares the cache and the batching
 * (a landing page and its distribution list then cost two requests, not ten).
 */
import { EntryStoreClient, normaliseBaseUrl } from './entrystore.ts';
import { FILE_STORE, SPARQL_STORE } from './file/base.ts';
import { transportOf, type Transport } from './transport.ts';
import type { CatalogStore } from './types.ts';
import type { GlobalConfig } from '../config/params.ts';

/** Default store when neither the block, a provider nor the page config names one (same origin, EntryStore's path). */
export const DEFAULT_STORE_URL = '/store/';


/**
 * The store URL of block `el` without a provider: its `store-url` → the page config's catalog file (its store's base,
 * `{file}#store/`) → its SPARQL endpoint (`{endpoint}#sparql/`) → its `storeUrl` → `/store/`; absolute, ending in `/`.
 */
export const storeUrlOf = (el: { getAttribute(name: string): string | null; readonly ownerDocument: { readonly baseURI: string } }, page: GlobalConfig): string =>
  new URL(
    el.getAttribute('store-url') || (typeof page.catalogUrl === 'string' && page.catalogUrl + FILE_STORE)
      || (typeof page.sparqlUrl === 'string' && page.sparqlUrl + SPARQL_STORE) || (typeof page.storeUrl === 'string' && page.storeUrl) || DEFAULT_STORE_URL,
    el.ownerDocument.baseURI,
  ).href.replace(/\/?$/, '/');

/** `transport`: how to read the store (the page configuration's `transport` / `jsonp`, src/store/transport.ts). */
export type StoreFactory = (baseUrl: string, transport?: Transport) => CatalogStore;

/** A catalog file's or SPARQL endpoint's store reads through the file store's `fetch` (a lazy chunk), never JSONP. */
const defaultFactory: StoreFactory = (baseUrl, transport = 'auto') =>
  new EntryStoreClient(
    baseUrl,
    baseUrl.endsWith(FILE_STORE) || baseUrl.endsWith(SPARQL_STORE)
      ? { transport: 'cors', fetch: async (input) => (await import('./file/file-store.ts')).catalogFetch(baseUrl)(input) }
      : { transport },
  );
let factory: StoreFactory = defaultFactory;
const stores = new Map<string, CatalogStore>();

/**
 * The shared store for `baseUrl` (trailing `/` added, so `…/store` and `…/store/` are one store), read as the page
 * configuration `page` says (`transport`, or the legacy `jsonp` key; default `auto`).
 */
export function storeFor(baseUrl: string, page: Pick<GlobalConfig, 'transport' | 'jsonp'> = {}): CatalogStore {
  const transport = transportOf(page);
  const key = `${transport} ${normaliseBaseUrl(baseUrl)}`;
  let store = stores.get(key);
  if (!store) stores.set(key, (store = factory(normaliseBaseUrl(baseUrl), transport)));
  return store;
}

/** Replaces how stores are made (tests, in-memory stores); forgets the stores made so far. No argument restores the default. */
export function setStoreFactory(f?: StoreFactory): void {
  factory = f ?? defaultFactory;
  stores.clear();
}
