/**
 * Search state in the page URL (behaviour doc §1.2, §3.3): `esc_term`, one key per collection (`esc_theme`, …,
 * values comma-joined, URIs shortened to `prefix:local`), `esc_sort` — all in the FRAGMENT; `esc_page` in the QUERY
 * STRING, only with pageInUrl, page 1 omitted. A scope other than "default" uses keys `esc_<scope>_…`, so two
 * searches on one page never share a key. Everything else in the URL (other scopes, other widgets' fragment
 * parts, other query parameters) is kept as it is.
 */
import { NS } from '../rdf/namespaces.ts';
import { decodeSafe } from '../dcat/formats.ts';
import { clampPage, type CollectionName, type SearchState } from './types.ts';
import { collectionNames, customCollection } from './collections.ts';
import { facetValue, isFilterValue, isFormatBucket } from './facets.ts';
import { normaliseTerms } from './query.ts';

/** Whether a collection's values are URIs (shortened in the URL); keyword and format hold literals and bucket keys. */
const holdsUris = (name: CollectionName): boolean => name !== 'keyword' && name !== 'format' && customCollection(name)?.nodetype !== 'literal';

/** Prefixes used for shortening, longest namespace first so the most specific wins. */
const PREFIXES = Object.entries(NS).sort((a, b) => b[1].length - a[1].length);

