import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SearchScope, scopeFor, resetScopes } from '../../src/search/scope.ts';
import { readState } from '../../src/search/url.ts';
import { resetWarnings } from '../../src/config/warn.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { BASE, FakeStore, FakeWindow, ORG, setPage, setSort, setTerms, THEME, toggle } from './search-fakes.ts';

await loadAllMessages();

function setup(href?: string, config: Parameters<SearchScope['configure']>[0] = {}) {
  const store = new FakeStore();
  const win = new FakeWindow(href);
  const scope = new SearchScope({ store, window: win });
  scope.configure({ facets: ['theme', 'org'], lang: 'sv', ...config });
  return { store, win, scope };
}

const group = (scope: SearchScope, name: string) => scope.results!.facets.find((g) => g.name === name)!;
const counts = (scope: SearchScope, name: string) => Object.fromEntries(group(scope, name).values.map((v) => [v.value, v.count]));

test('first load: one search for rows and counts, one batched agent lookup; labels from vocabularies and agents', async () => {
  const { store, scope } = setup();
  await scope.settled();
  assert.equal(store.searches.length, 1);
  assert.equal(store.lookups.length, 1);
  assert.deepEqual(new Set(store.lookups[0]), new Set([ORG(1), ORG(2)]));
  assert.equal(scope.status, 'ready');
  const r = scope.results!;
  assert.equal(r.total, 6);
  assert.equal(r.pageCount, 1);
  assert.equal(r.rows.length, 6);
  const theme = group(scope, 'theme');
  assert.deepEqual(theme.values.map((v) => [v.label, v.count]), [['Miljö', 3], ['Transport', 3], ['Utbildning, kultur och sport', 1]]);
  assert.equal(theme.values[0]!.labelLang, 'sv');
  assert.deepEqual(group(scope, 'org').values.map((v) => [v.label, v.count]), [['Trafikverket', 3], ['Naturvårdsverket', 2]]);
  const bus = r.rows.find((row) => row.title?.value === 'Busslinjer')!;
  assert.equal(bus.publisher, 'Trafikverket');
  assert.equal(bus.kind, 'dataset');
  assert.deepEqual(bus.description.map((d) => d.value), ['Om Busslinjer.', 'Mer text.']);
  assert.deepEqual(bus.formats.map((f) => f.label), ['CSV']);
  assert.equal(r.rows.find((row) => row.title?.value === 'Tåglinjer')!.publisher, 'Blank AB');
});

test('a change the store must answer shows "loading" in the task of the change; a kept answer and a term being typed do not', async (t) => {
  const { store, scope } = setup();
  await scope.settled();
  // the reader's sort or facet click marks the blocks busy at once, not a task later when the request goes out: the
  // browser then paints that state while the store works, instead of just when the answer has to be rendered
  setSort(scope, 'title');
  assert.equal(scope.status, 'loading', 'busy in the task of the change');
  assert.equal(store.searches.length, 1, 'the request itself still goes out a task later (changes in one task make one)');
  await scope.settled();
  assert.equal(scope.status, 'ready');
  // back to an answer already kept: no loading state at all, not even for one frame
  const statuses: string[] = [];
  scope.addEventListener('status', () => statuses.push(scope.status));
  setSort(scope, undefined);
  assert.equal(scope.status, 'ready');
  await scope.settled();
  assert.deepEqual(statuses, []);
  assert.equal(store.searches.length, 2);
  // a term being typed keeps the rows until the debounce ends
  t.mock.timers.enable({ apis: ['setTimeout'] });
  setTerms(scope, ['bus'], { debounce: 300 });
  assert.equal(scope.status, 'ready', 'still the old rows while typing');
  t.mock.timers.tick(300);
  assert.equal(scope.status, 'loading');
  t.mock.timers.reset();
  await scope.settled();
  assert.deepEqual(scope.results!.rows.map((r) => r.title?.value), ['Busslinjer']);
});

