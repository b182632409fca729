/**
 * Shared base of the search layouts (behaviour doc §2.4–§2.8): a standalone block from the parameter table that
 * renders supportive blocks as its light-DOM children, all joined to ONE SearchScope, with the layout's parameters
 * handed down as `inherit` (so the children resolve them from this block: `resolveParams` reads the nearest
 * enclosing block). A layout without a `scope` attribute uses the "default" scope: two layouts on one page need
 * distinct `scope` names, or they would share one search (and one set of URL keys).
 */
import { css, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import type { SearchScope } from '../../src/search/scope.ts';
import { msg } from '../../src/i18n/index.ts';
import { blockProperties, CatalogBlock } from '../base/catalog-block.ts';
import { scopeNameOf } from './scope-params.ts';
import { ScopePart } from './scope-part.ts';
import { activeFilterCount } from './search-state.ts';
import { heading, headingLevel } from '../base/render.ts';
import {
  facetLayoutList, facetsAttributes, listAttributes, multiSearchAttributes, searchAttributes, sharedAttributes, type Attrs, type FacetVariant, type ListForwarding,
} from '../../src/search/layout-parts.ts';

/** A layout re-renders when its scope's state changes (clear-all shows while a filter is active), with the answer. */
const LAYOUT_EVENTS = ['state', 'status'];

type AttributeMap = Readonly<Record<string, string | undefined>>;

/** Element directive: sets (or, for undefined, removes) several attributes at once: `<x-y ${attributes(map)}>`. */
class AttributesDirective extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('attributes() belongs on an element');
  }
  render(_attrs: AttributeMap): typeof nothing {
    return nothing;
  }
  override update(part: ElementPart, [attrs]: [AttributeMap]): typeof nothing {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === undefined) part.element.removeAttribute(name);
      else if (part.element.getAttribute(name) !== value) part.element.setAttribute(name, value);
    }
    return nothing;
  }
}
export const attributes = directive(AttributesDirective);

export { scopeNameOf } from './scope-params.ts';

/**
 * Styles of the search layouts: the vertical rhythm of search → sort → count → list, and the two columns of the
 * facet layouts (facets ≈ 1/4). Below the `break` width `<facet-search-responsiveness>` turns the columns into one.
 * Low specificity (`:where`), themeable with --cb-gap and --cb-facet-column.
 */
export const layoutStyles = css`
  /* The parts of a layout (class esbPart) a gap apart; the skip link is no part. Not "> * + *": a rule whose last
     compound is universal makes the browser restyle every element after a sibling that is inserted or removed anywhere
     on the page, with its whole subtree (a facet click's answer restyled ~355 of a search page's ~365 elements; now 12). */
  :where(.esbSearchLayout, .esbResultColumn) > :where(.esbPart) + :where(.esbPart) {
    margin-top: var(--cb-gap, 1rem);
  }
  /* the skip link past the facet column: out of sight until it has focus */
  :where(.esbSkipLink:not(:focus)) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  :where(.esbFacetSearch) {
    display: grid;
    grid-template-columns: minmax(12rem, var(--cb-facet-column, 1fr)) 3fr;
    gap: calc(2 * var(--cb-gap, 1rem));
    align-items: start;
  }
  :where(.esbFacetColumn) > :where(.esbFilterHeading) {
    margin-top: 0;
  }
  :where(.esbResultColumn) {
    min-width: 0;
  }
  :where(.esbClearAll) {
    margin: 0;
  }
  /* Compact facet layout: result rows without the description (behaviour doc §2.7). Deliberately not :where —
     it must win over the list's own (zero-specificity) display rule. */
  .esbFacetSearchLayout--compact .esbRowDescription {
    display: none;
  }
  /* The group heading stays on the line of the disclosure marker. */
  :where(.esbFacetSearchLayout--compact) :where(summary) > :where(h1, h2, h3, h4, h5, h6) {
    display: inline;
  }
  :where(.esbSortSelect) :where(label) {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  :where(.esbSortSelect) :where(select) {
    font: inherit;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
    background: #fff;
    color: inherit;
  }
  :where(.esbSortSelect) :where(select):focus-visible,
  :where(.esbClearAllButton):focus-visible {
    outline: 2px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbClearAllButton) {
    font: inherit;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--cb-accent, #0b5cad);
    border-radius: var(--cb-radius, 4px);
    background: transparent;
    color: var(--cb-accent, #0b5cad);
    cursor: pointer;
  }
`;

