/** English strings of the showcases/ideas lists and the indicator row (blocks/dataset-extras/strings.ts loads them). */
export const extrasEn = {
  'extras.untitled': 'Untitled',
  'extras.more': 'More information',
  'extras.less': 'Less information',
  'extras.noDetails': 'No further information.',
  'extras.pages': 'Pages of {name}',
  'extras.page': 'Page {page} of {pages}',
  'extras.showcases': 'Showcases',
  'extras.ideas': 'Ideas',
  // The pager's words, as the search blocks say them (a landing page has no search strings).
  'page.prev': 'Previous page',
  'page.next': 'Next page',
} as const;

export const indicatorsEn = {
  'indicators.list': 'Indicators',
} as const;
