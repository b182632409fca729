/**
 * The few UI strings a block needs before its language's message chunk has loaded (loading and error states),
 * in every language. The full tables (en.ts, sv.ts, de.ts) spread these in, so each string is written once.
 */
export const enCore = {
  'state.loading': 'Loading…',
  'state.error': 'The information could not be loaded.',
  'state.retry': 'Try again',
  'state.unreachable': 'The catalog could not be reached.',
  'state.malformed': 'The catalog answered with data that could not be read.',
  'dv.noEntry': 'No dataset was specified.',
  'dv.notFound': 'The dataset could not be found or is not public.',
  'svc.noEntry': 'No data service was specified.',
  'svc.notFound': 'The data service could not be found or is not public.',
} as const;

export const svCore = {
  'state.loading': 'Laddar…',
  'state.error': 'Informationen kunde inte hämtas.',
  'state.retry': 'Försök igen',
  'state.unreachable': 'Katalogen kunde inte nås.',
  'state.malformed': 'Katalogen svarade med data som inte kunde läsas.',
  'dv.noEntry': 'Ingen datamängd har angetts.',
  'dv.notFound': 'Datamängden hittades inte eller är inte publik.',
  'svc.noEntry': 'Ingen datatjänst har angetts.',
  'svc.notFound': 'Datatjänsten hittades inte eller är inte publik.',
} as const;

export const deCore = {
  'state.loading': 'Wird geladen…',
  'state.error': 'Die Informationen konnten nicht geladen werden.',
  'state.retry': 'Erneut versuchen',
  'state.unreachable': 'Der Katalog ist nicht erreichbar.',
  'state.malformed': 'Der Katalog hat mit Daten geantwortet, die nicht gelesen werden konnten.',
  'dv.noEntry': 'Es wurde kein Datensatz angegeben.',
  'dv.notFound': 'Der Datensatz wurde nicht gefunden oder ist nicht öffentlich.',
  'svc.noEntry': 'Es wurde kein Datendienst angegeben.',
  'svc.notFound': 'Der Datendienst wurde nicht gefunden oder ist nicht öffentlich.',
} as const;
