/** English strings of the showcases/ideas lists and the indicator row (blocks/extras/strings.ts loads them). */
export const extrasEn = {
  'extras.untitled': 'Untitled',
  'extras.more': 'More information',
  'extras.less': 'Less information',
  'extras.noDetails': 'No further information.',
  'extras.pages': 'Pages of {name}',
  'extras.page': 'Page {page} of {pages}',
} as const;

export const indicatorsEn = {
  'indicators.list': 'Indicators',
} as const;
