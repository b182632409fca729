#!/usr/bin/env node
// `npm run size` (after `npm run build`): minified and gzip bytes per entry, and the initial JS of two kinds of page:
// - a landing page (one <dataset-view>): the CDN ES entry plus the chunks it imports statically (lazy chunks such as
//   rdflib are listed apart, they load only when a format needs them);
// - a search page (one <dataset-facet-search-layout>): the same static closure plus the lazy chunks such a page loads
//   on its first render: the English UI strings and the vocabularies that label facet values (licences, file types).
//   The e2e test (test/e2e/search-size.test.ts) loads such a page in Chromium and checks that every JS file it
//   downloads is counted here, so this number cannot silently undercount.
//   --check         exit 1 when an initial JS is over its budget (landing page 40 KB, search page 50 KB gzip)
//   --json          print the measurements as JSON (for tests)
//   --write-readme  put the table into README.md between <!-- size:start --> and <!-- size:end -->
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, parseAst } from 'vite';
import { npmEntries, root } from './entries.mjs';

const BUDGET_GZIP = 40 * 1024;
const SEARCH_BUDGET_GZIP = 50 * 1024;
/** Lazy CDN chunks a facet search page loads on first render (by name; hashes vary). */
const SEARCH_PAGE_LAZY = [/^en-/, /^licence-/, /^file-type-/];
const args = new Set(process.argv.slice(2));
const cdnDir = join(root, 'dist/cdn');
const npmDir = join(root, 'dist/npm');
if (!existsSync(join(cdnDir, 'catalog-blocks.js')) || !existsSync(npmDir)) {
  console.error('size: no build found; run `npm run build` first.');
  process.exit(1);
}

