#!/usr/bin/env node
// `npm run bench` (after the search bench), or alone: `node --import tsx scripts/bench-critical-path.mjs`.
// The critical path of a page on a slow link (issue 13 point 12): in Chromium with CDP network emulation (150 ms
// latency, 1.6 Mbps down, 750 kbps up, cache disabled), fresh browser context per run, median over N runs of
//   (a) our landing page: <dataset-view> from the CDN bundle, time from navigation start to the dataset's title in
//       the DOM, and the number of sequential round trips before it (the longest chain of requests in which each
//       starts after the previous one ended, from resource timing; the HTML document itself not counted);
//   (a') the same landing page with the rich parameters on (what the incumbent's portals show: data preview,
//       visualizations, tabbed visualizations, auto maps, indicators, showcases and ideas): its title against (a)'s
//       (issue 27 point 1: ≤ 3 round trips, ≤ 1.15× the plain page's time), and when its rich parts are in;
//   (b) the peer page: the incumbent's store client (@entryscape/entrystore-js, its browser bundle as served from
//       node_modules) fetches the same entry and writes its title;
//   (c) our search page: <dataset-facet-search-layout>, time to the first result rows (and to the search answer).
// Every file and store answer comes from one origin: a small site server serves the pages and dist/cdn, and proxies
// /store/ to the dev store (so the peer's client needs no CORS preflight). Static files are gzipped when the browser
// asks (as any CDN or web server does); store answers are whatever the dev store sends.
//   --runs N         counted runs per page (default 7, after one warm-up each)
//   --catalog FILE   the DCAT file of the search page (default ../shared/fixtures/dcat/large/antwerpen-dcat.xml,
//                    491 datasets; without ../shared a generated catalog of as many: scripts/bench-catalog.mjs)
//   --build          `npx vite build --mode cdn` first (otherwise only when dist/cdn is missing)
//   --write-readme   put the table into README.md between <!-- bench-critical:start --> and <!-- bench-critical:end -->
//   --json FILE      also write the medians and round trips as JSON (npm run bench's summary reads it)
//   --only P,Q       run only these pages (landing, rich, peer, search), e.g. `--only landing,rich`; not with --write-readme
// Timings on a shared machine are noisy; the emulated network dominates them.
import { spawnSync } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { createStoreServer } from '../dev-store/server.ts';
import { benchCatalog } from './bench-catalog.mjs';
import { writeReadmeSection } from './readme-section.mjs';

const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };
const DEMO_CATALOG = join(root, 'demo/catalog/demo-catalog.ttl');
const LANDING_DATASET = 'https://github.com/MansMeg/SwedishPolls';
const ESJS = join(root, 'node_modules/@entryscape/entrystore-js/dist/entrystore.js');

