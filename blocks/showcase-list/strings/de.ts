/** German strings of the showcase and idea lists (for review, like every sv/de string). */
export const showcaseDe = {
  'showcase.heading': 'Anwendungsbeispiele',
  'idea.heading': 'Ideen',
  'showcase.empty': 'Es gibt noch keine Anwendungsbeispiele.',
  'idea.empty': 'Es gibt noch keine Ideen.',
  'showcase.emptyOf': 'Noch keine Anwendungsbeispiele verwenden diesen Datensatz.',
  'idea.emptyOf': 'Noch keine Ideen verwenden diesen Datensatz.',
  'showcase.none': 'Keine Anwendungsbeispiele entsprechen Ihrer Suche.',
  'idea.none': 'Keine Ideen entsprechen Ihrer Suche.',
  'showcase.untitled': 'Ohne Titel',
  'showcase.uses': 'Verwendet:',
  'showcase.website': 'Zur Website',
  'showcase.noDetails': 'Keine weiteren Informationen.',
} as const;