export function shortenUri(uri: string): string {
  for (const [prefix, ns] of PREFIXES) {
    const local = uri.slice(ns.length);
    if (uri.startsWith(ns) && local && !/[,&#=]/.test(local)) return `${prefix}:${local}`;
  }
  return uri;
}

export function expandUri(value: string): string {
  const i = value.indexOf(':');
  if (i > 0) {
    const prefix = value.slice(0, i);
    const ns = (NS as Record<string, string>)[prefix];
    if (ns && !value.startsWith(`${prefix}://`)) return ns + value.slice(i + 1);
  }
  return value;
}

/**
 * Keys of `scope`: `<base>…` for the default scope, `<base><scope>_…` for a named one; `base` = the page's
 * `urlParamsPrefix` / `hashParamsPrefix` (default `esc_`).
 */
export function keyPrefix(scope: string, base = 'esc_'): string {
  return !scope || scope === 'default' ? base : `${base}${scope}_`;
}

/** Keeps `:` and `/` readable (`euauth:data-theme/TRAN`); everything that would break the fragment is escaped. */
function encodeItem(v: string): string {
  return encodeURIComponent(v).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%40/g, '@');
}

interface Part {
  readonly raw: string;
  readonly key?: string;
  readonly value?: string;
}

function fragmentParts(hash: string): Part[] {
  const body = hash.replace(/^#/, '');
  if (!body) return [];
  return body.split('&').map((raw) => {
    const eq = raw.indexOf('=');
    return eq < 0 ? { raw } : { raw, key: decodeSafe(raw.slice(0, eq)), value: raw.slice(eq + 1) };
  });
}

function sameList(a: readonly string[] = [], b: readonly string[] = []): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Same terms, filters and sort (page aside). */
export function sameQuery(a: SearchState, b: SearchState): boolean {
  if (!sameList(a.terms, b.terms) || a.sort !== b.sort) return false;
  return collectionNames().every((n) => sameList([...(a.filters[n] ?? [])].sort(), [...(b.filters[n] ?? [])].sort()));
}

export function sameState(a: SearchState, b: SearchState): boolean {
  return a.page === b.page && sameQuery(a, b);
}

/** The state of `scope` written in `url` (missing keys → no term, no filter, page 1); `base` as in keyPrefix. */
export function readState(url: URL, scope = 'default', base = 'esc_'): SearchState {
  const prefix = keyPrefix(scope, base);
  const values = new Map<string, string[]>();
  for (const part of fragmentParts(url.hash)) {
    if (part.key?.startsWith(prefix) && part.value !== undefined) {
      values.set(part.key.slice(prefix.length), part.value.split(',').map(decodeSafe).filter((v) => v.trim() !== ''));
    }
  }
  const filters: Partial<Record<CollectionName, string[]>> = {};
  for (const name of collectionNames()) {
    let list = values.get(name);
    if (!list?.length) continue;
    if (holdsUris(name)) list = list.map((v) => facetValue(name, expandUri(v)));
    // "Other formats" is never written (§3.3), and a bucket we do not know cannot be searched
    if (name === 'format') list = list.filter((v) => isFormatBucket(v) && v !== 'other');
    const unique = [...new Set(list)].filter(isFilterValue);
    if (unique.length) filters[name] = unique;
  }
  // `modified`, `title` or the value of a `sortOptions` item (`title.sv+asc`); the scope checks it against the options
  const sortValue = values.get('sort')?.join(',').replace(/\+/g, ' ').trim();
  return {
    terms: normaliseTerms(values.get('term') ?? []),
    filters,
    ...(sortValue && SORT_VALUE.test(sortValue) ? { sort: sortValue } : {}),
    // None or junk (`-3`, `abc`, `1.5`) is page 1; a huge number is capped (never an exponent offset), then clamped
    // by the scope.
    page: clampPage(url.searchParams.get(`${prefix}page`)),
  };
}

/** The last URL's state read for writeState: a facet column writes one link per value against the same page address. */
let lastRead: { readonly key: string; readonly state: SearchState } | undefined;

function readStateOf(url: URL, scope: string, base: string): SearchState {
  const key = `${scope} ${base} ${url.href}`;
  if (lastRead?.key !== key) lastRead = { key, state: readState(url, scope, base) };
  return lastRead.state;
}

/** `modified`, `title`, or a store sort `field asc|desc(, field asc|desc)*` (the value of a sortOptions item). */
const SORT_VALUE = /^(modified|title|[\w.-]+ (asc|desc)(\s*,\s*[\w.-]+ (asc|desc))*)$/i;

export interface WriteOptions {
  /** Keep the page in the query string (behaviour doc §1.2). */
  readonly pageInUrl?: boolean;
  /** The page's `urlParamsPrefix` / `hashParamsPrefix` (default `esc_`). */
  readonly prefix?: string;
}

/**
 * `url` with the keys of `scope` replaced by `state`. The page is written only with pageInUrl and when it is not 1;
 * a state whose terms, filters or sort differ from the URL's drops the page (a new search starts at page 1).
 */
export function writeState(url: URL, state: SearchState, scope = 'default', options: WriteOptions = {}): URL {
  const base = options.prefix ?? 'esc_';
  const prefix = keyPrefix(scope, base);
  const next = new URL(url.href);
  const previous = readStateOf(url, scope, base);
  const page = sameQuery(previous, state) ? state.page : 1;

  const ours: string[] = [];
  if (state.terms.length) ours.push(`${prefix}term=${state.terms.map(encodeItem).join(',')}`);
  for (const name of collectionNames()) {
    let list = state.filters[name] ?? [];
    if (name === 'format') list = list.filter((v) => v !== 'other');
    if (holdsUris(name)) list = list.map(shortenUri);
    if (list.length) ours.push(`${prefix}${name}=${list.map(encodeItem).join(',')}`);
  }
  if (state.sort) ours.push(`${prefix}sort=${encodeItem(state.sort.replace(/\+/g, ' ')).replace(/%20/g, '+')}`);

  const kept: string[] = [];
  let inserted = false;
  for (const part of fragmentParts(url.hash)) {
    if (part.key?.startsWith(prefix) && !isOtherScopeKey(part.key, prefix, base)) {
      if (!inserted) kept.push(...ours);
      inserted = true;
    } else kept.push(part.raw);
  }
  if (!inserted) kept.push(...ours);
  next.hash = kept.length ? `#${kept.join('&')}` : '';

  const pageKey = `${prefix}page`;
  if (options.pageInUrl && page > 1) next.searchParams.set(pageKey, String(page));
  else next.searchParams.delete(pageKey);
  return next;
}

/**
 * For the default scope's prefix `esc_`, keys of named scopes (`esc_a_term`) also start with it: they belong to the
 * other scope when what follows the scope name is one of our keys.
 */
function isOtherScopeKey(key: string, prefix: string, base: string): boolean {
  // esc_<scope>_<key> or an unrelated esc_ key (entry, context…): not ours, keep it
  return prefix === base && !['term', 'sort', 'page', ...collectionNames()].includes(key.slice(prefix.length));
}

/** A real link (path, query, fragment) to the page showing `state`: pagination and facet value hrefs. */
export function hrefForState(url: URL, state: SearchState, scope = 'default', options: WriteOptions = {}): string {
  const next = writeState(url, state, scope, options);
  return `${next.pathname}${next.search}${next.hash}`;
}
