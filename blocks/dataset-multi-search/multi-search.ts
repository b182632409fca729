/**
 * Base block `multiSearch` (`<catalog-multi-search>`): an ARIA 1.2 combobox with chips (behaviour doc §4.2). Typing
 * filters the values of the scope's current facet results (no request per keystroke) into grouped suggestions, at
 * most 20, plus "Search for "…"" which adds the text as a free-text term. Arrow keys move through the options, Enter
 * selects, Escape closes (a second Escape clears the text). Selected terms and facet values are chips; activating a
 * chip removes it and focus moves to the next chip, else the input. With `click` (or `namedclick` naming a page-config
 * `clicks` route), Enter on the empty input goes to that search page carrying the current state.
 * The suggestions, their keys and options are a lazy chunk (suggestions.ts) loaded on pointing, focus or typing; what
 * the reader does before it arrives is acted on in order once it is there (`updateComplete` includes it).
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from '../../src/i18n/index.ts';
import type { CollectionName } from '../../src/search/types.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { placeholderOf } from '../search-base/search-state.ts';
import { chipsOf, focusAfterChipRemoval, renderChips, withoutChip, type Chip } from '../search-base/chips.ts';
import { suggestionCollections } from '../../src/search/settings.ts';
import { comboboxStyles, simpleSearchStyles } from '../dataset-search/simple-search.styles.ts';
import { facetsStyles } from '../dataset-facets/facets.styles.ts';
import type { MultiSearchBox, Suggestion } from './suggestions.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** Enter on the empty input of a front-page search box: cancel it to route in a single-page app. */
    'catalog-navigate': CustomEvent<{ href: string }>;
  }
}

type SuggestionsModule = typeof import('./suggestions.ts');
let suggestionsModule: Promise<SuggestionsModule> | undefined;
let suggestionsCode: SuggestionsModule | undefined;
/**
 * The suggestions code (suggestions.ts: the list, its keys, its options): loaded when the reader points at the box,
 * focuses it or types, while the facet values it suggests are requested with the first results anyway.
 */
function loadSuggestions(): Promise<SuggestionsModule> {
  suggestionsModule ??= import('./suggestions.ts').then((m) => (suggestionsCode = m));
  // A failed download is tried again on the next focus or key.
  suggestionsModule.catch(() => (suggestionsModule = undefined));
  return suggestionsModule;
}
const preloadSuggestions = (): void => void loadSuggestions().catch(() => {});

export type { Suggestion };
type Problem = MultiSearchBox['problem'];

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
    // (the page's own collections not read yet: `include` may name them)
    return this.#scope.keysPending ? [] : suggestionCollections(this.params);
  }

  declare text: string;
  declare open: boolean;
  declare active: number;
  declare problem: Problem;
  // (a facet click elsewhere: the chips come with the answer, in the same redraw as the rows; see ScopePart)
  readonly #scope = new ScopePart(this, { loader: this.loader, keepWhileLoading: () => !this.contains(this.ownerDocument.activeElement) });
  #refocusChip: number | undefined;
  /** What the reader did while the suggestions code downloads, in order. */
  #queued: ((m: SuggestionsModule) => void)[] | undefined;
  /** … acted on (resolves when the code is in and those actions are done). */
  #replayed: Promise<void> | undefined;

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

  /** The suggestions for the current text (none before the suggestions code is loaded: the box is not focused yet). */
  get suggestions(): Suggestion[] {
    return suggestionsCode?.suggestionsOf(this) ?? [];
  }

  /** Shortest term the search accepts (`minimumSearchLength`). */
  get minimumTermLength(): number {
    return this.#scope.minimumTermLength;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Suggestions come from the facet counts of the default collections (behaviour doc §4.2).
    if (this.isConnected && !this.pageConfigPending) this.#scope.requestFacets(this.collections);
  }

  /** Acts after the actions before it, with the suggestions code: now, or once it arrives. */
  #withCode(act: (m: SuggestionsModule) => void): void {
    if (suggestionsCode) return act(suggestionsCode);
    const queue = (this.#queued ??= []);
    queue.push(act);
    if (queue.length > 1) return;
    this.#replayed = loadSuggestions().then((m) => {
      this.#queued = undefined;
      for (const a of queue) a(m);
    }, (e: unknown) => {
      this.#queued = undefined;
      console.warn('[catalog-blocks] the search suggestions could not be loaded', e);
    });
  }

  /** `updateComplete` includes what the reader did while the suggestions code downloaded. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#replayed;
    return super.getUpdateComplete();
  }

  #onInput(e: Event): void {
    // (at once: the input shows what the reader typed on every render)
    this.text = (e.target as HTMLInputElement).value;
    this.#withCode((m) => m.input(this));
  }

  #onKeydown(e: KeyboardEvent): void {
    if (e.isComposing) return;
    // Before the code arrives the list is closed: the key's default is prevented at once as it will be, the key acted on
    // once the code is there.
    if (!suggestionsCode && (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Enter' || (e.key === 'Escape' && this.text))) e.preventDefault();
    this.#withCode((m) => m.keydown(this, e));
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

  /** Adds a suggestion to the search (a term, or a facet value to its collection's filter). */
  select(s: Suggestion): void {
    this.#withCode((m) => m.select(this, s));
  }

  #onFocus(): void {
    this.#withCode((m) => m.focus(this));
  }

  #onFocusOut(e: FocusEvent): void {
    const next = e.relatedTarget as Node | null;
    if (!next || !this.contains(next)) this.#withCode((m) => m.blur(this));
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
    const code = suggestionsCode;
    const options = this.open && code ? code.suggestionsOf(this) : [];
    const open = options.length > 0;
    const activeId = open ? code!.activeId(this, options) : undefined;
    const invalid = this.problem === 'invalid';
    const describedBy = invalid ? errorId : this.problem === 'tooShort' ? hintId : undefined;
    this.classList.toggle('esbSearchErrorPresent', invalid);
    this.classList.toggle('esbSearchErrorNotPresent', !invalid);
    return html`<div class="esbMultiSearch esbBlock" @focusout=${this.#onFocusOut} @pointerenter=${preloadSuggestions}>
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
          placeholder=${placeholderOf(this.params.placeholder, lang)}
          .value=${this.text}
          @input=${this.#onInput}
          @keydown=${this.#onKeydown}
          @focus=${this.#onFocus}
        />
        <div role="listbox" id=${listId} class="esbSuggestions" aria-label=${msg(lang, 'multi.suggestions')} ?hidden=${!open}>
          ${open ? code!.renderOptions(this, options) : nothing}
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
}

if (!customElements.get('catalog-multi-search')) customElements.define('catalog-multi-search', MultiSearchBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-multi-search': MultiSearchBlock;
  }
}
