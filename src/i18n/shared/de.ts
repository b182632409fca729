/** German labels of the EU data themes and access rights and the strings every page shows (see ./en.ts). */
import type { SharedKey } from './en.ts';

export const deShared: Readonly<Record<SharedKey, string>> = {
  'dv.untitled': 'Datensatz ohne Titel',
  'svc.untitled': 'Datendienst ohne Titel',
  'row.more': 'Mehr Informationen',
  'row.less': 'Weniger Informationen',
};

export { default } from '../../dcat/vocab/themes.de.ts';
