/**
 * Base of the search parts (search inputs, facets, the responsiveness toggle): a CatalogBlock bound to the
 * SearchScope named by its `scope` attribute (default "default"). Sibling parts with the same scope name share one
 * state; different names never meet. The part re-renders on every `state` and `results` event of its scope and
 * loads its UI strings once per language (its `loadComplete` resolves when they are in).
 */
import { nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { CatalogBlock, blockProperties } from '../base/catalog-block.ts';
import { scopeFor, type SearchScope } from '../../src/search/scope.ts';
import type { CollectionName, SearchState } from '../../src/search/types.ts';
import { loadSearchMessages, type Lang } from '../../src/i18n/index.ts';
import { t } from '../base/messages.ts';
import type { BlockName } from '../../src/config/params.ts';
import { resolveParams, type ParamValue, type ResolvedParams } from '../../src/config/resolve.ts';
import { urlPrefix } from '../../src/config/links.ts';
import { follow, resolveSupportiveParams, scopeLoadComplete, scopeNameOf } from './scope-params.ts';
import { stateOfError } from '../base/load-controller.ts';
import { stateView } from '../base/render.ts';

export abstract class ScopedBlock extends CatalogBlock<boolean> {
  /** Properties of a part: the parameters of the layout column it serves (`hl`, `break`, …) plus `scope`. */
  static partProperties(column: BlockName): PropertyDeclarations {
    return { ...blockProperties(column), scopeName: { attribute: 'scope', type: String } };
  }

  /** The EntryScape Blocks name whose `blocks` override defaults apply (`datasetFacets`, …; default: the column). */
  static incumbentName = '';
  /** Parameters of the extra table (EXTRA_PARAMS) this part reads, with their defaults. */
  static extraParams: Readonly<Record<string, ParamValue>> = {};

  declare scopeName: string | undefined;
  #bound: SearchScope | undefined;
  #onState = (): void => {
    this.scopeStateChanged(this.searchScope.state);
    this.requestUpdate();
  };
  #onResults = (): void => this.requestUpdate();

  /** Parameters of the column's table row and the extra parameters of this part, through ONE resolver. */
  override get params(): ResolvedParams {
    const ctor = this.constructor as typeof ScopedBlock;
    const page = this.pageConfig;
    const parent = this.parentBlock()?.params;
    const own = resolveParams(this.blockName, this, page, parent, ctor.incumbentName || this.blockName);
    const extras = Object.keys(ctor.extraParams);
    if (!extras.length) return own;
    return { ...own, ...resolveSupportiveParams(this, extras, ctor.extraParams, page, parent, ctor.incumbentName) };
  }

  /** Resolves once the scope's names and labels are in too (see scopeLoadComplete). */
  override get loadComplete(): Promise<string> {
    return scopeLoadComplete(this, super.loadComplete);
  }

  /** Shortest search term (global or block `minimumSearchLength`, default 3; behaviour doc §4.1). */
  get minimumSearchLength(): number {
    const n = this.params.minimumSearchLength;
    return typeof n === 'number' ? n : MIN_TERM_LENGTH;
  }

  /** The scope this part is bound to (created on first use, shared per document and name). */
  get searchScope(): SearchScope {
    return scopeFor(this.ownerDocument, scopeNameOf(this), this.store, urlPrefix(this.pageConfig));
  }

  /** Called when the scope's state changed (URL, back/forward, another part). */
  protected scopeStateChanged(_state: SearchState): void {}

  override connectedCallback(): void {
    super.connectedCallback();
    this.#bind();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unbind();
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
    if (this.isConnected) this.#bind();
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

  #bind(): void {
    const scope = this.searchScope;
    if (scope === this.#bound) return;
    this.#follow(scope);
    this.scopeStateChanged(scope.state);
  }

  #unbind(): void {
    this.#follow(undefined);
  }

  #follow(scope: SearchScope | undefined): void {
    follow(this.#bound, scope, this.#onState, ['state']);
    this.#bound = follow(this.#bound, scope, this.#onResults, ['results', 'status']);
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

/** UI strings of the search parts that the shared table lacks ({n} selects the `.one` form for 1). */
const PART_STRINGS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  'facets.count': { en: '{n} datasets', sv: '{n} datamängder', de: '{n} Datensätze' },
  'facets.count.one': { en: '1 dataset', sv: '1 datamängd', de: '1 Datensatz' },
  'chips.label': { en: 'Your search', sv: 'Din sökning', de: 'Ihre Suche' },
  'multi.suggestions': { en: 'Suggestions', sv: 'Förslag', de: 'Vorschläge' },
  'multi.count': { en: '{n} suggestions', sv: '{n} förslag', de: '{n} Vorschläge' },
  'multi.count.one': { en: '1 suggestion', sv: '1 förslag', de: '1 Vorschlag' },
};

export function partText(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  const n = vars?.n;
  const table = (n === 1 && PART_STRINGS[`${key}.one`]) || PART_STRINGS[key];
  const text = table?.[lang] ?? table?.en;
  if (text === undefined) return t(lang, key, vars);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars?.[name] === undefined ? whole : typeof vars[name] === 'number' ? (vars[name] as number).toLocaleString(lang) : String(vars[name]),
  );
}
