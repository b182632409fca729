/**
 * The portal builder demo page from the built CDN bundle: supportive blocks placed as siblings share the scope
 * "catalog" (a facet click changes the sibling list, count and URL keys `esc_catalog_…`), while the second search
 * (scope "quick") on the same page stays untouched. One store request per interaction there too. And
 * `<catalog-active-filters>`, a chunk of its own that no layout loads, upgrades on a page that has it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cdnWorld, DEMO_CATALOG, watch } from './harness.ts';
import { afterRequests, datasetsInFile, rowRequests, settleSearch } from './search-helpers.ts';

describe('portal builder: sibling blocks share one scope, another scope stays apart', () => {
  const world = cdnWorld([DEMO_CATALOG]);

  test('a facet click in <dataset-facets scope="catalog"> filters the sibling list and count, not the "quick" search', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}/demo/portal-builder.html`);
    await settleSearch(page);
    const all = datasetsInFile(DEMO_CATALOG).length;
    const view = (scope: string) => page.evaluate((scope) => {
      const list = document.querySelector(`dataset-list[scope="${scope}"]`) as HTMLElement & { searchScope: { results?: { total: number } } };
      return {
        total: list.searchScope.results?.total ?? -1,
        rows: list.querySelectorAll('li.entryListRow').length,
        results: document.querySelector(`dataset-results[scope="${scope}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      };
    }, scope);
    const before = { catalog: await view('catalog'), quick: await view('quick') };
    assert.equal(before.catalog.total, all);
    assert.equal(before.quick.total, all);

    const value = page.locator('dataset-facets[scope="catalog"] .collection_theme li.esbFacets__option').first();
    const count = Number((await value.locator('.esbFacets__occurence').textContent())?.replace(/\D/g, ''));
    const n = seen.storeRequests.length;
    await value.locator('a.esbFacets__optionLink').click();
    await afterRequests(page, seen.storeRequests, n, 1);
    // one request (plus count-only searches of format/licence values the answer cannot count: issue 28 point 1)
    assert.equal(rowRequests(seen.storeRequests.slice(n)).length, 1, seen.storeRequests.slice(n).join('\n'));

    const afterClick = { catalog: await view('catalog'), quick: await view('quick') };
    assert.equal(afterClick.catalog.total, count);
    assert.equal(afterClick.catalog.rows, Math.min(10, count));
    assert.notEqual(afterClick.catalog.results, before.catalog.results, 'the sibling result count follows');
    assert.deepEqual(afterClick.quick, before.quick, 'the other scope is untouched');
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    assert.ok(hash.get('esc_catalog_theme'), page.url());
    assert.equal(hash.get('esc_theme'), null);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('<catalog-active-filters> beside a facet column: its own chunk loads, a facet click shows the chip, removing it clears the filter', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const chunks: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/cdn/')) chunks.push(new URL(r.url()).pathname.split('/').pop()!); });
    await page.goto(`${world.site.origin}/e2e/active-filters.html`);
    await settleSearch(page);
    assert.ok(chunks.some((c) => /^active-filters-[\w-]+\.js$/.test(c)), chunks.join(' '));
    const value = page.locator('dataset-facets .collection_theme li.esbFacets__option').first();
    const label = ((await value.locator('.facetLabel').textContent()) ?? '').trim();
    await value.locator('a.esbFacets__optionLink').click();
    const chip = page.locator('catalog-active-filters button.item.esbItemFacet');
    await chip.first().waitFor();
    assert.match((await chip.first().textContent()) ?? '', new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await chip.first().click();
    await page.waitForFunction(() => !document.querySelector('catalog-active-filters button.item') && !document.querySelector('li.esbFacets--selected'));
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
