/** Swedish UI strings of the search blocks and features (see ./en.ts). */
import type { SearchKey } from './en.ts';
import { svShared } from '../shared/sv.ts';

export const svSearch: Readonly<Record<SearchKey, string>> = {
  ...svShared,
  'search.placeholder': 'Sök datamängder',
  'search.label': 'Sök',
  'search.tooShort': 'Skriv minst {n} tecken',
  'search.invalid': 'Söktexten får inte innehålla ^ + - [ ] { } \\ / ! # " ~',
  'multi.freeText': 'Sök efter "{term}"',
  'multi.removeChip': 'Ta bort {label}',
  'chips.label': 'Din sökning',
  'multi.suggestions': 'Förslag',
  'multi.count': '{n} förslag',
  'multi.count.one': '1 förslag',
  'results.all': 'Visar alla {n} datamängder',
  'results.all.one': 'Visar 1 datamängd',
  'results.filtered': '{n} datamängder matchar din sökning',
  'results.filtered.one': '1 datamängd matchar din sökning',
  'results.none': 'Inga datamängder matchar din sökning.',
  'list.empty': 'Det finns inga datamängder att visa.',
  'list.nothing': 'Det finns inget att visa.',
  'list.noMatch': 'Inget matchar din sökning.',
  'hits.all': 'Visar alla {n} träffar',
  'hits.all.one': 'Visar 1 träff',
  'hits.filtered': '{n} träffar matchar din sökning',
  'hits.filtered.one': '1 träff matchar din sökning',
  'hits.none': 'Inga datamängder eller datatjänster matchar din sökning.',
  'hits.empty': 'Det finns inga datamängder eller datatjänster att visa.',
  'hits.count': '{n} träffar',
  'hits.count.one': '1 träff',
  'error.block': 'Blockfel: {message}',
  'facets.count': '{n} datamängder',
  'facets.count.one': '1 datamängd',
  'facets.heading': 'Filtrera',
  'layout.skip': 'Hoppa till sökresultaten',
  'facets.showMore': 'Visa fler',
  'facets.showLess': 'Visa färre',
  'facets.remove': 'Ta bort filter',
  'facets.clearAll': 'Rensa alla filter',
  'facets.toggle': 'Filter ({n})',
  'facets.missing': 'Saknas',
  'facet.theme': 'Tema',
  'facet.org': 'Utgivare',
  'facet.format': 'Format',
  'facet.license': 'Licens',
  'facet.access': 'Åtkomsträttigheter',
  'facet.keyword': 'Nyckelord',
  'facet.hvd': 'HVD-kategori',
  'facet.type': 'Typ',
  'type.dataset': 'Datamängd',
  'type.series': 'Datamängdsserie',
  'type.service': 'Datatjänst',
  'format.other': 'Övriga format',
  'sort.label': 'Sortera efter',
  'sort.modified': 'Senast ändrad',
  'sort.title': 'Titel A–Ö',
  'page.nav': 'Sidnavigering',
  'page.range': '{from}–{to} av {total}',
  'page.first': 'Första sidan',
  'page.prev': 'Föregående sida',
  'page.next': 'Nästa sida',
  'page.last': 'Sista sidan',
  'export.label': 'Ladda ner resultatet som',
  'export.progress': 'Exporterar {n} av {total}…',
};

import themes from '../shared/sv.ts';
import inspire from '../../dcat/vocab/inspire-theme.sv.ts';

/**
 * The labels this part adds to the vocabulary index (src/i18n/index.ts → addVocabulary): the theme and access-right
 * labels of the shared part and the INSPIRE themes, which a theme facet over a geodata catalog shows (as a chunk of their
 * own they cost such a search page a request and about 0.1 KB gzip more).
 */
/** The strings under the one name every part has (src/i18n/index.ts reads it). */
export { svSearch as strings };

export default { ...themes, ...inspire };
