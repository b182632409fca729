/**
 * Dev store at catalog scale (issue 27 point 5): for generated DCAT-AP catalogs (scripts/generate-catalog.mjs, seed 1)
 * of 5,000 / 50,000 / 200,000 datasets in N-Triples, Turtle and RDF/XML (the same triples in each), starts the dev
 * store CLI as `npm run store` does (same Node flags), then measures
 *   - load: from spawning the process to the first search answer (parse, entries, relations, index) — the store's
 *     CPU time for it (utime + stime of the process, all its threads: what a busy machine does not inflate) and the
 *     wall time,
 *   - RSS after load (VmRSS of the store process) and its peak over the load (VmHWM),
 *   - at one size (default 50,000, one format): search with 8 concurrent clients, each running the query mix below
 *     in its own order — the requests the search blocks send (built with src/search/query.ts, encoded as
 *     src/store/entrystore.ts does: page size 10, the six default facet groups = 14 facet fields, facetLimit 1000,
 *     public:true) — and the store's CPU time per request.
 * The largest size runs for the formats of --large-formats only (default Turtle: generating and loading 200,000
 * datasets in every format would take the bench past ten minutes on two cores). Goals beside the numbers: ≤ 20 s CPU
 * to the first answer and RSS peak ≤ 1 GB at 50,000 datasets in each format, linear growth (200,000 ≤ 4× the 50,000
 * CPU), store CPU ≤ 10 ms per search request. Needs nothing outside this repository (no ../shared). Not part of npm test.
 *
 *   node --import tsx scripts/bench-store-scale.mjs [--sizes 5000,50000,200000] [--formats nt,ttl,rdf]
 *        [--large-formats ttl] [--search-size 50000] [--search-format nt] [--rounds N] [--clients 8]
 *        [--json FILE] [--report FILE] [--baseline FILE] [--write-readme]
 *
 * --json writes the measurements; --report FILE prints (and with --write-readme writes) the table of such a file
 * without measuring again; --baseline FILE adds the loads of an earlier run (e.g. before a change, measured
 * with --store-root) to the table; --write-readme puts the table into README.md between <!-- bench-store:start --> and
 * <!-- bench-store:end -->. --node-flags "…" replaces the Node flags of `npm run store` (to compare V8 settings).
 * --store-root DIR runs the dev store of another checkout (e.g. an export of an older commit, for the baseline).
 * A request whose keep-alive connection the store reset is retried once (as browsers do), its latency counted from
 * the first attempt; a request that fails anyway is counted, with the time it took to fail, in the latencies.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalog, SAMPLE } from './generate-catalog.mjs';
import { buildSearchRequest } from '../src/search/query.ts';
import { DEFAULT_FACETS } from '../src/search/facets.ts';
import { and } from '../src/store/query.ts';
import { writeReadmeSection } from './readme-section.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = {
    sizes: [5000, 50000, 200000],
    formats: ['nt', 'ttl', 'rdf'],
    largeFormats: ['ttl'],
    searchSize: 50000,
    searchFormat: 'nt',
    rounds: 6,
    clients: 8,
    json: undefined,
    baseline: undefined,
    writeReadme: false,
    storeRoot: root,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--sizes') opts.sizes = value().split(',').map(Number);
    else if (a === '--formats') opts.formats = value().split(',');
    else if (a === '--large-formats') opts.largeFormats = value().split(',');
    else if (a === '--search-size') opts.searchSize = Number(value());
    else if (a === '--search-format') opts.searchFormat = value();
    else if (a === '--rounds') opts.rounds = Math.max(1, Number(value()) || 1);
    else if (a === '--clients') opts.clients = Math.max(1, Number(value()) || 1);
    else if (a === '--json') opts.json = value();
    else if (a === '--baseline') opts.baseline = value();
    else if (a === '--write-readme') opts.writeReadme = true;
    else if (a === '--report') opts.report = value();
    else if (a === '--store-root') opts.storeRoot = resolve(value());
    else if (a === '--label') opts.label = value();
    else if (a === '--node-flags') opts.nodeFlags = value().split(/\s+/).filter(Boolean);
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  if (opts.sizes.some((n) => !Number.isInteger(n) || n < 1)) usage('--sizes: whole numbers ≥ 1');
  if ([...opts.formats, ...opts.largeFormats, opts.searchFormat].some((f) => !FORMATS[f])) usage('formats: nt, ttl, rdf');
  return opts;
}

function usage(problem) {
  if (problem) console.error(`bench-store-scale: ${problem}`);
  console.error('usage: node --import tsx scripts/bench-store-scale.mjs [--sizes 5000,50000,200000] [--formats nt,ttl,rdf] [--large-formats ttl] [--search-size N] [--search-format nt] [--rounds N] [--clients N] [--json FILE] [--report FILE] [--baseline FILE] [--write-readme] [--store-root DIR] [--label TEXT] [--node-flags FLAGS]');
  process.exit(problem ? 2 : 0);
}

/** Node flags of `npm run store` (package.json), so the bench measures what a user runs. */
function storeNodeFlags(dir) {
  const script = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.store;
  return script.split(/\s+/).filter((w) => /^--(?!import)[\w-]+(=\S+)?$/.test(w));
}

