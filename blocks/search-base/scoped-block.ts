/**
 * Base of the search parts (search inputs, facets, the responsiveness toggle): a CatalogBlock bound to the
 * SearchScope named by its `scope` attribute (default "default"). Sibling parts with the same scope name share one
 * state; different names never meet. The part re-renders on every `state` and `results` event of its scope and
 * loads its UI strings once per language (its `loadComplete` resolves when they are in).
 */
import { nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { CatalogBlock, blockProperties } from '../base/catalog-block.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import type { CollectionName, SearchState } from '../../src/search/types.ts';
import { loadSearchMessages } from '../../src/i18n/index.ts';
import type { BlockName } from '../../src/config/params.ts';
import { ScopeBinding } from './scope-binding.ts';
import { scopeLoadComplete } from './scope-params.ts';
import { stateOfError } from '../base/load-controller.ts';
import { stateView } from '../base/render.ts';

export abstract class ScopedBlock extends CatalogBlock<boolean> {
  /** Properties of a part: the parameters of its column (`hl`, `break`, …) plus `scope`. */
  static partProperties(block: BlockName): PropertyDeclarations {
    return { ...blockProperties(block), scopeName: { attribute: 'scope', type: String } };
  }

  declare scopeName: string | undefined;
  /** The scope this part follows: a `state` event also tells `scopeStateChanged`, each joined scope too. */
  readonly #binding = new ScopeBinding(this, {
    changed: (event) => {
      if (event.type === 'state') this.scopeStateChanged(this.searchScope.state);
      this.requestUpdate();
    },
    joined: (scope) => this.scopeStateChanged(scope.state),
  });

  /** Resolves once the scope's names and labels are in too (see scopeLoadComplete). */
  override get loadComplete(): Promise<string> {
    return scopeLoadComplete(this, super.loadComplete);
  }

  /** Shortest search term: the `minimumSearchLength` parameter (global or the block's), default 3 (behaviour doc §4.1). */
  get minimumTermLength(): number {
    const n = this.params.minimumSearchLength;
    return typeof n === 'number' ? n : MIN_TERM_LENGTH;
  }

  /** The scope this part is bound to (created on first use, shared per document and name). */
  get searchScope(): SearchScope {
    return this.#binding.scope;
  }

  /** Called when the scope's state changed (URL, back/forward, another part). */
  protected scopeStateChanged(_state: SearchState): void {}

  override connectedCallback(): void {
    super.connectedCallback();
    this.#binding.sync();
  }

  /**
   * The scope's failed search as an error with "Try again" (a part shown without a list must not look like an empty
   * catalog or keep stale values silently); nothing while the scope is fine.
   */
  protected scopeErrorView(): TemplateResult | typeof nothing {
    const scope = this.searchScope;
    if (scope.status !== 'error') return nothing;
    return stateView(stateOfError(scope.error), this.uiLang, { noEntry: 'list.empty', notFound: 'state.unreachable' }, this.#retry);
  }

  #retry = (): void => this.searchScope.refresh();
  /** The focused element was this part's "Try again" button (it goes away when the search runs again). */
  #retryFocused = false;

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    if (!this.#retryFocused || this.contains(this.ownerDocument.activeElement)) return;
    this.#retryFocused = false;
    const target = this.querySelector<HTMLElement>('.esbBlock');
    target?.setAttribute('tabindex', '-1');
    target?.focus();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    const active = this.ownerDocument.activeElement;
    this.#retryFocused = !!active && this.contains(active) && active.classList.contains('esbRetry');
    if (this.isConnected) this.#binding.sync();
    const lang = this.uiLang;
    this.loader.run(lang, async () => {
      await loadSearchMessages(lang);
      return true;
    });
  }

  #requested = '';
  /** Asks the scope to count `facets` (added to what other blocks asked for), once per distinct set. */
  protected requestFacets(facets: readonly CollectionName[]): void {
    const scope = this.searchScope;
    const missing = facets.filter((f) => !scope.settings.facets.includes(f));
    const key = `${scope.name}|${facets.join(',')}`;
    if (missing.length === 0 || key === this.#requested) return;
    this.#requested = key;
    scope.configure({ facets: [...facets] });
  }
}

/** Characters the store's query syntax would misread (behaviour doc §4.1). */
export const INVALID_SEARCH_CHARS = /[\^+\-[\]{}\\/!#"~]/;
/** Minimum length of a search term when `minimumSearchLength` is not set (behaviour doc §4.1). */
export const MIN_TERM_LENGTH = 3;

/** Number of selected facet values in a state. */
export function activeFilterCount(state: SearchState): number {
  return Object.values(state.filters).reduce((n, values) => n + (values?.length ?? 0), 0);
}

/** `state` with `value` added to or removed from collection `name` (page back to 1). */
export function toggleFilter(state: SearchState, name: CollectionName, value: string): SearchState {
  const current = state.filters[name] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters: Partial<Record<CollectionName, readonly string[]>> = { ...state.filters };
  if (next.length) filters[name] = next;
  else delete filters[name];
  return { ...state, filters, page: 1 };
}
