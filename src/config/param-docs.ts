/**
 * What each parameter of the table in params.ts means: the text of the README parameter table and the demo pages
 * (scripts/params-table.mjs, scripts/demo-html.mjs). Apart from params.ts so the blocks' bundle does not carry it.
 */
export const PARAM_MEANINGS: Readonly<Record<string, string>> = {
  hl: 'Heading level to start with in the block',
  pageInUrl: 'Adds a query parameter to the URL so search bots can crawl; also enables navigating back to the last page number',
  includeExtras: 'Include showcases and ideas',
  includeVisualizations: 'Include visualizations as a list after all other data',
  includeTabbedVisualizations: 'Include visualizations in a tabbed view at the top',
  includeAutoVisualizations: 'Include automatic visualizations for WMS distributions',
  includeDataPreview: 'Include a preview of tabular data',
  includeIndicators: 'Shows indicators (works as expected only against a registry)',
  clickExpand: 'Clicking anywhere on a distribution row expands its metadata',
  registry: 'Set to true when used against harvested data in a registry, for improved lookup of file names',
  legend: 'Turn legends in WMS visualizations on or off',
  sortOrder: 'Sort order written according to the sorting specification of the metadata store',
  includeSorting: 'Include a dropdown for switching to alphabetical sorting',
  includeServices: 'Data services are also included in the list (sv, en, de)',
  break: 'Width at which the two-column layout becomes one column with an expandable filter',
  hvdFilter: 'The facet filter includes HVD',
  typeFilter: 'The facet filter includes Type (dataset series, dataset, dataservice); sv, en, de',
};

/** The documentation text of one parameter ('' for a name the table does not have). */
export function paramMeaning(name: string): string {
  return PARAM_MEANINGS[name] ?? '';
}
