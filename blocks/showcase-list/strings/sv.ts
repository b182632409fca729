/** Swedish strings of the showcase and idea lists (for review, like every sv/de string). */
export const showcaseSv = {
  'showcase.heading': 'Tillämpningar',
  'idea.heading': 'Idéer',
  'showcase.empty': 'Det finns inga tillämpningar ännu.',
  'idea.empty': 'Det finns inga idéer ännu.',
  'showcase.emptyOf': 'Inga tillämpningar använder den här datamängden ännu.',
  'idea.emptyOf': 'Inga idéer använder den här datamängden ännu.',
  'showcase.none': 'Inga tillämpningar matchar sökningen.',
  'idea.none': 'Inga idéer matchar sökningen.',
  'showcase.untitled': 'Utan titel',
  'showcase.uses': 'Använder:',
  'showcase.website': 'Besök webbplatsen',
  'showcase.noDetails': 'Ingen ytterligare information.',
} as const;
