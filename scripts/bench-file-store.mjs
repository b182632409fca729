#!/usr/bin/env node
/**
 * DCAT file store limits (issue 29 point 2): a page with the built CDN bundle and `<dataset-facet-search-layout>` reads
 * a catalog file (`data-catalog-url`) from a file host on another origin (CORS), in headless Chromium; no store at all.
 * The catalogs are made at bench time from the Antwerp catalog of ../shared (491 datasets, test-only licence: written to
 * a temp dir, never into the repository): the file ×1, ×4 and ×16, each copy with its own IRIs for the datasets,
 * distributions and data services (`…-copyN`) and its own blank node labels (the catalog, publishers and vocabulary
 * IRIs are shared, as in a real catalog of that size), written by the engine's writers (src/catalog-engine/write.ts) as
 * RDF/XML and as Turtle. For each size and format, in a fresh browser context per run (nothing cached), it measures
 *   - first results: navigation start → the first rows drawn and the list settled (performance.now() in the page,
 *     whose origin is the navigation start, seen by a MutationObserver),
 *   - bytes: what the file host sent (the catalog) and what the page's origin sent (the bundle's JS, also the worker's
 *     and the parser's chunks), uncompressed as a static host without compression sends them,
 *   - the worker's CPU time from navigation start to the first rows (fetch + parse + index + the first search answer):
 *     thread time (`tdur`) of the top-level tasks of the page's DedicatedWorker thread in a Chromium trace,
 *   - the worker's JS heap once the first rows are drawn, after a garbage collection (CDP Runtime.getHeapUsage on the
 *     worker target, attached with Target.setAutoAttach),
 *   - one facet click (the value with the most hits below the total), from the click to the list and the facets
 *     redrawn with the value selected: main-thread CPU (thread time of the renderer main thread's tasks, as
 *     scripts/bench.mjs measures it), the worker's CPU for the answer, and the wall time.
 * Medians of --runs runs (default 3) after one warm-up run per size and format. The file store refuses files over
 * 50 MB (src/store/file/open-catalog.ts MAX_CATALOG_BYTES): such a size is reported as refused, not measured.
 * Skipped (exit 0, a clear message) when ../shared is absent. Not part of npm test.
 *
 *   node --import tsx scripts/bench-file-store.mjs [--copies 1,4,16] [--formats rdf,ttl] [--runs 3] [--json FILE]
 *        [--write-readme] [--build]
 * --write-readme puts the table into README.md between <!-- bench-file-store:start --> and <!-- bench-file-store:end -->.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { ANTWERP } from './bench-catalog.mjs';
import { parseRdfText } from '../src/catalog-engine/parse/text.ts';
import { writeRdf } from '../src/catalog-engine/write.ts';
import { MAX_CATALOG_BYTES } from '../src/store/file/open-catalog.ts';
import { writeReadmeSection } from './readme-section.mjs';

const FORMATS = { rdf: { writer: 'rdfxml', ext: 'rdf', type: 'application/rdf+xml', label: 'RDF/XML' }, ttl: { writer: 'turtle', ext: 'ttl', type: 'text/turtle', label: 'Turtle' } };
const DCAT = 'http://www.w3.org/ns/dcat#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
/** The resources each copy has its own IRIs for; everything else (catalog, agents, vocabularies) is shared. */
const COPIED_TYPES = new Set([`${DCAT}Dataset`, `${DCAT}Distribution`, `${DCAT}DataService`]);

