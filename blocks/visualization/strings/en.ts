/**
 * English strings of <catalog-visualization> and <catalog-visualization-tabs> (`viz.*`): a chunk of their own,
 * loaded with the page's UI strings (strings.ts), so pages without a visualization never download them.
 */
export const vizEn = {
  'viz.title': 'Visualization',
  'viz.tabs': 'Visualizations',
  'viz.loading': 'Loading the visualization…',
  'viz.failed': 'The visualization could not be loaded.',
  'viz.tooLarge': 'The file is too large to draw: charts read at most 1 MiB.',
  'viz.empty': 'The file has no values to draw.',
  'viz.download': 'Download the data',
  'viz.source': 'Source: {name}',
  'viz.showTable': 'Show as table',
  'viz.noLabel': 'No label',
  'viz.count': 'Count',
  'viz.bar': 'Bar chart of {n} values. The values are also in the table of "Show as table".',
  'viz.line': 'Line chart of {n} values. The values are also in the table of "Show as table".',
  'viz.pie': 'Pie chart of {n} values. The values are also in the table of "Show as table".',
  'viz.pieGrouped': 'Pie chart of {n} values; the {k} smallest are shown together as "Other". The values are also in the table of "Show as table".',
  'viz.other': 'Other ({n} values)',
  'viz.skipped': '{n} rows without a number were left out.',
  'viz.truncated': 'Only the first {n} values are drawn.',
  'viz.spread': '{n} of {total} values are drawn, spread evenly from the first to the last.',
  'viz.pointsSkipped': '{n} rows without valid coordinates were left out.',
  'viz.places': 'Map of {n} places: {names}. The places are also in the table of "Show as table".',
  'viz.place': 'Map of one place: {names}. It is also in the table of "Show as table".',
  'viz.placesAt': 'Map of {n} places between longitude {west} and {east}, latitude {south} and {north}. The places are also in the table of "Show as table".',
  'viz.placeAt': 'Map of one place at longitude {west}, latitude {south}. It is also in the table of "Show as table".',
  'viz.andMore': '{names} and {n} more',
  'viz.name': 'Name',
  'viz.longitude': 'Longitude',
  'viz.latitude': 'Latitude',
  'viz.tableOf': 'Values of {title}',
} as const;

export type VizKey = keyof typeof vizEn;
export type VizMessages = Readonly<Record<VizKey, string>>;
