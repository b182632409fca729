/**
 * Issue 23 points 3 and 5, through the BUILT CDN bundle in Chromium, on a page of another origin than the dev store.
 *
 * Point 3: a page configuration is written by whoever may edit a CMS page (filtered-HTML profiles allow `data-*`
 * attributes but no scripts). Every form that sets a link target — global `clicks` in `__entryscape_config`, the
 * `data-portal-config` JSON, `data-entryscape-click`, `data-entryscape-namedclick` + `clicks`, a JSON attribute's
 * "click", a tag's `click` attribute, a `${entry}` template, a row template's `{{link click=…}}`, hidden behind
 * invisible characters — with a `javascript:` target: no `a[href]` of the document resolves to any scheme but http,
 * https or mailto, clicking the row link runs nothing (the page's `__xss` is a binding into this test, so a call counts
 * even if the page navigates) and lands on the default landing link, and one console warning names the key.
 *
 * Point 5: the `routes` regex of the report (`^.*(a+)+b$`) on an address ending in 28 × `a` + `c` (126 s of frozen tab
 * before), and an address over 2,048 characters: the page answers a trivial evaluation, the block settles and one
 * warning names the cause. The outer timeout is generous; nothing here measures speed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_CATALOG, launch, root, startStore, type Running } from '../e2e/harness.ts';

const CDN = join(root, 'dist/cdn');
const XSS = 'javascript:__xss()//';
const head = (config: Record<string, unknown> | null) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>
${config ? `<script>window.__entryscape_config = ${JSON.stringify({ entrystore: '__STORE__', context: '1', page_language: 'en', ...config })};</script>` : ''}
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body><main>`;
const portalConfig = (extra: Record<string, unknown> = {}) =>
  `<script type="application/json" data-portal-config>${JSON.stringify({ storeUrl: '__STORE__', context: '1', lang: 'en', ...extra })}</script>`;

interface LinkPage {
  /** The configuration key the one warning must name. */
  readonly key: string;
  readonly html: string;
}

/** Each configured form of a link target, with a target that runs `__xss()` when it becomes a live link. */
const LINK_PAGES: Record<string, LinkPage> = {
  'global-clicks': {
    key: 'clicks.dataset',
    html: `${head({ clicks: { dataset: XSS, dataservice: XSS, 'dataservice-link': XSS } })}<div data-entryscape="datasetList" data-entryscape-limit="5"></div>`,
  },
  'portal-config-clicks': {
    key: 'clicks.dataset',
    html: `${head(null)}${portalConfig({ clicks: { dataset: XSS } })}<dataset-list limit="5"></dataset-list>`,
  },
  'data-entryscape-click': {
    key: 'click',
    html: `${head({})}<div data-entryscape="datasetList" data-entryscape-limit="5" data-entryscape-click="${XSS}"></div>`,
  },
  'data-entryscape-namedclick': {
    key: 'clicks.evil',
    html: `${head({ clicks: { evil: XSS } })}<div data-entryscape="datasetList" data-entryscape-limit="5" data-entryscape-namedclick="evil"></div>`,
  },
  'json-attribute-click': {
    key: 'click',
    html: `${head({})}<div data-entryscape='${JSON.stringify({ block: 'datasetList', limit: 5, click: XSS })}'></div>`,
  },
  'tag-click-attribute': {
    key: 'click',
    html: `${head(null)}${portalConfig()}<dataset-list limit="5" click="${XSS}"></dataset-list>`,
  },
  'filled-template': {
    key: 'clicks.dataset',
    html: `${head({ clicks: { dataset: 'javascript:__xss(${entry})//' } })}<div data-entryscape="datasetList" data-entryscape-limit="5"></div>`,
  },
  'invisible-characters': {
    key: 'clicks.dataset',
    html: `${head({ clicks: { dataset: '\u0000 JaVa\tScRiPt:__xss()//' } })}<div data-entryscape="datasetList" data-entryscape-limit="5"></div>`,
  },
  'template-link-click': {
    key: 'click',
    html: `${head({})}<div data-entryscape='${JSON.stringify({ block: 'datasetList', limit: 5, rowhead: `<span class="row">{{link click="${XSS}"}}</span>` })}'></div>`,
  },
};

const REDOS_ROUTES = [{ regex: '^.*(a+)+b$', lookup: 'never' }, { regex: '/datasets/(\\d+)_(\\d+)', context: 1, entry: 2 }];
const REDOS_PAGE = `${head({ routes: REDOS_ROUTES })}<div data-entryscape="datasetView"></div>`;

