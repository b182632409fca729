/**
 * Issue 29: a second page view of a catalog file starts at once. The first view parses the file and keeps its triples
 * (IndexedDB); the second asks the file's server again — the browser revalidates, the server answers 304 — and builds
 * the store from the kept triples without reading or parsing the file. The publisher's host is on another origin and
 * exposes ETag to it (Access-Control-Expose-Headers), as the README asks.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_CATALOG, launch, startSite, watch, type Running } from './harness.ts';
import { settleSearch } from './search-helpers.ts';

const DEMO_TTL = readFileSync(DEMO_CATALOG, 'utf8');

interface Asked {
  readonly ifNoneMatch?: string;
  readonly status: number;
}

/** A static host on `localhost` (the page is on 127.0.0.1) that answers conditional GETs as static servers do. */
async function startFileHost(): Promise<{ origin: string; asked: Asked[]; close(): Promise<void> }> {
  const asked: Asked[] = [];
  const etag = '"demo-1"';
  const server: Server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' };
    const inm = req.headers['if-none-match'];
    const status = inm === etag ? 304 : 200;
    asked.push({ ...(inm ? { ifNoneMatch: inm } : {}), status });
    if (status === 304) res.writeHead(304, { ...cors, etag }).end();
    else res.writeHead(200, { ...cors, etag, 'content-type': 'text/turtle' }).end(DEMO_TTL);
  });
  await new Promise<void>((ok) => server.listen(0, 'localhost', ok));
  const a = server.address();
  return { origin: `http://localhost:${typeof a === 'object' && a ? a.port : 0}`, asked, close: () => new Promise((done) => server.close(() => done())) };
}

describe('DCAT file store: the second page view (issue 29)', () => {
  let files: Awaited<ReturnType<typeof startFileHost>>;
  let site: Running & { origin: string };
  let browser: Awaited<ReturnType<typeof launch>>;
  let context: BrowserContext;
  let pages: string;
  before(async () => {
    files = await startFileHost();
    // the page is a file of the site (not a routed page: Playwright's routing turns the HTTP cache off)
    pages = mkdtempSync(join(tmpdir(), 'file-store-cache-'));
    writeFileSync(
      join(pages, 'search.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>File store cache</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-catalog-url="${files.origin}/dcat/catalog.ttl"></div>
<main><dataset-facet-search-layout></dataset-facet-search-layout></main></body></html>`,
    );
    site = await startSite('http://localhost:9/store/', { '/cache-e2e/': [pages] });
    browser = await launch();
    context = await browser.newContext();
    // what the file store says it is doing, kept by the page
    await context.addInitScript(() => {
      const w = window as unknown as { phases: string[] };
      w.phases = [];
      document.addEventListener('catalog-file-progress', (e) => w.phases.push((e as CustomEvent<{ phase: string }>).detail.phase));
    });
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await site?.close();
    await files?.close();
    rmSync(pages, { recursive: true, force: true });
  });

  async function view(page: Page): Promise<string[]> {
    await page.goto(`${site.origin}/cache-e2e/search.html`);
    await settleSearch(page);
    assert.match((await page.locator('.esbResults').textContent()) ?? '', /Showing all 13 datasets/);
    assert.ok(await page.getByText('The population of bees').first().isVisible());
    return page.evaluate(() => (window as unknown as { phases: string[] }).phases);
  }

  /** Waits until the first view's triples are kept (written after the first results show). */
  async function kept(page: Page): Promise<void> {
    await page.waitForFunction(
      (url) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('catalog-blocks-file-store');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('catalogs')) return resolve(false);
            const get = db.transaction('catalogs').objectStore('catalogs').get(url);
            get.onsuccess = () => resolve(get.result?.validator === '"demo-1"');
            get.onerror = () => resolve(false);
          };
        }),
      `${files.origin}/dcat/catalog.ttl`,
      { timeout: 10000 },
    );
  }

  test('the second view asks again, gets 304 and shows the results without parsing the file', async () => {
    const page = await context.newPage();
    const seen = watch(page, 'http://localhost:9/store/');
    const first = await view(page);
    assert.ok(first.includes('parse'), `first view phases: ${first.join()}`);
    assert.deepEqual(files.asked, [{ status: 200 }]);
    await kept(page);

    const second = await view(page);
    assert.deepEqual(files.asked.slice(1), [{ ifNoneMatch: '"demo-1"', status: 304 }]);
    assert.ok(!second.includes('parse') && !second.includes('download'), `second view phases: ${second.join()}`);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
