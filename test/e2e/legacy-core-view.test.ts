/**
 * The incumbent's core entry blocks (issue 26): `text`, `link`, `image`, `slider`, `expand` and `autoVisualizations`,
 * written the way the vendor's docs write them (test/e2e/pages/legacy/core-view.html), with the vendor scripts swapped
 * for the built `catalog-blocks.js`, on a foreign origin against the dev world.store. The page is the landing page of the
 * demo catalog's "Demo maps" dataset (context "1"); the catalog is the demo catalog plus two `foaf:depiction` images of
 * that dataset (the dev store's own WMS legend images: the demo catalog has no images). Every assertion reads what a
 * visitor sees (texts, link targets, image sources and alt texts, slides, the expanded text) and compares it with the
 * values written in the catalog.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createStoreServer } from '../../dev-store/server.ts';
import { DATASET, cdnWorld, DEMO_CATALOG, SITE_ORIGINS, listEntries } from './harness.ts';

const DEMO_MAPS = 'https://demo.catalog-blocks.example/dataset/demo-maps';
const TITLE = 'Demo maps: outline of Sweden and its large lakes';
const DESCRIPTION = 'Demo addition (catalog-blocks): the dev store\'s own WMS with the layers "lakes" (Vänern, Vättern) and "sweden" '
  + '(mainland, Gotland, Öland) — coarse outlines drawn for this project — and a CSV with the centroid of each polygon, computed by '
  + 'scripts/build-demo-catalog.mjs. Works without internet.';
const legend = (layer: string) => `/wms?service=WMS&request=GetLegendGraphic&version=1.3.0&format=image/png&layer=${layer}`;
/** The two images added to the dataset (relative references resolve against the store's origin). */
const DEPICTIONS = `\n<${DEMO_MAPS}> <http://xmlns.com/foaf/0.1/depiction> <${legend('sweden')}>, <${legend('lakes')}> .\n`;

