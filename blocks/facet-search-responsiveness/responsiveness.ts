/**
 * `<catalog-facet-responsiveness>` (the `template` part `facetSearchResponsiveness`, behaviour doc §1.15, §2.9): below
 * the `break` width the facet layout becomes one column, the facet panel is hidden and a "Filters (n)" toggle
 * (`aria-expanded`, `aria-controls`, n = active filters) reveals it inline; wider, two columns and no toggle.
 * One media-query stylesheet per distinct break value is adopted into the document (no `<style>`, no inline style:
 * CSP-safe). The panel is the element whose id is given by `controls`, else the facet column of the enclosing layout
 * (`[data-esb-facet-layout]`/`.esbFacetLayout`, else the parent element): `[data-esb-facet-panel]`, `.esbFacetColumn`
 * or the facets block.
 */
import { css, html, unsafeCSS, type CSSResult, type PropertyDeclarations } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from '../../src/i18n/index.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { activeFilterCount } from '../search-base/search-state.ts';

/** The break of the facet layouts when none (or an invalid one) is given (SPEC limits). */
export const DEFAULT_BREAK = '1024px';
const LENGTH = /^(\d+(?:\.\d+)?)(px|em|rem|vw|ch)?$/i;

/** A CSS length for the media query: a bare number means px; anything invalid → 1024px. */
export function normalizeBreak(raw: unknown): string {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.replace(/\s+/g, '') : '';
  const m = LENGTH.exec(s);
  if (!m || Number(m[1]) <= 0) return DEFAULT_BREAK;
  return `${m[1]}${(m[2] ?? 'px').toLowerCase()}`;
}

/** Attribute-safe key of a break value (`37.5em` → `37_5em`). */
export function breakKey(value: string): string {
  return value.replace(/\./g, '_');
}

const PANELS = '[data-esb-facet-panel], .esbFacetColumn, catalog-facets, dataset-facets, facets-sv, esb-datasetfacets';
const LAYOUTS = '[data-esb-facet-layout], .esbFacetLayout';

/** The stylesheet of one break value (built only from a validated length). */
export function breakStyles(value: string): CSSResult {
  const k = breakKey(value);
  return css`
    [data-esb-break='${unsafeCSS(k)}'] > .esbFilterToggle {
      display: none;
    }
    @media (max-width: ${unsafeCSS(value)}) {
      [data-esb-break='${unsafeCSS(k)}'] > .esbFilterToggle {
        display: inline-flex;
      }
      [data-esb-break-layout='${unsafeCSS(k)}'] {
        display: block;
      }
      [data-esb-break-panel='${unsafeCSS(k)}']:not(.esbFiltersOpen) {
        display: none;
      }
    }
  `;
}

/** One stylesheet per document and distinct break value (adoptStyles dedupes by CSSResult identity). */
const sheetsByValue = new Map<string, CSSResult>();
export function adoptBreakStyles(doc: Document, value: string): void {
  let sheet = sheetsByValue.get(value);
  if (!sheet) sheetsByValue.set(value, (sheet = breakStyles(value)));
  adoptStyles(doc, sheet);
}

const toggleStyles = css`
  :where(.esbFacetLayout, [data-esb-facet-layout]) {
    display: grid;
    grid-template-columns: minmax(12rem, 1fr) 3fr;
    gap: 1.5rem 2rem;
    align-items: start;
  }
  :where(catalog-facet-responsiveness, facet-search-responsiveness, esb-facetsearchresponsiveness) {
    display: contents;
  }
  :where(.esbFilterToggle) {
    margin: 0 0 1rem;
  }
`;

/**
 * @summary Responsive facet layout: one column with a "Filters (n)" toggle below the break width.
 * @tag catalog-facet-responsiveness
 * @attr {string} break - Width at or below which the layout is one column (CSS length; a bare number means px; default 1024px).
 * @attr {string} controls - Id of the facet panel to show and hide (default: the facet column of the enclosing layout).
 * @attr {string} scope - Name of the search scope whose active filters are counted (default "default").
 */
export class FacetResponsivenessBlock extends CatalogBlock<boolean> {
  static override blockName = 'facetSearchResponsiveness' as const;
  static override blockStyles = [toggleStyles];
  static override properties: PropertyDeclarations = {
    ...partProperties('facetSearchResponsiveness'),
    controls: { type: String },
    open: { state: true },
  };

  declare controls: string | undefined;
  declare open: boolean;
  /** The scope whose active filters the toggle counts: its state is all the toggle shows (not its answers). */
  readonly #scope = new ScopePart(this, { loader: this.loader, events: ['state'] });

  constructor() {
    super();
    this.open = false;
  }

  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  /** The effective break value (CSS length). */
  get breakValue(): string {
    return normalizeBreak(this.params.break);
  }

  /** The facet panel this toggle shows and hides. */
  get panel(): HTMLElement | null {
    const id = this.getAttribute('controls');
    if (id) {
      const root = this.getRootNode() as Document | ShadowRoot;
      return root.getElementById?.(id) ?? this.ownerDocument.getElementById(id);
    }
    const layout = this.layout;
    const panels = [...(layout?.querySelectorAll<HTMLElement>(PANELS) ?? [])].filter((p) => !p.contains(this));
    return panels[0] ?? null;
  }

  /** The two-column container (enclosing facet layout, else the parent element). */
  get layout(): HTMLElement | null {
    return this.closest<HTMLElement>(LAYOUTS) ?? this.parentElement;
  }

  #toggle(): void {
    this.open = !this.open;
  }

  /**
   * Escape in the open one-column panel (or on its toggle) closes it and focuses the toggle; only while the toggle
   * shows (wider, the panel is a column of the page) and unless a control handled the key (a combobox's list).
   */
  #onKey = (e: KeyboardEvent): void => {
    const toggle = this.querySelector<HTMLElement>('.esbFilterToggle');
    const target = e.target as Node;
    if (e.key !== 'Escape' || e.defaultPrevented || !this.open || !toggle?.getClientRects().length
      || !(this.contains(target) || this.panel?.contains(target))) return;
    e.preventDefault();
    this.open = false;
    toggle.focus();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.ownerDocument.addEventListener('keydown', this.#onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.ownerDocument.removeEventListener('keydown', this.#onKey);
  }

  override render() {
    const value = this.breakValue;
    const key = breakKey(value);
    if (!this.hasAttribute('no-styles')) adoptBreakStyles(this.ownerDocument, value);
    this.setAttribute('data-esb-break', key);
    const panel = this.panel;
    if (panel && !panel.id) panel.id = `${this.idPrefix}-filters`;
    const n = activeFilterCount(this.searchScope.state);
    return html`<button
      type="button"
      class="esbFilterToggle esbBtn esbBtnDisclosure"
      aria-expanded=${this.open ? 'true' : 'false'}
      aria-controls=${ifDefined(panel?.id || undefined)}
      @click=${this.#toggle}
    >
      ${msg(this.uiLang, 'facets.toggle', { n })}
    </button>`;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const key = breakKey(this.breakValue);
    const panel = this.panel;
    if (panel) {
      panel.setAttribute('data-esb-break-panel', key);
      panel.classList.toggle('esbFiltersOpen', this.open);
    }
    // The element holding the two columns becomes one column below the break (the panel's parent, else ours).
    const container = panel?.parentElement ?? this.layout;
    container?.setAttribute('data-esb-break-layout', key);
  }
}

if (!customElements.get('catalog-facet-responsiveness')) customElements.define('catalog-facet-responsiveness', FacetResponsivenessBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-facet-responsiveness': FacetResponsivenessBlock;
  }
}
