/**
 * The facet search layout from the built CDN bundle on a plain host page, against the dev store on another origin,
 * over real catalogs: the demo catalog and the paging catalog (always), Rostock and Civic Tech Sweden (when
 * ../shared is present). For each: the result count equals the number of dcat:Dataset in the file (counted with
 * rdflib, independently of the store); clicking each theme value gives exactly its count; paging (pageInUrl) reaches
 * every dataset exactly once; term + facet + sort + page survive a reload of the URL and back/forward; every
 * interaction (term, facet click, sort, page) costs exactly one store request and a state already seen costs none.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DATASET, DEMO_CATALOG, LEAKS, launch, listEntries, root, startSite, startStore, watch,
  type PageWatch, type Running,
} from './harness.ts';
import {
  afterRequests, clickFacet, datasetsInFile, MAX_COUNT_ONLY, rowRequests, facetGroups, facetValues, listView, settleSearch, type ListView,
} from './search-helpers.ts';
import { ROSTOCK, SHARED_FIXTURES, SKIP_NO_SHARED } from '../shared-fixtures.ts';

const PAGE_SIZE = 10;
const CATALOGS = [
  { name: 'demo catalog', file: DEMO_CATALOG },
  { name: 'paging catalog', file: join(root, 'test/fixtures/paging-catalog.ttl') },
  { name: 'Rostock', file: ROSTOCK },
  { name: 'Civic Tech Sweden', file: join(SHARED_FIXTURES, 'dcat/se/civictech-se_dcat-ap.rdf') },
];

// one browser for every catalog (launching costs seconds)
let sharedBrowser: Promise<Browser> | undefined;
const browserOnce = (): Promise<Browser> => (sharedBrowser ??= launch());
after(async () => (await sharedBrowser)?.close());

for (const catalog of CATALOGS) {
  describe(`facet search over the ${catalog.name}`, { skip: existsSync(catalog.file) ? false : SKIP_NO_SHARED }, () => {
    let store: Running;
    let site: Running & { origin: string };
    let browser: Browser;
    let datasets: string[];
    let page: Page;
    let seen: PageWatch;

    before(async () => {
      assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
      datasets = datasetsInFile(catalog.file);
      store = await startStore([catalog.file]);
      site = await startSite(store.url);
      browser = await browserOnce();
    });
    after(async () => {
      await page?.close();
      await site?.close();
      await store?.close();
    });

    /** A fresh page on the search page (optionally with a query string / fragment); returns its first view. */
    async function open(suffix = ''): Promise<ListView> {
      await page?.close();
      page = await browser.newPage();
      seen = watch(page, store.url);
      await page.goto(`${site.origin}/e2e/search.html${suffix}`);
      await settleSearch(page);
      return listView(page);
    }

    /** Runs `action`, which must cost exactly `cost` store requests, and returns the settled view. */
    async function interact(what: string, cost: number, action: () => Promise<unknown>): Promise<ListView> {
      const before = seen.storeRequests.length;
      await action();
      await afterRequests(page, seen.storeRequests, before, cost);
      await page.waitForTimeout(50); // a late extra request would show up here
      const made = rowRequests(seen.storeRequests.slice(before));
      assert.equal(made.length, cost, `${what}: ${made.length} store requests, expected ${cost}:\n  ${made.join('\n  ')}`);
      // (plus the count-only searches of facet values whose count the answer cannot tell: issue 28 point 1)
      assert.ok(seen.storeRequests.length - before - made.length <= MAX_COUNT_ONLY, `${what}: count-only searches`);
      return listView(page);
    }

    test('the result count equals the number of dcat:Dataset in the file; the first view costs at most 2 requests', async () => {
      const view = await open();
      console.log(`${catalog.name}: ${datasets.length} datasets in the file; first view: ${seen.storeRequests.length} store requests`);
      assert.equal(view.total, datasets.length);
      assert.ok(view.resultsText.includes(datasets.length.toLocaleString('en')), view.resultsText);
      assert.equal(view.uris.length, Math.min(PAGE_SIZE, datasets.length));
      const rows = rowRequests(seen.storeRequests);
      assert.ok(rows.length >= 1 && rows.length <= 2, seen.storeRequests.join('\n'));
      assert.ok(seen.storeRequests.length - rows.length <= MAX_COUNT_ONLY, 'count-only searches (issue 28 point 1)');
      const text = await page.locator('dataset-facet-search-layout').textContent() ?? '';
      for (const leak of LEAKS) assert.doesNotMatch(text, leak);
      assert.deepEqual(seen.problems, []);
    });

    test('clicking each theme value gives exactly its count (one request); back costs none', async () => {
      const initial = await open();
      const groups = await facetGroups(page);
      const group = groups.includes('theme') ? 'theme' : groups[0];
      assert.ok(group, 'a facet group is shown');
      const values = await facetValues(page, group);
      assert.ok(values.length > 0);
      console.log(`${catalog.name}: ${values.length} values in facet "${group}"`);
      for (let i = 0; i < values.length; i++) {
        const v = values[i]!;
        const filtered = await interact(`click ${group} "${v.label}"`, 1, () => clickFacet(page, group, i));
        assert.equal(filtered.total, v.count, `${group} "${v.label}": total ${filtered.total}, facet said ${v.count}`);
        assert.equal(filtered.uris.length, Math.min(PAGE_SIZE, v.count));
        assert.ok(filtered.uris.every((u) => initial.total > PAGE_SIZE || initial.uris.includes(u)));
        const back = await interact(`back from ${group} "${v.label}"`, 0, () => page.goBack());
        assert.deepEqual(back.uris, initial.uris);
        assert.equal(back.total, initial.total);
        if (group === 'theme') await facetValues(page, group); // "Show more" again when the group re-rendered collapsed
      }
      assert.deepEqual(seen.problems, []);
    });

    test('paging (pageInUrl) reaches every dataset exactly once, one request per page', async () => {
      let view = await open();
      const collected = [...view.uris];
      const pages = Math.ceil(datasets.length / PAGE_SIZE);
      for (let p = 2; p <= pages; p++) {
        view = await interact(`page ${p}`, 1, () => page.locator('.esbPage--next').first().click());
        assert.equal(new URL(page.url()).searchParams.get('esc_page'), String(p));
        collected.push(...view.uris);
      }
      assert.equal(await page.locator('a.esbPage--next[href], button.esbPage--next:not([disabled])').count(), 0, 'no next page after the last');
      assert.equal(collected.length, datasets.length, 'rows seen across pages');
      assert.equal(new Set(collected).size, datasets.length, 'no dataset shown twice');
      const inStore = (await listEntries(store.url, DATASET)).map((e) => e.uri).sort();
      assert.deepEqual([...collected].sort(), inStore);
      assert.deepEqual(seen.problems, []);
    });

    test('term + facet + sort + page: one request each, the URL reloads the same rows, back/forward restores without requests', async () => {
      const first = await open();
      const steps: { url: string; view: ListView }[] = [{ url: page.url(), view: first }];
      // a word of the first row's title (whole-word match), so the term has hits
      const title = (await page.locator('li.entryListRow .esbRowTitle').first().textContent()) ?? '';
      const word = title.toLowerCase().split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4 && /^\p{L}+$/u.test(w)) ?? '';
      assert.ok(word, `a word in "${title}"`);
      const input = page.locator('input[role="combobox"]').first();
      await input.fill(word);
      await page.waitForTimeout(400); // suggestions settle; they are not the interaction counted
      let view = await interact(`term "${word}"`, 1, () => input.press('Enter'));
      assert.ok(view.total >= 1 && view.total <= first.total, `term "${word}": ${view.total}`);
      steps.push({ url: page.url(), view });

      const groups = await facetGroups(page);
      const group = groups.includes('theme') ? 'theme' : groups[0]!;
      assert.ok(group, `facet groups after the term "${word}" (${view.total} hits): ${await page.locator('dataset-facets').innerHTML()}`);
      const values = await facetValues(page, group);
      const pick = values.reduce((best, v, i) => (!v.selected && v.count > values[best]!.count ? i : best), 0);
      view = await interact(`facet ${group}`, 1, () => clickFacet(page, group, pick));
      assert.equal(view.total, values[pick]!.count);
      steps.push({ url: page.url(), view });

      view = await interact('sort by title', 1, () => page.locator('catalog-sort-select select').selectOption('title'));
      steps.push({ url: page.url(), view });
      if (view.total > PAGE_SIZE) {
        view = await interact('next page', 1, () => page.locator('.esbPage--next').first().click());
        steps.push({ url: page.url(), view });
      }

      const last = steps.at(-1)!;
      const url = new URL(last.url);
      const fragment = new URLSearchParams(url.hash.slice(1));
      assert.equal(fragment.get('esc_term'), word);
      assert.ok(fragment.get(`esc_${group}`), `esc_${group} in ${last.url}`);
      assert.equal(fragment.get('esc_sort'), 'title');
      if (last.view.total > PAGE_SIZE) assert.equal(url.searchParams.get('esc_page'), '2');

      // back through every step and forward again: each state comes back, from the cache (zero requests)
      for (let i = steps.length - 2; i >= 0; i--) {
        const back = await interact(`back to step ${i}`, 0, () => page.goBack());
        assert.deepEqual(back.uris, steps[i]!.view.uris, `back to step ${i}`);
      }
      for (let i = 1; i < steps.length; i++) {
        const fwd = await interact(`forward to step ${i}`, 0, () => page.goForward());
        assert.deepEqual(fwd.uris, steps[i]!.view.uris, `forward to step ${i}`);
      }
      assert.deepEqual(seen.problems, []);

      // the final URL in a fresh page shows the same rows
      const reloaded = await open(`${url.search}${url.hash}`);
      assert.deepEqual(reloaded.uris, last.view.uris);
      assert.equal(reloaded.total, last.view.total);
      assert.equal(await page.locator('catalog-sort-select select').inputValue(), 'title');
      assert.deepEqual(seen.problems, []);
    });

    if (catalog.name === 'demo catalog') {
      test('the JS a search page downloads is what `npm run size` counts for it (reported: files, KB gzip)', async () => {
        await open();
        const js = await page.evaluate(() => performance.getEntriesByType('resource')
          .map((e) => e.name).filter((n) => n.includes('/cdn/') && n.endsWith('.js')).map((n) => n.split('/').pop()!));
        const gz = js.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'dist/cdn', f)), { level: 9 }).length, 0);
        const size = JSON.parse(spawnSync(process.execPath, [join(root, 'scripts/size.mjs'), '--json'], { encoding: 'utf8' }).stdout) as
          { search: { gzip: number; files: string[]; withSorting: string[] } | null };
        assert.ok(size.search, 'npm run size measures the search page');
        console.log(`search page in Chromium: ${js.length} JS files, ${(gz / 1024).toFixed(1)} KB gzip (${js.join(', ')}); ` +
          `npm run size counts ${(size.search.gzip / 1024).toFixed(1)} KB`);
        // The demo page shows the sort select (include-sorting): its chunk is counted apart by `npm run size`.
        const counted = [...size.search.files, ...size.search.withSorting];
        assert.deepEqual(js.filter((f) => !counted.includes(f)), [], 'downloaded but not counted');
      });

      test('a row\'s expansion code (view model, distribution list: the landing chunk) downloads on its first expansion only', async () => {
        await open();
        const detailJs = () => page.evaluate(() => performance.getEntriesByType('resource')
          .map((e) => e.name.split('/').pop()!).filter((n) => /^(row-detail|landing)-.*\.js$/.test(n)));
        assert.deepEqual(await detailJs(), [], 'not loaded before a row is opened');
        const requestsBefore = seen.storeRequests.length;
        const row = page.locator('li.entryListRow').first();
        const area = row.locator(':scope > .esbRowExpand');
        // UI strings: the row's own (shared part) before, the landing part's as soon as the detail shows, never a raw key
        const rawKey = /\b(dv|svc|dist|row|field|text|value)\.[a-z]\w+\b/;
        assert.doesNotMatch((await row.locator('.esbRowHead').textContent()) ?? '', rawKey);
        await row.locator('button.esbRowExpandButton').click();
        await area.locator('.esbFurtherInfo').first().waitFor();
        assert.equal(await area.locator('[aria-busy="true"]').count(), 0, 'the loading state is gone');
        assert.deepEqual((await detailJs()).map((n) => n.split('-')[0]).sort(), ['landing', 'row'], 'loaded on expansion');
        const requests = seen.storeRequests.length - requestsBefore;
        // at most 2: the row's distributions in one batch (and their related entries); none when the client already
        // holds them (the licence facet's lookups of licence documents read distribution entries: src/search/scope.ts)
        assert.ok(requests <= 2, `store requests of the expansion: ${requests}`);
        const text = (await area.textContent()) ?? '';
        for (const leak of LEAKS) assert.doesNotMatch(text, leak);
        assert.doesNotMatch(text, rawKey);
        assert.deepEqual(seen.problems, []);
      });
    }

    if (catalog.name === 'paging catalog') {
      test('keyboard: Tab reaches the search input, a facet value, the sort select and the pagination', async () => {
        await open();
        await page.locator('body').focus();
        const reached = new Set<string>();
        for (let i = 0; i < 150 && reached.size < 4; i++) {
          await page.keyboard.press('Tab');
          const what = await page.evaluate(() => {
            const a = document.activeElement;
            if (!a) return '';
            if (a.matches('input[role="combobox"], input[type="search"]')) return 'search';
            if (a.matches('.esbFacets__optionLink')) return 'facet';
            if (a.matches('catalog-sort-select select')) return 'sort';
            if (a.closest('.entryPagination') && a.matches('a[href], button')) return 'pagination';
            return '';
          });
          if (what) reached.add(what);
        }
        assert.deepEqual([...reached].sort(), ['facet', 'pagination', 'search', 'sort']);
      });
    }
  });
}
