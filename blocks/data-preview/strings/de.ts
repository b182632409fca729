/** German strings of <catalog-data-preview> (`preview.*`, for review); see en.ts. */
import type { PreviewMessages } from './en.ts';

export const previewDe: PreviewMessages = {
  'preview.heading': 'Datenvorschau',
  'preview.caption': 'Vorschau von {name}',
  'preview.loading': 'Vorschau wird geladen…',
  'preview.tooLarge': 'Die Datei ist für eine Vorschau zu groß.',
  'preview.tooLargePartial': 'Die Datei ist größer als 10 MiB: Die Tabelle zeigt nur die {n} Zeilen ihrer ersten 10 MiB.',
  'preview.notTabular': 'Diese Datei enthält keine Tabellendaten.',
  'preview.failed': 'Die Daten konnten nicht für die Vorschau geladen werden.',
  'preview.retry': 'Erneut versuchen',
  'preview.download': 'Datei herunterladen',
  'preview.rows': 'Zeilen {from}–{to} von {total}',
  'preview.rowsFiltered': 'Zeilen {from}–{to} von {total} Treffern (von {all})',
  'preview.noRows': 'Die Datei hat keine Zeilen unter der Kopfzeile.',
  'preview.noMatch': 'Keine Zeilen entsprechen dem Filter (von {all}).',
  'preview.filter': 'Zeilen filtern',
  'preview.columns': 'Spalten',
  'preview.showColumns': 'Angezeigte Spalten',
  'preview.column': 'Spalte {n}',
  'preview.pages': 'Seiten der Vorschau',
  'preview.page': 'Seite {page} von {pages}',
  'preview.first': 'Erste Seite',
  'preview.prev': 'Vorherige Seite',
  'preview.next': 'Nächste Seite',
  'preview.last': 'Letzte Seite',
};
