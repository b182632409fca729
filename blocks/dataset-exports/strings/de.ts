/** German strings of <dataset-exports> (`export.*`); see en.ts. */
import type { ExportMessages } from './en.ts';

export const exportsDe: ExportMessages = {
  'export.col.title': 'Titel',
  'export.col.resource': 'Ressourcen-URI',
  'export.none': 'Es gibt nichts zu exportieren.',
  'export.capped': 'Das Ergebnis hat {total} Datensätze; nur die ersten {cap} werden exportiert.',
  'export.done': '{n} Datensätze exportiert.',
  'export.done.one': '1 Datensatz exportiert.',
  'export.leftOut': '{n} Aussagen mit unbrauchbarer URI, Sprachkennung oder Wert wurden in der Datei ausgelassen.',
  'export.leftOut.one': '1 Aussage mit unbrauchbarer URI, Sprachkennung oder Wert wurde in der Datei ausgelassen.',
  'export.leftOutDatasets': '{n} Datensätze ohne absolute URI wurden in der Datei ausgelassen.',
  'export.leftOutDatasets.one': '1 Datensatz ohne absolute URI wurde in der Datei ausgelassen.',
  'export.failed': 'Der Export ist fehlgeschlagen. Bitte erneut versuchen.',
};