// The children, one function per supportive block, so that the five layouts compose the same parts the same way. Each
// is an `esbPart`: what the layout spaces (layoutStyles).
// `shared` carries scope, store, language and HTML mode; the attributes of each part are src/search/layout-parts.ts's.

export type { ListForwarding };

export function searchPart(shared: Attrs): TemplateResult {
  return html`<dataset-search class="esbPart" ${attributes(searchAttributes(shared))}></dataset-search>`;
}

export function multiSearchPart(shared: Attrs): TemplateResult {
  return html`<dataset-multi-search class="esbPart" ${attributes(multiSearchAttributes(shared))}></dataset-multi-search>`;
}

export function resultsPart(shared: Attrs): TemplateResult {
  return html`<dataset-results class="esbPart" ${attributes(shared)}></dataset-results>`;
}

export function listPart(shared: Attrs, f: ListForwarding): TemplateResult {
  return html`<dataset-list class="esbPart" ${attributes(listAttributes(shared, f))}></dataset-list>`;
}

export function facetsPart(shared: Attrs, opts: { typeFilter: boolean; compact?: boolean }): TemplateResult {
  return html`<dataset-facets class="esbPart" ${attributes(facetsAttributes(shared, opts))}></dataset-facets>`;
}

export function responsivenessPart(shared: Attrs, controls: string): TemplateResult {
  return html`<facet-search-responsiveness class="esbPart" ${attributes({ ...shared, break: 'inherit', controls })}></facet-search-responsiveness>`;
}

export abstract class SearchLayout extends CatalogBlock<boolean> {
  static override blockStyles = [layoutStyles];

  /** Reactive properties: the layout's parameters (from `blockName`) + `scope`; each subclass spreads this. */
  static layoutProperties(block: Parameters<typeof blockProperties>[0]): PropertyDeclarations {
    return { ...blockProperties(block), scope: { type: String } };
  }

  declare scope: string | undefined;

  /** A layout loads no data itself (its children do); its own load is the UI strings of its language. */
  readonly #scope = new ScopePart(this, { events: LAYOUT_EVENTS, loader: this.loader, keepWhileLoading: true, heard: () => void (this.#scopeOnly = true) });
  /** The update under way was asked for by the scope (see updated). */
  #scopeOnly = false;

  get scopeName(): string {
    return scopeNameOf(this);
  }

  /** The search this layout and its children share. */
  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /**
   * Attributes every child gets: same scope, store, language, HTML mode and styles as the layout, and its `context`
   * (restricts the search to one context of the store; read by the list, which configures the scope).
   */
  protected get shared(): AttributeMap {
    return sharedAttributes(this, this.scopeName);
  }

