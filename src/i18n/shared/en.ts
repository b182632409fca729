/**
 * What every page shows in English before a result row is opened: the strings a result row shares with the landing
 * pages and (the default export) the labels of the EU data themes and access rights (facet values, rows, landing
 * pages). Both other parts import it (src/i18n/index.ts adds the labels to src/dcat/vocab.ts when a part loads); the
 * CDN build keeps it in a chunk of its own beside each part's (vite.config.ts STRINGS_GROUP).
 */
export const enShared = {
  'dv.untitled': 'Untitled dataset',
  'svc.untitled': 'Untitled data service',
  'row.more': 'More information',
  'row.less': 'Less information',
  // configuration and template errors (behaviour doc §2.1): shown with a page's strings, not before they load
} as const;

export type SharedKey = keyof typeof enShared;

export { default } from '../../dcat/vocab/themes.en.ts';
