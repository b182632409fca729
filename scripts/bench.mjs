#!/usr/bin/env node
// `npm run bench` (not part of `npm test`): how fast a search page renders, and how fast the dev store answers.
//
// 1. Rendering, in Chromium with the built CDN bundle on one origin and the dev store on another: a facets column,
//    a sort select and a result list share one search scope; for pages of 10, 20, 100 and 1000 rows it measures the
//    time from the store's search response (PerformanceResourceTiming.responseEnd of the search request) to the DOM
//    holding every row and the facets (a MutationObserver sees the list and the facets leave aria-busy with the rows
//    in place), for
//    - the first view of a fresh scope (includes the one publisher lookup of a first search),
//    - a sort change (exactly one search request, nothing else), and then
//    - a facet click (the value with the most hits below the total; one search request; the clicked value shown
//      selected with the new counts).
//    Each run uses a fresh page (no cached states); the first run of each size is a warm-up and is not counted.
// 2. The dev store's own search latency, in-process (no HTTP): the search URLs the page sent for typical
//    interactions (first view, term, facet, sort, page), each answered many times by the store's search function.
//
// Catalog: `--catalog FILE`, else ../shared/fixtures/dcat/large/antwerpen-dcat.xml (491 datasets), else (a fresh clone)
// a generated catalog of as many datasets (scripts/bench-catalog.mjs). A page larger than
// the catalog is measured on a second store that serves the same file several times (one context per copy), so
// 1000 rows are really 1000 rows; the table says so.
//   --catalog FILE   the DCAT file to serve
//   --runs N         counted runs per size (default 10)
//   --sizes 20,100   page sizes to render (default 10,20,100,1000)
//   --render-only    skip the store latency part
//   --cdn DIR        serve this build instead of dist/cdn
//   --baseline DIR   also measure this build (e.g. one of an earlier commit), taking turns with the current one so both
//                    see the same load; the table then shows both (--baseline-label TEXT names it)
//   --build          rebuild first (otherwise builds only when dist/cdn is missing)
//   --write-readme   put the table into README.md between <!-- bench:start --> and <!-- bench:end -->
//   --json FILE      also write the medians as JSON (scripts/bench-all.mjs reads it)
// Run with `node --import tsx` (npm run bench does): the dev store is TypeScript.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { createStoreServer } from '../dev-store/server.ts';
import { runSearch } from '../src/catalog-engine/search/search.ts';
import { parseParams } from '../src/catalog-engine/params.ts';
import { writeReadmeSection } from './readme-section.mjs';
import { benchCatalog } from './bench-catalog.mjs';
import { TRACE_CATEGORIES, threadCpu } from './trace-cpu.mjs';

const DEFAULT_SIZES = [10, 20, 100, 1000];
const STORE_RUNS = 40;
const DATASET_QUERY = 'rdfType:http\\://www.w3.org/ns/dcat#Dataset AND public:true';

function parseArgs(argv) {
  const opts = { catalog: undefined, cdn: undefined, baseline: undefined, runs: 10, build: false, writeReadme: false, sizes: DEFAULT_SIZES, renderOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--catalog') opts.catalog = resolve(process.cwd(), value());
    else if (a === '--runs') opts.runs = Math.max(1, Number(value()) || 10);
    else if (a === '--sizes') opts.sizes = value().split(',').map(Number).filter((n) => n > 0);
    else if (a === '--render-only') opts.renderOnly = true;
    else if (a === '--cdn') opts.cdn = resolve(process.cwd(), value());
    else if (a === '--baseline') opts.baseline = resolve(process.cwd(), value());
    else if (a === '--baseline-label') opts.baselineLabel = value();
    else if (a === '--build') opts.build = true;
    else if (a === '--write-readme') opts.writeReadme = true;
    else if (a === '--json') opts.json = resolve(process.cwd(), value());
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  return opts;
}

function usage(problem) {
  if (problem) console.error(`bench: ${problem}`);
  console.error('usage: npm run bench [-- --catalog FILE] [--runs N] [--sizes 20,100] [--render-only] [--cdn DIR] [--baseline DIR] [--build] [--write-readme]');
  process.exit(problem ? 2 : 0);
}

const opts = parseArgs(process.argv.slice(2));
const { file: catalog, label: catalogLabel, term: searchTerm } = await benchCatalog(opts.catalog).catch((e) => usage(e.message));
if (opts.writeReadme && (opts.renderOnly || opts.cdn)) usage('--write-readme needs the whole bench of dist/cdn (no --render-only, no --cdn)');
if (opts.build || !existsSync(join(root, 'dist/cdn/catalog-blocks.js'))) {
  console.log('bench: building…');
  if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', cwd: root }).status !== 0) process.exit(1);
}

const ms = (n) => `${n.toFixed(1)} ms`;
function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { n: s.length, median: s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2, p95: at(0.95) };
}

