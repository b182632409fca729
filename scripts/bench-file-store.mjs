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
 *   - one facet click (the value with the most hits below the total) with the mouse, as a reader clicks (the pointer
 *     over the value first, then pressed and released: the link takes focus), from the press to the frame that shows
 *     the list and the facets redrawn with the value selected, that frame's style, layout and paint included:
 *     main-thread CPU (thread time of the renderer main thread's tasks, as scripts/bench.mjs measures it), the
 *     worker's CPU for the answer, and the wall time; then LATER_CLICKS more clicks
 *     on the same page (each on the value that then narrows most): their median main-thread CPU (a first click also
 *     runs code for the first time),
 *   - the second view: once the first view's cache is in IndexedDB (triples and kept answers), the same page again in
 *     the same context (the file host sends an ETag and answers If-None-Match with 304, as a static host does): first
 *     results, the worker's CPU from navigation start to them (every DedicatedWorker thread of a second trace), the
 *     file's bytes sent again, and the origin's IndexedDB bytes (navigator.storage.estimate).
 * Medians of --runs runs (default 3) after one warm-up run per size and format. The file store refuses files over
 * 50 MB (src/store/file/open-catalog.ts MAX_CATALOG_BYTES): such a size is reported as refused, not measured.
 * Skipped (exit 0, a clear message) when ../shared is absent. Not part of npm test.
 *
 *   node --import tsx scripts/bench-file-store.mjs [--copies 1,4,16] [--formats rdf,ttl] [--runs 3] [--json FILE]
 *        [--write-readme] [--build] [--profile DIR] [--no-compare]
 * Last, for comparison (unless --no-compare), the same page on the ×4 Turtle catalog served by the dev store (in
 * process, another origin) instead of the file: the facet click's main-thread CPU without a file store behind it.
 * --profile DIR: one more run per catalog (not counted) with the V8 sampling profiler on in the worker from the moment
 * it is attached to the first rows: writes DIR/<catalog>.cpuprofile (open it in DevTools) and prints the functions
 * with the most self time; the same for the second view's worker (DIR/<catalog>.second.cpuprofile).
 * --trace DIR: writes each run's Chromium trace to DIR/<catalog>.run<N>.json, with DevTools' timeline, V8's compile
 * events and Blink's style invalidation tracking (why elements were restyled), for DevTools' Performance panel or
 * Perfetto. These categories cost CPU themselves (the timeline 0.8 ms of a first click: scripts/trace-cpu.mjs):
 * read the traces for where time goes, not for the table's numbers.
 * --write-readme puts the table into README.md between <!-- bench-file-store:start --> and <!-- bench-file-store:end -->.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { ANTWERP, multiplyCatalog } from './bench-catalog.mjs';
import { parseRdfText } from '../src/catalog-engine/parse/text.ts';
import { writeRdf } from '../src/catalog-engine/write.ts';
import { MAX_CATALOG_BYTES } from '../src/store/file/open-catalog.ts';
import { TIMELINE_CATEGORIES, TRACE_CATEGORIES, threadCpu } from './trace-cpu.mjs';
import { writeReadmeSection } from './readme-section.mjs';
import { createStoreServer } from '../dev-store/server.ts';

const FORMATS = { rdf: { writer: 'rdfxml', ext: 'rdf', type: 'application/rdf+xml', label: 'RDF/XML' }, ttl: { writer: 'turtle', ext: 'ttl', type: 'text/turtle', label: 'Turtle' } };
function parseArgs(argv) {
  const opts = { copies: [1, 4, 16], formats: ['rdf', 'ttl'], runs: 3, json: undefined, writeReadme: false, build: false, profile: undefined, trace: undefined, compare: true };
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
    else if (a === '--profile') opts.profile = value();
    else if (a === '--trace') opts.trace = value();
    else if (a === '--no-compare') opts.compare = false;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  for (const f of opts.formats) if (!FORMATS[f]) usage(`unknown format ${f} (rdf, ttl)`);
  return opts;
}

function usage(problem) {
  if (problem) console.error(`bench-file-store: ${problem}`);
  console.error('usage: node --import tsx scripts/bench-file-store.mjs [--copies 1,4,16] [--formats rdf,ttl] [--runs 3] [--json FILE] [--write-readme] [--build] [--profile DIR] [--trace DIR] [--no-compare]');
  process.exit(problem ? 2 : 0);
}

/** Facet clicks measured after the first one on each page (see measureRun). */
const LATER_CLICKS = 2;

const median = (values) => {
  const s = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (!s.length) return undefined;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A static host that counts the bytes it sends; `routes(path)` → { body, type, cors } or undefined (404). */
async function startHost(host, routes) {
  const counter = { bytes: new Map(), gzip: new Map() };
  const gzipOf = new Map(); // body → its gzip size (what a host that compresses would send), computed once per body
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const r = routes(path);
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' };
    if (!r) return void res.writeHead(404, cors).end();
    // a catalog is served as a static host serves a file: with its ETag, revalidated by the browser (304, no body)
    if (r.etag) {
      const headers = { 'content-type': r.type, etag: r.etag, 'cache-control': 'no-cache', ...(r.cors ? cors : {}) };
      if (req.headers['if-none-match'] === r.etag) return void res.writeHead(304, headers).end();
      counter.bytes.set(path, (counter.bytes.get(path) ?? 0) + r.body.length);
      if (!gzipOf.has(path)) gzipOf.set(path, gzipSync(r.body).length);
      counter.gzip.set(path, (counter.gzip.get(path) ?? 0) + gzipOf.get(path));
      return void res.writeHead(200, { ...headers, 'content-length': r.body.length }).end(r.body);
    }
    counter.bytes.set(path, (counter.bytes.get(path) ?? 0) + r.body.length);
    if (!gzipOf.has(path)) gzipOf.set(path, gzipSync(r.body).length);
    counter.gzip.set(path, (counter.gzip.get(path) ?? 0) + gzipOf.get(path));
    res.writeHead(200, { 'content-type': r.type, 'content-length': r.body.length, 'cache-control': 'no-store', ...(r.cors ? cors : {}) }).end(r.body);
  });
  await new Promise((ok) => server.listen(0, host, ok));
  return {
    origin: `http://${host}:${server.address().port}`,
    sent: (filter = () => true, gzip = false) => [...(gzip ? counter.gzip : counter.bytes)].filter(([p]) => filter(p)).reduce((n, [, b]) => n + b, 0),
    reset: () => { counter.bytes.clear(); counter.gzip.clear(); },
    close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
  };
}

