/**
 * Issue 24.7: no two modules of the program import each other, directly or around a loop. A cycle makes the order in
 * which modules run depend on which one a page imports first (a value read before its module has run is undefined),
 * and it ties two files that should be read one after the other. Every import counts that names a module: value and
 * type imports, re-exports and `typeof import('…')` (a type-only loop still says the two files are one thing); a
 * dynamic `import()` call counts too — a lazy chunk that imports its loader back is the same knot.
 *
 * The walk uses the TypeScript compiler's own reader of import specifiers (`preProcessFile`), so strings and comments
 * that merely look like imports are not taken for them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'blocks', 'dev-store', 'node'];
const SOURCE = /\.(ts|mts|js|mjs)$/;

function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'))
      .map((f) => path.join(folder, f).split(path.sep).join('/')));
}

/** The file a relative specifier names (as the bundler resolves it: exact, `.js` written for `.ts`, then index). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // a package
  const base = path.resolve(root, path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')];
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return hit && path.relative(root, hit).split(path.sep).join('/');
}

/** `typeof import('./x.ts')` in a type: preProcessFile reads import() calls, and a type query is written the same way. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const out = new Set<string>();
  for (const { fileName } of importedFiles) {
    const target = resolve(file, fileName);
    if (target && target !== file) out.add(target);
  }
  return [...out];
}

/** Strongly connected components of more than one file (Tarjan), each sorted, for a stable message. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('import cycles (issue 24.7)', () => {
  it('the walk finds a loop where there is one (a → b → c → a) and none in a chain', () => {
    const loop = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    assert.deepEqual(cycles(loop), [['a', 'b', 'c']]);
    assert.deepEqual(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]])), []);
  });

  it('the walk reads the project: a value import, a type import and a lazy chunk count', () => {
    assert.ok(importsOf('blocks/base/catalog-block.ts').includes('blocks/base/load-controller.ts'));
    // `import type` and `typeof import('./slots.ts')`
    assert.ok(importsOf('blocks/landing/render-dataset.ts').some((f) => f.startsWith('blocks/rich-content/')));
    assert.ok(importsOf('blocks/rich-content/hook.ts').includes('blocks/rich-content/slots.ts'));
  });

  it(`no module of ${FOLDERS.join('/, ')}/ imports itself around a loop`, () => {
    const graph = new Map(sourceFiles().map((f) => [f, importsOf(f)] as const));
    assert.ok(graph.size > 300, `read ${graph.size} files`);
    assert.deepEqual(cycles(graph).map((c) => c.join(' ↔ ')), []);
  });
});
