/**
 * Drop-in compatibility (issue 10): pages written the way existing EntryScape Blocks pages are written (the vendor's
 * documented forms, a municipality CMS module with a `blocks` override list and custom templates, a national portal
 * SPA with `clicks`, RegExp `routes`, the readiness promise, `init()` and `clear()`), with the vendor scripts swapped
 * for the built `catalog-blocks.js`, on a foreign origin against the dev world.store. The store holds three catalogs (three
 * contexts), so the global `context` key is observable: every page asks for context "1" only.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  DATASET, cdnWorld, DEMO_CATALOG, LEAKS, listEntries, root, 
  type ListedEntry, 
} from './harness.ts';
import { settledLists } from './browser-helpers.ts';

/** Two more catalogs (contexts 2 and 3): SEMIC's DCAT-AP examples, copied into the repository (CC BY 4.0, NOTICE.md). */
const OTHER_CATALOGS = [
  join(root, 'test/fixtures/semic/example-bee-population.ttl'),
  join(root, 'test/fixtures/semic/example-ms_dataset.ttl'),
];

describe('existing EntryScape Blocks pages with the script swapped for catalog-blocks.js', () => {
  const world = cdnWorld([DEMO_CATALOG, ...OTHER_CATALOGS]);
  /** The public datasets of context "1" (the demo catalog), and how many the whole store has. */
  let inContext: ListedEntry[];
  let all: ListedEntry[];

  before(async () => {
    all = await listEntries(world.store.url, DATASET);
    inContext = all.filter((e) => e.contextId === '1');
  });

  const open = (path: string) => world.open(`/e2e/legacy/${path}`);


  /** Rows of the list inside `selector`, and that list's total. */
  const listOf = (page: Page, selector: string) => page.evaluate((selector) => {
    const host = document.querySelector(selector)!;
    type Listing = HTMLElement & { searchScope?: { results?: { total: number } } };
    const list = (host.matches('dataset-list, esb-datasetlist, catalog-search-list') ? host : host.querySelector('dataset-list, esb-datasetlist, catalog-search-list')) as Listing | null;
    return {
      rows: [...host.querySelectorAll<HTMLElement>('li.entryListRow')].map((li) => li.dataset.uri ?? ''),
      links: [...host.querySelectorAll<HTMLAnchorElement>('li.entryListRow a[href]')].map((a) => a.getAttribute('href') ?? ''),
      total: list?.searchScope?.results?.total ?? -1,
      clickExpand: (list as (Listing & { params?: Record<string, unknown> }) | null)?.params?.clickExpand,
      text: host.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    };
  }, selector);

  const landingOf = async (page: Page, selector: string) => {
    await page.waitForFunction((s) => {
      const el = document.querySelector(s);
      return !!el && !!el.querySelector('.esbLanding, .esbState:not(.esbLoading)');
    }, selector, { timeout: 20000 });
    return page.evaluate((s) => {
      const el = document.querySelector(s)!;
      return {
        tag: el.localName,
        heading: el.querySelector('.esbLanding h1, .esbLanding h2, .esbLanding h3')?.localName ?? '',
        title: el.querySelector('.esbLanding .esbTitle')?.textContent?.trim() ?? '',
        previewToggles: el.querySelectorAll('catalog-preview-toggle').length,
        state: el.querySelector('.esbState:not(.esbRelatedFailed)')?.className ?? '',
      };
    }, selector);
  };

  const entryHash = (e: ListedEntry) => `#esc_entry=${e.entryId}&esc_context=${e.contextId}`;

  test('the store really has other contexts (otherwise the context tests below prove nothing)', () => {
    assert.ok(inContext.length >= 10, `${inContext.length}`);
    assert.ok(all.length > inContext.length, `${all.length} vs ${inContext.length}`);
  });

  test('data-entryscape="datasetView" with data-entryscape-* parameters renders the dataset, same store requests as the tag page', async () => {
    const target = inContext.find((e) => e.distributions > 0)!;
    const legacy = await open(`attributes.html${entryHash(target)}`);
    const shown = await landingOf(legacy.page, '[data-entryscape="datasetView"]');
    assert.equal(shown.state, '');
    assert.equal(shown.heading, 'h2', 'data-entryscape-hl="2"');
    assert.ok(shown.title.length > 0);
    assert.equal(shown.previewToggles, 0, 'data-entryscape-include-data-preview="false"');
    assert.ok(await legacy.page.evaluate(() => document.querySelector('[data-entryscape="datasetView"]')!.classList.contains('entryscape')));

    const tags = await open(`tags.html${entryHash(target)}`);
    const baseline = await landingOf(tags.page, 'dataset-view');
    assert.equal(baseline.title, shown.title);
    await Promise.all([legacy.page.waitForLoadState('networkidle'), tags.page.waitForLoadState('networkidle')]);
    assert.equal(legacy.seen.storeRequests.length, tags.seen.storeRequests.length,
      `legacy:\n${legacy.seen.storeRequests.join('\n')}\ntags:\n${tags.seen.storeRequests.join('\n')}`);
    assert.deepEqual(legacy.seen.problems, []);
    assert.deepEqual(legacy.warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await legacy.page.close();
    await tags.page.close();
  });

  test('the single JSON attribute form: datasetList with limit 5, in context "1" only', async () => {
    const { page, seen } = await open('json-attribute.html');
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape]');
    assert.equal(list.rows.length, 5);
    assert.equal(list.total, inContext.length, 'global context scopes the list');
    const ids = new Set(inContext.map((e) => e.uri));
    assert.ok(list.rows.every((u) => ids.has(u)), list.rows.join('\n'));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('<script type="text/x-entryscape-json">: a block after the script, a script without "block" is configuration', async () => {
    const { page, seen } = await open('json-script.html');
    await settledLists(page, 1);
    const placed = await page.evaluate(() => {
      const scripts = [...document.querySelectorAll('script[type="text/x-entryscape-json"]')];
      return scripts.map((s) => (s.nextElementSibling?.matches('span.entryscape') ? s.nextElementSibling.firstElementChild?.localName ?? 'empty' : 'none'));
    });
    assert.equal(placed[0], 'none', 'configuration renders nothing');
    assert.equal(placed[1], 'dataset-simple-search-layout');
    const list = await listOf(page, 'span.entryscape');
    assert.equal(list.total, inContext.length);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('a data-entryscape="config" element configures the store and the context of a facet search', async () => {
    const { page, seen } = await open('config-block.html');
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape="datasetFacetSearchLayout"]');
    assert.equal(list.total, inContext.length);
    assert.equal(list.rows.length, Math.min(10, inContext.length));
    // facet counts are counted in the context too: no value counts more datasets than the context has
    const counts = await page.$$eval('.esbFacets__occurence', (els) => els.map((e) => Number(e.textContent?.replace(/\D/g, ''))));
    assert.ok(counts.length > 0);
    assert.ok(counts.every((c) => c <= inContext.length), counts.join(','));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('data-entryscape-block and the legacy "component" key: a list of 3 and its result count', async () => {
    const { page, seen } = await open('block-attribute.html');
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape-block="datasetList"]');
    assert.equal(list.rows.length, 3);
    await page.waitForFunction(() => /\d/.test(document.querySelector('.esbResults')?.textContent ?? ''));
    const results = await page.$eval('.esbResults', (e) => e.textContent ?? '');
    assert.match(results, new RegExp(`\\b${inContext.length}\\b`));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('national portal SPA: readiness promise, init(), RegExp routes, clicks, clear() between views', async () => {
    const target = inContext.find((e) => e.distributions > 0)!;
    const { page, seen } = await open(`portal-spa.html?ds=${target.contextId}_${target.entryId}`);
    await page.waitForFunction(() => (window as unknown as { __portalReady?: boolean }).__portalReady === true, undefined, { timeout: 20000 });
    const api = await page.evaluate(() => {
      const b = (window as unknown as { __entryscape_blocks?: Record<string, unknown> }).__entryscape_blocks;
      return b ? ['init', 'clear', 'setEntryStore', 'addConfig'].filter((k) => typeof b[k] === 'function') : [];
    });
    assert.deepEqual(api, ['init', 'clear', 'setEntryStore', 'addConfig']);
    const dataset = await landingOf(page, '#mount [data-entryscape="datasetView"]');
    assert.equal(dataset.state, '', 'the RegExp route located the entry');
    assert.ok(dataset.title.length > 0);

    await page.click('#to-list');
    await settledLists(page, 1);
    const list = await listOf(page, '#mount');
    assert.equal(list.rows.length, 4);
    assert.equal(await page.locator('#mount dataset-view').count(), 0, 'clear() removed the previous view');
    const links = list.links.filter((h) => h.includes('ds='));
    assert.ok(links.length >= 4, list.links.join('\n'));
    for (const href of links) assert.match(href, /portal-spa\.html\?ds=1_\d+$/, 'clicks.dataset with ${context}_${entry}');

    await page.click('#to-dataset');
    const again = await landingOf(page, '#mount [data-entryscape="datasetView"]');
    assert.equal(again.title, dataset.title);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('CMS module: blocks overrides (call-site wins), a custom block extending datasetList with a rowhead template, facets exclude', async () => {
    const { page, seen, warnings } = await open('cms-overrides.html');
    await settledLists(page, 2);
    const allList = await listOf(page, '[data-entryscape="datasetList"]');
    assert.equal(allList.rows.length, 4, 'the call-site limit beats the override default 3');
    assert.equal(allList.clickExpand, false, 'override clickExpand: false reaches the list (its distribution rows expand by button only)');
    assert.equal(allList.total, inContext.length);

    const city = await listOf(page, '[data-entryscape="cityDatasets"]');
    assert.equal(city.rows.length, 2, 'the custom block\'s own default limit');
    const rowHeads = await page.$$eval('[data-entryscape="cityDatasets"] .cityRow', (els) => els.map((e) => e.textContent?.trim() ?? ''));
    assert.equal(rowHeads.length, 2, 'rowhead template rendered per row');
    assert.ok(rowHeads.every((t) => t.length > 0 && !LEAKS.some((l) => l.test(t))), rowHeads.join('|'));

    await page.waitForSelector('[data-entryscape="cityFacets"] .esbFacets__collection');
    const groups = await page.$$eval('[data-entryscape="cityFacets"] .esbFacets__collection', (els) => els.map((e) => e.className));
    assert.ok(groups.length > 0);
    assert.ok(!groups.some((c) => /collection_(org|format)\b/.test(c)), groups.join('\n'));
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('the vendor docs\' example block name datasetStandaloneListLayout renders the list layout', async () => {
    const { page, seen, warnings } = await open('standalone.html');
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape="datasetStandaloneListLayout"]');
    assert.equal(list.total, inContext.length);
    assert.ok(list.rows.length > 0);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('a text/x-entryscape-handlebar template renders the entry\'s values, escaped, with no eval', async () => {
    const target = inContext.find((e) => e.distributions > 0)!;
    const { page, seen } = await open(`handlebar.html${entryHash(target)}`);
    await page.waitForSelector('.myTitle', { timeout: 20000 });
    await page.waitForFunction(() => (document.querySelector('.myTitle')?.textContent ?? '').trim().length > 0);
    const out = await page.evaluate(() => ({
      title: document.querySelector('.myTitle')!.textContent!.trim(),
      meta: document.querySelector<HTMLAnchorElement>('.myMeta a')?.href ?? '',
    }));
    assert.ok(out.title.length > 0 && !LEAKS.some((l) => l.test(out.title)), out.title);
    assert.ok(out.meta.startsWith(world.store.url), out.meta);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('a widget added after load upgrades; <esb-datasetlist> works; an unknown block name gives ONE warning naming it', async () => {
    const { page, seen, warnings } = await open('late.html');
    await page.waitForSelector('#widgets [data-entryscape] li.entryListRow', { timeout: 20000 });
    await settledLists(page, 2);
    assert.equal((await listOf(page, '#widgets')).rows.length, 3);
    assert.equal((await listOf(page, 'esb-datasetlist')).rows.length, 2);
    const named = warnings.filter((w) => w.includes('noSuchBlock'));
    assert.equal(named.length, 1, warnings.join('\n'));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
