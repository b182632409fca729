/**
 * Issue 27 point 1, from the built CDN bundle: a landing page with the rich parameters on (data preview,
 * visualizations, tabbed visualizations, auto maps, indicators, showcases and ideas) shows its title, description and
 * distributions without waiting for the rich parts, which fill in below. Counts and order, never timings:
 * - request waves before the title: every request the page makes is held and released wave by wave (a wave = what
 *   the page asked for once the previous wave had arrived and the page was idle), so the count is the length of the
 *   chain of requests the title waited for, whatever the machine's speed;
 * - the title, the distributions and a loading state for each rich part are in the DOM while every rich chunk is
 *   held; released, the parts appear, and keyboard focus stays where it was.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request, Route } from 'playwright-core';
import { cdnWorld, DEMO_CATALOG, watch } from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
/** Issue 27 point 1: the goal for the rich page, and what the plain page already does. */
const MAX_WAVES = 3;
/** How long a step waits for what should happen before the test gives up (a failure, not a timing). */
const GIVE_UP_MS = 15_000;
/** A wave is complete when nothing was asked for or arrived for this long and the page's main thread is idle. */
const QUIET_MS = 300;
/** The rich content's chunks (slots.ts and what it loads; as named in test/e2e/rich.test.ts). */
const RICH_CHUNK = /\/(slots|visualization|charts|extras|dataset-extras|indicators|ol|wms|wms-map|data-preview|preview|preview-toggle|load|spatial|coverage|row-indicators)-[\w-]+\.js$/;

const title = (page: Page) => page.evaluate(() => document.querySelector('dataset-view h2.esbTitle')?.textContent?.trim() ?? '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const short = (url: string) => {
  const u = new URL(url);
  return /\/store\//.test(u.pathname) ? `store ${decodeURIComponent(u.search).includes('resource:') ? 'lookup' : 'entry'}` : u.pathname.split('/').pop()!;
};

/**
 * Opens `url` holding every request but the page itself; releases what the page asked for wave by wave until
 * `shown()` holds. Returns the waves released before that (each the short names of its requests).
 */
async function wavesUntil(page: Page, url: string, shown: () => Promise<boolean>): Promise<string[][]> {
  const held: Route[] = [];
  const outstanding = new Set<Request>();
  let last = Date.now();
  await page.route('**/*', (route: Route) => {
    const r = route.request();
    if (r.isNavigationRequest() || new URL(r.url()).pathname === '/favicon.ico') return void route.continue();
    held.push(route);
    last = Date.now();
  });
  const arrived = (r: Request) => {
    if (outstanding.delete(r)) last = Date.now();
  };
  page.on('requestfinished', arrived);
  page.on('requestfailed', arrived);
  await page.goto(url, { waitUntil: 'commit' });
  const waves: string[][] = [];
  for (;;) {
    // the wave out there has arrived, and the page has done with it what it does
    for (const end = Date.now() + GIVE_UP_MS; ;) {
      if (Date.now() > end) throw new Error(`wave ${waves.length} did not settle: ${[...outstanding].map((r) => r.url()).join(', ')}`);
      if (outstanding.size === 0 && Date.now() - last >= QUIET_MS) {
        await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 2000 })));
        if (outstanding.size === 0 && Date.now() - last >= QUIET_MS) break;
      }
      await sleep(50);
    }
    if (await shown()) return waves;
    if (held.length === 0) throw new Error(`not shown, and nothing more asked for after ${waves.length} waves: ${JSON.stringify(waves)}`);
    if (waves.length >= 15) throw new Error(`not shown after ${waves.length} waves: ${JSON.stringify(waves)}`);
    const wave = held.splice(0);
    waves.push(wave.map((route) => short(route.request().url())));
    for (const route of wave) {
      outstanding.add(route.request());
      route.continue().catch(() => {});
    }
  }
}

