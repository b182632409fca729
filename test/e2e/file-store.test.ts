/**
 * Issue 29: blocks without a metadata store. A page names a DCAT file (`data-catalog-url`) on another origin than the
 * page (the file's server answers CORS, as a publisher's static host or GitHub Pages does) and the built CDN bundle
 * reads it: a faceted search and a landing page from the file alone, with no store request at all.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_CATALOG, launch, startSite, watch, type Running } from './harness.ts';
import { settleSearch } from './search-helpers.ts';

/** The publisher's file host (origin `localhost`, the page is on 127.0.0.1): files by path, CORS as configured. */
interface FileHost {
  readonly origin: string;
  readonly requests: string[];
  close(): Promise<void>;
}

type Served = { status?: number; type?: string; body: string | Buffer; cors?: boolean; headers?: Record<string, string> };

async function startFileHost(files: Record<string, Served>): Promise<FileHost> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const f = files[path];
    if (!f) {
      res.writeHead(404, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(f.status ?? 200, { 'content-type': f.type ?? 'text/turtle', ...(f.cors === false ? {} : { 'access-control-allow-origin': '*' }), ...f.headers }).end(f.body);
  });
  await new Promise<void>((ok) => server.listen(0, 'localhost', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://localhost:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) };
}

const DEMO_TTL = readFileSync(DEMO_CATALOG, 'utf8');

function pageHtml(catalogUrl: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>File store</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-catalog-url="${catalogUrl}"></div>
<main>${body}</main></body></html>`;
}

describe('DCAT file store on the built CDN bundle (issue 29)', () => {
  let files: FileHost;
  let site: Running & { origin: string };
  let browser: Awaited<ReturnType<typeof launch>>;
  before(async () => {
    files = await startFileHost({ '/dcat/catalog.ttl': { body: DEMO_TTL } });
    // no store at all: the page never names one
    site = await startSite('http://localhost:9/store/');
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await files?.close();
  });

  async function open(html: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const seen = watch(page, 'http://localhost:9/store/');
    await page.route(`${site.origin}/e2e/file-store.html*`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${site.origin}/e2e/file-store.html`);
    return { page, problems: seen.problems };
  }

  test('a facet search layout searches, counts and pages the file', async () => {
    const { page, problems } = await open(pageHtml(`${files.origin}/dcat/catalog.ttl`, '<dataset-facet-search-layout></dataset-facet-search-layout>'));
    await settleSearch(page);
    assert.match((await page.locator('.esbResults').textContent()) ?? '', /Showing all 13 datasets/);
    assert.ok(await page.getByText('The population of bees').first().isVisible());
    assert.deepEqual(problems, []);
    await page.close();
  });
});