/** Number of public datasets a store holds. */
async function datasetCount(storeUrl) {
  const res = await fetch(`${storeUrl}search?type=solr&query=${encodeURIComponent(DATASET_QUERY)}&limit=1`, { headers: { Accept: 'application/json' } });
  return (await res.json()).results;
}

/** The page origin (127.0.0.1, another origin than the store): /cdn/ the built bundle, /bench.html the bench page. */
async function startSite(storeUrl, cdn = opts.cdn ?? join(root, 'dist/cdn')) {
  const page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>catalog-blocks bench</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head>
<body><div data-portal-config data-store-url="${storeUrl}" hidden></div><main id="bench"></main></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/bench.html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    const file = path.startsWith('/cdn/') ? normalize(join(cdn, path.slice(5))) : '';
    if (!file.startsWith(cdn + sep) || !existsSync(file)) return void res.writeHead(404).end();
    const type = extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/json';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'max-age=3600' }).end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * In a fresh page: scope `scope` with facets, sort select and a list of `size` rows (a subclass of the CDN's
 * <dataset-list> with that page size); waits for the first view, then switches the sort and waits again.
 * Returns { first, sort } in ms from the search response to the rendered DOM, plus what was rendered.
 */
async function measureInPage(page, size, scope) {
  return page.evaluate(async ({ size, scope }) => {
    performance.setResourceTimingBufferSize(10000);
    // the CDN entry defines blocks when their tags appear; these are created by script, so load them up front
    await (await import('/cdn/catalog-blocks.js')).loadBlocks(['dataset-list', 'dataset-facets', 'catalog-sort-select']);
    const listTag = `bench-list-${size}`;
    if (!customElements.get(listTag)) {
      const Base = customElements.get('dataset-list');
      customElements.define(listTag, class extends Base {
        static listDefaults = { ...Base.listDefaults, pageSize: size };
      });
    }
    const facetsTag = customElements.get('dataset-facets') ? 'dataset-facets' : 'catalog-facets';
    const main = document.getElementById('bench');
    main.replaceChildren();
    const facets = document.createElement(facetsTag);
    const sort = document.createElement('catalog-sort-select');
    const list = document.createElement(listTag);
    for (const el of [facets, sort, list]) el.setAttribute('scope', scope);
    // a step's own search; a batched lookup of the rows' publishers by their URIs (`resource:…`, IRI publishers as in the
    // generated catalog) fills names in after the rows show and is not the interaction's request
    const ownSearch = (e) => e.name.includes('/search?') && !decodeURIComponent(e.name).includes('resource:');
    const searchesBefore = () => performance.getEntriesByType('resource').filter(ownSearch).length;

    /**
     * Resolves with performance.now() when the list and the facets are settled (neither aria-busy) with the expected
     * rows (`mustBeNew`: the answer to the state the step set), and `extra()` holds (the facet step: the clicked value
     * shown selected).
     */
    const rendered = (expectRows, mustBeNew, extra = () => true) => new Promise((done, fail) => {
      const oldState = list.searchScope?.state; // (the step's action sets a new state object)
      const check = () => {
        const body = list.querySelector('.esbSearchList');
        const facetsBody = facets.querySelector('.esbFacets');
        const busy = !body || body.getAttribute('aria-busy') === 'true' || !facetsBody || facetsBody.getAttribute('aria-busy') === 'true';
        if (busy) return;
        // the answer to the step's state drawn (an answer within the blocks' loading delay shows no busy state first)
        const scope = list.searchScope;
        if (mustBeNew && (!scope || scope.state === oldState || scope.status !== 'ready' || scope.results?.state !== scope.state)) return;
        const rows = list.querySelectorAll('li.entryListRow').length;
        if (rows < expectRows() || !facets.querySelector('.esbFacets__collection') || !extra()) return;
        observer.disconnect();
        clearTimeout(timer);
        done(performance.now());
      };
      const observer = new MutationObserver(check);
      observer.observe(main, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
      const timer = setTimeout(() => { observer.disconnect(); fail(new Error(`not rendered within 60 s (size ${size})`)); }, 60000);
      check();
    });
    const searches = () => performance.getEntriesByType('resource').filter(ownSearch);
    /** responseEnd of the search request number `index` (the search of this step); a step sends exactly one. */
    const responseEnd = (index, step) => {
      const all = searches();
      const e = all[index];
      if (!e) throw new Error(`${step}: no search request seen`);
      if (step !== 'first view' && all.length !== index + 1) throw new Error(`${step}: ${all.length - index} search requests`);
      return e.responseEnd;
    };
    let total = Infinity;
    const expect = () => Math.min(size, total);
    const firstIndex = searchesBefore();
    const firstDone = rendered(() => {
      total = list.searchScope?.results?.total ?? total;
      return expect();
    }, false);
    main.append(facets, sort, list);
    const firstAt = await firstDone;
    total = list.searchScope.results.total;
    const firstStart = responseEnd(firstIndex, 'first view');
    const first = firstAt - firstStart;
    // the step's span for the trace (mainThreadCpu): the marks' timestamps are the span's ends
    const span = (step, start, end) => {
      performance.mark(`bench:${step}:start`, { startTime: start });
      performance.mark(`bench:${step}:end`, { startTime: end });
    };
    span('first', firstStart, firstAt);

    const sortIndex = searchesBefore();
    const sortDone = rendered(expect, true);
    const select = sort.querySelector('select');
    select.value = select.value === 'title' ? 'modified' : 'title';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const sortAt = await sortDone;
    const sortStart = responseEnd(sortIndex, 'sort change');
    const sortMs = sortAt - sortStart;
    span('sort', sortStart, sortAt);
    const rows = list.querySelectorAll('li.entryListRow').length;
    const facetValues = facets.querySelectorAll('.esbFacets__option').length;

    // a value that narrows the result (a publisher facet with one value would not): the largest count below the total
    const pick = [...facets.querySelectorAll('li.esbFacets__option:not(.esbFacets--selected) a.esbFacets__optionLink')]
      .map((a) => ({ a, n: Number(a.querySelector('.esbFacets__occurence')?.textContent?.replace(/\D/g, '') || 0) }))
      .filter((l) => l.n > 0 && l.n < total)
      .sort((x, y) => y.n - x.n)[0];
    if (!pick) throw new Error('no facet value narrows the result');
    const key = pick.a.dataset.facet;
    const facetIndex = searchesBefore();
    const before = total;
    total = pick.n;
    const facetDone = rendered(expect, true, () => [...facets.querySelectorAll('li.esbFacets--selected a.esbFacets__optionLink')]
      .some((a) => a.dataset.facet === key));
    pick.a.click();
    const facetAt = await facetDone;
    const facetStart = responseEnd(facetIndex, 'facet click');
    const facetMs = facetAt - facetStart;
    span('facet', facetStart, facetAt);
    const facetRows = list.querySelectorAll('li.entryListRow').length;
    total = before;
    main.replaceChildren();
    return { first, sort: sortMs, facet: facetMs, rows, facetRows, facetValues, total };
  }, { size, scope });
}

/** Rendering benchmark for one size on one store. */
async function benchRendering(browser, storeUrl, size, runs, cdn) {
  const site = await startSite(storeUrl, cdn);
  const page = await browser.newPage();
  const searchRequests = [];
  page.on('request', (r) => { if (r.url().startsWith(storeUrl) && r.url().includes('/search?')) searchRequests.push(r.url()); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const first = [];
  const sort = [];
  const facet = [];
  const cpu = { first: [], sort: [], facet: [] };
  let last;
  for (let run = 0; run <= runs; run++) {
    // a fresh document per run: the store client caches search answers, so a repeated query would cost nothing
    await page.goto(`${site.origin}/bench.html`);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let trace;
    try {
      last = await measureInPage(page, size, 'default');
    } finally {
      trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    }
    if (run === 0) continue; // warm-up
    first.push(last.first);
    sort.push(last.sort);
    facet.push(last.facet);
    for (const step of ['first', 'sort', 'facet']) cpu[step].push(mainThreadCpu(trace, step));
  }
  await page.close();
  await site.close();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return { size, rows: last.rows, facetRows: last.facetRows, total: last.total, facetValues: last.facetValues, first, sort, facet, cpu };
}

/**
 * Main-thread CPU time (ms) of the renderer between the marks `bench:<step>:start` and `…:end` (scripts/trace-cpu.mjs:
 * a task nested in another is counted once; it was counted twice before, about 1.6× the true figure).
 */
function mainThreadCpu(trace, step) {
  const events = trace.traceEvents ?? trace;
  const mark = (name) => events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  const start = mark(`bench:${step}:start`);
  const end = mark(`bench:${step}:end`);
  if (!start || !end) throw new Error(`trace: no marks for ${step}`);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('trace: no renderer main thread');
  return threadCpu(events, main, start.ts, end.ts);
}

/** Search URLs a page sends for typical interactions, captured from a real page (page size 10). */
async function typicalQueries(browser, storeUrl) {
  const site = await startSite(storeUrl);
  const page = await browser.newPage();
  const urls = [];
  page.on('request', (r) => { if (r.url().startsWith(storeUrl) && r.url().includes('/search?')) urls.push(r.url()); });
  await page.goto(`${site.origin}/bench.html`);
  const step = async (name, action, arg) => {
    const before = urls.length;
    await page.evaluate(action, arg);
    await page.waitForFunction(() => document.querySelector('.esbSearchList')?.getAttribute('aria-busy') === 'false');
    await page.waitForTimeout(50);
    // the last search request of the step is the interaction's own (a first view also looks up publishers)
    const own = urls.slice(before).filter((u) => !decodeURIComponent(u).includes('resource:'));
    return { name, url: own.at(-1) ?? urls.at(-1) };
  };
  const out = [];
  out.push(await step('first view (no filter)', async () => {
    await (await import('/cdn/catalog-blocks.js')).loadBlocks(['dataset-list', 'dataset-facets', 'dataset-search', 'catalog-sort-select']);
    const main = document.getElementById('bench');
    const tag = customElements.get('dataset-facets') ? 'dataset-facets' : 'catalog-facets';
    const search = customElements.get('dataset-search') ? 'dataset-search' : 'catalog-simple-search';
    main.innerHTML = `<${search}></${search}><${tag}></${tag}><catalog-sort-select></catalog-sort-select><dataset-list page-in-url="true"></dataset-list>`;
    await new Promise((r) => setTimeout(r, 20));
  }));
  out.push(await step('term', (term) => {
    const input = document.querySelector('input[type="search"], .esbSearchInput');
    input.value = term;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', bubbles: true }));
    return new Promise((r) => setTimeout(r, 400)); // past the input's debounce
  }, searchTerm));
  out.push(await step('sort by title', () => {
    const s = document.querySelector('catalog-sort-select select');
    s.value = 'title';
    s.dispatchEvent(new Event('change', { bubbles: true }));
  }));
  // a value that narrows the result (a publisher facet with one value would not): the largest count below the total
  out.push(await step('facet value', () => {
    const total = document.querySelector('dataset-list').searchScope.results.total;
    const links = [...document.querySelectorAll('li.esbFacets__option:not(.esbFacets--selected) a.esbFacets__optionLink')]
      .map((a) => ({ a, n: Number(a.querySelector('.esbFacets__occurence')?.textContent?.replace(/\D/g, '') || 0) }))
      .filter((l) => l.n > 0 && l.n < total)
      .sort((x, y) => y.n - x.n);
    links[0]?.a.click();
  }));
  out.push(await step('next page', () => document.querySelector('.esbPage--next')?.click()));
  await page.close();
  await site.close();
  const seen = new Set();
  return out.filter((q) => q.url && !seen.has(q.url) && seen.add(q.url));
}

/** The store's search function over each URL, STORE_RUNS times (after 3 warm-up calls). */
async function benchStore(server, queries) {
  const rows = [];
  const all = [];
  for (const q of queries) {
    const params = parseParams(q.url);
    for (let i = 0; i < 3; i++) await runSearch(server.store, server.index, params);
    const times = [];
    let results = 0;
    for (let i = 0; i < STORE_RUNS; i++) {
      const t0 = performance.now();
      const out = await runSearch(server.store, server.index, params);
      times.push(performance.now() - t0);
      results = out.body.results;
    }
    all.push(...times);
    rows.push({ name: q.name, results, ...stats(times) });
  }
  return { rows, all: stats(all) };
}

const started = Date.now();
console.log(`bench: catalog ${relative(root, catalog) || catalog}`);
/**
 * The store as the bench page reads it: CORS for the page's origin (a strict store would make the blocks fall back to
 * JSONP and the bench would time that) and `related` indexing, which the format and licence facets need.
 */
const BENCH_STORE = { corsOrigins: ['*'], solrRelated: true };
const single = await createStoreServer({ catalogs: [catalog], port: 0, maxLimit: 1000, ...BENCH_STORE });
const count = await datasetCount(single.url);
console.log(`bench: store loaded in ${Math.round(single.loadMs)} ms, ${count} datasets`);
const copies = Math.ceil(Math.max(...opts.sizes) / Math.max(1, count));
let multi;
const browser = await chromium.launch(launchOptions());
const rendering = [];
try {
  for (const size of opts.sizes) {
    let url = single.url;
    let note = '';
    if (size > count && copies > 1) {
      multi ??= await createStoreServer({ catalogs: Array.from({ length: copies }, () => catalog), port: 0, maxLimit: 1000, ...BENCH_STORE });
      url = multi.url;
      note = `catalog served ${copies}×, ${copies * count} datasets`;
    }
    process.stdout.write(`bench: ${size} rows … `);
    // With a baseline build, the two builds take turns (a third of the runs at a time), so both see the same load.
    const turns = opts.baseline ? 3 : 1;
    const parts = { now: [], before: [] };
    for (let turn = 0; turn < turns; turn++) {
      const runs = Math.max(1, Math.round(opts.runs / turns));
      if (opts.baseline) parts.before.push(await benchRendering(browser, url, size, runs, opts.baseline));
      parts.now.push(await benchRendering(browser, url, size, runs));
    }
    const merged = (list) => ({
      ...list.at(-1),
      first: stats(list.flatMap((p) => p.first)),
      sort: stats(list.flatMap((p) => p.sort)),
      facet: stats(list.flatMap((p) => p.facet)),
      cpu: Object.fromEntries(['first', 'sort', 'facet'].map((k) => [k, stats(list.flatMap((p) => p.cpu[k]))])),
    });
    const r = merged(parts.now);
    rendering.push({ ...r, note, ...(opts.baseline ? { before: merged(parts.before) } : {}) });
    console.log(`first view median ${ms(r.first.median)} (main-thread CPU ${ms(r.cpu.first.median)}), sort median ${ms(r.sort.median)} (CPU ${ms(r.cpu.sort.median)}), facet click median ${ms(r.facet.median)} (CPU ${ms(r.cpu.facet.median)})`);
  }
  var queries = opts.renderOnly ? [] : await typicalQueries(browser, single.url);
} finally {
  await browser.close();
}
const store = opts.renderOnly ? undefined : await benchStore(single, queries);
await single.close();
await multi?.close();

const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'CPU'}, Node ${process.versions.node}, ${basename(launchOptions().executablePath)}`;
const table = [
  `Rendering in Chromium (headless), CDN bundle, ${opts.runs} runs per size after one warm-up; from the store's search`,
  'response (responseEnd) to the DOM holding every row and the facets: the renderer main thread\'s CPU time in that span',
  '(thread time of its tasks, from a Chromium trace: what a busy machine does not inflate) beside the wall time (medians, p95 of the wall time in brackets):',
  '',
  '| rows on the page | facet values shown | first view: CPU | wall | sort change: CPU | wall | rows after the facet click | facet click: CPU | wall |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rendering.map((r) => `| ${r.rows}${r.note ? ` (${r.note})` : ''} | ${r.facetValues} | ${ms(r.cpu.first.median)} | ${ms(r.first.median)} (${ms(r.first.p95)}) | ${ms(r.cpu.sort.median)} | ${ms(r.sort.median)} (${ms(r.sort.p95)}) | ${r.facetRows} | ${ms(r.cpu.facet.median)} | ${ms(r.facet.median)} (${ms(r.facet.p95)}) |`),
  ...(opts.baseline ? ['',
    `Before → after: the baseline build \`${opts.baselineLabel ?? basename(opts.baseline)}\` measured in the same run, the two builds taking turns (medians, p95 in brackets):`,
    '',
    '| rows | first view before → after | sort change before → after | facet click before → after |',
    '|---:|---:|---:|---:|',
    ...rendering.map((r) => `| ${r.rows} | ${['first', 'sort', 'facet'].map((k) =>
      `${ms(r.before[k].median)} (${ms(r.before[k].p95)}) → ${ms(r[k].median)} (${ms(r[k].p95)})`).join(' | ')} |`)] : []),
  ...(store ? ['',
  `Dev store search latency, in-process (${STORE_RUNS} calls per query after warm-up), ${count} datasets, page size 10 with facet counts:`,
  '',
  '| query | results | median | p95 |',
  '|---|---:|---:|---:|',
  ...store.rows.map((r) => `| ${r.name} | ${r.results} | ${ms(r.median)} | ${ms(r.p95)} |`),
  `| **all** | | **${ms(store.all.median)}** | **${ms(store.all.p95)}** |`] : []),
  '',
  `Catalog: ${catalogLabel.includes(' ') ? catalogLabel : `\`${catalogLabel}\``}. Measured by \`npm run bench\` on ${date} (${machine}). The first view includes the`,
  'one batched publisher lookup of a first search; a sort change and a facet click are exactly one search request each',
  '(where publishers are IRIs, a batched lookup of the new rows\' publishers follows, after the rows show; the facet',
  'click follows the sort change and picks the value with the most hits below the total). p95 is sensitive to other',
  'load on the machine.',
].join('\n');
console.log(`\n${table}\n\nbench: took ${Math.round((Date.now() - started) / 1000)} s`);

if (opts.writeReadme) {
  writeReadmeSection('bench', table);
}
if (opts.json) {
  const medians = (r) => Object.fromEntries(['first', 'sort', 'facet'].map((k) => [k, { wall: r[k].median, cpu: r.cpu[k].median }]));
  writeFileSync(opts.json, `${JSON.stringify({ rendering: rendering.map((r) => ({ rows: r.rows, ...medians(r) })), store: store?.all }, null, 2)}\n`);
}
process.exit(0);