function parseArgs(argv) {
  const opts = { copies: [1, 4, 16], formats: ['rdf', 'ttl'], runs: 3, json: undefined, writeReadme: false, build: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--copies') opts.copies = value().split(',').map(Number).filter((n) => n > 0);
    else if (a === '--formats') opts.formats = value().split(',');
    else if (a === '--runs') opts.runs = Math.max(1, Number(value()) || 3);
    else if (a === '--json') opts.json = value();
    else if (a === '--write-readme') opts.writeReadme = true;
    else if (a === '--build') opts.build = true;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  for (const f of opts.formats) if (!FORMATS[f]) usage(`unknown format ${f} (rdf, ttl)`);
  return opts;
}

function usage(problem) {
  if (problem) console.error(`bench-file-store: ${problem}`);
  console.error('usage: node --import tsx scripts/bench-file-store.mjs [--copies 1,4,16] [--formats rdf,ttl] [--runs 3] [--json FILE] [--write-readme] [--build]');
  process.exit(problem ? 2 : 0);
}

const median = (values) => {
  const s = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (!s.length) return undefined;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The Antwerp catalog `copies` times in one graph: each copy its own dataset / distribution / service IRIs and blank nodes. */
async function multiplied(triples, copies) {
  const copied = new Set(triples.filter((t) => t.predicate === RDF_TYPE && COPIED_TYPES.has(t.object.value) && t.subject.termType === 'NamedNode').map((t) => t.subject.value));
  const out = [];
  for (let k = 1; k <= copies; k++) {
    const term = (t) => {
      if (k === 1) return t;
      if (t.termType === 'BlankNode') return { termType: 'BlankNode', value: `c${k}_${t.value}` };
      if (t.termType === 'NamedNode' && copied.has(t.value)) return { termType: 'NamedNode', value: `${t.value}-copy${k}` };
      return t;
    };
    for (const t of triples) out.push({ subject: term(t.subject), predicate: t.predicate, object: term(t.object) });
  }
  return { triples: out, datasets: copies * triples.filter((t) => t.predicate === RDF_TYPE && t.object.value === `${DCAT}Dataset`).length };
}

/** A static host that counts the bytes it sends; `routes(path)` → { body, type, cors } or undefined (404). */
async function startHost(host, routes) {
  const counter = { bytes: new Map() };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const r = routes(path);
    const cors = { 'access-control-allow-origin': '*' };
    if (!r) return void res.writeHead(404, cors).end();
    counter.bytes.set(path, (counter.bytes.get(path) ?? 0) + r.body.length);
    res.writeHead(200, { 'content-type': r.type, 'content-length': r.body.length, 'cache-control': 'no-store', ...(r.cors ? cors : {}) }).end(r.body);
  });
  await new Promise((ok) => server.listen(0, host, ok));
  return {
    origin: `http://${host}:${server.address().port}`,
    sent: (filter = () => true) => [...counter.bytes].filter(([p]) => filter(p)).reduce((n, [, b]) => n + b, 0),
    reset: () => counter.bytes.clear(),
    close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
  };
}

const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];
const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** Thread time (ms) of the top-level tasks of thread `thread` ({pid, tid}) between trace timestamps `from` and `to` (µs). */
function threadCpu(events, thread, from, to) {
  let us = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.pid !== thread.pid || e.tid !== thread.tid || !TOP_LEVEL_TASKS.has(e.name) || !e.dur) continue;
    const overlap = Math.min(e.ts + e.dur, to) - Math.max(e.ts, from);
    if (overlap <= 0) continue;
    us += (e.tdur ?? e.dur) * (overlap / e.dur);
  }
  return us / 1000;
}

