/**
 * Search settings from the incumbent's global keys and block parameters (embeds doc §3, behaviour doc §3.3, §4.7,
 * issue 10): `limit` / `limitOptions`, `context` (one id or a list), `sortOptions`, `baseFilter`, facet `include` /
 * `exclude`. Pure functions over the resolved parameter values (resolve.ts); the blocks hand the results to their
 * SearchScope. Kept small: every search page loads this.
 */
import { expandUri } from './url.ts';
import { expand } from '../rdf/namespaces.ts';
import { DEFAULT_FACETS, TYPE_VALUES } from './facets.ts';
import type { CollectionName, ScopeConfig, SearchSettings } from './types.ts';
import { collectionNames, customFacetNames } from './collections.ts';

/** Resolved block parameters (src/config/resolve.ts), as read here. */
type Params = Readonly<Record<string, unknown>>;

/** A list given as an array, a comma-separated string or a single number; items trimmed, empty ones dropped. */
export function listOf(raw: unknown): string[] {
  const items: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : typeof raw === 'number' ? [raw] : [];
  return items.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
}

/** Page size: `limit`, else the first of `limitOptions`, else `fallback`; whole numbers, at most 100 (the store's). */
export function pageSizeOf(limit: unknown, limitOptions: unknown, fallback: number): number {
  const n = Math.floor(Number(limit ?? listOf(limitOptions)[0]));
  return n >= 1 ? Math.min(100, n) : fallback;
}

/** Context ids of `context` (an id, a number, a list or a comma list); undefined when none. */
export function contextsOf(raw: unknown): readonly string[] | undefined {
  const ids = listOf(raw);
  return ids.length ? ids : undefined;
}

/**
 * The `rdftype` parameter of a list (the incumbent's core `list` / `searchList`): a comma list or an array of prefixed
 * names or IRIs → full IRIs, once each (anything that is no http(s) IRI after expansion is dropped).
 */
export function rdfTypesOf(raw: unknown): string[] {
  const out: string[] = [];
  for (const item of listOf(raw)) {
    const iri = expand(item);
    if (/^https?:\/\/\S+$/i.test(iri) && !out.includes(iri)) out.push(iri);
  }
  return out;
}

export interface SortOption {
  /** A store sort (`title.sv asc`, `modified+desc`). */
  readonly value: string;
  /** A text, or texts per language (`{ sv, en }`). */
  readonly label: string | Readonly<Record<string, string>>;
}

/** Global `sortOptions`: the `[{ label, value }]` items that have a value (the first is the default sort). */
export function sortOptionsOf(raw: unknown): SortOption[] {
  return (Array.isArray(raw) ? raw : []).filter((o): o is SortOption => typeof o?.value === 'string' && !!o.value.trim());
}

/** The label of a sort option in `lang` (then English, then its value). */
export function sortLabel(o: SortOption, lang: string): string {
  return (typeof o.label === 'string' ? o.label : o.label?.[lang] ?? o.label?.en) ?? o.value;
}

const warned = new Set<string>();

/** Collection names of a facet `include` / `exclude` list or a baseFilter; an unknown name warns once. */
export function collectionsOf(raw: unknown): CollectionName[] {
  return listOf(raw).filter((n): n is CollectionName => {
    const known = collectionNames().includes(n);
    if (!known && !warned.has(n)) {
      warned.add(n);
      console.warn(`[catalog-blocks] unknown facet collection "${n}" (known: ${collectionNames().join(', ')})`);
    }
    return known;
  });
}

/**
 * Global `baseFilter`: `{ <collection>: value | [values] | "v1,v2" }`, values as in the URL (`euauth:data-theme/TRAN`
 * or full URIs; prefixed names are expanded). Unknown collections warn once and are skipped.
 */
export function baseFilterOf(raw: unknown): Partial<Record<CollectionName, readonly string[]>> | undefined {
  if (typeof raw !== 'object' || !raw || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw as Record<string, unknown>);
  const known = new Set(collectionsOf(entries.map(([k]) => k)));
  const out = Object.fromEntries(entries.filter(([k]) => known.has(k as CollectionName)).map(([k, v]) => [k, listOf(v).map(expandUri)]));
  return Object.keys(out).length ? out : undefined;
}

