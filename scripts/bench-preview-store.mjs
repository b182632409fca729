#!/usr/bin/env node
// `npm run bench` part 3 — the data preview of a large CSV distribution served by the dev store (issue 9: "a 50 MB CSV
// distribution: the first preview page is visible within 1 s against the dev store and at most the 10 MiB cap is
// downloaded"). A benchmark, not a test: it prints numbers and asserts nothing.
//
// After `npm run build`: writes a CSV of --mb MB (default 50) to a temp file (generated on the fly, never committed,
// removed at the end), adds it to the dev store as an uploaded file entry (streamed from disk; the store serves
// `Range: bytes=0-10485759` with 206, as a web server does), serves the built CDN bundle and a host page on another
// origin, and in headless Chromium sets `src` of a <catalog-data-preview> to the file's store URL. The same runs go
// once more through a proxy that drops the Range header (a server that ignores Range: the preview's streamed cap and
// abort must stop the download). Per run it prints
//   - the time from setting `src` to the first page of rows in the DOM (the first preview page visible),
//   - the final state and when it was reached,
//   - the bytes Chromium received for the CSV: the sum of Network.dataReceived's encodedDataLength (DevTools protocol;
//     the body bytes on the wire — not dataLength, which counts decoded bytes whose wire size is reported in a later
//     event: adding `encodedDataLength || dataLength` counted some bytes twice and read 12–17 MiB for a 10 MiB body),
//   - for the proxy, the bytes it wrote towards Chromium (headers included; an aborted download's bytes still in
//     socket buffers count here, never in Chromium's count),
//   - the status of the CSV answer (206 ranged, 200 whole file).
// `node --import tsx scripts/bench-preview-store.mjs [--mb 50] [--runs 3]`
import { createHash } from 'node:crypto';
import { createServer, request } from 'node:http';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { createStoreServer } from '../dev-store/server.ts';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MB = arg('mb', 50);
const RUNS = arg('runs', 3);
const CAP = 10 * 1024 * 1024;
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

// A server that ignores Range: the dev store behind a proxy that drops the header (and passes everything else).
const storeUrl = new URL(src);
const proxy = createServer((req, res) => {
  const { range: _dropped, ...headers } = req.headers;
  const up = request({ host: storeUrl.hostname, port: storeUrl.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  up.on('error', () => res.destroy());
  res.on('close', () => up.destroy());
  req.pipe(up);
});
/** Bytes the proxy wrote to the browser's connections since the last reset (socket.bytesWritten, closed ones kept). */
const proxySockets = new Set();
let proxyWrittenClosed = 0;
proxy.on('connection', (socket) => {
  proxySockets.add(socket);
  socket.on('close', () => {
    proxySockets.delete(socket);
    proxyWrittenClosed += socket.bytesWritten;
  });
});
const proxyWritten = () => proxyWrittenClosed + [...proxySockets].reduce((n, sock) => n + sock.bytesWritten, 0);
await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
const unrangedSrc = `http://127.0.0.1:${proxy.address().port}${storeUrl.pathname}`;

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Preview bench</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body><main>
<catalog-data-preview label="big.csv"></catalog-data-preview></main></body></html>`;
const site = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  const file = normalize(join(cdn, path.replace(/^\/cdn\//, '')));
  if (!path.startsWith('/cdn/') || !file.startsWith(cdn + sep) || !existsSync(file)) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': extname(file) === '.js' ? 'text/javascript' : 'application/json' }).end(readFileSync(file));
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${site.address().port}`;

const browser = await chromium.launch(launchOptions());
const results = [];
const servers = [['dev store (Range served)', src], ['Range ignored (proxy)', unrangedSrc]];
try {
  for (const [server, url] of servers) for (let run = 1; run <= RUNS; run++) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const csvRequests = new Set();
    const statuses = [];
    let received = 0;
    cdp.on('Network.requestWillBeSent', (e) => { if (e.request.url.startsWith(url)) csvRequests.add(e.requestId); });
    cdp.on('Network.responseReceived', (e) => { if (csvRequests.has(e.requestId)) statuses.push(e.response.status); });
    cdp.on('Network.dataReceived', (e) => { if (csvRequests.has(e.requestId)) received += e.encodedDataLength; });
    const proxyBefore = proxyWritten();
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
      return { state, firstPage, done, rows: el.querySelectorAll('tbody tr').length };
    }, url);
    await page.waitForTimeout(300); // late Network.dataReceived events of the aborted download
    await page.close();
    const proxied = url === unrangedSrc ? proxyWritten() - proxyBefore : undefined;
    results.push({ server, run, ...r, received, proxied, requests: csvRequests.size, statuses: statuses.join(', ') });
  }
} finally {
  await browser.close();
  site.close();
  proxy.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

const mib = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
console.log(`\nData preview of a ${MB} MB CSV distribution served by the dev store (built CDN bundle, headless Chromium, localhost, ` +
  `${RUNS} runs; cap ${mib(CAP)}):`);
const bytes = (n) => `${mib(n)} (${n.toLocaleString('en')} B)`;
console.log('| server | run | first preview page visible | final state | rows on the first page | bytes Chromium received (≤ cap?) | bytes the proxy wrote | CSV requests (status) |');
console.log('|---|---:|---:|---|---:|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.server} | ${r.run} | ${Math.round(r.firstPage ?? NaN)} ms | ${r.state} after ${Math.round(r.done)} ms | ${r.rows} | ` +
    `${bytes(r.received)} ${r.received <= CAP ? 'yes' : 'NO'} | ${r.proxied === undefined ? '–' : bytes(r.proxied)} | ${r.requests} (${r.statuses}) |`);
}
