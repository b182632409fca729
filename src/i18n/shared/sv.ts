/** Swedish labels of the EU data themes and access rights and the strings every page shows (see ./en.ts). */
import type { SharedKey } from './en.ts';

export const svShared: Readonly<Record<SharedKey, string>> = {
  'dv.untitled': 'Datamängd utan titel',
  'svc.untitled': 'Datatjänst utan titel',
  'row.more': 'Mer information',
  'row.less': 'Mindre information',
};

export { default } from '../../dcat/vocab/themes.sv.ts';
