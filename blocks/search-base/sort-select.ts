/**
 * `<catalog-sort-select>`: the "Sort by" select of the search layouts (`includeSorting`, behaviour doc §1.13).
 */
import { html } from 'lit';
import type { SearchState } from '../../src/search/types.ts';
import { t } from '../base/messages.ts';
import { TemplateBlock } from './template.ts';

export type SortKey = 'modified' | 'title';
export const SORT_KEYS: readonly SortKey[] = ['modified', 'title'];

/** The option a state shows: the URL's `esc_sort`, else `sortOrder` when it is `title`/`modified desc`, else modified. */
export function sortKeyOf(state: SearchState | undefined, sortOrder: string | undefined): SortKey {
  if (state?.sort) return state.sort;
  const order = (sortOrder ?? '').replace(/\+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  if (order === 'title' || /^title(\.[a-z-]+)? asc$/.test(order)) return 'title';
  return 'modified';
}

/** Keys with which a closed select moves between options without being opened. */
const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The "Sort by" select of the search layouts (`includeSorting`, behaviour doc §1.13). Two options, "Last modified"
 * (`modified desc`) and "Title A–Z" (`title.<lang> asc`); the initial choice follows `esc_sort` in the URL, else
 * `sortOrder` (`title` or `modified desc`), else the first option. A choice re-runs the search of its scope from
 * page 1 and writes `esc_sort`.
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
 * @attr {string} lang - UI language: sv, en or de.
 */
export class SortSelect extends TemplateBlock {
  /** A value reached by keyboard navigation that is not applied yet. */
  #pending: SortKey | undefined;
  /** True from a navigation key until the next pointer press, Enter, blur or application. */
  #keyboard = false;

  get selectId(): string {
    return `${this.idPrefix}-sort`;
  }

  /** The option the select currently applies to the search. */
  get appliedKey(): SortKey {
    const scope = this.searchScope;
    return sortKeyOf(scope.state, (this.params.sortOrder as string | undefined) ?? scope.settings?.sortOrder);
  }

  override render() {
    const lang = this.uiLang;
    const shown = this.#pending ?? this.appliedKey;
    return html`<div class="esbSortSelect">
      <label for=${this.selectId}>${t(lang, 'sort.label')}</label>
      <select
        id=${this.selectId}
        .value=${shown}
        @pointerdown=${this.#onPointer}
        @mousedown=${this.#onPointer}
        @keydown=${this.#onKeydown}
        @change=${this.#onChange}
        @blur=${this.#onBlur}
      >
        ${SORT_KEYS.map((k) => html`<option value=${k} ?selected=${k === shown}>${t(lang, `sort.${k}`)}</option>`)}
      </select>
    </div>`;
  }

  #onPointer = (): void => {
    this.#keyboard = false;
  };

  #onKeydown = (e: KeyboardEvent): void => {
    if (e.key === 'Enter') {
      this.#applyPending();
    } else if (e.altKey || e.key === ' ' || e.key === 'F4') {
      // Opening the option list: the choice made in it arrives as a deliberate change.
      this.#keyboard = false;
    } else if (NAVIGATION_KEYS.has(e.key) || (e.key.length === 1 && !e.ctrlKey && !e.metaKey)) {
      this.#keyboard = true;
    }
  };

  #onChange = (e: Event): void => {
    const value = (e.target as HTMLSelectElement).value as SortKey;
    if (!SORT_KEYS.includes(value)) return;
    if (this.#keyboard) {
      this.#pending = value;
      return;
    }
    this.#apply(value);
  };

  #onBlur = (): void => {
    this.#applyPending();
  };

  #applyPending(): void {
    const pending = this.#pending ?? (this.#keyboard ? this.#selectValue() : undefined);
    if (pending) this.#apply(pending);
  }

  #selectValue(): SortKey | undefined {
    const v = this.querySelector<HTMLSelectElement>(`#${CSS.escape(this.selectId)}`)?.value as SortKey | undefined;
    return v && SORT_KEYS.includes(v) ? v : undefined;
  }

  #apply(key: SortKey): void {
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
