#!/usr/bin/env node
// `npm run bench`: every benchmark of the project in one run, from a fresh clone (no internet, nothing outside this
// repository; a Chromium for the browser parts: Debian's `chromium`, or CHROME_PATH). It builds dist/ when it is
// missing (`--build`: always), then runs, each as its own process, writing its section of README.md:
//   1. scripts/bench.mjs               rendering of a search page (response → rows + facets: main-thread CPU from a
//                                      trace, and wall time) and the dev store's in-process search latency
//   2. scripts/bench-critical-path.mjs plain / rich landing page, the peer page and the search page on a slow link:
//                                      request waves and time to title / first rows (issue 27 points 1 and 2)
//   3. scripts/bench-preview-store.mjs the data preview of a 50 MB CSV with and without Range, and the requests for one
//                                      file on a landing page (issue 27 points 3 and 4)
//   4. scripts/bench-store-scale.mjs   the dev store on generated catalogs of 5,000 / 50,000 / 200,000 datasets: load
//                                      CPU and RSS per format, growth, search CPU per request (issue 27 point 5)
//   5. scripts/bench-file-store.mjs    the DCAT file store in Chromium on the Antwerp catalog ×1 / ×4 / ×16 (RDF/XML,
//                                      Turtle): first results, bytes, worker CPU and heap, facet click CPU (issue 29
//                                      point 2; skipped when ../shared is absent)
// and at the end prints every number of issue 27 beside its goal, met or not, and writes that summary into README.md
// (<!-- bench-summary:start --> … <!-- bench-summary:end -->). A missed goal is a result, not an error: the exit code
// is non-zero only when a part could not run.
//   --quick   fewer runs, and no 200,000-dataset catalog (the slowest part: generating and loading it); prints the
//             same points but writes nothing into README.md (the README's numbers come from the full run)
//   --build   rebuild dist/ first
//   --only a,b   run only these parts (render, critical, preview, store, file-store); writes nothing into README.md
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './browser.mjs';
import { root } from './entries.mjs';
import { writeReadmeSection } from './readme-section.mjs';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const onlyAt = argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((argv[onlyAt + 1] ?? '').split(',')) : undefined;
for (const a of argv) {
  if (!['--quick', '--build', '--only'].includes(a) && argv[argv.indexOf(a) - 1] !== '--only') {
    console.error(`bench: unknown option ${a}\nusage: npm run bench [-- --quick] [--build] [--only render,critical,preview,store,file-store]`);
    process.exit(2);
  }
}
const writeReadme = !quick && !only;
const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'bench-all-'));
const json = (name) => join(dir, `${name}.json`);

const PARTS = [
  { name: 'render', script: 'scripts/bench.mjs', browser: true, args: quick ? ['--runs', '3', '--sizes', '20,100'] : [] },
  { name: 'critical', script: 'scripts/bench-critical-path.mjs', browser: true, args: quick ? ['--runs', '3'] : [] },
  { name: 'preview', script: 'scripts/bench-preview-store.mjs', browser: true, args: quick ? ['--runs', '1'] : [] },
  { name: 'store', script: 'scripts/bench-store-scale.mjs', browser: false, args: quick ? ['--sizes', '5000,50000', '--rounds', '2'] : [] },
  { name: 'file-store', script: 'scripts/bench-file-store.mjs', browser: true, args: quick ? ['--runs', '1', '--copies', '1,4'] : [] },
];

const failures = [];
if (!chromiumPath) {
  failures.push('no Chromium: install Debian chromium (apt-get install chromium) or set CHROME_PATH — the browser parts were skipped');
}
const needsBuild = argv.includes('--build') || !existsSync(join(root, 'dist/cdn/catalog-blocks.js'));
if (needsBuild && PARTS.some((p) => p.browser && (!only || only.has(p.name)))) {
  console.log('bench: building (npm run build)…');
  if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', cwd: root }).status !== 0) {
    console.error('bench: `npm run build` failed; run it yourself to see why');
    process.exit(1);
  }
}

