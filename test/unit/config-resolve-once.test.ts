// The one resolver reads an element's attributes once per resolution (a block resolves its parameters at every update;
// reading and squashing every attribute for each parameter of the tables was most of what a facet click spent in block
// updates), with the same precedence as before: the first of two spellings of one parameter wins, `data-entryscape-`
// prefixed names count, an exact page key before a differently spelled one.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveParams } from '../../src/config/resolve.ts';
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

describe('resolveParams reads once per resolution', () => {
  it('the attribute list once, and the values as before', () => {
    const { el, reads } = countingElement([['class', 'x'], ['data-entryscape-limit', '7'], ['Limit', '9'], ['hl', '4']]);
    const params = resolveParams('datasetList', el, { lang: 'sv' } as GlobalConfig);
    assert.equal(reads(), 1, 'the attributes are read once');
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
