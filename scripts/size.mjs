#!/usr/bin/env node
// `npm run size` (after `npm run build`): minified and gzip bytes per entry, and the initial JS of two kinds of page
// built on the CDN ES module. `catalog-blocks.js` is a small loader that imports a block's chunk when the page uses
// its tag (src/cdn.ts), so:
// - a landing page (one <dataset-view>) loads the loader + the <dataset-view> chunk + their static imports;
// - a search page (one <dataset-facet-search-layout>) loads the loader + the layout's chunk and those of the parts it
//   renders + their static imports, plus on first render the English UI strings and the vocabularies that label
//   facet values (licences).
// Other lazy chunks (other languages, the RDF export writer, other vocabularies) are listed apart. The e2e tests load both pages in
// Chromium and check that every JS file they download is counted here, so these numbers cannot undercount.
//   --check         exit 1 when an initial JS is over its budget (landing page 40 KB, search page 50 KB gzip)
//   --json          print the two page measurements as JSON (for tests)
//   --write-readme  put the table into README.md between <!-- size:start --> and <!-- size:end -->
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, parseAst } from 'vite';
import { npmEntries, root } from './entries.mjs';

const BUDGET_GZIP = 40 * 1024;
const SEARCH_BUDGET_GZIP = 50 * 1024;
/** Tags whose chunks a page with one <dataset-facet-search-layout> loads: the layout and the parts it renders. */
const SEARCH_PAGE_TAGS = ['dataset-facet-search-layout', 'facet-search-responsiveness', 'dataset-facets', 'dataset-multi-search',
  'dataset-results', 'dataset-list'];
/** Lazy CDN chunks a facet search page loads on first render (by name; hashes vary). */
const SEARCH_PAGE_LAZY = [/^en-/, /^licence-/];
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

/** The roots and every file they reach through static imports; dynamic targets not in that set are lazy. */
function closure(...roots) {
  const files = new Set();
  const lazy = new Set();
  const visit = (f) => {
    if (files.has(f)) return;
    files.add(f);
    const { statics, dynamics } = importsOf(f);
    statics.forEach(visit);
    dynamics.forEach((d) => lazy.add(d));
  };
  roots.forEach(visit);
  for (const f of files) lazy.delete(f);
  return { files: [...files], lazy: [...lazy], ...measure(files) };
}

function measure(files) {
  return [...files].reduce((acc, f) => {
    const buf = readFileSync(f);
    return { min: acc.min + buf.length, gzip: acc.gzip + gzip(buf) };
  }, { min: 0, gzip: 0 });
}

