/**
 * `searchList` base block (behaviour doc §2.9, §2.10): the result list of a SearchScope. It configures the scope
 * from its parameters (types, page size, sort order, context, language), renders the scope's rows (result-row.ts)
 * and the pagination, and shows the common states: loading (aria-busy, spinner, old rows hidden), empty, store
 * unreachable (with "Try again") and malformed answers. Supportive subclasses (`<dataset-list>`) only supply
 * defaults. Parameters come from attributes, `inherit` from the enclosing block, the page configuration, then the
 * defaults; the list accepts every parameter a list-showing block of the table accepts.
 *
 * Focus: paging with the pagination moves focus to the top of the list (a `tabindex=-1` container) once the new
 * page is shown; when the focused element disappears in a re-render, focus goes to that container too. Back/forward
 * moves focus nowhere.
 */
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { attributeName } from '../../src/config/params.ts';
import { landingHref, urlPrefix, type LinkTarget, type Route } from '../../src/config/links.ts';
import { baseFilterOf, contextsOf, pageSizeOf, sortOptionsOf } from '../../src/search/settings.ts';
import { squash, type ParamValue, type ResolvedParams } from '../../src/config/resolve.ts';
import { announceState, follow, resolveSupportiveParams, scopeLoadComplete, scopeLoadState, scopeNameOf } from './scope-params.ts';
import { loadLandingMessages, loadSearchMessages, type Lang } from '../../src/i18n/index.ts';
import { scopeFor, type ScopeConfig, type SearchScope } from '../../src/search/scope.ts';
import type { ResultRow, SearchResults, SearchState } from '../../src/search/types.ts';
import { adoptBlockStyles, CatalogBlock } from '../base/catalog-block.ts';
import type { LoadState } from '../base/load-controller.ts';
import { t } from '../base/messages.ts';
import { heading, stateView } from '../base/render.ts';
import { pagination } from './pagination.ts';
import { activeFilterCount } from './scoped-block.ts';
import { lookupRowResources, resultRow, type RowDetail, type RowDetailModule } from './result-row.ts';
import { LIST_TEMPLATES, templates, type TemplateModule } from './templates.ts'; // templates (issue 10)
import { anyRich, loadCoverage, loadRich, richFlags } from '../rich-content/hook.ts';

/** The row expansion code (dataset view model and its rendering): fetched on the first expansion only. */
let rowDetailModule: Promise<RowDetailModule> | undefined;
let rowDetailLoaded: RowDetailModule | undefined;
type RowIndicatorsModule = typeof import('../rich-content/row-indicators.ts');
let rowIndicatorsModule: Promise<RowIndicatorsModule> | undefined;
/** The row badges' chunk (includeIndicators); failing to load leaves the rows without badges. */
function loadRowIndicators(): Promise<RowIndicatorsModule> {
  rowIndicatorsModule ??= import('../rich-content/row-indicators.ts');
  return rowIndicatorsModule;
}

function loadRowDetailModule(): Promise<RowDetailModule> {
  rowDetailModule ??= import('./row-detail.ts').then((m) => (rowDetailLoaded = m));
  // A failed download is retried on the next expansion.
  rowDetailModule.catch(() => (rowDetailModule = undefined));
  return rowDetailModule;
}

export type ItemKind = 'dataset' | 'series' | 'service';

/** Parameters a search list accepts (the union of DL and the search layouts' columns). */
export const LIST_PARAMS = [
  'hl', 'pageInUrl', 'includeExtras', 'includeVisualizations', 'includeTabbedVisualizations', 'includeAutoVisualizations',
  'includeDataPreview', 'includeIndicators', 'clickExpand', 'registry', 'legend', 'sortOrder', 'includeServices', 'typeFilter',
] as const;

/**
 * Parameters of the extra table a list reads (issue 10): page size, sort options, base filter, facet values per
 * field, context(s) and the named route of its links. `click` is read but not a property (it would hide
 * HTMLElement.click()).
 */
export const LIST_EXTRAS = ['limit', 'limitOptions', 'sortOptions', 'baseFilter', 'facetLimit', 'namedclick', 'click', 'context'] as const;

