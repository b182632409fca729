/**
 * The request contract (issue 25 point 5): every store request the BUILT bundle makes — landing pages with their rich
 * parameters, every layout with a term, a facet, the title sort and a second page, the drop-in (EntryScape Blocks)
 * pages — is checked against rules written from the real EntryStore's source (store-contract.ts), not against the
 * dev store, which would accept what a real store silently drops.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_CATALOG, cdnWorld, root, watch } from './harness.ts';
import { contractProblems, queryFields } from './store-contract.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
const LANDINGS = [
  `/demo/everything-on.html`,
  `/demo/dataset-view.html?esc_uri=${encodeURIComponent(POLLS)}`,
  '/demo/dataservice-view.html',
  '/demo/showcases-ideas.html',
  '/demo/rich-list.html',
  `/e2e/rich.html?esc_uri=${encodeURIComponent(POLLS)}`,
];
const LAYOUTS = [
  '/demo/dataset-list-layout.html', '/demo/dataset-simple-search-layout.html', '/demo/dataset-multi-search-layout.html',
  '/demo/dataset-facet-search-layout.html', '/demo/dataset-compact-facet-search-layout.html',
  '/demo/dataset-facet-search-portal-layout.html', '/demo/portal-builder.html', '/e2e/layouts.html', '/e2e/search.html',
];
const DROP_IN = readdirSync(join(root, 'test/e2e/pages/legacy')).filter((f) => f.endsWith('.html')).map((f) => `/e2e/legacy/${f}`);

describe('request contract: what the built bundle sends, checked against the real server\'s rules', () => {
  const world = cdnWorld([DEMO_CATALOG]);
  const sent: { url: string; page: string }[] = [];


  async function visit(path: string, act?: (page: Page) => Promise<void>): Promise<void> {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}${path}`);
    await page.waitForLoadState('networkidle');
    if (act) await act(page);
    await page.waitForLoadState('networkidle');
    for (const url of seen.storeRequests) sent.push({ url, page: path });
    await page.close();
  }

  /** Each interaction a search page offers, where it has it: a term, the title sort, a facet value, the next page. */
  async function searchAround(page: Page): Promise<void> {
    // no request for 500 ms AND every list drawn: on a busy machine the answer can be in while its rows (and the
    // pager, whose "next" a one-page answer disables) are not yet drawn
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector(':not(:defined)')
        && [...document.querySelectorAll('.esbSearchList')].every((l) => l.getAttribute('aria-busy') !== 'true'), undefined, { timeout: 20000 });
    };
    const input = page.locator('input[role="combobox"], input[type="search"]').first();
    if (await input.count()) {
      await input.fill('data');
      await input.press('Enter');
      await settle();
      await input.fill('');
      await input.press('Enter');
      await settle();
    }
    const sort = page.locator('catalog-sort-select select').first();
    if (await sort.count()) {
      await sort.selectOption('title');
      await settle();
    }
    const facet = page.locator('a.esbFacets__optionLink').first();
    if (await facet.count() && await facet.isVisible()) {
      await facet.click();
      await settle();
    }
    const next = page.locator('a.esbPage--next[href], button.esbPage--next:not([disabled])').first();
    if (await next.count() && await next.isVisible()) {
      await next.click();
      await settle();
    }
  }

  test('landing pages, every layout with term, sort, facet and paging, and the drop-in pages', async () => {
    for (const path of LANDINGS) await visit(path);
    for (const path of LAYOUTS) await visit(path, searchAround);
    for (const path of DROP_IN) await visit(path, searchAround);
    console.log(`request contract: ${sent.length} store requests on ${LANDINGS.length + LAYOUTS.length + DROP_IN.length} pages`);

    // what was covered (so a change that stops sending something cannot pass by sending nothing)
    const decoded = sent.map((s) => decodeURIComponent(s.url));
    assert.ok(decoded.some((u) => /[?&]sort=title\./.test(u)), 'a title sort was sent');
    assert.ok(decoded.some((u) => /[?&]facetFields=/.test(u)), 'facets were asked for');
    assert.ok(decoded.some((u) => /[?&]offset=[1-9]/.test(u)), 'a second page was asked for');
    assert.ok(decoded.some((u) => /\/entry\//.test(u) || /resource:/.test(u)), 'landing entries were read');

    const broken = new Map<string, string[]>();
    for (const { url, page } of sent) {
      for (const problem of contractProblems(url, world.store.url)) {
        const pages = broken.get(problem) ?? [];
        if (!pages.includes(page)) pages.push(page);
        broken.set(problem, pages);
      }
    }
    assert.deepEqual([...broken].map(([problem, pages]) => `${problem} (${pages.join(', ')})`), []);
  });

  test('the rules themselves: what a real store drops or refuses is caught', () => {
    const s = 'http://x/store/';
    assert.deepEqual(contractProblems(`${s}search?type=solr&query=public%3Atrue&sort=title.sv%20asc%2Ctitle.nolang%20asc`, s), []);
    assert.match(contractProblems(`${s}search?type=solr&query=public%3Atrue&sort=title.sv%20asc%2C%20title.nolang%20asc`, s)[0]!, /drops it/);
    assert.match(contractProblems(`${s}search?type=solr&query=ab`, s)[0]!, /shorter than 3/);
    assert.match(contractProblems(`${s}search?type=solr&query=public%3Atrue&limit=500`, s)[0]!, /> 100/);
    assert.match(contractProblems(`${s}search?type=solr&query=nosuch.field%3Ax`, s)[0]!, /not in schema/);
    assert.match(contractProblems(`${s}search?type=solr&query=public:true+AND+x`, s)[0]!, /raw "\+"/);
    assert.match(contractProblems(`${s}search?type=solr&query=public%3Atrue&sort=title%20asc`, s)[0]!, /not a sortable/);
    assert.deepEqual(queryFields('(metadata.predicate.uri.0ce6b231:http\\:\\/\\/x OR title:"a:b") AND public:true'),
      ['metadata.predicate.uri.0ce6b231', 'title', 'public']);
  });
});
