/** Swedish strings of the rich dataset content (`rich.*`, and the section headings and preview toggle of the behaviour doc's string table: `map.heading`, `viz.heading`, `preview.open` / `close`). */
export const richSv = {
  'map.heading': 'Karta',
  'viz.heading': 'Visualiseringar',
  'preview.open': 'Förhandsgranska data',
  'preview.close': 'Dölj förhandsgranskning',
  'rich.previewOf': 'Förhandsgranska data: {name}',
};
