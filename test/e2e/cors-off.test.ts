/**
 * The built bundle against a store with CORS off (EntryStore's default, `entrystore.cors=off`) on another origin
 * (issue 25 points 2 and 4): the pages read it through JSONP, as EntryScape Blocks did. A landing page and a facet
 * search render, with sort and a facet click, and every store read is a JSONP script.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_CATALOG, cdnWorld, watch, type PageWatch } from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';
import { clickFacet, facetGroups, facetValues, listView, settleSearch } from './search-helpers.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';

describe('a store with CORS off, on another origin', () => {
  const world = cdnWorld([DEMO_CATALOG], { corsOrigins: [] });


  async function open(path: string): Promise<{ page: Page; seen: PageWatch; scripts: string[] }> {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith(world.store.url) && r.resourceType() === 'script') scripts.push(r.url()); });
    await page.goto(`${world.site.origin}${path}`);
    return { page, seen, scripts };
  }
  /** A refused CORS read shows in the console and as a failed request; everything else is a problem. */
  const realProblems = (seen: PageWatch): string[] => seen.problems.filter((p) => !/CORS|net::ERR_FAILED|Failed to load resource/.test(p));

  test('a landing page renders; after the first refused fetch every read is JSONP', async () => {
    const { page, seen, scripts } = await open(`/e2e/embed.html?esc_uri=${encodeURIComponent(POLLS)}`);
    assert.deepEqual(await settleBlocks(page), ['ready']);
    assert.equal((await page.locator('dataset-view h2').first().textContent())?.trim(), 'Swedish Polls');
    assert.equal(await page.locator('dataset-view li[data-distribution]').count(), 2);
    assert.ok(scripts.length >= 1 && scripts.every((u) => /[?&]callback=__catalogBlocksJsonp_[0-9a-f]{16}$/.test(u)), scripts.join('\n'));
    const fetched = seen.storeRequests.filter((u) => !scripts.includes(u));
    assert.ok(fetched.length <= 1, `only the first read tries fetch: ${fetched.join('\n')}`);
    assert.deepEqual(realProblems(seen), []);
    await page.close();
  });

  test('a facet search renders, sorts by title and narrows by a facet through JSONP', async () => {
    const { page, seen, scripts } = await open('/e2e/search.html');
    await settleSearch(page);
    const first = await listView(page);
    assert.ok(first.total >= 13 && first.uris.length > 0, `results: ${first.total}`);
    await page.locator('catalog-sort-select select').selectOption('title');
    await page.waitForFunction(() => !!document.querySelector('.esbSearchList[aria-busy="true"]') || location.href.includes('esc_sort'));
    await settleSearch(page);
    const groups = await facetGroups(page);
    assert.ok(groups.includes('theme'), groups.join());
    const theme = (await facetValues(page, 'theme'))[0]!;
    await clickFacet(page, 'theme', 0);
    await page.waitForFunction((n) => {
      const list = document.querySelector('.esbSearchList')!.closest('dataset-list, esb-datasetlist, catalog-search-list') as HTMLElement & { searchScope?: { results?: { total: number } } };
      return list.searchScope?.results?.total === n;
    }, theme.count);
    await settleSearch(page);
    assert.equal((await listView(page)).total, theme.count);
    assert.ok(scripts.length >= 3, `JSONP reads: ${scripts.length}`);
    assert.ok(scripts.some((u) => decodeURIComponent(u).includes('sort=title.en asc,title.nolang asc')), scripts.join('\n'));
    assert.deepEqual(realProblems(seen), []);
    await page.close();
  });
});
