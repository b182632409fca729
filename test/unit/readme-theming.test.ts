/**
 * Issue 28 point 8: a city theming the blocks finds EVERY `--cb-*` custom property the styles read in the README's
 * theming table (name, what it does, default), and the table names none that the code no longer reads. The defaults in
 * the table are ones the code falls back to. The themed screenshot the section shows is committed.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = join(dir, name);
    if (statSync(join(root, rel)).isDirectory()) return sources(rel);
    return /\.(ts|css)$/.test(name) ? [rel] : [];
  });
}

/** Every `var(--cb-x, default)` of the code: property → the defaults it is read with. */
function readInCode(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of ['blocks', 'src', 'entry'].flatMap(sources)) {
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(/var\((--cb-[a-z0-9-]+)(?:,\s*([^)]+))?\)/g)) {
      if (!found.has(m[1]!)) found.set(m[1]!, new Set());
      if (m[2]) found.get(m[1]!)!.add(m[2].trim());
    }
  }
  return found;
}

/** Rows of the README theming table: `| \`--cb-x\` | what | \`default\` |`. */
function readmeRows(): Map<string, { what: string; def: string }> {
  const section = readme.slice(readme.indexOf('### Theming'), readme.indexOf('\n## ', readme.indexOf('### Theming')));
  const rows = new Map<string, { what: string; def: string }>();
  for (const m of section.matchAll(/^\| `(--cb-[a-z0-9-]+)` \| (.+?) \| (.+?) \|$/gm)) rows.set(m[1]!, { what: m[2]!, def: m[3]! });
  return rows;
}

test('the README has a theming section with a table of custom properties', () => {
  assert.ok(readme.includes('### Theming'), 'a "### Theming" section');
  assert.ok(readmeRows().size > 0, 'a table of `--cb-*` rows');
});

test('every --cb-* property the styles read is in the README theming table, with what it does', () => {
  const rows = readmeRows();
  const missing = [...readInCode().keys()].filter((p) => !rows.has(p)).sort();
  assert.deepEqual(missing, [], 'properties read by the code but not in the README');
  for (const [p, row] of rows) assert.ok(row.what.trim().length > 10, `${p}: says what it does`);
});

test('the table names no property the code does not read, and each default is one the code falls back to', () => {
  const code = readInCode();
  for (const [p, row] of readmeRows()) {
    assert.ok(code.has(p), `${p} is in the README but no style reads it`);
    const defaults = [...code.get(p)!];
    assert.ok(defaults.some((d) => row.def.includes(`\`${d}\``)), `${p}: the README default ${row.def} names one of the code's: ${defaults.join(', ')}`);
  }
});

test('the themed screenshot the section shows is committed and can be re-made', () => {
  const section = readme.slice(readme.indexOf('### Theming'));
  const img = /!\[[^\]]+\]\(([^)]+\.png)\)/.exec(section)?.[1];
  assert.ok(img, 'an image in the theming section');
  assert.ok(existsSync(join(root, img)), `${img} exists`);
  assert.ok(readFileSync(join(root, img)).subarray(1, 4).toString() === 'PNG', `${img} is a PNG`);
  assert.ok(section.includes('scripts/themed-screenshot.mjs'), 'the section names the script that makes it');
  assert.ok(existsSync(join(root, 'scripts/themed-screenshot.mjs')));
});
