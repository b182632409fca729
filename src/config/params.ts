/**
 * THE parameter table. It mirrors the table in SPEC.md "Block parameters" row for row, and gives the supportive blocks
 * (the parts a layout composes, which a portal builder may also place alone) columns of their own, so that each block
 * resolves, and names in its warnings, the parameters it reads. Block tests are generated from it, the README tables
 * are written from it (`npm run params-table`), and `resolveParams` reads it. Change the spec, change this.
 */
import { remember } from '../store/bounded.ts';
export type BlockName =
  | 'datasetView' | 'dataserviceView' | 'datasetListLayout' | 'datasetSimpleSearchLayout'
  | 'datasetMultiSearchLayout' | 'datasetFacetSearchLayout' | 'datasetCompactFacetSearchLayout'
  | 'datasetFacetSearchPortalLayout'
  | 'datasetList' | 'datasetResults' | 'datasetSearch' | 'datasetMultiSearch' | 'datasetFacets' | 'catalogSortSelect'
  | 'facetSearchResponsiveness' | 'catalogActiveFilters' | 'datasetExports';

export type ParamType = 'boolean' | 'number' | 'string';

/** Spec column letters → block names (FS covers both facet layouts, same parameters). */
export const SPEC_COLUMN_BLOCKS = {
  DV: ['datasetView'],
  SV: ['dataserviceView'],
  DL: ['datasetListLayout'],
  SS: ['datasetSimpleSearchLayout'],
  MS: ['datasetMultiSearchLayout'],
  FS: ['datasetFacetSearchLayout', 'datasetCompactFacetSearchLayout'],
  FP: ['datasetFacetSearchPortalLayout'],
} as const satisfies Record<string, readonly BlockName[]>;

/**
 * The supportive blocks' columns: the list, the result count, the two search inputs, the facets, the sort select and
 * the parts that read the facet layouts' parameters without extras of their own (PA). A part reads the parameters of
 * the layout it serves, with that layout's defaults (the list: every list-showing column's, heading level 2).
 */
export const SUPPORTIVE_COLUMN_BLOCKS = {
  LI: ['datasetList'],
  RE: ['datasetResults'],
  SE: ['datasetSearch'],
  MU: ['datasetMultiSearch'],
  FA: ['datasetFacets'],
  SO: ['catalogSortSelect'],
  PA: ['facetSearchResponsiveness', 'catalogActiveFilters', 'datasetExports'],
} as const satisfies Record<string, readonly BlockName[]>;

export const COLUMN_BLOCKS = { ...SPEC_COLUMN_BLOCKS, ...SUPPORTIVE_COLUMN_BLOCKS };
export type Column = keyof typeof COLUMN_BLOCKS;

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly columns: readonly Column[];
  /** Default per column; a column missing here means "not shown" in the spec: the parameter is unset (undefined). */
  readonly defaults: Partial<Record<Column, boolean | number | string>>;
  /** Numbers: smallest accepted value (smaller → warning + default). */
  readonly min?: number;
  /** Strings: the accepted form (anything else → warning + default). */
  readonly pattern?: RegExp;
  /** @deprecated Not set here any more: the documentation texts are in param-docs.ts (kept out of the bundle). */
  readonly meaning?: string;
}

/**
 * One row of the table: `columns` as in the spec (`'DV DL'`); `defaults` one value for every column of the row or a
 * value per column (none: "not shown" everywhere); `limits` the row's `min` or `pattern`.
 */
function row<T extends ParamType | 'json' = ParamType>(
  name: string,
  type: T,
  columns: string,
  defaults?: boolean | string | ParamSpec['defaults'],
  limits?: Pick<ParamSpec, 'min' | 'pattern'>,
): Omit<ParamSpec, 'type'> & { readonly type: T } {
  const cols = columns.split(' ') as Column[];
  const perColumn = typeof defaults === 'object' ? defaults : defaults === undefined ? {} : Object.fromEntries(cols.map((c) => [c, defaults]));
  return { name, type, columns: cols, defaults: perColumn, ...limits };
}