const FORMATS = { nt: 'N-Triples', ttl: 'Turtle', rdf: 'RDF/XML' };
/** Sizes up to this run in every format; larger ones in --large-formats only. */
const ALL_FORMATS_UP_TO = 50000;
const GOAL = { size: 50000, loadCpu: 20, rssPeak: 1024 * 1048576, growth: 4, cpuPerRequestMs: 10 };

const EU = 'http://publications.europa.eu/resource/authority/';
const DCAT_THEME_ENVI = `${EU}data-theme/ENVI`;

/** The query mix: what the search page sends for these interactions on a generated catalog. */
function queryMix(storeUrl, size, gen) {
  const settings = { types: ['dataset'], pageSize: 10, facets: DEFAULT_FACETS, lang: 'sv' };
  const state = (s) => ({ terms: [], filters: {}, page: 1, ...s });
  // a mid-sized publisher (selective) and one of the common keywords
  const publisher = gen.publisherUris[Math.min(gen.publisherUris.length - 1, 12)];
  const rareKeyword = SAMPLE.svWords[8];
  const lastPage = Math.max(1, Math.floor((size - 1) / 10));
  const mix = [
    ['first view (facets)', state({})],
    ['term', state({ terms: ['vatten'] })],
    ['one facet filter (theme)', state({ filters: { theme: [DCAT_THEME_ENVI] } })],
    ['two selective filters (publisher + keyword)', state({ filters: { org: [publisher], keyword: [rareKeyword] } })],
    ['sort by modified, page 2', state({ sort: 'modified', page: 2 })],
    ['sort by title', state({ sort: 'title' })],
    ['deep page (last)', state({ page: lastPage })],
    ['term + format facet', state({ terms: ['trafik'], filters: { format: ['csv'] } })],
    ['two terms + licence', state({ terms: ['data om'], filters: { license: ['http://creativecommons.org/publicdomain/zero/1.0/'] } })],
  ];
  return mix.map(([name, s]) => ({ name, url: searchUrl(storeUrl, buildSearchRequest(s, settings)) }));
}

/** As EntryStoreClient.searchUrl (src/store/entrystore.ts). */
function searchUrl(baseUrl, req) {
  const params = {
    query: and('public:true', req.query),
    limit: req.limit,
    offset: req.offset || undefined,
    sort: req.sort || undefined,
    facetFields: req.facetFields?.length ? req.facetFields.join(',') : undefined,
    facetLimit: req.facetLimit,
  };
  let url = `${baseUrl}search?type=solr`;
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url += `&${k}=${encodeURIComponent(v)}`;
  return url;
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

function procStatus(pid, key) {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { median: at(0.5), p95: at(0.95), n: s.length };
}

async function startStore(catalog, flags, storeRoot, storeArgs = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-store-scale-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'dev-store/main.ts', '--catalog', catalog, '--port', '0', '--quiet', '--data-dir', dataDir, ...storeArgs], { cwd: storeRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/localhost:\d+\/store\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`dev store exited with ${code}`)));
  });
  return { child, url, started, dataDir };
}

async function timed(url) {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${url}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return { ms, body };
}

