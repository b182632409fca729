/**
 * English UI strings of the search blocks, exports and the issue-9 features (search, facets, results, sorting,
 * paging, exports, preview, visualizations, maps, extras) with the shared part: what a search page loads
 * (`loadSearchMessages`), never a landing page.
 */
import { enShared } from '../shared/en.ts';

export const enSearch = {
  ...enShared,
  'search.placeholder': 'Search datasets',
  'search.label': 'Search',
  'search.tooShort': 'Type at least {n} characters',
  'search.invalid': 'The search text must not contain ^ + - [ ] { } \\ / ! # " ~',
  'multi.freeText': 'Search for "{term}"',
  'multi.removeChip': 'Remove {label}',
  'chips.label': 'Your search',
  'multi.suggestions': 'Suggestions',
  'multi.count': '{n} suggestions',
  'multi.count.one': '1 suggestion',
  'results.all': 'Showing all {n} datasets',
  'results.all.one': 'Showing 1 dataset',
  'results.filtered': '{n} datasets match your search',
  'results.filtered.one': '1 dataset matches your search',
  'results.none': 'No datasets match your search.',
  'list.empty': 'There are no datasets to show.',
  'list.nothing': 'There is nothing to show.',
  'list.noMatch': 'Nothing matches your search.',
  // with data services among the results (SearchResults.counts)
  'hits.all': 'Showing all {n} results',
  'hits.all.one': 'Showing 1 result',
  'hits.filtered': '{n} results match your search',
  'hits.filtered.one': '1 result matches your search',
  'hits.none': 'No datasets or data services match your search.',
  'hits.empty': 'There are no datasets or data services to show.',
  'hits.count': '{n} results',
  'hits.count.one': '1 result',
  'error.block': 'Blocks error: {message}',
  'facets.count': '{n} datasets',
  'facets.count.one': '1 dataset',
  'facets.heading': 'Filter',
  'layout.skip': 'Skip to results',
  'facets.showMore': 'Show more',
  'facets.showLess': 'Show fewer',
  'facets.remove': 'Remove filter',
  'facets.clearAll': 'Clear all filters',
  'facets.toggle': 'Filters ({n})',
  'facets.missing': 'None',
  'facet.theme': 'Theme',
  'facet.org': 'Publisher',
  'facet.format': 'Format',
  'facet.license': 'Licence',
  'facet.access': 'Access rights',
  'facet.keyword': 'Keyword',
  'facet.hvd': 'HVD category',
  'facet.type': 'Type',
  'type.dataset': 'Dataset',
  'type.series': 'Dataset series',
  'type.service': 'Data service',
  'format.other': 'Other formats',
  'sort.label': 'Sort by',
  'sort.modified': 'Last modified',
  'sort.title': 'Title A–Z',
  'page.nav': 'Pagination',
  'page.range': '{from}–{to} of {total}',
  'page.first': 'First page',
  'page.prev': 'Previous page',
  'page.next': 'Next page',
  'page.last': 'Last page',
  'export.label': 'Download the result as',
  'export.progress': 'Exporting {n} of {total}…',
} as const;

export type SearchKey = keyof typeof enSearch;

import themes from '../shared/en.ts';
import inspire from '../../dcat/vocab/inspire-theme.en.ts';

/**
 * The labels this part adds to the vocabulary index (src/i18n/index.ts → addVocabulary): the theme and access-right
 * labels of the shared part and the INSPIRE themes, which a theme facet over a geodata catalog shows (as a chunk of their
 * own they cost such a search page a request and about 0.1 KB gzip more).
 */
/** The strings under the one name every part has (src/i18n/index.ts reads it). */
export { enSearch as strings };

export default { ...themes, ...inspire };
