/** German strings of the showcases/ideas lists and the indicator row (for review, like every sv/de string). */
export const extrasDe = {
  'extras.untitled': 'Ohne Titel',
  'extras.more': 'Mehr Informationen',
  'extras.less': 'Weniger Informationen',
  'extras.noDetails': 'Keine weiteren Informationen.',
  'extras.pages': 'Seiten: {name}',
  'extras.page': 'Seite {page} von {pages}',
  'extras.showcases': 'Anwendungsbeispiele',
  'extras.ideas': 'Ideen',
  // The pager's words, as the search blocks say them (a landing page has no search strings).
  'page.prev': 'Vorherige Seite',
  'page.next': 'Nächste Seite',
} as const;

export const indicatorsDe = {
  'indicators.list': 'Indikatoren',
} as const;
