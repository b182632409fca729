/**
 * The built bundle against a store WITHOUT related.* indexing (a default EntryStore: `entrystore.solr.related` off;
 * README "Pointing at your EntryStore"): the facet search leaves the Format and Licence groups out and the other groups
 * filter in place, OR within a group (a theme clicked keeps the other themes offered with their counts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CATALOG, cdnWorld, watch } from './harness.ts';
import { clickFacet, facetGroups, facetValues, listView, settleSearch } from './search-helpers.ts';

describe('a store without related indexing', () => {
  const world = cdnWorld([DEMO_CATALOG], { solrRelated: false });

  test('facets: no Format or Licence group; two theme clicks give the datasets of either', async () => {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    await page.goto(`${world.site.origin}/e2e/search.html`);
    await settleSearch(page);
    const groups = await facetGroups(page);
    assert.ok(groups.includes('theme'), groups.join());
    assert.ok(!groups.includes('format') && !groups.includes('license'), groups.join());
    const themes = await facetValues(page, 'theme');
    assert.ok(themes.length >= 2, JSON.stringify(themes));
    const [a, b] = themes as [typeof themes[0], typeof themes[0]];
    const totalIs = (n: number) => page.waitForFunction((want) => {
      const list = document.querySelector('.esbSearchList')!.closest('dataset-list, esb-datasetlist, catalog-search-list') as HTMLElement & { searchScope?: { results?: { total: number } } };
      return list.searchScope?.results?.total === want;
    }, n);
    await clickFacet(page, 'theme', 0);
    await totalIs(a.count);
    await settleSearch(page);
    assert.equal((await listView(page)).total, a.count);
    const after = await facetValues(page, 'theme');
    const other = after.find((v) => v.label === b.label);
    assert.ok(other, `theme "${b.label}" still offered among ${after.map((v) => v.label).join(', ')}`);
    assert.equal(other.count, b.count);
    await clickFacet(page, 'theme', after.indexOf(other));
    await totalIs(a.count + b.count);
    await settleSearch(page);
    assert.equal((await listView(page)).total, a.count + b.count);
    assert.deepEqual(seen.problems.filter((p) => !p.includes('[catalog-blocks] the store')), []);
    await page.close();
  });
});
