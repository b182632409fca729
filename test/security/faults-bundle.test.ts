/**
 * Issue 8, proof (faults, from the BUILT CDN bundle): every block kind on a host page of another origin meets each
 * store fault (injected with Playwright's request routing between the page and the dev store), must show a visible
 * error — never an empty-catalog text — and must recover with its "Try again" once the store answers again, with no
 * uncaught error or unhandled rejection in the page. The finer matrix (wrong shapes, timeouts, focus, the landing
 * page's related-lookup failure) runs against the sources in test/blocks/faults*.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { launchOptions } from '../../scripts/browser.mjs';
import { DATASET, DATA_SERVICE, DEMO_CATALOG, listEntries, startSite, startStore, type ListedEntry, type Running } from '../e2e/harness.ts';

type Fault = (route: Route) => Promise<void>;
// The page (127.0.0.1) and the store (localhost) are different origins: fulfilled answers carry the store's CORS header.
const CORS = { 'Access-Control-Allow-Origin': '*' };
const json = (body: string, status = 200) => ({ status, contentType: 'application/json', headers: CORS, body });
const isSearch = (url: string) => new URL(url).pathname.endsWith('/search');

const FAULTS: Record<string, Fault> = {
  network: (r) => r.abort('connectionrefused'),
  status500: (r) => r.fulfill(json('{"error":"fault"}', 500)),
  search404: (r) => (isSearch(r.request().url()) ? r.fulfill(json('{"error":"There is no resource at this URI."}', 404)) : r.fallback()),
  garbageJson: (r) => r.fulfill(json('{"resource": {"children": [}} garbage')),
  truncatedJson: async (r) => {
    const real = await r.fetch();
    const body = await real.text();
    await r.fulfill(json(body.slice(0, Math.floor(body.length / 2))));
  },
  nullBody: (r) => r.fulfill(json('null')),
  emptyBody: (r) => r.fulfill(json('')),
  resourceMissing: (r) =>
    isSearch(r.request().url()) ? r.fulfill(json('{"results": 14, "limit": 10, "offset": 0, "facetFields": []}')) : r.fulfill(json('[]')),
  html200: (r) => r.fulfill({ status: 200, contentType: 'text/html', headers: CORS, body: '<!doctype html><title>Proxy</title><p>Bad gateway</p>' }),
};

const EMPTY_TEXTS = ['There are no datasets to show', 'Showing all', 'No datasets match'];

interface Kind {
  name: string;
  body(ids: { ds: ListedEntry; svc: ListedEntry }): string;
  /** Selector that holds once real content is shown. */
  content: string;
}

const LAYOUTS = ['dataset-list-layout', 'dataset-simple-search-layout', 'dataset-multi-search-layout', 'dataset-facet-search-layout',
  'dataset-compact-facet-search-layout', 'dataset-facet-search-portal-layout'];

const KINDS_ALL: Kind[] = [
  { name: 'dataset-view', body: ({ ds }) => `<dataset-view context="${ds.contextId}" entry="${ds.entryId}"></dataset-view>`, content: '.esbDatasetView h1' },
  { name: 'dataservice-view', body: ({ svc }) => `<dataservice-view context="${svc.contextId}" entry="${svc.entryId}"></dataservice-view>`, content: '.esbDataserviceView h1' },
  { name: 'dataset-list', body: () => '<dataset-list></dataset-list>', content: 'ul.entryList > li' },
  { name: 'search + results + list', body: () => '<dataset-search></dataset-search><dataset-results></dataset-results><dataset-list></dataset-list>', content: 'ul.entryList > li' },
  { name: 'dataset-facets', body: () => '<dataset-facets></dataset-facets>', content: 'a.esbFacets__optionLink' },
  ...LAYOUTS.map((tag) => ({ name: tag, body: () => `<${tag}></${tag}>`, content: 'ul.entryList > li' })),
];

/** FAULTS_ONLY=<block kind name> runs one block kind (while working on it). */
const KINDS = process.env.FAULTS_ONLY ? KINDS_ALL.filter((k) => k.name === process.env.FAULTS_ONLY) : KINDS_ALL;
let store: Running;
let site: Running & { origin: string };
let browser: Browser;
let ids: { ds: ListedEntry; svc: ListedEntry };
const counts = { cases: 0, recovered: 0 };

before(async () => {
  store = await startStore([DEMO_CATALOG]);
  site = await startSite(store.url);
  // Requests that Playwright intercepts and then lets through lose their address-space information, which Chromium's
  // local-network-access check then refuses (page on 127.0.0.1, store on localhost): switch that check off here only.
  const options = launchOptions();
  browser = await chromium.launch({
    ...options,
    args: [...options.args, '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests'],
  });
  const [datasets, services] = await Promise.all([listEntries(store.url, DATASET), listEntries(store.url, DATA_SERVICE)]);
  ids = { ds: datasets.find((d) => d.distributions > 0) ?? datasets[0]!, svc: services[0]! };
});

after(async () => {
  console.log(`[faults-bundle] ${Object.keys(FAULTS).length} fault kinds × ${KINDS.length} block kinds: ${counts.cases} cases, ${counts.recovered} recovered`);
  await browser?.close();
  await site?.close();
  await store?.close();
});

function hostPage(kind: Kind): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Faults</title>
    <script type="module" src="/cdn/catalog-blocks.js"></script></head>
    <body><div data-portal-config data-store-url="${store.url}" hidden></div><main>${kind.body(ids)}</main></body></html>`;
}

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' '));
}

describe('fault matrix from the built CDN bundle', () => {
  for (const kind of KINDS) {
    for (const [faultName, fault] of Object.entries(FAULTS)) {
      test(`${kind.name} × ${faultName}: visible error, "Try again" recovers, no uncaught errors`, async () => {
        counts.cases++;
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
        await page.addInitScript(() => {
          window.addEventListener('unhandledrejection', (e) => {
            (window as unknown as { __rejections: string[] }).__rejections ??= [];
            (window as unknown as { __rejections: string[] }).__rejections.push(String(e.reason));
          });
        });
        try {
          const pageUrl = `${site.origin}/e2e/faults-${encodeURIComponent(kind.name)}.html`;
          await page.route(pageUrl, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: hostPage(kind) }));
          let faulty = true;
          await page.route(`${store.url}**`, (r) => (faulty ? fault(r) : r.fallback()));
          await page.goto(pageUrl);
          await page.waitForSelector('main .esbError, main .esbRelatedFailed', { timeout: 20_000 });
          const shown = await visibleText(page);
          for (const empty of EMPTY_TEXTS) assert.ok(!shown.includes(empty), `${kind.name} × ${faultName} shows "${empty}"`);

          faulty = false;
          const retry = page.locator('main button.esbRetry:visible').first();
          await retry.click();
          await page.waitForSelector(`main ${kind.content}`, { timeout: 20_000 }).catch(async (e: unknown) => {
            throw new Error(`${String(e)}\nshown: ${(await visibleText(page)).slice(0, 300)}\nproblems: ${problems.join('; ')}`);
          });
          await page.waitForFunction(() => !document.querySelector('main .esbError, main .esbRelatedFailed'), undefined, { timeout: 20_000 });
          counts.recovered++;
          const rejections = await page.evaluate(() => (window as unknown as { __rejections?: string[] }).__rejections ?? []);
          assert.deepEqual(rejections, [], 'no unhandled rejections');
          assert.deepEqual(problems, [], 'no uncaught errors');
        } finally {
          await page.close();
        }
      });
    }
  }
});
