// The one resolver reads an element's attributes and a page configuration's keys once per resolution (a block resolves
// its parameters at every update; reading and squashing every attribute for each parameter of the tables was most of
// what a facet click spent in block updates), with the same precedence as before: the first of two spellings of one
// parameter wins, `data-entryscape-` prefixed names count, an exact page key before a differently spelled one.
// Also the store URL helper that blocks ask at every update: remembered per base, never across bases.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveParams } from '../../src/config/resolve.ts';
import { absoluteHref, normaliseBaseUrl } from '../../src/store/entrystore.ts';
import { storeUrlOf } from '../../src/store/registry.ts';
import type { GlobalConfig } from '../../src/config/params.ts';

/** An element whose attribute list counts how often it is read. */
function countingElement(attrs: [string, string][]): { el: Element; reads: () => number } {
  let reads = 0;
  const list = attrs.map(([name, value]) => ({ name, value }));
  const el = {
    localName: 'dataset-list',
    get attributes() {
      reads++;
      return list;
    },
  } as unknown as Element;
  return { el, reads: () => reads };
}

/** A page configuration whose key list counts how often it is read. */
function countingPage(values: Record<string, unknown>): { page: GlobalConfig; reads: () => number } {
  let reads = 0;
  const page = new Proxy(values, {
    ownKeys(target) {
      reads++;
      return Reflect.ownKeys(target);
    },
  });
  return { page: page as GlobalConfig, reads: () => reads };
}

describe('resolveParams reads once per resolution', () => {
  it('the attribute list once, the page keys at most once, and the values as before', () => {
    const { el, reads } = countingElement([['class', 'x'], ['data-entryscape-limit', '7'], ['Limit', '9'], ['hl', '4']]);
    const { page, reads: pageReads } = countingPage({ 'include-sorting': 'false', lang: 'sv', LIST_PLACEHOLDER: 'x' });
    const params = resolveParams('datasetList', el, page);
    assert.equal(reads(), 1, 'the attributes are read once');
    assert.ok(pageReads() <= 1, `the page keys are read at most once (read ${pageReads()} times)`);
    // the first spelling wins (data-entryscape-limit before Limit), as attributeValue always did
    assert.equal(params.limit, 7);
    assert.equal(params.hl, 4);
  });

  it('an exact page key wins over a differently spelled one; a squashed spelling is found', () => {
    const el = { localName: 'dataset-facet-search-layout', attributes: [] } as unknown as Element;
    const exact = resolveParams('datasetFacetSearchLayout', el, { includeSorting: true, 'include-sorting': false } as GlobalConfig);
    assert.equal(exact.includeSorting, true);
    const squashed = resolveParams('datasetFacetSearchLayout', el, { 'INCLUDE_SORTING': 'true' } as GlobalConfig);
    assert.equal(squashed.includeSorting, true);
  });
});

describe('absoluteHref', () => {
  it('resolves against each base on its own (a remembered answer is never given for another base)', () => {
    assert.equal(absoluteHref('store/', 'https://a.example/x/page?p=1'), 'https://a.example/x/store/');
    assert.equal(absoluteHref('store/', 'https://b.example/y/page'), 'https://b.example/y/store/');
    assert.equal(absoluteHref('store/', 'https://a.example/x/page?p=1'), 'https://a.example/x/store/');
    assert.equal(absoluteHref('http://[bad', 'https://a.example/'), null);
  });

  it('normaliseBaseUrl and storeUrlOf keep their answers: absolute, one trailing slash; no URL → new URL\'s error', () => {
    assert.equal(normaliseBaseUrl(' https://s.example/store '), 'https://s.example/store/');
    const el = (attr: string | null) => ({ getAttribute: () => attr, ownerDocument: { baseURI: 'https://site.example/pages/a.html' } });
    assert.equal(storeUrlOf(el('../store'), {}), 'https://site.example/store/');
    assert.equal(storeUrlOf(el(null), { catalogUrl: 'dcat.ttl' } as GlobalConfig), 'https://site.example/pages/dcat.ttl#store/');
    assert.throws(() => storeUrlOf(el('http://[bad'), {}), TypeError);
  });
});
