/** German strings of the visualizations (`viz.*`, for review); see en.ts. */
import type { VizMessages } from './en.ts';

export const vizDe: VizMessages = {
  'viz.title': 'Visualisierung',
  'viz.tabs': 'Visualisierungen',
  'viz.loading': 'Visualisierung wird geladen…',
  'viz.failed': 'Die Visualisierung konnte nicht geladen werden.',
  'viz.tooLarge': 'Die Datei ist zu groß zum Zeichnen: Diagramme lesen höchstens 1 MiB.',
  'viz.empty': 'Die Datei enthält keine Werte zum Zeichnen.',
  'viz.download': 'Daten herunterladen',
  'viz.source': 'Quelle: {name}',
  'viz.showTable': 'Als Tabelle anzeigen',
  'viz.noLabel': 'Keine Beschriftung',
  'viz.count': 'Anzahl',
  'viz.bar': 'Balkendiagramm mit {n} Werten. Die Werte stehen auch in der Tabelle unter „Als Tabelle anzeigen“.',
  'viz.line': 'Liniendiagramm mit {n} Werten. Die Werte stehen auch in der Tabelle unter „Als Tabelle anzeigen“.',
  'viz.pie': 'Kreisdiagramm mit {n} Werten. Die Werte stehen auch in der Tabelle unter „Als Tabelle anzeigen“.',
  'viz.pieGrouped': 'Kreisdiagramm mit {n} Werten; die {k} kleinsten sind zusammen als „Sonstige“ dargestellt. Die Werte stehen auch in der Tabelle unter „Als Tabelle anzeigen“.',
  'viz.other': 'Sonstige ({n} Werte)',
  'viz.skipped': '{n} Zeilen ohne Zahl wurden ausgelassen.',
  'viz.truncated': 'Nur die ersten {n} Werte werden gezeichnet.',
  'viz.pointsSkipped': '{n} Zeilen ohne gültige Koordinaten wurden ausgelassen.',
  'viz.name': 'Name',
  'viz.longitude': 'Längengrad',
  'viz.latitude': 'Breitengrad',
  'viz.tableOf': 'Werte von {title}',
};
