/**
 * Base block `facets` (`<catalog-facets>`): one group per offered facet collection (behaviour doc §4.4) with a heading
 * `h{hl+1}` and a list of values. Every value is a real link to the state with that value toggled (works without
 * JS and in a new tab); a plain click updates the scope in place. Selected values carry `aria-current="true"` and a
 * "Remove filter" link. Long groups show "Show more"/"Show fewer". "Clear all filters" appears while any filter is
 * active. `<catalog-active-filters>` (the active filters as chips) is in ./active-filters.ts.
 */
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { heading, headingLevel, langOf } from '../base/render.ts';
import { formatNumber, msg } from '../../src/i18n/index.ts';
import { hrefForState } from '../../src/search/url.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import type { CollectionName, FacetGroupView, FacetValueView, ResultRow, SearchState } from '../../src/search/types.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { activeFilterCount, toggleFilter } from '../search-base/search-state.ts';
import { facetsStyles } from './facets.styles.ts';
import { isPlainClick } from '../search-base/pagination.ts';
import { KeptLinks } from '../search-base/kept-links.ts';
import { facetOf, isFilterValue } from '../../src/search/facets.ts';
import { facetCollections } from '../../src/search/settings.ts';
import { collectionLabel } from '../../src/search/collections.ts';
import type { ResolvedParams } from '../../src/config/resolve.ts';
import { remember } from '../../src/store/bounded.ts';
import { clip, clipWords, FACET_LABEL_LIMIT, htmlText, TEXT_HARD_LIMIT } from '../../src/dcat/text.ts';

/**
 * Language tags of the keywords as the listed rows write them, added to `into` (bounded): the store counts keywords
 * without their tag, and a keyword in another language than the page needs `lang` (WCAG 3.1.2). Kept across answers,
 * so a keyword learnt from one page of rows keeps its language on the others (issue 28 point 12).
 */
function learnKeywordLangs(rows: readonly ResultRow[], into: Map<string, string>): void {
  for (const { entry: e } of rows) {
    for (const o of e.metadata.objects(e.resourceUri, 'http://www.w3.org/ns/dcat#keyword')) if (o.language) remember(into, o.value, o.language, 5000);
  }
}

/** Values shown before "Show more" in the compact variant. */
export const COMPACT_LIMIT = 5;

/** A link to the page URL carrying `state` in `scope` (search state in the fragment). */
export function stateHref(doc: Document, scope: string, state: SearchState): string {
  return hrefForState(new URL(doc.location.href), state, scope);
}

export { isPlainClick } from '../search-base/pagination.ts';

/**
 * @summary Facet filter column of a search scope.
 * @tag catalog-facets
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {number} hl - Level of the block's heading; facet group headings are `h{hl+1}` (default 2; `inherit` takes the layout's).
 * @attr {boolean} hvd-filter - Adds the "HVD category" facet.
 * @attr {boolean} type-filter - Adds the "Type" facet (dataset, series, data service).
 * @attr {string} variant - `compact`: every group a collapsed disclosure showing at most 5 values before "Show more".
 * @attr {boolean} no-clear-all - No "Clear all filters" button (a search layout around the block renders its own).
 * @attr {string} lang - UI language: sv, en or de.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 */
export class FacetsBlock extends CatalogBlock<boolean> {
  static override blockName = 'datasetFacets' as const;
  static override blockStyles = [facetsStyles];
  static override properties: PropertyDeclarations = {
    ...partProperties('datasetFacets'),
    expanded: { state: true },
  };

  static override incumbentName = 'facets';

  declare expanded: ReadonlySet<CollectionName>;
  readonly #scope = new ScopePart(this, { loader: this.loader, keepWhileLoading: true });
  /** Key of the value link to focus again after the list re-rendered (values move when counts change). */
  #refocus: string | undefined;

  constructor() {
    super();
    this.expanded = new Set();
  }

  /** The scope this block filters (shared per document, name and store). */
  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  /** The collections this block offers: the default set plus HVD / Type when asked for (behaviour doc §4.4). */
  get collections(): CollectionName[] {
    return this.#collections(this.params);
  }