test('every later interaction costs exactly one request; agents are never asked again', async () => {
  const { store, scope } = setup();
  await scope.settled();
  toggle(scope, 'theme', `${THEME}TRAN`);
  await scope.settled();
  setTerms(scope, ['buss']);
  await scope.settled();
  setSort(scope, 'title');
  await scope.settled();
  toggle(scope, 'org', ORG(2));
  await scope.settled();
  assert.equal(store.searches.length, 5);
  assert.equal(store.lookups.length, 1);
});

test('clicking a facet value from the unfiltered state gives exactly its count', async () => {
  const { scope } = setup();
  await scope.settled();
  for (const v of group(scope, 'theme').values) {
    scope.update({ terms: [], filters: { theme: [v.value] }, page: 1 });
    await scope.settled();
    assert.equal(scope.results!.total, v.count, v.label);
  }
});

test('a state already seen costs no request (same state again, back and forward)', async () => {
  const { store, win, scope } = setup();
  await scope.settled();
  toggle(scope, 'theme', `${THEME}ENVI`);
  await scope.settled();
  assert.equal(store.searches.length, 2);
  win.back();
  await scope.settled();
  assert.deepEqual(scope.state.filters, {});
  assert.equal(scope.results!.total, 6);
  win.forward();
  await scope.settled();
  assert.deepEqual(scope.state.filters, { theme: [`${THEME}ENVI`] });
  assert.equal(scope.results!.total, 3);
  toggle(scope, 'theme', `${THEME}ENVI`);
  await scope.settled();
  assert.equal(store.searches.length, 2);
});

test('each change pushes one history entry with the state in the URL; back restores term, filters, sort and page', async () => {
  const { win, scope } = setup(undefined, { pageSize: 1, pageInUrl: true });
  await scope.settled();
  setTerms(scope, ['linjer']);
  toggle(scope, 'theme', `${THEME}TRAN`);
  await scope.settled();
  setSort(scope, 'title');
  await scope.settled();
  setPage(scope, 2);
  await scope.settled();
  assert.equal(win.pushes, 4);
  const url = new URL(win.location.href);
  assert.equal(url.searchParams.get('esc_page'), '2');
  assert.match(url.hash, /esc_term=linjer/);
  assert.match(url.hash, /esc_theme=euauth:data-theme\/TRAN/);
  assert.match(url.hash, /esc_sort=title/);
  win.back();
  await scope.settled();
  assert.equal(scope.state.page, 1);
  assert.equal(scope.state.sort, 'title');
  win.back();
  await scope.settled();
  assert.equal(scope.state.sort, undefined);
  assert.deepEqual(scope.state.terms, ['linjer']);
});

test('a facet link followed without script (hashchange) applies its state', async () => {
  const { win, scope } = setup();
  await scope.settled();
  win.followLink(scope.hrefFor({ ...scope.state, filters: { theme: [`${THEME}EDUC`] } }));
  await scope.settled();
  assert.deepEqual(scope.state.filters, { theme: [`${THEME}EDUC`] });
  assert.deepEqual(scope.results!.rows.map((r) => r.title?.value), ['Skolor']);
  assert.equal(win.pushes, 0);
});

test('a change of terms, filters or sort starts again at page 1 and drops esc_page', async () => {
  const { win, scope } = setup(undefined, { pageSize: 2, pageInUrl: true });
  await scope.settled();
  setPage(scope, 3);
  await scope.settled();
  assert.equal(new URL(win.location.href).searchParams.get('esc_page'), '3');
  toggle(scope, 'theme', `${THEME}ENVI`);
  assert.equal(scope.state.page, 1);
  await scope.settled();
  assert.equal(new URL(win.location.href).searchParams.get('esc_page'), null);
});

test('without pageInUrl the page is not written', async () => {
  const { win, scope } = setup(undefined, { pageSize: 2 });
  await scope.settled();
  setPage(scope, 2);
  await scope.settled();
  assert.equal(new URL(win.location.href).search, '');
  assert.equal(scope.results!.rows.length, 2);
});

