/**
 * The package where users build it (issue 24 points 1 and 3): the packed tarball installed into an empty app (no ol),
 * every import form of the README ("With npm") built by the PRODUCTION build of Vite, webpack 5 and esbuild, each page
 * loaded in Chromium against the dev store: the block is defined and shows the dataset's title from the store; the
 * programmatic API reads the entry; a map draws with OpenLayers although the app did not install it.
 * Production builds tree-shake by package.json `sideEffects`: a declaration that misses the files that call
 * customElements.define ships an app without its blocks, while `vite dev` still works.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_CATALOG, launch, root, startSite, startStore, watch, type Running } from './harness.ts';
import { BUNDLERS, buildApp, installApp, packTarball, type Bundler, type Form } from './packed-app.ts';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
/** The SwedishPolls dataset's English title in demo/catalog/demo-catalog.ttl. */
const POLLS_TITLE = 'Swedish Polls';
/** Most packages `npm install catalog-blocks` may add (issue 24 point 3; with ol it added 31). */
const MAX_INSTALLED = 20;

/** The import forms README "With npm" documents, one page each. */
const FORMS: readonly Form[] = [
  { name: 'every-block', js: "import 'catalog-blocks';\n", body: '<dataset-view hl="2"></dataset-view>' },
  { name: 'one-block', js: "import 'catalog-blocks/dataset-view';\n", body: '<dataset-view hl="2"></dataset-view>' },
  {
    name: 'api',
    js: `import { EntryStoreClient } from 'catalog-blocks/api';
const url = document.querySelector('[data-store-url]').dataset.storeUrl;
new EntryStoreClient(url).getEntryByResourceUri(${JSON.stringify(POLLS)})
  .then((e) => { document.querySelector('output').textContent = e.resourceUri; })
  .catch((e) => { document.querySelector('output').textContent = 'failed: ' + e; });
`,
    body: '<output></output>',
  },
  {
    // issue 29: no store, a DCAT file (the demo catalog, served by the site) read by the file store and its worker
    name: 'file-catalog',
    js: "import 'catalog-blocks';\n",
    body: '<div data-portal-config data-catalog-url="/demo/catalog/demo-catalog.ttl"></div><dataset-view hl="2"></dataset-view>',
  },
  {
    name: 'map',
    js: `import 'catalog-blocks/wms-map';
const map = document.createElement('catalog-points-map');
map.points = [{ lon: 18.07, lat: 59.33, title: 'Stockholm' }];
map.style.cssText = 'display:block;width:400px;height:300px';
document.querySelector('main').append(map);
`,
    body: '',
  },
];

