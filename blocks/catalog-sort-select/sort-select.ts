/**
 * `<catalog-sort-select>`: the "Sort by" select of the search layouts (`includeSorting`, behaviour doc §1.13).
 */
import { html, type PropertyDeclarations } from 'lit';
import type { SearchState } from '../../src/search/types.ts';
import { normaliseSort, sameSort } from '../../src/search/query.ts';
import { sortLabel, sortOptionsOf } from '../../src/search/settings.ts';
import { msg } from '../../src/i18n/index.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';

export type SortKey = 'modified' | 'title';
export const SORT_KEYS: readonly SortKey[] = ['modified', 'title'];

/** The option a state shows: the URL's `esc_sort`, else `sortOrder` when it is `title`/`modified desc`, else modified. */
export function sortKeyOf(state: SearchState | undefined, sortOrder: string | undefined): SortKey {
  if (state?.sort === 'modified' || state?.sort === 'title') return state.sort;
  const order = normaliseSort(sortOrder ?? '');
  if (order === 'title' || /^title(\.[a-z-]+)? asc$/.test(order)) return 'title';
  return 'modified';
}

/** Keys with which a closed select moves between options without being opened. */
const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The "Sort by" select of the search layouts (`includeSorting`, behaviour doc §1.13). Two options, "Last modified"
 * (`modified desc`) and "Title A–Z" (`title.<lang> asc`); the initial choice follows `esc_sort` in the URL, else
 * `sortOrder` (`title` or `modified desc`), else the first option. A choice re-runs the search of its scope from
 * page 1 and writes `esc_sort`. With a global (or block) `sortOptions` list (`[{ label, value }]`, the label a text or
 * texts per language) the select offers those instead; the first is the default.
 *
 * Keyboard: a closed native select changes its value on arrow keys (and fires `change` in Chromium/Firefox on
 * Windows and Linux). Searching on every arrow press would run a search per option passed and announce results
 * the user did not ask for, so a value reached by keyboard navigation is only applied on Enter or when the select
 * loses focus; a choice made with the pointer (or in the opened option list) applies at once.
 *
 * @summary Sort select of a search scope.
 * @tag catalog-sort-select
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {string} sort-order - Initial order when the URL has none (`title`, `modified desc`; also `inherit`).
 * @attr {string} sort-options - JSON `[{label, value}]` options instead of the two built-in ones (else the page's `sortOptions`).
 * @attr {string} lang - UI language: sv, en or de.
 */
export class SortSelect extends CatalogBlock<boolean> {
  static override blockName = 'catalogSortSelect' as const;
  static override properties: PropertyDeclarations = partProperties('catalogSortSelect');

  readonly #scope = new ScopePart(this, { loader: this.loader });

  /** A value reached by keyboard navigation that is not applied yet. */
  #pending: string | undefined;
  /** True from a navigation key until the next pointer press, Enter, blur or application. */
  #keyboard = false;

  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  get selectId(): string {
    return `${this.idPrefix}-sort`;
  }

  /** The options offered: the page's `sortOptions`, else "Last modified" and "Title A–Z". */
  get options(): { value: string; label: string }[] {
    const lang = this.uiLang;
    const custom = sortOptionsOf(this.params.sortOptions);
    if (custom.length) return custom.map((o) => ({ value: o.value, label: sortLabel(o, lang) }));
    return SORT_KEYS.map((k) => ({ value: k, label: msg(lang, `sort.${k}`) }));
  }

  /** The option the select currently applies to the search. */
  get appliedKey(): string {
    const scope = this.searchScope;
    const sortOrder = (this.params.sortOrder as string | undefined) ?? scope.settings?.sortOrder;
    const custom = sortOptionsOf(this.params.sortOptions);
    if (!custom.length) return sortKeyOf(scope.state, sortOrder);
    const find = (v: string | undefined) => (v ? custom.find((o) => sameSort(o.value, v))?.value : undefined);
    return find(scope.state.sort) ?? find(sortOrder) ?? custom[0]!.value;
  }

  #isOption(value: string | undefined): value is string {
    return !!value && this.options.some((o) => o.value === value);
  }

  override render() {
    const lang = this.uiLang;
    const shown = this.#pending ?? this.appliedKey;
    return html`<div class="esbSortSelect">
      <label for=${this.selectId}>${msg(lang, 'sort.label')}</label>
      <select
        id=${this.selectId}
        .value=${shown}
        @pointerdown=${this.#onPointer}
        @mousedown=${this.#onPointer}
        @keydown=${this.#onKeydown}
        @change=${this.#onChange}
        @blur=${this.#applyPending}
      >
        ${this.options.map((o) => html`<option value=${o.value} ?selected=${o.value === shown}>${o.label}</option>`)}
      </select>
    </div>`;
  }

  // (the handlers are methods: Lit calls an event listener with the block as `this`)
  #onPointer(): void {
    this.#keyboard = false;
  }

  #onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Enter') {
      this.#applyPending();
    } else if (e.altKey || e.key === ' ' || e.key === 'F4') {
      // Opening the option list: the choice made in it arrives as a deliberate change.
      this.#keyboard = false;
    } else if (NAVIGATION_KEYS.has(e.key) || (e.key.length === 1 && !e.ctrlKey && !e.metaKey)) {
      this.#keyboard = true;
    }
  }

  #onChange(e: Event): void {
    const value = (e.target as HTMLSelectElement).value;
    if (!this.#isOption(value)) return;
    if (this.#keyboard) {
      this.#pending = value;
      return;
    }
    this.#apply(value);
  }

  /** (also the `blur` listener) */
  #applyPending(): void {
    const pending = this.#pending ?? (this.#keyboard ? this.#selectValue() : undefined);
    if (pending) this.#apply(pending);
  }

  #selectValue(): string | undefined {
    const v = this.querySelector<HTMLSelectElement>(`#${CSS.escape(this.selectId)}`)?.value;
    return this.#isOption(v) ? v : undefined;
  }

  #apply(key: string): void {
    this.#pending = undefined;
    this.#keyboard = false;
    const scope = this.searchScope;
    if (scope.state.sort === key || (!scope.state.sort && key === this.appliedKey)) {
      this.requestUpdate();
      return;
    }
    scope.update((s) => ({ ...s, sort: key, page: 1 }), { history: 'push' });
  }
}

if (!customElements.get('catalog-sort-select')) customElements.define('catalog-sort-select', SortSelect);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-sort-select': SortSelect;
  }
}