/** Runs once in every document (addInitScript): window.__benchFirstRows = performance.now() when rows are drawn. */
function watchFirstRows() {
  // the file store's progress events: when each phase was first (and the download last) reported
  window.__benchPhases = {};
  document.addEventListener('catalog-file-progress', (e) => {
    const phases = window.__benchPhases;
    const now = performance.now();
    phases[e.detail.phase] ??= now;
    if (e.detail.phase === 'download') phases.downloaded = now;
  });
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

/**
 * In the page: arms a click on the facet value with the most hits below the total (scrolled into view) and returns
 * where it is; `window.__benchClick` then resolves when the list and facets are redrawn with it selected and that frame
 * is painted. The window starts at the reader's pointerdown (see facetClick).
 */
function armFacetClick(tag) {
  const total = Number((document.querySelector('.esbResults')?.textContent ?? '').replace(/[\s,.\u00a0\u202f]/g, '').match(/\d+/g)?.pop() ?? NaN);
  const pick = [...document.querySelectorAll('li.esbFacets__option:not(.esbFacets--selected) a.esbFacets__optionLink')]
    .map((a) => ({ a, n: Number(a.querySelector('.esbFacets__occurence')?.textContent?.replace(/\D/g, '') || 0) }))
    .filter((l) => l.n > 0 && (!(total > 0) || l.n < total))
    .sort((x, y) => y.n - x.n)[0];
  if (!pick) throw new Error('no facet value narrows the result');
  pick.a.scrollIntoView({ block: 'center' });
  const key = pick.a.dataset.facet;
  let start;
  window.__benchClick = new Promise((done, fail) => {
    // (an answer within the blocks' loading delay is drawn without a loading state in between: the value shown
    // selected and nothing busy is the redraw, with or without one)
    const check = () => {
      if (start === undefined) return;
      const list = document.querySelector('.esbSearchList');
      const facets = document.querySelector('.esbFacets');
      const busy = list?.getAttribute('aria-busy') === 'true' || facets?.getAttribute('aria-busy') === 'true';
      if (busy) return;
      const selected = [...document.querySelectorAll('li.esbFacets--selected a.esbFacets__optionLink')].some((a) => a.dataset.facet === key);
      if (!selected || !list.querySelector('li.entryListRow')) return;
      observer.disconnect();
      clearTimeout(timer);
      // the reader sees the answer once the frame after it is drawn: the window ends after that frame's style, layout
      // and paint (a task posted from its animation frame callback runs once the frame's main-thread work is done)
      requestAnimationFrame(() => setTimeout(() => {
        const end = performance.now();
        performance.mark(`bench:${tag}:end`, { startTime: end });
        done({ wall: end - start, hits: pick.n, total });
      }));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
    const timer = setTimeout(() => { observer.disconnect(); fail(new Error('facet click not redrawn within 60 s')); }, 60000);
    addEventListener('pointerdown', () => {
      start = performance.now();
      performance.mark(`bench:${tag}:start`, { startTime: start });
    }, { capture: true, once: true });
  });
  const r = pick.a.getBoundingClientRect();
  return { x: r.left + Math.min(r.width / 2, 20), y: r.top + r.height / 2 };
}

/**
 * Clicks the facet value with the most hits below the total as a reader does, with the mouse (pointer over it, then
 * down and up: the link takes focus, as links do in Chromium), and resolves when the answer's frame is painted.
 */
async function facetClick(page, tag = 'click') {
  const { x, y } = await page.evaluate(armFacetClick, tag);
  await page.mouse.move(x, y);
  // the hover drawn before the click, as a reader's pointer arrives before the press
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  await page.mouse.down();
  await page.mouse.up();
  return page.evaluate(() => window.__benchClick);
}

/**
 * CDP on the page's dedicated worker: auto-attached (non-flat sessions through the page's CDP session, since
 * playwright's CDP sessions are per page), so Runtime.getHeapUsage runs in the worker's isolate.
 */
async function workerCdp(page, profile = false, ignore = undefined) {
  const cdp = await page.context().newCDPSession(page);
  let sessionId;
  let targetId;
  let seen;
  const attached = new Promise((ok) => { seen = ok; });
  let nextId = 1;
  const pending = new Map();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker' && !sessionId && e.targetInfo.targetId !== ignore) {
      sessionId = e.sessionId;
      targetId = e.targetInfo.targetId;
      if (!profile) return void seen();
      // the profiler starts as early as an attached session can start it: the worker may have begun its fetch
      void send('Profiler.enable').then(() => send('Profiler.setSamplingInterval', { interval: 200 })).then(() => send('Profiler.start')).then(seen, seen);
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
  const send = (method, params = {}) => new Promise((ok, fail) => {
    const id = nextId++;
    pending.set(id, { ok, fail });
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return {
    attached,
    targetId: () => targetId,
    send,
    detach: () => cdp.detach().catch(() => {}),
  };
}

const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** A source map's mappings, decoded (VLQ): per generated line, [column, source, line, column, name?] segments. */
function decodeMappings(map) {
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of map.mappings.split(';')) {
    const segments = [];
    state[0] = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const c of seg) {
        const digit = B64.get(c);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      values.forEach((v, i) => { state[i] += v; });
      segments.push(values.length >= 4 ? [state[0], state[1], state[2], state[3], values.length > 4 ? state[4] : undefined] : [state[0]]);
    }
    lines.push(segments);
  }
  return lines;
}

/** `where(url, line, column)` (0-based) → "name (src/…/file.ts:line)" from the built bundle's source maps, or undefined. */
function sourceMapper() {
  const maps = new Map();
  return (url, line, column) => {
    const path = url.match(/\/cdn\/(.+\.js)$/)?.[1];
    if (!path) return undefined;
    if (!maps.has(path)) {
      const file = join(root, 'dist/cdn', `${path}.map`);
      const map = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
      maps.set(path, map && { map, lines: decodeMappings(map) });
    }
    const m = maps.get(path);
    const seg = m?.lines[line]?.filter((x) => x[0] <= column).at(-1);
    if (!seg || seg.length < 4) return undefined;
    const source = m.map.sources[seg[1]].replace(/^(\.\.\/)+/, '');
    return `${seg[4] !== undefined ? m.map.names[seg[4]] : '?'} (${source}:${seg[2] + 1})`;
  };
}

/** The `n` functions with the most self time in a V8 CPU profile, one line each (ms, share, function and its source). */
function topSelf(profile, n) {
  const where = sourceMapper();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const f = byId.get(id).callFrame;
    if (f.functionName === '(idle)') return void (idle += dt);
    if (f.functionName === '(program)') return;
    const key = where(f.url, f.lineNumber, f.columnNumber) ?? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, t]) => `  ${t.toFixed(1).padStart(8)} ms ${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n')
    + `\n  (${total.toFixed(0)} ms of samples in functions, ${idle.toFixed(0)} ms idle, (program) left out)`;
}

/** One run: a fresh context and page; returns the measurements. */
/** Whether the file store has kept `catalogUrl` in IndexedDB: its triples and the answers of the page's reads. */
function cacheKept(catalogUrl) {
  return new Promise((resolve) => {
    setTimeout(() => resolve('timeout'), 3000);
    const open = indexedDB.open('catalog-blocks-file-store');
    open.onerror = () => resolve('open failed');
    open.onblocked = () => resolve('blocked');
    open.onsuccess = () => {
      try {
        const db = open.result;
        // the answers are kept since they were (a database without them: only the triples)
        const names = ['catalogs', 'answers'].filter((n) => db.objectStoreNames.contains(n));
        if (!names.includes('catalogs')) return void (db.close(), resolve('no catalogs'));
        const tx = db.transaction(names);
        const got = names.map((n) => tx.objectStore(n).count(catalogUrl));
        tx.oncomplete = () => { db.close(); resolve(got.every((g) => g.result > 0) || `counts ${got.map((g) => g.result)}`); };
        tx.onerror = () => { db.close(); resolve('tx failed'); };
      } catch (e) {
        resolve(String(e));
      }
    };
  });
}

/** What is kept for `catalogUrl`: the packed triples' bytes (strings as UTF-16) and the kept answers' count and JSON bytes. */
function keptSizes(catalogUrl) {
  return new Promise((resolve) => {
    const open = indexedDB.open('catalog-blocks-file-store');
    open.onerror = () => resolve({});
    open.onsuccess = () => {
      const db = open.result;
      const names = ['catalogs', 'answers'].filter((n) => db.objectStoreNames.contains(n));
      const tx = db.transaction(names);
      const got = names.map((n) => tx.objectStore(n).get(catalogUrl));
      tx.oncomplete = () => {
        db.close();
        const [catalog, answers] = got.map((g) => g.result);
        const t = catalog?.triples;
        resolve({
          triplesBytes: t ? t.strings.reduce((n, x) => n + 2 * x.length, 0) + t.terms.byteLength + t.triples.byteLength : undefined,
          answers: answers?.answers.length ?? 0,
          answersBytes: answers ? answers.answers.reduce((n, a) => n + 2 * (a[0].length + a[2].length), 0) : 0,
        });
      };
      tx.onerror = () => { db.close(); resolve({}); };
    };
  });
}

/** The bytes IndexedDB holds for this origin (navigator.storage.estimate's usage details, Chromium), else the usage. */
async function storedBytes() {
  const e = await navigator.storage.estimate();
  return e.usageDetails?.indexedDB ?? e.usage;
}

/** Opens the bench page and waits for its first rows: [ms from navigation start to them, the file store's phases]. */
async function openBenchPage(page, site, query) {
  await page.goto(`${site.origin}/bench.html?${query}`);
  await page.evaluate(() => performance.mark('bench:nav', { startTime: 0 }));
  await page.waitForFunction(() => window.__benchFirstRows !== undefined, undefined, { timeout: 180000, polling: 100 });
  return page.evaluate(() => [window.__benchFirstRows, window.__benchPhases]);
}

/**
 * The second view: the same page again in the same context once the first view's cache is written (the browser
 * revalidates the file, 304): first results and the worker's CPU from navigation start to the first rows. With
 * `profile`, the worker's sampling profile of that view instead.
 */
async function secondView(browser, page, site, files, query, catalogUrl, firstWorker, profile = false) {
  // polled here: page.waitForFunction would take the promise itself for a truthy answer
  for (let until = Date.now() + 120000, kept; (kept = await page.evaluate(cacheKept, catalogUrl)) !== true;) {
    if (Date.now() > until) throw new Error(`${catalogUrl}: not kept in IndexedDB within 120 s (${kept})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const idbBytes = await page.evaluate(storedBytes);
  const sizes = await page.evaluate(keptSizes, catalogUrl);
  const worker = await workerCdp(page, profile, firstWorker);
  site.reset();
  files.reset();
  if (!profile) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let trace;
  let first;
  let phases;
  try {
    [first, phases] = await openBenchPage(page, site, query);
    if (profile) {
      await worker.attached;
      return { cpuProfile: (await worker.send('Profiler.stop')).profile };
    }
  } finally {
    if (!profile) trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    await worker.detach();
  }
  const events = trace.traceEvents ?? trace;
  const mark = (name) => events.find((x) => x.name === name && x.cat?.includes('blink.user_timing'));
  const nav = mark('bench:nav');
  const rows = mark('bench:rows');
  // every DedicatedWorker thread of the page's process: the first view's worker is gone (no CPU in the window)
  const workers = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'DedicatedWorker thread');
  return {
    firstResults: first,
    parsed: phases.parse !== undefined,
    // when the worker said it builds from what was kept (the validator confirmed)
    keptFrom: phases.index,
    catalogBytes: files.sent(),
    workerCpu: workers.reduce((n, t) => n + threadCpu(events, t, nav.ts, rows.ts), 0),
    idbBytes,
    ...sizes,
  };
}

