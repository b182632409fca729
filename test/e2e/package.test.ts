/**
 * The package as published: every export target exists after `npm run build` (JS and declarations), every block
 * folder is an export and in the custom-elements manifest, the CDN files exist, and the README parameter table is
 * the one generated from src/config/params.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockNames, root } from '../../scripts/entries.mjs';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  customElements: string;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

test('every package export points at built files (JS and type declarations)', () => {
  assert.ok(existsSync(join(root, 'dist/npm/index.js')), 'run `npm run build` first (npm test does)');
  const missing: string[] = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    const files = typeof target === 'string' ? [target] : [target.types, target.default];
    for (const f of files) if (!existsSync(join(root, f))) missing.push(`${key} → ${f}`);
  }
  assert.deepEqual(missing, []);
});

test('every block folder is an npm entry, in entry/index.ts and in custom-elements.json', () => {
  const blocks = blockNames();
  assert.ok(blocks.includes('dataset-view') && blocks.includes('dataservice-view'), blocks.join(', '));
  const index = readFileSync(join(root, 'entry/index.ts'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(root, pkg.customElements), 'utf8')) as {
    modules: { declarations?: { tagName?: string }[] }[];
  };
  const tags = new Set(manifest.modules.flatMap((m) => (m.declarations ?? []).map((d) => d.tagName)).filter(Boolean));
  for (const b of blocks) {
    assert.ok(pkg.exports[`./${b}`], `package.json exports ./${b}`);
    assert.ok(index.includes(`/blocks/${b}/${b}.ts'`), `entry/index.ts exports ${b}`);
    // A part used inside other blocks carries the `catalog-` prefix (<catalog-data-preview>, <catalog-wms-map>).
    assert.ok(tags.has(b) || tags.has(`catalog-${b}`), `custom-elements.json has <${b}> or <catalog-${b}>`);
  }
});

test('the CDN build has the ES module and the classic script; the npm build keeps lit external and bundles ol; no rdflib in any browser bundle', () => {
  for (const f of ['dist/cdn/catalog-blocks.js', 'dist/cdn/catalog-blocks.iife.js']) assert.ok(existsSync(join(root, f)), f);
  const iife = readFileSync(join(root, 'dist/cdn/catalog-blocks.iife.js'), 'utf8');
  assert.doesNotMatch(iife, /^\s*import\s|\bexport\s*\{/m, 'the IIFE is a classic script (no static import or export)');
  // it loads the CDN loader beside it (entry/classic.ts): the same program as a module page, no library inside
  assert.match(iife, /\bimport\(/, 'the classic script imports the CDN loader');
  assert.ok(iife.length < 4096, `the classic script is a small bootstrap (${iife.length} B)`);
  const npmIndex = readFileSync(join(root, 'dist/npm/index.js'), 'utf8');
  const chunks = [npmIndex, ...[...npmIndex.matchAll(/"\.\/(chunks\/[^"]+\.js)"/g)].map((m) => readFileSync(join(root, 'dist/npm', m[1]!), 'utf8'))];
  assert.ok(chunks.some((c) => /from\s*"lit"/.test(c)), 'lit is imported, not bundled');
  for (const dep of ['lit', '@lit/context']) assert.ok(dep in pkg.dependencies, `${dep} is a dependency`);
  // OpenLayers is bundled into the lazy map chunk (issue 24 point 3): as a dependency it brought 23 packages to every
  // install, and as an optional peer every bundler fails to build an app without it (the map chunk is reachable from
  // every block). papaparse is CommonJS, so it is bundled into the preview chunk too.
  assert.ok(!('ol' in pkg.dependencies) && !('ol' in (pkg.peerDependencies ?? {})), 'ol is neither a dependency nor a peer');
  const npmAll = readdirSync(join(root, 'dist/npm'), { recursive: true }).map(String).filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(root, 'dist/npm', f), 'utf8')).join('\n');
  assert.doesNotMatch(npmAll, /(from\s*|import\()"ol[/"]/, 'ol is bundled, not imported');
  assert.doesNotMatch(npmAll, /(from\s*|import\()"papaparse"/, 'papaparse is bundled (CommonJS)');
  // rdflib (~100 KB gzip) and n3 are tools of the dev store and the tests only: the exports write with our own writers.
  assert.ok(!('rdflib' in pkg.dependencies) && !('n3' in pkg.dependencies), 'rdflib and n3 are not runtime dependencies');
  assert.doesNotMatch(iife, /rdflib|RDFParser|jsonld\.js/, 'the classic script does not inline rdflib');
});

test('the README parameter table is generated from src/config/params.ts', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/params-table.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr || r.stdout);
});

/** The bare package names a built file imports (static and dynamic imports; `node:` built-ins left out). */
function packagesImported(dir: string): Set<string> {
  const names = new Set<string>();
  for (const f of readdirSync(join(root, dir), { recursive: true }).map(String).filter((x) => x.endsWith('.js'))) {
    // code lines only (a bundled library's doc comments show imports as examples)
    const code = readFileSync(join(root, dir, f), 'utf8').split('\n').filter((l) => !/^\s*(\*|\/\/)/.test(l)).join('\n');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g)) {
      const spec = m[1]!;
      if (spec.startsWith('node:')) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return names;
}

// Issue 13 point 6, a light install: `npm install catalog-blocks` brings what the blocks import and nothing else.
// The CLI's and MCP server's libraries (commander, cli-progress, the MCP SDK with express/hono/jose, zod) are bundled
// into dist/node, so they are dev dependencies only.
test('the package depends on exactly what its browser build imports; the Node build imports nothing else', async () => {
  const { builtinModules } = await import('node:module');
  const browser = new Set([...packagesImported('dist/npm')]);
  const deps = new Set(Object.keys(pkg.dependencies));
  assert.deepEqual([...browser].filter((p) => !deps.has(p)).sort(), [], 'imported by the npm build but not a dependency');
  assert.deepEqual([...deps].filter((p) => !browser.has(p)).sort(), [], 'a dependency the npm build does not import');
  const node = [...packagesImported('dist/node')].filter((p) => !builtinModules.includes(p));
  assert.deepEqual(node.filter((p) => !deps.has(p)).sort(), [], 'the Node build imports a package npm would not install');
  for (const cliOnly of ['@modelcontextprotocol/sdk', 'zod', 'commander', 'cli-progress']) assert.ok(!deps.has(cliOnly), `${cliOnly} is not a dependency`);
});
