/**
 * `catalog-blocks/api`: the programmatic side, usable without any custom element. For now the metadata store
 * client (EntryStore adapter, shared per-URL registry, typed errors); the file-upload job API clients join here.
 */
export { EntryStoreClient } from './store/entrystore.ts';
export { storeFor, setStoreFactory } from './store/registry.ts';
export {
  StoreError, NetworkError, HttpStatusError, NotFoundError, BadPayloadError, AbortError, isAbort,
} from './store/errors.ts';
export type {
  CatalogStore, EntryRef, StoreEntry, SearchRequest, SearchResult, FacetField, FacetValue, RequestOptions,
} from './store/types.ts';
