/** English strings of the rich dataset content (`rich.*`, and the section headings and preview toggle of the behaviour doc's string table: `map.heading`, `viz.heading`, `preview.open` / `close`): loaded with it (strings.ts), never by pages without it. */
export const richEn = {
  'map.heading': 'Map',
  'viz.heading': 'Visualizations',
  'preview.open': 'Preview data',
  'preview.close': 'Hide preview',
  'rich.previewOf': 'Preview data: {name}',
};