  /**
   * Children resolve `inherit` from this block's parameters at their own render: tell them when ours may have changed.
   * Not after a render for its scope alone (the clear-all button): the children follow the scope themselves, and
   * rendering all of them then would draw the list's and the facets' loading state the moment a filter is clicked
   * (keepWhileLoading).
   */
  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const scopeOnly = this.#scopeOnly && changed.size === 0;
    this.#scopeOnly = false;
    if (scopeOnly) return;
    for (const child of this.querySelectorAll('*')) if (child instanceof CatalogBlock) child.requestUpdate();
  }

  /** Whether this layout shows the sort select (`includeSorting`; FP never does). */
  protected get showsSorting(): boolean {
    return this.params.includeSorting === true;
  }

  protected renderSort(): TemplateResult | typeof nothing {
    if (!this.showsSorting) return nothing;
    // Loaded only where a layout shows it (most do not): the element upgrades when its module arrives.
    if (!customElements.get('catalog-sort-select')) void import('../catalog-sort-select/sort-select.ts');
    return html`<catalog-sort-select class="esbPart" ${attributes(this.shared)} sort-order="inherit" sort-options="inherit"></catalog-sort-select>`;
  }

  /** "Clear all filters" (behaviour doc §2.6): only while a filter is active; keeps the search terms. */
  protected renderClearAll(): TemplateResult | typeof nothing {
    // while any facet filter has a value (terms do not count)
    const state = this.#scope.current?.state;
    if (!state || activeFilterCount(state) === 0) return nothing;
    return html`<p class="esbClearAll esbPart"><button type="button" class="esbClearAllButton esbBtn esbBtnSecondary" @click=${this.#clearFilters}>
      ${msg(this.uiLang, 'facets.clearAll')}</button></p>`;
  }

  #clearFilters = (): void => {
    // The button goes away: the "Filters" toggle while the column is collapsed behind it, else the first facet value.
    const toggle = this.querySelector<HTMLElement>('.esbFilterToggle');
    if (toggle?.getClientRects().length && !this.querySelector('.esbFacetColumn')?.getClientRects().length) toggle.focus();
    else this.querySelector<Element & { focusFirstValue?: () => void }>('.esbFacetColumn > :last-child')?.focusFirstValue?.();
    this.searchScope.update((s) => ({ ...s, filters: {}, page: 1 }), { history: 'push' });
  };

  #skipToResults = (e: Event): void => {
    e.preventDefault();
    this.querySelector<HTMLElement>('.esbResultColumn')?.focus();
  };

  /** The "Filter" heading of the facet column: `h{hl}`; the facet groups below it are `h{hl+1}`. */
  protected renderFilterHeading(id: string): TemplateResult {
    return heading(headingLevel(Number(this.params.hl ?? 2), 0), msg(this.uiLang, 'facets.heading'), { id, cls: 'esbFilterHeading' });
  }

  /**
   * The facet layouts (behaviour doc §2.6–§2.8): the responsiveness part, then two columns — an aside with the
   * "Filter" heading and the facets, and the result column with search, clear-all, sort, count and list.
   */
  protected renderFacetLayout(variant: FacetVariant): TemplateResult {
    const s = this.shared;
    const panel = `${this.idPrefix}-filters`;
    const headingId = `${this.idPrefix}-filter-heading`;
    const typeFilter = variant !== 'portal' && this.params.typeFilter === true;
    const results = `${this.idPrefix}-results`;
    // A skip link past the facets (hundreds of values) to the search and results; it focuses them without following
    // `#id`, which would replace the search state the address keeps in its fragment (issue 28 point 15).
    return html`<div class="esbSearchLayout esbFacetSearchLayout esbFacetSearchLayout--${variant}">
      <a class="esbSkipLink" href="#${results}" @click=${this.#skipToResults}>${msg(this.uiLang, 'layout.skip')}</a>
      ${responsivenessPart(s, panel)}
      <div class="esbFacetSearch esbPart">
        <aside class="esbFacetColumn" id=${panel} aria-labelledby=${headingId}>
          ${this.renderFilterHeading(headingId)}
          ${facetsPart(s, { typeFilter, compact: variant === 'compact' })}
        </aside>
        <div class="esbResultColumn" id=${results} tabindex="-1">
          ${multiSearchPart(s)}
          ${this.renderClearAll()}
          ${this.renderSort()}
          ${resultsPart(s)}
          ${listPart(s, facetLayoutList(variant, typeFilter))}
        </div>
      </div>
    </div>`;
  }
}
