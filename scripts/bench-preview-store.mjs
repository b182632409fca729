#!/usr/bin/env node
// `npm run bench` part 3, or alone `npm run bench:preview` — what the data preview costs (issue 9; issue 27 points 3
// and 4). A benchmark, not a test: it prints numbers beside their goals and asserts nothing.
//
// After `npm run build`: writes a CSV of --mb MB (default 50) to a temp file (generated on the fly, never committed,
// removed at the end), adds it to the dev store as an uploaded file entry (streamed from disk; the store runs with
// `--range`, so it answers the preview's `Range: bytes=a-b` with 206, as a web server does), serves the built CDN bundle
// and a host page on another origin, and in headless Chromium sets `src` of a <catalog-data-preview> to the file's
// store URL. The same runs go once more through a proxy that drops the Range header (a server that ignores Range, as
// a default EntryStore: the preview must stop the download itself). Each server is measured on localhost and on the
// issue's slow link (DevTools network emulation: 150 ms latency, 1.6 Mbit/s down). Per run it prints
//   - the time from setting `src` to the first page of rows in the DOM (the first preview page visible), and the state
//     the first load ends in (`ready`: a first part of the file was read, the status says "of the first N read"),
//   - the bytes Chromium received for the CSV: the sum of Network.dataReceived's encodedDataLength (DevTools protocol;
//     the body bytes on the wire — not dataLength, which counts decoded bytes whose wire size is reported in a later
//     event), against the goal ≤ 1 MiB for the first page (issue 27.3),
//   - for the proxy, the bytes it wrote towards Chromium (headers included; bytes of a stopped download still in
//     socket buffers count here, never in Chromium's count),
//   - the CSV requests and their statuses (206 ranged, 200 whole file).
// Then one fetch per file (issue 27.4): the landing page of the demo's SwedishPolls dataset with
// include-visualizations (three charts of Polls.csv) and include-data-preview, its "Preview data" opened: the requests
// for Polls.csv and their bytes, against the goal of 1 request (4 before: each chart and the preview fetched it).
// `node --import tsx scripts/bench-preview-store.mjs [--mb 50] [--runs 3] [--write-readme] [--json FILE]` (--json: the
// bytes and requests as JSON, for npm run bench's summary); --write-readme puts the
// tables into README.md between <!-- bench-preview:start --> and <!-- bench-preview:end -->.
import { createHash } from 'node:crypto';
import { createServer, request } from 'node:http';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { createStoreServer } from '../dev-store/server.ts';
import { writeReadmeSection } from './readme-section.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MB = arg('mb', 50);
const RUNS = arg('runs', 3);
const WRITE_README = process.argv.includes('--write-readme');
const CAP = 10 * 1024 * 1024;
const GOAL = 1024 * 1024;
/** The slow link (DevTools network emulation): 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const cdn = join(root, 'dist/cdn');
if (!existsSync(join(cdn, 'catalog-blocks.js'))) {
  console.error('bench-preview-store: no build found; run `npm run build` first.');
  process.exit(1);
}

/** Writes `bytes` of CSV to `file` (64 KiB blocks, backpressure respected); resolves with its SHA-256. */
async function writeCsv(file, bytes) {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let written = 0;
  let i = 0;
  while (written < bytes) {
    let block = written === 0 ? 'id,municipality,date,value,comment\n' : '';
    while (block.length < 65536) {
      i++;
      block += `${i},Kommun ${i % 290},2026-${String((i % 12) + 1).padStart(2, '0')}-15,${(i % 10000) / 10},"note ${i}, quoted"\n`;
    }
    const buf = Buffer.from(block).subarray(0, bytes - written);
    written += buf.length;
    hash.update(buf);
    if (!out.write(buf)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r, j) => out.end((e) => (e ? j(e) : r())));
  return hash.digest('hex');
}

const dir = mkdtempSync(join(tmpdir(), 'catalog-blocks-bench-'));
const csv = join(dir, 'big.csv');
const size = MB * 1000 * 1000;
const t0 = performance.now();
const sha256 = await writeCsv(csv, size);
console.log(`bench-preview-store: wrote a ${MB} MB CSV in ${Math.round(performance.now() - t0)} ms (${csv})`);

