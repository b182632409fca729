import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandUri, hrefForState, readState, sameState, shortenUri, writeState } from '../../src/search/url.ts';
import { MAX_FILTER_VALUE_CHARS } from '../../src/search/facets.ts';
import type { SearchState } from '../../src/search/types.ts';

const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const DCAT = 'http://www.w3.org/ns/dcat#';
const PAGE = 'https://portal.example/sok';
const state = (s: Partial<SearchState> = {}): SearchState => ({ terms: [], filters: {}, page: 1, ...s });

test('URIs of known namespaces are shortened to prefix:local and expanded back', () => {
  assert.equal(shortenUri(`${THEME}TRAN`), 'euauth:data-theme/TRAN');
  assert.equal(shortenUri(`${DCAT}DatasetSeries`), 'dcat:DatasetSeries');
  assert.equal(shortenUri('https://org.example/1'), 'https://org.example/1');
  assert.equal(expandUri('euauth:data-theme/TRAN'), `${THEME}TRAN`);
  assert.equal(expandUri('https://org.example/1'), 'https://org.example/1');
  assert.equal(expandUri('nope:x'), 'nope:x');
});

test('the behaviour doc example reads as written', () => {
  const s = readState(new URL(`${PAGE}#esc_term=buss&esc_theme=euauth:data-theme/TRAN`));
  assert.deepEqual(s, { terms: ['buss'], filters: { theme: [`${THEME}TRAN`] }, page: 1 });
});

