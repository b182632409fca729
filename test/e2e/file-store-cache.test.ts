/**
 * Issue 29: a second page view of a catalog file starts at once. The first view parses the file and keeps its triples
 * and the answers of the page's reads (IndexedDB); the second asks the file's server again — the browser revalidates,
 * the server answers 304 — and answers the same reads from the kept answers before any store is built, with neither
 * download nor parse: the same rows and facets as the first view. A changed file (a new ETag) is read again and shows
 * its new content, never an answer kept for the old one. The publisher's host is on another origin and exposes ETag
 * to it (Access-Control-Expose-Headers), as the README asks. Each test has a browser context of its own (nothing kept).
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
const KEPT_ANSWER = 'catalog-blocks:file-store:kept-answer';
const BUILT = 'catalog-blocks:file-store:built';

interface Asked {
  readonly ifNoneMatch?: string;
  readonly status: number;
}

/** A static host on `localhost` (the page is on 127.0.0.1) answering conditional GETs as static servers do; `file` can change. */
async function startFileHost(): Promise<{ origin: string; file: { body: string; etag: string }; asked: Asked[]; close(): Promise<void> }> {
  const host = { file: { body: DEMO_TTL, etag: '"demo-1"' }, asked: [] as Asked[] };
  const server: Server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' };
    const { body, etag } = host.file;
    const inm = req.headers['if-none-match'];
    const status = inm === etag ? 304 : 200;
    host.asked.push({ ...(inm ? { ifNoneMatch: inm } : {}), status });
    if (status === 304) res.writeHead(304, { ...cors, etag }).end();
    else res.writeHead(200, { ...cors, etag, 'content-type': 'text/turtle' }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, 'localhost', ok));
  const a = server.address();
  return { ...host, origin: `http://localhost:${typeof a === 'object' && a ? a.port : 0}`, close: () => new Promise((done) => server.close(() => done())) };
}

interface Shown {
  readonly results: string;
  readonly rows: string[];
  readonly facets: string[];
  /** The file store worker's performance marks, in order: [name, startTime]. */
  readonly marks: [string, number][];
  readonly phases: string[];
}