const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Static and dynamic relative imports of one built ES module. */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const statics = [];
  for (const node of parseAst(code).body) {
    if (/^(ImportDeclaration|ExportAllDeclaration|ExportNamedDeclaration)$/.test(node.type) && node.source?.value?.startsWith('.')) {
      statics.push(resolve(dirname(file), node.source.value));
    }
  }
  const dynamics = [...code.matchAll(/\bimport\(\s*[`"'](\.[^`"']+)[`"']\s*\)/g)].map((m) => resolve(dirname(file), m[1]));
  return { statics, dynamics };
}

/** The entry and every file it reaches through static imports; dynamic targets not in that set are lazy. */
function closure(entry) {
  const files = new Set();
  const lazy = new Set();
  const visit = (f) => {
    if (files.has(f)) return;
    files.add(f);
    const { statics, dynamics } = importsOf(f);
    statics.forEach(visit);
    dynamics.forEach((d) => lazy.add(d));
  };
  visit(entry);
  for (const f of files) lazy.delete(f);
  const measure = (set) => [...set].reduce((acc, f) => {
    const buf = readFileSync(f);
    return { min: acc.min + buf.length, gzip: acc.gzip + gzip(buf) };
  }, { min: 0, gzip: 0 });
  return { files: [...files], lazy: [...lazy], ...measure(files) };
}

/** One block from npm as an application bundles it: dependencies (lit, @lit/context) included, minified. */
async function npmBundled(name, file) {
  const out = await build({
    root, configFile: false, logLevel: 'silent', publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false, minify: true, target: 'es2022', reportCompressedSize: false,
      lib: { entry: { [name]: join(root, file) }, formats: ['es'] },
      rolldownOptions: { output: { minify: true, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  // initial = entry + its static imports (rolldown lists them in `imports`)
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set();
  const walk = (c) => { if (seen.has(c.fileName)) return; seen.add(c.fileName); c.imports.forEach((i) => byName.get(i) && walk(byName.get(i))); };
  walk(entry);
  let min = 0; let gz = 0;
  for (const n of seen) { const buf = Buffer.from(byName.get(n).code); min += buf.length; gz += gzip(buf); }
  return { min, gzip: gz };
}

const rows = [];
const cdnEntry = closure(join(cdnDir, 'catalog-blocks.js'));
rows.push({ what: 'CDN `catalog-blocks.js` + static chunks (initial JS of a landing page)', min: cdnEntry.min, gzip: cdnEntry.gzip, initial: true });
for (const f of cdnEntry.lazy) {
  const buf = readFileSync(f);
  rows.push({ what: `CDN lazy chunk \`${basename(f).replace(/-[\w-]{8}\.js$/, '-….js')}\` (loaded only when needed)`, min: buf.length, gzip: gzip(buf) });
}
const searchLazy = cdnEntry.lazy.filter((f) => SEARCH_PAGE_LAZY.some((re) => re.test(basename(f))));
const searchPage = searchLazy.reduce((acc, f) => {
  const buf = readFileSync(f);
  return { min: acc.min + buf.length, gzip: acc.gzip + gzip(buf) };
}, { min: cdnEntry.min, gzip: cdnEntry.gzip });
const searchFiles = [...cdnEntry.files, ...searchLazy];
rows.splice(1, 0, { what: 'CDN initial JS of a search page (`<dataset-facet-search-layout>`: static closure + English strings, licence and file-type labels)', min: searchPage.min, gzip: searchPage.gzip, initial: true });
const iife = readFileSync(join(cdnDir, 'catalog-blocks.iife.js'));
rows.push({ what: 'CDN `catalog-blocks.iife.js` (one classic script, everything inlined)', min: iife.length, gzip: gzip(iife) });
for (const [name] of Object.entries(npmEntries())) {
  const file = join(npmDir, `${name}.js`);
  if (!existsSync(file)) continue;
  const c = closure(file);
  rows.push({ what: `npm \`${name === 'index' ? 'catalog-blocks' : `catalog-blocks/${name}`}\` (own code; lit, @lit/context, rdflib external)`, min: c.min, gzip: c.gzip });
}
const dv = npmEntries()['dataset-view'];
if (dv) {
  const b = await npmBundled('dataset-view', dv);
  rows.push({ what: 'npm `catalog-blocks/dataset-view` bundled by an app, with lit and @lit/context', min: b.min, gzip: b.gzip });
}

const initial = cdnEntry.gzip;
const ok = initial <= BUDGET_GZIP;
const searchOk = searchPage.gzip <= SEARCH_BUDGET_GZIP;
if (args.has('--json')) {
  console.log(JSON.stringify({
    landing: { gzip: initial, budget: BUDGET_GZIP, files: cdnEntry.files.map((f) => relative(cdnDir, f)) },
    search: { gzip: searchPage.gzip, budget: SEARCH_BUDGET_GZIP, files: searchFiles.map((f) => relative(cdnDir, f)) },
  }));
  process.exit(0);
}
const width = Math.max(...rows.map((r) => r.what.length));
console.log(`${'entry'.padEnd(width)}  ${'minified'.padStart(10)}  ${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`${r.what.padEnd(width)}  ${kb(r.min).padStart(10)}  ${kb(r.gzip).padStart(10)}`);
console.log(`\nInitial JS of a page with one <dataset-view> (CDN ES module): ${kb(initial)} gzip ` +
  `(${cdnEntry.files.map((f) => relative(cdnDir, f)).join(' + ')}); budget ${kb(BUDGET_GZIP)}: ${ok ? 'OK' : 'OVER BUDGET'}`);
console.log(`Initial JS of a page with one <dataset-facet-search-layout> (CDN ES module): ${kb(searchPage.gzip)} gzip ` +
  `(${searchFiles.map((f) => relative(cdnDir, f)).join(' + ')}); budget ${kb(SEARCH_BUDGET_GZIP)}: ${searchOk ? 'OK' : 'OVER BUDGET'}`);

if (args.has('--write-readme')) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- size:start -->';
  const end = '<!-- size:end -->';
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) {
    console.error('size: README.md has no size markers');
    process.exit(1);
  }
  const table = [
    '| what | minified | gzip |', '|---|---:|---:|',
    ...rows.map((r) => `| ${r.initial ? `**${r.what}**` : r.what} | ${kb(r.min)} | ${r.initial ? `**${kb(r.gzip)}**` : kb(r.gzip)} |`),
    '',
    `Budgets: initial JS of a landing page ≤ ${kb(BUDGET_GZIP)} gzip — ${ok ? 'met' : '**not met**'}; ` +
      `of a search page ≤ ${kb(SEARCH_BUDGET_GZIP)} gzip — ${searchOk ? 'met' : '**not met**'}. ` +
      `Measured by \`npm run size\` (gzip level 9, ${new Date().toISOString().slice(0, 10)}).`,
  ].join('\n');
  writeFileSync(readmePath, `${readme.slice(0, i + start.length)}\n${table}\n${readme.slice(j)}`);
  console.log('size: README.md updated');
}
if (args.has('--check') && !(ok && searchOk)) process.exit(1);
