// Global keys of the incumbent (issue 10 point 2) on the config side: the extra parameter table and ONE resolver
// (attribute → inherit → `blocks` override defaults → page config → default), clicks with any name, namedclick and
// click, `${…}` templates, RegExp and string routes, entrystore with or without slash, config arrays merged in order.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXTRA_PARAMS, KNOWN_PARAM_NAMES, PARAMS, squash } from '../../src/config/params.ts';
import { resolveParams, type ResolvedParams } from '../../src/config/resolve.ts';
import { landingHref, urlPrefix } from '../../src/config/links.ts';
import { locateEntry } from '../../src/config/entry-location.ts';
import { mergeConfig } from '../../src/config/page-config.ts';
import type { GlobalConfig } from '../../src/config/params.ts';
import { overridesLoading } from '../../src/config/block-overrides-loader.ts';

// The reader of `blocks` definitions loads only for a page that has some: blocks wait for it, and so do these tests.
before(() => overridesLoading({ blocks: [{ block: 'datasetView' }] }));

/** Just enough of an Element for the resolver: attributes and a tag name. */
function element(attrs: Record<string, string> = {}, localName = 'dataset-list'): Element {
  return { localName, attributes: Object.entries(attrs).map(([name, value]) => ({ name, value })) } as unknown as Element;
}

/** The extra parameters `names` as the one resolver gives them to a block that reads them all (a search layout). */
const resolveExtra = (names: string[], el: Element, page: GlobalConfig, incumbent = 'datasetList', parent?: Record<string, unknown>): ResolvedParams => {
  const all = resolveParams('datasetFacetSearchLayout', el, page, parent, incumbent);
  return Object.fromEntries(names.map((n) => [n, all[n]]));
};

describe('EXTRA_PARAMS and KNOWN_PARAM_NAMES', () => {
  it('the extra table holds the non-spec parameters of the issue and none of the spec table', () => {
    const names = EXTRA_PARAMS.map((p) => p.name);
    for (const n of ['limit', 'limitOptions', 'sortOptions', 'baseFilter', 'minimumSearchLength', 'facetLimit', 'exclude', 'include',
      'namedclick', 'click', 'context']) assert.ok(names.includes(n), n);
    for (const p of PARAMS) assert.ok(!names.includes(p.name), p.name);
  });
  it('KNOWN_PARAM_NAMES has every name of both tables, squashed', () => {
    for (const p of [...PARAMS, ...EXTRA_PARAMS]) assert.ok(KNOWN_PARAM_NAMES.has(squash(p.name)), p.name);
    assert.ok(KNOWN_PARAM_NAMES.has('includedatapreview'));
    assert.ok(KNOWN_PARAM_NAMES.has('minimumsearchlength'));
    assert.ok(!KNOWN_PARAM_NAMES.has('nosuchparameter'));
  });
});

describe('one resolver for both tables', () => {
  it('order: attribute → inherit → blocks override → page config → default', () => {
    const page: GlobalConfig = { limit: 30, blocks: [{ block: 'datasetList', limit: 20 }] };
    assert.equal(resolveExtra(['limit'], element({ limit: '5' }), page).limit, 5);
    assert.equal(resolveExtra(['limit'], element({ limit: 'inherit' }), page, 'datasetList', { limit: 7 }).limit, 7);
    // inherit without a parent value falls through to the override
    assert.equal(resolveExtra(['limit'], element({ limit: 'inherit' }), page, 'datasetList', {}).limit, 20);
    assert.equal(resolveExtra(['limit'], element(), page).limit, 20);
    // another block's override does not apply; the page config does
    assert.equal(resolveExtra(['limit'], element(), page, 'datasetResults').limit, 30);
    assert.equal(resolveExtra(['limit'], element(), {}).limit, undefined);
  });
  it('json parameters: attribute JSON parsed, page objects and arrays as given, plain text kept', () => {
    const opts = [{ label: 'A', value: 'title.sv asc' }];
    assert.deepEqual(resolveExtra(['sortOptions'], element({ 'sort-options': JSON.stringify(opts) }), {}).sortOptions, opts);
    assert.deepEqual(resolveExtra(['sortOptions'], element(), { sortOptions: opts }).sortOptions, opts);
    assert.deepEqual(resolveExtra(['context'], element(), { context: ['1', '2'] }).context, ['1', '2']);
    assert.equal(resolveExtra(['context'], element({ context: '4' }), { context: ['1', '2'] }).context, '4');
    assert.equal(resolveExtra(['exclude'], element({ exclude: 'org,format' }), {}).exclude, 'org,format');
  });
  it('an invalid number warns and uses the default', () => {
    const warned: string[] = [];
    const orig = console.warn;
    console.warn = (m: string) => warned.push(m);
    try {
      assert.equal(resolveExtra(['limit'], element({ limit: 'many' }, 'x-limit-test'), {}).limit, undefined);
    } finally {
      console.warn = orig;
    }
    assert.ok(warned.some((w) => w.includes('"limit"') && w.includes('many')), warned.join('\n'));
  });
  it('spec-table parameters read block overrides of the built-in name; call-site attributes win', () => {
    const page: GlobalConfig = { blocks: [{ block: 'datasetView', includeDataPreview: true, clickExpand: false }] };
    const p = resolveParams('datasetView', element({ 'click-expand': 'true' }, 'dataset-view'), page);
    assert.equal(p.includeDataPreview, true);
    assert.equal(p.clickExpand, true);
    // an override of another name does not leak
    assert.equal(resolveParams('datasetListLayout', element({}, 'dataset-list-layout'), page).includeDataPreview, false);
    // a later definition of the same name wins
    const twice: GlobalConfig = { blocks: [{ block: 'datasetView', hl: 3 }, { block: 'datasetView', hl: 4 }] };
    assert.equal(resolveParams('datasetView', element({}, 'dataset-view'), twice).hl, 4);
  });
});

