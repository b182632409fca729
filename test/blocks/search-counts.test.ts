// Issue 11 point 4: what a count counts. With data services among the results (include-services, type-filter), the
// result text and every facet value's accessible count say "results" (sv/en/de), not "datasets"; a list of datasets
// (or a type selection of datasets only) still says "datasets". Against the dev store's paging catalog (25 datasets,
// 1 data service).
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import type { SearchLayout } from '../../blocks/search-base/layout.ts';
import { resultsText } from '../../blocks/dataset-results/results.ts';
import { loadAllMessages, type Lang } from '../../src/i18n/index.ts';
import type { SearchResults, SearchState } from '../../src/search/types.ts';
import { devStore, entryById, setPageUrl, text } from './helpers.ts';

const DATASET = 'http://www.w3.org/ns/dcat#Dataset';
const SERVICE = 'http://www.w3.org/ns/dcat#DataService';

function mixed(total: number, state: Partial<SearchState> = {}): SearchResults {
  return { state: { terms: [], filters: {}, page: 1, ...state }, total, pageCount: 1, rows: [], facets: [], counts: 'results' };
}

const NBSP = '\u00a0';
const TEXTS: Record<Lang, readonly string[]> = {
  en: ['Showing all 2,636 results', 'Showing 1 result', '25 results match your search', '1 result matches your search',
    'No datasets or data services match your search.', 'There are no datasets or data services to show.'],
  sv: [`Visar alla 2${NBSP}636 träffar`, 'Visar 1 träff', '25 träffar matchar din sökning', '1 träff matchar din sökning',
    'Inga datamängder eller datatjänster matchar din sökning.', 'Det finns inga datamängder eller datatjänster att visa.'],
  de: ['Alle 2.636 Ergebnisse werden angezeigt', '1 Ergebnis wird angezeigt', '25 Ergebnisse entsprechen Ihrer Suche',
    '1 Ergebnis entspricht Ihrer Suche', 'Keine Datensätze oder Datendienste entsprechen Ihrer Suche.',
    'Es gibt keine Datensätze oder Datendienste anzuzeigen.'],
};

describe('counts with data services: result texts', () => {
  before(() => loadAllMessages());
  for (const [lang, expected] of Object.entries(TEXTS) as [Lang, readonly string[]][]) {
    it(`${lang}: all, one, filtered, filtered one, none, empty say "results"`, () => {
      expect([
        resultsText(mixed(2636), lang),
        resultsText(mixed(1), lang),
        resultsText(mixed(25, { terms: ['api'] }), lang),
        resultsText(mixed(1, { terms: ['api'] }), lang),
        resultsText(mixed(0, { terms: ['zzz'] }), lang),
        resultsText(mixed(0), lang),
      ]).to.deep.equal(expected);
    });
  }
});

let n = 0;
let storeUrl: string;
let pagingContext: string;
let restoreUrl: () => void;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
  pagingContext = (await entryById('paging-01')).contextId;
});
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

async function until(predicate: () => boolean, what: string): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > 8000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

/** A facet search layout over the paging catalog, in its own scope, once rows and facet groups show. */
async function facetLayout(attrs: Record<string, string>): Promise<SearchLayout> {
  const el = document.createElement('dataset-facet-search-layout') as SearchLayout;
  const all = { 'store-url': storeUrl, context: pagingContext, lang: 'en', scope: `counts${++n}`, ...attrs };
  for (const [k, v] of Object.entries(all)) el.setAttribute(k, v);
  (await fixture(html`<div></div>`)).append(el);
  expect(await el.loadComplete).to.equal('ready');
  await until(() => el.querySelectorAll('.entryList > li').length > 0 && el.querySelectorAll('.esbFacets__option').length > 0, 'rows and facets');
  return el;
}

const resultText = (el: Element) => text(el.querySelector('.esbResults'));
/** What a screen reader gets for each facet value's count (the visible "(4)" is aria-hidden). */
const hiddenCounts = (el: Element, group = '') =>
  [...el.querySelectorAll(`.esbFacets__collection${group} .esbFacets__occurence + .esbVisuallyHidden`)].map((s) => text(s));

