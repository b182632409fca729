// Global keys of the incumbent (issue 10 point 2) on the search side: context (one or a list) in the query,
// baseFilter (ANDed, never in the URL), facetLimit, sortOptions, limit/limitOptions, facet include/exclude, and the
// URL prefix (urlParamsPrefix / hashParamsPrefix) in every search URL read or written.
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchRequest, contextsClause, searchQuery, sortFor } from '../../src/search/query.ts';
import { hrefForState, readState, writeState } from '../../src/search/url.ts';
import { baseFilterOf, contextsOf, offeredCollections, pageSizeOf, sortLabel, sortOptionsOf } from '../../src/search/settings.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { EMPTY_STATE, type SearchSettings } from '../../src/search/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { FakeStore, FakeWindow, setTerms, THEME, toggle } from './search-fakes.ts';

await loadAllMessages();

const STORE = 'https://s.example/store/';
const settings = (more: Partial<SearchSettings> = {}): SearchSettings => ({ types: ['dataset'], pageSize: 10, facets: [], lang: 'en', ...more });

describe('context', () => {
  it('one context → one context clause; a list → an OR of them; a context URI is used as is', () => {
    assert.equal(contextsClause(STORE, '3'), 'context:https\\:\\/\\/s.example\\/store\\/3');
    const two = contextsClause(STORE, ['3', '5']);
    assert.match(two, /^context:\S+3 OR context:\S+5$/);
    assert.equal(contextsClause(STORE, 'https://o.example/store/9'), 'context:https\\:\\/\\/o.example\\/store\\/9');
  });
  it('the search query carries the contexts (grouped) next to the other clauses', () => {
    const q = searchQuery(EMPTY_STATE, settings({ contextId: ['1', '2'] }), { storeBaseUrl: STORE });
    assert.match(q, /AND \(context:\S+1 OR context:\S+2\)/);
    assert.ok(!searchQuery(EMPTY_STATE, settings(), { storeBaseUrl: STORE }).includes('context:'));
  });
  it('contextsOf: an id, a number, a comma list or an array', () => {
    assert.deepEqual(contextsOf('4'), ['4']);
    assert.deepEqual(contextsOf(4), ['4']);
    assert.deepEqual(contextsOf('1, 2'), ['1', '2']);
    assert.deepEqual(contextsOf(['1', 2]), ['1', '2']);
    assert.equal(contextsOf(''), undefined);
    assert.equal(contextsOf(undefined), undefined);
  });
});

describe('baseFilter', () => {
  it('is parsed per collection (prefixed URIs expanded, unknown collections skipped)', () => {
    const warned: string[] = [];
    const orig = console.warn;
    console.warn = (m: string) => warned.push(m);
    try {
      assert.deepEqual(baseFilterOf({ theme: 'euauth:data-theme/TRAN', keyword: ['buss', 'tåg'], nosuch: 'x' }), {
        theme: [`${THEME}TRAN`], keyword: ['buss', 'tåg'],
      });
    } finally {
      console.warn = orig;
    }
    assert.ok(warned.some((w) => w.includes('"nosuch"')));
    assert.equal(baseFilterOf('theme'), undefined);
  });
  it('is ANDed with the state (a selection in the same group narrows it) and never written to the URL', () => {
    const base = settings({ baseFilter: { theme: [`${THEME}TRAN`] } });
    const q = searchQuery({ ...EMPTY_STATE, filters: { theme: [`${THEME}ENVI`] } }, base);
    assert.match(q, /TRAN/);
    assert.match(q, /ENVI/);
    assert.ok(/ENVI\S* AND \S*TRAN|TRAN\S* AND \S*ENVI/.test(q), q);
    const url = writeState(new URL('https://p.example/'), EMPTY_STATE);
    assert.equal(url.hash, '');
  });
  it('the scope sends it and keeps it out of the URL', async () => {
    const store = new FakeStore();
    const win = new FakeWindow('https://portal.example/sok');
    const scope = new SearchScope({ store, window: win });
    scope.configure({ facets: ['theme'], lang: 'en', baseFilter: { theme: [`${THEME}TRAN`] } });
    await scope.settled();
    // datasets with the theme TRAN: 3 of the 6 (the data service is not listed)
    assert.equal(scope.results!.total, 3);
    setTerms(scope, ['buss']);
    await scope.settled();
    assert.ok(!win.location.href.includes('TRAN'), win.location.href);
    assert.ok(store.searches.every((c) => c.request.query.includes('TRAN')));
    scope.dispose();
  });
});

describe('facetLimit, limit, limitOptions', () => {
  it('facetLimit caps the values asked per field (default 1000)', () => {
    assert.equal(buildSearchRequest(EMPTY_STATE, settings({ facets: ['theme'], facetLimit: 5 })).facetLimit, 5);
    assert.equal(buildSearchRequest(EMPTY_STATE, settings({ facets: ['theme'] })).facetLimit, 1000);
  });
  it('page size: limit, else limitOptions[0], else the default; capped at 100', () => {
    assert.equal(pageSizeOf(25, [5, 50], 10), 25);
    assert.equal(pageSizeOf('25', undefined, 10), 25);
    assert.equal(pageSizeOf(undefined, [5, 50], 10), 5);
    assert.equal(pageSizeOf(undefined, '20,40', 10), 20);
    assert.equal(pageSizeOf(undefined, undefined, 10), 10);
    assert.equal(pageSizeOf(500, undefined, 10), 100);
    assert.equal(buildSearchRequest({ ...EMPTY_STATE, page: 3 }, settings({ pageSize: 25 })).offset, 50);
  });
});

