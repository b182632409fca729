/**
 * Rich dataset content (issue 9) from the built CDN bundle on a host page of another origin, reading the dev store's
 * demo catalog: every part visible and working, at most 2 store API requests (+1 for files inside the store) with
 * every parameter on (file, WMS and CSV fetches are not store requests), no rich chunk downloaded with every
 * parameter off, and nothing the page complains about.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cdnWorld, DEMO_CATALOG, watch, type PageWatch } from './harness.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
const MAPS = 'https://demo.catalog-blocks.example/dataset/demo-maps';
const GEODATA = 'https://demo.catalog-blocks.example/dataset/swedish-geodata';
const ALL_ON = {
  'include-data-preview': 'true', 'include-visualizations': 'true', 'include-tabbed-visualizations': 'true',
  'include-auto-visualizations': 'true', 'include-indicators': 'true', 'include-extras': 'true',
};
/** Chunks of the rich content: none of them may load while every parameter is off. */
const RICH_CHUNKS = /^(slots|visualization|charts|extras|indicators|ol|wms|data-preview|preview|load|spatial|row-indicators)-/;

describe('rich dataset content from the CDN bundle (cross-origin)', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  /** Store API requests (entries, searches), not file, WMS or RowStore fetches (those are data, not the catalog). */
  const apiRequests = (all: readonly string[]) => all.filter((u) => /\/store\/(search|\d+\/(entry|metadata)\/)/.test(new URL(u).pathname + new URL(u).search)
    || new URL(u).pathname.endsWith('/search'));
  function overBudget(requests: readonly string[]): boolean {
    const files = requests.filter((u) => decodeURIComponent(u).replace(/\\/g, '').includes(`resource:${world.store.url}`)).length;
    return requests.length - files > 2 || files > 1;
  }

  /** A fresh <dataset-view> for `uri` with `attrs` on the plain embed page; resolves with its load state. */
  async function open(uri: string, attrs: Record<string, string>): Promise<{ page: Page; seen: PageWatch; state: string }> {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}/e2e/rich.html`);
    const state = await page.evaluate(async ({ uri, attrs }) => {
      window.history.replaceState(null, '', `#esc_uri=${encodeURIComponent(uri)}`);
      const el = document.createElement('dataset-view') as HTMLElement & { loadComplete: Promise<string> };
      el.setAttribute('hl', '2');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.querySelector('main')!.append(el);
      await customElements.whenDefined('dataset-view');
      return el.loadComplete;
    }, { uri, attrs });
    return { page, seen, state };
  }

  const waitFor = (page: Page, selector: string) => page.waitForSelector(selector, { state: 'attached', timeout: 20_000 });
  const jsFiles = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)
    .filter((n) => /\.m?js$/.test(new URL(n).pathname)).map((n) => new URL(n).pathname.split('/').pop()!));

  test('every parameter off: no rich chunk is downloaded, yet JSON-LD is in the head', async () => {
    const { page, seen, state } = await open(POLLS, {});
    assert.equal(state, 'ready');
    await page.waitForFunction(() => document.head.querySelectorAll('script[type="application/ld+json"]').length === 1);
    const ld = JSON.parse(await page.evaluate(() => document.head.querySelector('script[type="application/ld+json"]')!.textContent!));
    assert.equal(ld['@type'], 'Dataset');
    assert.equal(ld.name, 'Swedish Polls');
    const files = await jsFiles(page);
    assert.deepEqual(files.filter((f) => RICH_CHUNKS.test(f)), [], files.join(' '));
    assert.equal(await page.locator('.esbIndicators, catalog-preview-toggle, catalog-visualization, catalog-dataset-extras').count(), 0);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('every parameter on (Swedish Polls): indicators, tabs, preview, charts, showcase and idea — 2 store API requests at most', async () => {
    const { page, seen, state } = await open(POLLS, ALL_ON);
    assert.equal(state, 'ready');
    await waitFor(page, 'dataset-view .esbHeader ul.esbIndicators li.indicator');
    assert.ok(await page.locator('.esbIndicators li.indicator').count() >= 3);
    // Tabs at the top, one per visualization; the Visualizations section last, every chart drawn.
    await waitFor(page, 'catalog-visualization-tabs [role="tab"]');
    const tabs = await page.locator('catalog-visualization-tabs [role="tab"]').count();
    assert.ok(tabs >= 3, `tabs: ${tabs}`);
    const states = await page.evaluate(async () => {
      await customElements.whenDefined('catalog-visualization');
      const vizs = [...document.querySelectorAll('section.esbVisualizations catalog-visualization')] as (HTMLElement & { loadComplete: Promise<string> })[];
      return Promise.all(vizs.map((v) => v.loadComplete));
    });
    assert.equal(states.length, tabs);
    assert.deepEqual([...new Set(states)], ['ready']);
    assert.ok(await page.locator('section.esbVisualizations catalog-visualization svg').count() >= states.length);
    // The preview of the CSV distribution: a table of its first page.
    await page.locator('button.esbPreviewButton').first().click();
    await waitFor(page, 'catalog-data-preview table tbody tr');
    assert.equal(await page.locator('catalog-data-preview table tbody tr').count(), 10);
    assert.match((await page.locator('catalog-data-preview').first().textContent()) ?? '', /2,636/);
    // Showcase and idea sections.
    await waitFor(page, 'catalog-dataset-extras section.esbShowcases');
    await waitFor(page, 'catalog-dataset-extras section.esbIdeas');
    const api = apiRequests(seen.storeRequests);
    assert.ok(api.length >= 2 && !overBudget(api), `store API requests:\n${api.join('\n')}`);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('auto WMS maps with legend and the coverage map (demo maps), and legend="false"', async () => {
    const { page, seen, state } = await open(MAPS, { 'include-auto-visualizations': 'true' });
    assert.equal(state, 'ready');
    await waitFor(page, 'section.esbAutoMaps catalog-wms-map');
    const mapState = await page.evaluate(async () => {
      await customElements.whenDefined('catalog-wms-map');
      return (document.querySelector('catalog-wms-map') as HTMLElement & { loadComplete: Promise<string> }).loadComplete;
    });
    assert.equal(mapState, 'ready');
    await waitFor(page, 'catalog-wms-map .esbMapLegend img');
    await waitFor(page, '.esbFurtherInfo catalog-spatial-map');
    assert.deepEqual(seen.problems, []);
    await page.close();
    const off = await open(MAPS, { 'include-auto-visualizations': 'true', legend: 'false' });
    await waitFor(off.page, 'catalog-wms-map .esbMapLayers, catalog-wms-map fieldset');
    await off.page.evaluate(async () => {
      await customElements.whenDefined('catalog-wms-map');
      await (document.querySelector('catalog-wms-map') as HTMLElement & { loadComplete: Promise<string> }).loadComplete;
    });
    assert.equal(await off.page.locator('catalog-wms-map .esbMapLegend').count(), 0);
    await off.page.close();
  });

  test('a bounding box with maps off reads as coordinates; a named place stays a link', async () => {
    const { page, state } = await open(GEODATA, {});
    assert.equal(state, 'ready');
    await waitFor(page, '.esbFurtherInfo .esbCoverageText');
    assert.match((await page.locator('.esbCoverageText').first().textContent()) ?? '', /West .*South .*East .*North/);
    assert.ok(await page.locator('.esbFurtherInfo dd a[href*="country/SWE"]').count() >= 1);
    await page.close();
  });

  test('a list layout with indicators shows badges in the rows; an expanded row gets its rich parts', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}/e2e/rich.html`);
    await page.evaluate(() => {
      const el = document.createElement('dataset-list-layout');
      for (const [k, v] of Object.entries({ 'include-indicators': 'true', 'include-data-preview': 'true' })) el.setAttribute(k, v);
      document.querySelector('main')!.append(el);
    });
    await waitFor(page, 'dataset-list-layout li.esbRow .esbIndicators li.indicator');
    const row = page.locator('li.esbRow', { hasText: 'Swedish Polls' }).first();
    await row.locator('button.esbRowExpandButton').click();
    await waitFor(page, 'li.esbRow catalog-preview-toggle');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
