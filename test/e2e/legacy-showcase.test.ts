/**
 * The open-data extension's showcase and idea blocks (issue 26 point 3), on pages written as the vendor's open-data
 * samples write them, with the vendor's script swapped for the built `catalog-blocks.js`, on a foreign origin against
 * the dev store: `showcaseSearch` (every showcase of a context), `ideaSearch` narrowed by a search box, and a dataset
 * page with `showcaseList` / `ideaList` (the showcases and ideas naming the dataset as their dcterms:source). The store
 * holds the demo catalog (context "1") and our own invented showcases and ideas (test/fixtures/showcases.ttl,
 * context "2"), which name demo datasets.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DATASET, cdnWorld, DEMO_CATALOG, LEAKS, listEntries, root, type ListedEntry } from './harness.ts';

const SHOWCASES = join(root, 'test/fixtures/showcases.ttl');
/** A 1×1 PNG: the fixture's images live on showcases.example.org, which the tests answer themselves. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface Row {
  title: string;
  titleTag: string;
  description: string;
  image: { src: string; alt: string | null } | null;
  website: { href: string; text: string } | null;
  uses: { text: string; href: string; lang: string | null }[];
  hrefs: string[];
}

describe('showcase and idea blocks of the open-data extension, script swapped for catalog-blocks.js', () => {
  const world = cdnWorld([DEMO_CATALOG, SHOWCASES]);
  let datasets: ListedEntry[];
  const datasetEntry = (uri: string): ListedEntry => {
    const found = datasets.find((d) => d.uri === uri);
    assert.ok(found, uri);
    return found;
  };

  before(async () => {
    datasets = await listEntries(world.store.url, DATASET);
  });

  const open = (path: string) => world.open(`/e2e/legacy/${path}`, async (page) => {
    await page.route('https://showcases.example.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
    // Every "nothing here" text the lists ever show, from the first render on (a list must not say it before its answer).
    await page.addInitScript(() => {
      const said: string[] = ((window as unknown as { __saidEmpty: string[] }).__saidEmpty = []);
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.esbListEmpty')) {
          const text = el.textContent?.trim() ?? '';
          if (text && !said.includes(text)) said.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });

  const saidEmpty = (page: Page) => page.evaluate(() => (window as unknown as { __saidEmpty: string[] }).__saidEmpty);

  /** Waits until the lists under `selector` have settled with `count` rows (or an empty text when 0). */
  const settled = (page: Page, selector: string, count: number) => page.waitForFunction(({ selector, count }) => {
    const host = document.querySelector(selector);
    const list = host?.querySelector('.esbSearchList');
    if (!host || !list || list.getAttribute('aria-busy') !== 'false') return false;
    const rows = host.querySelectorAll('li.entryListRow').length;
    return count === 0 ? rows === 0 && !!host.querySelector('.esbListEmpty') : rows === count
      && [...host.querySelectorAll('.esbShowcase__uses')].length > 0;
  }, { selector, count }, { timeout: 20000 });

  // (no named functions inside page.evaluate: the test runner's transform would wrap them in a helper the page lacks)
  const rowsOf = (page: Page, selector: string): Promise<Row[]> => page.evaluate((selector) => {
    return [...document.querySelectorAll(`${selector} li.entryListRow`)].map((li) => {
      const img = li.querySelector('img');
      const site = li.querySelector<HTMLAnchorElement>('.esbShowcase__page a');
      const title = li.querySelector('.esbShowcase__title');
      return {
        title: (title?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        titleTag: title?.localName ?? '',
        description: (li.querySelector('.esbShowcase .esbDescription')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        image: img ? { src: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') } : null,
        website: site ? { href: site.href, text: (site.textContent ?? '').replace(/\s+/g, ' ').trim() } : null,
        uses: [...li.querySelectorAll<HTMLAnchorElement>('.esbShowcase__uses a')].map((a) => ({
          text: (a.textContent ?? '').replace(/\s+/g, ' ').trim(), href: a.href, lang: a.querySelector('[lang]')?.getAttribute('lang') ?? null,
        })),
        hrefs: [...li.querySelectorAll('[href], [src]')].map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? ''),
      };
    });
  }, selector);

  const landing = (uri: string) => {
    const e = datasetEntry(uri);
    return `${world.site.origin}/e2e/legacy/details.html#esc_entry=${e.entryId}&esc_context=${e.contextId}`;
  };
  const byTitle = (rows: Row[], title: string): Row => {
    const row = rows.find((r) => r.title === title);
    assert.ok(row, `${title} in ${rows.map((r) => r.title).join(' | ')}`);
    return row;
  };

  test('showcaseSearch (vendor sample form): every showcase of context "2" with title, image, description, web site and the datasets it uses', async () => {
    const { page, seen, warnings } = await open('showcases.html');
    await settled(page, '[data-entryscape="showcaseSearch"]', 3);
    const rows = await rowsOf(page, '[data-entryscape="showcaseSearch"]');
    assert.deepEqual(rows.map((r) => r.title).sort(), [
      'Aircraft register explorer (invented)',
      'Lake outline explorer (invented)',
      'Poll tracker (invented) <script>alert(1)</script>',
    ]);
    assert.ok(rows.every((r) => r.titleTag === 'h2'), 'row titles are h2 (hl 2)');

    const lakes = byTitle(rows, 'Lake outline explorer (invented)');
    assert.equal(lakes.description, 'An invented web app that draws the outline of Sweden and its large lakes and lets you look up the county of a postal code.');
    assert.deepEqual(lakes.image, { src: 'https://showcases.example.org/img/lake-levels.png', alt: 'Screenshot: a map of Sweden with its lakes in blue' });
    assert.deepEqual(lakes.website, { href: 'https://showcases.example.org/lake-levels/', text: 'Visit the website: Lake outline explorer (invented)' });
    assert.deepEqual(lakes.uses.map((u) => [u.text, u.href]).sort(), [
      ['Demo maps: outline of Sweden and its large lakes', landing('https://demo.catalog-blocks.example/dataset/demo-maps')],
      ['Swedish counties, municipalities and postal codes', landing('https://demo.catalog-blocks.example/dataset/swedish-geodata')],
    ]);

    const aircraft = byTitle(rows, 'Aircraft register explorer (invented)');
    assert.deepEqual(aircraft.image, { src: 'https://showcases.example.org/img/aircraft.png', alt: '' }, 'an image without a title of its own is decorative');
    assert.deepEqual(aircraft.uses.map((u) => [u.text, u.href]), [
      ['Swedish aircraft register', landing('https://github.com/civictechsweden/oppna-luftfartygsregistret')],
    ]);

    const hostile = byTitle(rows, 'Poll tracker (invented) <script>alert(1)</script>');
    assert.equal(hostile.image, null, 'a javascript: image is no image');
    assert.equal(hostile.website, null, 'a javascript: page is no link');
    assert.deepEqual(hostile.uses.map((u) => u.text), ['Swedish Polls']);
    for (const r of rows) for (const h of r.hrefs) assert.match(h, /^(https:\/\/showcases\.example\.org\/|\/e2e\/legacy\/details\.html#esc_entry=\d+&esc_context=1$)/, h);
    assert.equal(await page.locator('[data-entryscape="showcaseSearch"] script').count(), 0);

    // The expanded row shows the rest of its metadata (here the issued date), not the dataset details.
    await page.locator('[data-entryscape="showcaseSearch"] li.entryListRow', { hasText: 'Lake outline explorer' }).locator('button.esbRowExpandButton').click();
    const expanded = await page.locator('[data-entryscape="showcaseSearch"] li.entryListRow', { hasText: 'Lake outline explorer' }).locator('.esbRowExpand').innerText();
    assert.match(expanded, /2025/);
    assert.doesNotMatch(expanded, /Distributions/);

    const text = await page.locator('[data-entryscape="showcaseSearch"]').innerText();
    for (const leak of LEAKS) assert.doesNotMatch(text, leak);
    assert.deepEqual(await saidEmpty(page), [], 'no "nothing here" text before or after the answer');
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('ideaSearch with a search box (Swedish page): the ideas of context "2", narrowed by the search, and an empty result said', async () => {
    const { page, seen, warnings } = await open('ideas.html');
    const list = '[data-entryscape="ideaSearch"]';
    await settled(page, list, 2);
    let rows = await rowsOf(page, list);
    assert.deepEqual(rows.map((r) => r.title).sort(), [
      'Frågesport om svenska sjöar (påhittad)',
      'Kartlägg bipopulationen över åren (påhittad)',
    ]);
    const bees = byTitle(rows, 'Kartlägg bipopulationen över åren (påhittad)');
    assert.equal(bees.description, 'En påhittad idé: jämför den grekiska bipopulationen 2022 och 2023 på en karta.');
    assert.deepEqual(bees.uses.map((u) => [u.text, u.href, u.lang]).sort(), [
      ['Bee population 2022 in the region of Thessaloniki', landing('https://data.gov.gr/id/dataset/BeePopulation2022'), 'en'],
      ['Bee population 2023 in the region of Thessaloniki and Athens', landing('https://data.gov.gr/id/dataset/BeePopulation2023'), 'en'],
    ]);
    assert.match(await page.locator(`${list} .esbShowcase__uses`).first().innerText(), /^Använder:/);
    const quiz = byTitle(rows, 'Frågesport om svenska sjöar (påhittad)');
    assert.deepEqual(quiz.website, { href: 'https://showcases.example.org/lake-quiz/', text: 'Besök webbplatsen: Frågesport om svenska sjöar (påhittad)' });

    const box = page.locator('[data-entryscape="simpleSearch"] input[type="search"]');
    await box.fill('bipopulation');
    await box.press('Enter');
    await settled(page, list, 1);
    rows = await rowsOf(page, list);
    assert.deepEqual(rows.map((r) => r.title), ['Kartlägg bipopulationen över åren (påhittad)']);

    await box.fill('zeppelinare');
    await box.press('Enter');
    await settled(page, list, 0);
    assert.equal(await page.locator(`${list} .esbListEmpty`).innerText(), 'Inga idéer matchar sökningen.');
    assert.deepEqual(await saidEmpty(page), ['Inga idéer matchar sökningen.'], 'said only for the search that matched nothing');
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('dataset page with showcaseList and ideaList: the showcases and ideas naming the dataset, from every context, under their headings', async () => {
    const maps = datasetEntry('https://demo.catalog-blocks.example/dataset/demo-maps');
    const { page, seen, warnings } = await open(`dataset-showcases.html?esc_entry=${maps.entryId}&esc_context=${maps.contextId}`);
    await settled(page, '[data-entryscape="showcaseList"]', 2);
    await settled(page, '[data-entryscape="ideaList"]', 1);
    const heads = await page.$$eval('[data-entryscape="showcaseList"] section > h2, [data-entryscape="ideaList"] section > h2', (hs) => hs.map((h) => h.textContent?.trim()));
    assert.deepEqual(heads, ['Showcases', 'Ideas']);
    const showcases = await rowsOf(page, '[data-entryscape="showcaseList"]');
    assert.deepEqual(showcases.map((r) => r.title).sort(), ['Lake outline explorer (invented)', 'The catalog-blocks demo map page']);
    assert.ok(showcases.every((r) => r.titleTag === 'h3'), 'rows under the section heading are h3');
    const ideas = await rowsOf(page, '[data-entryscape="ideaList"]');
    assert.deepEqual(ideas.map((r) => r.title), ['A quiz on Swedish lakes (invented)']);
    assert.deepEqual(ideas[0]!.uses.map((u) => [u.text, u.href]), [
      ['Demo maps: outline of Sweden and its large lakes', landing('https://demo.catalog-blocks.example/dataset/demo-maps')],
    ]);
    assert.deepEqual(await saidEmpty(page), []);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('dataset page of a dataset no idea uses: ideaList says so (after its answer), showcaseList lists its one showcase', async () => {
    const geo = datasetEntry('https://github.com/civictechsweden/oppna-luftfartygsregistret');
    const { page, seen } = await open(`dataset-showcases.html?esc_entry=${geo.entryId}&esc_context=${geo.contextId}`);
    await settled(page, '[data-entryscape="showcaseList"]', 1);
    await settled(page, '[data-entryscape="ideaList"]', 0);
    assert.deepEqual((await rowsOf(page, '[data-entryscape="showcaseList"]')).map((r) => r.title), ['Aircraft register explorer (invented)']);
    assert.equal(await page.locator('[data-entryscape="ideaList"] .esbListEmpty').innerText(), 'No ideas use this dataset yet.');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('a dataset page that names no dataset: showcaseList and ideaList list nothing, with one warning each, and nothing throws', async () => {
    const { page, seen, warnings } = await open('dataset-showcases.html');
    await page.waitForFunction(() => document.querySelectorAll('catalog-showcase-list[of-dataset]').length === 2
      && !document.querySelector('catalog-showcase-list [aria-busy="true"]'), undefined, { timeout: 20000 });
    assert.equal(await page.locator('[data-entryscape="showcaseList"] li, [data-entryscape="ideaList"] li').count(), 0);
    // the warnings are console messages: they may reach the test after the lists have settled
    for (let i = 0; i < 100 && warnings.filter((w) => /no dataset is named/.test(w)).length < 2; i++) await page.waitForTimeout(100);
    assert.deepEqual(warnings.filter((w) => /no dataset is named/.test(w)).map((w) => w.split(':')[0]), [
      '[catalog-blocks] showcaseList', '[catalog-blocks] ideaList',
    ]);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
