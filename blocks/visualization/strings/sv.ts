/** Swedish strings of the visualizations (`viz.*`, for review); see en.ts. */
import type { VizMessages } from './en.ts';

export const vizSv: VizMessages = {
  'viz.title': 'Visualisering',
  'viz.tabs': 'Visualiseringar',
  'viz.loading': 'Laddar visualiseringen…',
  'viz.failed': 'Visualiseringen kunde inte laddas.',
  'viz.tooLarge': 'Filen är för stor för att ritas: diagram läser högst 1 MiB.',
  'viz.empty': 'Filen har inga värden att rita.',
  'viz.download': 'Ladda ner datan',
  'viz.source': 'Källa: {name}',
  'viz.showTable': 'Visa som tabell',
  'viz.noLabel': 'Ingen etikett',
  'viz.count': 'Antal',
  'viz.bar': 'Stapeldiagram med {n} värden. Värdena finns också i tabellen under ”Visa som tabell”.',
  'viz.line': 'Linjediagram med {n} värden. Värdena finns också i tabellen under ”Visa som tabell”.',
  'viz.pie': 'Cirkeldiagram med {n} värden. Värdena finns också i tabellen under ”Visa som tabell”.',
  'viz.pieGrouped': 'Cirkeldiagram med {n} värden; de {k} minsta visas tillsammans som ”Övriga”. Värdena finns också i tabellen under ”Visa som tabell”.',
  'viz.other': 'Övriga ({n} värden)',
  'viz.skipped': '{n} rader utan tal utelämnades.',
  'viz.truncated': 'Bara de första {n} värdena ritas.',
  'viz.pointsSkipped': '{n} rader utan giltiga koordinater utelämnades.',
  'viz.name': 'Namn',
  'viz.longitude': 'Longitud',
  'viz.latitude': 'Latitud',
  'viz.tableOf': 'Värden i {title}',
};
