/**
 * One store client per store URL for the whole page, so that every block shares the cache and the batching
 * (a landing page and its distribution list then cost two requests, not ten).
 */
import { EntryStoreClient, normaliseBaseUrl } from './entrystore.ts';
import { transportOf, type Transport } from './transport.ts';
import type { CatalogStore } from './types.ts';
import type { GlobalConfig } from '../config/params.ts';
import { readPageConfig } from '../config/page-config.ts';

/** Default store when neither the block, a provider nor the page config names one (same origin, EntryStore's path). */
export const DEFAULT_STORE_URL = '/store/';

/** The store URL of block `el` without a provider: its `store-url` → the page config's → `/store/`; absolute, ending in `/`. */
export const storeUrlOf = (el: { getAttribute(name: string): string | null; readonly ownerDocument: { readonly baseURI: string } }, page: GlobalConfig): string =>
  new URL(el.getAttribute('store-url') || (typeof page.storeUrl === 'string' && page.storeUrl) || DEFAULT_STORE_URL, el.ownerDocument.baseURI).href.replace(/\/?$/, '/');

export type StoreFactory = (baseUrl: string) => CatalogStore;

/** The page's `transport` / `jsonp` setting, read at each request (config files may arrive after the first block). */
const pageTransport = (): Transport => (typeof document === 'undefined' ? 'cors' : transportOf(readPageConfig(document)));

const defaultFactory: StoreFactory = (baseUrl) => new EntryStoreClient(baseUrl, { transport: pageTransport });
let factory: StoreFactory = defaultFactory;
const stores = new Map<string, CatalogStore>();

/** The shared store for `baseUrl` (trailing `/` added, so `…/store` and `…/store/` are one store). */
export function storeFor(baseUrl: string): CatalogStore {
  const key = normaliseBaseUrl(baseUrl);
  let store = stores.get(key);
  if (!store) stores.set(key, (store = factory(key)));
  return store;
}

/** Replaces how stores are made (tests, in-memory stores); forgets the stores made so far. No argument restores the default. */
export function setStoreFactory(f?: StoreFactory): void {
  factory = f ?? defaultFactory;
  stores.clear();
}
