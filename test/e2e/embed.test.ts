/**
 * The built CDN bundle embedded in plain host pages on one origin, reading from the dev store on another origin:
 * ES module and classic-script (IIFE) forms, the store request budget of a landing page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DATASET, DATA_SERVICE, DEMO_CATALOG, LEAKS, launch, listEntries, root, startSite, startStore, watch,
  type PageWatch, type Running,
} from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
const AIRCRAFT = 'https://github.com/civictechsweden/oppna-luftfartygsregistret';

describe('CDN bundle embedded cross-origin', () => {
  let store: Running;
  let site: Running & { origin: string };
  let browser: Browser;

  before(async () => {
    assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    store = await startStore([DEMO_CATALOG]);
    site = await startSite(store.url);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await store?.close();
  });

  /**
   * The landing-page request budget (README, Requests): the entry, then one batched lookup of what it links to;
   * plus, in catalog mode, one batched lookup of the files INSIDE the store that distributions download from (their
   * names and sizes; the demo's SwedishPolls CSV distribution has an uploaded file since the job API seeds it).
   */
  function overBudget(requests: readonly string[]): boolean {
    const storeFileLookup = (u: string) => decodeURIComponent(u).replace(/\\/g, '').includes(`resource:${store.url}`);
    const files = requests.filter(storeFileLookup).length;
    return requests.length - files > 2 || files > 1;
  }

  async function open(path: string): Promise<{ page: Page; seen: PageWatch }> {
    const page = await browser.newPage();
    const seen = watch(page, store.url);
    await page.goto(`${site.origin}${path}`);
    return { page, seen };
  }

  test('the ES module renders a demo dataset from a store on another origin, within the store request budget', async () => {
    const { page, seen } = await open(`/e2e/embed.html?esc_uri=${encodeURIComponent(POLLS)}`);
    assert.deepEqual(await settleBlocks(page), ['ready']);
    const js = await page.evaluate(() => performance.getEntriesByType('resource')
      .map((e) => e.name).filter((n) => n.includes('/cdn/') && n.endsWith('.js')));
    const gz = js.reduce((n, u) => n + gzipSync(readFileSync(join(root, 'dist/cdn', new URL(u).pathname.slice(5))), { level: 9 }).length, 0);
    console.log(`landing page view of ${POLLS}: ${js.length} JS files, ${(gz / 1024).toFixed(1)} KB gzip (${js.map((u) => u.split('/').pop()).join(', ')})`);
    assert.ok(js.some((u) => u.endsWith('/catalog-blocks.js')));
    // `npm run size` must count every file the browser fetched (its landing set, or a lazy language/vocabulary chunk)
    const size = JSON.parse(spawnSync(process.execPath, [join(root, 'scripts/size.mjs'), '--json'], { encoding: 'utf8' }).stdout) as { landing: { files: string[] } };
    const uncounted = js.map((u) => u.split('/').pop()!).filter((f) => !size.landing.files.includes(f) && !/^(en|sv|de|licence|file-type|language|hvd-category|frequency)-/.test(f));
    assert.deepEqual(uncounted, [], 'JS downloaded by a landing page but not counted by npm run size');
    assert.notEqual(new URL(store.url).origin, site.origin, 'store and page must be different origins');
    assert.equal((await page.locator('dataset-view h2').first().textContent())?.trim(), 'Swedish Polls');
    // the CSV distribution and the connected API distribution
    assert.equal(await page.locator('dataset-view li[data-distribution]').count(), 2);
    const text = (await page.locator('dataset-view').textContent()) ?? '';
    for (const leak of LEAKS) assert.doesNotMatch(text, leak);
    assert.ok(seen.storeRequests.length >= 1 && !overBudget(seen.storeRequests), `store requests: ${seen.storeRequests.join('\n')}`);
    assert.ok(seen.storeRequests.some((u) => decodeURIComponent(u).replace(/\\/g, '').includes(`resource:${store.url}`)),
      'the uploaded file of the CSV distribution is looked up (its name and size are shown)');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('every dataset and data service of the demo catalog: a landing page makes at most 2 store requests (+1 for files in the store)', async () => {
    const entries = [...await listEntries(store.url, DATASET), ...await listEntries(store.url, DATA_SERVICE)];
    assert.ok(entries.length >= 13, `demo catalog entries found: ${entries.length}`);
    const page = await browser.newPage();
    const seen = watch(page, store.url);
    const over: string[] = [];
    for (const e of entries) {
      const before = seen.storeRequests.length;
      await page.goto(`${site.origin}/e2e/embed.html?esc_uri=${encodeURIComponent(e.uri)}`);
      const states = await settleBlocks(page);
      assert.deepEqual(states, ['ready'], e.uri);
      const n = seen.storeRequests.length - before;
      if (overBudget(seen.storeRequests.slice(before))) over.push(`${e.uri}: ${n} requests\n  ${seen.storeRequests.slice(before).join('\n  ')}`);
    }
    assert.deepEqual(over, []);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('the IIFE bundle works as one classic script (legacy tag, Swedish page)', async () => {
    const { page, seen } = await open(`/e2e/embed-iife.html?esc_uri=${encodeURIComponent(AIRCRAFT)}`);
    assert.deepEqual(await settleBlocks(page), ['ready']);
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ type: s.type, src: s.src })));
    assert.deepEqual(scripts.map((s) => s.type), [''], 'only a classic script on the page');
    assert.equal(await page.evaluate(() => typeof (window as unknown as { CatalogBlocks?: { DatasetView?: unknown } })
      .CatalogBlocks?.DatasetView), 'function');
    assert.equal((await page.locator('esb-datasetview h2').first().textContent())?.trim(), 'Svenska luftfartygsregistret');
    assert.equal(await page.locator('esb-datasetview li[data-distribution]').count(), 3);
    assert.ok(seen.storeRequests.length <= 2, seen.storeRequests.join('\n'));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});

describe('size budget', () => {
  interface PageSize { gzip: number; budget: number; files: string[] }
  const measured = (): { landing: PageSize; search: PageSize | null } => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/size.mjs'), '--json'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  test('the initial JS of a landing page (CDN loader + the <dataset-view> chunk + static imports) is at most 40 KB gzip', () => {
    const { landing } = measured();
    console.log(`landing page: ${(landing.gzip / 1024).toFixed(1)} KB gzip (${landing.files.join(', ')})`);
    assert.ok(landing.gzip <= landing.budget, `${landing.gzip} > ${landing.budget}`);
  });

  test('the initial JS of a search page (<dataset-facet-search-layout>) is at most 50 KB gzip', () => {
    const { search } = measured();
    assert.ok(search, 'the search blocks are built');
    console.log(`search page: ${(search.gzip / 1024).toFixed(1)} KB gzip (${search.files.join(', ')})`);
    assert.ok(search.gzip <= search.budget, `${search.gzip} > ${search.budget}`);
  });
});
