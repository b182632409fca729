/**
 * CatalogStore over EntryStore's REST API (entrystore-api.md §2–§3), for browsers and Node. Shares one cache and one
 * batcher per client, so every block on a page that uses the same client (see registry.ts) profits from the others.
 */
import { Batcher } from './batch.ts';
import { entryFromJson, searchResultFromJson } from './entry-json.ts';
import { AbortError, HttpStatusError, NetworkError, NotFoundError } from './errors.ts';
import { getJson, type FetchLike } from './http.ts';
import { isCrossOrigin, type Transport } from './transport.ts';
import { and, batchClause, contextClause, DEFAULT_LOOKUP_PREDICATE, field, inverseClause, literalField, uriField } from './query.ts';
import { abortable, SharedRequests } from './shared.ts';
import { remember } from './bounded.ts';
import { namedNode } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import type { CatalogStore, EntryRef, InverseLookup, RequestOptions, ResourceLookupOptions, SearchRequest, SearchResult, StoreEntry } from './types.ts';

export interface EntryStoreClientOptions {
  /** Injected for tests and server-side use; defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Most resource URIs per batched request (default 50; EntryStore returns at most 100 per page). */
  batchSize?: number;
  /** Per request; slower answers fail with NetworkError (default 15000). */
  timeoutMs?: number;
  /** A batch is split further when its URL would grow longer than this (proxies often refuse > 8 KB lines). */
  maxUrlLength?: number;
  /** `cors`, `jsonp` or `auto` (default; transport.ts), or a function asked at each read (the page's configuration). */
  transport?: Transport | (() => Transport);
}

/** EntryStore never returns more than this many hits per page (`entrystore.solr.max-limit`). */
export const STORE_MAX_LIMIT = 100;
const DEFAULT_BATCH_SIZE = 50;
/** Search pages kept for back/forward and re-renders; the oldest go first (a search box makes many). */
const CACHED_SEARCHES = 100;
/** Entries (by each URI they were asked for), resources and inverse answers kept per client: a long session on a
 * large catalog stays bounded; an entry dropped is fetched again when asked for. More than one batch holds. */
const CACHED_ENTRIES = 3000;

/**
 * Batcher keys: a resource URI, or an inverse lookup (a prefix no URI has + its JSON; the client keeps the lookup by
 * its key). An inverse key resolves to the list of matching entries, a URI key to its entry.
 */
const INVERSE_KEY = '\u0000inverse ';
type BatchValue = StoreEntry | readonly StoreEntry[];
const isInverseKey = (key: string): boolean => key.startsWith(INVERSE_KEY);
const inverseKey = (inv: InverseLookup): string =>
  INVERSE_KEY + JSON.stringify([inv.predicate, inv.object, [...new Set(inv.rdfTypes)]]);
/** Most pages of inverse matches read for one batch (100 each): a runaway relation cannot loop forever. */
const MAX_INVERSE_PAGES = 10;

/** The inverse relation holds with the entry's own resource as subject (the Solr field matches any subject). */
function matchesInverse(entry: StoreEntry, inv: InverseLookup): boolean {
  const type = `${NS.rdf}type`;
  const self = entry.resourceUri;
  return entry.metadata.has(self, inv.predicate, namedNode(inv.object))
    && inv.rdfTypes.some((t) => entry.metadata.has(self, type, namedNode(t)) || entry.info.has(self, type, namedNode(t)));
}

/** `https://x/store` → `https://x/store/`; relative URLs resolve against the page in a browser. */
export function normaliseBaseUrl(baseUrl: string): string {
  let url = baseUrl.trim();
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  if (page) {
    try {
      url = new URL(url, page).href;
    } catch {
      // leave as given: fetch will report it
    }
  }
  return url.endsWith('/') ? url : `${url}/`;
}

export class EntryStoreClient implements CatalogStore {
  readonly baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;
  readonly #batchSize: number;
  readonly #maxUrlLength: number;
  readonly #transport: () => Transport;
  /** `auto` found the store readable only through JSONP: every later read goes there directly. */
  #jsonpOnly = false;
  readonly #requests = new SharedRequests();
  readonly #batcher: Batcher<BatchValue>;
  /** Entries by entry URI (the store's and the one built from base + ids). */
  readonly #entries = new Map<string, StoreEntry>();
  /** Entries by resource URI; null = looked up in a batch and not a (public) entry. */
  readonly #byResource = new Map<string, StoreEntry | null>();
  readonly #searches = new Map<string, SearchResult>();
  /** Answers of inverse lookups by batcher key (an empty list is an answer too: nobody points at the resource). */
  readonly #inverse = new Map<string, readonly StoreEntry[]>();
  /** The inverse lookups by batcher key (kept: one per distinct relation asked for, which a page has few of). */
  readonly #inverseLookups = new Map<string, InverseLookup>();

