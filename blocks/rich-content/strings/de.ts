/** German strings of the rich dataset content (`rich.*`, and the section headings and preview toggle of the behaviour doc's string table: `map.heading`, `viz.heading`, `preview.open` / `close`). */
export const richDe = {
  'map.heading': 'Karte',
  'viz.heading': 'Visualisierungen',
  'preview.open': 'Datenvorschau',
  'preview.close': 'Vorschau ausblenden',
  'rich.previewOf': 'Datenvorschau: {name}',
};