for (const part of PARTS) {
  if (only && !only.has(part.name)) continue;
  if (part.browser && !chromiumPath) continue;
  console.log(`\n━━ bench ${part.name}: ${part.script} ${part.args.join(' ')}`);
  const t0 = Date.now();
  const args = ['--import', 'tsx', part.script, ...part.args, '--json', json(part.name), ...(writeReadme ? ['--write-readme'] : [])];
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
  part.seconds = Math.round((Date.now() - t0) / 1000);
  if (r.status !== 0) failures.push(`${part.script} failed (exit ${r.status ?? r.signal})`);
}

const read = (name) => (existsSync(json(name)) ? JSON.parse(readFileSync(json(name), 'utf8')) : undefined);
const render = read('render');
const critical = read('critical');
const preview = read('preview');
const store = read('store');
const fileStore = read('file-store');
rmSync(dir, { recursive: true, force: true });

const met = (ok) => (ok === undefined ? '' : ok ? ' — met' : ' — **not met**');
const ms = (n) => (n === undefined ? '?' : `${Math.round(n)} ms`);
const ms1 = (n) => (n === undefined ? '?' : `${n.toFixed(1)} ms`);
const mib = (n) => `${(n / 1048576).toFixed(2)} MiB`;
const lines = [];
const point = (text) => lines.push(`- ${text}`);

