#!/usr/bin/env node
// `npm run bench` part 3 — the data preview of a large CSV distribution served by the dev store (issue 9: "a 50 MB CSV
// distribution: the first preview page is visible within 1 s against the dev store and at most the 10 MiB cap is
// downloaded"). A benchmark, not a test: it prints numbers and asserts nothing.
//
// After `npm run build`: writes a CSV of --mb MB (default 50) to a temp file (generated on the fly, never committed,
// removed at the end), adds it to the dev store as an uploaded file entry (the store streams it like an upload, with no
// Range support: the preview must stop the download itself), serves the built CDN bundle and a host page on another
// origin, and in headless Chromium sets `src` of a <catalog-data-preview> to the file's store URL. Per run it prints
//   - the time from setting `src` to the first page of rows in the DOM (the first preview page visible),
//   - the final state and when it was reached,
//   - the bytes Chromium received for the CSV (DevTools protocol, Network.dataReceived: the body bytes on the wire).
// `node --import tsx scripts/bench-preview-store.mjs [--mb 50] [--runs 3]`
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';
import { createStoreServer } from '../demo/store/server.ts';

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

const store = await createStoreServer({ catalogs: [join(root, 'demo/catalog/demo-catalog.ttl')], port: 0 });
const contextId = [...store.store.contexts.keys()][0];
const entry = store.store.addFileEntry(contextId, { name: 'big.csv', mime: 'text/csv', path: csv, size: statSync(csv).size, sha256 });
const src = entry.resourceUri;

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
try {
  for (let run = 1; run <= RUNS; run++) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const csvRequests = new Set();
    let received = 0;
    cdp.on('Network.requestWillBeSent', (e) => { if (e.request.url.startsWith(src)) csvRequests.add(e.requestId); });
    cdp.on('Network.dataReceived', (e) => { if (csvRequests.has(e.requestId)) received += e.encodedDataLength || e.dataLength; });
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
    }, src);
    await page.waitForTimeout(300); // late Network.dataReceived events of the aborted download
    await page.close();
    results.push({ run, ...r, received, requests: csvRequests.size });
  }
} finally {
  await browser.close();
  site.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

const mib = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
console.log(`\nData preview of a ${MB} MB CSV distribution served by the dev store (built CDN bundle, headless Chromium, localhost, ` +
  `${RUNS} runs; cap ${mib(CAP)}):`);
console.log('| run | first preview page visible | final state | rows on the first page | bytes downloaded (≤ cap?) | CSV requests |');
console.log('|---:|---:|---|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.run} | ${Math.round(r.firstPage ?? NaN)} ms | ${r.state} after ${Math.round(r.done)} ms | ${r.rows} | ` +
    `${mib(r.received)} (${r.received <= CAP + 64 * 1024 ? 'yes' : 'NO'}) | ${r.requests} |`);
}
