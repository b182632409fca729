/**
 * Base block `multiSearch` (`<catalog-multi-search>`): an ARIA 1.2 combobox with chips (behaviour doc §4.2). Typing
 * filters the values of the scope's current facet results (no request per keystroke) into grouped suggestions, at
 * most 20, plus "Search for "…"" which adds the text as a free-text term. Arrow keys move through the options, Enter
 * selects, Escape closes (a second Escape clears the text). Selected terms and facet values are chips; activating a
 * chip removes it and focus moves to the next chip, else the input. With `click` (or `namedclick` naming a page-config
 * `clicks` route), Enter on the empty input goes to that search page carrying the current state.
 */
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from '../../src/i18n/index.ts';
import type { CollectionName, SearchState } from '../../src/search/types.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { INVALID_SEARCH_CHARS, toggleFilter } from '../search-base/search-state.ts';
import { langOf } from '../base/render.ts';
import { urlPrefix } from '../../src/config/links.ts';
import { chipsOf, focusAfterChipRemoval, renderChips, withoutChip, type Chip } from '../search-base/chips.ts';
import { isFilterValue } from '../../src/search/facets.ts';
import { suggestionCollections } from '../../src/search/settings.ts';
import { writeState } from '../../src/search/url.ts';
import { comboboxStyles, simpleSearchStyles } from '../dataset-search/simple-search.styles.ts';
import { facetsStyles } from '../dataset-facets/facets.styles.ts';
import { emit } from '../base/events.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** Enter on the empty input of a front-page search box: cancel it to route in a single-page app. */
    'catalog-navigate': CustomEvent<{ href: string }>;
  }
}

/** Most suggestions shown at once (behaviour doc §4.2 `limit`). */
export const MAX_SUGGESTIONS = 20;

export interface Suggestion {
  readonly kind: 'term' | 'facet';
  readonly collection?: CollectionName;
  readonly value: string;
  readonly label: string;
  readonly labelLang?: string | undefined;
}

type Problem = 'none' | 'tooShort' | 'invalid';

/**
 * @summary Typeahead search with chips over the terms and facet values of a search scope.
 * @tag catalog-multi-search
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {string} lang - UI language: sv, en or de.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 * @attr {string} click - Search page that Enter on the empty input goes to, with the current state (front-page box).
 * @attr {string} namedclick - Name of a page-config `clicks` route used as `click`.
 * @fires catalog-navigate - Cancelable, before going to the `click` page; `detail.href` is the target.
 */
export class MultiSearchBlock extends CatalogBlock<boolean> {
  static override blockName = 'datasetMultiSearch' as const;
  static override blockStyles = [simpleSearchStyles, comboboxStyles, facetsStyles];
  static override properties: PropertyDeclarations = {
    ...partProperties('datasetMultiSearch'),
    text: { state: true },
    open: { state: true },
    active: { state: true },
    problem: { state: true },
  };

  static override incumbentName = 'multiSearch';

  /** Collections offering suggestions: the default facets, or `include`, minus `exclude` (behaviour doc §2.10). */
  get collections(): CollectionName[] {
    return suggestionCollections(this.params);
  }

  declare text: string;
  declare open: boolean;
  declare active: number;
  declare problem: Problem;
  readonly #scope = new ScopePart(this, { loader: this.loader });
  #refocusChip: number | undefined;

  constructor() {
    super();
    this.text = '';
    this.open = false;
    this.active = -1;
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
    return this.querySelector('input[role="combobox"]');
  }

  /** The suggestions for the current text: "Search for …" first, then facet values grouped by collection. */
  get suggestions(): Suggestion[] {
    const typed = this.text.trim().toLowerCase();
    if (!typed) return [];
    const out: Suggestion[] = [];
    const state = this.searchScope.state;
    if (typed.length >= this.#scope.minimumTermLength && !INVALID_SEARCH_CHARS.test(typed) && !state.terms.includes(typed)) {
      out.push({ kind: 'term', value: typed, label: msg(this.uiLang, 'multi.freeText', { term: typed }) });
    }
    const offered = this.collections;
    for (const group of this.searchScope.results?.facets ?? []) {
      if (!offered.includes(group.name)) continue;
      // A collection that already has a selection offers no suggestions (behaviour doc §4.2).
      if ((state.filters[group.name]?.length ?? 0) > 0) continue;
      for (const v of group.values) {
        if (out.length >= MAX_SUGGESTIONS) return out;
        if (v.selected || !isFilterValue(v.value) || !v.label.toLowerCase().includes(typed)) continue;
        out.push({ kind: 'facet', collection: group.name, value: v.value, label: v.label, labelLang: v.labelLang });
      }
    }
    return out;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Suggestions come from the facet counts of the default collections (behaviour doc §4.2).
    if (this.isConnected && !this.pageConfigPending) this.#scope.requestFacets(this.collections);
  }