/**
 * The store options of the search run: the format and licence facets filter on distributions' metadata, which a
 * dataset's document carries only when the store indexes related entries (`entrystore.solr.related.properties`, as
 * EntryScape catalogs configure it; a default EntryStore, and the dev store without --solr-related, answer such a
 * filter with 0 results). The load runs use the defaults.
 */
const SEARCH_STORE_ARGS = ['--solr-related'];

/**
 * Loads one generated catalog; with `search`, then starts a second store on the same file with SEARCH_STORE_ARGS
 * and runs the query mix with the clients there.
 */
async function benchLoad(size, format, search, opts, flags) {
  const gen = await generateCatalog({ datasets: size, seed: 1, format });
  try {
    const load = await loadRun(gen, size, format, opts, flags, []);
    if (!search) return load;
    return { ...load, search: await loadRun(gen, size, format, opts, flags, SEARCH_STORE_ARGS, true) };
  } finally {
    rmSync(gen.file, { force: true });
  }
}

/** One store process on a generated file: its load (spawn → first answer); with `search`, then the clients' run. */
async function loadRun(gen, size, format, opts, flags, storeArgs, search = false) {
  const fileBytes = statSync(gen.file).size;
  const store = await startStore(gen.file, flags, opts.storeRoot, storeArgs);
  try {
    const mix = queryMix(store.url, size, gen);
    const first = await timed(mix[0].url);
    const load = {
      size,
      format,
      fileBytes,
      loadMs: performance.now() - store.started,
      loadCpu: cpuSeconds(store.child.pid),
      firstAnswerMs: first.ms,
      rssAfterLoad: procStatus(store.child.pid, 'VmRSS'),
      rssPeak: procStatus(store.child.pid, 'VmHWM'),
    };
    return search ? { storeArgs, load, ...(await searchRun(store, mix, opts)) } : load;
  } finally {
    store.child.kill('SIGTERM');
    await new Promise((r) => (store.child.exitCode !== null ? r() : store.child.once('exit', r)));
    rmSync(store.dataDir, { recursive: true, force: true });
  }
}

/** The clients' run against a loaded store. */
async function searchRun(store, mix, opts) {
  const results = new Map();
  // one warm-up pass (and the results count of each query)
  for (const q of mix) results.set(q.name, JSON.parse(Buffer.from((await timed(q.url)).body).toString()).results);
  const byQuery = new Map(mix.map((q) => [q.name, []]));
  const all = [];
  let failed = 0;
  let retried = 0;
  const client = async (c) => {
    for (let r = 0; r < opts.rounds; r++) {
      for (let k = 0; k < mix.length; k++) {
        const q = mix[(k + c + r) % mix.length]; // each client in its own order
        const t0 = performance.now();
        let ms;
        try {
          try {
            ({ ms } = await timed(q.url));
          } catch (e) {
            // a keep-alive socket the store closed while busy: a browser retries such a request once
            if (e.cause?.code !== 'ECONNRESET') throw e;
            retried++;
            await timed(q.url);
            ms = performance.now() - t0;
          }
        } catch (e) {
          failed++;
          ms = performance.now() - t0;
          console.log(`  request failed after ${(ms / 1000).toFixed(1)} s: ${e.cause?.code ?? e.message}`);
        }
        byQuery.get(q.name).push(ms);
        all.push(ms);
      }
    }
  };
  const t0 = performance.now();
  const cpu0 = cpuSeconds(store.child.pid);
  await Promise.all(Array.from({ length: opts.clients }, (_, c) => client(c)));
  const wall = performance.now() - t0;
  // the store's own CPU per request: what the latencies would be made of on an otherwise idle machine
  const cpuPerRequestMs = cpu0 === undefined ? undefined : ((cpuSeconds(store.child.pid) - cpu0) * 1000) / all.length;
  return {
    all: stats(all),
    failed,
    retried,
    cpuPerRequestMs,
    throughput: all.length / (wall / 1000),
    rssPeak: procStatus(store.child.pid, 'VmHWM'),
    queries: mix.map((q) => ({ name: q.name, results: results.get(q.name), ...stats(byQuery.get(q.name)) })),
  };
}

