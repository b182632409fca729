#!/usr/bin/env node
// Data preview benchmark (issue 9: "a 50 MB CSV distribution: the first preview page is visible within 1 s and at most
// the 10 MiB cap is downloaded"). After `npm run build`: serves dist/cdn and a generated 50 MB CSV (streamed, never
// held in memory) from one local HTTP server, opens a page with <catalog-data-preview> in Chromium (the built CDN
// bundle, as a real embed loads it) and reports
//   - the time from setting `src` to the first table row in the DOM, and to the final state (too large),
//   - how many bytes the server could write before the browser aborted the download — for a server that ignores the
//     preview's `Range: bytes=0-<cap>` header (the abort stops it) and one that serves ranges (it sends cap + 1 bytes),
//   - the rows read (those of the first 10 MiB).
// `node scripts/bench-preview.mjs [--mb 50] [--runs 3]`. A benchmark, not a test: it prints numbers, asserts nothing.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { root } from './entries.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MB = arg('mb', 50);
const RUNS = arg('runs', 3);
const cdn = join(root, 'dist/cdn');
if (!existsSync(join(cdn, 'catalog-blocks.js'))) {
  console.error('bench-preview: no build found; run `npm run build` first.');
  process.exit(1);
}

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Preview bench</title>
<script type="module" src="/catalog-blocks.js"></script></head><body><main>
<catalog-data-preview label="big.csv"></catalog-data-preview></main></body></html>`;

/** Per request key: bytes written and whether the client went away before the end. */
const served = new Map();

function serveCsv(key, ranges, req, res) {
  const full = MB * 1000 * 1000;
  // With `ranges` the server answers `Range: bytes=0-N` like a static file server (206, N + 1 bytes).
  const range = ranges ? /^bytes=0-(\d+)$/.exec(req.headers.range ?? '') : null;
  const size = range ? Math.min(full, Number(range[1]) + 1) : full;
  const stat = { bytes: 0, closedEarly: false };
  served.set(key, stat);
  res.writeHead(range ? 206 : 200, {
    'Content-Type': 'text/csv; charset=utf-8', 'Content-Length': String(size), 'Cache-Control': 'no-store',
    ...(range ? { 'Content-Range': `bytes 0-${size - 1}/${full}` } : {}),
  });
  res.on('close', () => { stat.closedEarly = !res.writableFinished; });
  let i = 0;
  const header = 'id,municipality,date,value,comment\n';
  const write = () => {
    while (stat.bytes < size && !res.destroyed) {
      // about 64 KiB per write
      let block = stat.bytes === 0 ? header : '';
      while (block.length < 65536) {
        i++;
        block += `${i},Kommun ${i % 290},2026-${String((i % 12) + 1).padStart(2, '0')}-15,${(i % 10000) / 10},"note ${i}, quoted"\n`;
      }
      const buf = Buffer.from(block.slice(0, size - stat.bytes));
      stat.bytes += buf.length;
      if (!res.write(buf)) return void res.once('drain', write);
    }
    if (!res.destroyed) res.end();
  };
  write();
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    return res.end(PAGE);
  }
  if (url.pathname.startsWith('/big.csv')) return serveCsv(url.searchParams.get('k'), url.searchParams.has('ranges'), req, res);
  const file = normalize(join(cdn, url.pathname));
  if (!file.startsWith(cdn) || !existsSync(file)) {
    res.writeHead(404);
    return res.end();
  }
  const types = { '.js': 'text/javascript', '.map': 'application/json' };
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch(launchOptions());
const results = [];
try {
  for (let n = 0; n < RUNS * 2; n++) {
    const run = (n % RUNS) + 1;
    const ranges = n >= RUNS;
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.waitForFunction(() => customElements.get('catalog-data-preview') !== undefined);
    const key = `run${n}`;
    const r = await page.evaluate(async (src) => {
      const el = document.querySelector('catalog-data-preview');
      const t0 = performance.now();
      let firstRow;
      const observer = new MutationObserver(() => {
        if (firstRow === undefined && el.querySelector('tbody tr')) firstRow = performance.now() - t0;
      });
      observer.observe(el, { childList: true, subtree: true });
      el.setAttribute('src', src);
      const state = await el.previewComplete;
      const done = performance.now() - t0;
      observer.disconnect();
      return { state, firstRow, done, rows: el.table?.rows.length ?? 0, status: el.querySelector('[role="status"]')?.textContent ?? '' };
    }, `${base}/big.csv?k=${key}${ranges ? '&ranges' : ''}`);
    await page.close();
    await new Promise((res) => setTimeout(res, 100));
    results.push({ ...r, ...served.get(key), run, ranges });
  }
} finally {
  await browser.close();
  server.close();
}

const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
console.log(`Data preview of a ${MB} MB CSV (${RUNS} runs, built CDN bundle, Chromium, localhost):`);
console.log('| server | run | first row visible | final state | rows read | server wrote | download aborted |');
console.log('|---|---:|---:|---|---:|---:|---|');
results.forEach((r) => console.log(`| ${r.ranges ? 'serves ranges' : 'ignores Range'} | ${r.run} | ${Math.round(r.firstRow ?? NaN)} ms | ${r.state} after ${Math.round(r.done)} ms | ${r.rows.toLocaleString('en')} | ${mib(r.bytes)} of ${MB} MB | ${r.closedEarly ? 'yes' : 'no'} |`));
