/** English strings of the rich dataset content (`rich.*`): loaded with it (strings.ts), never by pages without it. */
export const richEn = {
  'rich.map': 'Map',
  'rich.visualizations': 'Visualizations',
  'rich.preview': 'Preview data',
  'rich.hidePreview': 'Hide preview',
  'rich.previewOf': 'Preview data: {name}',
};
