/**
 * Issue 13.4: dependencies between block folders point down only. The shared layers import nothing above them:
 * blocks/base (the block base class, load state, events, rendering helpers) only the engine (src/); blocks/landing
 * (the landing base and the dataset/data-service renderers) and blocks/search-base (the scope controller, layouts'
 * base) only base/, rich-content/ and the engine — never an element's folder. And an element's folder holds its own
 * implementation: no element module lives in a shared layer.
 *
 * Shared behaviour is composed, not inherited: the search blocks own a ScopePart (a Lit reactive controller) instead
 * of extending a chain of base classes, so every element is at most two levels above its base (alias →
 * implementation → CatalogBlock, LandingBlock or SearchLayout), and the scope plumbing is written once.
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

/** The TypeScript sources under blocks/, comments left out (a name in a comment is no use of it). */
const sources: ReadonlyArray<{ file: string; code: string }> = readdirSync(blocks, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((file) => ({
    file: file.split(path.sep).join('/'),
    code: readFileSync(path.join(blocks, file), 'utf8').replace(/\/\*[^]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''),
  }));

interface ClassDecl {
  readonly file: string;
  readonly parent: string;
  readonly abstract: boolean;
  /** The class body up to the next class declaration of its file. */
  readonly body: string;
}

/** Every `class X extends Y` in blocks/, by name. */
const classes = new Map<string, ClassDecl>();
for (const { file, code } of sources) {
  const decls = [...code.matchAll(/\b(abstract\s+)?class\s+(\w+)(?:<[^>{]*>)?\s+extends\s+(\w+)/g)];
  decls.forEach((m, i) => {
    assert.ok(!classes.has(m[2]!), `class ${m[2]} is declared twice (${classes.get(m[2]!)?.file}, ${file})`);
    classes.set(m[2]!, { file, parent: m[3]!, abstract: !!m[1], body: code.slice(m.index, decls[i + 1]?.index) });
  });
}

/** The bases an element may extend: the block base, and the shared bases of the landing blocks and the layouts. */
const BASES = ['CatalogBlock', 'LandingBlock', 'SearchLayout'];

/** `name`'s ancestors up to the nearest of BASES (empty when it does not descend from CatalogBlock). */
function chainToBase(name: string): string[] {
  const chain: string[] = [];
  for (let c = classes.get(name)?.parent; c; c = classes.get(c)?.parent) {
    chain.push(c);
    if (BASES.includes(c)) return chain;
  }
  return [];
}

/** The files of blocks/ that call `name(` (its own declaration aside), with the number of calls. */
function callers(name: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { file, code } of sources) {
    const n = [...code.matchAll(new RegExp(`(?<!function\\s+)\\b${name}\\(`, 'g'))].length;
    if (n) out[file] = n;
  }
  return out;
}

describe('block classes: shared behaviour is a controller, not a chain of base classes (issue 13.4)', () => {
  it('the classes are read (the parser still finds the blocks)', () => {
    for (const name of ['CatalogBlock', 'LandingBlock', 'SearchLayout', 'FacetsBlock', 'SearchListBlock', 'FacetsSv']) {
      assert.ok(classes.has(name), name);
    }
  });

  it('no shared base class between CatalogBlock and the elements other than LandingBlock and SearchLayout', () => {
    const bases = [...classes].filter(([name, c]) => c.abstract && chainToBase(name).includes('CatalogBlock')).map(([name]) => name);
    assert.deepEqual(bases.sort(), ['LandingBlock', 'SearchLayout']);
    for (const base of ['LandingBlock', 'SearchLayout']) assert.equal(classes.get(base)?.parent, 'CatalogBlock', base);
    assert.equal(classes.has('ScopedBlock'), false, 'ScopedBlock is gone');
  });

  it('every block class is at most two levels above its base (alias → implementation → base)', () => {
    const deep = [...classes.keys()]
      .map((name) => ({ name, chain: chainToBase(name) }))
      .filter(({ chain }) => chain.length > 2)
      .map(({ name, chain }) => `${name} → ${chain.join(' → ')}`);
    assert.deepEqual(deep, []);
  });

  it('the search parts, the list, the result count and the layouts each own a ScopePart and extend their base directly', () => {
    const owners = [...classes].filter(([, c]) => /\bnew ScopePart\(/.test(c.body));
    const names = owners.map(([name]) => name);
    for (const name of ['FacetsBlock', 'ActiveFiltersBlock', 'SimpleSearchBlock', 'MultiSearchBlock', 'FacetResponsivenessBlock',
      'SortSelect', 'DatasetExports', 'SearchListBlock', 'ResultsBlock', 'SearchLayout']) {
      assert.ok(names.includes(name), `${name} owns a ScopePart`);
    }
    for (const [name, c] of owners) assert.ok(BASES.includes(c.parent), `${name} extends ${c.parent}`);
  });

  it('the scope plumbing is called from one place: the ScopePart (blocks/search-base/scope-part.ts)', () => {
    for (const name of ['scopeLoadState', 'announceState', 'loadSearchMessages']) {
      assert.deepEqual(callers(name), { 'search-base/scope-part.ts': 1 }, name);
    }
  });
});
