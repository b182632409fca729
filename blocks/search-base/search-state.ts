/**
 * Small pure helpers over a search state and a typed term that the search parts, the list and the layouts share
 * (behaviour doc §4.1, §4.4).
 */
import type { CollectionName, SearchState } from '../../src/search/types.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';

/** Characters the store's query syntax would misread (behaviour doc §4.1). */
export const INVALID_SEARCH_CHARS = /[\^+\-[\]{}\\/!#"~]/;
/** Minimum length of a search term when `minimumSearchLength` is not set (behaviour doc §4.1). */
export const MIN_TERM_LENGTH = 3;

/** A search box's placeholder: the `placeholder` parameter (the incumbent's key), else "Search datasets". */
export const placeholderOf = (given: unknown, lang: Lang): string =>
  (typeof given === 'string' && given.trim()) || msg(lang, 'search.placeholder');

/** Number of selected facet values in a state. */
export function activeFilterCount(state: SearchState): number {
  return Object.values(state.filters).reduce((n, values) => n + (values?.length ?? 0), 0);
}

/** `state` with `value` added to or removed from collection `name` (page back to 1). */
export function toggleFilter(state: SearchState, name: CollectionName, value: string): SearchState {
  const current = state.filters[name] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters: Partial<Record<CollectionName, readonly string[]>> = { ...state.filters };
  if (next.length) filters[name] = next;
  else delete filters[name];
  return { ...state, filters, page: 1 };
}
