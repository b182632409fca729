/**
 * Issue 13.4: dependencies between block folders point down only. The shared layers import nothing above them:
 * blocks/base (the block base class, load state, events, rendering helpers) only the engine (src/); blocks/landing
 * (the landing base and the dataset/data-service renderers) and blocks/search-base (the scope binding, layouts'
 * base) only base/, rich-content/ and the engine — never an element's folder. And an element's folder holds its own
 * implementation: no element module lives in a shared layer.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const blocks = path.resolve(import.meta.dirname, '../../blocks');

/** The block folders `layer`'s modules import (relative imports that leave the folder), with the importing file. */
function importedFolders(layer: string): Array<{ file: string; folder: string }> {
  const out: Array<{ file: string; folder: string }> = [];
  for (const file of readdirSync(path.join(blocks, layer)).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(blocks, layer, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.\.\/[^']+)'/g)) {
      const target = path.relative(blocks, path.resolve(blocks, layer, m[1]!));
      if (target.startsWith('..')) continue; // the engine (src/) or a package
      out.push({ file, folder: target.split(path.sep)[0]! });
    }
  }
  return out;
}

describe('block folders: the shared layers import downwards only', () => {
  it('blocks/base imports no block folder', () => {
    assert.deepEqual(importedFolders('base'), []);
  });

  it('blocks/landing imports only base and rich-content', () => {
    const up = importedFolders('landing').filter(({ folder }) => !['base', 'rich-content'].includes(folder));
    assert.deepEqual(up, []);
  });

  it('blocks/search-base imports only base, landing and rich-content (no element folder)', () => {
    const up = importedFolders('search-base').filter(({ folder }) => !['base', 'landing', 'rich-content'].includes(folder)
      // a layout loads the sort select when it shows one: a lazy import of an element, not a dependency of the layer
      && folder !== 'catalog-sort-select');
    assert.deepEqual(up, []);
  });

  it('no shared layer defines a custom element (each element lives in its folder)', () => {
    for (const layer of ['base', 'landing', 'search-base']) {
      for (const file of readdirSync(path.join(blocks, layer)).filter((f) => f.endsWith('.ts'))) {
        const text = readFileSync(path.join(blocks, layer, file), 'utf8');
        const defined = [...text.matchAll(/customElements\.define\('([\w-]+)'/g)].map((m) => m[1]);
        // <catalog-store-provider> is the one element of the base layer: every block reads its store through it
        assert.deepEqual(defined.filter((tag) => tag !== 'catalog-store-provider'), [], `${layer}/${file}`);
      }
    }
  });
});
