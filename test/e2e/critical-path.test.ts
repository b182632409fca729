/**
 * The critical path of a page (issue 13 point 12), from the built CDN bundle: what waits for what, seen by holding
 * one response and looking at what the page does meanwhile. No timings are asserted.
 * - A landing page asks the store for its entry, and loads its UI strings, while the landing chunk is still loading
 *   (the loader starts both), and the block then uses that answer: one entry request, never two.
 * - The landing page's title is in the DOM (the block aria-busy) while the lookups of names and files are held.
 * - A search page's rows are in the DOM while the publisher lookup is held; the names fill in after.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request, Route } from 'playwright-core';
import { cdnWorld, DEMO_CATALOG, watch } from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
/** How long a held step waits for what should happen meanwhile before the test gives up (a failure, not a timing). */
const GIVE_UP_MS = 10_000;

/** A promise and its resolve function. */
function gate<T = void>(): { promise: Promise<T>; open: (v: T) => void } {
  let open!: (v: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const orGiveUp = <T>(p: Promise<T>, fallback: T): Promise<T> =>
  Promise.race([p, new Promise<T>((resolve) => setTimeout(resolve, GIVE_UP_MS, fallback))]);

/** A store search that looks resources up (the batched lookups; also a landing page's entry by `esc_uri`). */
const isLookup = (url: string) => decodeURIComponent(url).includes('resource:');

describe('critical path of the CDN pages', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  test('a landing page requests its entry and its UI strings while the landing chunk loads, and requests the entry once', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    // requests made before the landing chunk has arrived (it is held until both were asked for, or GIVE_UP_MS)
    const meanwhile: string[] = [];
    const entryAsked = gate<boolean>();
    const stringsAsked = gate<boolean>();
    const landingChunk = /\/landing-[\w-]+\.js$/;
    let chunkArrived = false;
    page.on('request', (r: Request) => {
      if (chunkArrived) return;
      meanwhile.push(r.url());
      if (r.url().startsWith(world.store.url)) entryAsked.open(true);
      if (/\/en-[\w-]+\.js$/.test(r.url())) stringsAsked.open(true);
    });
    await page.route(landingChunk, async (route: Route) => {
      await orGiveUp(Promise.all([entryAsked.promise, stringsAsked.promise]), [false, false]);
      chunkArrived = true;
      await route.continue();
    });
    await page.goto(`${world.site.origin}/e2e/embed.html?esc_uri=${encodeURIComponent(POLLS)}`);
    assert.deepEqual(await settleBlocks(page), ['ready']);
    assert.ok(meanwhile.some((u) => u.startsWith(world.store.url) && isLookup(u)),
      `the entry request goes out before the landing chunk is loaded; requested meanwhile: ${meanwhile.join(', ') || 'nothing'}`);
    assert.ok(meanwhile.some((u) => /\/en-[\w-]+\.js$/.test(u)), `the landing UI strings load alongside: ${meanwhile.join(', ')}`);
    const entryRequests = seen.storeRequests.filter((u) => u === seen.storeRequests[0]);
    assert.equal(entryRequests.length, 1, `one entry request, never two: ${seen.storeRequests.join('\n')}`);
    assert.equal((await page.locator('dataset-view h2.esbTitle').textContent())?.trim(), 'Swedish Polls');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('the title is in the DOM while the lookups are held; names and files fill in after', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const release = gate();
    const held = gate<boolean>();
    let first = true;
    await page.route((url) => url.href.startsWith(world.store.url), async (route: Route) => {
      // the entry (the first store request) goes through; every lookup after it waits
      if (first) {
        first = false;
        return route.continue();
      }
      held.open(true);
      await release.promise;
      await route.continue();
    });
    await page.goto(`${world.site.origin}/e2e/embed.html?esc_uri=${encodeURIComponent(POLLS)}`);
    assert.equal(await orGiveUp(held.promise, false), true, 'a lookup after the entry is asked for');
    const early = await page.waitForFunction(() => {
      const el = document.querySelector('dataset-view') as (HTMLElement & { state: string }) | null;
      const title = el?.querySelector('h2.esbTitle')?.textContent?.trim();
      return title ? { title, state: el!.state, busy: el!.querySelector('.esbBlock')?.getAttribute('aria-busy') ?? null } : false;
    }, undefined, { timeout: GIVE_UP_MS }).then((h) => h.jsonValue()).catch(() => undefined);
    assert.deepEqual(early, { title: 'Swedish Polls', state: 'loading', busy: 'true' }, 'the title shows while the lookups are held, the block busy');
    release.open();
    assert.deepEqual(await settleBlocks(page), ['ready']);
    const after = await page.evaluate(() => {
      const el = document.querySelector('dataset-view')!;
      return {
        busy: el.querySelector('.esbBlock')?.getAttribute('aria-busy') ?? null,
        publisher: el.querySelector('.esbPublisher a')?.textContent?.trim(),
        rows: el.querySelectorAll('li[data-distribution]').length,
      };
    });
    assert.deepEqual(after, { busy: null, publisher: 'Swedish Opinion Polls', rows: 2 });
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('a search page shows its rows while the publisher lookup is held; the names fill in after', async () => {
    const page: Page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const release = gate();
    const held = gate<boolean>();
    await page.route((url) => url.href.startsWith(world.store.url) && isLookup(url.href), async (route: Route) => {
      held.open(true);
      await release.promise;
      await route.continue();
    });
    await page.goto(`${world.site.origin}/e2e/search.html`);
    assert.equal(await orGiveUp(held.promise, false), true, 'the publisher lookup is asked for');
    const rows = await page.waitForFunction(() => {
      const list = document.querySelector('dataset-list .esbSearchList');
      const n = document.querySelectorAll('dataset-list li.entryListRow').length;
      return n > 0 && list?.getAttribute('aria-busy') === 'false' ? n : 0;
    }, undefined, { timeout: GIVE_UP_MS }).then((h) => h.jsonValue()).catch(() => 0);
    assert.ok(rows > 0, 'rows are in the DOM (the list not busy) while the publisher lookup is held');
    const namesWhileHeld = await page.locator('dataset-list .esbRowPublisher').count();
    release.open();
    await page.evaluate(() => (document.querySelector('dataset-list') as HTMLElement & { loadComplete: Promise<string> }).loadComplete);
    const namesAfter = await page.locator('dataset-list .esbRowPublisher').count();
    assert.ok(namesAfter > namesWhileHeld, `publisher names fill in (${namesWhileHeld} while held, ${namesAfter} after)`);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
