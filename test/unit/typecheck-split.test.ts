/**
 * Issue 13.5: the compiler keeps Node out of browser code and the DOM out of Node code. A probe file with a wrong
 * import is type-checked together with the real programs of tsconfig.browser.json and tsconfig.node.json: the
 * probe's lines must fail, and nothing else (so the real code compiles clean under its side's types, and no
 * library's typings bring the other side's globals back in — @types/papaparse used to bring Node's, xmldom the DOM).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** Type-checks `probe` (file text) with `config`'s options and includes; returns the error lines. */
function checkWithProbe(config: string, name: string, probe: string): string[] {
  const dir = path.join(root, '.cache', `probe-${process.pid}-${name}`);
  mkdirSync(dir, { recursive: true });
  try {
    const base = JSON.parse(JSON.stringify({ extends: `../../${config}` }));
    writeFileSync(path.join(dir, `${name}.ts`), probe);
    // `include` of the extended config is relative to that config; repeat it here plus the probe.
    const includes = config === 'tsconfig.browser.json' ? ['src', 'blocks'] : ['node', 'dev-store', 'scripts', '*.ts', 'src/catalog-engine/parse/vendor.d.ts'];
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...base, include: [...includes.map((i) => `../../${i}`), `${name}.ts`] }));
    const run = spawnSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
    return run.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('type-check: browser and Node code are separate programs', () => {
  it('a Node import or a Node global in browser code fails, and only there', () => {
    const errors = checkWithProbe('tsconfig.browser.json', 'block-probe', [
      "import { readFileSync } from 'node:fs';",
      "import papa from 'papaparse';",
      'export const read = readFileSync;',
      'export const env = process.env;',
      'export const buffer = Buffer.from("x");',
      'export const parser = papa.Parser;',
      '',
    ].join('\n'));
    assert.ok(errors.length >= 3, errors.join('\n'));
    assert.deepEqual(errors.filter((l) => !l.includes('block-probe.ts')), [], 'the real browser code compiles clean');
    assert.ok(errors.some((l) => /block-probe\.ts\(1,.*TS2307.*node:fs/.test(l)), errors.join('\n'));
    assert.ok(errors.some((l) => /block-probe\.ts\(4,.*'process'/.test(l)), errors.join('\n'));
    assert.ok(errors.some((l) => /block-probe\.ts\(5,.*'Buffer'/.test(l)), errors.join('\n'));
    assert.ok(!errors.some((l) => /block-probe\.ts\((2|6),/.test(l)), 'papaparse itself still type-checks');
  });

  it('a DOM global in Node code fails, and only there', () => {
    const errors = checkWithProbe('tsconfig.node.json', 'cli-probe', [
      "import { DOMParser } from '@xmldom/xmldom';",
      "import { readFileSync } from 'node:fs';",
      'export const title = document.title;',
      'export const element: HTMLElement | undefined = undefined;',
      'export const read = readFileSync;',
      "export const root = new DOMParser().parseFromString('<a/>', 'application/xml').documentElement?.localName;",
      '',
    ].join('\n'));
    assert.deepEqual(errors.filter((l) => !l.includes('cli-probe.ts')), [], 'the real Node code compiles clean');
    assert.ok(errors.some((l) => /cli-probe\.ts\(3,.*'document'/.test(l)), errors.join('\n'));
    assert.ok(errors.some((l) => /cli-probe\.ts\(4,.*'HTMLElement'/.test(l)), errors.join('\n'));
    assert.ok(!errors.some((l) => /cli-probe\.ts\((1|2|5|6),/.test(l)), 'Node modules and xmldom still type-check');
  });
});