const opts = parseArgs(process.argv.slice(2));
const saved = opts.report ? JSON.parse(readFileSync(opts.report, 'utf8')) : undefined;
const flags = saved?.flags ?? opts.nodeFlags ?? storeNodeFlags(opts.storeRoot);
const runStarted = Date.now();
const runs = saved?.runs ?? [];
for (const size of saved ? [] : opts.sizes) {
  for (const format of size > ALL_FORMATS_UP_TO ? opts.formats.filter((f) => opts.largeFormats.includes(f)) : opts.formats) {
    const search = size === opts.searchSize && format === opts.searchFormat;
    console.log(`bench-store-scale: ${fmt(size)} datasets, ${FORMATS[format]}${search ? ', then search' : ''}…`);
    const r = await benchLoad(size, format, search, opts, flags);
    runs.push(r);
    console.log(`  ${mb(r.fileBytes)} MB file: load ${loadText(r)}, RSS ${mb(r.rssAfterLoad)} MB (peak ${mb(r.rssPeak)} MB)`);
    if (r.search) {
      const x = r.search;
      console.log(`  search p50 ${ms(x.all.median)} / p95 ${ms(x.all.p95)} (${x.all.n} requests, ${x.retried} retried, ${x.failed} failed, ${x.throughput.toFixed(1)}/s, ${x.cpuPerRequestMs?.toFixed(1)} ms store CPU per request)`);
    }
  }
}
const report = saved ?? {
  date: new Date().toISOString().slice(0, 10),
  node: process.versions.node,
  cpus: cpus().length,
  cpu: cpus()[0]?.model?.trim() ?? 'CPU',
  flags,
  clients: opts.clients,
  rounds: opts.rounds,
  ...(opts.label ? { label: opts.label } : {}),
  loadavgAtStart: loadavg()[0],
  sizes: opts.sizes,
  largeFormats: opts.largeFormats,
  runs,
};
if (opts.json && !saved) writeFileSync(opts.json, `${JSON.stringify(report, null, 2)}\n`);
const load = report.loadavgAtStart;

