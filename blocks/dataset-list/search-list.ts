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
import { landingHref, urlPrefix, type LinkTarget, type Route } from '../../src/config/links.ts';
import { DEFAULT_SETTINGS, listSettings, listTypes, pageSizeOf, type ItemKind } from '../../src/search/settings.ts';
import { scopeNameOf } from '../search-base/scope-params.ts';
import { ScopePart } from '../search-base/scope-part.ts';
import { KeptLinks } from '../search-base/kept-links.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { ScopeConfig, SearchScope } from '../../src/search/scope.ts';
import type { ResultRow, SearchResults, SearchState } from '../../src/search/types.ts';
import { blockProperties, CatalogBlock } from '../base/catalog-block.ts';
import type { LoadState } from '../base/load-controller.ts';
import { heading, stateView, type RenderContext } from '../base/render.ts';
import { pagination } from '../search-base/pagination.ts';
import { activeFilterCount } from '../search-base/search-state.ts';
import { lookupRowResources, resultRow, type RowDetailModule, type RowState } from './result-row.ts';
import type { RowEntry } from './row-expansion.ts';
import { LIST_TEMPLATES, templates, type TemplateModule } from '../search-base/templates.ts'; // templates (issue 10)

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

type RowExpansionModule = typeof import('./row-expansion.ts');
let rowExpansionModule: Promise<RowExpansionModule> | undefined;
let rowExpansionCode: RowExpansionModule | undefined;
/** The row expansion code (row-expansion.ts); a failed download is retried on the next expansion. */
function loadRowExpansion(): Promise<RowExpansionModule> {
  rowExpansionModule ??= import('./row-expansion.ts').then((m) => (rowExpansionCode = m));
  rowExpansionModule.catch(() => (rowExpansionModule = undefined));
  return rowExpansionModule;
}
const preloadRowExpansion = (): void => void loadRowExpansion().catch(() => {});

export type { ItemKind };

/** Row links kept (#landing): a few pages of the largest page size. */
const KEPT_LINKS = 1000;

/** True when the state has a term or a filter (result text and empty text depend on it). */
export function isFiltered(state: SearchState): boolean {
  return state.terms.length > 0 || activeFilterCount(state) > 0;
}

