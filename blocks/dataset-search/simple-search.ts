/**
 * Base block `simpleSearch` (`<catalog-simple-search>`): one labelled search input writing the free-text term of its
 * scope (behaviour doc §4.1, §2.9): trimmed and lower-cased, searched 300 ms after the last input (never per
 * keystroke) or at once on Enter; 1–2 characters search nothing and show a polite hint; the characters
 * `^ + - [ ] { } \ / ! # " ~` flag the input and search nothing; clearing removes the term. The value follows the
 * scope state (URL, back/forward, other parts of the scope).
 */
import { html, type PropertyDeclarations } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from '../../src/i18n/index.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { INVALID_SEARCH_CHARS, placeholderOf } from '../search-base/search-state.ts';
import { simpleSearchStyles } from './simple-search.styles.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import type { SearchState } from '../../src/search/types.ts';

/** Delay between the last input and the search (behaviour doc §4.1). */
export const SEARCH_DEBOUNCE_MS = 300;

type Problem = 'none' | 'tooShort' | 'invalid';

/**
 * @summary Free-text search input of a search scope.
 * @tag catalog-simple-search
 * @attr {string} scope - Name of the search scope shared with the list, facets and results (default "default").
 * @attr {string} lang - UI language: sv, en or de.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 */
export class SimpleSearchBlock extends CatalogBlock<boolean> {
  static override blockName = 'datasetSearch' as const;
  static override blockStyles = [simpleSearchStyles];
  static override properties: PropertyDeclarations = {
    ...partProperties('datasetSearch'),
    problem: { state: true },
  };

  static override incumbentName = 'simpleSearch';

  declare problem: Problem;
  /** The input follows the scope's state (URL, back/forward, other parts of the scope). */
  readonly #scope = new ScopePart(this, { loader: this.loader, stateChanged: (state) => this.#follow(state) });
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.problem = 'none';
  }

  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  get input(): HTMLInputElement | null {
    return this.querySelector('input[type="search"]');
  }

  /** The term the state holds, as the input shows it. */
  #termOf(state: SearchState): string {
    return state.terms.join(' ');
  }

  #follow(state: SearchState): void {
    const input = this.input;
    const term = this.#termOf(state);
    if (!input) return;
    // Only overwrite what the user typed when it differs from the state in substance (not while typing the same term).
    if (input.value.trim().toLowerCase() !== term) {
      input.value = term;
      this.problem = 'none';
    }
  }

  protected override firstUpdated(changed: Map<PropertyKey, unknown>): void {
    super.firstUpdated(changed);
    const input = this.input;
    if (input) input.value = this.#termOf(this.searchScope.state);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  #onInput(): void {
    clearTimeout(this.#timer);
    const value = this.#value();
    // Flag invalid characters right away; other problems are reported when the search would run.
    if (INVALID_SEARCH_CHARS.test(value)) this.problem = 'invalid';
    else if (this.problem === 'invalid') this.problem = 'none';
    this.#timer = setTimeout(() => this.search(), SEARCH_DEBOUNCE_MS);
  }

  #onKeydown(e: KeyboardEvent): void {
    if (e.key !== 'Enter' || e.isComposing) return;
    e.preventDefault();
    this.search();
  }

  #value(): string {
    return (this.input?.value ?? '').trim().toLowerCase();
  }

  /** Runs the search for the current input now (what the debounce and Enter call). */
  search(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const value = this.#value();
    if (INVALID_SEARCH_CHARS.test(value)) {
      this.problem = 'invalid';
      return;
    }
    if (value.length > 0 && value.length < this.#scope.minimumTermLength) {
      this.problem = 'tooShort';
      return;
    }
    this.problem = 'none';
    const scope = this.searchScope;
    const terms = value ? [value] : [];
    if (terms.join(' ') === this.#termOf(scope.state)) return;
    scope.update((s) => ({ ...s, terms, page: 1 }), { history: 'push' });
  }

  override render() {
    const lang = this.uiLang;
    const id = `${this.idPrefix}-search`;
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const invalid = this.problem === 'invalid';
    this.classList.toggle('esbSearchErrorPresent', invalid);
    this.classList.toggle('esbSearchErrorNotPresent', !invalid);
    const describedBy = invalid ? errorId : this.problem === 'tooShort' ? hintId : undefined;
    return html`<div class="block_searchInput esbBlock">
      <label class="esbSearchLabel" for=${id}>${msg(lang, 'search.label')}</label>
      <input
        type="search"
        id=${id}
        class="esbSearchInput"
        autocomplete="off"
        spellcheck="false"
        enterkeyhint="search"
        placeholder=${placeholderOf(this.params.placeholder, lang)}
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy)}
        @input=${this.#onInput}
        @keydown=${this.#onKeydown}
      />
      <div class="esbSearchError" id=${errorId} aria-live="polite">${invalid ? msg(lang, 'search.invalid') : ''}</div>
      <div class="esbSearchHint" id=${hintId} role="status">
        ${this.problem === 'tooShort' ? msg(lang, 'search.tooShort', { n: this.#scope.minimumTermLength }) : ''}
      </div>
    </div>`;
  }
}

if (!customElements.get('catalog-simple-search')) customElements.define('catalog-simple-search', SimpleSearchBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-simple-search': SimpleSearchBlock;
  }
}
