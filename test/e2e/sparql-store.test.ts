/**
 * Issue 29 point 3 in the browser: a page names a SPARQL endpoint (`data-sparql-url`, on another origin, answering
 * CORS as public endpoints do) and the built CDN bundle's facet search and landing page show the catalog it holds
 * (Oxigraph, loaded with the demo catalog), with one query to the endpoint and no store.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DEMO_CATALOG, launch, startSite, watch, type Running } from './harness.ts';
import { settleSearch } from './search-helpers.ts';
import { startSparqlEndpoint, type SparqlEndpoint } from '../store/sparql-endpoint.ts';

const TTL = readFileSync(DEMO_CATALOG, 'utf8');

describe('SPARQL store on the built CDN bundle (issue 29 point 3)', () => {
  let endpoint: SparqlEndpoint;
  let site: Running & { origin: string };
  let browser: Awaited<ReturnType<typeof launch>>;
  before(async () => {
    endpoint = await startSparqlEndpoint(TTL, 'https://demo.catalog-blocks.example/', 'localhost');
    site = await startSite('http://localhost:9/store/');
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await endpoint?.close();
  });

  test('a facet search and a landing page from the endpoint, one query', async () => {
    const page = await browser.newPage();
    const seen = watch(page, 'http://localhost:9/store/');
    const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SPARQL</title><link rel="icon" href="data:,">
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-sparql-url="${endpoint.url}" data-clicks='{"dataset": "/e2e/sparql-dataset.html"}'></div><main>${body}</main></body></html>`;
    await page.route(`${site.origin}/e2e/sparql-search.html`, (r) => r.fulfill({ contentType: 'text/html', body: html('<dataset-facet-search-layout></dataset-facet-search-layout>') }));
    await page.route(`${site.origin}/e2e/sparql-dataset.html*`, (r) => r.fulfill({ contentType: 'text/html', body: html('<dataset-view hl="1"></dataset-view>') }));
    await page.goto(`${site.origin}/e2e/sparql-search.html`);
    await settleSearch(page);
    const datasets = TTL.match(/\ba dcat:Dataset\b/g)!.length;
    assert.match((await page.locator('.esbResults').textContent()) ?? '', new RegExp(`\\b${datasets} datasets\\b`));
    const link = page.locator('li.entryListRow').getByRole('link', { name: 'The population of bees', exact: true });
    assert.match((await link.getAttribute('href')) ?? '', /^\/e2e\/sparql-dataset\.html#esc_uri=/);
    await link.click();
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('dataset-view h1')?.textContent ?? 'Loading'), undefined, { timeout: 20000 });
    assert.equal((await page.locator('dataset-view h1').textContent())?.trim(), 'The population of bees');
    // one CONSTRUCT per page view (the landing page is a new page), nothing else
    assert.equal(endpoint.queries.length, 2);
    assert.deepEqual(seen.storeRequests, []);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
