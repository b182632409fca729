/**
 * The search page's critical path (issue 27 point 2), from the built CDN bundle. Counted, never timed:
 * - waves: every request is held and released in rounds (all requests waiting, the next round once the page has made
 *   no new request for a while). The goal — rows after 3 rounds (the page, the loader, then the search chunk, its
 *   strings and the store search together) — is a `todo`: a head start that fits the size budgets is not built yet
 *   (4 rounds now: the store search goes out once the search chunk is in). What holds: the bundler's helper file
 *   (rolldown-runtime.js) and the strings come in the same round as the search chunk (a search page and a landing
 *   page), not one round after it;
 * - the first view with a term, a facet filter and a sort in the address asks the store ONE search (never the same
 *   request twice, never a guess and then the real one);
 * - a list whose page size the loader cannot know (a `blocks` definition) shows the right rows anyway.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request, Route } from 'playwright-core';
import { cdnWorld, DEMO_CATALOG, watch } from './harness.ts';
import { rowRequests } from './search-helpers.ts';

/** A round is over once every released request is done and the page asked for nothing new for this long. */
const QUIET_MS = 800;
const MAX_ROUNDS = 8;

/** A store search that is not a lookup of resources (publisher names; a landing page's entry). */
const isSearch = (url: string, storeUrl: string) =>
  url.startsWith(`${storeUrl}search?`) && !decodeURIComponent(url).includes('resource:');

/** Rows in the list, the list not busy. */
const rowsShown = (page: Page) => page.evaluate(() => {
  const list = document.querySelector('dataset-list .esbSearchList');
  return document.querySelectorAll('dataset-list li.entryListRow').length > 0 && list?.getAttribute('aria-busy') === 'false';
});

/** Waits for the list (rendered by the layout) and for its load to complete. */
async function listSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('dataset-list') as HTMLElement & { loadComplete?: Promise<string> } | null)?.loadComplete);
  await page.evaluate(() => (document.querySelector('dataset-list') as HTMLElement & { loadComplete: Promise<string> }).loadComplete);
}

const rowTitles = (page: Page) => page.locator('dataset-list li.entryListRow .esbRowTitle').allTextContents()
  .then((all) => all.map((t) => t.trim()));

/**
 * Opens `url` with every request held, releasing them in rounds; returns the round after which `shown` holds and what
 * each round released (file names, `store search`, `store lookup`).
 */
async function wavesUntilShown(page: Page, url: string, storeUrl: string, shown = () => rowsShown(page)): Promise<{ waves: number; rounds: string[][] }> {
  const held: Route[] = [];
  let open = 0;
  let lastEvent = Date.now();
  const done = (r: Request) => {
    if ((r as Request & { released?: boolean }).released) open--;
    lastEvent = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.route('**/*', (route: Route) => {
    held.push(route);
    lastEvent = Date.now();
  });
  const name = (u: string) => (u.startsWith(storeUrl) ? (isSearch(u, storeUrl) ? 'store search' : 'store lookup') : new URL(u).pathname.split('/').pop()!);
  const navigation = page.goto(url, { waitUntil: 'commit', timeout: 60_000 }).catch(() => {});
  const rounds: string[][] = [];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    // wait for the page to ask for something (or to be quiet with nothing asked)
    while (!held.length && Date.now() - lastEvent < QUIET_MS) await new Promise((r) => setTimeout(r, 50));
    const batch = held.splice(0);
    rounds.push(batch.map((r) => name(r.request().url())));
    open += batch.length;
    for (const r of batch) (r.request() as Request & { released?: boolean }).released = true;
    await Promise.all(batch.map((r) => r.continue().catch(() => {})));
    if (round === 1) await navigation;
    // this round's responses are in and the page has had time to act on them, asking only for what goes in the next round
    while (open > 0 || Date.now() - lastEvent < QUIET_MS) await new Promise((r) => setTimeout(r, 50));
    if (await shown()) return { waves: round, rounds };
  }
  return { waves: Infinity, rounds };
}