async function measureRun(browser, site, files, query, { profile = false, store = false, catalogUrl, traceTo } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(watchFirstRows);
  const worker = await workerCdp(page, profile);
  site.reset();
  files.reset();
  // (--trace: V8's compile events too, to tell lazy compilation from running)
  if (!profile) await browser.startTracing(page, { categories: traceTo ? [...TRACE_CATEGORIES, ...TIMELINE_CATEGORIES, 'v8', 'disabled-by-default-v8.compile', 'disabled-by-default-devtools.timeline.invalidationTracking'] : TRACE_CATEGORIES });
  let trace;
  let first;
  let phases;
  let click;
  let heap;
  try {
    [first, phases] = await openBenchPage(page, site, query);
    if (!store || profile) await worker.attached;
    if (profile) {
      const cpuProfile = store ? undefined : (await worker.send('Profiler.stop')).profile;
      // then the facet click on the page's main thread, with the sampling profiler on from the click to the redraw
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await facetClick(page);
      const { profile: clickProfile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      await worker.detach();
      const { cpuProfile: secondProfile } = store ? {} : await secondView(browser, page, site, files, query, catalogUrl, worker.targetId(), true);
      return { cpuProfile, clickProfile, secondProfile };
    }
    if (!store) {
      await worker.send('HeapProfiler.collectGarbage');
      heap = await worker.send('Runtime.getHeapUsage');
    }
    click = await facetClick(page);
    // then LATER_CLICKS more, each on the value that narrows the result most (its first click ran code for the first
    // time: V8 compiles it lazily, Lit prepares the templates of a selected value; a reader's later clicks do not)
    for (let i = 1; i <= LATER_CLICKS; i++) {
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      await facetClick(page, `click${i}`);
    }
  } finally {
    if (profile) await context.close();
    else trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  }
  if (traceTo) {
    mkdirSync(dirname(traceTo), { recursive: true });
    writeFileSync(traceTo, JSON.stringify(trace));
  }
  await worker.detach();
  // what the first view was sent (the second view counts its own)
  const sent = { catalogBytes: files.sent(), catalogGzip: files.sent(undefined, true), jsBytes: site.sent((p) => p.endsWith('.js')), jsGzip: site.sent((p) => p.endsWith('.js'), true) };
  const second = store ? undefined : await secondView(browser, page, site, files, query, catalogUrl, worker.targetId());
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
  const workerThread = store ? undefined : thread('DedicatedWorker thread');
  const result = {
    firstResults: first,
    downloadStart: phases.download,
    downloadEnd: phases.downloaded,
    parseStart: phases.parse,
    indexStart: phases.index,
    ...sent,
    workerCpu: workerThread && threadCpu(events, workerThread, nav.ts, rows.ts),
    mainCpuToFirst: threadCpu(events, main, nav.ts, rows.ts),
    heapUsed: heap?.usedSize,
    heapTotal: heap?.totalSize,
    clickMainCpu: threadCpu(events, main, clickStart.ts, clickEnd.ts),
    laterClicksMainCpu: median(Array.from({ length: LATER_CLICKS }, (_, i) => threadCpu(events, main, mark(`bench:click${i + 1}:start`).ts, mark(`bench:click${i + 1}:end`).ts))),
    clickWorkerCpu: workerThread && threadCpu(events, workerThread, clickStart.ts, clickEnd.ts),
    clickWall: click.wall,
    clickHits: click.hits,
    total: click.total,
    ...(second ? { secondFirst: second.firstResults, secondWorkerCpu: second.workerCpu, secondBytes: second.catalogBytes, secondParsed: second.parsed, secondKeptFrom: second.keptFrom, idbBytes: second.idbBytes, triplesBytes: second.triplesBytes, answers: second.answers, answersBytes: second.answersBytes } : {}),
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
  const { triples, datasets } = multiplyCatalog(source, copies);
  for (const f of opts.formats) {
    const text = await writeRdf(triples, FORMATS[f].writer);
    const name = `antwerpen-x${copies}.${FORMATS[f].ext}`;
    writeFileSync(join(dir, name), text);
    catalogs.push({ copies, datasets, format: f, name, bytes: Buffer.byteLength(text) });
    console.log(`bench-file-store: ${name}: ${datasets} datasets, ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB`);
  }
}

// the page reads its catalog URL (`?catalog=`) or, for the comparison with a store, its store URL (`?store=`) from its own
// query string, so one page serves every case
const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>catalog-blocks file store bench</title>
<script>const q = new URLSearchParams(location.search); const attr = q.has('store') ? 'data-store-url' : 'data-catalog-url';
document.write('<div data-portal-config ' + attr + '="' + (q.get('store') ?? q.get('catalog')).replace(/[^\\w:/.%-]/g, '') + '" hidden></div>')</script>
<script type="module" src="/cdn/catalog-blocks.js"></script></head>
<body><main><dataset-facet-search-layout></dataset-facet-search-layout></main></body></html>`;

const files = await startHost('localhost', (path) => {
  const c = catalogs.find((x) => `/${x.name}` === path);
  return c ? { body: readFileSync(join(dir, c.name)), type: FORMATS[c.format].type, cors: true, etag: `"${c.name}-${c.bytes}"` } : undefined;
});
const site = await startHost('127.0.0.1', (path) => {
  if (path === '/bench.html') return { body: Buffer.from(PAGE), type: 'text/html; charset=utf-8' };
  const file = path.startsWith('/cdn/') ? normalize(join(cdn, path.slice(5))) : '';
  if (!file.startsWith(cdn + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return { body: readFileSync(file), type: extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/octet-stream' };
});
const loadBefore = loadavg()[0];
const browser = await chromium.launch(launchOptions());
const rows = [];
const KEYS = ['firstResults', 'downloadStart', 'downloadEnd', 'parseStart', 'indexStart', 'catalogBytes', 'catalogGzip', 'jsBytes', 'jsGzip', 'workerCpu', 'mainCpuToFirst', 'heapUsed', 'heapTotal', 'clickMainCpu', 'laterClicksMainCpu', 'clickWorkerCpu', 'clickWall', 'secondFirst', 'secondWorkerCpu', 'secondBytes', 'idbBytes', 'triplesBytes', 'answers', 'answersBytes'];
/** Medians of opts.runs runs after a warm-up run (it warms up the hosts and the browser). */
async function measureCase(name, query, options) {
  const runs = [];
  for (let run = 0; run <= opts.runs; run++) {
    const r = await measureRun(browser, site, files, query, { ...options, traceTo: opts.trace && join(opts.trace, `${name.replace(/\W+/g, '-')}.run${run}.json`) });
    if (run > 0) runs.push(r);
    const phase = (k) => (r[k] === undefined ? '?' : Math.round(r[k]));
    console.log(`bench-file-store: ${name} run ${run}${run ? '' : ' (warm-up)'}: first results ${Math.round(r.firstResults)} ms `
      + `${r.downloadStart === undefined ? '' : `(download ${phase('downloadStart')}–${phase('downloadEnd')}, parse from ${phase('parseStart')}, index from ${phase('indexStart')}), `}`
      + `${r.workerCpu === undefined ? '' : `worker CPU ${Math.round(r.workerCpu)} ms, heap ${(r.heapUsed / 1e6).toFixed(1)} MB, `}click main CPU ${r.clickMainCpu.toFixed(1)} ms (later clicks ${r.laterClicksMainCpu.toFixed(1)} ms)`
      + `${r.secondFirst === undefined ? '' : `; second view: first results ${Math.round(r.secondFirst)} ms (file confirmed at ${Math.round(r.secondKeptFrom)} ms), worker CPU ${Math.round(r.secondWorkerCpu)} ms, file bytes ${r.secondBytes}${r.secondParsed ? ' (parsed!)' : ''}, IndexedDB ${(r.idbBytes / 1e6).toFixed(1)} MB (triples ${(r.triplesBytes / 1e6).toFixed(1)} MB, ${r.answers} answers ${(r.answersBytes / 1e3).toFixed(0)} KB)`}`);
  }
  return { runs: runs.length, ...Object.fromEntries(KEYS.map((k) => [k, median(runs.map((r) => r[k]))])), total: runs[0].total };
}
let comparison;
try {
  for (const c of catalogs) {
    if (c.bytes > MAX_CATALOG_BYTES) {
      console.log(`bench-file-store: ${c.name}: ${(c.bytes / 1e6).toFixed(1)} MB is over the file store's ${MAX_CATALOG_BYTES / 1e6} MB limit: refused, not measured`);
      rows.push({ ...c, refused: true });
      continue;
    }
    const catalogUrl = `${files.origin}/${c.name}`;
    const query = `catalog=${encodeURIComponent(catalogUrl)}`;
    rows.push({ ...c, ...(await measureCase(c.name, query, { catalogUrl })) });
    if (opts.profile) {
      const { cpuProfile, clickProfile, secondProfile } = await measureRun(browser, site, files, query, { profile: true, catalogUrl });
      mkdirSync(opts.profile, { recursive: true });
      writeFileSync(join(opts.profile, `${c.name}.second.cpuprofile`), JSON.stringify(secondProfile));
      console.log(`bench-file-store: ${c.name}: worker profile of the second view to the first rows (${join(opts.profile, `${c.name}.second.cpuprofile`)}), self time:\n${topSelf(secondProfile, 20)}`);
      writeFileSync(join(opts.profile, `${c.name}.cpuprofile`), JSON.stringify(cpuProfile));
      console.log(`bench-file-store: ${c.name}: worker profile to the first rows (${join(opts.profile, `${c.name}.cpuprofile`)}), self time:\n${topSelf(cpuProfile, 15)}`);
      writeFileSync(join(opts.profile, `${c.name}.click.cpuprofile`), JSON.stringify(clickProfile));
      console.log(`bench-file-store: ${c.name}: main-thread profile of the facet click (${join(opts.profile, `${c.name}.click.cpuprofile`)}), self time:\n${topSelf(clickProfile, 25)}`);
    }
  }
  // the same page and catalog with the dev store behind it instead of the file: what the click costs the main thread
  // without a file store (the layout's own rendering), at the issue's size when it is measured
  const c = catalogs.find((x) => x.copies === 4 && x.format === 'ttl') ?? catalogs.find((x) => x.bytes <= MAX_CATALOG_BYTES);
  if (c && opts.compare) {
    const store = await createStoreServer({ catalogs: [join(dir, c.name)], port: 0, maxLimit: 1000, corsOrigins: ['*'], solrRelated: true });
    try {
      comparison = { ...c, ...(await measureCase(`${c.name} on the dev store`, `store=${encodeURIComponent(store.url)}`, { store: true })) };
    } finally {
      await store.close();
    }
  }
} finally {
  await browser.close();
  await files.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
const kb = (n) => `${Math.round(n / 1024)} KB`;
const ms = (n) => (n === undefined ? '–' : `${Math.round(n).toLocaleString('en')} ms`);
const ms1 = (n) => (n === undefined ? '–' : `${n.toFixed(1)} ms`);
const row = (r, label = FORMATS[r.format].label) => (r.refused
  ? `| ${r.datasets.toLocaleString('en')} | ${label} | ${mb(r.bytes)} | – | refused: over the ${MAX_CATALOG_BYTES / 1e6} MB limit | – | – | – | – | – | – | – | – | – |`
  : `| ${r.datasets.toLocaleString('en')} | ${label} | ${r.catalogBytes ? `${mb(r.catalogBytes)} (${mb(r.catalogGzip)})` : '–'} | ${kb(r.jsBytes)} (${kb(r.jsGzip)}) | ${ms(r.firstResults)} | ${ms(r.workerCpu)} | ${ms(r.mainCpuToFirst)} | ${r.heapUsed === undefined ? '–' : mb(r.heapUsed)} | **${ms1(r.clickMainCpu)}** | ${ms1(r.laterClicksMainCpu)} | ${ms(r.clickWorkerCpu)} | ${ms(r.clickWall)} | ${ms(r.secondFirst)} | ${ms(r.secondWorkerCpu)} |`);
const table = [
  '| Datasets | Format | File (gzip) | JS (gzip) | First results | Worker CPU | Main CPU | Worker heap | Facet click: main CPU | later clicks | worker CPU | wall | Second view: first results | worker CPU |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => row(r)),
  ...(comparison ? [row(comparison, `${FORMATS[comparison.format].label} on the dev store (no file store)`)] : []),
];
const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
const sized = rows.filter((r) => !r.refused);
const largest = sized.at(-1);
const refused = rows.filter((r) => r.refused);
const text = [
  `DCAT file store in the browser (\`npm run bench:file-store\`, \`scripts/bench-file-store.mjs\`, ${new Date().toISOString().slice(0, 10)}): `
  + `\`<dataset-facet-search-layout>\` on the built CDN bundle reading \`data-catalog-url\` from a file host on another origin (CORS), headless Chromium, `
  + `${cpus().length} × ${cpu}, medians of ${opts.runs} runs after a warm-up, a fresh browser context per run (nothing cached for the first view). `
  + `Catalogs: the Antwerp catalog of \`../shared\` ×${opts.copies.join(', ×')}, each copy with its own dataset / distribution IRIs and blank nodes, written by the engine's writers. `
  + 'File and JS: bytes sent (in brackets: gzip, as a host that compresses would send them; JS = the bundle, the worker and the parser chunks). '
  + 'First results: navigation start → first rows drawn. Worker CPU and main CPU: thread time of the worker (fetch, parse, index, first answer) and of the page\'s main thread from navigation start to the first rows, from a Chromium trace of the threads\' top-level tasks and the page\'s marks (without DevTools\' timeline of every call, layout and paint, which would add 0.8 ms of its own to a first click). '
  + 'Worker heap: the worker\'s JS heap after a garbage collection once the rows show (CDP `Runtime.getHeapUsage` on the worker). '
  + 'Facet click (the value with the most hits below the total, clicked with the mouse as a reader does: pointer over it, then pressed): main-thread CPU (thread time, trace; issue 29 asks ≤ 20 ms) and the worker\'s CPU from the press to the frame that shows the list and facets redrawn with the value selected, that frame\'s style, layout and paint included, and the wall time; '
  + `later clicks: the median main-thread CPU of ${LATER_CLICKS} more clicks on the same page, each on the value that then narrows the result most (a first click also runs code for the first time: V8 compiles it, Lit prepares the templates of a selected value)`
  + `${comparison ? '; the last row is the same page and catalog served by the dev store instead, for what the layout itself costs' : ''}. `
  + 'Second view: the same page again in the same browser context once the first view\'s cache is written (the file host sends an ETag; the file unchanged): navigation start → first rows, and the worker\'s CPU to them'
  + `${sized.some((r) => r.idbBytes) ? ` (kept in IndexedDB, as structured data: ${sized.filter((r) => r.idbBytes).map((r) => `${mb(r.triplesBytes)} of packed triples and ${r.answers} answers of ${kb(r.answersBytes)} for the ${r.datasets.toLocaleString('en')} datasets as ${FORMATS[r.format].label}`).join('; ')}; the origin's IndexedDB usage on disk, compressed: ${sized.filter((r) => r.idbBytes).map((r) => mb(r.idbBytes)).join(', ')})` : ''}. `
  + `Wall times (first results, click wall) depend on the machine's other load (1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after the run); the CPU times much less.`,
  '',
  ...table,
  '',
  `${largest ? `Largest measured: ${largest.datasets.toLocaleString('en')} datasets (${FORMATS[largest.format].label}, ${mb(largest.catalogBytes)}), first results after ${ms(largest.firstResults)}, ${mb(largest.heapUsed)} worker heap. ` : ''}`
  + `${refused.length ? `Refused by the ${MAX_CATALOG_BYTES / 1e6} MB limit: ${refused.map((r) => `${r.datasets.toLocaleString('en')} datasets as ${FORMATS[r.format].label} (${mb(r.bytes)})`).join(', ')}.` : ''}`,
].join('\n');
console.log(`\n${text}`);
if (opts.json) writeFileSync(opts.json, JSON.stringify({ runs: opts.runs, rows, comparison }, null, 2));
if (opts.writeReadme) writeReadmeSection('bench-file-store', text);
