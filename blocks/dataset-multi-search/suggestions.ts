/**
 * The multi search box's suggestions (multi-search.ts): the type-ahead list, its keys (arrows, Enter, Escape, Tab)
 * and the options' rendering. A lazy chunk: a search page does not need it before the reader focuses or types in the
 * box; multi-search.ts starts loading it then and replays, in order, what the reader did while it downloaded.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '../../src/i18n/index.ts';
import type { SearchState } from '../../src/search/types.ts';
import { INVALID_SEARCH_CHARS, toggleFilter } from '../search-base/search-state.ts';
import { langOf } from '../base/render.ts';
import { urlPrefix } from '../../src/config/links.ts';
import { isFilterValue } from '../../src/search/facets.ts';
import { collectionLabel } from '../../src/search/collections.ts';
import { writeState } from '../../src/search/url.ts';
import { emit } from '../base/events.ts';
import { adoptBlockStyles, type CatalogBlock } from '../base/catalog-block.ts';
import { suggestionStyles } from './suggestions.styles.ts';
import type { CollectionName } from '../../src/search/types.ts';
import type { SearchScope } from '../../src/search/scope.ts';

export interface Suggestion {
  readonly kind: 'term' | 'facet';
  readonly collection?: CollectionName;
  readonly value: string;
  readonly label: string;
  readonly labelLang?: string | undefined;
}

/** The box (multi-search.ts) as this code reads and sets it. */
export interface MultiSearchBox extends CatalogBlock<boolean> {
  text: string;
  open: boolean;
  active: number;
  problem: 'none' | 'tooShort' | 'invalid';
  readonly searchScope: SearchScope;
  readonly collections: CollectionName[];
  readonly minimumTermLength: number;
  readonly clickTarget: URL | undefined;
  readonly input: HTMLInputElement | null;
}

/** Most suggestions shown at once (behaviour doc §4.2 `limit`). */
const MAX_SUGGESTIONS = 20;

