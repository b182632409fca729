/**
 * Issue 24 point 7 (layers): three layers, each importing only downwards — entry/ (the files that register elements
 * and the CDN loader) → blocks/ (the elements) → src/ (the engine). src/ defines no custom element and imports nothing
 * from blocks/ or entry/ (statically, dynamically or for a side effect); blocks/ imports nothing from entry/.
 * (eslint.config.mjs says the same for static imports in the editor; this test also sees `import()`.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Source files of a layer (tests and declarations left out). */
function sources(layer: string): string[] {
  return readdirSync(path.join(root, layer), { recursive: true }).map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(layer, f));
}

/** Every relative module specifier of a file: `from '…'`, `import '…'`, `import('…')`, `export … from '…'`. */
function specifiers(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"`](\.{1,2}\/[^'"`]+)['"`]/g)].map((m) => m[1]!);
}

/** `file`'s imports that land in one of `layers` (top-level folders), as `file → target`. */
function importsInto(file: string, layers: readonly string[]): string[] {
  return specifiers(file)
    .map((s) => path.relative(root, path.resolve(root, path.dirname(file), s)).split(path.sep).join('/'))
    .filter((target) => layers.includes(target.split('/')[0]!))
    .map((target) => `${file} → ${target}`);
}

test('src/ (the engine) defines no custom element', () => {
  const defining = sources('src').filter((f) => /customElements\s*\.\s*define\s*\(/.test(readFileSync(path.join(root, f), 'utf8')));
  assert.deepEqual(defining, []);
});

test('src/ imports nothing from blocks/ or entry/ (static, side-effect or dynamic imports)', () => {
  assert.deepEqual(sources('src').flatMap((f) => importsInto(f, ['blocks', 'entry'])), []);
});

test('blocks/ imports nothing from entry/', () => {
  assert.deepEqual(sources('blocks').flatMap((f) => importsInto(f, ['entry'])), []);
});

test('the entry layer holds the npm entry, the CDN loader and the classic script', () => {
  for (const f of ['entry/index.ts', 'entry/cdn.ts', 'entry/classic.ts']) assert.ok(sources('entry').includes(f), f);
});
