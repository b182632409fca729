/**
 * Search state, settings and the view of one search's results, shared by the search scope and the search blocks
 * (.team/CONTRACTS-3.md). Plain data, no DOM.
 */
import type { FormatBadge, Text } from '../dcat/model.ts';
import type { Lang } from '../i18n/index.ts';
import type { StoreEntry } from '../store/types.ts';

/** The built-in facet collections (URL keys `esc_<name>`, behaviour doc §4.4, §1.16, §1.17). */
export type BuiltinCollection = 'theme' | 'org' | 'format' | 'license' | 'access' | 'keyword' | 'hvd' | 'type';
/** A facet collection: a built-in one, or one of the page's `collections` (./collections.ts). */
export type CollectionName = BuiltinCollection | (string & Record<never, never>);

export const COLLECTION_NAMES: readonly BuiltinCollection[] = ['theme', 'org', 'format', 'license', 'access', 'keyword', 'hvd', 'type'];

/** What the user asked for: free-text terms, facet selections, sort choice, page. */
export interface SearchState {
  /** Normalised terms (lower case, trimmed, no empty ones); ANDed. */
  readonly terms: readonly string[];
  /** Selected values per collection: URIs (theme, org, …), literals (keyword), bucket keys (format), type URIs. */
  readonly filters: Readonly<Partial<Record<CollectionName, readonly string[]>>>;
  /**
   * The sort select's choice (`esc_sort`): `modified`, `title` or the value of a global `sortOptions` item
   * (`title.sv asc`); absent = the list's `sortOrder`.
   */
  readonly sort?: string;
  /** 1-based. */
  readonly page: number;
}

/** How the list searches: set by the list / layout blocks through `SearchScope.configure`. */
export interface SearchSettings {
  readonly types: readonly ('dataset' | 'series' | 'service')[];
  /**
   * Types searched instead of `types` (full IRIs): a list of other things than datasets and data services (the
   * incumbent's `searchList` with `rdftype: 'foaf:Agent'`; showcases, ideas). Its rows are generic (title, description;
   * see result-row.ts) unless the block renders its own (blocks/showcase-list).
   */
  readonly rdfTypes?: readonly string[];
  /** The `sortOrder` parameter (behaviour doc §1.12). */
  readonly sortOrder?: string;
  /** Rows per page (`limit`, else `limitOptions[0]`, else 10). */
  readonly pageSize: number;
  /** Values of the global `sortOptions` (`title.sv asc` …): a state's `sort` may be one of them. */
  readonly sortOptions?: readonly string[];
  /** Global `baseFilter`: facet values always applied (ANDed with the state), never written to the URL. */
  readonly baseFilter?: Readonly<Partial<Record<CollectionName, readonly string[]>>>;
  /** Facet values asked per field (`facetLimit`; default FACET_LIMIT). */
  readonly facetLimit?: number;
  /** Facet groups whose counts are requested (with the results, in the same request). */
  readonly facets: readonly CollectionName[];
  readonly lang: Lang;
  /** Restrict to one context of the store, or to any of several (global or block `context`). */
  readonly contextId?: string | readonly string[];
  /** Only entries whose metadata has `<?> <predicate> <object>` (the incumbent's `relationinverse`, issue 26). */
  readonly pointingAt?: { readonly predicate: string; readonly object: string };
}

/** What a block gives its scope (scope.ts `configure`): search settings, and whether the page number is in the URL. */
export interface ScopeConfig extends Partial<SearchSettings> {
  /** Keep the page number in the query string (`esc_page`). */
  readonly pageInUrl?: boolean;
}

export interface FacetValueView {
  /** URI, literal or bucket key (what goes into `SearchState.filters`). */
  readonly value: string;
  readonly label: string;
  /** Language of the label when it came from a tagged literal / vocabulary. */
  readonly labelLang?: string;
  /** Results of selecting it (with `counting`: a lower bound, the exact count is on its way and not shown). */
  readonly count: number;
  readonly counting?: true;
  readonly selected: boolean;
}

export interface FacetGroupView {
  readonly name: CollectionName;
  readonly values: readonly FacetValueView[];
}

export interface ResultRow {
  readonly entry: StoreEntry;
  readonly kind: 'dataset' | 'series' | 'service';
  readonly title?: Text;
  /** Paragraphs of the description in the UI language. */
  readonly description: readonly Text[];
  /** Publisher name in the UI language. */
  readonly publisher?: string;
  /** Format badges of the distributions described in the entry's own graph (deduplicated by label). */
  readonly formats: readonly FormatBadge[];
}

export interface SearchResults {
  readonly state: SearchState;
  readonly total: number;
  readonly pageCount: number;
  readonly rows: readonly ResultRow[];
  readonly facets: readonly FacetGroupView[];
  /** What `total` and the facet counts count: 'results' when data services can be among them; absent = datasets. */
  readonly counts?: 'results';
}

export const EMPTY_STATE: SearchState = { terms: [], filters: {}, page: 1 };

/**
 * Highest page number a state can hold. Far beyond any real catalog (10 million rows at 10 per page), and small enough
 * that `(page - 1) * pageSize` stays an exact integer written without an exponent (`offset=1e+21` is a 400 at the
 * store). A larger page in the URL becomes this one, which is past the end, so the scope shows the last page.
 */
export const MAX_PAGE = 1_000_000;

/** A page number from outside (URL, caller): a whole number ≥ 1, capped at MAX_PAGE; anything else is page 1. */
export function clampPage(page: unknown): number {
  // Digits only (no sign, fraction or exponent); 99999999999999999999 is not a safe integer, but still "a huge page".
  const n = typeof page === 'string' ? (/^\d+$/.test(page) ? Number(page) : NaN) : page;
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(MAX_PAGE, Math.max(1, Math.floor(n))) : 1;
}