test('terms, every collection and sort go into the fragment and come back the same', () => {
  const s = state({
    terms: ['buss', 'tåg väg', 'a,b&c'],
    filters: {
      theme: [`${THEME}TRAN`, `${THEME}ENVI`], org: ['https://org.example/1?x=1'], format: ['csv', 'json'],
      license: ['http://creativecommons.org/licenses/by/4.0/'], access: ['http://publications.europa.eu/resource/authority/access-right/PUBLIC'],
      keyword: ['kollektiv trafik', 'x,y'], hvd: ['http://data.europa.eu/bna/c_ac64a52d'], type: [`${DCAT}DataService`],
    },
    sort: 'title',
  });
  const url = writeState(new URL(PAGE), s);
  assert.equal(url.search, '');
  assert.match(url.hash, /^#esc_term=buss,t%C3%A5g%20v%C3%A4g,a%2Cb%26c&esc_theme=euauth:data-theme\/TRAN,euauth:data-theme\/ENVI&/);
  assert.match(url.hash, /esc_type=dcat:DataService/);
  assert.match(url.hash, /esc_sort=title/);
  assert.deepEqual(readState(url), s);
});

test('esc_page: query string, only with pageInUrl, page 1 omitted', () => {
  const s = state({ terms: ['buss'], page: 3 });
  assert.equal(writeState(new URL(PAGE), s).searchParams.get('esc_page'), null);
  const base = writeState(new URL(PAGE), { ...s, page: 1 }, 'default', { pageInUrl: true });
  const withPage = writeState(base, s, 'default', { pageInUrl: true });
  assert.equal(withPage.search, '?esc_page=3');
  assert.equal(readState(withPage).page, 3);
  const first = writeState(withPage, { ...s, page: 1 }, 'default', { pageInUrl: true });
  assert.equal(first.search, '');
  assert.equal(readState(new URL(`${PAGE}?esc_page=x`)).page, 1);
  assert.equal(readState(new URL(`${PAGE}?esc_page=0`)).page, 1);
});

test('a change of terms, filters or sort drops esc_page', () => {
  const on = { pageInUrl: true };
  const p1 = writeState(new URL(PAGE), state({ terms: ['buss'] }), 'default', on);
  // a new query written over a URL with another query never keeps a page
  assert.equal(writeState(new URL(PAGE), state({ terms: ['buss'], page: 3 }), 'default', on).search, '');
  const p3 = writeState(p1, state({ terms: ['buss'], page: 3 }), 'default', on);
  assert.equal(p3.searchParams.get('esc_page'), '3');
  assert.equal(writeState(p3, state({ terms: ['tåg'], page: 3 }), 'default', on).searchParams.get('esc_page'), null);
  assert.equal(writeState(p3, state({ terms: ['buss'], filters: { theme: ['x'] }, page: 3 }), 'default', on).searchParams.get('esc_page'), null);
  assert.equal(writeState(p3, state({ terms: ['buss'], sort: 'title', page: 3 }), 'default', on).searchParams.get('esc_page'), null);
  assert.equal(writeState(p3, state({ terms: ['buss'], page: 4 }), 'default', on).searchParams.get('esc_page'), '4');
});

test('two scopes keep separate keys and do not disturb each other or other URL parts', () => {
  const start = new URL(`${PAGE}?lang=sv#section2&esc_entry=5`);
  const on = { pageInUrl: true };
  const a0 = writeState(start, state({ terms: ['buss'] }), 'default', on);
  const a = writeState(a0, state({ terms: ['buss'], page: 2 }), 'default', on);
  const newsState = state({ terms: ['skola'], filters: { theme: [`${THEME}EDUC`] } });
  const b = writeState(writeState(a, newsState, 'news', on), { ...newsState, page: 4 }, 'news', on);
  assert.match(b.hash, /esc_news_term=skola/);
  assert.match(b.hash, /esc_news_theme=euauth:data-theme\/EDUC/);
  assert.match(b.hash, /^#section2&esc_entry=5&/);
  assert.equal(b.searchParams.get('lang'), 'sv');
  assert.equal(b.searchParams.get('esc_page'), '2');
  assert.equal(b.searchParams.get('esc_news_page'), '4');
  assert.deepEqual(readState(b), state({ terms: ['buss'], page: 2 }));
  assert.deepEqual(readState(b, 'news'), state({ terms: ['skola'], filters: { theme: [`${THEME}EDUC`] }, page: 4 }));
  // clearing the default scope keeps the named scope's keys
  const cleared = writeState(b, state(), 'default', { pageInUrl: true });
  assert.equal(readState(cleared).terms.length, 0);
  assert.deepEqual(readState(cleared, 'news').terms, ['skola']);
  assert.match(cleared.hash, /esc_entry=5/);
});

test('fragments without esc_ keys are ignored; unknown format buckets and "other" are never read', () => {
  assert.deepEqual(readState(new URL(`${PAGE}#top`)), state());
  assert.deepEqual(readState(new URL(`${PAGE}#esc_format=csv,other,bogus`)).filters, { format: ['csv'] });
  assert.deepEqual(readState(new URL(`${PAGE}#esc_sort=bogus`)).sort, undefined);
});

test('"other" format bucket is never written', () => {
  const url = writeState(new URL(PAGE), state({ filters: { format: ['other'] } }));
  assert.equal(url.hash, '');
});

test('hrefForState gives a real same-page link with the state', () => {
  const href = hrefForState(new URL(`${PAGE}#esc_term=buss`), state({ terms: ['buss'], page: 2 }), 'default', { pageInUrl: true });
  assert.equal(href, '/sok?esc_page=2#esc_term=buss');
  const facet = hrefForState(new URL(PAGE), state({ filters: { theme: [`${THEME}TRAN`] } }));
  assert.equal(facet, '/sok#esc_theme=euauth:data-theme/TRAN');
});

test('malformed percent escapes do not throw', () => {
  const s = readState(new URL(`${PAGE}#esc_term=%E0%A4%A,buss`));
  assert.ok(s.terms.includes('buss'));
  assert.ok(sameState(s, readState(writeState(new URL(PAGE), s))));
});

test('a filter value too long for a request (over MAX_FILTER_VALUE_CHARS) is dropped from a crafted address', () => {
  const ok = 'a'.repeat(MAX_FILTER_VALUE_CHARS);
  const long = 'b'.repeat(MAX_FILTER_VALUE_CHARS + 1);
  const s = readState(new URL(`${PAGE}#esc_keyword=${ok},${long}`));
  assert.deepEqual(s.filters.keyword, [ok]);
  assert.equal(readState(new URL(`${PAGE}#esc_keyword=${long}`)).filters.keyword, undefined);
});
