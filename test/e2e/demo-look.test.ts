/**
 * The demo pages as a visitor meets them (issue 28 point 7), at a desktop (1280 px) and a phone (390 px) width:
 * parameter tables wrap between words (never "numb er", "boole an"); an entry list shows what its count says with
 * nothing hidden in a scroll box; the dataset-view panel offers a control for every parameter its table lists; no
 * demo page scrolls sideways. Needs `npm run build` (the demo pages load dist/cdn). Run alone:
 * node --import tsx --test test/e2e/demo-look.test.ts
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cdnWorld, DEMO_CATALOG } from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';
import { demoPages } from '../../scripts/demo-html.mjs';

const WIDTHS = [1280, 390] as const;

describe('demo pages at 1280 and 390 px', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  async function open(path: string, width: number): Promise<Page> {
    const page = await world.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${world.site.origin}/demo/${path}`);
    await settleBlocks(page);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-demo-entries-status]')]
      .every((s) => !s.textContent?.startsWith('Loading')));
    return page;
  }

  /** Words of `selector`'s cells that the browser broke across two lines (after a hyphen is a break between words). */
  const splitWords = (page: Page, selector: string) => page.evaluate((sel) => {
    const split: string[] = [];
    for (const cell of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent!.matchAll(/[^\s-]+-?/g)) { // a word, or a part of one up to its hyphen
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(m[0]);
        }
      }
    }
    return split;
  }, selector);

  for (const width of WIDTHS) {
    test(`${width} px: no word of a parameter table is split across lines (dataset-view, everything-on, search layouts)`, async () => {
      for (const path of ['dataset-view.html', 'everything-on.html', 'dataset-facet-search-layout.html', 'dataservice-view.html']) {
        const page = await open(path, width);
        assert.ok(await page.locator('table.demo-params tbody tr').count() >= 2, `${path}: the parameter table`);
        assert.deepEqual(await splitWords(page, 'table.demo-params th, table.demo-params td'), [], `${path} at ${width}`);
        await page.close();
      }
    });

    test(`${width} px: "N in the store" lists N entries, all visible without an inner scroll box`, async () => {
      for (const path of ['dataset-view.html', 'dataservice-view.html']) {
        const page = await open(path, width);
        const status = (await page.locator('[data-demo-entries-status]').textContent()) ?? '';
        const n = Number(/(\d+) in the store/.exec(status)?.[1]);
        assert.ok(n > 0, `${path}: ${status}`);
        const list = page.locator('[data-demo-entries]');
        assert.equal(await list.locator('li').count(), n, `${path}: "${status}" and the list agree`);
        const box = await list.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
        assert.ok(box.scroll <= box.client + 1, `${path}: nothing hidden below a scroll box (${JSON.stringify(box)})`);
        await page.close();
      }
    });

    test(`${width} px: no demo page scrolls sideways`, async () => {
      const wide: string[] = [];
      for (const p of [{ href: '' }, ...demoPages()]) {
        const page = await open(p.href, width);
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        if (w > width) wide.push(`${p.href || 'index'}: ${w}px`);
        await page.close();
      }
      assert.deepEqual(wide, []);
    });
  }

  test('the dataset-view panel offers a control for every parameter its table lists, and applies it', async () => {
    const page = await open('dataset-view.html', 1280);
    const params = await page.locator('table.demo-params tr[data-param]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.param));
    const controls = await page.locator('form[data-demo-form] select').evaluateAll((s) => s.map((x) => (x as HTMLSelectElement).name));
    assert.deepEqual(params.filter((p) => !controls.includes(p!)), [], 'parameters in the table without a control');
    await page.selectOption('form[data-demo-form] select[name="includeIndicators"]', 'true');
    await Promise.all([page.waitForURL(/includeIndicators=true/), page.click('form[data-demo-form] button[type="submit"]')]);
    await settleBlocks(page);
    assert.equal(await page.locator('dataset-view').getAttribute('include-indicators'), 'true');
    assert.equal((await page.locator('tr[data-param="includeIndicators"] [data-value]').textContent())?.trim(), 'true (attribute)');
    await page.close();
  });
});