export class SearchListBlock extends CatalogBlock {
  /** The list's column of the parameter table: every parameter a list-showing block reads, heading level 2. */
  static override blockName = 'datasetList' as const;
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetList'),
    scope: { attribute: 'scope' },
    scopeOverride: { attribute: false },
  };
  static override incumbentName = 'searchList';
  /** Search defaults of this list: the types it lists and its page size. */
  static listDefaults: { readonly types: readonly ItemKind[]; readonly pageSize: number } = DEFAULT_SETTINGS;

  declare scope: string | undefined;
  declare context: string | undefined;
  /** A scope given by an enclosing layout (its private one); wins over the `scope` attribute. */
  declare scopeOverride: SearchScope | undefined;

  /**
   * The scope shown: a layout's private one (`scopeOverride`) or the named one, joined once the page configuration
   * (which may name the store) is read; a scope joined is configured anew.
   */
  readonly #scope = new ScopePart(this, {
    keepWhileLoading: true,
    override: () => this.scopeOverride,
    ready: () => !this.pageConfigPending && this.listReady,
    joined: () => {
      this.#configured = '';
    },
  });
  #configured = '';
  #rows = new Map<string, RowEntry>();
  #templates: TemplateModule | undefined; // templates (issue 10)
  #focusAfterPaging = false;
  #focusWasInside = false;
  /** Focus was in a result row when this update began (then every row stays bound to its entry, see render). */
  #focusInRow = false;
  #rowLanding: ((route: Route, target: LinkTarget) => string) | undefined;

  get scopeName(): string {
    return this.scopeOverride?.name ?? scopeNameOf(this);
  }

  /** The SearchScope this list shows (shared by every block with the same scope name in the document). */
  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /**
   * False while the list cannot say what it searches yet (a list of the entries pointing at the page's dataset,
   * before that dataset is found): it joins and configures its scope only then, and shows "loading" meanwhile.
   */
  protected get listReady(): boolean {
    return true;
  }

  /** The `blocks` definition name whose row and list templates apply when the element has none (issue 10). */
  protected get templateBlock(): string {
    return 'datasetList';
  }

  /**
   * Row parts a list of other entry types renders itself (issue 26: showcases, ideas): the head beside the expand
   * button and the expanded area. The page author's `rowhead` / `rowexpand` win over them. Undefined: dataset rows.
   */
  protected rowParts(_row: ResultRow, _ctx: RenderContext): RowState['custom'] | undefined {
    return undefined;
  }

  /** Level of the row titles and of the list's messages: `hl` (default 2). */
  protected get listHeadingLevel(): number {
    return Number(this.params.hl ?? 2);
  }

  /** True when `rowParts` gives every row its expanded area (then opening a row looks up no dataset details). */
  protected get ownRowDetail(): boolean {
    return false;
  }

  /** Rows of a list of other types than datasets and data services (`rdftype`): generic rows. */
  #generic = false;

  /** Types searched: `rdftype`'s, else the defaults, plus data services with includeServices, all three with typeFilter. */
  protected get types(): readonly ItemKind[] {
    return listTypes(this.params, (this.constructor as typeof SearchListBlock).listDefaults.types);
  }

  /** Rows per page: `limit`, else `limitOptions[0]`, else the list's default (10); at most 100. */
  get pageSize(): number {
    const p = this.params;
    return pageSizeOf(p.limit, p.limitOptions, (this.constructor as typeof SearchListBlock).listDefaults.pageSize);
  }

  /** The settings this list gives its scope (src/search/settings.ts). */
  protected get settings(): ScopeConfig {
    return listSettings(this.params, this.types, this.pageSize, this.uiLang);
  }

  /**
   * Where the rows link: the block's `click` target, else the page's `clicks[namedclick]`, else the `dataset` /
   * `dataservice` routes (a data service keeps its own route when the page configures one).
   */
  #landing(page: Parameters<typeof landingHref>[2], current: URL): (route: Route, target: LinkTarget) => string {
    const p = this.params;
    const named = typeof p.namedclick === 'string' && p.namedclick ? p.namedclick : undefined;
    const click = typeof p.click === 'string' && p.click ? p.click : undefined;
    // A link depends on the targets, the page configuration's link settings (what landingHref reads: the page
    // configuration is read again on every update) and the page's address without its fragment (landingHref never
    // keeps the current fragment, where the search state changes): links are kept while those stay, so a sort or a
    // facet click does not build the link of a row shown before again.
    const context = [JSON.stringify([named ?? '', click ?? '', current.href.replace(/#[^]*$/, ''), urlPrefix(page), page.clicks ?? {},
      page.urlQueryParameters ?? ''])];
    return (route, target) => this.#links.href(context, JSON.stringify([route, target.uri, target.entryId, target.contextId]), () =>
      route === 'dataservice' && page.clicks?.dataservice
        ? landingHref(route, target, page, current)
        : landingHref(named ?? route, target, page, current, click));
  }

  /** Row links by target (see #landing). */
  #links = new KeptLinks(KEPT_LINKS);

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  /** Load state for hosts and tests (the common block states of behaviour doc §2): the scope's. */
  override get state(): LoadState {
    return this.#scope.state;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    const active = this.ownerDocument.activeElement;
    this.#focusWasInside = this.contains(active);
    this.#focusInRow = this.#focusWasInside && !!active?.closest('li.entryListRow');
    if (!this.isConnected || this.pageConfigPending || !this.listReady || this.#scope.keysPending) return;
    const scope = this.#scope.sync();
    const settings = this.settings;
    this.#generic = !!settings.rdfTypes;
    const key = JSON.stringify([settings, this.params.registry === true]);
    if (key !== this.#configured) {
      // Expanded areas were built in the old language / mode: rebuilt on the next expansion.
      if (this.#configured) this.#rows.clear();
      this.#configured = key;
      scope.configure(settings);
    }
  }

  /** "Try again": the scope runs its current state again. */
  retry = (): void => {
    this.#scope.current?.refresh();
  };

  #go = (page: number): void => {
    const scope = this.#scope.current;
    if (!scope) return;
    this.#focusAfterPaging = true;
    scope.update((s) => ({ ...s, page }), { history: this.params.pageInUrl === true ? 'push' : 'none' });
  };

  #hrefFor = (page: number): string => {
    const scope = this.#scope.current!;
    return scope.hrefFor({ ...scope.state, page });
  };

  #toggle(row: ResultRow): void {
    const key = row.entry.resourceUri;
    let r = this.#rows.get(key);
    if (!r) this.#rows.set(key, (r = { open: false, detail: undefined, followedUp: false, distExpanded: new Set(), distBuilt: new Set() }));
    r.open = !r.open;
    // A row whose expanded area the list renders itself (rowParts) needs no dataset details.
    if (r.open && (r.detail === undefined || r.detail === 'failed') && !this.ownRowDetail) {
      const entry = r;
      entry.detail = 'loading';
      // At once, none waiting for another: the expansion code (with the rich content it starts loading), row-detail.ts
      // and the row's linked resources.
      const { store, uiLang, params } = this;
      Promise.all([loadRowExpansion().then((m) => m.prepareRow(this, store, row, uiLang, params)), loadRowDetailModule(),
        lookupRowResources(store, row)])
        .then(([build, m, related]) => build(m, related))
        .then((d) => (entry.detail = d))
        .catch((e: unknown) => {
          console.warn('[catalog-blocks] the details of a result row could not be loaded', e);
          entry.detail = 'failed';
        })
        .finally(() => this.requestUpdate());
    }
    this.requestUpdate();
  }

  /** Pointing at or focusing a row's expand button: the expansion code starts loading. */
  #intent = (e: Event): void => {
    if ((e.target as Element).closest('.esbRowExpandButton')) preloadRowExpansion();
  };

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

  /** One row; `base` is the list's render context, read once per render (it reads the page's address). */
  #renderRow(row: ResultRow, base: RenderContext, clickExpand: boolean, indicators: boolean): TemplateResult {
    const key = row.entry.resourceUri;
    const r = this.#rows.get(key);
    const hl = base.hl;
    const ctx = { ...base, idPrefix: `${this.idPrefix}-${row.entry.contextId}-${row.entry.entryId}`, landing: this.#rowLanding! };
    const distExpanded = r?.distExpanded ?? new Set<number>();
    const distBuilt = r?.distBuilt ?? new Set<number>();
    const badges = indicators && this.#indicators?.rows.includes(row) ? this.#indicators.module.rowIndicators(row.entry, ctx) : undefined;
    const own = this.rowParts(row, ctx);
    const authored = this.#templates?.listRow(this, row.entry, hl, this.templateBlock).custom; // templates (issue 10)
    const custom = own || authored ? { ...own, ...authored } : undefined;
    return resultRow(
      row,
      {
        ...(this.#generic ? { generic: { linked: typeof this.params.namedclick === 'string' || typeof this.params.click === 'string' } } : {}),
        ...(badges ? { indicators: badges } : {}),
        ...(custom ? { custom } : {}),
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
              // (an open row with a built area: its expansion code is loaded)
              if (r && rowDetailLoaded) rowExpansionCode?.followUp(this, rowDetailLoaded, row, r);
            }
            this.requestUpdate();
          },
        },
      },
      ctx,
    );
  }

  /** The rows rendered last, by position: the entry shown and the key its DOM was built under (see #rowKeys). */
  #shown: { readonly entryUri: string; readonly resourceUri: string; readonly key: string }[] = [];
  #built = 0;

  /**
   * The key binding each row's DOM, by position. A row showing the same entry as before keeps its DOM (opening it
   * changes nothing). A position whose entry changes is built anew when the old or the new entry has row state (opened
   * or built: its DOM holds what the reader did) or while focus is in a row (the focused control never silently stands
   * for another dataset), as keying every row by its entry did. Otherwise the new row takes over the DOM at its
   * position, updated in place: after a sort or a facet click nearly every row is another entry, and building all of
   * them anew cost more than the rows' own data.
   */
  #rowKeys(rows: readonly ResultRow[]): string[] {
    const stateful = (resourceUri: string): boolean => this.#rows.has(resourceUri);
    const keys = rows.map((row, i) => {
      const before = this.#shown[i];
      const e = row.entry;
      if (!before || before.entryUri === e.entryUri) return before?.key ?? '';
      return this.#focusInRow || stateful(before.resourceUri) || stateful(e.resourceUri) ? `${++this.#built}` : before.key;
    });
    this.#shown = rows.map((row, i) => ({ entryUri: row.entry.entryUri, resourceUri: row.entry.resourceUri, key: keys[i]! }));
    return keys;
  }

  /** The list inside the author's `listhead` / `listbody` templates (issue 10), if any. */
  #body(list: TemplateResult, hl: number): unknown {
    return this.#templates ? this.#templates.listBody(this, list, hl, this.templateBlock) : list;
  }

  /** The text shown when there are no rows. */
  protected emptyText(state: SearchState, counts?: SearchResults['counts']): string {
    if (this.#generic) return msg(this.uiLang, isFiltered(state) ? 'list.noMatch' : 'list.nothing');
    // with data services among what is searched, the text names both kinds (as the result count does: results.ts)
    return msg(this.uiLang, isFiltered(state) ? (counts ? 'hits.none' : 'results.none') : counts ? 'hits.empty' : 'list.empty');
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    const scope = this.#scope.current;
    const state = this.state;
    const params = this.params;
    const hl = this.listHeadingLevel;
    const clickExpand = params.clickExpand !== false;
    const tpl = (this.#templates = templates(this, LIST_TEMPLATES, this.templateBlock)); // templates (issue 10)
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
    const context = this.renderContext(hl);
    const keys = empty ? [] : this.#rowKeys(rows);
    return html`<div class="esbBlock esbSearchList escoList" lang=${lang} aria-busy=${loading ? 'true' : 'false'}>
      <div class="esbListBody" tabindex="-1" @pointerover=${this.#intent} @focusin=${this.#intent}>
        ${loading
          ? html`<div class="esbState esbLoading">
              <span class="esbSpinner" aria-hidden="true"></span>
              <div class="esbVisuallyHidden" role="status">${heading(hl, msg(lang, 'state.loading'), { cls: 'esbStateHeading' })}</div>
            </div>`
          : nothing}
        <div class="esbListEmptySlot" aria-live=${scope.countAnnouncers.size > 0 ? 'off' : nothing}>${empty
          ? /* templates (issue 10) */ tpl?.listEmpty(this, isFiltered(empty.state), hl, this.templateBlock)
            ?? heading(hl, this.emptyText(empty.state, empty.counts), { cls: 'esbEmpty esbListEmpty esbStateHeading' })
          : nothing}</div>
        ${empty
          ? nothing
          : /* templates (issue 10) */ this.#body(html`<ul class="entryList ${loading ? 'esbList__hidden' : ''}" ?hidden=${loading}>
              ${rows.map((row, i) => keyed(keys[i], this.#renderRow(row, context, clickExpand, indicators)))}
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
  }
}
