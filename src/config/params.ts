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
  /** Not yet rendered by any block (resolved and validated, listed as such in the README). */
  readonly notYetRendered?: boolean;
  /** Numbers: smallest accepted value (smaller → warning + default). */
  readonly min?: number;
  /** Strings: the accepted form (anything else → warning + default). */
  readonly pattern?: RegExp;
  readonly meaning: string;
}

const ALL: readonly Column[] = ['DV', 'SV', 'DL', 'SS', 'MS', 'FS', 'FP'];

export const PARAMS: readonly ParamSpec[] = [
  { name: 'hl', type: 'number', columns: ALL, defaults: { DV: 1, SV: 1, DL: 1, SS: 2, MS: 2, FS: 2, FP: 2 }, min: 1,
    meaning: 'Heading level to start with in the block' },
  { name: 'pageInUrl', type: 'boolean', columns: ['DV', 'DL', 'SS', 'MS', 'FS', 'FP'], defaults: {},
    meaning: 'Adds a query parameter to the URL so search bots can crawl; also enables navigating back to the last page number' },
  { name: 'includeExtras', type: 'boolean', columns: ['DV', 'DL', 'SS', 'MS', 'FS'], notYetRendered: true,
    defaults: { DV: false, DL: false, SS: false, MS: false, FS: false }, meaning: 'Include showcases and ideas' },
  { name: 'includeVisualizations', type: 'boolean', columns: ['DV', 'DL', 'SS', 'MS', 'FS'], notYetRendered: true,
    defaults: { DV: false, DL: false, SS: false, MS: false, FS: false }, meaning: 'Include visualizations as a list after all other data' },
  { name: 'includeTabbedVisualizations', type: 'boolean', columns: ['DV', 'DL', 'SS', 'MS', 'FS'], notYetRendered: true,
    defaults: { DV: false, DL: false, SS: false, MS: false, FS: false }, meaning: 'Include visualizations in a tabbed view at the top' },
  { name: 'includeAutoVisualizations', type: 'boolean', columns: ['DV', 'DL', 'SS', 'MS', 'FS', 'FP'], notYetRendered: true,
    defaults: {}, meaning: 'Include automatic visualizations for WMS distributions' },
  { name: 'includeDataPreview', type: 'boolean', columns: ['DV', 'DL', 'SS', 'MS', 'FS', 'FP'], notYetRendered: true,
    defaults: { DV: false, DL: false, SS: false, MS: false, FS: false, FP: false }, meaning: 'Include a preview of tabular data' },
  { name: 'includeIndicators', type: 'boolean', columns: ['DV', 'SV', 'DL', 'FP'], notYetRendered: true,
    defaults: { DV: false, SV: false, DL: false, FP: false }, meaning: 'Shows indicators (works as expected only against a registry)' },
  { name: 'clickExpand', type: 'boolean', columns: ['DV', 'DL'], defaults: { DV: true, DL: true },
    meaning: 'Clicking anywhere on a distribution row expands its metadata' },
  { name: 'registry', type: 'boolean', columns: ['DV', 'DL'], defaults: {},
    meaning: 'Set to true when used against harvested data in a registry, for improved lookup of file names' },
  { name: 'legend', type: 'boolean', columns: ['DV', 'DL', 'MS', 'FS'], notYetRendered: true, defaults: {},
    meaning: 'Turn legends in WMS visualizations on or off' },
  { name: 'sortOrder', type: 'string', columns: ['DL', 'SS', 'MS', 'FS', 'FP'], defaults: {},
    pattern: /^\s*(title|[\w.-]+[ +](asc|desc)(\s*,\s*[\w.-]+[ +](asc|desc))*)\s*$/i,
    meaning: 'Sort order written according to the sorting specification of the metadata store' },
  { name: 'includeSorting', type: 'boolean', columns: ['SS', 'MS', 'FS'], defaults: {},
    meaning: 'Include a dropdown for switching to alphabetical sorting' },
  { name: 'includeServices', type: 'boolean', columns: ['SS', 'MS', 'FS'], defaults: {},
    meaning: 'Data services are also included in the list (sv, en, de)' },
  { name: 'break', type: 'string', columns: ['FS', 'FP'], defaults: { FS: '1024px', FP: '1024px' },
    pattern: /^\s*\d+(\.\d+)?\s*(px|em|rem|vw|ch)?\s*$/i,
    meaning: 'Width at which the two-column layout becomes one column with an expandable filter' },
  { name: 'hvdFilter', type: 'boolean', columns: ['FS', 'FP'], defaults: {}, meaning: 'The facet filter includes HVD' },
  { name: 'typeFilter', type: 'boolean', columns: ['FS'], defaults: {},
    meaning: 'The facet filter includes Type (dataset series, dataset, dataservice); sv, en, de' },
];

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
