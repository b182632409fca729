/**
 * THE parameter table. It mirrors the table in SPEC.md "Block parameters" row for row; block tests are generated
 * from it, the README table is checked against it, and `resolveParam` reads it. Change the spec, change this.
 */
export type BlockName =
  | 'datasetView' | 'dataserviceView' | 'datasetListLayout' | 'datasetSimpleSearchLayout'
  | 'datasetMultiSearchLayout' | 'datasetFacetSearchLayout' | 'datasetCompactFacetSearchLayout'
  | 'datasetFacetSearchPortalLayout';

export type ParamType = 'boolean' | 'number' | 'string';

/** Spec column letters → block names (FS covers both facet layouts, same parameters). */
export const COLUMN_BLOCKS = {
  DV: ['datasetView'],
  SV: ['dataserviceView'],
  DL: ['datasetListLayout'],
  SS: ['datasetSimpleSearchLayout'],
  MS: ['datasetMultiSearchLayout'],
  FS: ['datasetFacetSearchLayout', 'datasetCompactFacetSearchLayout'],
  FP: ['datasetFacetSearchPortalLayout'],
} as const satisfies Record<string, readonly BlockName[]>;
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

const ALL = 'DV SV DL SS MS FS FP';

/**
 * One row of the table: `columns` as in the spec (`'DV DL'`); `defaults` one value for every column of the row or a
 * value per column (none: "not shown" everywhere); `limits` the row's `min` or `pattern`.
 */
function row(
  name: string,
  type: ParamType,
  columns: string,
  defaults?: boolean | string | ParamSpec['defaults'],
  limits?: Pick<ParamSpec, 'min' | 'pattern'>,
): ParamSpec {
  const cols = columns.split(' ') as Column[];
  const perColumn = typeof defaults === 'object' ? defaults : defaults === undefined ? {} : Object.fromEntries(cols.map((c) => [c, defaults]));
  return { name, type, columns: cols, defaults: perColumn, ...limits };
}

export const PARAMS: readonly ParamSpec[] = [
  row('hl', 'number', ALL, { DV: 1, SV: 1, DL: 1, SS: 2, MS: 2, FS: 2, FP: 2 }, { min: 1 }),
  row('pageInUrl', 'boolean', 'DV DL SS MS FS FP'),
  row('includeExtras', 'boolean', 'DV DL SS MS FS', false),
  row('includeVisualizations', 'boolean', 'DV DL SS MS FS', false),
  row('includeTabbedVisualizations', 'boolean', 'DV DL SS MS FS', false),
  row('includeAutoVisualizations', 'boolean', 'DV DL SS MS FS FP'),
  row('includeDataPreview', 'boolean', 'DV DL SS MS FS FP', false),
  row('includeIndicators', 'boolean', 'DV SV DL FP', false),
  row('clickExpand', 'boolean', 'DV DL', true),
  row('registry', 'boolean', 'DV DL'),
  row('legend', 'boolean', 'DV DL MS FS'),
  row('sortOrder', 'string', 'DL SS MS FS FP', undefined,
    { pattern: /^\s*(title|[\w.-]+[ +](asc|desc)(\s*,\s*[\w.-]+[ +](asc|desc))*)\s*$/i }),
  row('includeSorting', 'boolean', 'SS MS FS'),
  row('includeServices', 'boolean', 'SS MS FS'),
  row('break', 'string', 'FS FP', '1024px', { pattern: /^\s*\d+(\.\d+)?\s*(px|em|rem|vw|ch)?\s*$/i }),
  row('hvdFilter', 'boolean', 'FS FP'),
  row('typeFilter', 'boolean', 'FS'),
];

/**
 * A row of EXTRA_PARAMS: a ParamSpec whose type may also be `json` (an object, an array or a string as given;
 * attribute text starting with `{` or `[` is parsed as JSON). Extra rows belong to no column of the spec table and
 * have no table default: the blocks that read them give their own.
 */
export interface ExtraParamSpec extends Omit<ParamSpec, 'type'> {
  readonly type: ParamType | 'json';
}

const EXTRA_TYPES = { n: 'number', j: 'json', s: 'string' } as const;

/**
 * Parameters of the EntryScape Blocks runtime that the spec table does not list (issue 10), resolved by the same
 * resolver as PARAMS: attribute → inherit → `blocks` override defaults → page config → the block's own default.
 * Written as `name:type` (n number ≥ 1, j json, s string) to keep every page's core chunk small. `context` and
 * `namedclick`/`click` are read by the search lists; `exclude`/`include` (collection names) by the facets.
 */
export const EXTRA_PARAMS: readonly ExtraParamSpec[] = (
  'limit:n limitOptions:j sortOptions:j baseFilter:j minimumSearchLength:n facetLimit:n exclude:j include:j namedclick:s click:s context:j'
)
  .split(' ')
  .map((row) => {
    const [name, t] = row.split(':') as [string, keyof typeof EXTRA_TYPES];
    return { name, type: EXTRA_TYPES[t], columns: [], defaults: {}, ...(t === 'n' ? { min: 1 } : {}) };
  });

/** Lower-case, without `-`/`_`: `include-data-preview`, `includeDataPreview`, `includedatapreview` compare equal. */
export const squash = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

const knownNames = (): ReadonlySet<string> => new Set([...PARAMS, ...EXTRA_PARAMS].map((p) => squash(p.name)));
/**
 * Every parameter name of both tables, squashed (`includedatapreview`), for unknown-parameter warnings. Pure: the CDN
 * build leaves it out of core, which every page loads (the legacy chunk builds its own set from the tables).
 */
export const KNOWN_PARAM_NAMES: ReadonlySet<string> = /* @__PURE__ */ knownNames();

/** Global (page-level) settings read from `data-portal-config` tags and JSON config. */
export interface GlobalConfig {
  storeUrl?: string;
  lang?: string;
  strictStandardHtml?: boolean;
  /** Landing page routes: `dataset` and `dataservice` targets (see behaviour doc §3.2). */
  clicks?: Record<string, string>;
  /** Any block parameter may also be set globally (page config), e.g. `hl`, `registry`. */
  [param: string]: unknown;
}

export function columnOf(block: BlockName): Column {
  for (const [col, blocks] of Object.entries(COLUMN_BLOCKS)) if ((blocks as readonly string[]).includes(block)) return col as Column;
  throw new Error(`Unknown block ${block}`);
}

export function paramsOf(block: BlockName): readonly ParamSpec[] {
  const col = columnOf(block);
  return PARAMS.filter((p) => p.columns.includes(col));
}

/** kebab-case attribute name of a parameter: includeDataPreview → include-data-preview. */
export function attributeName(param: string): string {
  return param.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