describe('clicks, namedclick, click', () => {
  const here = new URL('https://portal.example/sok?x=1#top');
  const target = { uri: 'https://data.example/ds/1', entryId: '12', contextId: '3' };
  it('any clicks name is a route; dataservice falls back to dataservice-link', () => {
    const page: GlobalConfig = { clicks: { 'dataservice-link': '/api-sida', publisher: '/org/${entry}' } };
    assert.equal(landingHref('publisher', target, page, here), '/org/12');
    assert.equal(landingHref('dataservice', target, page, here), '/api-sida#esc_entry=12&esc_context=3');
    assert.equal(landingHref('dataset-link-that-does-not-exist', target, page, here), '/sok?x=1&esc_entry=12&esc_context=3');
  });
  it('a page reading a catalog file links by resource URI: its entry ids are only the order of the file (issue 29)', () => {
    const page: GlobalConfig = { catalogUrl: 'https://city.example/dcat.ttl', clicks: { dataset: '/dataset' } };
    assert.equal(landingHref('dataset', target, page, here), '/dataset#esc_uri=https%3A%2F%2Fdata.example%2Fds%2F1');
    assert.equal(landingHref('no-route', target, page, here), '/sok?x=1&esc_uri=https%3A%2F%2Fdata.example%2Fds%2F1');
  });
  it('a block click target wins over the route; ${context}, ${entry}, ${uri} are filled in', () => {
    const page: GlobalConfig = { clicks: { dataset: '/dataset' } };
    assert.equal(landingHref('dataset', target, page, here, '/d/${context}_${entry}'), '/d/3_12');
    assert.equal(landingHref('dataset', target, page, here, 'https://other.example/v?u=${uri}'),
      'https://other.example/v?u=https%3A%2F%2Fdata.example%2Fds%2F1');
  });
  it('urlQueryParameters puts the keys in the query string; urlParamsPrefix / hashParamsPrefix rename them', () => {
    assert.equal(landingHref('dataset', target, { clicks: { dataset: '/ds?a=b' }, urlQueryParameters: true }, here), '/ds?a=b&esc_entry=12&esc_context=3');
    assert.equal(landingHref('dataset', target, { clicks: { dataset: '/ds' }, hashParamsPrefix: 'p_' }, here), '/ds#p_entry=12&p_context=3');
    assert.equal(urlPrefix({ urlParamsPrefix: 'u_', hashParamsPrefix: 'h_' }), 'u_');
  });
});

describe('routes, entry, context, entrystore', () => {
  it('a RegExp route (the documented form) locates the entry, also with the g flag and twice in a row', () => {
    const page: GlobalConfig = { routes: [{ regex: /\/datasets\/(\d+)_(\d+)/g, context: 1, entry: 2 }] };
    const url = new URL('https://portal.example/datasets/7_42');
    for (let i = 0; i < 2; i++) assert.deepEqual(locateEntry(url, {}, page), { kind: 'entry', contextId: '7', entryId: '42' });
  });
  it('a string route works the same; a fixed value with ${1}', () => {
    const page: GlobalConfig = { routes: [{ regex: 'katalog/([a-z]+)$', lookup: 'id-${1}' }] };
    const loc = locateEntry(new URL('https://portal.example/katalog/abc'), {}, page);
    assert.equal(loc.kind, 'lookup');
    assert.equal(loc.kind === 'lookup' && loc.value, 'id-abc');
  });
  it('global entry + context name the entry', () => {
    assert.deepEqual(locateEntry(new URL('https://p.example/'), {}, { entry: '5', context: '9' }), { kind: 'entry', contextId: '9', entryId: '5' });
  });
  it('a page URL inside the store (entrystore with or without trailing slash) names its entry', () => {
    for (const storeUrl of ['https://s.example/store', 'https://s.example/store/']) {
      assert.deepEqual(locateEntry(new URL('https://s.example/store/3/entry/8'), {}, { storeUrl }), { kind: 'entry', contextId: '3', entryId: '8' });
    }
  });
});

describe('config arrays merge in order', () => {
  it('later objects win, objects deep-merge, arrays concatenate in order, RegExps stay RegExps', () => {
    const r1 = /a(\d)/;
    const r2 = /b(\d)/;
    let cfg = mergeConfig({}, { clicks: { dataset: '/a' }, routes: [{ regex: r1, entry: 1 }], limit: 5 });
    cfg = mergeConfig(cfg, { clicks: { dataservice: '/s' }, routes: [{ regex: r2, entry: 1 }], limit: 20 });
    assert.deepEqual(cfg.clicks, { dataset: '/a', dataservice: '/s' });
    assert.equal(cfg.limit, 20);
    const routes = cfg.routes as { regex: RegExp }[];
    assert.equal(routes.length, 2);
    assert.equal(routes[0]!.regex, r1);
    assert.equal(routes[1]!.regex, r2);
    // a RegExp under the same key replaces, it is not merged key by key into a plain object
    const replaced = mergeConfig({ x: { regex: r1 } }, { x: { regex: r2 } });
    assert.ok((replaced.x as { regex: unknown }).regex instanceof RegExp);
    assert.equal((replaced.x as { regex: RegExp }).regex, r2);
  });
});