/** Runs once in every document (addInitScript): window.__benchFirstRows = performance.now() when rows are drawn. */
function watchFirstRows() {
  const check = () => {
    const list = document.querySelector('.esbSearchList');
    if (!list || list.getAttribute('aria-busy') !== 'false' || !list.querySelector('li.entryListRow')) return false;
    window.__benchFirstRows = performance.now();
    performance.mark('bench:rows');
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/** Clicks the facet value with the most hits below the total; resolves when the list and facets are redrawn with it selected. */
function facetClick() {
  return new Promise((done, fail) => {
    const total = Number((document.querySelector('.esbResults')?.textContent ?? '').replace(/[\s,.\u00a0\u202f]/g, '').match(/\d+/g)?.pop() ?? NaN);
    const pick = [...document.querySelectorAll('li.esbFacets__option:not(.esbFacets--selected) a.esbFacets__optionLink')]
      .map((a) => ({ a, n: Number(a.querySelector('.esbFacets__occurence')?.textContent?.replace(/\D/g, '') || 0) }))
      .filter((l) => l.n > 0 && (!(total > 0) || l.n < total))
      .sort((x, y) => y.n - x.n)[0];
    if (!pick) return fail(new Error('no facet value narrows the result'));
    const key = pick.a.dataset.facet;
    let sawBusy = false;
    const check = () => {
      const list = document.querySelector('.esbSearchList');
      const facets = document.querySelector('.esbFacets');
      const busy = list?.getAttribute('aria-busy') === 'true' || facets?.getAttribute('aria-busy') === 'true';
      if (busy) sawBusy = true;
      if (!sawBusy || busy) return;
      const selected = [...document.querySelectorAll('li.esbFacets--selected a.esbFacets__optionLink')].some((a) => a.dataset.facet === key);
      if (!selected || !list.querySelector('li.entryListRow')) return;
      const end = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      performance.mark('bench:click:end', { startTime: end });
      done({ wall: end - start, hits: pick.n, total });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
    const timer = setTimeout(() => { observer.disconnect(); fail(new Error('facet click not redrawn within 60 s')); }, 60000);
    const start = performance.now();
    performance.mark('bench:click:start', { startTime: start });
    pick.a.click();
  });
}

/**
 * CDP on the page's dedicated worker: auto-attached (non-flat sessions through the page's CDP session, since
 * playwright's CDP sessions are per page), so Runtime.getHeapUsage runs in the worker's isolate.
 */
async function workerCdp(page) {
  const cdp = await page.context().newCDPSession(page);
  let sessionId;
  let seen;
  const attached = new Promise((ok) => { seen = ok; });
  let nextId = 1;
  const pending = new Map();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker' && !sessionId) {
      sessionId = e.sessionId;
      seen();
    }
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message);
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.fail(new Error(`${m.error.message}`));
    else p.ok(m.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return {
    attached,
    send: (method, params = {}) => new Promise((ok, fail) => {
      const id = nextId++;
      pending.set(id, { ok, fail });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail);
    }),
    detach: () => cdp.detach().catch(() => {}),
  };
}

/** One run: a fresh context and page; returns the measurements. */
async function measureRun(browser, site, files, catalogPath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(watchFirstRows);
  const worker = await workerCdp(page);
  site.reset();
  files.reset();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let trace;
  let first;
  let click;
  let heap;
  try {
    await page.goto(`${site.origin}/bench.html?catalog=${encodeURIComponent(`${files.origin}${catalogPath}`)}`);
    await page.evaluate(() => performance.mark('bench:nav', { startTime: 0 }));
    await page.waitForFunction(() => window.__benchFirstRows !== undefined, undefined, { timeout: 180000, polling: 100 });
    first = await page.evaluate(() => window.__benchFirstRows);
    await worker.attached;
    await worker.send('HeapProfiler.collectGarbage');
    heap = await worker.send('Runtime.getHeapUsage');
    click = await page.evaluate(facetClick);
  } finally {
    trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  }
  await worker.detach();
  const events = trace.traceEvents ?? trace;
  const mark = (name) => {
    const e = events.find((x) => x.name === name && x.cat?.includes('blink.user_timing'));
    if (!e) throw new Error(`trace: no mark ${name}`);
    return e;
  };
  const nav = mark('bench:nav');
  const rows = mark('bench:rows');
  const clickStart = mark('bench:click:start');
  const clickEnd = mark('bench:click:end');
  const thread = (name) => {
    const m = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === name);
    if (m.length !== 1) throw new Error(`trace: ${m.length} threads named ${name}`);
    return m[0];
  };
  const main = thread('CrRendererMain');
  const workerThread = thread('DedicatedWorker thread');
  const result = {
    firstResults: first,
    catalogBytes: files.sent(),
    jsBytes: site.sent((p) => p.endsWith('.js')),
    workerCpu: threadCpu(events, workerThread, nav.ts, rows.ts),
    mainCpuToFirst: threadCpu(events, main, nav.ts, rows.ts),
    heapUsed: heap.usedSize,
    heapTotal: heap.totalSize,
    clickMainCpu: threadCpu(events, main, clickStart.ts, clickEnd.ts),
    clickWorkerCpu: threadCpu(events, workerThread, clickStart.ts, clickEnd.ts),
    clickWall: click.wall,
    clickHits: click.hits,
    total: click.total,
  };
  await context.close();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return result;
}

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(ANTWERP)) {
  console.log(`bench-file-store: skipped: the Antwerp catalog (${ANTWERP}) is not there (../shared/fixtures is absent); nothing measured, README.md left as it is.`);
  process.exit(0);
}
const cdn = join(root, 'dist/cdn');
if (opts.build || !existsSync(join(cdn, 'catalog-blocks.js'))) {
  console.log('bench-file-store: building the CDN bundle (node scripts/build.mjs cdn iife)…');
  if (spawnSync(process.execPath, ['scripts/build.mjs', 'cdn', 'iife'], { stdio: 'inherit', cwd: root }).status !== 0) process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-file-store-'));
const source = await parseRdfText(readFileSync(ANTWERP, 'utf8'), { file: ANTWERP, baseIri: 'https://catalog.invalid/' });
const catalogs = [];
for (const copies of opts.copies) {
  const { triples, datasets } = await multiplied(source, copies);
  for (const f of opts.formats) {
    const text = await writeRdf(triples, FORMATS[f].writer);
    const name = `antwerpen-x${copies}.${FORMATS[f].ext}`;
    writeFileSync(join(dir, name), text);
    catalogs.push({ copies, datasets, format: f, name, bytes: Buffer.byteLength(text) });
    console.log(`bench-file-store: ${name}: ${datasets} datasets, ${(Buffer.byteLength(text) / 1048576).toFixed(1)} MB`);
  }
}

// the page reads its catalog URL from its own query string, so one page serves every file
const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>catalog-blocks file store bench</title>
<script>document.write('<div data-portal-config data-catalog-url="' + new URLSearchParams(location.search).get('catalog').replace(/[^\\w:/.%-]/g, '') + '" hidden></div>')</script>
<script type="module" src="/cdn/catalog-blocks.js"></script></head>
<body><main><dataset-facet-search-layout></dataset-facet-search-layout></main></body></html>`;

const files = await startHost('localhost', (path) => {
  const c = catalogs.find((x) => `/${x.name}` === path);
  return c ? { body: readFileSync(join(dir, c.name)), type: FORMATS[c.format].type, cors: true } : undefined;
});
const site = await startHost('127.0.0.1', (path) => {
  if (path === '/bench.html') return { body: Buffer.from(PAGE), type: 'text/html; charset=utf-8' };
  const file = path.startsWith('/cdn/') ? normalize(join(cdn, path.slice(5))) : '';
  if (!file.startsWith(cdn + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return { body: readFileSync(file), type: extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/octet-stream' };
});
const browser = await chromium.launch(launchOptions());
const rows = [];
try {
  for (const c of catalogs) {
    if (c.bytes > MAX_CATALOG_BYTES) {
      console.log(`bench-file-store: ${c.name}: ${(c.bytes / 1048576).toFixed(1)} MB is over the file store's ${MAX_CATALOG_BYTES / 1048576} MB limit: refused, not measured`);
      rows.push({ ...c, refused: true });
      continue;
    }
    const runs = [];
    for (let run = 0; run <= opts.runs; run++) {
      const r = await measureRun(browser, site, files, `/${c.name}`);
      if (run > 0) runs.push(r); // the first run warms up the hosts and the browser
      console.log(`bench-file-store: ${c.name} run ${run}${run ? '' : ' (warm-up)'}: first results ${Math.round(r.firstResults)} ms, worker CPU ${Math.round(r.workerCpu)} ms, heap ${(r.heapUsed / 1048576).toFixed(1)} MB, click main CPU ${r.clickMainCpu.toFixed(1)} ms`);
    }
    const m = (k) => median(runs.map((r) => r[k]));
    rows.push({ ...c, runs: runs.length, firstResults: m('firstResults'), catalogBytes: m('catalogBytes'), jsBytes: m('jsBytes'), workerCpu: m('workerCpu'), mainCpuToFirst: m('mainCpuToFirst'), heapUsed: m('heapUsed'), heapTotal: m('heapTotal'), clickMainCpu: m('clickMainCpu'), clickWorkerCpu: m('clickWorkerCpu'), clickWall: m('clickWall'), total: runs[0].total });
  }
} finally {
  await browser.close();
  await files.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
}

