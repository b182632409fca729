/** Swedish strings of <catalog-data-preview> (`preview.*`, for review); see en.ts. */
import type { PreviewMessages } from './en.ts';

export const previewSv: PreviewMessages = {
  'preview.heading': 'Förhandsgranskning av data',
  'preview.caption': 'Förhandsgranskning av {name}',
  'preview.loading': 'Laddar förhandsgranskning…',
  'preview.tooLarge': 'Filen är för stor för att förhandsgranskas.',
  'preview.tooLargePartial': 'Filen är större än 10 MiB: tabellen visar bara de {n} raderna i dess första 10 MiB.',
  'preview.notTabular': 'Filen innehåller inte tabelldata.',
  'preview.failed': 'Datan kunde inte hämtas för förhandsgranskning.',
  'preview.retry': 'Försök igen',
  'preview.download': 'Ladda ner filen',
  'preview.rows': 'Rad {from}–{to} av {total}',
  'preview.rowsFiltered': 'Rad {from}–{to} av {total} som matchar (av {all})',
  'preview.noRows': 'Filen har inga rader under rubrikraden.',
  'preview.noMatch': 'Inga rader matchar filtret (av {all}).',
  'preview.filter': 'Filtrera rader',
  'preview.columns': 'Kolumner',
  'preview.showColumns': 'Visade kolumner',
  'preview.column': 'Kolumn {n}',
  'preview.pages': 'Sidor i förhandsgranskningen',
  'preview.page': 'Sida {page} av {pages}',
  'preview.first': 'Första sidan',
  'preview.prev': 'Föregående sida',
  'preview.next': 'Nästa sida',
  'preview.last': 'Sista sidan',
};