describe('a rich landing page shows its title first (issue 27 point 1)', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  for (const [name, path] of [['plain', 'embed.html'], ['rich', 'rich-landing.html']] as const) {
    test(`the ${name} landing page shows its title after at most ${MAX_WAVES} request waves`, async () => {
      const page = await world.browser.newPage();
      const seen = watch(page, world.store.url);
      const waves = await wavesUntil(page, `${world.site.origin}/e2e/${path}?esc_uri=${encodeURIComponent(POLLS)}`, async () => (await title(page)) === 'Swedish Polls');
      assert.ok(waves.length <= MAX_WAVES, `${waves.length} waves before the title:\n${waves.map((w, i) => `${i + 1}: ${w.join(', ')}`).join('\n')}`);
      // the rest of the page still loads (everything released from here on)
      await page.unroute('**/*');
      assert.deepEqual(await settleBlocks(page), ['ready']);
      assert.deepEqual(seen.problems, []);
      await page.close();
    });
  }

  test('title, description and distributions are in while every rich chunk is held; each rich part shows a loading state, then fills in, focus kept', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const held: Route[] = [];
    let release: (() => void) | undefined;
    await page.route(RICH_CHUNK, (route: Route) => {
      if (release) return void route.continue();
      held.push(route);
    });
    await page.goto(`${world.site.origin}/e2e/rich-landing.html?esc_uri=${encodeURIComponent(POLLS)}`);
    const early = await page.waitForFunction(() => {
      const el = document.querySelector('dataset-view');
      const rows = el?.querySelectorAll('li[data-distribution]').length ?? 0;
      const t = el?.querySelector('h2.esbTitle')?.textContent?.trim();
      return t && rows > 0 ? {
        title: t,
        description: Boolean(el!.querySelector('.esbDescription')?.textContent?.trim()),
        rows,
        // a loading state for the parts: busy, saying "Loading…", never "nothing"
        pending: [...el!.querySelectorAll('[aria-busy="true"]')].map((p) => p.textContent?.replace(/\s+/g, ' ').trim()).filter(Boolean),
      } : false;
    }, undefined, { timeout: GIVE_UP_MS }).then((h) => h.jsonValue()).catch(() => undefined);
    assert.ok(early, `title and distributions while the rich chunks are held (held: ${held.map((r) => short(r.request().url())).join(', ') || 'none'})`);
    assert.equal(early.title, 'Swedish Polls');
    assert.equal(early.description, true);
    assert.equal(early.rows, 2);
    assert.ok(early.pending.length >= 3 && early.pending.every((t) => t === 'Loading…'), `loading states of the rich parts: ${JSON.stringify(early.pending)}`);
    assert.ok(held.length > 0, 'the rich content was asked for');
    assert.equal(await page.locator('.esbIndicators li.indicator, catalog-preview-toggle, catalog-visualization-tabs, catalog-visualization').count(), 0,
      'no rich part before its chunk');
    // the reader's keyboard focus, on a distribution's expand button, stays there while the parts arrive
    // where the distributions and "Further information" stand while the parts load (their places reserved)
    const places = () => page.evaluate(() => ['.esbDistributions', '.esbFurtherInfo'].map((s) => Math.round(document.querySelector(`dataset-view ${s}`)!.getBoundingClientRect().top + window.scrollY)));
    const before = await places();
    const button = page.locator('dataset-view li[data-distribution] button.esbExpandButton').first();
    await button.focus();
    const focused = await button.getAttribute('aria-controls');
    release = () => {};
    for (const route of held.splice(0)) await route.continue().catch(() => {});
    await page.waitForSelector('dataset-view .esbHeader .esbIndicators li.indicator', { state: 'attached', timeout: GIVE_UP_MS });
    await page.waitForSelector('dataset-view catalog-visualization-tabs [role="tab"]', { state: 'attached', timeout: GIVE_UP_MS });
    await page.waitForSelector('dataset-view catalog-preview-toggle button.esbPreviewButton', { state: 'attached', timeout: GIVE_UP_MS });
    await page.waitForSelector('dataset-view section.esbVisualizations catalog-visualization', { state: 'attached', timeout: GIVE_UP_MS });
    await page.waitForSelector('dataset-view catalog-dataset-extras section.esbShowcases', { state: 'attached', timeout: GIVE_UP_MS });
    assert.deepEqual(await settleBlocks(page), ['ready']);
    // the tabs' first chart drawn: the parts above the distributions are at their final height
    await page.waitForSelector('dataset-view catalog-visualization-tabs [role="tabpanel"]:not([hidden]) svg', { state: 'attached', timeout: GIVE_UP_MS });
    const moved = (await places()).map((top, i) => Math.abs(top - before[i]!));
    assert.ok(moved.every((d) => d <= 24), `the distributions and further information moved ${moved.join(' and ')} px when the parts arrived (at most 24)`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls') ?? document.activeElement?.localName), focused, 'focus stays on the expand button');
    // every loading state has given way to its part
    assert.equal(await page.locator('dataset-view .esbRichPending').count(), 0);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