async function settle(el: SearchLayout): Promise<void> {
  await el.searchScope.settled();
  await until(() => el.searchScope.status === 'ready', 'the search');
  for (const part of el.querySelectorAll<SearchLayout>('dataset-results, dataset-facets')) await part.updateComplete;
}

describe('counts with data services: what a screen reader gets', () => {
  it('include-services: "Showing all 26 results" (25 datasets + 1 data service); facet counts say "results"', async () => {
    const el = await facetLayout({ 'include-services': 'true' });
    await settle(el);
    expect(el.searchScope.results!.total).to.equal(26);
    expect(resultText(el)).to.equal('Showing all 26 results');
    const counts = hiddenCounts(el);
    expect(counts.length).to.be.greaterThan(0);
    for (const c of counts) expect(c).to.match(/^, \d+ results?$/);
    await expect(el).to.be.accessible();
  });

  it('type-filter: "Data service (1)" is announced as "1 result"; selecting Dataset counts datasets again', async () => {
    const el = await facetLayout({ 'type-filter': 'true' });
    await settle(el);
    const service = el.querySelector<HTMLAnchorElement>(`.collection_type a[data-facet="type|${SERVICE}"]`)!;
    expect(text(service.querySelector('.facetLabel'))).to.equal('Data service');
    expect(text(service.querySelector('.esbVisuallyHidden'))).to.equal(', 1 result');
    el.searchScope.update((s) => ({ ...s, filters: { type: [DATASET] } }));
    await settle(el);
    expect(resultText(el)).to.equal('25 datasets match your search');
    for (const c of hiddenCounts(el)) expect(c).to.match(/^, \d+ datasets?$/);
    el.searchScope.update((s) => ({ ...s, filters: { type: [SERVICE] } }));
    await settle(el);
    expect(resultText(el)).to.equal('1 result matches your search');
  });

  it('datasets only (no include-services): "Showing all 25 datasets", facet counts say "datasets"', async () => {
    const el = await facetLayout({ lang: 'sv' });
    await settle(el);
    expect(resultText(el)).to.equal('Visar alla 25 datamängder');
    for (const c of hiddenCounts(el)) expect(c).to.match(/^, \d+ datamängde?r?$/);
  });

  it('sv and de with include-services: the result text and facet counts name results', async () => {
    const sv = await facetLayout({ 'include-services': 'true', lang: 'sv' });
    await settle(sv);
    expect(resultText(sv)).to.equal('Visar alla 26 träffar');
    for (const c of hiddenCounts(sv)) expect(c).to.match(/^, \d+ träff(ar)?$/);
    const de = await facetLayout({ 'include-services': 'true', lang: 'de' });
    await settle(de);
    expect(resultText(de)).to.equal('Alle 26 Ergebnisse werden angezeigt');
    for (const c of hiddenCounts(de)) expect(c).to.match(/^, \d+ Ergebnis(se)?$/);
  });
});

describe('the list body when nothing matches (issue 11 points 4 and 9)', () => {
  it('include-services, no match: the list says "No datasets or data services match your search." as a heading at hl', async () => {
    const el = await facetLayout({ 'include-services': 'true', hl: '2' });
    const title = el.querySelector('.entryList > li .esbRowTitle')!;
    const rowLevel = (title.closest('h1, h2, h3, h4, h5, h6') ?? title.querySelector('h1, h2, h3, h4, h5, h6'))!.tagName;
    el.searchScope.update((s) => ({ ...s, terms: ['zzzqqq-nothing-like-this'] }));
    await settle(el);
    await until(() => !!el.querySelector('.esbListEmpty'), 'the empty list text');
    const empty = el.querySelector('.esbListEmpty')!;
    expect(text(empty)).to.equal('No datasets or data services match your search.');
    // the text that stands in for the rows is a heading at the level of their titles
    expect(empty.tagName).to.equal(rowLevel);
    await expect(el).to.be.accessible();
  });

  it('datasets only, no match: "No datasets match your search."', async () => {
    const el = await facetLayout({});
    el.searchScope.update((s) => ({ ...s, terms: ['zzzqqq-nothing-like-this'] }));
    await settle(el);
    await until(() => !!el.querySelector('.esbListEmpty'), 'the empty list text');
    expect(text(el.querySelector('.esbListEmpty'))).to.equal('No datasets match your search.');
  });
});