describe('DCAT file store: the second page view (issue 29)', () => {
  let files: Awaited<ReturnType<typeof startFileHost>>;
  let site: Running & { origin: string };
  let browser: Awaited<ReturnType<typeof launch>>;
  let pages: string;
  const catalogUrl = () => `${files.origin}/dcat/catalog.ttl`;
  before(async () => {
    files = await startFileHost();
    // the page is a file of the site (not a routed page: Playwright's routing turns the HTTP cache off)
    pages = mkdtempSync(join(tmpdir(), 'file-store-cache-'));
    writeFileSync(
      join(pages, 'search.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>File store cache</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-catalog-url="${catalogUrl()}"></div>
<main><dataset-facet-search-layout></dataset-facet-search-layout></main></body></html>`,
    );
    site = await startSite('http://localhost:9/store/', { '/cache-e2e/': [pages] });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await files?.close();
    rmSync(pages, { recursive: true, force: true });
  });

  /** A fresh browser context (nothing kept) whose pages record what the file store says it is doing. */
  async function freshContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const w = window as unknown as { phases: string[] };
      w.phases = [];
      document.addEventListener('catalog-file-progress', (e) => w.phases.push((e as CustomEvent<{ phase: string }>).detail.phase));
    });
    files.asked.length = 0;
    return context;
  }

  /** One view of the search page: what it shows once settled, and the worker's marks. */
  async function view(page: Page): Promise<Shown> {
    const worker = page.waitForEvent('worker');
    await page.goto(`${site.origin}/cache-e2e/search.html`);
    await settleSearch(page);
    const results = ((await page.locator('.esbResults').textContent()) ?? '').trim();
    const rows = (await page.locator('li.entryListRow').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    const facets = (await page.locator('li.esbFacets__option').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    const marks = await (await worker).evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as [string, number]));
    const phases = await page.evaluate(() => (window as unknown as { phases: string[] }).phases);
    return { results, rows, facets, marks, phases };
  }

  /** Waits until what the first view keeps under `etag` is written (a moment after its reads): the triples or the answers. */
  async function keptIn(page: Page, store: 'catalogs' | 'answers', etag: string): Promise<void> {
    const written = ([url, name, v]: string[]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('catalog-blocks-file-store');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name!)) return (db.close(), resolve(false));
          const get = db.transaction(name!).objectStore(name!).get(url!);
          get.onsuccess = () => (db.close(), resolve(get.result?.validator === v && (name !== 'answers' || get.result.answers.length > 0)));
          get.onerror = () => (db.close(), resolve(false));
        };
      });
    // polled here: waitForFunction takes the promise itself for a truthy answer
    for (let tries = 0; !(await page.evaluate(written, [catalogUrl(), store, etag])); tries++) {
      assert.ok(tries < 75, `nothing kept in ${store} for ${catalogUrl()} within 15 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** A first view in a fresh context: the demo catalog's 13 datasets, the bees among them. */
  async function firstView() {
    const context = await freshContext();
    const page = await context.newPage();
    const seen = watch(page, 'http://localhost:9/store/');
    const first = await view(page);
    assert.match(first.results, /Showing all 13 datasets/);
    assert.ok(first.rows.some((r) => r.includes('The population of bees')), first.rows.join('\n'));
    return { context, page, seen, first };
  }

  test('the second view asks again, gets 304 and shows the results without downloading or parsing the file', async () => {
    const { context, page, seen, first } = await firstView();
    assert.ok(first.phases.includes('parse'), `first view phases: ${first.phases.join()}`);
    assert.deepEqual(files.asked, [{ status: 200 }]);
    await keptIn(page, 'catalogs', '"demo-1"');

    const second = await view(page);
    assert.deepEqual(files.asked.slice(1), [{ ifNoneMatch: '"demo-1"', status: 304 }]);
    assert.ok(!second.phases.includes('parse') && !second.phases.includes('download'), `second view phases: ${second.phases.join()}`);
    assert.deepEqual(seen.problems, []);
    await context.close();
  });

  test('an unchanged file: the same rows and facets, answered from the kept answers before a store is built; a changed file: its new content', async () => {
    const { context, page, seen, first } = await firstView();
    assert.ok(first.facets.length > 0);
    assert.ok(first.phases.includes('parse'), `first view phases: ${first.phases.join()}`);
    assert.ok(!first.marks.some(([n]) => n === KEPT_ANSWER));
    await keptIn(page, 'answers', '"demo-1"');

    const second = await view(page);
    assert.equal(second.results, first.results);
    assert.deepEqual(second.rows, first.rows);
    assert.deepEqual(second.facets, first.facets);
    assert.ok(!second.phases.includes('parse') && !second.phases.includes('download'), `second view phases: ${second.phases.join()}`);
    const kept = second.marks.find(([n]) => n === KEPT_ANSWER);
    assert.ok(kept, `second view worker marks: ${JSON.stringify(second.marks)}`);
    // the first read was answered before the store was built (the store is built after, for reads not kept)
    const built = second.marks.find(([n]) => n === BUILT);
    assert.ok(!built || built[1] > kept[1], `second view worker marks: ${JSON.stringify(second.marks)}`);

    // the publisher changes the file: a new ETag, a new title
    files.file.body = DEMO_TTL.replace('The population of bees', 'The population of wasps');
    files.file.etag = '"demo-2"';
    const third = await view(page);
    assert.ok(third.phases.includes('parse'), `third view phases: ${third.phases.join()}`);
    assert.ok(!third.marks.some(([n]) => n === KEPT_ANSWER), `third view worker marks: ${JSON.stringify(third.marks)}`);
    assert.ok(third.rows.some((r) => r.includes('The population of wasps')), third.rows.join('\n'));
    assert.ok(!third.rows.some((r) => r.includes('The population of bees')), third.rows.join('\n'));
    assert.deepEqual(seen.problems, []);
    await context.close();
  });
});
