/**
 * Issue 26 points 4–6 on real-style pages (test/e2e/pages/legacy/), with the incumbent's scripts swapped for the built
 * catalog-blocks bundle, on a foreign origin against the dev store (the demo catalog is context "1"):
 * - the vendor's CMS plugin configuration (`__entryscape_plugin_config = { entrystore_base }`, no other store key);
 * - a portal configuration with its own facet `collections`;
 * - `data-lang="sv"` on our script tag (module and classic) on a page that names no other language;
 * - a page naming no language at all: exactly one warning;
 * - a page written for the 0.x open-data extension, whose `datasetSearch` is the result list.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  DATASET, cdnWorld, DEMO_CATALOG, listEntries, root, watch, type ListedEntry, type PageWatch, 
} from './harness.ts';
import { settledLists } from './browser-helpers.ts';

const OTHER_CATALOGS = [join(root, 'test/fixtures/semic/example-bee-population.ttl')];
const INDICATOR_EXAMPLE = 'https://demo.catalog-blocks.example/dataset/indicator-example';

describe('migrated pages: store, collections, language and 0.x block meanings', () => {
  const world = cdnWorld([DEMO_CATALOG, ...OTHER_CATALOGS]);
  let inContext: ListedEntry[];

  before(async () => {
    inContext = (await listEntries(world.store.url, DATASET)).filter((e) => e.contextId === '1');
  });

  interface Opened { page: Page; seen: PageWatch; warnings: string[]; siteRequests: string[] }
  async function open(path: string): Promise<Opened> {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const warnings: string[] = [];
    const siteRequests: string[] = [];
    page.on('console', (m) => { if (m.type() === 'warning' && m.text().includes('[catalog-blocks]')) warnings.push(m.text()); });
    page.on('request', (r) => { if (r.url().startsWith(`${world.site.origin}/store`)) siteRequests.push(r.url()); });
    await page.goto(`${world.site.origin}/e2e/legacy/${path}`);
    return { page, seen, warnings, siteRequests };
  }


  /** Rows (data-uri, text) of the list under `selector` and the list's total. */
  const listOf = (page: Page, selector: string) => page.evaluate((selector) => {
    const host = document.querySelector(selector)!;
    type Listing = HTMLElement & { searchScope?: { results?: { total: number } } };
    const list = host.querySelector('dataset-list') as Listing | null;
    return {
      tag: list?.localName ?? '',
      rows: [...host.querySelectorAll<HTMLElement>('li.entryListRow')].map((li) => li.dataset.uri ?? ''),
      text: [...host.querySelectorAll<HTMLElement>('li.entryListRow')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
      total: list?.searchScope?.results?.total ?? -1,
    };
  }, selector);

  /** Facet groups: heading text and value labels with counts. */
  const facetsOf = (page: Page, selector: string) => page.$$eval(`${selector} .esbFacets__collection`, (groups) => groups.map((g) => ({
    name: [...g.classList].find((c) => c.startsWith('collection_'))?.slice('collection_'.length) ?? '',
    heading: g.querySelector('.esbFacets__facetHeader')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    values: [...g.querySelectorAll('a.esbFacets__optionLink')].map((a) => ({
      label: a.querySelector('.facetLabel')?.textContent?.trim() ?? '',
      count: Number(/\((\d+)\)/.exec(a.querySelector('.esbFacets__occurence')?.textContent ?? '')?.[1]),
    })),
  })));

  test('the CMS plugin\'s entrystore_base is the store: the list shows context "1", nothing is asked of the page\'s origin, no warning', async () => {
    const { page, seen, warnings, siteRequests } = await open('plugin-config.html');
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape="datasetList"]');
    assert.equal(list.rows.length, 4);
    assert.equal(list.total, inContext.length);
    const ids = new Set(inContext.map((e) => e.uri));
    assert.ok(list.rows.every((u) => ids.has(u)), list.rows.join('\n'));
    assert.ok(seen.storeRequests.length > 0, 'the store was asked');
    assert.deepEqual(siteRequests, [], 'nothing asked of the page\'s own /store/');
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings, []);
    await page.close();
  });

  test('collections: a custom facet with its label and vocab labels filters the list; the redeclared theme stays the built-in facet', async () => {
    assert.ok(inContext.some((e) => e.uri === INDICATOR_EXAMPLE), 'the demo catalog has the ANNUAL dataset in context "1"');
    const { page, seen, warnings } = await open('collections.html');
    await settledLists(page, 1);
    await page.waitForSelector('[data-entryscape="datasetFacets"] .collection_frequency a.esbFacets__optionLink', { timeout: 20000 });
    const groups = await facetsOf(page, '[data-entryscape="datasetFacets"]');
    assert.deepEqual(groups.map((g) => g.name), ['theme', 'frequency']);
    assert.equal(groups[0]!.heading, 'Tema');
    const freq = groups[1]!;
    assert.equal(freq.heading, 'Uppdateringsfrekvens');
    assert.deepEqual(freq.values.find((v) => v.label === 'Årligen'), { label: 'Årligen', count: 1 });
    assert.deepEqual(freq.values.find((v) => v.label === 'Månadsvis'), { label: 'Månadsvis', count: 1 });

    await page.click('[data-entryscape="datasetFacets"] .collection_frequency a.esbFacets__optionLink >> text=Årligen');
    await page.waitForFunction(() => document.querySelectorAll('[data-entryscape="datasetList"] li.entryListRow').length === 1, undefined, { timeout: 20000 });
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape="datasetList"]');
    assert.deepEqual(list.rows, [INDICATOR_EXAMPLE]);
    assert.match(list.text[0]!, /Exempel: alla indikatorer \(demo\)/);
    assert.match(decodeURIComponent(new URL(page.url()).hash), /esc_frequency=euauth:frequency\/ANNUAL/, "shortened like the built-in collections");
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings, []);
    await page.close();
  });

  for (const [name, file] of [['module', 'data-lang.html'], ['classic', 'data-lang-classic.html']] as const) {
    test(`data-lang="sv" on the ${name} script tag: the UI is Swedish on a page that names no other language`, async () => {
      const { page, seen, warnings } = await open(file);
      await settledLists(page, 1);
      await page.waitForSelector('.esbFacets__collection.collection_theme', { timeout: 20000 });
      const groups = await facetsOf(page, '[data-entryscape="datasetFacetSearchLayout"]');
      assert.equal(groups.find((g) => g.name === 'theme')?.heading, 'Tema');
      assert.equal(groups.find((g) => g.name === 'org')?.heading, 'Utgivare');
      const placeholder = await page.$eval('[data-entryscape="datasetFacetSearchLayout"] input.esbSearchInput', (i) => (i as HTMLInputElement).placeholder);
      assert.equal(placeholder, 'Sök datamängder');
      const label = await page.$eval('[data-entryscape="datasetFacetSearchLayout"] .esbSearchLabel', (l) => l.textContent?.trim());
      assert.equal(label, 'Sök');
      assert.deepEqual(seen.problems, []);
      assert.deepEqual(warnings, [], 'data-lang names the language: no warning');
      await page.close();
    });
  }

  test('a page naming no language gets exactly one warning (and follows the browser: English here)', async () => {
    const { page, seen, warnings } = await open('no-language.html');
    await settledLists(page, 1);
    await page.waitForSelector('.esbFacets__collection.collection_theme', { timeout: 20000 });
    const groups = await facetsOf(page, '[data-entryscape="datasetFacets"]');
    assert.equal(groups.find((g) => g.name === 'theme')?.heading, 'Theme');
    await page.waitForLoadState('networkidle');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /^\[catalog-blocks\] this page names no language \(page_language, data-lang on the catalog-blocks script tag/);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('0.x page: datasetSearch is the result list beside the simpleSearch box and the facets; the box searches it', async () => {
    const { page, seen, warnings } = await open('dataset-search-0x.html');
    await settledLists(page, 1);
    const list = await listOf(page, '[data-entryscape="datasetSearch"]');
    assert.equal(list.tag, 'dataset-list');
    assert.equal(list.total, inContext.length);
    assert.equal(list.rows.length, Math.min(10, inContext.length));
    const boxes = await page.$$eval('input[type="search"]', (els) => els.map((e) => ({
      placeholder: (e as HTMLInputElement).placeholder, inside: e.closest('[data-entryscape]')?.getAttribute('data-entryscape'),
    })));
    assert.deepEqual(boxes, [{ placeholder: 'Search our open data', inside: 'simpleSearch' }], 'one search box: the simpleSearch, with its placeholder');
    // the facets count the same search: no value counts more than the context has
    await page.waitForSelector('[data-entryscape="facets"] .esbFacets__collection');
    // a value counted in several fields gets its count from a search of its own, after the groups show (issue 28 point 1)
    await page.waitForFunction(() => [...document.querySelectorAll('[data-entryscape="facets"] a.esbFacets__optionLink')]
      .every((a) => /\(\d+\)/.test(a.querySelector('.esbFacets__occurence')?.textContent ?? '')), undefined, { timeout: 20000 });
    const counts = (await facetsOf(page, '[data-entryscape="facets"]')).flatMap((g) => g.values.map((v) => v.count));
    assert.ok(counts.length > 0 && counts.every((c) => c <= inContext.length), counts.join(','));
    // typing in the box narrows the list
    await page.fill('[data-entryscape="simpleSearch"] input[type="search"]', 'indicator');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-entryscape="datasetSearch"] li.entryListRow')];
      return rows.length > 0 && rows.length < 10 && rows.some((r) => r.dataset.uri?.endsWith('/indicator-example'));
    }, undefined, { timeout: 20000 });
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings, []);
    await page.close();
  });
});