/** The suggestions for the box's text: "Search for …" first, then facet values grouped by collection. */
export function suggestionsOf(box: MultiSearchBox): Suggestion[] {
  const typed = box.text.trim().toLowerCase();
  // (`openOnFocus`: the empty box offers every collection's values)
  if (!typed && box.params.openOnFocus !== true) return [];
  const out: Suggestion[] = [];
  const scope = box.searchScope;
  const state = scope.state;
  if (typed.length >= box.minimumTermLength && !INVALID_SEARCH_CHARS.test(typed) && !state.terms.includes(typed)) {
    out.push({ kind: 'term', value: typed, label: msg(box.uiLang, 'multi.freeText', { term: typed }) });
  }
  const offered = box.collections;
  for (const group of scope.results?.facets ?? []) {
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

const close = (box: MultiSearchBox): void => {
  box.open = false;
  box.active = -1;
};

const reset = (box: MultiSearchBox): void => {
  box.text = '';
  box.problem = 'none';
  close(box);
};

/** The box's text changed (already in `box.text`). */
export function input(box: MultiSearchBox): void {
  box.problem = INVALID_SEARCH_CHARS.test(box.text.trim()) ? 'invalid' : 'none';
  box.active = -1;
  box.open = suggestionsOf(box).length > 0;
}

/** `openOnFocus`: the empty box shows its suggestions when it gets focus (the incumbent's typeahead did). */
export function focus(box: MultiSearchBox): void {
  if (!box.text && box.params.openOnFocus === true) box.open = suggestionsOf(box).length > 0;
}

/** Focus left the box: the list closes. */
export { close as blur };

export function keydown(box: MultiSearchBox, e: KeyboardEvent): void {
  const options = suggestionsOf(box);
  switch (e.key) {
    case 'ArrowDown':
      e.preventDefault();
      if (options.length === 0) return;
      if (!box.open) {
        box.open = true;
        box.active = 0;
      } else box.active = (box.active + 1) % options.length;
      return;
    case 'ArrowUp':
      e.preventDefault();
      if (options.length === 0) return;
      box.open = true;
      box.active = box.active <= 0 ? options.length - 1 : box.active - 1;
      return;
    case 'Enter': {
      e.preventDefault();
      const chosen = box.open && box.active >= 0 ? options[box.active] : undefined;
      if (chosen) select(box, chosen);
      else addTypedTerm(box);
      return;
    }
    case 'Escape':
      if (box.open) {
        e.preventDefault();
        close(box);
      } else if (box.text) {
        e.preventDefault();
        reset(box);
      }
      return;
    case 'Tab':
      close(box);
      return;
  }
}

function addTypedTerm(box: MultiSearchBox): void {
  const typed = box.text.trim().toLowerCase();
  if (!typed) {
    goToClickPage(box);
    return;
  }
  if (INVALID_SEARCH_CHARS.test(typed)) {
    box.problem = 'invalid';
    return;
  }
  if (typed.length < box.minimumTermLength) {
    box.problem = 'tooShort';
    return;
  }
  select(box, { kind: 'term', value: typed, label: typed });
}

/**
 * Enter on the empty input with a `click` target: go there carrying the current terms and filters (written for
 * the target page's default scope, page 1). A cancelable `catalog-navigate` event (detail `{href}`) lets a
 * single-page app route instead.
 */
function goToClickPage(box: MultiSearchBox): void {
  const target = box.clickTarget;
  if (!target) return;
  const href = writeState(target, { ...box.searchScope.state, page: 1 }, 'default', { prefix: urlPrefix(box.pageConfig) }).href;
  if (emit(box, 'catalog-navigate', { href }, true)) box.ownerDocument.defaultView?.location.assign(href);
}

/** Adds a suggestion to the search (a term, or a facet value to its collection's filter). */
export function select(box: MultiSearchBox, s: Suggestion): void {
  box.searchScope.update((st: SearchState) => {
    if (s.kind === 'term') return st.terms.includes(s.value) ? st : { ...st, terms: [...st.terms, s.value], page: 1 };
    const name = s.collection!;
    return st.filters[name]?.includes(s.value) ? st : toggleFilter(st, name, s.value);
  }, { history: 'push' });
  reset(box);
  box.input?.focus();
}

const optionId = (box: MultiSearchBox, i: number): string => `${box.idPrefix}-opt-${i}`;

/** The id of the active option, if the list shows it. */
export const activeId = (box: MultiSearchBox, options: readonly Suggestion[]): string | undefined =>
  box.active >= 0 && box.active < options.length ? optionId(box, box.active) : undefined;

/** The options, a group per collection (a "Search for …" option on its own). */
export function renderOptions(box: MultiSearchBox, options: readonly Suggestion[]): TemplateResult[] {
  // the popup's stylesheet comes with this code (adopted once per document)
  adoptBlockStyles(box, [suggestionStyles]);
  const lang = box.uiLang;
  const out: TemplateResult[] = [];
  const option = (o: Suggestion, i: number): TemplateResult => {
    const selected = i === box.active;
    return html`<div
      role="option"
      id=${optionId(box, i)}
      class="esbOption ${o.kind === 'term' ? 'esbOption--term' : ''} ${selected ? 'esbOption--active' : ''}"
      aria-selected=${selected ? 'true' : 'false'}
      lang=${langOf({ lang: o.labelLang }, lang) ?? nothing}
      @mousedown=${(e: MouseEvent) => e.preventDefault()}
      @click=${() => select(box, o)}
    >
      ${o.label}
    </div>`;
  };
  let i = 0;
  while (i < options.length) {
    const first = options[i]!;
    if (first.kind === 'term') {
      out.push(option(first, i));
      i++;
      continue;
    }
    const start = i;
    while (i < options.length && options[i]!.kind === 'facet' && options[i]!.collection === first.collection) i++;
    const groupId = `${box.idPrefix}-grp-${first.collection}`;
    out.push(html`<div role="group" class="esbOptionGroup" aria-labelledby=${groupId}>
      <div role="presentation" class="esbOptionGroupLabel" id=${groupId}>${collectionLabel(first.collection!, lang).text}</div>
      ${options.slice(start, i).map((o, k) => option(o, start + k))}
    </div>`);
  }
  return out;
}