export const PARAMS: readonly ParamSpec[] = [
  row('hl', 'number', 'DV SV DL SS MS FS FP LI SE MU FA SO PA',
    { DV: 1, SV: 1, DL: 1, SS: 2, MS: 2, FS: 2, FP: 2, LI: 2, SE: 2, MU: 2, FA: 2, SO: 2, PA: 2 }, { min: 1 }),
  row('pageInUrl', 'boolean', 'DV DL SS MS FS FP LI SE MU FA SO PA'),
  row('includeExtras', 'boolean', 'DV DL SS MS FS LI SE MU FA SO PA', false),
  row('includeVisualizations', 'boolean', 'DV DL SS MS FS LI SE MU FA SO PA', false),
  row('includeTabbedVisualizations', 'boolean', 'DV DL SS MS FS LI SE MU FA SO PA', false),
  row('includeAutoVisualizations', 'boolean', 'DV DL SS MS FS FP LI SE MU FA SO PA'),
  row('includeDataPreview', 'boolean', 'DV DL SS MS FS FP LI SE MU FA SO PA', false),
  row('includeIndicators', 'boolean', 'DV SV DL FP LI', false),
  row('clickExpand', 'boolean', 'DV DL LI', true),
  row('registry', 'boolean', 'DV DL LI'),
  row('legend', 'boolean', 'DV DL MS FS LI MU FA SO PA'),
  row('sortOrder', 'string', 'DL SS MS FS FP LI SE MU FA SO PA', undefined,
    { pattern: /^\s*(title|[\w.-]+[ +](asc|desc)(\s*,\s*[\w.-]+[ +](asc|desc))*)\s*$/i }),
  row('includeSorting', 'boolean', 'SS MS FS SE MU FA SO PA'),
  row('includeServices', 'boolean', 'SS MS FS LI SE MU FA SO PA'),
  row('break', 'string', 'FS FP FA SO PA', '1024px', { pattern: /^\s*\d+(\.\d+)?\s*(px|em|rem|vw|ch)?\s*$/i }),
  row('hvdFilter', 'boolean', 'FS FP FA SO PA'),
  row('typeFilter', 'boolean', 'FS LI FA SO PA'),
];

/**
 * A row of EXTRA_PARAMS: a ParamSpec whose type may also be `json` (an object, an array or a string as given;
 * attribute text starting with `{` or `[` is parsed as JSON). Extra rows are not in the spec's table and have no
 * table default: the blocks that read them give their own.
 */
export interface ExtraParamSpec extends Omit<ParamSpec, 'type'> {
  readonly type: ParamType | 'json';
}

const AT_LEAST_ONE = { min: 1 };

/**
 * Parameters of the EntryScape Blocks runtime that the spec table does not list (issue 10), resolved by the same
 * resolver as PARAMS: attribute → inherit → `blocks` override defaults → page config → the block's own default.
 * The search layouts (SS MS FS FP) read every one and hand it down (`inherit`); the list layout (DL) the list's (LI).
 * `context` and `namedclick`/`click` are read by the search lists; `exclude`/`include` (collection names) by the facets;
 * `placeholder` and `openOnFocus` by the search boxes.
 */
export const EXTRA_PARAMS: readonly ExtraParamSpec[] = [
  row('limit', 'number', 'DL LI SS MS FS FP', undefined, AT_LEAST_ONE),
  row('limitOptions', 'json', 'DL LI SS MS FS FP'),
  row('sortOptions', 'json', 'DL LI SS MS FS FP SO'),
  row('baseFilter', 'json', 'DL LI SS MS FS FP'),
  row('minimumSearchLength', 'number', 'SE MU SS MS FS FP', undefined, AT_LEAST_ONE),
  row('facetLimit', 'number', 'DL LI SS MS FS FP FA', undefined, AT_LEAST_ONE),
  row('exclude', 'json', 'MU FA SS MS FS FP'),
  row('include', 'json', 'MU FA SS MS FS FP'),
  row('namedclick', 'string', 'DL LI SS MS FS FP MU'),
  row('click', 'string', 'DL LI SS MS FS FP MU'),
  row('context', 'json', 'DL LI SS MS FS FP'),
  // the incumbent's core list parameters (issue 26): `list` (<catalog-list>) and `searchList` read the list's column
  row('rdftype', 'json', 'LI'),
  row('relation', 'string', 'LI'),
  row('relationinverse', 'string', 'LI'),
  row('dependencyproperties', 'string', 'LI'),
  row('facets', 'boolean', 'LI'),
  // the search boxes' own text instead of "Search datasets"; the multi search box's suggestions on focus (issue 26)
  row('placeholder', 'string', 'SE MU SS MS FS FP'),
  row('openOnFocus', 'boolean', 'MU SS MS FS FP'),
  // the maps' base layer and its attribution (issue 28): XYZ tiles or a WMS (src/wms/base-layer.ts). The map elements
  // read them with `resolveParam` (resolve-param.ts): their own attribute, the block they are drawn in, the page configuration.
  row('mapBaseUrl', 'string', 'DV DL SS MS FS FP LI'),
  row('mapBaseAttribution', 'string', 'DV DL SS MS FS FP LI'),
];

