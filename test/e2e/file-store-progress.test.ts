/**
 * Issue 29: while a catalog file loads, the blocks' loading state says how far it is. The file (the demo catalog
 * padded to 1.5 MB with a Turtle comment) arrives in three parts with pauses between them; the page shows
 * "Reading the catalog file… 0.5 of 1.5 MB" (sv: "Läser katalogfilen… 0,5 av 1,5 MB") meanwhile, then the results.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CATALOG, launch, startSite, watch, type Running } from './harness.ts';
import { settleSearch } from './search-helpers.ts';

const DEMO = readFileSync(DEMO_CATALOG);
const PART = 500_000;
/** 1,500,000 bytes: the demo catalog, then a comment. */
const FILE = Buffer.concat([DEMO, Buffer.from(`\n# ${'x'.repeat(3 * PART - DEMO.length - 4)}\n`)]);

async function startSlowHost(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/turtle', 'content-length': String(FILE.length), 'cache-control': 'no-store' });
    let sent = 0;
    const next = () => {
      res.write(FILE.subarray(sent, sent + PART));
      sent += PART;
      if (sent >= FILE.length) res.end();
      else setTimeout(next, 2500);
    };
    next();
  });
  await new Promise<void>((ok) => server.listen(0, 'localhost', ok));
  const a = server.address();
  return { origin: `http://localhost:${typeof a === 'object' && a ? a.port : 0}`, close: () => new Promise((done) => server.close(() => done())) };
}

describe('DCAT file store: progress in the loading state (issue 29)', () => {
  let files: Awaited<ReturnType<typeof startSlowHost>>;
  let site: Running & { origin: string };
  let browser: Awaited<ReturnType<typeof launch>>;
  let pages: string;
  before(async () => {
    assert.equal(FILE.length, 3 * PART);
    files = await startSlowHost();
    pages = mkdtempSync(join(tmpdir(), 'file-store-progress-'));
    for (const lang of ['en', 'sv']) {
      writeFileSync(
        join(pages, `${lang}.html`),
        `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>File store progress</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-catalog-url="${files.origin}/dcat/${lang}.ttl"></div>
<main><dataset-facet-search-layout></dataset-facet-search-layout></main></body></html>`,
      );
    }
    site = await startSite('http://localhost:9/store/', { '/progress-e2e/': [pages] });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await files?.close();
    rmSync(pages, { recursive: true, force: true });
  });

  for (const [lang, reading, showing] of [
    ['en', 'Reading the catalog file… 0.5 of 1.5 MB', /Showing all 13 datasets/],
    ['sv', 'Läser katalogfilen… 0,5 av 1,5 MB', /13 datamängder/],
  ] as const) {
    test(`${lang}: the loading state says how much of the file has come, then the results show`, async () => {
      const page = await browser.newPage();
      const seen = watch(page, 'http://localhost:9/store/');
      await page.goto(`${site.origin}/progress-e2e/${lang}.html`);
      const progress = page.locator('.esbLoading .esbLoadProgress').first();
      await progress.locator('[aria-hidden="true"]').filter({ hasText: reading }).waitFor({ timeout: 15000 });
      assert.ok(await progress.isVisible());
      // the polite live region says it too (at most every few seconds)
      await progress.locator('[role="status"]').filter({ hasText: reading }).waitFor({ state: 'attached', timeout: 5000 });
      await settleSearch(page);
      assert.match((await page.locator('.esbResults').textContent()) ?? '', showing);
      assert.equal(await page.locator('.esbLoadProgress').count(), 0);
      assert.deepEqual(seen.problems, []);
      await page.close();
    });
  }
});
