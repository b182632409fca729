/**
 * Every dataset of two real harvested catalogs (Rostock: 100 datasets, Antwerp: 491, messy) rendered by the built
 * CDN bundle on a plain host page, one page reused for all views: title and every distribution shown, no console
 * error, no `undefined` / `null` / `[object Object]` in the text, at most 2 store requests per view.
 * The catalogs are test-only fixtures (AGPL / unlicensed), read from ../shared when present.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import {
  DATASET, LEAKS, launch, listEntries, root, startSite, startStore, watch, type Running,
} from './harness.ts';
import { settleBlocks, showEntry } from './browser-helpers.ts';
import { ANTWERPEN, ROSTOCK, SKIP_NO_SHARED } from '../shared-fixtures.ts';

const CATALOGS = [
  { name: 'Rostock (de)', file: ROSTOCK, expected: 100 },
  { name: 'Antwerp (large)', file: ANTWERPEN, expected: 491 },
];

for (const catalog of CATALOGS) {
  describe(`every dataset of ${catalog.name}`, { skip: existsSync(catalog.file) ? false : SKIP_NO_SHARED }, () => {
    let store: Running;
    let site: Running & { origin: string };
    let browser: Browser;

    before(async () => {
      assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
      store = await startStore([catalog.file]);
      site = await startSite(store.url);
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      await store?.close();
    });

    test('renders title and distributions of each dataset, cleanly, with at most 2 store requests each', async () => {
      const datasets = await listEntries(store.url, DATASET);
      assert.equal(datasets.length, catalog.expected, 'datasets listed by the store');
      const page = await browser.newPage();
      const seen = watch(page, store.url);
      await page.goto(`${site.origin}/e2e/embed.html`);
      await settleBlocks(page); // the empty block on the page ("No dataset was specified")

      const failures: string[] = [];
      for (const d of datasets) {
        const problemsBefore = seen.problems.length;
        const requestsBefore = seen.storeRequests.length;
        const r = await showEntry(page, d.uri);
        const why: string[] = [];
        if (r.state !== 'ready') why.push(`state ${r.state}`);
        if (!r.title) why.push('no title');
        if (r.distributionRows !== d.distributions) why.push(`${r.distributionRows} of ${d.distributions} distributions shown`);
        for (const leak of LEAKS) {
          const m = leak.exec(r.text);
          if (m) why.push(`text contains "${m[0]}" near "${r.text.slice(Math.max(0, m.index - 40), m.index + 20).replace(/\s+/g, ' ')}"`);
        }
        const requests = seen.storeRequests.length - requestsBefore;
        if (requests > 2) why.push(`${requests} store requests`);
        if (seen.problems.length > problemsBefore) why.push(...seen.problems.slice(problemsBefore));
        if (why.length) failures.push(`${d.uri}: ${why.join('; ')}`);
      }
      await page.close();
      assert.deepEqual(failures, [], `${failures.length} of ${datasets.length} datasets failed`);
    });
  });
}