  #optionId(i: number): string {
    return `${this.idPrefix}-opt-${i}`;
  }

  #onInput(e: Event): void {
    this.text = (e.target as HTMLInputElement).value;
    const typed = this.text.trim();
    this.problem = INVALID_SEARCH_CHARS.test(typed) ? 'invalid' : 'none';
    this.active = -1;
    this.open = this.suggestions.length > 0;
  }

  #onKeydown(e: KeyboardEvent): void {
    if (e.isComposing) return;
    const options = this.suggestions;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (options.length === 0) return;
        if (!this.open) {
          this.open = true;
          this.active = 0;
        } else this.active = (this.active + 1) % options.length;
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (options.length === 0) return;
        this.open = true;
        this.active = this.active <= 0 ? options.length - 1 : this.active - 1;
        return;
      case 'Enter': {
        e.preventDefault();
        const chosen = this.open && this.active >= 0 ? options[this.active] : undefined;
        if (chosen) this.select(chosen);
        else this.#addTypedTerm();
        return;
      }
      case 'Escape':
        if (this.open) {
          e.preventDefault();
          this.#close();
        } else if (this.text) {
          e.preventDefault();
          this.#reset();
        }
        return;
      case 'Tab':
        this.#close();
        return;
    }
  }

  #addTypedTerm(): void {
    const typed = this.text.trim().toLowerCase();
    if (!typed) {
      this.#goToClickPage();
      return;
    }
    if (INVALID_SEARCH_CHARS.test(typed)) {
      this.problem = 'invalid';
      return;
    }
    if (typed.length < this.#scope.minimumTermLength) {
      this.problem = 'tooShort';
      return;
    }
    this.select({ kind: 'term', value: typed, label: typed });
  }

  /**
   * The search page a front-page search box leads to (behaviour doc §4.2): the `click` attribute, else the page
   * config's `clicks[namedclick]`; only a same-document-relative or http(s) target.
   */
  get clickTarget(): URL | undefined {
    const p = this.params;
    const name = typeof p.namedclick === 'string' ? p.namedclick : '';
    const route = name ? (this.pageConfig.clicks as Record<string, unknown> | undefined)?.[name] : undefined;
    const raw = ((typeof p.click === 'string' && p.click) || (typeof route === 'string' && route) || '').trim();
    if (!raw) return undefined;
    try {
      const url = new URL(raw, this.ownerDocument.location.href);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Enter on the empty input with a `click` target: go there carrying the current terms and filters (written for
   * the target page's default scope, page 1). A cancelable `catalog-navigate` event (detail `{href}`) lets a
   * single-page app route instead.
   */
  #goToClickPage(): void {
    const target = this.clickTarget;
    if (!target) return;
    const href = writeState(target, { ...this.searchScope.state, page: 1 }, 'default', { prefix: urlPrefix(this.pageConfig) }).href;
    const go = emit(this, 'catalog-navigate', { href }, true);
    if (go) this.ownerDocument.defaultView?.location.assign(href);
  }

  /** Adds a suggestion to the search (a term, or a facet value to its collection's filter). */
  select(s: Suggestion): void {
    const scope = this.searchScope;
    scope.update((st: SearchState) => {
      if (s.kind === 'term') return st.terms.includes(s.value) ? st : { ...st, terms: [...st.terms, s.value], page: 1 };
      const name = s.collection!;
      return st.filters[name]?.includes(s.value) ? st : toggleFilter(st, name, s.value);
    }, { history: 'push' });
    this.#reset();
    this.input?.focus();
  }

  #reset(): void {
    this.text = '';
    this.problem = 'none';
    this.#close();
  }

  #close(): void {
    this.open = false;
    this.active = -1;
  }

  #onFocusOut(e: FocusEvent): void {
    const next = e.relatedTarget as Node | null;
    if (!next || !this.contains(next)) this.#close();
  }

  #removeChip(chip: Chip, index: number): void {
    this.#refocusChip = index;
    this.searchScope.update((s) => withoutChip(s, chip), { history: 'push' });
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const index = this.#refocusChip;
    if (index === undefined) return;
    this.#refocusChip = undefined;
    focusAfterChipRemoval(this, index, () => this.input);
    if (!this.contains(this.ownerDocument.activeElement)) this.input?.focus();
  }

  override render() {
    const lang = this.uiLang;
    const scope = this.searchScope;
    const id = `${this.idPrefix}-multi`;
    const listId = `${id}-list`;
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const options = this.suggestions;
    const open = this.open && options.length > 0;
    const activeId = open && this.active >= 0 && this.active < options.length ? this.#optionId(this.active) : undefined;
    const invalid = this.problem === 'invalid';
    const describedBy = invalid ? errorId : this.problem === 'tooShort' ? hintId : undefined;
    this.classList.toggle('esbSearchErrorPresent', invalid);
    this.classList.toggle('esbSearchErrorNotPresent', !invalid);
    return html`<div class="esbMultiSearch esbBlock" @focusout=${this.#onFocusOut}>
      <label class="esbSearchLabel" for=${id}>${msg(lang, 'search.label')}</label>
      ${renderChips(chipsOf(scope.state, scope.results, true), lang, msg(lang, 'chips.label'), (c, i) => this.#removeChip(c, i))}
      <div class="esbCombobox">
        <input
          type="text"
          id=${id}
          class="esbSearchInput"
          role="combobox"
          autocomplete="off"
          spellcheck="false"
          enterkeyhint="search"
          aria-autocomplete="list"
          aria-expanded=${open ? 'true' : 'false'}
          aria-controls=${listId}
          aria-activedescendant=${ifDefined(activeId)}
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${ifDefined(describedBy)}
          placeholder=${msg(lang, 'search.placeholder')}
          .value=${this.text}
          @input=${this.#onInput}
          @keydown=${this.#onKeydown}
        />
        <div role="listbox" id=${listId} class="esbSuggestions" aria-label=${msg(lang, 'multi.suggestions')} ?hidden=${!open}>
          ${open ? this.#renderOptions(options) : nothing}
        </div>
      </div>
      <div class="esbSearchError" id=${errorId} aria-live="polite">${invalid ? msg(lang, 'search.invalid') : ''}</div>
      <div class="esbSearchHint" id=${hintId} role="status">
        ${this.problem === 'tooShort'
          ? msg(lang, 'search.tooShort', { n: this.#scope.minimumTermLength })
          : open
            ? msg(lang, 'multi.count', { n: options.length })
            : ''}
      </div>
    </div>`;
  }

  #renderOptions(options: readonly Suggestion[]): TemplateResult[] {
    const lang = this.uiLang;
    const out: TemplateResult[] = [];
    let i = 0;
    while (i < options.length) {
      const first = options[i]!;
      if (first.kind === 'term') {
        out.push(this.#renderOption(first, i));
        i++;
        continue;
      }
      const start = i;
      while (i < options.length && options[i]!.kind === 'facet' && options[i]!.collection === first.collection) i++;
      const groupId = `${this.idPrefix}-grp-${first.collection}`;
      out.push(html`<div role="group" class="esbOptionGroup" aria-labelledby=${groupId}>
        <div role="presentation" class="esbOptionGroupLabel" id=${groupId}>${msg(lang, `facet.${first.collection}`)}</div>
        ${options.slice(start, i).map((o, k) => this.#renderOption(o, start + k))}
      </div>`);
    }
    return out;
  }

  #renderOption(o: Suggestion, i: number): TemplateResult {
    const selected = i === this.active;
    return html`<div
      role="option"
      id=${this.#optionId(i)}
      class="esbOption ${o.kind === 'term' ? 'esbOption--term' : ''} ${selected ? 'esbOption--active' : ''}"
      aria-selected=${selected ? 'true' : 'false'}
      lang=${langOf({ lang: o.labelLang }, this.uiLang) ?? nothing}
      @mousedown=${(e: MouseEvent) => e.preventDefault()}
      @click=${() => this.select(o)}
    >
      ${o.label}
    </div>`;
  }
}

if (!customElements.get('catalog-multi-search')) customElements.define('catalog-multi-search', MultiSearchBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-multi-search': MultiSearchBlock;
  }
}