test('the state is read from the URL on creation (shared search link)', async () => {
  const { store, scope } = setup('https://portal.example/sok?esc_page=2#esc_term=linjer&esc_theme=euauth:data-theme/TRAN', { pageSize: 1, pageInUrl: true });
  assert.deepEqual(scope.state, { terms: ['linjer'], filters: { theme: [`${THEME}TRAN`] }, page: 2 });
  await scope.settled();
  assert.equal(store.searches[0]!.request.offset, 1);
  assert.equal(scope.results!.total, 2);
});

test('a newer query aborts the older one; only the newer results are shown', async () => {
  const { store, scope } = setup();
  await scope.settled();
  store.hold = true;
  setTerms(scope, ['buss']);
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(store.pending, 1);
  const first = store.searches.at(-1)!;
  let resultsEvents = 0;
  scope.addEventListener('results', () => resultsEvents++);
  setTerms(scope, ['skolor']);
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(first.signal!.aborted, true);
  store.release();
  await scope.settled();
  assert.equal(resultsEvents, 1);
  assert.deepEqual(scope.results!.rows.map((r) => r.title?.value), ['Skolor']);
  assert.equal(scope.status, 'ready');
});

test('updates in the same task (or within a debounce) make one request', async (t) => {
  const { store, scope } = setup();
  await scope.settled();
  setTerms(scope, ['t']);
  setTerms(scope, ['tå']);
  setTerms(scope, ['tåg']);
  await scope.settled();
  assert.equal(store.searches.length, 2);
  t.mock.timers.enable({ apis: ['setTimeout'] });
  setTerms(scope, ['bus'], { debounce: 300 });
  t.mock.timers.tick(200);
  setTerms(scope, ['buss'], { debounce: 300 });
  t.mock.timers.tick(200);
  assert.equal(store.searches.length, 2, 'nothing before the user stops typing');
  t.mock.timers.tick(100);
  t.mock.timers.reset();
  await scope.settled();
  assert.equal(store.searches.length, 3);
  assert.deepEqual(scope.results!.rows.map((r) => r.title?.value), ['Busslinjer']);
});

test('multi-select counts: a group with a selection shows each value\'s own count from the seen unfiltered state', async () => {
  const { store, scope } = setup();
  await scope.settled();
  toggle(scope, 'theme', `${THEME}EDUC`);
  await scope.settled();
  assert.equal(scope.results!.total, 1);
  // the theme group still offers the other themes with the counts they have on their own
  assert.deepEqual(counts(scope, 'theme'), { [`${THEME}TRAN`]: 3, [`${THEME}ENVI`]: 3, [`${THEME}EDUC`]: 1 });
  assert.equal(group(scope, 'theme').values.find((v) => v.value === `${THEME}EDUC`)!.selected, true);
  // other groups count the current result set
  assert.deepEqual(counts(scope, 'org'), { [ORG(2)]: 1 });
  toggle(scope, 'theme', `${THEME}TRAN`);
  await scope.settled();
  assert.equal(scope.results!.total, 4, 'OR within the group');
  assert.equal(store.searches.length, 3);
});

test('multi-select counts without a seen group-free state (deep link): current result set counts, selection kept', async () => {
  const { scope } = setup('https://portal.example/sok#esc_theme=euauth:data-theme/EDUC');
  await scope.settled();
  assert.deepEqual(counts(scope, 'theme'), { [`${THEME}EDUC`]: 1 });
});

test('AND across groups', async () => {
  const { scope } = setup();
  await scope.settled();
  scope.update({ terms: [], filters: { theme: [`${THEME}TRAN`], org: [ORG(1)] }, page: 1 });
  await scope.settled();
  assert.deepEqual(scope.results!.rows.map((r) => r.title?.value).sort(), ['Busslinjer', 'Trafikbuller']);
});

test('includeServices / typeFilter: services are listed too, the type facet has fixed labels', async () => {
  const { scope } = setup(undefined, { types: ['dataset', 'series', 'service'], facets: ['type'] });
  await scope.settled();
  assert.equal(scope.results!.total, 7);
  assert.equal(scope.results!.rows.find((r) => r.title?.value === 'Bussar API')!.kind, 'service');
  assert.deepEqual(group(scope, 'type').values.map((v) => [v.label, v.count]), [['Datamängd', 6], ['Datatjänst', 1]]);
  toggle(scope, 'type', 'http://www.w3.org/ns/dcat#DataService');
  await scope.settled();
  assert.equal(scope.results!.total, 1);
});