describe('the packed package in apps built by Vite, webpack 5 and esbuild (production)', () => {
  let dir: string;
  let installed: string[];
  const built = new Map<Bundler, string | Error>();
  let store: Running;
  let site: Running & { origin: string };
  let browser: Browser;

  before(async () => {
    assert.ok(existsSync(join(root, 'dist/npm/index.js')), 'run `npm run build` first (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'catalog-blocks-apps-'));
    const app = join(dir, 'app');
    installed = installApp(app, packTarball(dir));
    // a failed build is reported by its bundler's tests, the others still run
    for (const b of BUNDLERS) built.set(b, await buildApp(app, FORMS, b).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    store = await startStore([DEMO_CATALOG]);
    const dirs = Object.fromEntries([...built].flatMap(([b, out]) => (typeof out === 'string' ? [[`/${b}/`, [out]]] : [])));
    site = await startSite(store.url, dirs);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test(`installing the package adds at most ${MAX_INSTALLED} packages, none of them OpenLayers`, () => {
    assert.ok(installed.includes('catalog-blocks') && installed.includes('lit'), installed.join(', '));
    assert.ok(installed.length <= MAX_INSTALLED, `${installed.length} packages: ${installed.join(', ')}`);
    assert.ok(!installed.some((p) => p === 'ol' || p.startsWith('ol/')), `ol is installed: ${installed.join(', ')}`);
    // the README's figure is this count (npm's "added N packages" counts catalog-blocks too)
    const stated = readFileSync(join(root, 'README.md'), 'utf8').match(/`npm install catalog-blocks` adds (\d+) packages/)?.[1];
    assert.equal(Number(stated), installed.length, 'README "With npm": `npm install catalog-blocks` adds N packages');
  });

  for (const bundler of BUNDLERS) {
    /** Opens a built page, runs `check` in it; asserts nothing failed on the page. */
    const open = async (form: string, query = '') => {
      const out = built.get(bundler);
      if (out instanceof Error) throw out;
      const page = await browser.newPage();
      const seen = watch(page, store.url);
      await page.goto(`${site.origin}/${bundler}/${form}.html${query}`);
      return { page, seen };
    };

    for (const form of ['every-block', 'one-block']) {
      test(`${bundler}: import '${form === 'one-block' ? 'catalog-blocks/dataset-view' : 'catalog-blocks'}' defines <dataset-view> and it shows the dataset`, async () => {
        const { page, seen } = await open(form, `?esc_uri=${encodeURIComponent(POLLS)}`);
        const shown = await page.evaluate(async () => {
          // the bundle has run once the page has loaded: a block that is not defined by then never will be
          await new Promise((r) => (document.readyState === 'complete' ? r(null) : addEventListener('load', r)));
          await new Promise((r) => setTimeout(r, 0));
          if (!customElements.get('dataset-view')) return { defined: false, state: '', title: '' };
          const el = document.querySelector('dataset-view') as HTMLElement & { loadComplete: Promise<string> };
          const state = await el.loadComplete;
          return { defined: true, state, title: el.querySelector('h2')?.textContent?.trim() ?? '' };
        });
        assert.deepEqual(shown, { defined: true, state: 'ready', title: POLLS_TITLE });
        assert.deepEqual(seen.problems, []);
        await page.close();
      });
    }

    test(`${bundler}: a page naming a DCAT file (data-catalog-url) shows the dataset from the file, asking no store (issue 29)`, async () => {
      const { page, seen } = await open('file-catalog', `?esc_uri=${encodeURIComponent(POLLS)}`);
      await page.waitForFunction(() => (document.querySelector('dataset-view') as HTMLElement & { state?: string } | null)?.state === 'ready', null, { timeout: 30000 });
      assert.equal((await page.locator('dataset-view h2').first().textContent())?.trim(), POLLS_TITLE);
      assert.deepEqual(seen.storeRequests, []);
      // esbuild copies no file that a bundle names with `new URL(…, import.meta.url)`: the worker's file is missing
      // (README "No catalog server?"), and the file store reads the file in the page instead
      const workerMissing = (p: string) => bundler === 'esbuild' && /\/assets\/worker-[\w-]+\.js\b/.test(p);
      assert.deepEqual(seen.problems.filter((p) => !workerMissing(p)), []);
      // Vite and webpack copy the worker (one file in the npm build): the file was read there, not in the page
      if (bundler !== 'esbuild') assert.equal(page.workers().length, 1, 'the file store runs in its worker');
      await page.close();
    });

    test(`${bundler}: named imports from 'catalog-blocks/api' read the entry from the store`, async () => {
      const { page, seen } = await open('api');
      await page.waitForFunction(() => (document.querySelector('output')?.textContent ?? '') !== '', null, { timeout: 15000 });
      assert.equal(await page.locator('output').textContent(), POLLS);
      assert.deepEqual(seen.problems, []);
      await page.close();
    });

    test(`${bundler}: import 'catalog-blocks/wms-map' draws a map with OpenLayers that the app did not install`, async () => {
      const { page, seen } = await open('map');
      const drawn = await page.evaluate(async () => {
        await new Promise((r) => (document.readyState === 'complete' ? r(null) : addEventListener('load', r)));
        await new Promise((r) => setTimeout(r, 0));
        if (!customElements.get('catalog-points-map')) return 'not defined';
        const el = document.querySelector('catalog-points-map') as HTMLElement & { loadComplete: Promise<void> };
        await el.loadComplete;
        const failed = el.querySelector('.esbMapFailed');
        return failed ? `failed: ${failed.textContent ?? ''}` : 'settled';
      });
      assert.equal(drawn, 'settled');
      // OpenLayers adds its canvas when it renders the first frame, after the map is made
      await page.waitForSelector('catalog-points-map .ol-viewport canvas', { timeout: 15000 });
      assert.deepEqual(seen.problems, []);
      await page.close();
    });
  }
});
