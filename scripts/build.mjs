#!/usr/bin/env node
// `npm run build`: declarations (tsc) → npm ES modules → CDN ES module (+ lazy chunks) → CDN IIFE → custom-elements.json
// → Node bins + `catalog-blocks/node` (dist/node, vite.node.config.ts).
// `node scripts/build.mjs cdn iife` runs only those steps (used by `npm start` and the e2e tests).
// Block entries are discovered (scripts/entries.mjs); package.json "exports" is kept in step with them.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { blockNames, npmEntries, root } from './entries.mjs';

const STEPS = ['types', 'npm', 'cdn', 'iife', 'manifest', 'node'];
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const w of wanted) if (!STEPS.includes(w)) fail(`unknown step "${w}" (steps: ${STEPS.join(', ')})`);
const run = (step) => wanted.length === 0 || wanted.includes(step);

function fail(message) {
  console.error(`build: ${message}`);
  process.exit(1);
}

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} failed`);
}

/** Every block folder gets `catalog-blocks/<name>` in package.json exports; entry/index.ts should import it too. */
function checkEntries() {
  const pkgPath = join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const exportsMap = { ...pkg.exports };
  const added = [];
  for (const name of blockNames()) {
    const key = `./${name}`;
    if (exportsMap[key]) continue;
    exportsMap[key] = { types: `./dist/types/blocks/${name}/${name}.d.ts`, default: `./dist/npm/${name}.js` };
    added.push(name);
  }
  if (added.length) {
    // keep ".", "./api" first and the fixed entries last
    const ordered = {};
    const fixed = ['./custom-elements.json', './package.json'];
    for (const [k, v] of Object.entries(exportsMap)) if (!fixed.includes(k)) ordered[k] = v;
    for (const k of fixed) if (exportsMap[k]) ordered[k] = exportsMap[k];
    pkg.exports = ordered;
    writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
    console.log(`build: package.json exports: added ${added.join(', ')} (commit package.json)`);
  }
  const index = readFileSync(join(root, 'entry/index.ts'), 'utf8');
  const missing = blockNames().filter((n) => !index.includes(`/blocks/${n}/${n}.ts'`));
  if (missing.length) console.warn(`build: WARNING entry/index.ts does not export ${missing.join(', ')}: not in catalog-blocks`);
}

async function viteBuild(mode) {
  const t0 = performance.now();
  await build({ configFile: join(root, 'vite.config.ts'), mode, logLevel: 'warn' });
  console.log(`build: ${mode} (${Math.round(performance.now() - t0)} ms)`);
}

checkEntries();
/**
 * Declarations in two passes: the browser code without Node's types (tsconfig.build.json extends
 * tsconfig.browser.json, so a Node type leaking into a browser declaration fails the build), then
 * `catalog-blocks/node` (node/index.ts) with them and without the DOM, as tsconfig.node.json checks it. The pass configs live in .cache/ and only narrow tsconfig.build.json.
 */
function buildTypes() {
  const dir = join(root, '.cache');
  mkdirSync(dir, { recursive: true });
  const passes = {
    'tsconfig.types-browser.json': { extends: '../tsconfig.build.json', exclude: ['../**/*.test.ts', '../node/**'] },
    'tsconfig.types-node.json': { extends: '../tsconfig.build.json', include: ['../node/index.ts'], compilerOptions: { types: ['node'], lib: ['ES2022'] } },
  };
  for (const [name, config] of Object.entries(passes)) {
    writeFileSync(join(dir, name), `${JSON.stringify(config, null, 2)}\n`);
    sh(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, name)]);
  }
}

if (run('types')) {
  rmSync(join(root, 'dist/types'), { recursive: true, force: true });
  buildTypes();
  console.log('build: types → dist/types');
}
if (run('npm')) await viteBuild('npm');
if (run('cdn')) {
  await viteBuild('cdn');
  // The loader asks for the bundler's helper file by name (entry/cdn.ts preloadRuntime, vite.config.ts CDN_RUNTIME_FILE)
  if (!existsSync(join(root, 'dist/cdn/rolldown-runtime.js'))) fail('dist/cdn/rolldown-runtime.js, which the loader preloads, was not written');
}
if (run('iife')) await viteBuild('iife');
if (run('manifest')) {
  sh(process.execPath, [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--litelement',
    '--globs', 'blocks/**/*.ts', '--exclude', '**/*.test.ts', '--outdir', '.', '--quiet']);
  if (!existsSync(join(root, 'custom-elements.json'))) fail('custom-elements.json was not written');
  console.log('build: custom-elements.json');
}
if (run('node')) {
  const t0 = performance.now();
  await build({ configFile: join(root, 'vite.node.config.ts'), logLevel: 'warn' });
  for (const bin of ['catalog-blocks.js', 'mcp-server.js']) {
    const file = join(root, 'dist/node', bin);
    if (!readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n')) fail(`dist/node/${bin} has no #!/usr/bin/env node line`);
    chmodSync(file, 0o755);
  }
  console.log(`build: node → dist/node (catalog-blocks.js, mcp-server.js, node.js) (${Math.round(performance.now() - t0)} ms)`);
}
console.log(`build: done (${Object.keys(npmEntries()).join(', ')})`);