function mb(bytes) {
  return bytes === undefined ? '?' : (bytes / 1048576).toFixed(0);
}
function ms(n) {
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`;
}
function fmt(n) {
  return n.toLocaleString('en-US');
}
function loadText(x) {
  return `${x.loadCpu === undefined ? '?' : `${x.loadCpu.toFixed(1)} s`} CPU / ${(x.loadMs / 1000).toFixed(1)} s wall`;
}
const ok = (pass) => (pass ? '✓' : '✗');

const largest = Math.max(...runs.map((r) => r.size));
const largeFormats = report.largeFormats ?? opts.largeFormats;
const baseline = opts.baseline ? JSON.parse(readFileSync(opts.baseline, 'utf8')) : undefined;
const find = (list, size, format) => list?.find((x) => x.size === size && (x.format ?? 'nt') === format);
const lines = [
  'Dev store at catalog scale (`npm run bench`, `scripts/bench-store-scale.mjs`): generated DCAT-AP catalogs',
  '(`scripts/generate-catalog.mjs`, seed 1; the same triples as N-Triples, Turtle and RDF/XML), the dev store CLI',
  `started as \`npm run store\` does (${flags.length ? `\`node ${flags.join(' ')}\`` : 'no extra Node flags'}). Load = spawn to the first search answer (parse, entries,`,
  'relations, index): the store process\'s CPU time (all its threads) and the wall time; RSS peak = VmHWM at the first answer.',
  `Goals at ${fmt(GOAL.size)} datasets: ≤ ${GOAL.loadCpu} s CPU to the first answer and RSS peak ≤ 1 GB in each format; linear growth.`,
  '',
  '| datasets | format | file | | load CPU | load wall | RSS after load | RSS peak | goal (CPU, RSS) |',
  '|---:|---|---:|---|---:|---:|---:|---:|---|',
];
for (const r of runs) {
  const b = find(baseline?.runs, r.size, r.format);
  const goal = (x) => (x.size === GOAL.size ? `${ok(x.loadCpu <= GOAL.loadCpu)} ${ok(x.rssPeak <= GOAL.rssPeak)}` : '');
  const row = (x, label) => `| ${fmt(x.size)} | ${FORMATS[x.format ?? 'nt']} | ${mb(r.fileBytes)} MB | ${label} | ${x.loadCpu === undefined ? '?' : `${x.loadCpu.toFixed(1)} s`} | ${(x.loadMs / 1000).toFixed(1)} s | ${mb(x.rssAfterLoad)} MB | ${mb(x.rssPeak)} MB | ${goal(x)} |`;
  if (b) lines.push(row(b, `before${baseline.label ? ` (${baseline.label})` : ''}`));
  lines.push(row(r, b ? 'after' : 'now'));
}
// growth of the load CPU between the sizes measured for a format
const growth = [];
for (const format of Object.keys(FORMATS)) {
  const mine = runs.filter((r) => r.format === format && r.loadCpu !== undefined);
  for (let i = 1; i < mine.length; i++) {
    const [a, b] = [mine[i - 1], mine[i]];
    const ratio = b.loadCpu / a.loadCpu;
    const data = b.size / a.size;
    growth.push(`${FORMATS[format]} ${fmt(a.size)} → ${fmt(b.size)} (×${data} the data): load CPU ×${ratio.toFixed(1)}${a.size >= GOAL.size ? ` ${ok(ratio <= GOAL.growth)} (goal ≤ ×${GOAL.growth})` : ''}`);
  }
}
if (growth.length) lines.push('', `Growth: ${growth.join('; ')}.`);
const searched = runs.find((r) => r.search);
if (searched) {
  const x = searched.search;
  const b = find(baseline?.runs, searched.size, searched.format)?.search;
  const args = x.storeArgs?.length ? ` started with \`${x.storeArgs.join(' ')}\` (the format and licence filters match distributions' metadata, which a dataset's document carries only when the store indexes related entries, as EntryScape catalogs configure \`entrystore.solr.related.properties\`; its load: ${loadText(x.load)}, RSS peak ${mb(x.load.rssPeak)} MB)` : '';
  lines.push('', `Search at ${fmt(searched.size)} datasets (${FORMATS[searched.format]}), a store${args}: ${report.clients} concurrent clients over HTTP, each running the ${x.queries.length} requests of the`,
    `search page's query mix ${report.rounds}× in its own order (page size 10, 14 facet fields). Goal: store CPU ≤ ${GOAL.cpuPerRequestMs} ms per request.`, '');
  lines.push('| | p50 | p95 | requests/s | store CPU per request | RSS peak |', '|---|---:|---:|---:|---:|---:|');
  const srow = (y, label) => `| ${label} | ${ms(y.all.median)} | ${ms(y.all.p95)}${y.failed ? ` (${y.failed} of ${y.all.n} failed)` : ''} | ${y.throughput.toFixed(1)} | ${y.cpuPerRequestMs === undefined ? '–' : `${ms(y.cpuPerRequestMs)} ${ok(y.cpuPerRequestMs <= GOAL.cpuPerRequestMs)}`} | ${mb(y.rssPeak)} MB |`;
  if (b) lines.push(srow(b, 'before'));
  lines.push(srow(x, b ? 'after' : 'all requests'));
  lines.push('', '| query | results | p50 | p95 |', '|---|---:|---:|---:|');
  for (const q of x.queries) lines.push(`| ${q.name} | ${fmt(q.results)}${q.results === 0 ? ' ✗ (no results: the query or the store is wrong)' : ''} | ${ms(q.median)} | ${ms(q.p95)} |`);
}
if (baseline) {
  lines.push('', `Before: the same script against ${baseline.label ?? 'an earlier checkout'} (\`--store-root\`, Node flags \`${baseline.flags.join(' ') || 'none'}\`), 1-min load`,
    `average ${baseline.loadavgAtStart.toFixed(2)} at its start.`);
}
lines.push('', `Measured on ${report.date} (${report.cpus} × ${report.cpu}, Node ${report.node}; 1-min load average ${load.toFixed(2)} at the start: other`,
  `work on the machine shows in wall times and p95, much less in CPU times).${largest > ALL_FORMATS_UP_TO ? ` The ${fmt(largest)}-dataset run is ${largeFormats.map((f) => FORMATS[f]).join(', ')} only (\`--large-formats\`: generating and loading that size in every format takes the bench past ten minutes).` : ''}`);
const table = lines.join('\n');
console.log(`\n${table}\n\nbench-store-scale: took ${Math.round((Date.now() - runStarted) / 1000)} s`);

if (opts.writeReadme) {
  writeReadmeSection('bench-store', table);
}
