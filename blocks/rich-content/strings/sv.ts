/** Swedish strings of the rich dataset content (`rich.*`). */
export const richSv = {
  'rich.map': 'Karta',
  'rich.visualizations': 'Visualiseringar',
  'rich.preview': 'Förhandsgranska data',
  'rich.hidePreview': 'Dölj förhandsgranskning',
  'rich.previewOf': 'Förhandsgranska data: {name}',
};
