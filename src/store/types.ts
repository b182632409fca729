import type { Graph } from '../rdf/graph.ts';

/** Where an entry lives in EntryStore: never parse these out of a resource URI (harvested entries keep foreign URIs). */
export interface EntryRef {
  readonly contextId: string;
  readonly entryId: string;
}

/** One EntryStore entry as the blocks need it: metadata, entry information and inverse relations as graphs. */
export interface StoreEntry extends EntryRef {
  /** `{store}{ctx}/entry/{id}` */
  readonly entryUri: string;
  /** The described thing: minted `{store}{ctx}/resource/{id}` or, for harvested data, the publisher's URI. */
  readonly resourceUri: string;
  /** Local metadata (absent in the JSON = not readable by the guest → the client throws NotFoundError instead). */
  readonly metadata: Graph;
  /** Entry information graph (dates, file name/size/format of uploaded files). */
  readonly info: Graph;
  /** Relations graph (triples of other entries pointing at this one). */
  readonly relations: Graph;
  /** Entry `dcterms:modified` from the info graph, ISO string, if given. */
  readonly modified?: string;
}

export interface FacetValue {
  readonly name: string;
  readonly count: number;
}

export interface FacetField {
  /** Solr field name as returned (e.g. `metadata.predicate.uri.0ce6b231`). */
  readonly name: string;
  readonly values: readonly FacetValue[];
}

/** A search as the blocks express it; the adapter turns it into `search?type=solr&…`. */
export interface SearchRequest {
  /** Lucene query, already built (see `query.ts`). `public:true` is added by the adapter unless `includePrivate`. */
  readonly query: string;
  readonly limit?: number;
  readonly offset?: number;
  /** Store sort syntax, e.g. `modified desc` or `title.sv asc`. */
  readonly sort?: string;
  readonly facetFields?: readonly string[];
  readonly facetLimit?: number;
  readonly filterQueries?: readonly string[];
  readonly includePrivate?: boolean;
}

export interface SearchResult {
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  readonly entries: readonly StoreEntry[];
  readonly facets: readonly FacetField[];
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

/**
 * Entries that point AT a resource, found in the same request as a resource lookup: those whose own resource has
 * `<predicate> <object>` and one of `rdfTypes` (e.g. showcases and ideas: `dcterms:source <dataset>`, types
 * esterms:Result / esterms:Idea).
 */
export interface InverseLookup {
  readonly predicate: string;
  readonly object: string;
  readonly rdfTypes: readonly string[];
}

export interface ResourceLookupOptions extends RequestOptions {
  /** Also return the entries matching this inverse relation, keyed by their resource URI, in the same request. */
  readonly inverse?: InverseLookup;
}

/**
 * What the blocks need from a metadata store. `EntryStoreClient` implements it over HTTP; tests may
 * implement it in memory. Every method rejects with a `StoreError` subclass (see errors.ts).
 */
export interface CatalogStore {
  /** Base URL, always ending in `/` (e.g. `https://data.example.org/store/`). */
  readonly baseUrl: string;
  getEntry(ref: EntryRef, options?: RequestOptions): Promise<StoreEntry>;
  /** Entry whose resource URI is `uri` (public only); NotFoundError when none. */
  getEntryByResourceUri(uri: string, options?: RequestOptions & { contextId?: string }): Promise<StoreEntry>;
  /** First public entry whose `predicate` has the literal `value` (default predicate dcterms:identifier). */
  lookupByLiteral(value: string, options?: RequestOptions & { predicate?: string; contextId?: string }): Promise<StoreEntry>;
  /** First public entry whose `predicate` has the URI `value`. */
  lookupByUri(value: string, predicate: string, options?: RequestOptions & { contextId?: string }): Promise<StoreEntry>;
  /**
   * Many resource URIs in as few requests as possible (one request for up to `batchSize` URIs; concurrent calls in
   * the same tick are merged). URIs that are not entries (or not public) are simply absent from the map.
   * With `inverse`, the (public) entries matching it are added to the map under their resource URIs — in the same
   * request as the URIs (an implementation without it may ignore the option: callers then see no such entries).
   */
  getEntriesByResourceUris(uris: readonly string[], options?: ResourceLookupOptions): Promise<Map<string, StoreEntry>>;
  search(request: SearchRequest, options?: RequestOptions): Promise<SearchResult>;
}