/** Tag → chunk file, read from the loader table of the CDN entry (`"tag":()=>import(`./chunk.js`)`). */
function blockChunks(entry) {
  const code = readFileSync(entry, 'utf8');
  const out = new Map();
  for (const m of code.matchAll(/["'`]([a-z][a-z0-9]*-[a-z0-9-]*)["'`]\s*:\s*\(\)\s*=>\s*import\(\s*[`"'](\.[^`"']+)[`"']/g)) {
    out.set(m[1], resolve(dirname(entry), m[2]));
  }
  return out;
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
const entryFile = join(cdnDir, 'catalog-blocks.js');
const chunks = blockChunks(entryFile);
const chunkOf = (tag) => {
  const f = chunks.get(tag);
  if (!f) {
    console.error(`size: the CDN loader has no chunk for <${tag}> (is the block built?)`);
    process.exit(1);
  }
  return f;
};
const lazyNamed = (files, patterns) => files.filter((f) => patterns.some((re) => re.test(basename(f))));
const landing = closure(entryFile, chunkOf('dataset-view'));
// the search blocks may be absent from an older tree: then only the landing page is measured
const hasSearch = SEARCH_PAGE_TAGS.every((t) => chunks.has(t));
const searchStatic = hasSearch ? closure(entryFile, ...SEARCH_PAGE_TAGS.map(chunkOf)) : { files: [], lazy: [] };
const searchLazy = lazyNamed(searchStatic.lazy, SEARCH_PAGE_LAZY);
const searchFiles = [...searchStatic.files, ...searchLazy];
const searchPage = { files: searchFiles, ...measure(searchFiles) };
// With `include-sorting` the layout also loads the sort select's chunk (and whatever it needs beyond the page).
const sortingExtra = hasSearch && chunks.has('catalog-sort-select')
  ? closure(chunkOf('catalog-sort-select')).files.filter((f) => !searchFiles.includes(f)) : [];
rows.push({ what: 'CDN landing page (`<dataset-view>`): loader `catalog-blocks.js` + its chunk + static imports', min: landing.min, gzip: landing.gzip, initial: true });
if (hasSearch) rows.push({ what: 'CDN search page (`<dataset-facet-search-layout>`): loader + layout and part chunks + static imports + English strings and licence labels', min: searchPage.min, gzip: searchPage.gzip, initial: true });
if (sortingExtra.length) rows.push({ what: '… plus, with `include-sorting`, the sort select chunk', ...measure(sortingExtra) });
const loader = readFileSync(entryFile);
rows.push({ what: 'CDN loader `catalog-blocks.js` alone', min: loader.length, gzip: gzip(loader) });
const blockFiles = new Set(chunks.values());
const lazyOnly = [...new Set([...landing.lazy, ...searchStatic.lazy])]
  .filter((f) => !blockFiles.has(f) && !searchFiles.includes(f) && !landing.files.includes(f) && !sortingExtra.includes(f)).sort();
for (const f of [...searchLazy, ...lazyOnly]) {
  const buf = readFileSync(f);
  rows.push({ what: `CDN lazy chunk \`${basename(f).replace(/-[\w-]{8}\.js$/, '-….js')}\` (loaded only when needed)`, min: buf.length, gzip: gzip(buf) });
}
// Rich-content parts (lazy): what a page adds on top of the landing page when it shows a data preview or a map,
// feature strings included (English), with their own budgets (issue 9: preview ≤ 15 KB, map ≤ 150 KB gzip).
const RICH_PARTS = [
  { tag: 'catalog-data-preview', what: 'data preview (`<catalog-data-preview>`, papaparse)', budget: 15 * 1024, lazy: [/^en-/] },
  { tag: 'catalog-wms-map', what: 'WMS and coverage maps (`<catalog-wms-map>`, OpenLayers)', budget: 150 * 1024, lazy: [/^ol-map-/, /^en-/] },
];
const rich = RICH_PARTS.filter((p) => chunks.has(p.tag)).map((p) => {
  const c = closure(chunkOf(p.tag));
  // the feature's own string chunk (`en-….js` of its strings/ folder), not the page's UI strings
  const own = lazyNamed(c.lazy, p.lazy).filter((f) => !landing.lazy.includes(f) && !searchStatic.lazy.includes(f));
  const files = [...c.files.filter((f) => !landing.files.includes(f)), ...own];
  const m = measure(files);
  rows.push({ what: `CDN ${p.what}: added when shown (budget ${kb(p.budget)})`, ...m });
  return { ...p, gzip: m.gzip, ok: m.gzip <= p.budget };
});
if (existsSync(join(cdnDir, 'catalog-blocks.iife.js'))) {
  const iife = readFileSync(join(cdnDir, 'catalog-blocks.iife.js'));
  rows.push({ what: 'CDN `catalog-blocks.iife.js` (one classic script: every block but the maps and the data preview)', min: iife.length, gzip: gzip(iife) });
}
for (const [name] of Object.entries(npmEntries())) {
  const file = join(npmDir, `${name}.js`);
  if (!existsSync(file)) continue;
  const c = closure(file);
  rows.push({ what: `npm \`${name === 'index' ? 'catalog-blocks' : `catalog-blocks/${name}`}\` (own code; lit, @lit/context, ol external)`, min: c.min, gzip: c.gzip });
}
const dv = npmEntries()['dataset-view'];
if (dv) {
  const b = await npmBundled('dataset-view', dv);
  rows.push({ what: 'npm `catalog-blocks/dataset-view` bundled by an app, with lit and @lit/context', min: b.min, gzip: b.gzip });
}

const initial = landing.gzip;
const ok = initial <= BUDGET_GZIP;
const searchOk = !hasSearch || searchPage.gzip <= SEARCH_BUDGET_GZIP;
if (args.has('--json')) {
  console.log(JSON.stringify({
    landing: { gzip: initial, budget: BUDGET_GZIP, files: landing.files.map((f) => relative(cdnDir, f)) },
    search: hasSearch ? { gzip: searchPage.gzip, budget: SEARCH_BUDGET_GZIP, files: searchFiles.map((f) => relative(cdnDir, f)),
      withSorting: sortingExtra.map((f) => relative(cdnDir, f)) } : null,
  }));
  process.exit(0);
}
const width = Math.max(...rows.map((r) => r.what.length));
console.log(`${'entry'.padEnd(width)}  ${'minified'.padStart(10)}  ${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`${r.what.padEnd(width)}  ${kb(r.min).padStart(10)}  ${kb(r.gzip).padStart(10)}`);
console.log(`\nInitial JS of a page with one <dataset-view> (CDN ES module): ${kb(initial)} gzip ` +
  `(${landing.files.length} files); budget ${kb(BUDGET_GZIP)}: ${ok ? 'OK' : 'OVER BUDGET'}`);
if (hasSearch) console.log(`Initial JS of a page with one <dataset-facet-search-layout> (CDN ES module): ${kb(searchPage.gzip)} gzip ` +
  `(${searchFiles.length} files); budget ${kb(SEARCH_BUDGET_GZIP)}: ${searchOk ? 'OK' : 'OVER BUDGET'}`);
for (const r of rich) console.log(`Lazy ${r.what}: ${kb(r.gzip)} gzip; budget ${kb(r.budget)}: ${r.ok ? 'OK' : 'OVER BUDGET'}`);
const richOk = rich.every((r) => r.ok);

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
      `of a search page ≤ ${kb(SEARCH_BUDGET_GZIP)} gzip — ${!hasSearch ? 'not built' : searchOk ? 'met' : '**not met**'}` +
      rich.map((r) => `; ${r.what.replace(/ \(.*$/, '')} ≤ ${kb(r.budget)} — ${r.ok ? 'met' : '**not met**'}`).join('') + '. ' +
      `Measured by \`npm run size\` (gzip level 9, ${new Date().toISOString().slice(0, 10)}).`,
  ].join('\n');
  writeFileSync(readmePath, `${readme.slice(0, i + start.length)}\n${table}\n${readme.slice(j)}`);
  console.log('size: README.md updated');
}
if (args.has('--check') && !(ok && searchOk && richOk)) process.exit(1);
