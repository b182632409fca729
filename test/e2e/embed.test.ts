/**
 * The built CDN bundle embedded in plain host pages on one origin, reading from the dev store on another origin:
 * ES module and classic-script (IIFE) forms, the store request budget of a landing page.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  DATASET, DATA_SERVICE, cdnWorld, DEMO_CATALOG, LEAKS, listEntries, root, watch,
} from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
const AIRCRAFT = 'https://github.com/civictechsweden/oppna-luftfartygsregistret';

describe('CDN bundle embedded cross-origin', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  /**
   * The landing-page request budget (README, Requests): the entry, then one batched lookup of what it links to;
   * plus, in catalog mode, one batched lookup of the files INSIDE the store that distributions download from (their
   * names and sizes; the demo's SwedishPolls CSV distribution has an uploaded file since the job API seeds it).
   */
  function overBudget(requests: readonly string[]): boolean {
    const storeFileLookup = (u: string) => decodeURIComponent(u).replace(/\\/g, '').includes(`resource:${world.store.url}`);
    const files = requests.filter(storeFileLookup).length;
    return requests.length - files > 2 || files > 1;
  }

  const open = (path: string) => world.open(path);

  test('the ES module renders a demo dataset from a store on another origin, within the store request budget', async () => {
    const { page, seen } = await open(`/e2e/embed.html?esc_uri=${encodeURIComponent(POLLS)}`);
    assert.deepEqual(await settleBlocks(page), ['ready']);
    assert.ok((await downloadedJs(page)).some((f) => f === 'catalog-blocks.js'));
    assert.notEqual(new URL(world.store.url).origin, world.site.origin, 'store and page must be different origins');
    assert.equal((await page.locator('dataset-view h2').first().textContent())?.trim(), 'Swedish Polls');
    // the CSV distribution and the connected API distribution
    assert.equal(await page.locator('dataset-view li[data-distribution]').count(), 2);
    const text = (await page.locator('dataset-view').textContent()) ?? '';
    for (const leak of LEAKS) assert.doesNotMatch(text, leak);
    assert.ok(seen.storeRequests.length >= 1 && !overBudget(seen.storeRequests), `store requests: ${seen.storeRequests.join('\n')}`);
    assert.ok(seen.storeRequests.some((u) => decodeURIComponent(u).replace(/\\/g, '').includes(`resource:${world.store.url}`)),
      'the uploaded file of the CSV distribution is looked up (its name and size are shown)');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('every dataset and data service of the demo catalog: a landing page makes at most 2 store requests (+1 for files in the store)', async () => {
    const entries = [...await listEntries(world.store.url, DATASET), ...await listEntries(world.store.url, DATA_SERVICE)];
    assert.ok(entries.length >= 13, `demo catalog entries found: ${entries.length}`);
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const over: string[] = [];
    for (const e of entries) {
      const before = seen.storeRequests.length;
      await page.goto(`${world.site.origin}/e2e/embed.html?esc_uri=${encodeURIComponent(e.uri)}`);
      const states = await settleBlocks(page);
      assert.deepEqual(states, ['ready'], e.uri);
      const n = seen.storeRequests.length - before;
      if (overBudget(seen.storeRequests.slice(before))) over.push(`${e.uri}: ${n} requests\n  ${seen.storeRequests.slice(before).join('\n  ')}`);
    }
    assert.deepEqual(over, []);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('the classic script (legacy tag, Swedish page): one classic script tag, the blocks from the CDN chunks beside it', async () => {
    const { page, seen } = await open(`/e2e/embed-iife.html?esc_uri=${encodeURIComponent(AIRCRAFT)}`);
    assert.deepEqual(await settleBlocks(page), ['ready']);
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ type: s.type, src: s.src })));
    // (The JSON-LD for search engines is a data block in <head>, not a script that runs.)
    assert.deepEqual(scripts.map((s) => s.type).filter((t) => t !== 'application/ld+json'), [''], 'only a classic script on the page');
    assert.equal(await page.evaluate(() => typeof (window as unknown as { CatalogBlocks?: { loadBlocks?: unknown } })
      .CatalogBlocks?.loadBlocks), 'function');
    // the same program as a module page: the CDN loader and the landing chunk, no second copy of the blocks
    const js = await downloadedJs(page);
    assert.ok(js.includes('catalog-blocks.iife.js') && js.includes('catalog-blocks.js') && js.some((f) => f.startsWith('landing-')), js.join(' '));
    assert.equal((await page.locator('esb-datasetview h2').first().textContent())?.trim(), 'Svenska luftfartygsregistret');
    assert.equal(await page.locator('esb-datasetview li[data-distribution]').count(), 3);
    assert.ok(seen.storeRequests.length <= 2, seen.storeRequests.join('\n'));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});