if (critical) {
  const { landing, rich, peer, search } = critical;
  if (landing && peer) point(`Plain landing page: title after ${landing.trips} request waves, ${ms(landing.median)} = ${(landing.median / peer.median).toFixed(2)}× the peer page (${ms(peer.median)}); goal ≤ 3 waves, faster than the peer${met(landing.trips <= 3 && landing.median < peer.median)}.`);
  if (rich && landing) point(`1. Rich landing page: title after ${rich.trips} waves, ${ms(rich.median)} = ${(rich.median / landing.median).toFixed(2)}× the plain page; goal ≤ 3 waves and ≤ 1.15×${met(rich.trips <= 3 && rich.median / landing.median <= 1.15)}. Rich parts in at ${ms(rich.parts)}.`);
  if (search && peer) point(`2. Search page: first rows after ${search.trips} waves, ${ms(search.median)} = ${(search.median / peer.median).toFixed(2)}× the peer page; goal ≤ 3 waves and ≤ 0.6×${met(search.trips <= 3 && search.median / peer.median <= 0.6)}.`);
}
if (preview) {
  const groups = new Map();
  for (const r of preview.runs) {
    const k = `${r.link}, ${r.server}`;
    groups.set(k, Math.max(groups.get(k) ?? 0, r.proxied));
  }
  const slow = [...groups].filter(([k]) => !/localhost/i.test(k));
  point(`3. Data preview of a 50 MB CSV, first page, bytes sent (largest of the runs): ${[...groups].map(([k, b]) => `${k} ${mib(b)}`).join('; ')}; goal ≤ 1 MiB with and without Range on the slow link${met(slow.length ? slow.every(([, b]) => b <= preview.goalBytes) : undefined)} (on localhost without Range the browser's read-ahead decides: see the preview table).`);
  point(`4. One fetch per file (landing page, three charts and the preview of one CSV): ${preview.shared.map((x) => `${x.label} ${x.requests} request${x.requests === 1 ? '' : 's'}`).join('; ')}; goal 1${met(preview.shared.every((x) => x.requests === 1))}.`);
}
if (store) {
  const FORMAT = { nt: 'N-Triples', ttl: 'Turtle', rdf: 'RDF/XML' };
  const at = (size) => store.runs.filter((r) => r.size === size);
  for (const r of at(50000)) {
    point(`5. Dev store, 50,000 datasets, ${FORMAT[r.format]}: ${r.loadCpu.toFixed(1)} s CPU to the first answer (goal ≤ 20 s${met(r.loadCpu <= 20)}), RSS peak ${Math.round(r.rssPeak / 1048576)} MB (goal ≤ 1 GB${met(r.rssPeak <= 1024 * 1048576)}).`);
  }
  for (const big of store.runs.filter((r) => r.size > 50000)) {
    const base = at(50000).find((r) => r.format === big.format);
    if (base) point(`5. Dev store growth, ${FORMAT[big.format]}: ${big.size.toLocaleString('en')} datasets ${big.loadCpu.toFixed(1)} s CPU = ×${(big.loadCpu / base.loadCpu).toFixed(2)} the 50,000 time for ×${big.size / 50000} the data (goal ≤ ×4${met(big.loadCpu / base.loadCpu <= 4)}); RSS peak ${Math.round(big.rssPeak / 1048576)} MB.`);
  }
  for (const r of at(5000)) point(`5. Dev store, 5,000 datasets, ${FORMAT[r.format]}: ${r.loadCpu.toFixed(1)} s CPU, RSS peak ${Math.round(r.rssPeak / 1048576)} MB.`);
  const s = store.runs.find((r) => r.search)?.search;
  if (s) {
    const empty = s.queries.filter((q) => q.results === 0).map((q) => q.name);
    point(`5. Search at 50,000 datasets, ${store.clients} concurrent clients: ${ms1(s.cpuPerRequestMs)} store CPU per request (goal ≤ 10 ms${met(s.cpuPerRequestMs <= 10)}), p50 ${ms(s.all.median)}${empty.length ? `; queries without results: ${empty.join(', ')}` : ''}.`);
  }
}
if (render) {
  point(`6. Rendering a search answer (response → rows + facets), main-thread CPU (wall): ${render.rendering.map((r) => `${r.rows} rows first view ${ms1(r.first.cpu)} (${ms(r.first.wall)}), sort ${ms1(r.sort.cpu)} (${ms(r.sort.wall)}), facet click ${ms1(r.facet.cpu)} (${ms(r.facet.wall)})`).join('; ')}.`);
}
if (fileStore) {
  const FORMAT = { rdf: 'RDF/XML', ttl: 'Turtle' };
  // the issue's size (×4 the Antwerp catalog) and the largest sizes measured or refused
  const largest = Math.max(...fileStore.rows.map((r) => r.copies));
  for (const r of fileStore.rows.filter((x) => x.copies === 4 || x.copies === largest)) {
    if (r.refused) point(`Issue 29.2. File store, ${r.datasets.toLocaleString('en')} datasets, ${FORMAT[r.format]}: ${mib(r.bytes)}, refused (over the file store's size limit).`);
    else point(`Issue 29.2. File store, ${r.datasets.toLocaleString('en')} datasets, ${FORMAT[r.format]} (${mib(r.catalogBytes)}): first results ${ms(r.firstResults)}, worker CPU ${ms(r.workerCpu)}, worker heap ${mib(r.heapUsed)}; facet click ${ms1(r.clickMainCpu)} main-thread CPU (goal ≤ 20 ms${met(r.clickMainCpu <= 20)}).`);
  }
  const c = fileStore.comparison;
  if (c) point(`Issue 29.2. The same page on the dev store instead of the file (${c.datasets.toLocaleString('en')} datasets): facet click ${ms1(c.clickMainCpu)} main-thread CPU (what the layout costs without the file store behind it).`);
}
const took = Math.round((Date.now() - started) / 1000);
const partTimes = PARTS.filter((p) => p.seconds !== undefined).map((p) => `${p.name} ${p.seconds} s`).join(', ');
const summary = [
  `Issues 27 and 29 in numbers (\`npm run bench\`${quick ? ' --quick' : ''}, ${new Date().toISOString().slice(0, 10)}; the tables below have the details):`,
  '',
  ...lines,
  '',
  `The whole run took ${Math.floor(took / 60)} min ${took % 60} s (${partTimes}).`,
].join('\n');
console.log(`\n${summary}`);
if (writeReadme && !failures.length) writeReadmeSection('bench-summary', summary);
else if (!writeReadme) console.log(`\nbench: ${quick ? '--quick' : '--only'}: README.md left as it is (its numbers come from a full \`npm run bench\`).`);
if (failures.length) {
  console.error(`\nbench: ${failures.length} part(s) could not run:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
