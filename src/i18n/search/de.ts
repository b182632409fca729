/** German UI strings of the search blocks and features (see ./en.ts). */
import type { SearchKey } from './en.ts';
import { deShared } from '../shared/de.ts';

export const deSearch: Readonly<Record<SearchKey, string>> = {
  ...deShared,
  'search.placeholder': 'Datensätze suchen',
  'search.label': 'Suche',
  'search.tooShort': 'Mindestens {n} Zeichen eingeben',
  'search.invalid': 'Der Suchtext darf ^ + - [ ] { } \\ / ! # " ~ nicht enthalten',
  'multi.freeText': 'Nach „{term}“ suchen',
  'multi.removeChip': '{label} entfernen',
  'chips.label': 'Ihre Suche',
  'multi.suggestions': 'Vorschläge',
  'multi.count': '{n} Vorschläge',
  'multi.count.one': '1 Vorschlag',
  'results.all': 'Alle {n} Datensätze werden angezeigt',
  'results.all.one': '1 Datensatz wird angezeigt',
  'results.filtered': '{n} Datensätze entsprechen Ihrer Suche',
  'results.filtered.one': '1 Datensatz entspricht Ihrer Suche',
  'results.none': 'Keine Datensätze entsprechen Ihrer Suche.',
  'list.empty': 'Es gibt keine Datensätze anzuzeigen.',
  'list.nothing': 'Es gibt nichts anzuzeigen.',
  'list.noMatch': 'Nichts entspricht Ihrer Suche.',
  'hits.all': 'Alle {n} Ergebnisse werden angezeigt',
  'hits.all.one': '1 Ergebnis wird angezeigt',
  'hits.filtered': '{n} Ergebnisse entsprechen Ihrer Suche',
  'hits.filtered.one': '1 Ergebnis entspricht Ihrer Suche',
  'hits.none': 'Keine Datensätze oder Datendienste entsprechen Ihrer Suche.',
  'hits.empty': 'Es gibt keine Datensätze oder Datendienste anzuzeigen.',
  'hits.count': '{n} Ergebnisse',
  'hits.count.one': '1 Ergebnis',
  'error.block': 'Blockfehler: {message}',
  'facets.count': '{n} Datensätze',
  'facets.count.one': '1 Datensatz',
  'facets.heading': 'Filter',
  'layout.skip': 'Zu den Suchergebnissen springen',
  'facets.showMore': 'Mehr anzeigen',
  'facets.showLess': 'Weniger anzeigen',
  'facets.remove': 'Filter entfernen',
  'facets.clearAll': 'Alle Filter zurücksetzen',
  'facets.toggle': 'Filter ({n})',
  'facets.missing': 'Keine Angabe',
  'facet.theme': 'Thema',
  'facet.org': 'Herausgeber',
  'facet.format': 'Format',
  'facet.license': 'Lizenz',
  'facet.access': 'Zugangsrechte',
  'facet.keyword': 'Schlüsselwort',
  'facet.hvd': 'HVD-Kategorie',
  'facet.type': 'Typ',
  'type.dataset': 'Datensatz',
  'type.series': 'Datensatzserie',
  'type.service': 'Datendienst',
  'format.other': 'Andere Formate',
  'sort.label': 'Sortieren nach',
  'sort.modified': 'Zuletzt geändert',
  'sort.title': 'Titel A–Z',
  'page.nav': 'Seitennavigation',
  'page.range': '{from}–{to} von {total}',
  'page.first': 'Erste Seite',
  'page.prev': 'Vorherige Seite',
  'page.next': 'Nächste Seite',
  'page.last': 'Letzte Seite',
  'export.label': 'Ergebnis herunterladen als',
  'export.progress': 'Exportiere {n} von {total}…',
};

import themes from '../shared/de.ts';
import inspire from '../../dcat/vocab/inspire-theme.de.ts';

/**
 * The labels this part adds to the vocabulary index (src/i18n/index.ts → addVocabulary): the theme and access-right
 * labels of the shared part and the INSPIRE themes, which a theme facet over a geodata catalog shows (as a chunk of their
 * own they cost such a search page a request and about 0.1 KB gzip more).
 */
/** The strings under the one name every part has (src/i18n/index.ts reads it). */
export { deSearch as strings };

export default { ...themes, ...inspire };