const squashed = new Map<string, string>();
/**
 * Lower-case, without `-`/`_`: `include-data-preview`, `includeDataPreview`, `includedatapreview` compare equal.
 * Remembered: a block resolves its parameters at every update, squashing each of its attributes and page keys once
 * per parameter of the tables (that was most of the time a facet click spent in block updates).
 */
export const squash = (name: string): string => squashed.get(name) ?? remember(squashed, name, name.toLowerCase().replace(/[-_]/g, ''), 500);

const knownNames = (): ReadonlySet<string> => new Set([...PARAMS, ...EXTRA_PARAMS].map((p) => squash(p.name)));
/**
 * Every parameter name of both tables, squashed (`includedatapreview`), for unknown-parameter warnings. Pure: the CDN
 * build leaves it out of core, which every page loads (the legacy chunk builds its own set from the tables).
 */
export const KNOWN_PARAM_NAMES: ReadonlySet<string> = /* @__PURE__ */ knownNames();

/** Global (page-level) settings read from `data-portal-config` tags and JSON config. */
export interface GlobalConfig {
  storeUrl?: string;
  /**
   * A DCAT-AP file (Turtle, RDF/XML, JSON-LD, N-Triples) the blocks read instead of a store (`data-catalog-url`;
   * src/store/file/file-store.ts). Wins over `storeUrl`; a block's own `store-url` still wins over it.
   */
  catalogUrl?: string;
  /** A SPARQL endpoint holding the catalog (`data-sparql-url`; src/store/file/sparql.ts): read like a catalog file. */
  sparqlUrl?: string;
  lang?: string;
  strictStandardHtml?: boolean;
  /**
   * How the blocks read the store: `cors` (fetch), `jsonp` (script tags with `callback=`, for a store with CORS off)
   * or `auto` (default: fetch, JSONP when a cross-origin fetch is refused); `data-transport` on a data-portal-config
   * element. See src/store/transport.ts.
   */
  transport?: 'cors' | 'jsonp' | 'auto' | string;
  /** EntryScape Blocks' key: `true` ≡ `transport: 'jsonp'`, `false` ≡ `'cors'` (when `transport` is not given). */
  jsonp?: boolean | string;
  /** Landing page routes: `dataset` and `dataservice` targets (see behaviour doc §3.2). */
  clicks?: Record<string, string>;
  /** Any block parameter may also be set globally (page config), e.g. `hl`, `registry`. */
  [param: string]: unknown;
}

export function columnOf(block: BlockName): Column {
  for (const [col, blocks] of Object.entries(COLUMN_BLOCKS)) if ((blocks as readonly string[]).includes(block)) return col as Column;
  throw new Error(`Unknown block ${block}`);
}

/** The rows of the spec table (PARAMS) that `block` reads. */
export function paramsOf(block: BlockName): readonly ParamSpec[] {
  const col = columnOf(block);
  return PARAMS.filter((p) => p.columns.includes(col));
}

/** Every parameter `block` reads: its rows of both tables (PARAMS, EXTRA_PARAMS). */
export function specsOf(block: BlockName): readonly ExtraParamSpec[] {
  const col = columnOf(block);
  return [...PARAMS, ...EXTRA_PARAMS].filter((p) => p.columns.includes(col));
}

/** kebab-case attribute name of a parameter: includeDataPreview → include-data-preview. */
export function attributeName(param: string): string {
  return param.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
