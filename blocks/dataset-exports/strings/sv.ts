/** Swedish strings of <dataset-exports> (`export.*`); see en.ts. */
import type { ExportMessages } from './en.ts';

export const exportsSv: ExportMessages = {
  'export.col.title': 'Titel',
  'export.col.resource': 'Resurs-URI',
  'export.none': 'Det finns inget att exportera.',
  'export.capped': 'Resultatet har {total} datamängder; bara de första {cap} exporteras.',
  'export.done': '{n} datamängder exporterade.',
  'export.done.one': '1 datamängd exporterad.',
  'export.leftOut': '{n} påståenden med en oanvändbar URI, språkkod eller värde utelämnades ur filen.',
  'export.leftOut.one': '1 påstående med en oanvändbar URI, språkkod eller värde utelämnades ur filen.',
  'export.leftOutDatasets': '{n} datamängder utan absolut URI utelämnades ur filen.',
  'export.leftOutDatasets.one': '1 datamängd utan absolut URI utelämnades ur filen.',
  'export.failed': 'Exporten misslyckades. Försök igen.',
};
