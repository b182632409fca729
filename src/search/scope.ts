/**
 * A named search shared by the blocks of one page (behaviour doc §2.9, §3.3, §3.4, §4). Sibling blocks with the same
 * scope name and store share one SearchScope (`scopeFor(document, name, store)`), different names never interfere:
 * each has its own state, URL keys (url.ts) and results.
 *
 * Cost: one interaction (term, facet click, sort, page) = ONE store request that returns rows and facet counts
 * together; a state already seen = no request (results cached by request); a newer query aborts an older one. Facet
 * values counted in several fields (format buckets, licences: view.ts) whose count the answer cannot tell cost one
 * small count-only search each, in parallel with the names and labels, never before the rows show.
 * Publisher names: the agents named by the org facet values and the rows' publishers are batch-loaded once
 * (one extra request on the first load, which the rows do not wait for: they show with the answer and the names
 * fill in; afterwards only agents never seen before are asked for, which with the org facet shown never happens). Facet labels otherwise come from the bundled vocabularies (view.ts documents
 * the facet counts).
 *
 * Events (plain `Event`s; read the scope's properties): `state` (state changed), `status` (loading/ready/error),
 * `results` (new results).
 */
import { loadSearchMessages, type Lang } from '../i18n/index.ts';
import { warnOnce } from '../config/warn.ts';
import { loadVocabulariesFor, vocabText } from '../dcat/vocab.ts';
import type { CatalogStore, FacetField, SearchResult, StoreEntry } from '../store/types.ts';
import { buildSearchRequest, normaliseTerms, sortFor } from './query.ts';
import { remember } from '../store/bounded.ts';
import { defined } from '../dcat/defined.ts';
import { FACETS, facetOf, facetValue, FORMAT_FIELD_LIST } from './facets.ts';
import { askable, noteRelatedIndexing, RELATED_GROUPS } from './related.ts';
import { buildGroup, buildRow, countsOf, rowPublisher, rowPublisherUris, unsureValues, type GroupInput } from './view.ts';
import { hrefForState, readState, sameQuery, sameState, writeState } from './url.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import {
  clampPage, EMPTY_STATE, type CollectionName, type ScopeConfig, type FacetGroupView, type ResultRow, type SearchResults, type SearchSettings, type SearchState,
} from './types.ts';

export interface ScopeHistory {
  pushState(data: unknown, unused: string, url?: string | URL | null): void;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** The parts of `window` a scope uses (injectable for node tests). */
export interface ScopeWindow {
  readonly location: { readonly href: string };
  readonly history: ScopeHistory;
  addEventListener?(type: string, listener: () => void): void;
  removeEventListener?(type: string, listener: () => void): void;
}

export type ScopeStatus = 'idle' | 'loading' | 'ready' | 'error';

export type { ScopeConfig };

export interface UpdateOptions {
  /** How the URL records the change (default push: one history entry per change). */
  readonly history?: 'push' | 'replace' | 'none';
  /** Wait this many ms for further updates before searching (typing); the URL is written when the search starts. */
  readonly debounce?: number;
}

export { DEFAULT_SETTINGS };

interface SeenFilter {
  readonly facets: readonly FacetField[];
  readonly total: number;
}

const AGENT_FACET = 'org';
const LICENSE = 'http://purl.org/dc/terms/license';
/** A publisher's own licence documents looked up per answer at most (one request each, after the rows show). */
const OWN_LICENCES = 10;
/** Licences the bundled vocabularies name (the EU table, whose chunk may not be loaded yet; Creative Commons, DCAT-AP.de). */
const bundledLicence = (uri: string) => /^https?:\/\/publications\.europa\.eu\/resource\/authority\/licence\//i.test(uri) || !!vocabText(uri, 'en');
/** Answers kept for back/forward and repeated states; the oldest go first (a search box makes many). */
const KEPT_ANSWERS = 200;
/** Publishers and other agents named in rows: a few per page of results. */
const KEPT_AGENTS = 2000;
/** Row view models (a few pages of the largest page size). */
const KEPT_ROWS = 1000;
/** Exact counts asked for per answer at most (view.ts unsureValues: a few format buckets and licences). */
const EXACT_COUNTS = 24;
/** The longest (encoded) query of a count-only search: beyond, the search would not fit the store's URL limit. */
const MAX_COUNT_QUERY = 6000;

/** `state` with `value` the only selection of group `name`, on page 1. */
const withFilter = (state: SearchState, name: CollectionName, value: string): SearchState =>
  ({ ...state, filters: { ...state.filters, [name]: [value] }, page: 1 });

export class SearchScope extends EventTarget {
  readonly name: string;
  readonly store: CatalogStore;
  readonly window: ScopeWindow | undefined;
  state: SearchState;
  settings: SearchSettings = DEFAULT_SETTINGS;
  pageInUrl = false;
  /** The page's `urlParamsPrefix` / `hashParamsPrefix`: every URL key of this scope starts with it. */
  prefix: string;
  results: SearchResults | undefined;
  status: ScopeStatus = 'idle';
  error: unknown;
  /**
   * The blocks that speak this scope's result count in a live region (`<dataset-results>`, from the moment they join).
   * A list that is a live region itself (`live`) then keeps its "no match" text out of its announcements, so the text
   * is spoken once (issue 11 point 11).
   */
  readonly countAnnouncers = new Set<object>();

