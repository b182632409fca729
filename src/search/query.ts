/**
 * One search state → ONE store request that returns the page of rows AND the facet counts (behaviour doc §4.1,
 * §4.3–§4.5, §4.7; entrystore-api.md §2). `public:true` is added by the store client.
 *
 * Terms: each term is lower-cased, trimmed and split on whitespace into tokens; every token must occur in `title`,
 * `description` or `tag.literal` (ORed across the fields, ANDed across tokens and terms). These are ngram fields
 * (entrystore-api.md §2.3): a token matches as a 3–25 character substring, so shorter tokens get a trailing `*` and
 * longer ones are cut to 25 characters.
 */
import { and, contextClause, escapeValue, field, or, rdfTypeClause, uriField } from '../store/query.ts';
import type { SearchRequest } from '../store/types.ts';
import { clampPage, type SearchSettings, type SearchState } from './types.ts';
import { collectionNames } from './collections.ts';
import { facetFieldsFor, filterClause, typeUri, type FormatValues } from './facets.ts';

export const TERM_FIELDS = ['title', 'description', 'tag.literal'] as const;
/** ngram limits of the store's `title`/`description`/`tag.literal` fields. */
const MIN_GRAM = 3;
const MAX_GRAM = 25;
/** Facet values per field (the store's maximum): every publisher and keyword of a catalog is counted. */
export const FACET_LIMIT = 1000;

/** Free text → tokens as searched: trimmed, lower-cased, split on whitespace, empty ones dropped. */
export function termTokens(text: string): string[] {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** Normalises typed text into the terms of a state (one term per input, lower-cased and trimmed; '' → none). */
export function normaliseTerms(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    const n = termTokens(t).join(' ');
    if (n && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The page's `query` template as a clause per token (./query-template.ts, lazy); undefined: the default fields. */
export const termTemplate: { clause?: ((token: string) => string) | undefined } = {};

/** `(title:tok OR description:tok OR tag.literal:tok)`, `tok*` below three characters; or the page's `query` fields. */
export function tokenClause(token: string): string {
  const cut = [...token].slice(0, MAX_GRAM).join('');
  const value = escapeValue(cut) + ([...cut].length < MIN_GRAM ? '*' : '');
  if (termTemplate.clause) return termTemplate.clause(cut);
  return `(${TERM_FIELDS.map((f) => `${f}:${value}`).join(' OR ')})`;
}

export function termsClause(terms: readonly string[]): string {
  const tokens = [...new Set(terms.flatMap(termTokens))];
  return and(...tokens.map(tokenClause));
}

const SORT_ITEM = /^[\w.-]+ (asc|desc)$/i;
const warnedSorts = new Set<string>();

/**
 * The `sort` value as EntryStore reads it (SearchResource.searchSolr, entrystore-api.md §2.6): items split on `,`, then
 * each on one space, items of other than two parts silently dropped — so items are joined with a bare `,` (`a asc, b
 * asc` would lose `b`).
 */
export const joinSortItems = (items: readonly string[]): string => items.join(',');

/**
 * By title in `lang`: `title.<lang> asc,title.nolang asc`. The store's `title_sort.*` fields sort documents WITHOUT
 * the field first ascending (schema `text_sort` has no sortMissingLast), so the second key orders the datasets without
 * a `<lang>` title by their untagged one — a catalog of untagged titles (Antwerp's, Rostock's) comes out A–Ö. Datasets
 * with a title in neither come first (README "Pointing at your EntryStore").
 */
export const titleSort = (lang: string): string => joinSortItems([`title.${lang} asc`, 'title.nolang asc']);

/**
 * The store sort: the state's choice (`modified` → `modified desc`, `title` → by title), else the `sortOrder`
 * parameter (`title` → by title; `+` ≡ space; anything not `field (asc|desc)(, …)*` is ignored with a warning),
 * else `modified desc`.
 */
export function sortFor(state: SearchState, settings: Pick<SearchSettings, 'sortOrder' | 'lang' | 'sortOptions'>): string {
  const title = titleSort(settings.lang);
  if (state.sort === 'modified') return 'modified desc';
  if (state.sort === 'title') return title;
  // A sortOptions value chosen in the select (a URL value that is not one of the page's options is ignored)
  const chosen = state.sort && settings.sortOptions?.find((v) => sameSort(v, state.sort!));
  const given = (chosen || settings.sortOrder)?.replace(/\+/g, ' ').trim();
  if (given) {
    if (given.toLowerCase() === 'title') return title;
    const items = given.split(',').map((i) => i.trim().replace(/\s+/g, ' '));
    if (items.every((i) => SORT_ITEM.test(i))) return joinSortItems(items);
    if (!warnedSorts.has(given)) {
      warnedSorts.add(given);
      console.warn(`catalog-blocks: sortOrder "${settings.sortOrder}" is not "field asc|desc"; using modified desc`);
    }
  }
  return 'modified desc';
}

/** `title.sv+asc` ≡ `title.sv asc` (sortOptions values are written either way). */
export function sameSort(a: string, b: string): boolean {
  return normaliseSort(a) === normaliseSort(b);
}

/** A sort expression compared loosely: `+` as space, one space, trimmed, lower case. */
export function normaliseSort(s: string): string {
  return s.replace(/\+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** `context:<store><id>`, or an OR of them for a list of contexts; an id that is a URI is taken as the context URI. */
export function contextsClause(storeBaseUrl: string, contexts: string | readonly string[]): string {
  const ids = (typeof contexts === 'string' ? [contexts] : contexts).map((c) => c.trim()).filter(Boolean);
  return or(...ids.map((id) => (/^https?:/i.test(id) ? contextClause('', id) : contextClause(storeBaseUrl, id))));
}

/** The query without paging or sort: types, context, terms, filters (what the counts depend on). */
export interface QueryOptions {
  /** For a `context` restriction (settings.contextId). */
  readonly storeBaseUrl?: string;
  /** Format spellings seen in earlier counts: a bucket selection matches them too (see facets.ts). */
  readonly seenFormats?: FormatValues;
}

export function searchQuery(state: SearchState, settings: SearchSettings, options: QueryOptions = {}): string {
  const types = settings.types.length ? settings.types : (['dataset'] as const);
  return and(
    rdfTypeClause(settings.rdfTypes?.length ? settings.rdfTypes : types.map(typeUri)),
    settings.pointingAt ? field(uriField(settings.pointingAt.predicate), settings.pointingAt.object) : '',
    settings.contextId && options.storeBaseUrl ? contextsClause(options.storeBaseUrl, settings.contextId) : '',
    termsClause(state.terms),
    ...collectionNames().map((name) => filterClause(name, state.filters[name] ?? [], options.seenFormats)),
    // baseFilter: its own clause per group, so a user's selection in the same group narrows it, never widens it
    ...collectionNames().map((name) => filterClause(name, settings.baseFilter?.[name] ?? [], options.seenFormats)),
  );
}

export function buildSearchRequest(
  state: SearchState,
  settings: SearchSettings,
  options: QueryOptions = {},
): SearchRequest {
  const pageSize = Math.max(1, Math.floor(settings.pageSize));
  const page = clampPage(state.page);
  const facetFields = facetFieldsFor(settings.facets);
  return {
    query: searchQuery(state, settings, options),
    limit: pageSize,
    offset: (page - 1) * pageSize,
    sort: sortFor(state, settings),
    ...(facetFields.length ? { facetFields, facetLimit: Math.min(FACET_LIMIT, settings.facetLimit ?? FACET_LIMIT) } : {}),
  };
}