const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
const ms = (n) => `${Math.round(n).toLocaleString('en')} ms`;
const table = [
  '| Datasets | Format | File | JS | First results | Worker CPU | Worker heap | Facet click: main CPU | worker CPU | wall |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => (r.refused
    ? `| ${r.datasets.toLocaleString('en')} | ${FORMATS[r.format].label} | ${mb(r.bytes)} | – | refused: over the ${MAX_CATALOG_BYTES / 1048576} MB limit | – | – | – | – | – |`
    : `| ${r.datasets.toLocaleString('en')} | ${FORMATS[r.format].label} | ${mb(r.catalogBytes)} | ${(r.jsBytes / 1024).toFixed(0)} KB | ${ms(r.firstResults)} | ${ms(r.workerCpu)} | ${mb(r.heapUsed)} | ${r.clickMainCpu.toFixed(1)} ms | ${r.clickWorkerCpu.toFixed(0)} ms | ${ms(r.clickWall)} |`)),
];
const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
const text = [
  `DCAT file store in the browser (\`npm run bench:file-store\`, \`scripts/bench-file-store.mjs\`, ${new Date().toISOString().slice(0, 10)}): `
  + `\`<dataset-facet-search-layout>\` on the built CDN bundle reading \`data-catalog-url\` from another origin (CORS), headless Chromium, `
  + `${cpus().length} × ${cpu}, medians of ${opts.runs} runs after a warm-up, a fresh browser context per run (nothing cached). `
  + 'Catalogs: the Antwerp catalog of `../shared` ×1, ×4, ×16 (each copy its own dataset / distribution IRIs and blank nodes), written by the engine\'s writers. '
  + 'File and JS: bytes sent, uncompressed. First results: navigation start → first rows drawn. Worker CPU: thread time of the worker from navigation start to the first rows (fetch, parse, index, first answer), from a Chromium trace. '
  + 'Worker heap: the worker\'s JS heap after a garbage collection once the rows show (CDP `Runtime.getHeapUsage`). '
  + 'Facet click (the value with the most hits): main-thread CPU (thread time, trace) and the worker\'s CPU from the click to the list and facets redrawn, and the wall time.',
  '',
  ...table,
].join('\n');
console.log(`\n${text}`);
if (opts.json) writeFileSync(opts.json, JSON.stringify({ runs: opts.runs, rows }, null, 2));
if (opts.writeReadme) writeReadmeSection('bench-file-store', text);
