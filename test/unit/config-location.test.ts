// Entry location (behaviour doc §3.1), landing links (§3.2) and the config merge rule (§0): pure functions, no DOM.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { locateEntry, DEFAULT_LOOKUP_PREDICATE } from '../../src/config/entry-location.ts';
import { landingHref } from '../../src/config/links.ts';
import { mergeConfig } from '../../src/config/page-config.ts';
import { parseParam } from '../../src/config/resolve.ts';
import { PARAMS, paramsOf, attributeName } from '../../src/config/params.ts';

const page = (href: string) => new URL(href);

describe('locateEntry', () => {
  it('reads esc_entry + esc_context from the query string', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_entry=12&esc_context=3'), {}, {}), { kind: 'entry', contextId: '3', entryId: '12' });
  });
  it('reads them from the fragment (classic form), first value of a comma list', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p#esc_entry=12,13&esc_context=3'), {}, {}), { kind: 'entry', contextId: '3', entryId: '12' });
  });
  it('query wins over fragment for the same key', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_entry=1&esc_context=2#esc_entry=9&esc_context=8'), {}, {}), {
      kind: 'entry', contextId: '2', entryId: '1',
    });
  });
  it('entry without context falls through to uri', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_entry=1&esc_uri=https%3A%2F%2Fd.org%2Fds%2F1'), {}, {}), { kind: 'uri', uri: 'https://d.org/ds/1' });
  });
  it('uri keeps commas and is scoped by context', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p#esc_uri=https://d.org/a,b&esc_context=5'), {}, {}), { kind: 'uri', uri: 'https://d.org/a,b', contextId: '5' });
  });
  it('lookup defaults to dcterms:identifier; lookupLiteral / lookupURI choose the property (prefixed names expand)', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_lookup=abc'), {}, {}), {
      kind: 'lookup', value: 'abc', predicate: DEFAULT_LOOKUP_PREDICATE, predicateKind: 'literal',
    });
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_lookup=abc&esc_lookupLiteral=dcterms:title'), {}, {}), {
      kind: 'lookup', value: 'abc', predicate: 'http://purl.org/dc/terms/title', predicateKind: 'literal',
    });
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_lookup=https://l.org/x&esc_lookupURI=dcat:landingPage'), {}, {}), {
      kind: 'lookup', value: 'https://l.org/x', predicate: 'http://www.w3.org/ns/dcat#landingPage', predicateKind: 'uri',
    });
  });
  it('block attributes beat the page URL', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_entry=1&esc_context=2'), { uri: 'https://d.org/ds/7' }, {}), { kind: 'uri', uri: 'https://d.org/ds/7' });
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_uri=https://d.org/u'), { entry: '4', context: '5' }, {}), { kind: 'entry', contextId: '5', entryId: '4' });
  });
  it('attribute values are not mixed with the URL: an attribute entry without context falls back to the URL location', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_uri=https://d.org/u&esc_context=9'), { entry: '4' }, {}), { kind: 'uri', uri: 'https://d.org/u', contextId: '9' });
    assert.deepEqual(locateEntry(page('https://x.org/p'), { entry: '4' }, { context: '8' }), { kind: 'entry', contextId: '8', entryId: '4' });
  });
  it('global config is the last resort; a custom prefix is honoured', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p'), {}, { entry: '1', context: '2' }), { kind: 'entry', contextId: '2', entryId: '1' });
    assert.deepEqual(locateEntry(page('https://x.org/p?my_entry=3&my_context=4'), {}, { urlParamsPrefix: 'my_' }), { kind: 'entry', contextId: '4', entryId: '3' });
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_entry=3&esc_context=4'), {}, { urlParamsPrefix: 'my_' }), { kind: 'none' });
  });
  it('routes: the first matching regex wins; numbers are capture groups, ${n} is replaced', () => {
    const routes = [{ regex: '/datasets/(\\d+)_(\\d+)$', context: 1, entry: 2 }, { regex: '/ds/(\\w+)$', lookup: 'id-${1}' }];
    assert.deepEqual(locateEntry(page('https://x.org/datasets/3_12'), {}, { routes }), { kind: 'entry', contextId: '3', entryId: '12' });
    assert.deepEqual(locateEntry(page('https://x.org/ds/abc'), {}, { routes }), {
      kind: 'lookup', value: 'id-abc', predicate: DEFAULT_LOOKUP_PREDICATE, predicateKind: 'literal',
    });
  });
  it('a page URL inside the store names its entry', () => {
    assert.deepEqual(locateEntry(page('https://d.org/store/7/entry/10'), {}, { storeUrl: 'https://d.org/store/' }), { kind: 'entry', contextId: '7', entryId: '10' });
  });
  it('nothing given → none; esc_page is not a locating key', () => {
    assert.deepEqual(locateEntry(page('https://x.org/p?esc_page=2&q=1'), {}, {}), { kind: 'none' });
  });
});