/** Reactive properties: one per parameter (kebab attribute, plus the old lower-case form) and the shared attributes. */
export function listProperties(names: readonly string[]): PropertyDeclarations {
  const props: Record<string, PropertyDeclarations[string]> = {
    storeUrl: { attribute: 'store-url' },
    langAttr: { attribute: 'lang' },
    strictStandardHtml: { attribute: 'strict-standard-html' },
    noStyles: { attribute: 'no-styles' },
    scope: { attribute: 'scope' },
    context: { attribute: 'context' },
  };
  for (const name of names) {
    if (name === 'click') continue;
    const kebab = attributeName(name);
    props[name] = { attribute: kebab, type: String };
    const lower = squash(name);
    if (lower !== kebab) props[`legacy_${lower}`] = { attribute: lower, type: String };
  }
  return props;
}

export { resolveSupportiveParams, scopeNameOf as scopeNameFrom } from './scope-params.ts';

/** True when the state has a term or a filter (result text and empty text depend on it). */
export function isFiltered(state: SearchState): boolean {
  return state.terms.length > 0 || activeFilterCount(state) > 0;
}

interface RowEntry {
  open: boolean;
  detail: RowDetail | 'loading' | 'failed' | undefined;
  /** Access services of the row's distributions were looked up (on the first distribution expansion). */
  followedUp: boolean;
  distExpanded: Set<number>;
  distBuilt: Set<number>;
}

export class SearchListBlock extends CatalogBlock {
  static override blockName = 'datasetListLayout' as const;
  static override properties: PropertyDeclarations = {
    ...listProperties([...LIST_PARAMS, ...LIST_EXTRAS]),
    scopeOverride: { attribute: false },
  };
  /** Parameter defaults of this list (supportive subclasses override). */
  static paramDefaults: Readonly<Record<string, ParamValue>> = {
    hl: 2, clickExpand: true, includeExtras: false, includeVisualizations: false, includeTabbedVisualizations: false,
    includeDataPreview: false, includeIndicators: false,
  };
  /** The EntryScape Blocks name whose `blocks` override defaults apply to this list. */
  static incumbentName = 'searchList';
  /** Search defaults of this list: the types it lists and its page size. */
  static listDefaults: { readonly types: readonly ItemKind[]; readonly pageSize: number } = { types: ['dataset'], pageSize: 10 };

  declare scope: string | undefined;
  declare context: string | undefined;
  /** A scope given by an enclosing layout (its private one); wins over the `scope` attribute. */
  declare scopeOverride: SearchScope | undefined;

  #joined: SearchScope | undefined;
  #configured = '';
  #rows = new Map<string, RowEntry>();
  #templates: TemplateModule | undefined; // templates (issue 10)
  #focusAfterPaging = false;
  #focusWasInside = false;
  #lastState: LoadState = 'idle';
  #rowLanding: ((route: Route, target: LinkTarget) => string) | undefined;
  #onScope = (): void => this.requestUpdate();

  override get params(): ResolvedParams {
    const ctor = this.constructor as typeof SearchListBlock;
    return resolveSupportiveParams(this, [...LIST_PARAMS, ...LIST_EXTRAS], ctor.paramDefaults, this.pageConfig,
      this.parentBlock()?.params, ctor.incumbentName);
  }

  get scopeName(): string {
    return this.scopeOverride?.name ?? scopeNameOf(this);
  }

  /** The SearchScope this list shows (shared by every block with the same scope name in the document). */
  get searchScope(): SearchScope {
    return this.scopeOverride ?? scopeFor(this.ownerDocument, this.scopeName, this.store, urlPrefix(this.pageConfig));
  }

  /** Types searched: the defaults, plus data services with includeServices, all three with typeFilter. */
  protected get types(): readonly ItemKind[] {
    const p = this.params;
    const base = (this.constructor as typeof SearchListBlock).listDefaults.types;
    if (p.typeFilter === true) return ['dataset', 'series', 'service'];
    if (p.includeServices === true && !base.includes('service')) return [...base, 'service'];
    return base;
  }