/** File names of every JS file the page downloaded from the CDN bundle (performance entries: nothing is exempt). */
async function downloadedJs(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => e.name).filter((n) => n.includes('/cdn/') && /\.m?js$/.test(new URL(n).pathname))
    .map((n) => new URL(n).pathname.split('/').pop()!));
}
const gzipOf = (files: readonly string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'dist/cdn', f)), { level: 9 }).length, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The honest byte count (issue 9, Budgets): a real page from the built CDN bundle on a foreign origin, every JS file it
 * downloads summed (gzip level 9, as `npm run size`), against the budget; and `npm run size` counts the same files, so
 * its number is never below what a page really loads.
 */
describe('size budget: every JS file a page downloads', () => {
  interface PageSize { gzip: number; budget: number; files: string[]; dataset?: string }
  const world = cdnWorld([DEMO_CATALOG]);
  let size: { landing: PageSize; search: PageSize | null };

  before(async () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/size.mjs'), '--json'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    size = JSON.parse(r.stdout);
  });

  /** Loads `path` in a fresh page, waits with `settle` and a quiet moment (late lazy chunks), returns the JS it downloaded. */
  async function pageJs(path: string, settle: (page: Page) => Promise<unknown>): Promise<string[]> {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}${path}`);
    await settle(page);
    await page.waitForLoadState('networkidle');
    const js = await downloadedJs(page);
    assert.deepEqual(seen.problems, []);
    await page.close();
    return js;
  }

  /** The page's JS is what npm run size counts (every file, never fewer bytes); returns the gzip bytes downloaded. */
  function counts(what: string, js: readonly string[], counted: PageSize): number {
    const gz = gzipOf(js);
    console.log(`${what} in Chromium: ${js.length} JS files, ${kb(gz)} gzip (${js.join(', ')}); ` +
      `npm run size counts ${kb(counted.gzip)} in ${counted.files.length} files; budget ${kb(counted.budget)}`);
    assert.deepEqual(js.filter((f) => !counted.files.includes(f)), [], `${what}: downloaded but not counted by npm run size`);
    assert.ok(counted.gzip >= gz, `${what}: npm run size counts ${counted.gzip} B, the page loaded ${gz} B`);
    return gz;
  }

  function check(what: string, js: readonly string[], counted: PageSize): void {
    const gz = counts(what, js, counted);
    assert.ok(gz <= counted.budget, `${what}: ${gz} B gzip downloaded > budget ${counted.budget} B`);
  }

  test('a landing page (<dataset-view>, the representative demo dataset of npm run size) downloads at most 44 KB gzip of JS, every file counted by npm run size', async () => {
    assert.ok(size.landing.dataset, 'npm run size names its representative dataset');
    const js = await pageJs(`/e2e/embed.html?esc_uri=${encodeURIComponent(size.landing.dataset)}`, settleBlocks);
    check(`landing page of ${size.landing.dataset}`, js, size.landing);
  });

  test('a search page (<dataset-facet-search-layout include-sorting>) downloads at most 54 KB gzip of JS', async () => {
    assert.ok(size.search, 'npm run size measures the search page');
    const js = await pageJs('/e2e/search.html', (page) => page.locator('li.entryListRow').first().waitFor());
    check('search page', js, size.search);
    // V8's explicit compile hint (vite.config.ts) on the search chunk, and on no file of a landing page
    const first = (f: string) => readFileSync(join(root, 'dist/cdn', f), 'utf8').split('\n', 1)[0];
    const hinted = js.filter((f) => first(f) === '//# allFunctionsCalledOnLoad');
    assert.deepEqual(hinted, js.filter((f) => /^search-[\w-]+\.js$/.test(f)), 'the search chunk, compiled with its download');
    assert.equal(hinted.length, 1);
    assert.deepEqual(size.landing.files.filter((f) => first(f).startsWith('//#')), [], 'nothing of a landing page');
  });

  test('what every demo dataset\'s landing page downloads (reported; the budget is checked on the representative one)', async () => {
    const entries = await listEntries(world.store.url, DATASET);
    const rows: string[] = [];
    for (const e of entries) {
      const js = await pageJs(`/e2e/embed.html?esc_uri=${encodeURIComponent(e.uri)}`, settleBlocks);
      assert.ok(js.includes('catalog-blocks.js'));
      rows.push(`${kb(gzipOf(js)).padStart(8)} ${String(js.length).padStart(2)} files  ${e.uri}`);
    }
    console.log(`landing pages of the demo catalog:\n${rows.sort().join('\n')}`);
  });
});
