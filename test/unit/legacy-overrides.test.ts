// Block definitions (`blocks: [{ block, extends, …defaults }]`, issue 10 contract 1): the built-in block at the end of
// a chain and the merged defaults; unknown bases and cycles are refused with one warning naming the block.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { blockDefaults, mergeDefaults } from '../../src/config/block-overrides.ts';

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
  test('a built-in name nobody redefined: itself, no defaults; an unknown name nobody defined: undefined, silently', () => {
    const { value, seen } = warnings(() => [blockDefaults({}, 'datasetView'), blockDefaults({ blocks: [] }, 'nothing')]);
    assert.deepEqual(value, [{ base: 'datasetView', defaults: {} }, undefined]);
    assert.deepEqual(seen, []);
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
  });

  test('objects deep-merge, arrays replace', () => {
    const page = { blocks: [
      { block: 'base1', extends: 'datasetList', opts: { a: 1, b: { c: 1 } }, include: ['org', 'theme'] },
      { block: 'child', extends: 'base1', opts: { b: { d: 2 } }, include: ['format'] },
    ] };
    assert.deepEqual(blockDefaults(page, 'child')?.defaults, { opts: { a: 1, b: { c: 1, d: 2 } }, include: ['format'] });
    assert.deepEqual(mergeDefaults({ a: [1, 2], o: { x: 1 } }, { a: [3], o: { y: 2 } }), { a: [3], o: { x: 1, y: 2 } });
  });

  test('an unknown base: undefined and ONE warning naming the block and the base (also when asked twice)', () => {
    const page = { blocks: [{ block: 'mine', extends: 'noSuchBlock', hl: 2 }] };
    const { value, seen } = warnings(() => [blockDefaults(page, 'mine'), blockDefaults(page, 'mine')]);
    assert.deepEqual(value, [undefined, undefined]);
    assert.deepEqual(seen, ['[catalog-blocks] block "mine" extends the unknown block "noSuchBlock"; its definition is ignored']);
  });

  test('a cycle: undefined and one warning naming the block', () => {
    const page = { blocks: [{ block: 'p', extends: 'q' }, { block: 'q', extends: 'p' }] };
    const { value, seen } = warnings(() => blockDefaults(page, 'p'));
    assert.equal(value, undefined);
    assert.deepEqual(seen, ['[catalog-blocks] the definitions of block "p" extend each other in a cycle; ignored']);
  });

  test('a custom name without `extends` (a JavaScript run block): undefined and one warning', () => {
    const page = { blocks: [{ block: 'jsBlock', run: () => undefined }] };
    const { value, seen } = warnings(() => blockDefaults(page, 'jsBlock'));
    assert.equal(value, undefined);
    assert.deepEqual(seen, ['[catalog-blocks] block "jsBlock" has no "extends" (JavaScript "run" blocks are not supported); its definition is ignored']);
  });

  test('malformed `blocks` values are skipped', () => {
    const page = { blocks: [null, 'x', { extends: 'datasetList' }, { block: 'ok', extends: 'datasetList', hl: 2 }] };
    assert.deepEqual(blockDefaults(page, 'ok'), { base: 'datasetList', defaults: { hl: 2 } });
    assert.deepEqual(blockDefaults({ blocks: 'nope' }, 'datasetList'), { base: 'datasetList', defaults: {} });
  });
});
