/**
 * What every block of a search shares, as ONE Lit reactive controller that the block owns (composition, not a base
 * class): the search parts (search field, facets, sort select, exports, the responsiveness toggle), the list, the
 * result count and the layouts. It
 * - binds the block to the SearchScope named by its `scope` attribute on its store (shared per document, name and
 *   store; sibling blocks with one name share one search, different names never meet): joins it before each update
 *   (the store is known only after the block's own connect), follows its events (re-rendering the block) and leaves
 *   it when the block disconnects;
 * - loads the search UI strings of the block's language. With a `loader` (parts, layouts) that is the block's own
 *   load, whose state is the block's. Without one (list, result count) the block's state is the scope's (`state`),
 *   announced by `catalog-block-state` once final, and the block re-renders when the strings are in;
 * - resolves `loadComplete` only when the scope has settled too (the rows show before the publisher names and
 *   vocabulary labels are in: src/search/scope.ts) and the block has rendered that.
 * A part that shows the scope's error (`errorView`) gets focus back on its column after "Try again".
 */
import { nothing, type PropertyDeclarations, type ReactiveController, type TemplateResult } from 'lit';
import { urlPrefix } from '../../src/config/links.ts';
import type { BlockName } from '../../src/config/params.ts';
import { loadSearchMessages } from '../../src/i18n/index.ts';
import { scopeFor, type SearchScope } from '../../src/search/scope.ts';
import { collectionsVersion } from '../../src/search/collections.ts';
import { pageKeysLoading } from '../../src/search/page-keys-loader.ts';
import type { CollectionName, SearchState } from '../../src/search/types.ts';
import { blockProperties, type CatalogBlock } from '../base/catalog-block.ts';
import { stateOfError, type LoadController, type LoadState } from '../base/load-controller.ts';
import { stateView } from '../base/render.ts';
import { announceState, scopeLoadState, scopeNameOf } from './scope-params.ts';
import { MIN_TERM_LENGTH } from './search-state.ts';

/** Properties of a search part: the parameters of its column (`hl`, `break`, …) plus `scope`. */
export function partProperties(block: BlockName): PropertyDeclarations {
  return { ...blockProperties(block), scopeName: { attribute: 'scope', type: String } };
}

export interface ScopePartOptions {
  /** The block's own load, which the UI strings are (parts, layouts); absent: the block's state is the scope's. */
  loader?: LoadController<boolean>;
  /** Scope events the block follows (default: state, results, status). */
  events?: readonly string[];
  /** The scope's state changed (URL, back/forward, another part) or another scope was joined. */
  stateChanged?: (state: SearchState) => void;
  /** An event the block follows came from its scope (before the block's update is asked for). */
  heard?: () => void;
  /** The block now follows `scope` (the first, or another one: its name, store or page changed). */
  joined?: (scope: SearchScope) => void;
  /** The block no longer follows `scope` (disconnected, or another scope joined). */
  left?: (scope: SearchScope) => void;
  /** A scope that wins over the named one (a layout hands its list a private scope). */
  override?: () => SearchScope | undefined;
  /** False while the block must not join yet (the list waits for the page configuration, which may name its store). */
  ready?: () => boolean;
  /**
   * A block that shows results (the list, the result count, the facets' counts) or frames them (a layout and its
   * clear-all button): when a new search starts, what it shows stays, marked aria-busy, until the answer or
   * LOADING_DELAY (see #changed), and the page is drawn once, with the answer. A function: kept when it says so at
   * the change (the search box keeps its chips unless the reader acts in it: a chip removed there goes at once, its
   * focus moving on). The other controls (sort, search field) follow the new state at once.
   */
  keepWhileLoading?: boolean | (() => boolean);
}

const SCOPE_EVENTS = ['state', 'results', 'status'];

/**
 * How long a block showing results (keepWhileLoading) keeps them when a new search starts, before it shows the loading
 * state: an answer within it (a facet click, a sort, a page on a store or file nearby) replaces the results at once,
 * without a spinner flashing and a whole render and paint of the loading state in between; a slower one shows loading
 * then. 100 ms is the span readers take as instant.
 */