const store = await createStoreServer({ catalogs: [join(root, 'demo/catalog/demo-catalog.ttl')], port: 0, corsOrigins: ['*'], range: true });
const contextId = [...store.store.contexts.keys()][0];
const entry = store.store.addFileEntry(contextId, { name: 'big.csv', mime: 'text/csv', path: csv, size: statSync(csv).size, sha256 });
const src = entry.resourceUri;

// Every run reads the file through a proxy in front of the dev store that counts the bytes it writes to Chromium:
// one that passes Range on (the store serves it) and one that drops it (a server that ignores Range, as a default
// EntryStore). On the slow link the proxy also sends no faster than the link (1.6 Mbit/s), as a server at its far end
// can: what it wrote is then what crossed the link, not what localhost pushes into socket buffers meanwhile.
const storeUrl = new URL(src);
/** A proxy to the dev store (Range passed on or dropped, at most `bytesPerSecond`) and the bytes it wrote to Chromium. */
function storeProxy({ dropRange, bytesPerSecond }) {
  const sockets = new Set();
  let closedBytes = 0;
  const proxy = createServer((req, res) => {
    const headers = { ...req.headers };
    if (dropRange) delete headers.range;
    const up = request({ host: storeUrl.hostname, port: storeUrl.port, method: req.method, path: req.url, headers }, async (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!bytesPerSecond) return void answer.pipe(res);
      let due = performance.now();
      try {
        for await (const chunk of answer) {
          for (let at = 0; at < chunk.length && !res.destroyed; at += 16384) {
            const piece = chunk.subarray(at, at + 16384);
            due += (piece.length / bytesPerSecond) * 1000;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            if (!res.write(piece)) {
              await new Promise((r) => {
                const go = () => {
                  res.off('drain', go).off('close', go);
                  r();
                };
                res.on('drain', go).on('close', go);
              });
            }
          }
          if (res.destroyed) break;
        }
        res.end();
      } catch {
        res.destroy();
      }
    });
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  proxy.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closedBytes += socket.bytesWritten;
    });
  });
  const written = () => closedBytes + [...sockets].reduce((n, sock) => n + sock.bytesWritten, 0);
  return { proxy, written };
}
/** [server, link] → its proxy and URL. */
const proxies = new Map();
for (const [server, dropRange] of [['dev store (Range served)', false], ['Range ignored (proxy)', true]]) {
  for (const [link, bytesPerSecond] of [['localhost', undefined], ['slow link', SLOW_LINK.downloadThroughput]]) {
    const p = storeProxy({ dropRange, bytesPerSecond });
    await new Promise((r) => p.proxy.listen(0, '127.0.0.1', r));
    proxies.set(`${server}|${link}`, { ...p, url: `http://127.0.0.1:${p.proxy.address().port}${storeUrl.pathname}` });
  }
}

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Preview bench</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body><main>
<catalog-data-preview label="big.csv"></catalog-data-preview></main></body></html>`;
// The landing page of a dataset with three charts of one CSV and its data preview (issue 27.4).
// Measured on the store with --range and on one without (a default EntryStore serves no ranges).
const POLLS_DATASET = 'https://github.com/MansMeg/SwedishPolls';
const plainStore = await createStoreServer({ catalogs: [join(root, 'demo/catalog/demo-catalog.ttl')], port: 0, corsOrigins: ['*'] });
const landingStores = [['dev store with --range', store], ['dev store without Range (as EntryStore)', plainStore]];
const LANDING = (storeBase) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Landing bench</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-store-url="${storeBase}" hidden></div><main>
<dataset-view hl="2" include-visualizations="true" include-data-preview="true"></dataset-view></main></body></html>`;
const site = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  if (path === '/landing') {
    const which = landingStores[Number(new URL(req.url ?? '/', 'http://x').searchParams.get('store'))]?.[1] ?? store;
    return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(LANDING(which.store.baseUrl));
  }
  const file = normalize(join(cdn, path.replace(/^\/cdn\//, '')));
  if (!path.startsWith('/cdn/') || !file.startsWith(cdn + sep) || !existsSync(file)) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': extname(file) === '.js' ? 'text/javascript' : 'application/json' }).end(readFileSync(file));
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${site.address().port}`;

/** A fresh page that counts the requests for URLs starting with `prefix`: their number, statuses and wire bytes. */
async function countingPage(prefix, link) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (link) await cdp.send('Network.emulateNetworkConditions', link);
  const seen = { ids: new Set(), statuses: [], received: 0 };
  cdp.on('Network.requestWillBeSent', (e) => { if (e.request.url.startsWith(prefix)) seen.ids.add(e.requestId); });
  cdp.on('Network.responseReceived', (e) => { if (seen.ids.has(e.requestId)) seen.statuses.push(e.response.status); });
  cdp.on('Network.dataReceived', (e) => { if (seen.ids.has(e.requestId)) seen.received += e.encodedDataLength; });
  return { page, seen };
}

const browser = await chromium.launch(launchOptions());
const results = [];
const shared = [];
const servers = ['dev store (Range served)', 'Range ignored (proxy)'];
const links = [['localhost', undefined], ['slow link', SLOW_LINK]];
try {
  for (const [linkName, link] of links) for (const server of servers) for (let run = 1; run <= RUNS; run++) {
    const counter = proxies.get(`${server}|${linkName}`);
    const url = counter.url;
    const { page, seen } = await countingPage(url, link);
    const proxyBefore = counter.written();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => customElements.get('catalog-data-preview') !== undefined);
    const r = await page.evaluate(async (url) => {
      const el = document.querySelector('catalog-data-preview');
      const start = performance.now();
      let firstPage;
      const observer = new MutationObserver(() => {
        if (firstPage === undefined && el.querySelector('tbody tr')) firstPage = performance.now() - start;
      });
      observer.observe(el, { childList: true, subtree: true });
      el.setAttribute('src', url);
      const state = await el.previewComplete;
      const done = performance.now() - start;
      observer.disconnect();
      return { state, partial: el.partial, firstPage, done, rows: el.querySelectorAll('tbody tr').length, read: el.table?.rows.length ?? 0, bytesRead: el.bytesRead };
    }, url);
    await page.waitForTimeout(link ? 1500 : 300); // late Network.dataReceived events of the stopped download
    await page.close();
    const proxied = counter.written() - proxyBefore;
    results.push({ link: linkName, server, run, ...r, received: seen.received, proxied, requests: seen.ids.size, statuses: seen.statuses.join(', ') });
  }

  // One fetch per file: the landing page with three charts of Polls.csv and its preview opened.
  for (const [label, landingStore] of landingStores) {
    const pollsFile = [...landingStore.store.entries()].find((e) => e.file?.name === 'SwedishPolls-Polls.csv');
    const { page, seen } = await countingPage(pollsFile.resourceUri);
    await page.goto(`${origin}/landing?store=${landingStores.findIndex(([l]) => l === label)}#esc_uri=${encodeURIComponent(POLLS_DATASET)}`);
    const r = await page.evaluate(async (pollsUrl) => {
      const until = async (test) => {
        for (let i = 0; i < 600 && !test(); i++) await new Promise((res) => setTimeout(res, 50));
        return test();
      };
      await until(() => document.querySelectorAll('catalog-visualization').length >= 3);
      await customElements.whenDefined('catalog-visualization');
      const charts = [...document.querySelectorAll('catalog-visualization')];
      const states = await Promise.all(charts.map((c) => c.loadComplete));
      const toggle = [...document.querySelectorAll('catalog-preview-toggle')].find((t) => (t.getAttribute('src') ?? '').startsWith(pollsUrl));
      toggle?.querySelector('button')?.click();
      await until(() => toggle?.querySelector('catalog-data-preview')?.previewComplete !== undefined);
      const preview = toggle?.querySelector('catalog-data-preview');
      const previewState = preview ? await preview.previewComplete : 'no preview';
      return { charts: charts.length, states, previewState, rows: preview?.table?.rows.length ?? 0 };
    }, pollsFile.resourceUri);
    await page.waitForTimeout(300);
    await page.close();
    shared.push({ label, ...r, requests: seen.ids.size, received: seen.received, statuses: seen.statuses.join(', '), size: pollsFile.file.size });
  }
} finally {
  await browser.close();
  site.close();
  for (const p of proxies.values()) p.proxy.close();
  await store.close();
  await plainStore.close();
  rmSync(dir, { recursive: true, force: true });
}

const mib = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
const bytes = (n) => `${mib(n)} (${n.toLocaleString('en')} B)`;
const lines = [
  `First page of the data preview of a ${MB} MB CSV served by the dev store (\`npm run bench:preview\`, built CDN bundle, headless Chromium, ` +
    `${RUNS} runs per row; the slow link is the issue's: DevTools emulation, 150 ms latency, 1.6 Mbit/s). Goal (issue 27.3): at most 1 MiB sent for the first page, with and without Range (before: the whole 10 MiB cap on every run, and more from a server that ignores Range).`,
  '',
  '| link | server | run | first page visible | first load ends | rows read | bytes the preview read | bytes sent to Chromium (goal ≤ 1 MiB) | DevTools count | CSV requests (status) |',
  '|---|---|---:|---:|---|---:|---:|---:|---:|---:|',
];
for (const r of results) {
  lines.push(`| ${r.link} | ${r.server} | ${r.run} | ${Math.round(r.firstPage ?? NaN)} ms | ${r.state}${r.partial ? ' (a first part)' : ''} after ${Math.round(r.done)} ms | ` +
    `${r.read.toLocaleString('en')} | ${bytes(r.bytesRead)} | ${bytes(r.proxied)} ${r.proxied <= GOAL ? 'met' : 'NOT met'} | ${bytes(r.received)} | ${r.requests} (${r.statuses}) |`);
}
lines.push('', 'One fetch per file (issue 27.4): the landing page of the demo\'s SwedishPolls dataset with include-visualizations and include-data-preview, ' +
  '"Preview data" of Polls.csv opened (localhost):', '',
  '| store | charts of the file | their states | preview | rows in the preview | requests for the file (goal 1; 4 before) | file size |',
  '|---|---:|---|---|---:|---:|---:|',
  ...shared.map((x) => `| ${x.label} | ${x.charts} | ${x.states.join(', ')} | ${x.previewState} | ${x.rows.toLocaleString('en')} | ` +
    `${x.requests} (${x.statuses}) ${x.requests === 1 ? 'met' : 'NOT met'} | ${x.size.toLocaleString('en')} B |`),
  '', 'Bytes sent = what the proxy in front of the store wrote to Chromium (headers included). On localhost a server that ignores Range',
  'pushes into socket buffers and into Chromium\'s read-ahead (its data pipe hands the page up to 2 MiB in one piece) faster than any page',
  'can stop it, so that row depends on the machine; on the slow link it is what crossed the link. The DevTools count',
  '(Network.dataReceived) misses data of requests the page stopped and is shown for comparison only.',
  '', `Measured by \`npm run bench:preview\` (scripts/bench-preview-store.mjs) on ${new Date().toISOString().slice(0, 10)}.`);
const table = lines.join('\n');
console.log(`\n${table}\n`);
if (WRITE_README) writeReadmeSection('bench-preview', table);
const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0 && process.argv[jsonAt + 1]) {
  writeFileSync(process.argv[jsonAt + 1], `${JSON.stringify({
    goalBytes: GOAL,
    runs: results.map((r) => ({ link: r.link, server: r.server, run: r.run, firstPage: r.firstPage, proxied: r.proxied, received: r.received, requests: r.requests })),
    shared: shared.map((x) => ({ label: x.label, requests: x.requests })),
  }, null, 2)}\n`);
}