describe('page configuration through the built bundle: no script links, no route freeze', () => {
  let store: Running;
  let server: Server;
  let origin: string;
  let browser: Browser;

  before(async () => {
    assert.ok(existsSync(join(CDN, 'catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    store = await startStore([DEMO_CATALOG]);
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const name = /^\/p\/([^/]+)/.exec(path)?.[1];
      const html = name === 'redos' ? REDOS_PAGE : name ? LINK_PAGES[name]?.html : undefined;
      if (html) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html.replaceAll('__STORE__', store.url));
        return;
      }
      const file = path.startsWith('/cdn/') ? normalize(join(CDN, path.slice(5))) : '';
      if (file.startsWith(CDN + sep) && existsSync(file) && statSync(file).isFile()) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(readFileSync(file));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
    await store?.close();
  });

  interface Opened { page: Page; warnings: string[]; errors: string[]; scriptsRun: () => number }
  async function open(path: string, waitUntil: 'load' | 'commit' = 'load'): Promise<Opened> {
    const page = await browser.newPage();
    const warnings: string[] = [];
    const errors: string[] = [];
    let ran = 0;
    // a binding survives navigation: a javascript: link that ran counts here even if the page moves on
    await page.exposeFunction('__xss', () => { ran++; });
    page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}${path}`, { waitUntil });
    return { page, warnings, errors, scriptsRun: () => ran };
  }

  /** Every href of the document that resolves to a scheme other than http(s) or mailto. */
  const unsafeHrefs = async (page: Page) => {
    const hrefs = await page.evaluate(() => [...document.querySelectorAll('a[href], area[href]')].map((a) => a.getAttribute('href') ?? ''));
    const base = page.url();
    return { count: hrefs.length, unsafe: hrefs.filter((h) => !['http:', 'https:', 'mailto:'].includes(new URL(h, base).protocol)) };
  };

  for (const [name, { key }] of Object.entries(LINK_PAGES)) {
    test(`${name}: only http(s)/mailto links, the row link runs nothing and lands on the entry, one warning names ${key}`, async () => {
      const { page, warnings, errors, scriptsRun } = await open(`/p/${name}`);
      const rowLinks = page.locator('li.entryListRow a[href]');
      await rowLinks.first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => [...document.querySelectorAll('.esbSearchList')].every((l) => l.getAttribute('aria-busy') === 'false'),
        null, { timeout: 30_000 });
      const links = await unsafeHrefs(page);
      assert.ok(links.count >= 5, `${links.count} links`);
      assert.deepEqual(links.unsafe, []);
      const ours = warnings.filter((w) => w.startsWith(`[catalog-blocks] ${key}:`));
      assert.equal(ours.length, 1, warnings.join('\n'));

      // the default landing link: this page with ?esc_entry=…&esc_context=…
      await rowLinks.first().click();
      await page.waitForURL(/\?esc_entry=\d+&esc_context=\d+$/, { timeout: 30_000 });
      assert.equal(new URL(page.url()).pathname, `/p/${name}`);
      assert.equal(await page.evaluate(() => 1 + 1), 2);
      assert.equal(scriptsRun(), 0, 'a javascript: target ran');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  const GENEROUS = 90_000;
  /** A trivial evaluation in the page, or a rejection naming the page as unresponsive after GENEROUS ms. */
  const responsive = (page: Page) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      page.evaluate(() => document.readyState),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`the page did not answer in ${GENEROUS / 1000} s`)), GENEROUS); }),
    ]).finally(() => clearTimeout(timer));
  };
  const settled = (page: Page) => page.waitForFunction(
    () => !!document.querySelector('[data-entryscape="datasetView"] :is(.esbLanding, .esbState:not(.esbLoading))'), null, { timeout: GENEROUS });

  test('the ReDoS route of the report on an address ending in 28 × a + c: the page stays responsive, the route is skipped with one warning', async () => {
    const { page, warnings, errors } = await open(`/p/redos/${'a'.repeat(28)}c`, 'commit');
    assert.notEqual(await responsive(page), undefined);
    await settled(page);
    assert.equal(warnings.filter((w) => w.includes('routes: /^.*(a+)+b$/ is skipped')).length, 1, warnings.join('\n'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the same in the query string, and the safe route after it still finds the dataset of a real address', async () => {
    const { page, warnings, errors } = await open(`/p/redos/datasets/1_2?x=${'a'.repeat(28)}c`, 'commit');
    await responsive(page);
    await settled(page);
    assert.equal(warnings.filter((w) => w.includes('routes: /^.*(a+)+b$/ is skipped')).length, 1, warnings.join('\n'));
    // entry 2 of context 1 exists in the demo catalog: the second route located it
    assert.equal(await page.evaluate(() => !!document.querySelector('[data-entryscape="datasetView"] .esbLanding')), true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('an address over 2,048 characters of path + query: matched by no route, one warning, the page answers', async () => {
    const { page, warnings, errors } = await open(`/p/redos/datasets/1_2?x=${'a'.repeat(3000)}c`, 'commit');
    await responsive(page);
    await settled(page);
    assert.equal(warnings.filter((w) => w.includes('routes: an address over 2048 characters')).length, 1, warnings.join('\n'));
    assert.equal(await page.evaluate(() => !!document.querySelector('[data-entryscape="datasetView"] .esbLanding')), false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
