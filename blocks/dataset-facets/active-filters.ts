/**
 * `<catalog-active-filters>`: the active filters of a search scope as removable chips, plus "Clear all filters". Its
 * own module (and CDN chunk): the search layouts do not use it, so a search page loads it only when it has the tag.
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '../../src/i18n/index.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { activeFilterCount } from '../search-base/search-state.ts';
import { chipsOf, focusAfterChipRemoval, renderChips, withoutChip, type Chip } from '../search-base/chips.ts';
import { facetsStyles } from './facets.styles.ts';

/**
 * @summary The active filters of a search scope as removable chips, with "Clear all filters".
 * @tag catalog-active-filters
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {boolean} terms - Also show the free-text terms as chips.
 */
export class ActiveFiltersBlock extends CatalogBlock<boolean> {
  static override blockName = 'catalogActiveFilters' as const;
  static override blockStyles = [facetsStyles];
  static override properties: PropertyDeclarations = partProperties('catalogActiveFilters');

  readonly #scope = new ScopePart(this, { loader: this.loader });
  #refocus: number | undefined;

  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  #remove(chip: Chip, index: number): void {
    this.#refocus = index;
    this.searchScope.update((s) => withoutChip(s, chip), { history: 'push' });
  }

  #clearAll(): void {
    this.#refocus = 0;
    this.searchScope.update((s) => ({ ...s, filters: {}, terms: this.hasAttribute('terms') ? [] : s.terms, page: 1 }), { history: 'push' });
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const index = this.#refocus;
    if (index === undefined) return;
    this.#refocus = undefined;
    focusAfterChipRemoval(this, index, () => {
      // No chip left: the facet column next to us (its first value), else nothing better than the body.
      const root = this.closest('[data-esb-facet-layout], .esbFacetLayout') ?? this.parentElement;
      return root?.querySelector<HTMLElement>('a.esbFacets__optionLink, input') ?? null;
    });
  }

  override render() {
    const lang = this.uiLang;
    const scope = this.searchScope;
    const chips = chipsOf(scope.state, scope.results, this.hasAttribute('terms'));
    if (chips.length === 0) return nothing;
    return html`<div class="esbActiveFilters esbBlock">
      ${renderChips(chips, lang, msg(lang, 'chips.label'), (c, i) => this.#remove(c, i))}
      ${activeFilterCount(scope.state) > 0
        ? html`<button type="button" class="esbFacets__clearAll esbBtn esbBtnSecondary" @click=${this.#clearAll}>${msg(lang, 'facets.clearAll')}</button>`
        : nothing}
    </div>`;
  }
}

if (!customElements.get('catalog-active-filters')) customElements.define('catalog-active-filters', ActiveFiltersBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-active-filters': ActiveFiltersBlock;
  }
}