export const LOADING_DELAY = 100;

export class ScopePart implements ReactiveController {
  /** The scope followed now; undefined before the first update and while disconnected. */
  current: SearchScope | undefined;
  readonly #host: CatalogBlock<unknown>;
  readonly #options: ScopePartOptions;
  /** Language whose strings were asked for last while connected. */
  #lang = '';
  #announced: LoadState = 'idle';
  /** The version of the page's facet collections this part's scope read its URL state with (src/search/collections.ts). */
  #collections = 0;
  /** Facets asked of the scope last (see requestFacets). */
  #requested = '';
  /** The focused element was the block's "Try again" button (it goes away when the search runs again). */
  #retryFocused = false;
  /** The block rendered last with its scope loading or ready (not in error, not before it had a scope). */
  #shownFine = false;
  /** The loading state waiting for LOADING_DELAY (see #changed). */
  #loadingTimer: ReturnType<typeof setTimeout> | undefined;
  /** The block's root marked aria-busy while its loading state waits (see #changed). */
  #markedBusy: Element | undefined;

  constructor(host: CatalogBlock<unknown>, options: ScopePartOptions = {}) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /**
   * The block's scope: the one it follows (what it shows; looking it up costs a page-configuration read, and a render
   * asks several times), else looked up: created on first use, shared per document, name and store.
   */
  get scope(): SearchScope {
    return this.current ?? this.#lookup();
  }

