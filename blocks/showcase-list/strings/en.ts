/** English strings of the showcase and idea lists (blocks/showcase-list/strings.ts loads them). */
export const showcaseEn = {
  'showcase.heading': 'Showcases',
  'idea.heading': 'Ideas',
  'showcase.empty': 'There are no showcases yet.',
  'idea.empty': 'There are no ideas yet.',
  'showcase.emptyOf': 'No showcases use this dataset yet.',
  'idea.emptyOf': 'No ideas use this dataset yet.',
  'showcase.none': 'No showcases match your search.',
  'idea.none': 'No ideas match your search.',
  'showcase.untitled': 'Untitled',
  'showcase.uses': 'Uses:',
  'showcase.website': 'Visit the website',
  'showcase.noDetails': 'No further information.',
} as const;