  /** Answers by state and settings (a state already seen costs nothing). */
  readonly #answers = new Map<string, SearchResult>();
  /** Facet counts and totals by query without paging/sort (multi-select counts, page clamping). */
  readonly #seen = new Map<string, SeenFilter>();
  /** Result counts asked for on their own, by query (facet values the facet counts cannot tell: view.ts). */
  readonly #exact = new Map<string, number>();
  /** Agents by resource URI; null = asked, not an entry. */
  readonly #agents = new Map<string, StoreEntry | null>();
  /**
   * Row view models by entry URI, with the entry's `modified` and the language they were read in: a row shown again
   * (another sort, a facet, back) is not read again from its graph unless the entry changed (only its publisher
   * name, which depends on the agents and vocabularies known, is asked for again).
   */
  readonly #rows = new Map<string, { readonly modified: string; readonly lang: string; readonly row: ResultRow }>();
  /** Facet groups as last built, with what they were built from: a group whose counts did not change is kept. */
  readonly #groups = new Map<CollectionName, { readonly key: GroupKey; readonly group: FacetGroupView }>();
  /** Format spellings counted in any answer, per field: a bucket selection matches them too. */
  readonly #formats = new Map<string, Set<string>>();
  #configured = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #controller: AbortController | undefined;
  #running = 0;
  #idle: Array<() => void> = [];
  #pendingHistory: 'push' | 'replace' | 'none' | undefined;
  #clampAfterPageOne = false;
  readonly #onPopState = () => this.#fromUrl();