  #lookup(): SearchScope {
    const host = this.#host;
    const page = host.pageConfig;
    // the page's own facet collections and `query` template, read before the scope reads its state from the URL (changed
    // since: read again)
    void pageKeysLoading(page);
    const scope = this.#options.override?.() ?? scopeFor(host.ownerDocument, scopeNameOf(host), host.store, urlPrefix(page));
    if (this.#collections !== collectionsVersion()) {
      this.#collections = collectionsVersion();
      scope.rereadUrl();
    }
    return scope;
  }

  /** The block state of a list or a count: the followed scope's (see scopeLoadState). */
  get state(): LoadState {
    return scopeLoadState(this.current);
  }

  /**
   * True while the reader of the page's `collections` / `query` loads (a lazy chunk, for pages that have them): the
   * block neither searches nor asks for facets until then, and updates when it is in.
   */
  get keysPending(): boolean {
    const loading = pageKeysLoading(this.#host.pageConfig);
    if (loading) void loading.then(() => this.#host.requestUpdate());
    return !!loading;
  }

  /** Shortest search term: the `minimumSearchLength` parameter (global or the block's), default 3 (behaviour doc §4.1). */
  get minimumTermLength(): number {
    const n = this.#host.params.minimumSearchLength;
    return typeof n === 'number' ? n : MIN_TERM_LENGTH;
  }

  /** The block's `loadComplete`: `shown` (its own), then the scope (read then) settled, then the block rendered that. */
  loadComplete(shown: Promise<string>): Promise<string> {
    const host = this.#host;
    return shown.then(() => this.scope.settled()).then(() => host.updateComplete).then(() => host.state);
  }

  /** Follows the block's scope when it is not the one followed; returns it. */
  sync(): SearchScope {
    const scope = this.#lookup();
    if (scope !== this.current) this.#move(scope);
    return scope;
  }

  hostUpdate(): void {
    const host = this.#host;
    if (host.isConnected && this.#options.ready?.() !== false && !this.keysPending) this.sync();
    // The strings of a language once per connection (a load cut short by a disconnect runs again on reconnect)
    const lang = host.uiLang;
    if (lang === this.#lang) return;
    this.#lang = lang;
    const strings = loadSearchMessages(lang);
    const loader = this.#options.loader;
    if (loader) loader.run(lang, () => strings.then(() => true));
    else void strings.then(() => host.requestUpdate());
  }

  hostUpdated(): void {
    const host = this.#host;
    const status = this.current?.status;
    this.#shownFine = !!status && status !== 'error';
    // the root marked busy by hand: as the block's template says now (a render that kept the value Lit wrote last,
    // 'false', wrote nothing; a block disconnected meanwhile renders again when it connects)
    if (host.contains(this.#markedBusy ?? null)) this.#markedBusy!.setAttribute('aria-busy', String(status === 'loading'));
    this.#markedBusy = undefined;
    if (!this.#options.loader) this.#announced = announceState(host, this.state, this.#announced);
    if (!this.#retryFocused || host.contains(host.ownerDocument.activeElement)) return;
    this.#retryFocused = false;
    const target = host.querySelector<HTMLElement>('.esbBlock');
    target?.setAttribute('tabindex', '-1');
    target?.focus();
  }

  hostDisconnected(): void {
    this.#stopLoadingTimer();
    this.#move(undefined);
    this.#lang = '';
  }

  /**
   * The scope's failed search as an error with "Try again" (a part shown without a list must not look like an empty
   * catalog or keep stale values silently); nothing while the scope is fine.
   */
  errorView(): TemplateResult | typeof nothing {
    const host = this.#host;
    const scope = this.scope;
    // On our "Try again"? (asked before this render changes the DOM; when the search runs again the button goes away
    // and hostUpdated gives the focus to the block)
    const active = host.ownerDocument.activeElement;
    this.#retryFocused = !!active && host.contains(active) && active.classList.contains('esbRetry');
    if (scope.status !== 'error') return nothing;
    return stateView(stateOfError(scope.error), host.uiLang, { noEntry: 'list.empty', notFound: 'state.unreachable' }, this.#retry);
  }

  /** Asks the scope to count `facets` (added to what other blocks asked for), once per distinct set. */
  requestFacets(facets: readonly CollectionName[]): void {
    if (this.keysPending) return;
    const scope = this.scope;
    const key = `${scope.name}|${facets.join(',')}`;
    if (facets.every((f) => scope.settings.facets.includes(f)) || key === this.#requested) return;
    this.#requested = key;
    scope.configure({ facets: [...facets] });
  }

  #retry = (): void => this.scope.refresh();

  #changed = (event: Event): void => {
    if (event.type === 'state') this.#options.stateChanged?.(this.scope.state);
    this.#options.heard?.();
    // Results there and a new search started (the scope tells its status before its new state): what the block shows
    // stays until the answer, or LOADING_DELAY, marked aria-busy meanwhile. Before any results, or after an error
    // ("Try again"), loading shows at once.
    const scope = this.current;
    const keep = this.#options.keepWhileLoading;
    if (scope?.status === 'loading' && scope.results && this.#shownFine && (keep === true || (keep && keep()))) {
      // busy at once all the same, for assistive technology and scripts waiting for the answer: only the attribute
      const root = this.#host.querySelector(':scope > .esbBlock[aria-busy]');
      root?.setAttribute('aria-busy', 'true');
      this.#markedBusy = root ?? undefined;
      // as if drawn: the answer is announced (catalog-block-state) as after a loading state
      this.#announced = 'loading';
      this.#loadingTimer ??= setTimeout(() => {
        this.#loadingTimer = undefined;
        this.#host.requestUpdate();
      }, LOADING_DELAY);
      return;
    }
    this.#stopLoadingTimer();
    this.#host.requestUpdate();
  };

  #stopLoadingTimer(): void {
    clearTimeout(this.#loadingTimer);
    this.#loadingTimer = undefined;
  }

  #move(next: SearchScope | undefined): void {
    const previous = this.current;
    const options = this.#options;
    for (const type of options.events ?? SCOPE_EVENTS) {
      previous?.removeEventListener(type, this.#changed);
      next?.addEventListener(type, this.#changed);
    }
    this.current = next;
    if (previous) options.left?.(previous);
    if (next) {
      options.joined?.(next);
      options.stateChanged?.(next.state);
    }
  }
}
