/** German strings of the rich dataset content (`rich.*`). */
export const richDe = {
  'rich.map': 'Karte',
  'rich.visualizations': 'Visualisierungen',
  'rich.preview': 'Datenvorschau',
  'rich.hidePreview': 'Vorschau ausblenden',
  'rich.previewOf': 'Datenvorschau: {name}',
};