describe('landingHref', () => {
  const cur = page('https://site.org/page?x=1&esc_entry=9&esc_context=9#esc_uri=old');
  it('default: current page with ?esc_entry&esc_context, other query kept, fragment dropped', () => {
    assert.equal(landingHref('dataset', { uri: 'https://d.org/1', entryId: '12', contextId: '3' }, {}, cur), '/page?x=1&esc_entry=12&esc_context=3');
  });
  it('default without entry ids: ?esc_uri', () => {
    assert.equal(landingHref('dataset', { uri: 'https://d.org/1' }, {}, cur), '/page?x=1&esc_uri=https%3A%2F%2Fd.org%2F1');
  });
  it('a configured route gets the fragment form, keeping its own query minus esc_page', () => {
    const cfg = { clicks: { dataset: '/datasets/view?a=b&esc_page=3' } };
    assert.equal(landingHref('dataset', { uri: 'u', entryId: '1', contextId: '2' }, cfg, cur), '/datasets/view?a=b#esc_entry=1&esc_context=2');
  });
  it('placeholders are filled in and nothing is appended', () => {
    const cfg = { clicks: { dataservice: '/services/${context}_${entry}', dataset: 'https://o.org/d?u=${uri}' } };
    assert.equal(landingHref('dataservice', { uri: 'u', entryId: '1', contextId: '2' }, cfg, cur), '/services/2_1');
    assert.equal(landingHref('dataset', { uri: 'https://d.org/a b' }, cfg, cur), 'https://o.org/d?u=https%3A%2F%2Fd.org%2Fa%20b');
  });
  it('urlQueryParameters puts the locating keys into the query string', () => {
    const cfg = { clicks: { dataset: '/d' }, urlQueryParameters: true };
    assert.equal(landingHref('dataset', { uri: 'u', entryId: '1', contextId: '2' }, cfg, cur), '/d?esc_entry=1&esc_context=2');
  });
});

describe('mergeConfig', () => {
  it('deep-merges objects, merges named arrays by name, concatenates others, !key replaces', () => {
    const a = { clicks: { dataset: '/a' }, blocks: [{ name: 'x', v: 1 }], list: [1], routes: [{ regex: 'a' }] };
    const b = { clicks: { dataservice: '/s' }, blocks: [{ name: 'x', w: 2 }, { name: 'y' }], list: [2], '!routes': [] };
    assert.deepEqual(mergeConfig(a, b), {
      clicks: { dataset: '/a', dataservice: '/s' }, blocks: [{ name: 'x', v: 1, w: 2 }, { name: 'y' }], list: [1, 2], routes: [],
    });
  });
});

describe('parameter table and parsing', () => {
  it('every parameter has a kebab attribute name and defaults only in its own columns', () => {
    for (const p of PARAMS) {
      assert.match(attributeName(p.name), /^[a-z]+(-[a-z]+)*$/);
      for (const col of Object.keys(p.defaults)) assert.ok(p.columns.includes(col as never), `${p.name} default for ${col}`);
    }
    assert.deepEqual(paramsOf('dataserviceView').map((p) => p.name), ['hl', 'includeIndicators']);
  });
  it('booleans: true/"true"/"" → true, false/"false" → false, anything else invalid', () => {
    const spec = PARAMS.find((p) => p.name === 'clickExpand')!;
    for (const v of [true, 'true', 'TRUE', '']) assert.equal(parseParam(spec, v), true);
    for (const v of [false, 'false', ' False ']) assert.equal(parseParam(spec, v), false);
    for (const v of ['yes', '1', 0, {}]) assert.equal(typeof parseParam(spec, v), 'symbol');
  });
  it('numbers: integers ≥ min; strings: pattern', () => {
    const hl = PARAMS.find((p) => p.name === 'hl')!;
    assert.equal(parseParam(hl, '3'), 3);
    assert.equal(parseParam(hl, 7), 7);
    for (const v of ['0', '-1', '2.5', 'two', true]) assert.equal(typeof parseParam(hl, v), 'symbol');
    const br = PARAMS.find((p) => p.name === 'break')!;
    assert.equal(parseParam(br, '800px'), '800px');
    assert.equal(typeof parseParam(br, 'wide'), 'symbol');
    const sort = PARAMS.find((p) => p.name === 'sortOrder')!;
    assert.equal(parseParam(sort, 'title'), 'title');
    assert.equal(parseParam(sort, 'modified+desc'), 'modified+desc');
    assert.equal(typeof parseParam(sort, 'drop table'), 'symbol');
  });
});
