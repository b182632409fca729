// Block definitions (`blocks: [{ block, extends, …defaults }]`, issue 10 contract 1): the block at the end of a chain
// and the merged defaults (src/config/block-overrides.ts, core); which element renders a name, and one warning naming
// the block when none does (src/legacy/names.ts resolveBlock).
import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { blockDefaults, mergeDefaults } from '../../src/config/block-overrides.ts';
import { resetNameWarnings, resolveBlock } from '../../src/legacy/names.ts';

function warnings<T>(fn: () => T): { value: T; seen: string[] } {
  const seen: string[] = [];
  const orig = console.warn;
  console.warn = (...a: unknown[]) => void seen.push(a.map(String).join(' '));
  try {
    return { value: fn(), seen };
  } finally {
    console.warn = orig;
  }
}

describe('blockDefaults', () => {
  test('a name nobody redefined: itself, no defaults', () => {
    assert.deepEqual(blockDefaults({}, 'datasetView'), { base: 'datasetView', defaults: {} });
    assert.deepEqual(blockDefaults({ blocks: [{ block: 'other', hl: 2 }] }, 'datasetList'), { base: 'datasetList', defaults: {} });
  });

  test('re-declaring a built-in name changes its defaults; a later definition of the same name wins', () => {
    const page = { blocks: [
      { block: 'datasetView', includeDataPreview: false, hl: 3 },
      { block: 'datasetView', includeDataPreview: true },
    ] };
    assert.deepEqual(blockDefaults(page, 'datasetView'), { base: 'datasetView', defaults: { includeDataPreview: true } });
  });

  test('a chain of custom blocks ends at the built-in; the nearer definition wins; structural keys are no defaults', () => {
    const page = { blocks: [
      { block: 'datasetList', limit: '3', clickExpand: false },
      { block: 'cityList', extends: 'datasetList', limit: '2', run: () => 1, loadEntry: true },
      { block: 'smallCityList', extends: 'cityList', hl: 4 },
    ] };
    assert.deepEqual(blockDefaults(page, 'smallCityList'), { base: 'datasetList', defaults: { limit: '2', clickExpand: false, hl: 4 } });
    assert.deepEqual(blockDefaults(page, 'cityList'), { base: 'datasetList', defaults: { limit: '2', clickExpand: false } });
  });

  test('chains resolve at call time: a block may extend one defined later in the array', () => {
    const page = { blocks: [{ block: 'a', extends: 'b', x: 1 }, { block: 'b', extends: 'template', htemplate: '<p></p>' }] };
    assert.deepEqual(blockDefaults(page, 'a'), { base: 'template', defaults: { htemplate: '<p></p>', x: 1 } });
  });

  test('a definition extending its own name builds on the earlier definition (or the built-in), not on itself', () => {
    const page = { blocks: [
      { block: 'datasetView', hl: 2 },
      { block: 'datasetView', extends: 'datasetView', registry: false },
    ] };
    assert.deepEqual(blockDefaults(page, 'datasetView'), { base: 'datasetView', defaults: { hl: 2, registry: false } });
    assert.deepEqual(blockDefaults({ blocks: [{ block: 'datasetList', extends: 'datasetList', hl: 3 }] }, 'datasetList'),
      { base: 'datasetList', defaults: { hl: 3 } });
  });

  test('objects deep-merge, arrays replace', () => {
    const page = { blocks: [
      { block: 'base1', extends: 'datasetList', opts: { a: 1, b: { c: 1 } }, include: ['org', 'theme'] },
      { block: 'child', extends: 'base1', opts: { b: { d: 2 } }, include: ['format'] },
    ] };
    assert.deepEqual(blockDefaults(page, 'child')?.defaults, { opts: { a: 1, b: { c: 1, d: 2 } }, include: ['format'] });
    assert.deepEqual(mergeDefaults({ a: [1, 2], o: { x: 1 } }, { a: [3], o: { y: 2 } }), { a: [3], o: { x: 1, y: 2 } });
  });

  test('a cycle: undefined and ONE warning naming the block (also when asked twice)', () => {
    const page = { blocks: [{ block: 'p', extends: 'q' }, { block: 'q', extends: 'p' }] };
    const { value, seen } = warnings(() => [blockDefaults(page, 'p'), blockDefaults(page, 'p')]);
    assert.deepEqual(value, [undefined, undefined]);
    assert.deepEqual(seen, ['[catalog-blocks] the definitions of block "p" extend each other in a cycle; ignored']);
  });

  test('malformed `blocks` values are skipped', () => {
    const page = { blocks: [null, 'x', { extends: 'datasetList' }, { block: 'ok', extends: 'datasetList', hl: 2 }] };
    assert.deepEqual(blockDefaults(page, 'ok'), { base: 'datasetList', defaults: { hl: 2 } });
    assert.deepEqual(blockDefaults({ blocks: 'nope' }, 'datasetList'), { base: 'datasetList', defaults: {} });
  });
});

describe('resolveBlock (legacy names → elements)', () => {
  beforeEach(() => resetNameWarnings());

  test('built-in and custom names: the element, the chain\'s defaults', () => {
    const page = { blocks: [{ block: 'cityList', extends: 'searchList', limit: 2 }] };
    assert.deepEqual(resolveBlock(page, 'cityList'), { tag: 'dataset-list', base: 'searchList', defaults: { limit: 2 } });
    assert.deepEqual(resolveBlock(page, 'datasetStandaloneListLayout'), { tag: 'dataset-list-layout', base: 'datasetStandaloneListLayout', defaults: {} });
  });

  test('an unknown name: undefined and ONE warning naming it', () => {
    const { value, seen } = warnings(() => [resolveBlock({}, 'mapView'), resolveBlock({}, 'mapView')]);
    assert.deepEqual(value, [undefined, undefined]);
    assert.deepEqual(seen, ['[catalog-blocks] block "mapView" is not supported; nothing is rendered for it']);
  });

  test('an unknown base: undefined and one warning naming the block and the base', () => {
    const page = { blocks: [{ block: 'mine', extends: 'noSuchBlock', hl: 2 }] };
    const { value, seen } = warnings(() => [resolveBlock(page, 'mine'), resolveBlock(page, 'mine')]);
    assert.deepEqual(value, [undefined, undefined]);
    assert.deepEqual(seen, ['[catalog-blocks] block "mine" extends the unknown block "noSuchBlock"; its definition is ignored']);
  });

  test('a custom name without `extends` (a JavaScript run block): undefined and one warning', () => {
    const page = { blocks: [{ block: 'jsBlock', run: () => undefined }, { block: 'usesJs', extends: 'jsBlock' }] };
    const { value, seen } = warnings(() => [resolveBlock(page, 'jsBlock'), resolveBlock(page, 'usesJs')]);
    assert.deepEqual(value, [undefined, undefined]);
    assert.deepEqual(seen, ['[catalog-blocks] block "jsBlock" has no "extends" (JavaScript "run" blocks are not supported); its definition is ignored']);
  });

  test('prototype names are no blocks', () => {
    const { value } = warnings(() => resolveBlock({}, 'constructor'));
    assert.equal(value, undefined);
  });
});