describe('search page critical path (CDN bundle)', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  test('the first result rows are in the DOM after at most 3 request waves (page, loader, then chunk + strings + store search)', {
    todo: 'issue 27 point 2: the head start (built on this branch at a5c3770) is 295 B gzip over the search page budget',
  }, async () => {
    const page = await world.browser.newPage();
    const { waves, rounds } = await wavesUntilShown(page, `${world.site.origin}/e2e/search.html`, world.store.url);
    const described = rounds.map((r, i) => `${i + 1}: ${r.join(', ')}`).join('\n');
    assert.ok(waves <= 3, `rows after ${waves} waves:\n${described}`);
    assert.ok(rounds.slice(0, waves).flat().includes('store search'), `the store search is among them:\n${described}`);
    await page.close();
  });

  test('the bundler\'s helper file and the search strings come in the round of the search chunk; rows after 4 rounds', async () => {
    const page = await world.browser.newPage();
    const { waves, rounds } = await wavesUntilShown(page, `${world.site.origin}/e2e/search.html`, world.store.url);
    const described = rounds.map((r, i) => `${i + 1}: ${r.join(', ')}`).join('\n');
    const roundOf = (name: RegExp) => rounds.findIndex((r) => r.some((f) => name.test(f)));
    const chunk = roundOf(/^search-[\w-]+\.js$/);
    assert.ok(chunk > 0, `the search chunk is loaded:\n${described}`);
    assert.equal(roundOf(/^rolldown-runtime(-[\w-]+)?\.js$/), chunk, `the helper file beside the search chunk:\n${described}`);
    assert.equal(roundOf(/^en-search-[\w-]+\.js$/), chunk, `the search strings beside it:\n${described}`);
    assert.ok(waves <= 4, `rows after ${waves} waves:\n${described}`);
    await page.close();
  });

  test('a landing page: the bundler\'s helper file and the shared strings come in the round of the landing chunk', async () => {
    const page = await world.browser.newPage();
    const polls = encodeURIComponent('https://github.com/MansMeg/SwedishPolls');
    const { rounds } = await wavesUntilShown(page, `${world.site.origin}/e2e/embed.html?esc_uri=${polls}`, world.store.url,
      () => page.evaluate(() => document.querySelector('dataset-view h2.esbTitle')?.textContent?.trim() === 'Swedish Polls'));
    const described = rounds.map((r, i) => `${i + 1}: ${r.join(', ')}`).join('\n');
    const roundOf = (name: RegExp) => rounds.findIndex((r) => r.some((f) => name.test(f)));
    const chunk = roundOf(/^landing-[\w-]+\.js$/);
    assert.ok(chunk > 0, `the landing chunk is loaded:\n${described}`);
    assert.equal(roundOf(/^rolldown-runtime(-[\w-]+)?\.js$/), chunk, `the helper file beside the landing chunk:\n${described}`);
    assert.equal(roundOf(/^en-shared-[\w-]+\.js$/), chunk, `the shared strings beside it:\n${described}`);
    await page.close();
  });

  test('the first view asks the store one search for the address\'s term, filter and sort, and shows its rows', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const theme = 'euauth:data-theme/GOVE';
    await page.goto(`${world.site.origin}/e2e/search.html#esc_term=polls&esc_theme=${theme}&esc_sort=title`);
    await listSettled(page);
    assert.deepEqual(await rowTitles(page), ['Swedish Polls']);
    const searches = seen.storeRequests.filter((u) => isSearch(u, world.store.url));
    assert.equal(searches.length, 1, `one store search on the first view:\n${searches.join('\n')}`);
    const query = new URL(searches[0]!).searchParams.get('query') ?? '';
    assert.match(query, /polls/, 'the search has the address\'s term');
    assert.match(query, /data\\-theme\\\/GOVE/, 'and its theme filter');
    assert.equal(new URL(searches[0]!).searchParams.get('sort'), 'title.en asc,title.nolang asc', 'and its sort');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('a page size the loader cannot know (a blocks definition) still shows the right rows', async () => {
    const plain = await world.browser.newPage();
    await plain.goto(`${world.site.origin}/e2e/search.html`);
    await listSettled(plain);
    const firstTen = await rowTitles(plain);
    await plain.close();
    assert.equal(firstTen.length, 10);

    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}/e2e/search-limit-override.html`);
    await listSettled(page);
    assert.deepEqual(await rowTitles(page), firstTen.slice(0, 3), 'the first three rows of the same order');
    // the count-only searches of facet values several fields hold (issue 28 point 1) are not row searches
    const searches = rowRequests(seen.storeRequests.filter((u) => isSearch(u, world.store.url)));
    assert.equal(searches.length, 1, `one store search for the rows:\n${searches.join('\n')}`);
    assert.equal(new URL(searches[0]!).searchParams.get('limit'), '3', 'the rows shown come from the search for three rows');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
