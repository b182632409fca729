/**
 * Search settings from the incumbent's global keys and block parameters (embeds doc §3, behaviour doc §3.3, §4.7,
 * issue 10): `limit` / `limitOptions`, `context` (one id or a list), `sortOptions`, `baseFilter`, facet `include` /
 * `exclude`. Pure functions over the resolved parameter values (resolve.ts); the blocks hand the results to their
 * SearchScope.
 */
import { expandUri } from './url.ts';
import { COLLECTION_NAMES, type CollectionName } from './types.ts';

/** The store's largest page (entrystore-api.md: limit ≤ 100). */
export const MAX_PAGE_SIZE = 100;

/** A list given as an array, a comma-separated string or a single number. */
export function listOf(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : typeof raw === 'number' ? [raw] : [];
  return items.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
}

/** Page size: `limit`, else the first of `limitOptions`, else `fallback`; whole numbers 1–100. */
export function pageSizeOf(limit: unknown, limitOptions: unknown, fallback: number): number {
  for (const v of [limit, ...listOf(limitOptions).slice(0, 1)]) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= 1) return Math.min(MAX_PAGE_SIZE, n);
  }
  return fallback;
}

/** Context ids of `context` (an id, a list or a comma list); undefined when none. */
export function contextsOf(raw: unknown): string | readonly string[] | undefined {
  const ids = listOf(raw);
  return ids.length === 0 ? undefined : ids.length === 1 ? ids[0] : ids;
}

export interface SortOption {
  /** A store sort (`title.sv asc`, `modified desc`) or `title` / `modified`. */
  readonly value: string;
  /** A text, or texts per language (`{ sv, en }`). */
  readonly label: string | Readonly<Record<string, string>>;
}

/** Global `sortOptions`: `[{ label, value }]` items with a value (the first is the default sort). */
export function sortOptionsOf(raw: unknown): SortOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((o: unknown) => {
    if (typeof o !== 'object' || o === null) return [];
    const { value, label } = o as Record<string, unknown>;
    if (typeof value !== 'string' || !value.trim()) return [];
    const text = typeof label === 'string' || (typeof label === 'object' && label !== null) ? (label as SortOption['label']) : value;
    return [{ value: value.trim(), label: text }];
  });
}

/** The label of a sort option in `lang` (then English, then any language, then its value). */
export function sortLabel(option: SortOption, lang: string): string {
  const l = option.label;
  if (typeof l === 'string') return l;
  return l[lang] ?? l.en ?? Object.values(l).find((v) => typeof v === 'string') ?? option.value;
}

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/** Collection names of a facet `include` / `exclude` list; unknown names warn once. */
export function collectionsOf(raw: unknown, key: string): CollectionName[] {
  return listOf(raw).filter((n): n is CollectionName => {
    if ((COLLECTION_NAMES as readonly string[]).includes(n)) return true;
    warnOnce(`[catalog-blocks] facet ${key}: unknown collection "${n}" (known: ${COLLECTION_NAMES.join(', ')})`);
    return false;
  });
}

/** Collections that hold URIs: `prefix:local` values of a baseFilter are expanded. */
const URI_VALUED = new Set<CollectionName>(['theme', 'org', 'license', 'access', 'hvd', 'type']);

/**
 * Global `baseFilter`: `{ <collection>: value | [values] | "v1,v2" }`, values as in the URL (`euauth:data-theme/TRAN`
 * or full URIs). Unknown collections warn once and are skipped; undefined when nothing remains.
 */
export function baseFilterOf(raw: unknown): Partial<Record<CollectionName, readonly string[]>> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const out: Partial<Record<CollectionName, readonly string[]>> = {};
  for (const [name, values] of Object.entries(raw as Record<string, unknown>)) {
    const [known] = collectionsOf([name], 'in baseFilter');
    if (!known) continue;
    const list = listOf(values).map((v) => (URI_VALUED.has(known) ? expandUri(v) : v));
    if (list.length) out[known] = list;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The offered collections: `include` (when given) or `offered`, minus `exclude`, in the order of `offered` + rest. */
export function offeredCollections(offered: readonly CollectionName[], include: unknown, exclude: unknown): CollectionName[] {
  const inc = collectionsOf(include, 'include');
  const exc = new Set(collectionsOf(exclude, 'exclude'));
  const base = inc.length ? inc : offered;
  return base.filter((n) => !exc.has(n));
}