test('changing the page language relabels without a request (unless the sort depends on it)', async () => {
  const { store, scope } = setup();
  await scope.settled();
  scope.configure({ lang: 'de' });
  await scope.settled();
  assert.equal(store.searches.length, 1);
  assert.ok(group(scope, 'theme').values.some((v) => v.label === 'Umwelt'));
});

test('a page past the end is clamped to the last page with replaceState', async () => {
  const { store, win, scope } = setup(undefined, { pageSize: 2, pageInUrl: true });
  await scope.settled();
  setPage(scope, 9);
  await scope.settled();
  assert.equal(scope.state.page, 3);
  assert.equal(scope.results!.rows.length, 2);
  assert.equal(new URL(win.location.href).searchParams.get('esc_page'), '3');
  assert.equal(win.pushes, 1);
  assert.ok(win.replaces >= 1);
  assert.equal(store.searches.length, 3);
});

test('a deep link past the end learns the total from page 1, then shows the last page', async () => {
  const { scope } = setup('https://portal.example/sok?esc_page=50', { pageSize: 4, pageInUrl: true });
  await scope.settled();
  assert.equal(scope.state.page, 2);
  assert.equal(scope.results!.rows.length, 2);
});

test('a page number on a search without hits goes back to page 1 at no cost once the search was seen', async () => {
  const { store, scope } = setup(undefined, { pageInUrl: true });
  await scope.settled();
  setTerms(scope, ['nothingmatches']);
  await scope.settled();
  const before = store.searches.length;
  setPage(scope, 4);
  await scope.settled();
  assert.equal(scope.state.page, 1);
  assert.equal(scope.results!.total, 0);
  assert.equal(store.searches.length, before + 1, 'only the empty page 4 itself');
});

test('the answer cache is bounded: the oldest of more than 200 states is asked for again', async () => {
  const { store, scope } = setup();
  await scope.settled();
  for (let i = 0; i < 200; i++) {
    setTerms(scope, [`term${i}`]);
    await scope.settled();
  }
  const before = store.searches.length;
  setTerms(scope, ['term150']);
  await scope.settled();
  assert.equal(store.searches.length, before, 'recent state cached');
  scope.update({ terms: [], filters: {}, page: 1 });
  await scope.settled();
  assert.equal(store.searches.length, before + 1, 'the first state was dropped');
});

test('store errors: status error, the error kept, results event; refresh tries again', async () => {
  const { store, scope } = setup();
  store.fail = new Error('down');
  let events = 0;
  scope.addEventListener('results', () => events++);
  await scope.settled();
  assert.equal(scope.status, 'error');
  assert.equal((scope.error as Error).message, 'down');
  assert.equal(events, 1);
  store.fail = undefined;
  scope.refresh();
  await scope.settled();
  assert.equal(scope.status, 'ready');
  assert.equal(scope.error, undefined);
});

test('no search before a block configures the scope; settled() resolves at once when idle', async () => {
  const store = new FakeStore();
  const scope = new SearchScope({ store });
  setTerms(scope, ['buss']);
  await scope.settled();
  assert.equal(store.searches.length, 0);
  assert.deepEqual(scope.state.terms, ['buss']);
  scope.configure({ facets: ['theme'] });
  scope.configure({ facets: ['org'], pageSize: 5 });
  await scope.settled();
  assert.equal(store.searches.length, 1, 'blocks configuring in one task share one request');
  assert.deepEqual(scope.settings.facets, ['theme', 'org']);
  assert.equal(store.searches[0]!.request.limit, 5);
});

test('configuring the same settings again does nothing; dispose leaves nothing pending', async () => {
  const { store, scope } = setup();
  await scope.settled();
  let results = 0;
  scope.addEventListener('results', () => results++);
  scope.configure({ facets: ['org', 'theme'], lang: 'sv' });
  await scope.settled();
  assert.equal(results, 0);
  scope.configure({ pageSize: 3 });
  await scope.settled();
  assert.equal(results, 1);
  assert.equal(store.searches.length, 2);
  setTerms(scope, ['vatten']);
  scope.dispose();
  await scope.settled();
  assert.equal(store.searches.length, 2);
});

