// <dataset-results> (and <catalog-results>, <esb-datasetresults>), behaviour doc §4.8: the count text in every
// variant and language (singular forms, digit grouping), `.esbResults--filtered`, a polite live region, bound to the
// scope of the same name (updates with every result), and nothing when the search failed.
import { expect } from '@open-wc/testing';
import type { DatasetResults } from '../../blocks/dataset-results/dataset-results.ts';
import { resultsText } from '../../blocks/dataset-results/results.ts';
import { loadAllMessages, type Lang } from '../../src/i18n/index.ts';
import { scopeFor } from '../../src/search/scope.ts';
import type { SearchResults, SearchState } from '../../src/search/types.ts';
import { devStore, settled, text } from './helpers.ts';
import { block, freshScope, pagingContextId, until } from './dataset-list.helpers.ts';

function results(total: number, state: Partial<SearchState> = {}): SearchResults {
  return { state: { terms: [], filters: {}, page: 1, ...state }, total, pageCount: Math.ceil(total / 10), rows: [], facets: [] };
}

const NBSP = '\u00a0';
const CASES: Record<Lang, { all: string; allOne: string; filtered: string; filteredOne: string; none: string; empty: string }> = {
  en: {
    all: 'Showing all 2,636 datasets', allOne: 'Showing 1 dataset', filtered: '25 datasets match your search',
    filteredOne: '1 dataset matches your search', none: 'No datasets match your search.', empty: 'There are no datasets to show.',
  },
  sv: {
    all: `Visar alla 2${NBSP}636 datamängder`, allOne: 'Visar 1 datamängd', filtered: '25 datamängder matchar din sökning',
    filteredOne: '1 datamängd matchar din sökning', none: 'Inga datamängder matchar din sökning.', empty: 'Det finns inga datamängder att visa.',
  },
  de: {
    all: 'Alle 2.636 Datensätze werden angezeigt', allOne: '1 Datensatz wird angezeigt', filtered: '25 Datensätze entsprechen Ihrer Suche',
    filteredOne: '1 Datensatz entspricht Ihrer Suche', none: 'Keine Datensätze entsprechen Ihrer Suche.', empty: 'Es gibt keine Datensätze anzuzeigen.',
  },
};

describe('dataset-results: text variants', () => {
  before(() => loadAllMessages());
  for (const [lang, c] of Object.entries(CASES) as [Lang, (typeof CASES)['en']][]) {
    it(`${lang}: all (digit grouping), one, filtered, filtered one, none, empty`, () => {
      expect(resultsText(results(2636), lang)).to.equal(c.all);
      expect(resultsText(results(1), lang)).to.equal(c.allOne);
      expect(resultsText(results(25, { terms: ['paging'] }), lang)).to.equal(c.filtered);
      expect(resultsText(results(1, { filters: { theme: ['http://x.example/t'] } }), lang)).to.equal(c.filteredOne);
      expect(resultsText(results(0, { terms: ['zzz'] }), lang)).to.equal(c.none);
      expect(resultsText(results(0), lang)).to.equal(c.empty);
    });
  }
});

async function pair(attrs: Record<string, string> = {}, tag = 'dataset-results') {
  const { storeUrl } = await devStore();
  const scope = freshScope();
  const list = await block('dataset-list', { 'store-url': storeUrl, scope, context: await pagingContextId(), lang: 'en', ...attrs });
  const res = await block<DatasetResults>(tag, { 'store-url': storeUrl, scope, lang: 'en', ...attrs });
  await settled(list);
  await settled(res);
  return { list, res, scope: scopeFor(document, scope, list.store as never) };
}

const box = (el: Element) => el.querySelector<HTMLElement>('.esbResults')!;

describe('dataset-results: bound to the scope', () => {
  it('a polite live region (role=status) with the count of the list of the same scope', async () => {
    const { res } = await pair();
    expect(box(res).getAttribute('role')).to.equal('status');
    expect(box(res).getAttribute('aria-live')).to.equal('polite');
    expect(text(box(res))).to.equal('Showing all 25 datasets');
    expect(box(res).classList.contains('esbResults--filtered')).to.equal(false);
    await expect(res).to.be.accessible();
  });

  it('a term: "N datasets match your search" and .esbResults--filtered; no hits: "No datasets match your search."', async () => {
    const { res, scope } = await pair();
    scope.update((s) => ({ ...s, terms: ['paging'] }), { history: 'none' });
    await until(() => text(box(res)) === '25 datasets match your search', 'filtered count');
    expect(box(res).classList.contains('esbResults--filtered')).to.equal(true);
    scope.update((s) => ({ ...s, terms: ['nosuchwordanywhere'] }), { history: 'none' });
    await until(() => text(box(res)) === 'No datasets match your search.', 'no hits');
    expect(box(res).classList.contains('esbResults--filtered')).to.equal(true);
  });

  it('Swedish and German UI', async () => {
    const sv = await pair({ lang: 'sv' });
    expect(text(box(sv.res))).to.equal('Visar alla 25 datamängder');
    const de = await pair({ lang: 'de' });
    expect(text(de.res.querySelector('.esbResults'))).to.equal('Alle 25 Datensätze werden angezeigt');
  });

  it('paging does not change the count text', async () => {
    const { res, scope } = await pair();
    scope.update((s) => ({ ...s, page: 2 }), { history: 'none' });
    await scope.settled();
    await res.updateComplete;
    expect(text(box(res))).to.equal('Showing all 25 datasets');
  });

  it('a failed search shows no count (the list shows the error)', async () => {
    const { closedStoreUrl } = await devStore();
    const scope = freshScope();
    await block('dataset-list', { 'store-url': closedStoreUrl, scope, lang: 'en' });
    const res = await block<DatasetResults>('dataset-results', { 'store-url': closedStoreUrl, scope, lang: 'en' });
    expect(await settled(res)).to.equal('unreachable');
    expect(text(box(res))).to.equal('');
    await expect(res).to.be.accessible();
  });

  it('the base tag <catalog-results> and the legacy tag <esb-datasetresults> render the same', async () => {
    for (const tag of ['catalog-results', 'esb-datasetresults']) {
      const { res } = await pair({}, tag);
      expect(text(box(res))).to.equal('Showing all 25 datasets');
    }
  });

  it('two scopes on one page do not mix', async () => {
    const a = await pair();
    const b = await pair({ 'type-filter': 'true' });
    expect(text(box(a.res))).to.equal('Showing all 25 datasets');
    expect(text(box(b.res))).to.equal('Showing all 27 results'); // 25 datasets, a series and a data service (issue 11)
  });
});
