/** Steps run inside the page (playwright `evaluate`), shared by the e2e tests. */
import type { Page } from 'playwright-core';

export const BLOCK_SELECTOR = 'dataset-view, dataservice-view, esb-datasetview, esb-dataserviceview';

/** Waits until every block on the page has settled (ready, notFound, …) and returns their states. */
export async function settleBlocks(page: Page): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const blocks = [...document.querySelectorAll(selector)] as (HTMLElement & { loadComplete: Promise<string> })[];
    await Promise.all([...new Set(blocks.map((b) => b.localName))].map((t) => customElements.whenDefined(t)));
    return Promise.all(blocks.map((b) => b.loadComplete));
  }, BLOCK_SELECTOR);
}

export interface Rendering {
  readonly state: string;
  readonly title: string;
  readonly distributionRows: number;
  readonly text: string;
}

/**
 * Shows one entry on an already loaded embed page: puts `#esc_uri=<uri>` into the address (as a link would), replaces
 * the block with a fresh element (no state carried over) and waits for it to settle.
 */
export async function showEntry(page: Page, uri: string, tag = 'dataset-view'): Promise<Rendering> {
  return page.evaluate(async ({ uri, tag }) => {
    window.history.replaceState(null, '', `#esc_uri=${encodeURIComponent(uri)}`);
    const old = document.querySelector(tag);
    const el = document.createElement(tag) as HTMLElement & { loadComplete: Promise<string> };
    el.setAttribute('hl', '2');
    if (old) old.replaceWith(el);
    else document.querySelector('main')!.append(el);
    const state = await el.loadComplete;
    const heading = el.querySelector('h1, h2, h3, h4, h5, h6');
    return {
      state,
      title: heading?.textContent?.trim() ?? '',
      distributionRows: el.querySelectorAll('li[data-distribution]').length,
      text: el.textContent ?? '',
    };
  }, { uri, tag });
}

/** Waits until the page has at least `count` search lists and every one has settled (its answer is shown). */
export const settledLists = (page: Page, count: number) => page.waitForFunction((count) => {
  const lists = [...document.querySelectorAll('.esbSearchList')];
  return lists.length >= count && lists.every((l) => l.getAttribute('aria-busy') === 'false');
}, count, { timeout: 20000 });