describe('the core entry blocks of EntryScape Blocks on a dataset page, script swapped for catalog-blocks.js', () => {
  const world = cdnWorld(async () => {
    const demo = readFileSync(DEMO_CATALOG, 'utf8');
    assert.ok(demo.includes(`<${DEMO_MAPS}>`) && demo.includes(JSON.stringify(DESCRIPTION).slice(1, -1)), 'the demo catalog has the dataset and description this test reads');
    const server = await createStoreServer({ catalogs: [{ file: DEMO_CATALOG, text: demo + DEPICTIONS }], port: 0, corsOrigins: SITE_ORIGINS, solrRelated: true });
    return { url: server.url, close: () => server.close() };
  });
  let storeOrigin: string;
  let entryId: string;

  before(async () => {
    storeOrigin = new URL(world.store.url).origin;
    const found = (await listEntries(world.store.url, DATASET)).find((e) => e.uri === DEMO_MAPS);
    assert.ok(found && found.contextId === '1', 'Demo maps is in context "1"');
    entryId = found.entryId;
  });

  const open = () => world.open(`/e2e/legacy/core-view.html#esc_entry=${entryId}&esc_context=1`);
  const text = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? '');
  const waitFor = (page: Page, selector: string) => page.waitForSelector(selector, { timeout: 20000, state: 'attached' });

  test('text: the title, content with ${ns:prop}, ${prop|fallback} and property with fallback', async () => {
    const { page, seen } = await open();
    await waitFor(page, '#title .esbText');
    assert.equal(await text(page, '#title'), TITLE);
    await waitFor(page, '#lead .esbText');
    assert.equal(await text(page, '#lead'), DESCRIPTION);
    await waitFor(page, '#dates .esbText');
    // dcterms:modified "2025-06-01"; no dcterms:issued, no dcterms:identifier
    assert.equal(await text(page, '#dates'), 'Modified 2025-06-01, issued not given, no identifier.');
    // inline: the blocks render spans inside the paragraph, not boxes
    assert.equal(await page.locator('#lead div, #dates div').count(), 0);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('link: click= links to that page with the entry, namedclick= through the page\'s clicks, content as the label', async () => {
    const { page, seen } = await open();
    await waitFor(page, '#details a');
    assert.equal(await text(page, '#details a'), TITLE);
    assert.equal(await page.locator('#details a').getAttribute('href'), `/e2e/legacy/details.html#esc_entry=${entryId}&esc_context=1`);
    await waitFor(page, '#named a');
    assert.equal(await text(page, '#named a'), `Open ${TITLE}`);
    assert.equal(await page.locator('#named a').getAttribute('href'), `/data/dataset/${entryId}`);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('image: the first foaf:depiction, alt text the title, width 300px; no value → the fallback address', async () => {
    const { page, seen } = await open();
    const img = page.locator('#picture img');
    await waitFor(page, '#picture img');
    assert.equal(await img.getAttribute('src'), `${storeOrigin}${legend('sweden')}`);
    assert.equal(await img.getAttribute('alt'), TITLE);
    assert.equal(await img.evaluate((el) => (el as HTMLElement).style.width), '300px');
    await page.waitForFunction(() => (document.querySelector('#picture img') as HTMLImageElement | null)?.complete, null, { timeout: 20000 });
    assert.ok(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), 'the image loaded');
    await waitFor(page, '#nopicture img');
    assert.equal(await page.locator('#nopicture img').getAttribute('src'), `${storeOrigin}${legend('lakes')}`);
    assert.equal(await page.locator('#nopicture img').getAttribute('alt'), TITLE);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('slider: one slide per depiction, buttons and arrow keys move it, focus stays on the button, nothing moves by itself', async () => {
    const { page, seen } = await open();
    await waitFor(page, '#gallery .esbSlider');
    const state = () => page.evaluate(() => {
      const slides = [...document.querySelectorAll<HTMLElement>('#gallery .esbSlide')];
      return {
        count: slides.length,
        labels: slides.map((s) => s.getAttribute('aria-label')),
        visible: slides.filter((s) => !s.hidden).map((s) => s.querySelector('img')?.getAttribute('src')),
        current: [...document.querySelectorAll('#gallery .esbSliderDot')].findIndex((b) => b.getAttribute('aria-current') === 'true'),
        focused: document.activeElement?.className ?? '',
      };
    });
    const first = await state();
    assert.equal(first.count, 2);
    assert.deepEqual(first.labels, ['1 of 2', '2 of 2']);
    assert.deepEqual(first.visible, [`${storeOrigin}${legend('sweden')}`]);
    assert.equal(await page.locator('#gallery .esbSlider').getAttribute('aria-roledescription'), 'carousel');
    assert.deepEqual(await page.locator('#gallery .esbSlide img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))), [TITLE, TITLE]);

    await page.locator('#gallery .esbSliderNext').focus();
    await page.keyboard.press('Enter');
    let now = await state();
    assert.deepEqual(now.visible, [`${storeOrigin}${legend('lakes')}`]);
    assert.equal(now.current, 1);
    assert.equal(now.focused, 'esbSliderNext');
    await page.keyboard.press('ArrowRight');
    now = await state();
    assert.deepEqual(now.visible, [`${storeOrigin}${legend('sweden')}`], 'wraps around');
    await page.keyboard.press('End');
    assert.equal((await state()).current, 1);
    await page.keyboard.press('Home');
    assert.equal((await state()).current, 0);
    await page.keyboard.press('Shift+Tab');
    assert.equal((await state()).focused, 'esbSliderDot');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await state()).focused, 'esbSliderDot');
    await page.keyboard.press('Enter');
    assert.equal((await state()).current, 0, 'the first dot shows the first image');
    // never rotates by itself: after a pause the same slide is shown
    await page.waitForTimeout(1500);
    assert.equal((await state()).current, 0);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('expand: the description cut with "Show more" (aria-expanded, focus kept); a template behind a button', async () => {
    const { page, seen } = await open();
    await waitFor(page, '#about .esbShowMore');
    const collapsed = await text(page, '#about p');
    assert.ok(collapsed.endsWith('…') && collapsed.length <= 200, collapsed);
    assert.ok(DESCRIPTION.startsWith(collapsed.slice(0, -1)), collapsed);
    const button = page.locator('#about .esbShowMore');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await text(page, '#about .esbShowMore'), 'Show more');
    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await text(page, '#about p'), DESCRIPTION);
    assert.equal(await text(page, '#about .esbShowMore'), 'Show less');
    assert.ok(await button.evaluate((b) => b === document.activeElement), 'focus stays on the button');

    const toggle = page.locator('#keywords .esbShowMore');
    await waitFor(page, '#keywords .esbShowMore');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const region = await toggle.getAttribute('aria-controls');
    assert.ok(await page.locator(`[id="${region}"]`).evaluate((r) => (r as HTMLElement).hidden));
    await toggle.click();
    await waitFor(page, '#keywords ul.kw li');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    // the dataset's keywords in English: "WMS" (the Swedish "karta" is another language)
    assert.deepEqual(await page.locator('#keywords ul.kw li').allTextContents(), ['WMS']);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('autoVisualizations: the dataset\'s visualizations under their heading; an unknown block warns once; nothing throws', async () => {
    const { page, seen, warnings } = await open();
    await page.waitForFunction(() => document.querySelectorAll('#maps catalog-visualization').length >= 2, null, { timeout: 20000 });
    const shown = await page.evaluate(() => ({
      headings: [...document.querySelectorAll('#maps h2')].map((h) => h.textContent?.trim()),
      charts: document.querySelectorAll('#maps catalog-visualization').length,
    }));
    assert.deepEqual(shown.headings, ['Visualizations']);
    assert.equal(shown.charts, 2);
    await page.waitForFunction(() => [...document.querySelectorAll('#maps h3')].length >= 2, null, { timeout: 20000 });
    assert.deepEqual((await page.locator('#maps h3').allTextContents()).map((t) => t.trim()).sort(),
      ['Centroids on a map', 'Sweden and its large lakes (WMS)']);
    await page.waitForLoadState('networkidle');
    const unknown = warnings.filter((w) => w.includes('carousel3d'));
    assert.deepEqual(unknown, ['[catalog-blocks] block "carousel3d" is not supported; nothing is rendered for it']);
    // no other warning from our blocks (every parameter written is one they read)
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]') && !w.includes('carousel3d')), []);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