  constructor(baseUrl: string, options: EntryStoreClientOptions = {}) {
    this.baseUrl = normaliseBaseUrl(baseUrl);
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#batchSize = Math.max(1, Math.min(STORE_MAX_LIMIT, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE)));
    this.#maxUrlLength = options.maxUrlLength ?? 7000;
    const transport = options.transport ?? 'auto';
    this.#transport = typeof transport === 'function' ? transport : () => transport;
    this.#batcher = new Batcher<BatchValue>(
      (uris) => this.#splitBatch(uris),
      (uris) => this.#loadBatch(uris),
    );
  }

  /** Forgets every cached entry and search (requests in flight still complete). */
  clearCache(): void {
    this.#entries.clear();
    this.#byResource.clear();
    this.#searches.clear();
    this.#inverse.clear();
  }

  /** `{store}{ctx}/entry/{id}?includeAll&format=application/json` */
  entryUrl(ref: EntryRef): string {
    return `${this.baseUrl}${encodeURIComponent(ref.contextId)}/entry/${encodeURIComponent(ref.entryId)}?includeAll&format=application/json`;
  }

  /**
   * `{store}search?type=solr&query=…`, `public:true` added unless `includePrivate`. Every value is fully
   * percent-encoded: EntryStore form-decodes (`+` would become a space) and a raw `=` truncates a value.
   */
  searchUrl(req: SearchRequest): string {
    // In this order after the type; undefined ones are left out.
    const params = {
      query: req.includePrivate ? req.query.trim() || '*:*' : and('public:true', req.query),
      limit: req.limit,
      offset: req.offset || undefined,
      sort: req.sort || undefined,
      facetFields: req.facetFields?.length ? req.facetFields.join(',') : undefined,
      facetLimit: req.facetLimit,
      // The store splits filterQuery on commas and URL-decodes each part again: encode each part first.
      filterQuery: req.filterQueries?.length ? req.filterQueries.map(encodeURIComponent).join(',') : undefined,
    };
    let url = `${this.baseUrl}search?type=solr`;
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url += `&${k}=${encodeURIComponent(v)}`;
    return url;
  }

  getEntry(ref: EntryRef, options: RequestOptions = {}): Promise<StoreEntry> {
    const key = this.#entryKey(ref);
    const cached = this.#entries.get(key);
    if (cached) return this.#cached(cached, options.signal);
    const url = this.entryUrl(ref);
    return this.#requests.join(
      url,
      async (signal) => {
        const json = await this.#get(url, signal);
        return this.#remember(entryFromJson(json, this.baseUrl, ref), key);
      },
      options.signal,
    );
  }

  async getEntryByResourceUri(uri: string, options: RequestOptions & { contextId?: string } = {}): Promise<StoreEntry> {
    const { contextId, signal } = options;
    const cached = this.#byResource.get(uri);
    if (cached && (!contextId || cached.contextId === contextId)) return this.#cached(cached, signal);
    const notFound = `No public entry has the resource URI ${uri}`;
    if (cached === null && !contextId) {
      if (signal?.aborted) throw new AbortError('Lookup cancelled');
      throw new NotFoundError(notFound);
    }
    return this.#first(field('resource', uri), options, notFound);
  }

  lookupByLiteral(value: string, options: RequestOptions & { predicate?: string; contextId?: string } = {}): Promise<StoreEntry> {
    const predicate = options.predicate ?? DEFAULT_LOOKUP_PREDICATE;
    return this.#first(field(literalField(predicate), value), options, `No public entry has ${JSON.stringify(value)} as <${predicate}>`);
  }

  lookupByUri(value: string, predicate: string, options: RequestOptions & { contextId?: string } = {}): Promise<StoreEntry> {
    return this.#first(field(uriField(predicate), value), options, `No public entry has <${value}> as <${predicate}>`);
  }

  /**
   * With `inverse`, the entries pointing at a resource come in the same batched request as the URIs (one Solr query
   * ORs both, see `batchClause`), so a landing page stays at two store requests.
   */
  async getEntriesByResourceUris(uris: readonly string[], options: ResourceLookupOptions = {}): Promise<Map<string, StoreEntry>> {
    if (options.signal?.aborted) throw new AbortError('Lookup cancelled');
    const unique = [...new Set(uris)];
    const known = new Map<string, StoreEntry | null | undefined>();
    const missing = unique.filter((uri) => {
      const cached = this.#byResource.get(uri);
      if (cached !== undefined) known.set(uri, cached);
      return cached === undefined;
    });
    const invKey = options.inverse ? inverseKey(options.inverse) : undefined;
    if (invKey) this.#inverseLookups.set(invKey, options.inverse!);
    let pointing = invKey === undefined ? [] : this.#inverse.get(invKey);
    const keys = pointing ? missing : [...missing, invKey!];
    if (keys.length) {
      const loaded = await abortable(Promise.all(keys.map((key) => this.#batcher.get(key))), options.signal, 'Lookup cancelled');
      missing.forEach((uri, i) => known.set(uri, loaded[i] as StoreEntry | undefined));
      pointing ??= (loaded[missing.length] as readonly StoreEntry[] | undefined) ?? [];
    }
    const found = new Map<string, StoreEntry>();
    for (const uri of unique) {
      const entry = known.get(uri);
      if (entry) found.set(uri, entry);
    }
    for (const entry of pointing ?? []) if (!found.has(entry.resourceUri)) found.set(entry.resourceUri, entry);
    return found;
  }

  search(request: SearchRequest, options: RequestOptions = {}): Promise<SearchResult> {
    const url = this.searchUrl(request);
    const cached = this.#searches.get(url);
    if (cached) return this.#cached(cached, options.signal);
    return this.#requests.join(
      url,
      async (signal) => {
        const result = await this.#searchAt(url, signal);
        remember(this.#searches, url, result, CACHED_SEARCHES);
        return result;
      },
      options.signal,
    );
  }

  /** The first public entry matching `clause` (within `contextId` when given), NotFoundError with `notFound` when none. */
  async #first(clause: string, { signal, contextId }: RequestOptions & { contextId?: string }, notFound: string): Promise<StoreEntry> {
    const query = and(clause, contextId ? contextClause(this.baseUrl, contextId) : '');
    const { entries } = await this.search({ query, limit: 1 }, signal ? { signal } : {});
    if (!entries[0]) throw new NotFoundError(notFound);
    return entries[0];
  }

  /**
   * One read: fetch (CORS), or JSONP when configured, or — `auto` — JSONP once a cross-origin fetch failed as a network
   * error (a CORS refusal; not a timeout, not an HTTP status). When JSONP fails too, the fetch's error stands.
   */
  async #get(url: string, signal?: AbortSignal): Promise<unknown> {
    const transport = this.#transport();
    if (transport === 'jsonp' || (transport === 'auto' && this.#jsonpOnly)) return this.#getJsonp(url, signal);
    try {
      return await getJson(url, { fetch: this.#fetch, timeoutMs: this.#timeoutMs, ...(signal ? { signal } : {}) });
    } catch (e) {
      const refused = e instanceof NetworkError && e.cause instanceof TypeError;
      if (transport !== 'auto' || !refused || !isCrossOrigin(url)) throw e;
      try {
        const value = await this.#getJsonp(url, signal);
        this.#jsonpOnly = true;
        return value;
      } catch (jsonpError) {
        if (jsonpError instanceof AbortError) throw jsonpError;
        throw new NetworkError(`${(e as Error).message}; JSONP failed too: ${(jsonpError as Error).message}`, { cause: e });
      }
    }
  }

  /** JSONP lives in a chunk of its own: pages whose store answers CORS never load it. */
  async #getJsonp(url: string, signal?: AbortSignal): Promise<unknown> {
    const { getJsonp } = await import('../jsonp/jsonp.ts');
    return getJsonp(url, { storeBaseUrl: this.baseUrl, timeoutMs: this.#timeoutMs, ...(signal ? { signal } : {}) });
  }

  async #searchAt(url: string, signal?: AbortSignal): Promise<SearchResult> {
    let json: unknown;
    try {
      json = await this.#get(url, signal);
    } catch (e) {
      // The search route always exists: a 404 means a wrong store URL (or a proxy in the way), not "no hits".
      if (e instanceof NotFoundError) throw new HttpStatusError(404, url, `The store has no search at ${url} (wrong store URL?)`);
      throw e;
    }
    const result = searchResultFromJson(json, this.baseUrl);
    for (const entry of result.entries) this.#remember(entry);
    return result;
  }

  /** Cached answers still honour an already-fired signal, so callers see the same behaviour either way. */
  #cached<T>(value: T, signal: AbortSignal | undefined): Promise<T> {
    return abortable(Promise.resolve(value), signal, 'Request cancelled');
  }

  /** `{store}{ctx}/entry/{id}`: the key every entry is also remembered under (whatever URI the store writes). */
  #entryKey(ref: EntryRef): string {
    return `${this.baseUrl}${ref.contextId}/entry/${ref.entryId}`;
  }

  #remember(entry: StoreEntry, requestedAs?: string): StoreEntry {
    remember(this.#entries, entry.entryUri, entry, CACHED_ENTRIES);
    remember(this.#entries, this.#entryKey(entry), entry, CACHED_ENTRIES);
    if (requestedAs) remember(this.#entries, requestedAs, entry, CACHED_ENTRIES);
    // Several entries may describe one resource (e.g. harvested twice): the first one seen stays.
    if (!this.#byResource.get(entry.resourceUri)) remember(this.#byResource, entry.resourceUri, entry, CACHED_ENTRIES);
    return entry;
  }

  /**
   * Batch query: `public:true AND (resource:u1 OR resource:u2 …)`, `limit` = number of URIs so all come back. With
   * inverse lookups: `public:true AND ((resource:u1 OR …) OR (metadata.predicate.uri.<h8>:<object> AND (rdfType:<t1>
   * OR rdfType:<t2>)))` and the store's page maximum, as the number of pointing entries is unknown.
   */
  #batchRequest(uris: readonly string[], inverses: readonly InverseLookup[] = []): SearchRequest {
    const query = batchClause(uris, inverses.map(inverseClause));
    return { query, limit: inverses.length ? STORE_MAX_LIMIT : uris.length };
  }

  /** URIs in groups of at most `batchSize` within the URL limit; inverse lookups ride along with the first group. */
  #splitBatch(keys: string[]): string[][] {
    const inverses = keys.filter(isInverseKey);
    const uris = keys.filter((k) => !isInverseKey(k));
    const groups: string[][] = [];
    const base = this.searchUrl(this.#batchRequest([])).length + 16;
    let group: string[] = [...inverses];
    let length = base + inverses.reduce((n, k) => n + encodeURIComponent(` OR (${inverseClause(this.#inverseLookups.get(k)!)})`).length, 0);
    for (const uri of uris) {
      const cost = encodeURIComponent(` OR ${field('resource', uri)}`).length;
      const urisInGroup = group.length - (groups.length === 0 ? inverses.length : 0);
      if (urisInGroup && (urisInGroup >= this.#batchSize || length + cost > this.#maxUrlLength)) {
        groups.push(group);
        group = [];
        length = base;
      }
      group.push(uri);
      length += cost;
    }
    if (group.length) groups.push(group);
    return groups;
  }

  async #loadBatch(keys: string[]): Promise<ReadonlyMap<string, BatchValue>> {
    const invKeys = keys.filter(isInverseKey);
    const uris = keys.filter((k) => !isInverseKey(k));
    const inverses = invKeys.map((k) => this.#inverseLookups.get(k)!);
    const request = this.#batchRequest(uris, inverses);
    // remembers every entry it returns
    const first = await this.#searchAt(this.searchUrl(request));
    const returned = [...first.entries];
    // Only when more entries point at the resource than one page holds (100): further pages of the same query.
    for (let page = 1, seen = first.entries.length; inverses.length && seen < first.total && page < MAX_INVERSE_PAGES; page++) {
      const next = await this.#searchAt(this.searchUrl({ ...request, offset: page * STORE_MAX_LIMIT }));
      if (next.entries.length === 0) break;
      returned.push(...next.entries);
      seen += next.entries.length;
    }
    for (const uri of uris) if (!this.#byResource.has(uri)) remember(this.#byResource, uri, null, CACHED_ENTRIES);
    const found = new Map<string, BatchValue>();
    for (const uri of uris) {
      const entry = this.#byResource.get(uri);
      if (entry) found.set(uri, entry);
    }
    invKeys.forEach((key, i) => {
      const inv = inverses[i]!;
      const seenResources = new Set<string>();
      const matches = returned.filter((e) => matchesInverse(e, inv) && !seenResources.has(e.resourceUri) && seenResources.add(e.resourceUri));
      remember(this.#inverse, key, matches, CACHED_ENTRIES);
      found.set(key, matches);
    });
    return found;
  }
}