describe('sortOptions', () => {
  const opts = sortOptionsOf([{ label: { sv: 'Titel', en: 'Title' }, value: 'title.sv+asc' }, { label: 'Newest', value: 'modified desc' }, { value: '' }, 7]);
  it('keeps the items with a value; labels per language', () => {
    assert.deepEqual(opts.map((o) => o.value), ['title.sv+asc', 'modified desc']);
    assert.equal(sortLabel(opts[0]!, 'sv'), 'Titel');
    assert.equal(sortLabel(opts[0]!, 'de'), 'Title');
    assert.equal(sortLabel(opts[1]!, 'sv'), 'Newest');
  });
  it('a state sort that is one of the options is the store sort; any other is ignored', () => {
    const s = settings({ sortOptions: opts.map((o) => o.value), sortOrder: 'title.sv+asc' });
    assert.equal(sortFor({ ...EMPTY_STATE, sort: 'modified desc' }, s), 'modified desc');
    assert.equal(sortFor({ ...EMPTY_STATE, sort: 'title.sv asc' }, s), 'title.sv asc');
    assert.equal(sortFor({ ...EMPTY_STATE, sort: 'created asc' }, s), 'title.sv asc');
    assert.equal(sortFor(EMPTY_STATE, s), 'title.sv asc');
  });
  it('the choice travels in the URL as esc_sort and is read back', () => {
    const url = writeState(new URL('https://p.example/'), { ...EMPTY_STATE, sort: 'title.sv asc' });
    assert.equal(url.hash, '#esc_sort=title.sv+asc');
    assert.equal(readState(url).sort, 'title.sv asc');
    assert.equal(readState(new URL('https://p.example/#esc_sort=drop;table')).sort, undefined);
  });
});

describe('facet include / exclude', () => {
  it('exclude removes collections by name; include chooses them; unknown names warn', () => {
    const offered = ['theme', 'org', 'format', 'license', 'access', 'keyword'] as const;
    assert.deepEqual(offeredCollections(offered, undefined, 'org,format,license,access'), ['theme', 'keyword']);
    assert.deepEqual(offeredCollections(offered, ['keyword', 'theme'], undefined), ['keyword', 'theme']);
    assert.deepEqual(offeredCollections(offered, undefined, ['theme']), ['org', 'format', 'license', 'access', 'keyword']);
  });
});

describe('URL prefix (urlParamsPrefix / hashParamsPrefix)', () => {
  const state = { terms: ['buss'], filters: { theme: [`${THEME}TRAN`] }, page: 2 };
  it('written keys use the prefix, default and named scopes alike; the page key too', () => {
    // same query as the URL holds, so the page is kept (a new query would start at page 1)
    const url = writeState(new URL('https://p.example/sok#x_term=buss&x_theme=euauth:data-theme/TRAN'), state, 'default', { prefix: 'x_', pageInUrl: true });
    assert.equal(url.hash, '#x_term=buss&x_theme=euauth:data-theme/TRAN');
    assert.equal(url.searchParams.get('x_page'), '2');
    assert.ok(!url.href.includes('esc_'));
    const named = hrefForState(new URL('https://p.example/sok'), state, 'news', { prefix: 'x_' });
    assert.equal(named, '/sok#x_news_term=buss&x_news_theme=euauth:data-theme/TRAN');
  });
  it('read with the prefix; esc_ keys are then not ours (and kept)', () => {
    const url = new URL('https://p.example/sok#esc_term=tåg&x_term=buss');
    assert.deepEqual(readState(url, 'default', 'x_').terms, ['buss']);
    const next = writeState(url, { ...EMPTY_STATE, terms: ['luft'] }, 'default', { prefix: 'x_' });
    assert.equal(next.hash, '#esc_term=t%C3%A5g&x_term=luft');
  });
});

test('a scope with a prefix reads, writes and links with it; usePrefix re-reads the URL', async () => {
  const store = new FakeStore();
  const win = new FakeWindow('https://portal.example/sok#p_term=buss');
  const scope = new SearchScope({ store, window: win, prefix: 'p_' });
  scope.configure({ facets: ['theme'], lang: 'en' });
  assert.deepEqual(scope.state.terms, ['buss']);
  toggle(scope, 'theme', `${THEME}TRAN`);
  await scope.settled();
  assert.equal(new URL(win.location.href).hash, '#p_term=buss&p_theme=euauth:data-theme/TRAN');
  assert.ok(scope.hrefFor({ ...scope.state, terms: [] }).includes('#p_theme='));
  scope.usePrefix('esc_');
  assert.deepEqual(scope.state.terms, []);
  scope.dispose();
});
