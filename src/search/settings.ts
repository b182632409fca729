/**
 * Search settings from the incumbent's global keys and block parameters (embeds doc §3, behaviour doc §3.3, §4.7,
 * issue 10): `limit` / `limitOptions`, `context` (one id or a list), `sortOptions`, `baseFilter`, facet `include` /
 * `exclude`. Pure functions over the resolved parameter values (resolve.ts); the blocks hand the results to their
 * SearchScope. Kept small: every search page loads this.
 */
import { expandUri } from './url.ts';
import { expand } from '../rdf/namespaces.ts';
import type { CollectionName } from './types.ts';
import { collectionNames } from './collections.ts';

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
