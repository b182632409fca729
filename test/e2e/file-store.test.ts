/**
 * Issue 29: blocks without a metadata store. A page names a DCAT file (`data-catalog-url`) on another origin than the
 * page (the file's server answers CORS, as a publisher's static host or GitHub Pages does) and the built CDN bundle
 * reads it: a faceted search and a landing page from the file alone, with no store request at all.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { settleBlocks, showEntry } from './browser-helpers.ts';
import { DATASET, DEMO_CATALOG, launch, listEntries, root, startStore, watch, type Running } from './harness.ts';
import { clickFacet, datasetsInFile, facetGroups, facetValues, settleSearch, type FacetValue } from './search-helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

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
/** A Swedish municipal-style catalog in RDF/XML (test-only licence, ../shared). */
const CIVICTECH = sharedFixture('dcat/se/civictech-se_dcat-ap.rdf');
const CDN_DIR = join(root, 'dist/cdn');


/** A page on the host site: the CDN bundle (from `bundle`, default the page's origin) and one configuration tag. */
function pageHtml(config: string, body: string, { bundle = '', head = '' } = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>File store</title>${head}
<script type="module" src="${bundle}/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config ${config}></div>
<main><h1>Open data</h1>${body}</main></body></html>`;
}
const fileConfig = (url: string) => `data-catalog-url="${url}"`;
const storeConfig = (url: string) => `data-store-url="${url}"`;
const SEARCH = '<dataset-facet-search-layout include-sorting="true"></dataset-facet-search-layout>';

/** What a user sees of a search page: the count, the rows (titles and dataset IRIs in order), every facet's values. */
interface SearchView {
  readonly results: string;
  readonly titles: string[];
  readonly uris: string[];
  readonly facets: Record<string, FacetValue[]>;
}

async function searchView(page: Page): Promise<SearchView> {
  await settleSearch(page);
  const facets: Record<string, FacetValue[]> = {};
  for (const g of await facetGroups(page)) facets[g] = await facetValues(page, g);
  const rows = await page.locator('li.entryListRow').evaluateAll((lis) => lis.map((li) => ({
    uri: (li as HTMLElement).dataset.uri ?? '',
    title: li.querySelector('.esbRowTitle')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  })));
  return {
    results: (await page.locator('.esbResults').first().textContent())?.replace(/\s+/g, ' ').trim() ?? '',
    titles: rows.map((r) => r.title),
    uris: rows.map((r) => r.uri),
    facets,
  };
}

/** Counts the searches the page's result list has answered (its `catalog-block-state` events). */
async function countSearches(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { searches: number };
    w.searches = 0;
    document.addEventListener('catalog-block-state', (e) => {
      if ((e.target as Element).matches('dataset-list, esb-datasetlist, catalog-search-list')) w.searches++;
    });
  });
}

/** Runs `action` (one interaction) and waits until the list has answered once more and the page has settled. */
async function interact(page: Page, action: () => Promise<unknown>): Promise<SearchView> {
  const before = await page.evaluate(() => (window as unknown as { searches: number }).searches);
  await action();
  await page.waitForFunction((n) => (window as unknown as { searches: number }).searches > n, before, { timeout: 20000 });
  return searchView(page);
}

/** A dataset's landing page as a user reads it: heading, description, each distribution row's text. */
async function landing(page: Page): Promise<{ state: string[]; title: string; description: string; distributions: string[] }> {
  const state = await settleBlocks(page);
  const view = page.locator('dataset-view');
  return {
    state,
    title: (await view.locator('h2').first().textContent())?.trim() ?? '',
    // read at once: a locator's textContent() would wait its 30 s for a description that a dataset does not have
    description: await view.evaluate((el) => el.querySelector('.esbDescription')?.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    distributions: await view.locator('li[data-distribution]').evaluateAll((lis) => lis.map((li) => li.textContent?.replace(/\s+/g, ' ').trim() ?? '')),
  };
}

/**
 * A host of pages (and the built CDN bundle under /cdn/) on `host`: the page host on 127.0.0.1, or the bundle's third
 * origin on `localhost` (CORS on, as module scripts of another origin need). Pages are served from a real address, not
 * from `page.route`: Chromium counts a fulfilled document as public, which may not read a loopback server.
 */
async function startPageHost(host: string, pages: Map<string, string>, cors = false): Promise<FileHost> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const page = pages.get(path);
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
      return;
    }
    const file = path.startsWith('/cdn/') && !path.includes('..') ? join(CDN_DIR, path.slice(5)) : '';
    if (!file || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = extname(file) === '.js' ? 'text/javascript' : extname(file) === '.css' ? 'text/css' : 'application/json';
    res.writeHead(200, { 'content-type': type, ...(cors ? { 'access-control-allow-origin': '*' } : {}) }).end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://${host}:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) };
}

describe('DCAT file store on the built CDN bundle (issue 29)', () => {
  let files: FileHost;
  let store: Running;
  let site: FileHost;
  const pages = new Map<string, string>();
  let browser: Awaited<ReturnType<typeof launch>>;
  let catalogUrl: string;
  before(async () => {
    files = await startFileHost({
      '/dcat/catalog.ttl': { body: DEMO_TTL },
      ...(CIVICTECH ? { '/se/civictech.rdf': { body: readFileSync(CIVICTECH), type: 'application/rdf+xml' } } : {}),
    });
    catalogUrl = `${files.origin}/dcat/catalog.ttl`;
    // the dev store over the same file: the answers the file store must give
    store = await startStore([DEMO_CATALOG]);
    site = await startPageHost('127.0.0.1', pages);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await store?.close();
    await files?.close();
  });

  async function open(html: string, hash = ''): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const seen = watch(page, store.url);
    const path = `/file-store-${pages.size}.html`;
    pages.set(path, html);
    await page.goto(`${site.origin}${path}${hash}`);
    return { page, problems: seen.problems };
  }

  test('a facet search layout searches, counts and pages the file', async () => {
    const { page, problems } = await open(pageHtml(fileConfig(catalogUrl), SEARCH));
    await settleSearch(page);
    assert.match((await page.locator('.esbResults').textContent()) ?? '', /Showing all 13 datasets/);
    assert.ok(await page.getByText('The population of bees').first().isVisible());
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('same answers as the dev store: count, rows, facets; then a term, a facet click, a sort and the next page', async () => {
    const fromStore = await open(pageHtml(storeConfig(store.url), SEARCH));
    const fromFile = await open(pageHtml(fileConfig(catalogUrl), SEARCH));
    const both = [fromStore.page, fromFile.page];
    for (const p of both) {
      await settleSearch(p);
      await countSearches(p);
    }
    const first = await Promise.all(both.map(searchView));
    assert.match(first[0]!.results, /\b13\b/, first[0]!.results);
    assert.ok(first[0]!.titles.includes('The population of bees'), first[0]!.titles.join(' | '));
    assert.ok(Object.keys(first[0]!.facets).length >= 2, `facet groups: ${Object.keys(first[0]!.facets).join(', ')}`);
    assert.deepEqual(first[1], first[0], 'first view');

    const steps: [string, (p: Page) => Promise<unknown>][] = [
      ['sort by title', (p) => p.locator('catalog-sort-select select').selectOption('title')],
      ['next page', (p) => p.locator('.esbPage--next').first().click()],
      ['term "population"', async (p) => {
        const input = p.locator('input[role="combobox"]').first();
        await input.fill('population');
        await input.press('Enter');
      }],
    ];
    let last = first[0]!;
    for (const [what, action] of steps) {
      const views = [];
      for (const p of both) views.push(await interact(p, () => action(p)));
      assert.notDeepEqual(views[0]!.uris, last.uris, `${what} changed the rows`);
      assert.deepEqual(views[1], views[0], what);
      last = views[0]!;
    }
    assert.ok(last.titles.includes('The population of bees'), last.titles.join(' | '));
    // a facet click: the value with the most hits of the first group
    const group = Object.keys(last.facets)[0]!;
    const values = last.facets[group]!;
    const pick = values.reduce((best, v, i) => (!v.selected && v.count > values[best]!.count ? i : best), 0);
    const views = [];
    for (const p of both) views.push(await interact(p, () => clickFacet(p, group, pick)));
    assert.equal(views[0]!.uris.length, values[pick]!.count, `facet ${group} "${values[pick]!.label}"`);
    assert.deepEqual(views[1], views[0], `facet ${group} "${values[pick]!.label}"`);
    assert.deepEqual(fromStore.problems, []);
    assert.deepEqual(fromFile.problems, []);
    for (const p of both) await p.close();
  });

  test('landing pages by #esc_uri: every dataset shows the same title, description and distributions as from the dev store', async () => {
    const datasets = await listEntries(store.url, DATASET);
    assert.equal(datasets.length, 13);
    const view = '<dataset-view hl="2"></dataset-view>';
    const fromStore = await open(pageHtml(storeConfig(store.url), view));
    const fromFile = await open(pageHtml(fileConfig(catalogUrl), view));
    const seen: string[] = [];
    for (const d of datasets) {
      const got = [];
      for (const { page } of [fromStore, fromFile]) {
        // #esc_uri=… in the address and a fresh <dataset-view> (the page, and its opened file, stay)
        await showEntry(page, d.uri);
        got.push(await landing(page));
      }
      // a file inside the dev store (uploaded at its start, `<1>` of demo/catalog; the SwedishPolls CSV the job API
      // seeds) has a download link there; a plain file has no store to hold files
      const storeFiles = await fromStore.page.locator(`dataset-view a[href^="${store.url}"]`).count();
      assert.deepEqual(got[0]!.state, ['ready'], d.uri);
      assert.ok(got[0]!.title, d.uri);
      assert.equal(got[0]!.distributions.length, d.distributions, d.uri);
      if (storeFiles > 0) {
        const { distributions: _a, ...rest } = got[1]!;
        const { distributions: _b, ...expected } = got[0]!;
        assert.deepEqual(rest, expected, d.uri);
        assert.equal(got[1]!.distributions.length, got[0]!.distributions.length, d.uri);
      } else assert.deepEqual(got[1], got[0], d.uri);
      seen.push(got[1]!.title);
    }
    // titles as the file writes them
    assert.ok(seen.includes('The population of bees'), seen.join(' | '));
    assert.deepEqual(fromStore.problems, []);
    assert.deepEqual(fromFile.problems, []);
    for (const { page } of [fromStore, fromFile]) await page.close();
  });

  test('a landing page by #esc_lookup (dcterms:identifier) shows the dataset from the file', async () => {
    const view = '<dataset-view hl="2"></dataset-view>';
    const hash = `#esc_lookup=${encodeURIComponent('https://data.exampleMS.gov/id/dataset/1T2p3o4B')}`;
    const fromStore = await open(pageHtml(storeConfig(store.url), view), hash);
    const fromFile = await open(pageHtml(fileConfig(catalogUrl), view), hash);
    const got = [await landing(fromStore.page), await landing(fromFile.page)];
    assert.deepEqual(got[1]!.state, ['ready']);
    assert.equal(got[1]!.title, 'The population of bees');
    assert.match(got[1]!.description, /population of bees based on a yearly inquiry/);
    assert.deepEqual(got[1], got[0]);
    assert.deepEqual(fromStore.problems, []);
    assert.deepEqual(fromFile.problems, []);
    for (const { page } of [fromStore, fromFile]) await page.close();
  });

  test('a Swedish catalog in RDF/XML (civictech.se): as many results as dcat:Dataset in the file', skipUnless(CIVICTECH), async () => {
    const inFile = datasetsInFile(CIVICTECH!);
    assert.ok(inFile.length >= 2, `${inFile.length} datasets in the file`);
    const { page, problems } = await open(pageHtml(fileConfig(`${files.origin}/se/civictech.rdf`), SEARCH));
    const view = await searchView(page);
    assert.match(view.results, new RegExp(`\\b${inFile.length}\\b`), view.results);
    assert.equal(view.uris.length, Math.min(10, inFile.length));
    assert.deepEqual(view.uris.filter((u) => !inFile.includes(u)), [], 'every row is a dcat:Dataset of the file');
    assert.deepEqual(problems, []);
    await page.close();
  });

  describe('the bundle on a third origin', () => {
    let bundle: FileHost;
    before(async () => {
      bundle = await startPageHost('localhost', new Map(), true);
    });
    after(async () => {
      await bundle?.close();
    });

    test('the worker starts from a blob: module that imports the bundle\'s worker chunk; the search shows the file', async () => {
      const page = await browser.newPage();
      const seen = watch(page, store.url);
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      pages.set('/bundle.html', pageHtml(fileConfig(catalogUrl), SEARCH, { bundle: bundle.origin }));
      await page.goto(`${site.origin}/bundle.html`);
      const view = await searchView(page);
      assert.match(view.results, /\b13\b/);
      assert.ok(view.titles.includes('The population of bees'), view.titles.join(' | '));
      assert.equal(workers.length, 1, workers.join('\n'));
      assert.match(workers[0]!, /^blob:http:\/\/127\.0\.0\.1:/);
      assert.ok(bundle.requests.some((p) => /^\/cdn\/assets\/worker-[\w-]+\.js$/.test(p)), bundle.requests.join('\n'));
      assert.ok(!requests.some((u) => u.startsWith(site.origin) && u.includes('/cdn/')), 'nothing of the bundle from the page origin');
      assert.deepEqual(seen.problems, []);
      await page.close();
    });

    test('a strict Content-Security-Policy refuses the blob: worker: the page thread opens the file, the results show', async () => {
      const page = await browser.newPage();
      const seen = watch(page, store.url);
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      const csp = `<meta http-equiv="Content-Security-Policy" content="script-src 'self' ${bundle.origin}; worker-src 'self'">`;
      pages.set('/csp.html', pageHtml(fileConfig(catalogUrl), SEARCH, { bundle: bundle.origin, head: csp }));
      const before = bundle.requests.length;
      await page.goto(`${site.origin}/csp.html`);
      const view = await searchView(page);
      assert.match(view.results, /\b13\b/);
      assert.ok(view.titles.includes('The population of bees'), view.titles.join(' | '));
      // the page thread parsed the file: the worker chunk was never loaded, the parser's chunk was
      assert.ok(!bundle.requests.slice(before).some((p) => /\/worker-[\w-]+\.js$/.test(p)), bundle.requests.slice(before).join('\n'));
      const refused = seen.problems.filter((p) => /Content Security Policy/.test(p));
      assert.ok(refused.length >= 1 || workers.length === 0, `the worker was refused: ${seen.problems.join('\n')}`);
      assert.deepEqual(seen.problems.filter((p) => !/Content Security Policy/.test(p)), []);
      await page.close();
    });
  });
});
