/**
 * What every page shows in English before a result row is opened: the labels of the EU data themes and access rights
 * (facet values, rows, landing pages; the default export, added to src/dcat/vocab.ts by loadPart in ../index.ts and
 * loaded from here by src/dcat/vocab.ts) and the strings a result row shares with the landing pages. Loaded with
 * either other part (`loadSearchMessages`, `loadLandingMessages`).
 */
export const enShared = {
  'dv.untitled': 'Untitled dataset',
  'svc.untitled': 'Untitled data service',
  'row.more': 'More information',
  'row.less': 'Less information',
} as const;

export type SharedKey = keyof typeof enShared;

export { default } from '../../dcat/vocab/themes.en.ts';