  /** Rows per page: `limit`, else `limitOptions[0]`, else the list's default (10); at most 100. */
  get pageSize(): number {
    const p = this.params;
    return pageSizeOf(p.limit, p.limitOptions, (this.constructor as typeof SearchListBlock).listDefaults.pageSize);
  }

  /** The settings this list gives its scope. */
  protected get settings(): ScopeConfig {
    const p = this.params;
    const contexts = contextsOf(p.context);
    const sortOptions = sortOptionsOf(p.sortOptions).map((o) => o.value);
    // No sortOrder: the first of the global sortOptions is the default sort (embeds doc §3)
    const sortOrder = typeof p.sortOrder === 'string' ? p.sortOrder : sortOptions[0];
    const baseFilter = baseFilterOf(p.baseFilter);
    return {
      types: this.types,
      pageSize: this.pageSize,
      lang: this.uiLang,
      pageInUrl: p.pageInUrl === true,
      ...(sortOrder ? { sortOrder } : {}),
      ...(sortOptions.length ? { sortOptions } : {}),
      ...(contexts ? { contextId: contexts } : {}),
      ...(baseFilter ? { baseFilter } : {}),
      ...(typeof p.facetLimit === 'number' ? { facetLimit: p.facetLimit } : {}),
    };
  }

  /**
   * Where the rows link: the block's `click` target, else the page's `clicks[namedclick]`, else the `dataset` /
   * `dataservice` routes (a data service keeps its own route when the page configures one).
   */
  #landing(page: Parameters<typeof landingHref>[2], current: URL): (route: Route, target: LinkTarget) => string {
    const p = this.params;
    const named = typeof p.namedclick === 'string' && p.namedclick ? p.namedclick : undefined;
    const click = typeof p.click === 'string' && p.click ? p.click : undefined;
    return (route, target) =>
      route === 'dataservice' && page.clicks?.dataservice
        ? landingHref(route, target, page, current)
        : landingHref(named ?? route, target, page, current, click);
  }

  /** Resolves once the scope's names and labels are in too (see scopeLoadComplete). */
  override get loadComplete(): Promise<string> {
    return scopeLoadComplete(this, super.loadComplete);
  }

  /** Load state for hosts and tests (the common block states of behaviour doc §2). */
  override get state(): LoadState {
    return scopeLoadState(this.#joined);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void loadSearchMessages(this.uiLang).then(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#leave();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#focusWasInside = this.contains(this.ownerDocument.activeElement);
    if (!this.isConnected || this.pageConfigPending) return;
    const scope = this.searchScope;
    if (scope !== this.#joined) this.#join(scope);
    const settings = this.settings;
    const key = JSON.stringify([settings, this.params.registry === true]);
    if (key !== this.#configured) {
      // Expanded areas were built in the old language / mode: rebuilt on the next expansion.
      if (this.#configured) this.#rows.clear();
      this.#configured = key;
      scope.configure(settings);
      void loadSearchMessages(this.uiLang).then(() => this.requestUpdate());
    }
  }

  #join(scope: SearchScope): void {
    this.#joined = follow(this.#joined, scope, this.#onScope);
    this.#configured = '';
  }

  #leave(): void {
    this.#joined = follow(this.#joined, undefined, this.#onScope);
  }

  /** "Try again": the scope runs its current state again. */
  retry = (): void => {
    this.#joined?.refresh();
  };

  #go = (page: number): void => {
    const scope = this.#joined;
    if (!scope) return;
    this.#focusAfterPaging = true;
    scope.update((s) => ({ ...s, page }), { history: this.params.pageInUrl === true ? 'push' : 'none' });
  };

  #hrefFor = (page: number): string => {
    const scope = this.#joined!;
    return scope.hrefFor({ ...scope.state, page });
  };

  #toggle(row: ResultRow): void {
    const key = row.entry.resourceUri;
    let r = this.#rows.get(key);
    if (!r) this.#rows.set(key, (r = { open: false, detail: undefined, followedUp: false, distExpanded: new Set(), distBuilt: new Set() }));
    r.open = !r.open;
    if (r.open && (r.detail === undefined || r.detail === 'failed')) {
      const entry = r;
      entry.detail = 'loading';
      const store = this.store;
      const lang = this.uiLang;
      const registry = this.params.registry === true;
      const flags = richFlags(this.params);
      // The rich parts (issue 9) are built when a parameter asks for one; a geometry alone needs only its coverage row.
      const dataset = row.kind !== 'service';
      const wantRich = dataset && anyRich(flags);
      // The expansion code (and the rich-content chunk) download while the row's linked resources are looked up.
      Promise.all([loadRowDetailModule(), lookupRowResources(store, row), wantRich ? loadRich(lang, flags) : undefined,
        dataset && !wantRich ? loadCoverage(row.entry, lang) : undefined, loadLandingMessages(lang)])
        .then(([m, related, module, coverage]) => {
          adoptBlockStyles(this, m.ROW_DETAIL_STYLES);
          return m.loadRowDetail(store, row, related,
            { lang, registry, ...(module ? { rich: { module, flags } } : {}), ...(coverage ? { coverage } : {}) });
        })
        .then((d) => (entry.detail = d))
        .catch((e: unknown) => {
          console.warn('[catalog-blocks] the details of a result row could not be loaded', e);
          entry.detail = 'failed';
        })
        .finally(() => this.requestUpdate());
    }
    this.requestUpdate();
  }

  /** First distribution expansion of a row: one batched lookup of access services not resolved yet. */
  #followUp(row: ResultRow, r: RowEntry): void {
    const detail = r.detail;
    if (r.followedUp || typeof detail !== 'object') return;
    r.followedUp = true;
    loadRowDetailModule()
      .then((m) => m.withRowFollowUps(this.store, row, detail))
      .then((next) => {
        if (next && r.detail === detail) {
          r.detail = next;
          this.requestUpdate();
        }
      })
      .catch((e: unknown) => console.warn('[catalog-blocks] access services could not be looked up', e));
  }

  /** The badge chunk and the labels of the rows shown, once ready for them (includeIndicators). */
  #indicators: { module: RowIndicatorsModule; rows: readonly ResultRow[]; lang: string } | undefined;
  #indicatorsFor: unknown;

  /** includeIndicators: loads the badge chunk and the labels the shown rows need, then renders again. */
  #prepareIndicators(rows: readonly ResultRow[], lang: Lang): void {
    if (this.#indicatorsFor === rows) return;
    this.#indicatorsFor = rows;
    loadRowIndicators()
      .then(async (module) => {
        await module.prepareRows(lang, rows.map((r) => r.entry), this.ownerDocument);
        if (this.#indicatorsFor !== rows) return;
        this.#indicators = { module, rows, lang };
        this.requestUpdate();
      })
      .catch((e: unknown) => console.warn('[catalog-blocks] the indicators could not be loaded', e));
  }

  #renderRow(row: ResultRow, hl: number, clickExpand: boolean, indicators: boolean): TemplateResult {
    const key = row.entry.resourceUri;
    const r = this.#rows.get(key);
    const base = this.renderContext(hl);
    const ctx = { ...base, idPrefix: `${this.idPrefix}-${row.entry.contextId}-${row.entry.entryId}`, landing: this.#rowLanding! };
    const distExpanded = r?.distExpanded ?? new Set<number>();
    const distBuilt = r?.distBuilt ?? new Set<number>();
    const badges = indicators && this.#indicators?.rows.includes(row) ? this.#indicators.module.rowIndicators(row.entry, ctx) : undefined;
    return resultRow(
      row,
      {
        ...(badges ? { indicators: badges } : {}),
        ...this.#templates?.listRow(this, row.entry, hl), // templates (issue 10)
        open: r?.open ?? false,
        detail: r?.detail,
        renderDetail: rowDetailLoaded?.expandedDetail,
        toggle: () => this.#toggle(row),
        distributions: {
          clickExpand,
          expanded: distExpanded,
          built: distBuilt,
          toggle: (i: number) => {
            if (distExpanded.has(i)) distExpanded.delete(i);
            else {
              distExpanded.add(i);
              distBuilt.add(i);
              if (r) this.#followUp(row, r);
            }
            this.requestUpdate();
          },
        },
      },
      ctx,
    );
  }

  /** The list inside the author's `listhead` / `listbody` templates (issue 10), if any. */
  #body(list: TemplateResult, hl: number): unknown {
    return this.#templates ? this.#templates.listBody(this, list, hl) : list;
  }

  /** The text shown when there are no rows. */
  protected emptyText(state: SearchState, counts?: SearchResults['counts']): string {
    // with data services among what is searched, the text names both kinds (as the result count does: results.ts)
    return t(this.uiLang, isFiltered(state) ? (counts ? 'hits.none' : 'results.none') : counts ? 'hits.empty' : 'list.empty');
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    const scope = this.#joined;
    const state = this.state;
    const params = this.params;
    const hl = Number(params.hl ?? 2);
    const clickExpand = params.clickExpand !== false;
    const tpl = (this.#templates = templates(this, LIST_TEMPLATES, 'datasetList')); // templates (issue 10)
    if (!scope || (state !== 'loading' && state !== 'ready')) {
      const body = scope ? stateView(state, lang, { noEntry: 'list.empty', notFound: 'state.unreachable' }, this.retry, hl) : nothing;
      return html`<div class="esbBlock esbSearchList" lang=${lang}>${body}</div>`;
    }
    const results = scope.results;
    const loading = state === 'loading';
    const rows = results?.rows ?? [];
    const pageSize = this.pageSize;
    this.#rowLanding = this.#landing(this.pageConfig, this.pageUrl);
    const pageInUrl = params.pageInUrl === true;
    const indicators = params.includeIndicators === true;
    if (indicators && !loading) this.#prepareIndicators(rows, lang);
    // The "no match" text lives in a slot that is always there: while a results block speaks the same text for this
    // scope (`countAnnouncers`), the slot is `aria-live="off"`, so a list that is a live region itself (`live`, as
    // EntryScape sites set it) does not speak it a second time (issue 11 point 11); the text is inserted into the quiet
    // slot, never as a new node of the live list. Everyone reading the page still finds it here.
    const empty = !loading && results && rows.length === 0 ? results : undefined;
    return html`<div class="esbBlock esbSearchList escoList" lang=${lang} aria-busy=${loading ? 'true' : 'false'}>
      <div class="esbListBody" tabindex="-1">
        ${loading
          ? html`<div class="esbState esbLoading">
              <span class="esbSpinner" aria-hidden="true"></span>
              <div class="esbVisuallyHidden" role="status">${heading(hl, t(lang, 'state.loading'), { cls: 'esbStateHeading' })}</div>
            </div>`
          : nothing}
        <div class="esbListEmptySlot" aria-live=${scope.countAnnouncers.size > 0 ? 'off' : nothing}>${empty
          ? /* templates (issue 10) */ tpl?.listEmpty(this, isFiltered(empty.state), hl)
            ?? heading(hl, this.emptyText(empty.state, empty.counts), { cls: 'esbEmpty esbListEmpty esbStateHeading' })
          : nothing}</div>
        ${empty
          ? nothing
          : /* templates (issue 10) */ this.#body(html`<ul class="entryList ${loading ? 'esbList__hidden' : ''}" ?hidden=${loading}>
              ${rows.map((row) => keyed(row.entry.entryUri, this.#renderRow(row, hl, clickExpand, indicators)))}
            </ul>`, hl)}
      </div>
      ${results
        ? pagination({
            page: results.state.page,
            pageSize,
            total: results.total,
            lang,
            go: this.#go,
            ...(pageInUrl ? { hrefFor: this.#hrefFor } : {}),
          })
        : nothing}
    </div>`;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const state = this.state;
    const body = this.querySelector<HTMLElement>('.esbListBody');
    if (state === 'ready' && this.#focusAfterPaging) {
      this.#focusAfterPaging = false;
      body?.focus();
    } else if (this.#focusWasInside && !this.contains(this.ownerDocument.activeElement)) {
      // an error state has no list body: its (new) "Try again"
      (body ?? this.querySelector<HTMLElement>('.esbRetry') ?? this.querySelector<HTMLElement>('.esbState[tabindex]'))?.focus();
    }
    this.#lastState = announceState(this, state, this.#lastState);
  }
}