/** The offered collections: `include` (when given) or `offered`, minus `exclude`. */
export function offeredCollections(offered: readonly CollectionName[], include: unknown, exclude: unknown): CollectionName[] {
  const inc = collectionsOf(include);
  const exc = collectionsOf(exclude);
  return (inc.length ? inc : offered).filter((n) => !exc.includes(n));
}

/** What a scope searches before any block configured it (scope.ts), and the defaults of a result list. */
export const DEFAULT_SETTINGS: SearchSettings = { types: ['dataset'], pageSize: 10, facets: [], lang: 'en' };

/**
 * The collections a search field suggests values of: the default facets and the page's own `collections`, or `include`,
 * minus `exclude` (§2.10).
 */
export const suggestionCollections = (p: Params): CollectionName[] =>
  offeredCollections([...DEFAULT_FACETS, ...customFacetNames()], p.include, p.exclude);

/** Display order of every facet collection. */
const FACET_ORDER: readonly CollectionName[] = ['type', 'theme', 'org', 'format', 'license', 'access', 'keyword', 'hvd'];

/**
 * The collections a facet column offers (and asks its scope to count): the default set plus HVD / Type when asked for
 * (`hvdFilter`, `typeFilter`) and then the page's own `collections` (./collections.ts) in their order; then `include` /
 * `exclude` by collection name (the incumbent's facets parameters; behaviour doc §4.4).
 */
export function facetCollections(p: Params): CollectionName[] {
  const set = new Set<CollectionName>(DEFAULT_FACETS);
  if (p.hvdFilter === true) set.add('hvd');
  if (p.typeFilter === true) set.add('type');
  return offeredCollections([...FACET_ORDER.filter((n) => set.has(n)), ...customFacetNames()], p.include, p.exclude);
}

export type ItemKind = SearchSettings['types'][number];

/**
 * The incumbent's `rdftype` of a list (issue 26): datasets, series and data services as kinds (their rows stay); any
 * other type as IRIs, searched as given (generic rows).
 */
export function listRdfTypes(raw: unknown): { kinds?: ItemKind[]; iris?: string[] } {
  const given = rdfTypesOf(raw);
  if (!given.length) return {};
  const kinds = given.map((iri) => TYPE_VALUES.find((t) => t.uri === iri)?.kind);
  return kinds.every((k) => k !== undefined) ? { kinds: kinds as ItemKind[] } : { iris: given };
}

/** Types a list searches: `rdftype`'s, else `base` plus data services with includeServices, all three with typeFilter. */
export function listTypes(p: Params, base: readonly ItemKind[]): readonly ItemKind[] {
  const given = listRdfTypes(p.rdftype).kinds;
  if (given) return given;
  if (p.typeFilter === true) return ['dataset', 'series', 'service'];
  if (p.includeServices === true && !base.includes('service')) return [...base, 'service'];
  return base;
}

/**
 * The settings a result list gives its scope (blocks/dataset-list/search-list.ts), from its resolved parameters: a
 * plain function, so that a search started before the blocks (issue 27 point 2) can build them the same way.
 */
export function listSettings(p: Params, types: readonly ItemKind[], pageSize: number, lang: SearchSettings['lang']): ScopeConfig {
  const contexts = contextsOf(p.context);
  const sortOptions = sortOptionsOf(p.sortOptions).map((o) => o.value);
  // No sortOrder: the first of the global sortOptions is the default sort (embeds doc §3)
  const sortOrder = typeof p.sortOrder === 'string' ? p.sortOrder : sortOptions[0];
  const baseFilter = baseFilterOf(p.baseFilter);
  const rdfTypes = listRdfTypes(p.rdftype).iris;
  return {
    types,
    ...(rdfTypes ? { rdfTypes } : {}),
    pageSize,
    lang,
    pageInUrl: p.pageInUrl === true,
    ...(sortOrder ? { sortOrder } : {}),
    ...(sortOptions.length ? { sortOptions } : {}),
    ...(contexts ? { contextId: contexts } : {}),
    ...(baseFilter ? { baseFilter } : {}),
    ...(typeof p.facetLimit === 'number' ? { facetLimit: p.facetLimit } : {}),
  };
}
