/**
 * One store client per store URL for the whole page, so that every block shares the cache and the batching
 * (a landing page and its distribution list then cost two requests, not ten).
 */
import { EntryStoreClient, normaliseBaseUrl } from './entrystore.ts';
import type { CatalogStore } from './types.ts';

export type StoreFactory = (baseUrl: string) => CatalogStore;

const defaultFactory: StoreFactory = (baseUrl) => new EntryStoreClient(baseUrl);
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