  constructor(options: { store: CatalogStore; name?: string; window?: ScopeWindow; prefix?: string }) {
    super();
    this.name = options.name || 'default';
    this.store = options.store;
    this.window = options.window;
    this.prefix = options.prefix ?? 'esc_';
    this.state = this.window ? readState(new URL(this.window.location.href), this.name, this.prefix) : EMPTY_STATE;
    this.window?.addEventListener?.('popstate', this.#onPopState);
    this.window?.addEventListener?.('hashchange', this.#onPopState);
  }

  /** Reads and writes the URL with another key prefix from now on (page config read late); re-reads the state. */
  usePrefix(prefix: string): void {
    if (prefix === this.prefix) return;
    this.prefix = prefix;
    this.#fromUrl();
  }

  /** Reads the state from the URL again (the page's facet collections changed: src/search/collections.ts). */
  rereadUrl(): void {
    this.#fromUrl();
  }

  /** Stops listening to the window (tests; a scope lives as long as its page otherwise). */
  dispose(): void {
    this.window?.removeEventListener?.('popstate', this.#onPopState);
    this.window?.removeEventListener?.('hashchange', this.#onPopState);
    this.#controller?.abort();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#settle();
  }

  /**
   * Settings from the list / layout / facet blocks. `facets` are added to those already asked for (each block
   * names what it shows); other keys replace. Searches (once, for all blocks configuring in the same task).
   */
  configure(config: ScopeConfig): void {
    const { pageInUrl, facets, ...rest } = config;
    if (pageInUrl !== undefined) this.pageInUrl = pageInUrl;
    const merged = [...this.settings.facets];
    for (const f of facets ?? []) if (!merged.includes(f)) merged.push(f);
    const next = { ...this.settings, ...defined(rest as Partial<SearchSettings>), facets: merged };
    const unchanged = JSON.stringify(next) === JSON.stringify(this.settings);
    this.settings = next;
    if (unchanged && this.#configured) return;
    this.#configured = true;
    this.#schedule(0);
  }

  /**
   * Changes the state (a function gets the current one). A change of terms, filters or sort starts again at page 1.
   * Writes the URL (push by default) and searches.
   */
  update(next: SearchState | ((s: SearchState) => SearchState), options: UpdateOptions = {}): void {
    const wanted = normaliseState(typeof next === 'function' ? next(this.state) : next);
    const state = sameQuery(wanted, this.state) ? wanted : { ...wanted, page: 1 };
    if (sameState(state, this.state)) return;
    this.state = state;
    const history = options.history ?? 'push';
    if (options.debounce && options.debounce > 0 && this.#configured) {
      this.#pendingHistory = history;
      this.#schedule(options.debounce);
    } else {
      this.#pendingHistory = undefined;
      this.#writeUrl(history);
      this.#schedule(0);
    }
    // after the status: a block told of the new state knows already whether a search for it is under way
    this.dispatchEvent(new Event('state'));
  }

  /** Real link to the page showing `state` (pagination arrows, facet values). */
  hrefFor(state: SearchState): string {
    const base = new URL(this.window?.location.href ?? 'http://localhost/');
    return hrefForState(base, normaliseState(state), this.name, { pageInUrl: this.pageInUrl, prefix: this.prefix });
  }

  /** Searches again (e.g. the retry button after an error); cached answers are kept. */
  refresh(): void {
    this.#configured = true;
    this.#schedule(0);
  }

  /** Resolves when no search is scheduled or running (tests and blocks that must wait for results). */
  settled(): Promise<void> {
    if (this.#timer === undefined && this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #writeUrl(history: 'push' | 'replace' | 'none'): void {
    if (!this.window || history === 'none') return;
    const current = new URL(this.window.location.href);
    const next = writeState(current, this.state, this.name, { pageInUrl: this.pageInUrl, prefix: this.prefix });
    if (next.href === current.href) return;
    if (history === 'push') this.window.history.pushState(null, '', next.href);
    else this.window.history.replaceState(null, '', next.href);
  }

  #fromUrl(): void {
    if (!this.window) return;
    const state = readState(new URL(this.window.location.href), this.name, this.prefix);
    if (sameState(state, this.state)) return;
    this.state = state;
    this.#schedule(0);
    this.dispatchEvent(new Event('state'));
  }

  #schedule(delay: number): void {
    if (!this.#configured) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    // A change the store must answer shows as busy now, not when the request goes out a task later: the browser then
    // paints that state while the store works, not just when the answer has to be rendered. A kept answer shows
    // without it; a term being typed keeps the rows until the debounce ends (#run marks it busy then).
    if (!delay && !this.#answers.has(this.#stateKey(this.state, this.settings))) this.#setStatus('loading');
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#pendingHistory) {
        this.#writeUrl(this.#pendingHistory);
        this.#pendingHistory = undefined;
      }
      void this.#run();
    }, delay);
  }

  #settle(): void {
    if (this.#timer !== undefined || this.#running > 0) return;
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }

  #setStatus(status: ScopeStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.dispatchEvent(new Event('status'));
  }

  async #run(): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const { signal } = controller;
    // without the format and licence groups on a store that cannot count or filter them (related.ts)
    let { state, settings } = askable(this.store, this.state, this.settings);
    const key = this.#stateKey(state, settings);
    this.#running++;
    // The UI strings load while the store answers: no round trip of their own after it.
    const strings = loadSearchMessages(settings.lang); // (never rejects)
    try {
      let answer = this.#answers.get(key);
      const filterKey = this.#filterKey(state, settings);
      if (!answer) {
        this.#setStatus('loading');
        // Counts do not depend on order or page: for a sort or another page of filters already counted, only the rows
        // are asked for (the counts are most of an answer), and the counts seen are shown with them.
        const counted = this.#seen.get(filterKey)?.facets;
        const request = buildSearchRequest(state, counted ? { ...settings, facets: [] } : settings, { storeBaseUrl: this.store.baseUrl, seenFormats: this.#seenFormats() });
        answer = await this.store.search(request, { signal });
        noteRelatedIndexing(this.store, answer, !state.terms.length && !Object.values(state.filters).some((v) => v?.length));
        ({ state, settings } = askable(this.store, state, settings));
        if (counted) answer = { ...answer, facets: counted };
        remember(this.#answers, key, answer, KEPT_ANSWERS);
        this.#rememberFormats(answer.facets);
      }
      if (answer.entries.length > 0 || state.page === 1) {
        remember(this.#seen, filterKey, { facets: answer.facets, total: answer.total }, KEPT_ANSWERS);
      }

      if (state.page > 1 && answer.entries.length === 0 && this.#clampPage(filterKey, state)) return;
      if (this.#clampAfterPageOne && state.page === 1) {
        this.#clampAfterPageOne = false;
        const last = Math.ceil(answer.total / settings.pageSize);
        if (last > 1) {
          this.update({ ...state, page: last }, { history: 'replace' });
          return;
        }
      }

      // Publisher names (one batched lookup) and vocabulary labels (lazy chunks) load side by side. When names are
      // looked up, the rows show as soon as the answer and the strings are there (the theme labels come with the
      // strings: src/dcat/vocab.ts themesWith) and names and labels fill in when they come; `settled()` waits for both.
      const agents = this.#loadAgents(answer, settings, signal);
      const labels = Promise.all([agents, loadVocabulariesFor(vocabUris(answer.facets), settings.lang), strings,
        this.#countExactly(state, settings, answer, signal)]);
      labels.catch(() => {}); // (an abort while the rows show: this run ends without waiting for it)
      if (agents) {
        await strings;
        if (signal.aborted) return;
        this.#show(state, settings, answer);
      }
      await labels;
      if (signal.aborted) return;
      this.#show(state, settings, answer);
    } catch (e) {
      if (signal.aborted) return;
      this.error = e;
      this.#setStatus('error');
      this.dispatchEvent(new Event('results'));
    } finally {
      this.#running--;
      if (this.#controller === controller) this.#controller = undefined;
      this.#settle();
    }
  }

  #show(state: SearchState, settings: SearchSettings, answer: SearchResult): void {
    this.results = this.#view(state, settings, answer);
    this.error = undefined;
    this.#setStatus('ready');
    this.dispatchEvent(new Event('results'));
  }

  /**
   * An empty page past the end (the store then reports 0 hits): go to the last page, correcting the URL with
   * replaceState. The total comes from a seen state; without one, page 1 is fetched first to learn it.
   */
  #clampPage(filterKey: string, state: SearchState): boolean {
    const seen = this.#seen.get(filterKey);
    // nothing matches at all (total 0): page 1 (already seen, so free) says so without a page number
    const last = seen ? Math.max(1, Math.ceil(seen.total / this.settings.pageSize)) : 1;
    if (last >= state.page) return false;
    // without a seen state the total is unknown: page 1 is fetched first to learn it
    if (!seen) this.#clampAfterPageOne = true;
    this.update({ ...state, page: last }, { history: 'replace' });
    return true;
  }

  /**
   * Agent entries for publisher names not yet known: one batched lookup; and for each licence facet value that no
   * bundled vocabulary names (a publisher's own licence document), one entry that uses it, whose metadata may name it
   * or say what it is (`skos:exactMatch` the EU CC0: view.ts labels it so).
   * None to ask: undefined.
   */
  #loadAgents(answer: SearchResult, settings: SearchSettings, signal: AbortSignal): Promise<void> | undefined {
    const uris = new Set(rowPublisherUris(answer.entries));
    const licences = new Map<string, string>();
    const asked = (u: string) => this.#agents.has(u) || !/^https?:/i.test(u);
    for (const name of [AGENT_FACET, 'license'] as const) {
      if (!settings.facets.includes(name)) continue;
      const fields = new Set(FACETS[name].fields);
      for (const f of answer.facets) if (fields.has(f.name)) for (const v of f.values) {
        // (licence values are keyed in their http: spelling, facets.ts facetValue; the store is asked as it indexed)
        if (name === AGENT_FACET) uris.add(v.name);
        else if (!bundledLicence(v.name) && !asked(facetValue(name, v.name)) && licences.size < OWN_LICENCES) licences.set(facetValue(name, v.name), v.name);
      }
    }
    const missing = [...uris].filter((u) => !asked(u));
    if (!missing.length && !licences.size) return undefined;
    const keep = (u: string, e?: StoreEntry | null) => remember(this.#agents, u, e ?? null, KEPT_AGENTS);
    // names are a nicety: without them labels fall back to the URI (§4.6); asked again next time
    const failed = (e: unknown) => { if (signal.aborted) throw e; };
    return Promise.all([
      missing.length && this.store.getEntriesByResourceUris(missing, { signal }).then((found) => missing.forEach((u) => keep(u, found.get(u))), failed),
      ...[...licences].map(([key, raw]) => this.store.lookupByUri(raw, LICENSE, { signal }).then((e) => keep(key, e), (e: unknown) => { failed(e); keep(key); })),
    ]).then(() => {});
  }

  /**
   * The state a group's counts are of (view.ts): the state without the group's selection when that was seen (its
   * facets: `withoutGroup`), else the current one.
   */
  #countBase(state: SearchState, settings: SearchSettings, name: CollectionName, answer: SearchResult):
    { base: SearchState; facets: readonly FacetField[]; total: number; withoutGroup?: readonly FacetField[] } {
    if (!state.filters[name]?.length) return { base: state, facets: answer.facets, total: answer.total };
    const { [name]: _dropped, ...others } = state.filters;
    const base = { ...state, filters: others };
    const seen = this.#seen.get(this.#filterKey(base, settings));
    return seen ? { base, facets: seen.facets, total: seen.total, withoutGroup: seen.facets } : { base: state, facets: answer.facets, total: answer.total };
  }

  /** The result count of a query (filter key) when known: from an answer or asked for on its own. */
  #totalOf(key: string): number | undefined {
    return this.#seen.get(key)?.total ?? this.#exact.get(key);
  }

  /**
   * The exact counts of the values the facet counts cannot tell (view.ts unsureValues): one search each, limit 1 and
   * no facets, in parallel, at most EXACT_COUNTS per answer (beyond, a value shows no number). Failures are quiet.
   */
  #countExactly(state: SearchState, settings: SearchSettings, answer: SearchResult, signal: AbortSignal): Promise<unknown> {
    const asks: Promise<unknown>[] = [];
    for (const name of settings.facets) {
      const { base, facets, total } = this.#countBase(state, settings, name, answer);
      for (const v of unsureValues(name, facets, total)) {
        const one = withFilter(base, name, v);
        const key = this.#filterKey(one, settings);
        if (asks.length >= EXACT_COUNTS || this.#totalOf(key) !== undefined || sameState(one, state)) continue;
        const request = buildSearchRequest(one, { ...settings, facets: [], pageSize: 1 }, { storeBaseUrl: this.store.baseUrl, seenFormats: this.#seenFormats() });
        // a query longer than a server takes in a URL (Jetty: 8 KB of request line) is not asked: no number shown
        if (encodeURIComponent(request.query).length > MAX_COUNT_QUERY) continue;
        asks.push(this.store.search(request, { signal }).then((a) => remember(this.#exact, key, a.total, KEPT_ANSWERS), () => {}));
      }
    }
    return Promise.all(asks);
  }

  /** What the counts and the total depend on: terms, filters, types, context, facets asked for. */
  #filterKey(state: SearchState, settings: SearchSettings): string {
    const filters = Object.entries(state.filters)
      .filter(([, v]) => v?.length)
      .map(([k, v]) => [k, [...v!].sort()])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    // the Format and Licence groups as the scope asks for them: one key before and after an answer finds the store
    // without related indexing and they are left out (related.ts askable), so the counts seen before are found after
    const facets = [...new Set([...settings.facets, ...this.settings.facets.filter((n) => RELATED_GROUPS.includes(n))])].sort();
    return JSON.stringify([state.terms, filters, [...settings.types].sort(), settings.contextId ?? '', facets,
      settings.baseFilter ?? {}, settings.facetLimit ?? 0, settings.rdfTypes ?? [], settings.pointingAt ?? '']);
  }

  #stateKey(state: SearchState, settings: SearchSettings): string {
    return JSON.stringify([this.#filterKey(state, settings), sortFor(state, settings), settings.pageSize, state.page]);
  }

  #rememberFormats(facets: readonly FacetField[]): void {
    const fields = new Set<string>(FORMAT_FIELD_LIST);
    for (const f of facets) {
      if (!fields.has(f.name)) continue;
      let set = this.#formats.get(f.name);
      if (!set) this.#formats.set(f.name, (set = new Set()));
      for (const v of f.values) set.add(v.name);
    }
  }

  #seenFormats(): Record<string, string[]> {
    return Object.fromEntries([...this.#formats].map(([k, v]) => [k, [...v]]));
  }

  #view(state: SearchState, settings: SearchSettings, answer: SearchResult): SearchResults {
    const agents = new Map<string, StoreEntry>();
    for (const [u, e] of this.#agents) if (e) agents.set(u, e);
    const ctx = { lang: settings.lang as Lang, agents };
    let total = answer.total;
    const offset = (state.page - 1) * settings.pageSize;
    // the store's count can be approximate: a short last page tells the truth (§4.7)
    if (answer.entries.length > 0 && answer.entries.length < settings.pageSize && offset + answer.entries.length < total) {
      total = offset + answer.entries.length;
    }
    const facets = settings.facets.map((name) => {
      const { base, withoutGroup } = this.#countBase(state, settings, name, answer);
      const exact = (v: string) => this.#totalOf(this.#filterKey(withFilter(base, name, v), settings));
      return this.#group({ name, state, total, current: answer.facets, ...(withoutGroup ? { withoutGroup } : {}), exact }, ctx);
    });
    return {
      state,
      total,
      pageCount: Math.ceil(total / settings.pageSize),
      rows: answer.entries.map((e) => this.#row(e, agents, settings.lang as Lang)),
      facets,
      counts: countsOf(state, settings),
    };
  }

  /** The row of an entry: kept from an earlier answer when the entry has the same `modified` (see #rows). */
  #row(entry: StoreEntry, agents: ReadonlyMap<string, StoreEntry>, lang: Lang): ResultRow {
    const kept = entry.modified === undefined ? undefined : this.#rows.get(entry.entryUri);
    let row: ResultRow;
    if (kept && kept.modified === entry.modified && kept.lang === lang) {
      const publisher = rowPublisher(entry, agents, lang);
      if (kept.row.entry === entry && kept.row.publisher === publisher) return kept.row;
      const { publisher: _old, ...rest } = kept.row;
      row = { ...rest, entry, ...(publisher ? { publisher } : {}) };
    } else row = buildRow(entry, agents, lang);
    if (entry.modified !== undefined) remember(this.#rows, entry.entryUri, { modified: entry.modified, lang, row }, KEPT_ROWS);
    return row;
  }

  /**
   * A facet group: the one built last time when its counts, selection, total and language are the same (a sort or
   * a page change). Groups labelled from vocabularies or agents are always built again: their labels depend on the
   * chunks and agents loaded so far, and they are small; so is the format group, whose counts may be exact counts
   * still coming (view.ts). The keyword group, with hundreds of values, is kept.
   */
  #group(input: GroupInput, ctx: { lang: Lang; agents: ReadonlyMap<string, StoreEntry> }): FacetGroupView {
    const labels = facetOf(input.name).labels;
    if (labels !== 'literal' && labels !== 'type') return buildGroup(input, ctx);
    const key = groupKey(input, ctx.lang);
    const kept = this.#groups.get(input.name);
    if (kept && sameGroupKey(kept.key, key)) return kept.group;
    const group = buildGroup(input, ctx);
    this.#groups.set(input.name, { key, group });
    return group;
  }
}

/** What a facet group is built from (view.ts buildGroup): its counts' fields, selection, total, language. */
interface GroupKey {
  readonly lang: string;
  readonly selected: readonly string[];
  readonly total: number;
  readonly fields: readonly FacetField[];
}

function groupKey(input: GroupInput, lang: string): GroupKey {
  const selected = input.state.filters[input.name] ?? [];
  const from = selected.length && input.withoutGroup ? input.withoutGroup : input.current;
  const names = new Set(facetOf(input.name).fields);
  return { lang, selected, total: input.total, fields: from.filter((f) => names.has(f.name)) };
}

function sameGroupKey(a: GroupKey, b: GroupKey): boolean {
  if (a.lang !== b.lang || a.total !== b.total || a.fields.length !== b.fields.length) return false;
  if (a.selected.length !== b.selected.length || a.selected.some((v, i) => v !== b.selected[i])) return false;
  return a.fields.every((f, i) => {
    const g = b.fields[i]!;
    if (f === g) return true;
    if (f.name !== g.name || f.values.length !== g.values.length) return false;
    return f.values.every((v, j) => v.name === g.values[j]!.name && v.count === g.values[j]!.count);
  });
}

/**
 * Solr fields whose values a facet group labels from the vocabularies (themes, licences, access rights, HVD; agents
 * fall back to them). Format values are labelled by bucket and row badges by the file-type code (the URI's last
 * segment), so a search page never needs the file-type chunk.
 */
const VOCAB_LABELLED_FIELDS = new Set(
  Object.values(FACETS).filter((g) => g.labels === 'vocab' || g.labels === 'agent').flatMap((g) => g.fields),
);

function vocabUris(facets: readonly FacetField[]): string[] {
  return facets.flatMap((f) => (VOCAB_LABELLED_FIELDS.has(f.name) ? f.values.map((v) => v.name) : []));
}

/** Terms normalised, empty filter groups dropped, page a positive integer. */
export function normaliseState(s: SearchState): SearchState {
  const filters: Partial<Record<CollectionName, readonly string[]>> = {};
  for (const [name, values] of Object.entries(s.filters) as [CollectionName, readonly string[] | undefined][]) {
    const unique = [...new Set(values ?? [])];
    if (unique.length) filters[name] = unique;
  }
  const page = clampPage(s.page);
  return { terms: normaliseTerms(s.terms), filters, ...(s.sort ? { sort: s.sort } : {}), page };
}

/** The document a scope is registered on: only its window is used. */
export interface ScopeDocument {
  readonly defaultView?: ScopeWindow | null;
}

const scopes = new WeakMap<object, Map<string, SearchScope>>();

/**
 * The scope `name` on `store` of a document, created on first use: blocks anywhere in the page (siblings in a CMS
 * page, not only nested ones) share it by giving the same name and store. A name on two stores = two searches (one
 * store's answers never show under another's blocks), but their URL keys are the name's: warned once. `prefix` =
 * the page's `urlParamsPrefix` (blocks that know the page configuration pass it; absent = keep the scope's, `esc_`
 * for a new one).
 */
export function scopeFor(doc: ScopeDocument, name = 'default', store: CatalogStore, prefix?: string): SearchScope {
  let byKey = scopes.get(doc);
  if (!byKey) scopes.set(doc, (byKey = new Map()));
  name ||= 'default';
  const key = `${name} ${store.baseUrl}`;
  let scope = byKey.get(key);
  if (!scope) {
    for (const other of byKey.values()) {
      if (other.name === name) warnOnce(`catalog-blocks: scope "${name}" searches ${other.store.baseUrl} and ${store.baseUrl} apart, sharing URL keys; give each store its own scope`);
    }
    const win = doc.defaultView ?? undefined;
    scope = new SearchScope({ store, name, ...(prefix ? { prefix } : {}), ...(win ? { window: win } : {}) });
    byKey.set(key, scope);
  } else if (prefix) scope.usePrefix(prefix);
  return scope;
}

/** Forgets the scopes of a document (tests). */
export function resetScopes(doc: ScopeDocument): void {
  for (const s of scopes.get(doc)?.values() ?? []) s.dispose();
  scopes.delete(doc);
}