function parseArgs(argv) {
  const opts = { runs: 7, catalog: undefined, build: false, writeReadme: false, only: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Math.max(1, Number(argv[++i]) || 7);
    else if (a === '--catalog') opts.catalog = resolve(process.cwd(), argv[++i] ?? '');
    else if (a === '--build') opts.build = true;
    else if (a === '--write-readme') opts.writeReadme = true;
    else if (a === '--only') opts.only = new Set((argv[++i] ?? '').split(','));
    else if (a === '--json') opts.json = resolve(process.cwd(), argv[++i] ?? '');
    else {
      console.error(`bench-critical-path: unknown option ${a}\nusage: [--runs N] [--catalog FILE] [--build] [--write-readme] [--json FILE] [--only landing,rich,peer,search]`);
      process.exit(2);
    }
  }
  if (opts.only && opts.writeReadme) {
    console.error('bench-critical-path: --write-readme writes the whole table: run every page (no --only)');
    process.exit(2);
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
if (opts.build || !existsSync(join(root, 'dist/cdn/catalog-blocks.js'))) {
  console.log('bench-critical-path: building the CDN bundle…');
  if (spawnSync('npx', ['vite', 'build', '--mode', 'cdn'], { stdio: 'inherit', cwd: root }).status !== 0) process.exit(1);
}
const { file: searchCatalog, label: searchCatalogLabel } = await benchCatalog(opts.catalog);

/** Times the title / first rows appear: an observer installed before any script of the page runs. */
const OBSERVER = (selector, text = '') => `<script>
(() => {
  const found = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((e) => e.textContent.trim() && e.textContent.includes(${JSON.stringify(text)}));
  const mo = new MutationObserver(() => { if (found()) { window.__shownAt = performance.now(); mo.disconnect(); } });
  mo.observe(document, { childList: true, subtree: true, characterData: true });
})();
</script>`;

/** The rich parameters of the incumbent's portals (issue 27 point 1), as attributes. */
const RICH_ATTRIBUTES = ['include-data-preview', 'include-visualizations', 'include-tabbed-visualizations',
  'include-auto-visualizations', 'include-indicators', 'include-extras'].map((a) => `${a}="true"`).join(' ');
/** The rich parts of SwedishPolls that the page shows once they are in: indicators, tabs, preview controls, charts. */
const RICH_PARTS = ['.esbIndicators li', 'catalog-visualization-tabs [role="tab"]', 'catalog-preview-toggle button', 'section.esbVisualizations catalog-visualization svg'];

/** Times all of `selectors` are in the DOM (`window.__partsAt`). */
const PARTS_OBSERVER = (selectors) => `<script>
(() => {
  const found = () => ${JSON.stringify(selectors)}.every((s) => document.querySelector(s));
  const mo = new MutationObserver(() => { if (found()) { window.__partsAt = performance.now(); mo.disconnect(); } });
  mo.observe(document, { childList: true, subtree: true, attributes: true });
})();
</script>`;

const landingPage = (entry, attributes = '') => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>landing</title>
${OBSERVER('dataset-view h1.esbTitle')}${attributes ? PARTS_OBSERVER(RICH_PARTS) : ''}
<script type="module" src="/cdn/catalog-blocks.js"></script></head>
<body><div data-portal-config data-store-url="/store/" hidden></div>
<main><dataset-view context="${entry.contextId}" entry="${entry.entryId}"${attributes ? ` ${attributes}` : ''}></dataset-view></main></body></html>`;

const pages = {
  landing: (entry) => landingPage(entry),
  rich: (entry) => landingPage(entry, RICH_ATTRIBUTES),
  peer: (entry) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>peer</title>
${OBSERVER('#title')}
<script src="/esjs/entrystore.js"></script></head>
<body><main><h1 id="title"></h1></main>
<script>
const es = new ESJS.EntryStore(new URL('/store/', location.href).href);
es.getREST().disableCredentials();
es.getEntry(es.getEntryURI(${JSON.stringify(entry.contextId)}, ${JSON.stringify(entry.entryId)})).then((e) => {
  document.getElementById('title').textContent = e.getMetadata().findFirstValue(e.getResourceURI(), 'dcterms:title');
});
</script></body></html>`,
  search: () => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>search</title>
${OBSERVER('li.entryListRow')}
<script type="module" src="/cdn/catalog-blocks.js"></script></head>
<body><div data-portal-config data-store-url="/store/" hidden></div>
<main><dataset-facet-search-layout include-sorting="true"></dataset-facet-search-layout></main></body></html>`,
};

/** gzip per file, computed once (a CDN serves precompressed files). */
const gzipped = new Map();
function staticFile(path) {
  if (path === '/esjs/entrystore.js') return ESJS;
  const cdn = join(root, 'dist/cdn');
  const file = path.startsWith('/cdn/') ? normalize(join(cdn, path.slice(5))) : '';
  return file.startsWith(cdn + sep) && existsSync(file) ? file : undefined;
}

/** The site: pages, static files and /store/ proxied to the dev store (which then names itself with this origin). */
async function startSite() {
  let storePort = 0;
  const pageHtml = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/store/')) {
      const upstream = httpRequest({ host: '127.0.0.1', port: storePort, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const html = pageHtml.get(url.pathname);
    if (html) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    const file = staticFile(url.pathname);
    if (!file) return void res.writeHead(404).end();
    const type = extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/json';
    const headers = { 'content-type': type, 'cache-control': 'no-store', vary: 'Accept-Encoding' };
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }));
      return void res.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(gzipped.get(file));
    }
    res.writeHead(200, headers).end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    setStorePort: (p) => { storePort = p; },
    setPage: (path, html) => pageHtml.set(path, html),
    close: () => new Promise((done) => { server.close(() => done()); server.closeAllConnections?.(); }),
  };
}

/** The entry of a dataset by resource URI (context and entry ids), from the store's search. */
async function entryOf(storeUrl, uri) {
  const q = `resource:${uri.replace(/[+\-&|!(){}[\]^"~*?:\\/ ]/g, (c) => `\\${c}`)}`;
  const res = await fetch(`${storeUrl}search?type=solr&query=${encodeURIComponent(q)}&limit=1`, { headers: { Accept: 'application/json' } });
  const child = (await res.json()).resource.children[0];
  if (!child) throw new Error(`no entry for ${uri}`);
  return { contextId: String(child.contextId), entryId: String(child.entryId) };
}

/**
 * The longest chain of requests in which each starts after the previous one ended, among the requests that
 * started before `until` (resource timing; the document is not a resource entry).
 */
function longestChain(entries, until) {
  const list = entries.filter((e) => e.startTime < until).sort((a, b) => a.startTime - b.startTime);
  const best = [];
  for (let i = 0; i < list.length; i++) {
    let prev = -1;
    for (let j = 0; j < i; j++) {
      if (list[j].responseEnd <= list[i].startTime + 0.5 && (prev < 0 || best[j].length > best[prev].length)) prev = j;
    }
    best[i] = [...(prev < 0 ? [] : best[prev]), list[i]];
  }
  return best.reduce((a, b) => (b.length > a.length ? b : a), []);
}

const short = (url) => {
  const u = new URL(url);
  if (u.pathname.startsWith('/store/search')) {
    const q = decodeURIComponent(u.searchParams.get('query') ?? '');
    return q.includes('resource:') ? 'store lookup' : 'store search';
  }
  if (u.pathname.startsWith('/store/')) return 'store entry';
  return u.pathname.split('/').pop();
};

async function measure(browser, url, { waitFor }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__shownAt !== undefined, undefined, { timeout: 60000 });
  if (waitFor) await page.waitForFunction(waitFor, undefined, { timeout: 60000 }).catch(() => {});
  const out = await page.evaluate(() => ({
    shownAt: window.__shownAt,
    partsAt: window.__partsAt,
    resources: performance.getEntriesByType('resource').map((e) => ({
      name: e.name, startTime: e.startTime, responseEnd: e.responseEnd, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize,
    })),
  }));
  await context.close();
  if (errors.length) throw new Error(`page errors at ${url}: ${errors.join('; ')}`);
  const chain = longestChain(out.resources, out.shownAt);
  const searchAnswer = out.resources.find((e) => short(e.name) === 'store search');
  return { shownAt: out.shownAt, partsAt: out.partsAt, trips: chain.length, chain: chain.map((e) => short(e.name)), searchAnswer: searchAnswer?.responseEnd, resources: out.resources };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mostCommon = (xs) => {
  const counts = new Map();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
};

/** The medians of `results` (one page's counted runs). */
function summary(results) {
  const chains = results.map((r) => r.chain.join(' → '));
  return {
    median: median(results.map((r) => r.shownAt)),
    trips: median(results.map((r) => r.trips)),
    chain: mostCommon(chains),
    answer: results.every((r) => r.searchAnswer !== undefined) ? median(results.map((r) => r.searchAnswer)) : undefined,
    parts: results.every((r) => r.partsAt !== undefined) ? median(results.map((r) => r.partsAt)) : undefined,
    last: results.at(-1),
  };
}

/**
 * `runs` counted runs of each page after one warm-up each, the pages taking turns run by run (an A/B side by side:
 * a busy moment of the machine falls on both), as a summary per page.
 */
async function series(browser, targets, runs) {
  const results = targets.map(() => []);
  for (let run = 0; run <= runs; run++) {
    for (const [i, { url, options }] of targets.entries()) {
      const r = await measure(browser, url, options ?? {});
      if (run > 0) results[i].push(r); // the first run warms the servers up
    }
  }
  return results.map(summary);
}

const started = Date.now();
const site = await startSite();
const store = await createStoreServer({ catalogs: [DEMO_CATALOG, ...(searchCatalog === DEMO_CATALOG ? [] : [searchCatalog])], port: 0, baseUrl: `${site.origin}/store/`, corsOrigins: ['*'], solrRelated: true });
site.setStorePort(store.port);
const entry = await entryOf(store.url, LANDING_DATASET);
site.setPage('/landing.html', pages.landing(entry));
site.setPage('/rich.html', pages.rich(entry));
site.setPage('/peer.html', pages.peer(entry));
site.setPage('/search.html', pages.search());
const wanted = (page) => !opts.only || opts.only.has(page);
console.log(`bench-critical-path: store at ${store.url} (${searchCatalogLabel} + demo catalog), ${opts.runs} runs per page`);

const browser = await chromium.launch(launchOptions());
let landing;
let rich;
let peer;
let search;
try {
  // every page takes turns with the others, run by run (the ratios between pages are the goals: issue 27 points 1, 2)
  const targets = [['landing', {}], ['rich', { waitFor: () => window.__partsAt !== undefined }], ['peer', {}], ['search', {}]]
    .filter(([p]) => wanted(p));
  process.stdout.write(`${targets.map(([p]) => p).join(' + ')} … `);
  const done = await series(browser, targets.map(([p, options]) => ({ url: `${site.origin}/${p}.html`, options })), opts.runs);
  const of = (p) => done[targets.findIndex(([q]) => q === p)];
  [landing, rich, peer, search] = ['landing', 'rich', 'peer', 'search'].map(of);
  console.log(done.map((d) => `${d.median.toFixed(0)} ms`).join(' + '));
} finally {
  await browser.close();
  await store.close();
  await site.close();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (n === undefined ? '?' : `${n.toFixed(0)} ms`);
const transfers = (r) => r.last.resources.map((e) => `${short(e.name)} ${kb(e.transferSize)}`).join(', ');
const row = (what, r) => (r ? [`| ${what} | ${ms(r.median)} | ${r.trips} | ${r.chain} |`] : []);
/** Issue 27 point 1: the rich landing page's title after ≤ 3 round trips and ≤ 1.15× the plain page's time. */
const RICH_GOAL = { trips: 3, ratio: 1.15 };
/** Issue 27 point 2: the search page's rows after ≤ 2 round trips after the page (loader, then search chunk ∥ store search) and ≤ 0.6× the peer's time. */
const SEARCH_GOAL = { trips: 2, ratio: 0.6 };
const richRatio = landing && rich ? rich.median / landing.median : undefined;
const met = (ok) => (ok ? 'met' : '**not met**');
const table = [
  `Critical path on an emulated slow link (Chromium, CDP: 150 ms latency, 1.6 Mbps down, 750 kbps up, cache off), one origin`,
  `(pages, gzipped static files, the dev store behind /store/), fresh context per run, median of ${opts.runs} runs after one warm-up`,
  `(the pages take turns, run by run):`,
  '',
  '| page | shown after (median) | sequential round trips before it | chain |',
  '|---|---:|---:|---|',
  ...row('landing page (`<dataset-view>`, SwedishPolls): title', landing),
  ...row('rich landing page (the same, the six `include…` parameters on): title', rich),
  ...row('peer page (entrystore-js browser bundle + the same entry): title', peer),
  ...row('search page (`<dataset-facet-search-layout>`): first rows', search),
  '',
  ...(landing && peer ? [`Landing title / peer title: **${(landing.median / peer.median).toFixed(2)}×**.`] : []),
  ...(richRatio !== undefined
    ? [`Rich landing title / plain landing title: **${richRatio.toFixed(2)}×** after ${rich.trips} round trips (goal ≤ ${RICH_GOAL.ratio}× and ≤ ${RICH_GOAL.trips}: ${met(richRatio <= RICH_GOAL.ratio && rich.trips <= RICH_GOAL.trips)}); its rich parts (indicators, tabs, preview controls, charts) in at ${ms(rich.parts)} (median).`]
    : []),
  ...(search ? [`Search answer arrived at ${ms(search.answer)} (median), the first rows at ${ms(search.median)}.`] : []),
  ...(search && peer
    ? [`Search rows / peer title: **${(search.median / peer.median).toFixed(2)}×** after ${search.trips} round trips (goal ≤ ${SEARCH_GOAL.ratio}× and ≤ ${SEARCH_GOAL.trips}: ${met(search.median / peer.median <= SEARCH_GOAL.ratio && search.trips <= SEARCH_GOAL.trips)}).`]
    : []),
  `Transfers of the last run: ${[['landing', landing], ['rich landing', rich], ['search', search]].filter(([, r]) => r).map(([p, r]) => `${p}: ${transfers(r)}`).join('. ')}.`,
  `Measured by \`npm run bench\` (scripts/bench-critical-path.mjs) on ${new Date().toISOString().slice(0, 10)}; search catalog ${searchCatalogLabel.includes(' ') ? searchCatalogLabel : `\`${searchCatalogLabel}\``}.`,
].join('\n');
console.log(`\n${table}\n\nbench-critical-path: took ${Math.round((Date.now() - started) / 1000)} s`);

if (opts.writeReadme) {
  writeReadmeSection('bench-critical', table);
}
if (opts.json) {
  const summary = (r) => (r ? { median: r.median, trips: r.trips, ...(r.parts !== undefined ? { parts: r.parts } : {}), ...(r.answer !== undefined ? { answer: r.answer } : {}) } : undefined);
  writeFileSync(opts.json, `${JSON.stringify({ runs: opts.runs, landing: summary(landing), rich: summary(rich), peer: summary(peer), search: summary(search) }, null, 2)}\n`);
}
process.exit(0);
