/** Swedish strings of the showcases/ideas lists and the indicator row (for review, like every sv/de string). */
export const extrasSv = {
  'extras.untitled': 'Utan titel',
  'extras.more': 'Mer information',
  'extras.less': 'Mindre information',
  'extras.noDetails': 'Ingen ytterligare information.',
  'extras.pages': 'Sidor med {name}',
  'extras.page': 'Sida {page} av {pages}',
} as const;

export const indicatorsSv = {
  'indicators.list': 'Indikatorer',
} as const;