  #collections(p: ResolvedParams): CollectionName[] {
    // (the page's own collections not read yet: `include` may name them)
    return this.#scope.keysPending ? [] : facetCollections(p);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    if (this.isConnected && !this.pageConfigPending) this.#scope.requestFacets(this.collections);
  }

  /** "Clear all filters" here, unless a search layout around us renders its own (one reset per page region). */
  get showsClearAll(): boolean {
    return !this.hasAttribute('no-clear-all') && !this.closest('.esbSearchLayout');
  }

  /** `variant="compact"`: each group a collapsed disclosure, 5 values before "Show more" (behaviour doc §2.7). */
  get compact(): boolean {
    return this.getAttribute('variant') === 'compact';
  }

  #toggle(e: MouseEvent, name: CollectionName, value: string): void {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    // the key as rendered in data-facet (a literal value with controls is cleaned there)
    this.#refocus = htmlText(`${name}|${value}`);
    this.searchScope.update((s) => toggleFilter(s, name, value), { history: 'push' });
  }

  /** Space activates a value link too (it is a toggle for the user; Enter is the link's own key). */
  #onLinkKey(e: KeyboardEvent): void {
    if (e.key !== ' ' || e.repeat) return;
    e.preventDefault();
    (e.currentTarget as HTMLAnchorElement).click();
  }

  #clearAll(): void {
    this.focusFirstValue();
    this.searchScope.update((s) => ({ ...s, filters: {}, page: 1 }), { history: 'push' });
  }

  /** After a reset removed the focused control (here or in the layout around us): the first value, once shown. */
  focusFirstValue(): void {
    this.#refocus = 'first';
    this.requestUpdate();
  }

  #toggleGroup(name: CollectionName): void {
    const next = new Set(this.expanded);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    this.expanded = next;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const key = this.#refocus;
    const scope = this.searchScope;
    // The values re-sort when the counts of the new state arrive: focus the value once they are shown (not on error).
    if (!key || (scope.status !== 'error' && scope.results?.state !== scope.state)) return;
    const links = () => [...this.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink')];
    if (links().length === 0) return; // results not there yet: try after the next render
    this.#refocus = undefined;
    // Focusing forces a layout. The answer that re-rendered this column re-renders the list beside it in the same
    // task (its update is already queued): focus after it, so that one layout covers both, not one each.
    queueMicrotask(() => {
      const all = links();
      // the first that takes focus: a value in a collapsed group (compact) does not, its summary does
      for (const target of [...all.filter((a) => a.dataset.facet === key), ...all, ...this.querySelectorAll<HTMLElement>('summary')]) {
        // already there (the value kept its place): focusing again would only force a layout
        if (this.ownerDocument.activeElement === target) break;
        target.focus();
        if (this.ownerDocument.activeElement === target) break;
      }
    });
  }

  override render() {
    const lang = this.uiLang;
    const scope = this.searchScope;
    const state = scope.state;
    // A failed search shows its error (with "Try again") instead of the last counts.
    const results = scope.status === 'error' ? undefined : scope.results;
    const byName = new Map((results?.facets ?? []).map((g) => [g.name, g] as const));
    // (parameters resolved once per render: each resolution reads every parameter)
    const p = this.params;
    const max = p.facetLimit;
    const groups = this.#collections(p)
      .map((n) => byName.get(n))
      .filter((g): g is FacetGroupView => !!g && g.values.length > 0)
      // `facetLimit`: at most that many values per group (selected ones always stay)
      .map((g) => (typeof max === 'number' ? { ...g, values: g.values.filter((v, i) => i < max || v.selected) } : g));
    const hl = Number(p.hl ?? 2);
    if (results && results !== this.#langsFrom) learnKeywordLangs(results.rows, this.#keywordLangs);
    this.#langsFrom = results;
    return html`<div class="esbFacets esbBlock" aria-busy=${scope.status === 'loading' ? 'true' : 'false'}>
      ${activeFilterCount(state) > 0 && this.showsClearAll
        ? html`<div class="esbFacets__actions">
            <button type="button" class="esbFacets__clearAll esbBtn esbBtnSecondary" @click=${this.#clearAll}>${msg(lang, 'facets.clearAll')}</button>
          </div>`
        : nothing}
      ${this.#scope.errorView()}
      ${groups.map((g) => this.#renderGroup(scope, g, state, headingLevel(hl, 1)))}
    </div>`;
  }

  #renderGroup(scope: SearchScope, group: FacetGroupView, state: SearchState, level: number): TemplateResult {
    const lang = this.uiLang;
    const name = group.name;
    const headId = `${this.idPrefix}-facet-${name}`;
    const listId = `${headId}-values`;
    // values shown before "Show more" (behaviour doc §4.4; absent = all), at most 5 in the compact variant
    const own = facetOf(name).shownBeforeMore;
    const title = collectionLabel(name, lang);
    const limit = this.compact ? Math.min(own ?? COMPACT_LIMIT, COMPACT_LIMIT) : own;
    const expanded = this.expanded.has(name);
    const limited = limit !== undefined && group.values.length > limit;
    const shown = limited && !expanded ? group.values.filter((v, i) => i < limit || v.selected) : group.values;
    const selectedCount = group.values.filter((v) => v.selected).length;
    const body = html`<ul id=${listId} aria-labelledby=${headId}>
        ${shown.map((v) => this.#renderValue(scope, name, v, state))}
      </ul>
      ${limited
        ? html`<div class="esbFacets__limit">
            <button
              type="button"
              class="esbFacets__limitButton esbBtn esbBtnDisclosure"
              aria-expanded=${expanded ? 'true' : 'false'}
              aria-controls=${listId}
              @click=${() => this.#toggleGroup(name)}
            >
              ${msg(lang, expanded ? 'facets.showLess' : 'facets.showMore')}<span class="esbVisuallyHidden">: ${title.text}</span>
            </button>
          </div>`
        : nothing}`;
    const count = this.compact && selectedCount ? html` <span class="esbFacets__selectedCount">(${selectedCount})</span>` : nothing;
    const head = heading(level, html`${title.lang ? html`<span lang=${title.lang}>${title.text}</span>` : title.text}${count}`, { id: headId, cls: 'esbFacets__facetHeader' });
    return this.compact
      ? html`<details class="esbFacets__collection collection_${name}" ?open=${selectedCount > 0}>
          <summary>${head}</summary>
          ${body}
        </details>`
      : html`<div class="esbFacets__collection collection_${name}">${head}${body}</div>`;
  }

  readonly #keywordLangs = new Map<string, string>();
  #langsFrom: unknown;

  /**
   * Value links of the state and page address they were made for: the column renders again when a search starts and
   * when its answer comes, with the same state. At most every value of the largest group (facetLimit 1000) and the others.
   */
  #links = new KeptLinks(2000);

  #hrefOf(scope: SearchScope, name: CollectionName, value: string, state: SearchState): string {
    return this.#links.href([state, this.ownerDocument.location?.href], `${name} ${value}`, () => scope.hrefFor(toggleFilter(state, name, value)));
  }

  /** One value; `scope` is passed down (looking the scope up costs a page-configuration read per value). */
  #renderValue(scope: SearchScope, name: CollectionName, v: FacetValueView, state: SearchState): TemplateResult {
    const lang = this.uiLang;
    const href = this.#hrefOf(scope, name, v.value, state);
    // A long value is cut in the list (and in its accessible name); the `title` keeps it whole.
    const shown = clipWords(v.label, FACET_LABEL_LIMIT);
    const full = shown === v.label ? nothing : clip(v.label, TEXT_HARD_LIMIT);
    const label = html`<span class="facetLabel" lang=${langOf({ lang: v.labelLang ?? (name === 'keyword' ? this.#keywordLangs.get(v.value) : undefined) }, lang) ?? nothing} title=${full}>${shown}</span>`;
    // (an exact count still on its way shows no number rather than a wrong one: src/search/view.ts)
    const count = v.counting ? nothing : html`<span class="esbFacets__occurence" aria-hidden="true">(${formatNumber(v.count, lang)})</span
      ><span class="esbVisuallyHidden">, ${msg(lang, scope.results?.counts ? 'hits.count' : 'facets.count', { n: v.count })}</span>`;
    // Too long to be a filter (MAX_FILTER_VALUE_CHARS): listed with its count, not offered as a link.
    if (!v.selected && !isFilterValue(v.value)) return html`<li class="esbFacets__option">${label}${count}</li>`;
    return html`<li class="esbFacets__option ${v.selected ? 'esbFacets--selected' : ''}">
      <a
        class="esbFacets__optionLink"
        href=${href}
        data-facet=${htmlText(`${name}|${v.value}`)}
        aria-current=${v.selected ? 'true' : nothing}
        @click=${(e: MouseEvent) => this.#toggle(e, name, v.value)}
        @keydown=${(e: KeyboardEvent) => this.#onLinkKey(e)}
        >${label}${count}</a
      >${v.selected
        ? html`<a class="esbFacets__clear" href=${href} @click=${(e: MouseEvent) => this.#toggle(e, name, v.value)}
            >${msg(lang, 'facets.remove')}<span class="esbVisuallyHidden">: ${shown}</span></a
          >`
        : nothing}
    </li>`;
  }
}

if (!customElements.get('catalog-facets')) customElements.define('catalog-facets', FacetsBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-facets': FacetsBlock;
  }
}