test('scopeFor: siblings share a scope by name; names isolate state and URL keys', async () => {
  const win = new FakeWindow();
  const doc = { defaultView: win };
  const store = new FakeStore();
  const a1 = scopeFor(doc, 'default', store);
  const a2 = scopeFor(doc, undefined, store);
  const b = scopeFor(doc, 'news', store);
  assert.equal(a1, a2);
  assert.notEqual(a1, b);
  a1.configure({ facets: ['theme'] });
  b.configure({ facets: ['theme'] });
  setTerms(a1, ['buss']);
  toggle(b, 'theme', `${THEME}EDUC`);
  await Promise.all([a1.settled(), b.settled()]);
  assert.deepEqual(a1.results!.rows.map((r) => r.title?.value), ['Busslinjer']);
  assert.deepEqual(b.results!.rows.map((r) => r.title?.value), ['Skolor']);
  const url = new URL(win.location.href);
  assert.deepEqual(readState(url).terms, ['buss']);
  assert.deepEqual(readState(url, 'news').filters, { theme: [`${THEME}EDUC`] });
  assert.deepEqual(b.state.terms, []);
  // back undoes b's change only
  win.back();
  await Promise.all([a1.settled(), b.settled()]);
  assert.deepEqual(b.state.filters, {});
  assert.deepEqual(a1.state.terms, ['buss']);
  resetScopes(doc);
  assert.notEqual(scopeFor(doc, 'default', store), a1);
  resetScopes(doc);
});

test('scopeFor: one scope per name AND store base URL; a name on a second store warns once', async () => {
  const doc = { defaultView: new FakeWindow() };
  const store = new FakeStore();
  const sameUrl = new FakeStore();
  const other = new FakeStore();
  Object.defineProperty(other, 'baseUrl', { value: 'http://other.example/store/' });
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (m: string) => warnings.push(m);
  try {
    const a = scopeFor(doc, 'news', store);
    assert.equal(scopeFor(doc, 'news', sameUrl), a, 'another client of the same store shares the scope');
    assert.deepEqual(warnings, []);
    const b = scopeFor(doc, 'news', other);
    assert.notEqual(b, a);
    assert.equal(b.store, other);
    assert.equal(b.name, 'news');
    assert.equal(scopeFor(doc, 'news', other), b);
    assert.equal(warnings.length, 1);
    const [warning = ''] = warnings;
    assert.ok(warning.includes('scope "news"') && warning.includes(BASE) && warning.includes('http://other.example/store/'), warning);
    // the default scope on another store: its own search too
    const d = scopeFor(doc, undefined, store);
    assert.notEqual(scopeFor(doc, 'default', other), d);
    assert.equal(scopeFor(doc, '', store), d);
  } finally {
    console.warn = warn;
    resetScopes(doc);
    resetWarnings();
  }
});

test('hrefFor gives crawlable links for pages and facet values', async () => {
  const { scope } = setup(undefined, { pageInUrl: true });
  await scope.settled();
  assert.equal(scope.hrefFor({ ...scope.state, page: 2 }), '/sok?esc_page=2');
  assert.equal(scope.hrefFor({ ...scope.state, filters: { theme: [`${THEME}TRAN`] } }), '/sok#esc_theme=euauth:data-theme/TRAN');
});

test('events: status loading before the new state (a block told of the state knows a search is under way), then ready, results after the answer', async () => {
  const { scope } = setup();
  await scope.settled();
  const seen: string[] = [];
  for (const type of ['state', 'status', 'results']) scope.addEventListener(type, () => seen.push(`${type}:${scope.status}`));
  setTerms(scope, ['vatten']);
  await scope.settled();
  assert.deepEqual(seen, ['status:loading', 'state:loading', 'status:ready', 'results:ready']);
  assert.equal(BASE.endsWith('/'), true);
});
