// The build entries, discovered so a new block folder needs no build change: every `blocks/<name>/<name>.ts`
// is a block entry (`catalog-blocks/<name>`), plus `index` (all blocks) and `api`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Block folder names that have a same-named define file, sorted. */
export function blockNames() {
  const dir = join(root, 'blocks');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, `${d.name}.ts`)))
    .map((d) => d.name)
    .sort();
}

/** npm entries: name → source file (relative to the repo root). */
export function npmEntries() {
  const entries = { index: 'entry/index.ts', api: 'src/api.ts' };
  for (const b of blockNames()) entries[b] = `blocks/${b}/${b}.ts`;
  return entries;
}

/** Every `customElements.define('tag', …)` under blocks/ → the file that runs it (absolute; tests excluded). */
export function blockTagFiles() {
  const out = new Map();
  const dir = join(root, 'blocks');
  for (const rel of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (!rel.endsWith('.ts') || rel.endsWith('.test.ts') || rel.endsWith('.d.ts')) continue;
    const file = join(dir, rel);
    for (const m of readFileSync(file, 'utf8').matchAll(/customElements\.define\(\s*['"]([a-z][a-z0-9]*-[a-z0-9-]*)['"]/g)) {
      if (!out.has(m[1])) out.set(m[1], file);
    }
  }
  return out;
}
