/** Swedish strings of the showcases/ideas lists and the indicator row (for review, like every sv/de string). */
export const extrasSv = {
  'extras.untitled': 'Utan titel',
  'extras.more': 'Mer information',
  'extras.less': 'Mindre information',
  'extras.noDetails': 'Ingen ytterligare information.',
  'extras.pages': 'Sidor med {name}',
  'extras.page': 'Sida {page} av {pages}',
  'extras.showcases': 'Tillämpningar',
  'extras.ideas': 'Idéer',
  // The pager's words, as the search blocks say them (a landing page has no search strings).
  'page.prev': 'Föregående sida',
  'page.next': 'Nästa sida',
} as const;

export const indicatorsSv = {
  'indicators.list': 'Indikatorer',
} as const;
