/**
 * Strict Content-Security-Policy with Trusted Types against the built bundles (issue 8, points 13 and 14).
 *
 * Three origins, as on a real site: the host page (127.0.0.1:A), the CDN serving dist/cdn (127.0.0.1:B, with CORS as a
 * CDN sends it, so module scripts load cross-origin) and the dev store (localhost). Pages: test/e2e/pages/csp/. Every
 * page response carries the CSP header named by `?csp=`; the test records `securitypolicyviolation` events and console
 * errors. The documented policy (RECIPES, the README's copy-paste headers) must give 0 violations for the CDN loader,
 * the IIFE bundle and the npm entry on a landing and a search page; a policy that refuses Lit (`trusted-types 'none'`,
 * a host page owning `lit-html` without `'allow-duplicates'`) must leave a sentence in each block, in the page
 * language, and one console error naming the directive. Last: every bundle defines every custom element of blocks/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_CATALOG, launch, root, startStore, type Running } from '../e2e/harness.ts';
import { settleSearch } from '../e2e/search-helpers.ts';
import { blockTagFiles } from '../../scripts/entries.mjs';

const PAGES = join(root, 'test/e2e/pages/csp');
/** The build under test (CSP_TEST_DIST: another build's dist/, e.g. of an older commit, to see these tests fail there). */
const DIST = process.env.CSP_TEST_DIST ?? join(root, 'dist');
const CDN_DIR = join(DIST, 'cdn');
const NPM_DIR = join(DIST, 'npm');
const NODE_MODULES = join(root, 'node_modules');
const POLLS = 'https://github.com/MansMeg/SwedishPolls';

/** The fallback sentence of a block refused by Trusted Types (blocks/base/trusted-types.ts), per page language. */
const BLOCKED_TEXT = {
  en: "This content could not be shown: the page's security policy (Trusted Types) blocks it.",
  sv: 'Innehållet kan inte visas: sidans säkerhetspolicy (Trusted Types) blockerar det.',
  de: 'Dieser Inhalt kann nicht angezeigt werden: die Sicherheitsrichtlinie der Seite (Trusted Types) blockiert ihn.',
};

interface Origins { readonly page: string; readonly cdn: string; readonly store: string }

/**
 * The documented policies (README, "Security"): what a page embedding each bundle must allow, nothing more.
 * `extraScript` is what the host page itself needs (its own scripts, its import map's hash).
 */
function recipe(bundle: 'cdn' | 'iife' | 'npm', o: Origins, opts: { trustedTypes?: string; extraScript?: string } = {}): string {
  const scriptSrc = bundle === 'npm' ? `'self'` : o.cdn;
  return [
    `default-src 'none'`,
    `script-src ${scriptSrc}${opts.extraScript ? ` ${opts.extraScript}` : ''}`,
    `connect-src ${o.store}`,
    `require-trusted-types-for 'script'`,
    `trusted-types ${opts.trustedTypes ?? 'lit-html catalog-blocks-jsonld'}`,
    `base-uri 'none'`,
  ].join('; ');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.map': 'application/json',
};

function fileUnder(dir: string, rest: string): string | undefined {
  const file = normalize(join(dir, decodeURIComponent(rest)));
  if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const close = (server: Server) => new Promise<void>((done) => server.close(() => done()));

/** sha256 source expression of the page's inline import map (a host page lists it in script-src). */
function importMapHash(html: string): string | undefined {
  const m = html.match(/<script type="importmap">([\s\S]*?)<\/script>/);
  return m ? `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'` : undefined;
}

describe('strict CSP with Trusted Types: the documented policy per bundle, and blocks refused by Trusted Types', () => {
  let store: Running;
  let cdnServer: Server;
  let siteServer: Server;
  let o: Origins;
  let browser: Browser;
  /** Named policies the page server can send (`?csp=name`); `none` sends no CSP. */
  const policies = new Map<string, string>();

  before(async () => {
    assert.ok(existsSync(join(CDN_DIR, 'catalog-blocks.js')) && existsSync(join(NPM_DIR, 'index.js')),
      'run `npm run build` first (npm test does)');
    // The CDN: dist/cdn with CORS (module scripts from another origin need it), cacheable like a real CDN.
    cdnServer = createServer((req, res) => {
      const file = fileUnder(CDN_DIR, new URL(req.url ?? '/', 'http://x').pathname.slice(1));
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' })
        .end(readFileSync(file));
    });
    const cdn = await listen(cdnServer);
    // The host site: /pages/ (test/e2e/pages/csp, HTML with the CSP header of ?csp=), /npm/ (dist/npm) and /nm/ (the
    // application's own lit and @lit/context for the npm entry, resolved by the page's import map).
    siteServer = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
      const dirs: Record<string, string> = { '/pages/': PAGES, '/npm/': NPM_DIR, '/nm/': NODE_MODULES };
      const prefix = Object.keys(dirs).find((p) => url.pathname.startsWith(p));
      const file = prefix ? fileUnder(dirs[prefix]!, url.pathname.slice(prefix.length)) : undefined;
      if (!file) return void res.writeHead(404).end();
      const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      if (extname(file) !== '.html') return void res.writeHead(200, headers).end(readFileSync(file));
      let html = readFileSync(file, 'utf8').replaceAll('__STORE_URL__', store.url).replaceAll('__CDN__', cdn)
        .replaceAll('__API_URL__', new URL('/api', store.url).href).replaceAll('__STORE_ORIGIN__', new URL(store.url).origin);
      for (const [mark, script] of [['host-policy', url.searchParams.get('host')], ['after-bundle', url.searchParams.get('after')]]) {
        if (script) html = html.replace(`<!--${mark}-->`, `<script src="/pages/${script}.js"></script>`);
      }
      const csp = url.searchParams.get('csp');
      if (csp && csp !== 'none') {
        const policy = policies.get(csp);
        if (!policy) return void res.writeHead(500).end(`unknown policy ${csp}`);
        const name = url.searchParams.has('report-only') ? 'content-security-policy-report-only' : 'content-security-policy';
        headers[name] = policy.replace('IMPORT_MAP', importMapHash(html) ?? '');
      }
      res.writeHead(200, headers).end(html);
    });
    const page = await listen(siteServer);
    // The host page calls the job API (the upload block): the store is started with its origin (--cors-origin).
    store = await startStore([DEMO_CATALOG], { corsOrigins: [page] });
    o = { page, cdn, store: new URL(store.url).origin };
    assert.notEqual(new URL(o.page).host, new URL(o.cdn).host);
    for (const bundle of ['cdn', 'iife', 'npm'] as const) {
      const extraScript = bundle === 'npm' ? 'IMPORT_MAP' : undefined;
      policies.set(`${bundle}-strict`, recipe(bundle, o, { extraScript }));
      policies.set(`${bundle}-tt-none`, recipe(bundle, o, { trustedTypes: `'none'`, extraScript }));
      // the host's own scripts come from its origin
      const hostScripts = bundle === 'npm' ? `IMPORT_MAP` : `'self'`;
      policies.set(`${bundle}-host-lit`, recipe(bundle, o, { extraScript: hostScripts }));
      policies.set(`${bundle}-no-jsonld`, recipe(bundle, o, { trustedTypes: 'lit-html', extraScript }));
      policies.set(`${bundle}-host-lit-dup`, recipe(bundle, o, { trustedTypes: `lit-html catalog-blocks-jsonld 'allow-duplicates'`, extraScript: hostScripts }));
    }
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    if (siteServer) await close(siteServer);
    if (cdnServer) await close(cdnServer);
    await store?.close();
  });

  interface Opened { page: Page; violations: () => Promise<string[]>; errors: string[] }

  async function open(path: string): Promise<Opened> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        w.cspViolations.push(`${e.violatedDirective} blocked=${e.blockedURI} sample=${e.sample} @${e.sourceFile}:${e.lineNumber}`);
      });
    });
    await page.goto(`${o.page}${path}`);
    const violations = async () => {
      // violation events are queued tasks: let the queue run once more before reading them
      await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
      return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    };
    return { page, violations, errors };
  }

  /** States of the landing blocks once settled ('never defined' if the element never got its class). */
  async function landingStates(page: Page, tag: string): Promise<string[]> {
    return page.evaluate(async (tag) => {
      const defined = await Promise.race([customElements.whenDefined(tag).then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 15000))]);
      if (!defined) return ['never defined'];
      return Promise.all([...document.querySelectorAll(tag)].map((b) => (b as HTMLElement & { loadComplete: Promise<string> }).loadComplete));
    }, tag);
  }

  /** Text of the fallback paragraph in every element matching `selector` ('' where there is none, after 15 s). */
  async function fallbackTexts(page: Page, selector: string): Promise<string[]> {
    await page.waitForFunction((s) => [...document.querySelectorAll(s)].every((b) => b.querySelector('p.esbBlocked')),
      selector, { timeout: 15000 }).catch(() => undefined);
    return page.locator(selector).evaluateAll((els) => els.map((b) => b.querySelector('p.esbBlocked')?.textContent ?? ''));
  }

  const landingUri = `esc_uri=${encodeURIComponent(POLLS)}`;

  for (const { bundle, path, tag, title } of [
    { bundle: 'cdn', path: 'landing-cdn.html', tag: 'dataset-view', title: 'Swedish Polls' },
    { bundle: 'iife', path: 'landing-iife.html', tag: 'esb-datasetview', title: 'Svenska opinionsundersökningar' },
    { bundle: 'npm', path: 'landing-npm.html', tag: 'dataset-view', title: 'Swedish Polls' },
  ] as const) {
    test(`documented policy, ${bundle} bundle, landing page: renders with 0 CSP violations and no console error`, async () => {
      const { page, violations, errors } = await open(`/pages/${path}?csp=${bundle}-strict&${landingUri}`);
      assert.deepEqual(await landingStates(page, tag), ['ready']);
      assert.equal((await page.locator(`${tag} h2`).first().textContent())?.trim(), title);
      assert.ok(await page.locator(`${tag} li[data-distribution]`).count() >= 1, 'distributions shown');
      assert.ok(await page.evaluate(() => document.adoptedStyleSheets.length) >= 1, 'block styles adopted under style-src none');
      // The JSON-LD data block for search engines is placed through its own Trusted Types policy.
      await page.waitForFunction(() => document.head.querySelectorAll('script[type="application/ld+json"]').length === 1);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test(`policy without catalog-blocks-jsonld, ${bundle} bundle: the page renders, only the JSON-LD is left out`, async () => {
      const { page, violations, errors } = await open(`/pages/${path}?csp=${bundle}-no-jsonld&${landingUri}`);
      assert.deepEqual(await landingStates(page, tag), ['ready']);
      assert.equal((await page.locator(`${tag} h2`).first().textContent())?.trim(), title);
      await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0, undefined, { timeout: 15000 });
      assert.ok((await violations()).every((v) => v.startsWith('trusted-types ')), (await violations()).join('\n'));
      assert.equal(await page.locator('head script[type="application/ld+json"]').count(), 0);
      // (The browser itself logs the refused policy as an error; nothing else may be logged.)
      assert.deepEqual(errors.filter((e) => !/TrustedTypePolicy named 'catalog-blocks-jsonld'/.test(e)), []);
      await page.close();
    });
  }

  for (const { bundle, path } of [
    { bundle: 'cdn', path: 'search-cdn.html' },
    { bundle: 'iife', path: 'search-iife.html' },
  ] as const) {
    test(`documented policy, ${bundle} bundle, facet search page with sorting: renders with 0 CSP violations`, async () => {
      const { page, violations, errors } = await open(`/pages/${path}?csp=${bundle}-strict`);
      await settleSearch(page);
      assert.ok(await page.locator('li.entryListRow').count() >= 1, 'result rows shown');
      assert.ok(await page.locator('.esbFacets__collection').count() >= 1, 'facets shown');
      assert.equal(await page.locator('catalog-sort-select select').count(), 1, 'the sort select is shown');
      // open the first row (loads the row detail and the landing view models in the CDN form)
      const toggle = page.locator('li.entryListRow [aria-expanded]').first();
      if (await toggle.count()) {
        await toggle.click();
        await page.waitForFunction(() => document.querySelector('li.entryListRow [aria-expanded="true"]'), undefined, { timeout: 10000 });
      }
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  // Each source of the documented policy is needed (and the violation collector sees its absence): without it the same
  // page reports violations of that directive. (No img-src, style-src or font-src: default-src 'none' covers them, the
  // blocks show no images and their styles are adopted stylesheets, which style-src does not govern.)
  for (const { drop, directive } of [
    { drop: /script-src [^;]*/, directive: 'script-src-elem' },
    { drop: /connect-src [^;]*/, directive: 'connect-src' },
    { drop: /trusted-types [^;]*/, directive: 'trusted-types' },
  ]) {
    test(`documented policy without ${directive.replace('-elem', '')}: the CDN landing page reports ${directive} violations`, async () => {
      policies.set('leave-one-out', policies.get('cdn-strict')!.replace(drop, directive === 'trusted-types' ? `trusted-types 'none'` : ''));
      const { page, violations } = await open(`/pages/landing-cdn.html?csp=leave-one-out&${landingUri}`);
      await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0, undefined, { timeout: 15000 })
        .catch(() => undefined);
      const seen = await violations();
      assert.ok(seen.some((v) => v.startsWith(`${directive} `)), seen.join('\n') || 'no violation');
      await page.close();
    });
  }

  for (const bundle of ['cdn', 'iife'] as const) {
    test(`documented policy, ${bundle} bundle, portal page of parts (standalone sort select, exports): 0 violations, a CSV export downloads`, async () => {
      const { page, violations, errors } = await open(`/pages/portal-${bundle}.html?csp=${bundle}-strict`);
      await settleSearch(page);
      assert.equal(await page.locator('catalog-sort-select select').count(), 1, 'the standalone sort select is defined and rendered');
      await page.locator('catalog-sort-select select').selectOption('title');
      await settleSearch(page);
      assert.match(page.url(), /esc_catalog_sort=title|esc_sort=title|sort=title/);
      const download = page.waitForEvent('download', { timeout: 15000 });
      await page.locator('dataset-exports button[data-format="csv"]').click();
      assert.match((await download).suggestedFilename(), /\.csv$/);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('documented policy, cdn bundle, file upload block: log in and upload a CSV through the job API with 0 violations', async () => {
    const { page, violations, errors } = await open('/pages/upload-cdn.html?csp=cdn-strict');
    const block = page.locator('distribution-file-upload');
    await block.locator('input[name="username"]').fill('demo');
    await block.locator('input[name="password"]').fill('demo-password');
    await block.locator('.esbUploadLoginButton').click();
    await block.locator('input[type="file"]').setInputFiles({ name: 'polls.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await block.locator('.esbUploadSubmit').click();
    await block.locator('.esbSuccess').waitFor({ timeout: 30000 });
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  // Issue 9's map blocks (lazy chunks of the CDN loader) under the documented policy plus what a map adds: the WMS
  // origin for GetCapabilities (connect-src) and GetMap / legend images (img-src); here the dev store's offline WMS.
  // Capabilities are read by our own strict XML parser (src/wms/xml.ts), not DOMParser.parseFromString, which is a
  // Trusted Types sink: under require-trusted-types-for 'script' the map still works.
  test('documented policy + img-src of the WMS origin, cdn bundle, WMS map ready, spatial coverage map, 0 violations', async () => {
    policies.set('maps', `${policies.get('cdn-strict')!}; img-src ${o.store}`);
    const { page, violations, errors } = await open('/pages/map-cdn.html?csp=maps');
    await page.waitForFunction(() => customElements.get('catalog-spatial-map')
      && ['ready', 'failed'].includes((document.querySelector('catalog-wms-map') as HTMLElement & { state?: string }).state ?? ''),
    undefined, { timeout: 20000 });
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => (document.querySelector('catalog-wms-map') as HTMLElement & { state?: string }).state), 'ready');
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("trusted-types 'none' as Report-Only (reported, not enforced): the IIFE block renders, no fallback text", async () => {
    const { page, violations } = await open(`/pages/landing-iife.html?csp=iife-tt-none&report-only&${landingUri}`);
    assert.deepEqual(await landingStates(page, 'esb-datasetview'), ['ready']);
    assert.equal(await page.locator('p.esbBlocked').count(), 0);
    assert.ok((await violations()).some((v) => v.startsWith('trusted-types ')), 'the report-only violation is seen');
    await page.close();
  });

  /** The one console error of a refused page names the directive; the browser adds its own CSP report lines. */
  function assertOneLibraryError(errors: readonly string[], mentions: RegExp): void {
    const ours = errors.filter((e) => e.includes('[catalog-blocks]'));
    assert.equal(ours.length, 1, `console errors:\n${errors.join('\n')}`);
    assert.match(ours[0]!, /trusted-types lit-html/);
    assert.match(ours[0]!, mentions);
    assert.deepEqual(errors.filter((e) => e.startsWith('uncaught:') && !/trusted|createPolicy/i.test(e)), []);
  }

  for (const { bundle, path, tag, lang, query } of [
    { bundle: 'cdn', path: 'landing-cdn.html', tag: 'dataset-view', lang: 'en', query: landingUri },
    { bundle: 'iife', path: 'landing-iife.html', tag: 'esb-datasetview', lang: 'sv', query: landingUri },
    { bundle: 'npm', path: 'landing-npm.html', tag: 'dataset-view', lang: 'en', query: landingUri },
    { bundle: 'cdn', path: 'search-cdn.html', tag: 'dataset-facet-search-layout', lang: 'de', query: '' },
    { bundle: 'iife', path: 'search-iife.html', tag: 'esb-datasetfacetsearchlayout', lang: 'en', query: '' },
  ] as const) {
    test(`trusted-types 'none', ${bundle} bundle, ${path}: the block says it is blocked (${lang}), one console error`, async () => {
      const { page, violations, errors } = await open(`/pages/${path}?csp=${bundle}-tt-none&${query}`);
      assert.deepEqual(await fallbackTexts(page, tag), [BLOCKED_TEXT[lang]]);
      assertOneLibraryError(errors, /'allow-duplicates'/);
      const seen = await violations();
      assert.ok(seen.length >= 1 && seen.every((v) => v.startsWith('trusted-types ')), seen.join('\n'));
      await page.close();
    });
  }

  for (const bundle of ['cdn', 'iife'] as const) {
    const path = bundle === 'cdn' ? 'landing-cdn.html' : 'landing-iife.html';
    const tag = bundle === 'cdn' ? 'dataset-view' : 'esb-datasetview';
    const lang = bundle === 'cdn' ? 'en' : 'sv';
    test(`host page owning a lit-html policy, ${bundle} bundle, without 'allow-duplicates': the block says it is blocked`, async () => {
      const { page, errors } = await open(`/pages/${path}?csp=${bundle}-host-lit&host=host-lit-policy&${landingUri}`);
      assert.deepEqual(await fallbackTexts(page, tag), [BLOCKED_TEXT[lang]]);
      assertOneLibraryError(errors, /'allow-duplicates'/);
      await page.close();
    });

    test(`host page owning a lit-html policy, ${bundle} bundle, with 'allow-duplicates': renders with 0 violations`, async () => {
      const { page, violations, errors } = await open(`/pages/${path}?csp=${bundle}-host-lit-dup&host=host-lit-policy&${landingUri}`);
      assert.deepEqual(await landingStates(page, tag), ['ready']);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('npm entry sharing the host application\'s Lit (one lit-html policy): renders under trusted-types lit-html', async () => {
    // the application's own Lit made the policy; the npm entry uses that same Lit, so no second policy is needed
    const { page, violations, errors } = await open(`/pages/landing-npm.html?csp=npm-strict&${landingUri}`);
    assert.deepEqual(await landingStates(page, 'dataset-view'), ['ready']);
    assert.equal(await page.evaluate(() => (window as unknown as { trustedTypes: { getPolicyNames?: () => string[] } })
      .trustedTypes.getPolicyNames?.().filter((n) => n === 'lit-html').length ?? 1), 1);
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
  // (A render refused later, with Lit evaluated but no policy, needs trustedTypes hidden while Lit loads: a
  // contrivance no host page produces, so the blocks carry no render-time hook for it; the load-time fallback covers
  // every policy above.)
});

describe('every bundle defines every custom element (issue 8, point 14)', () => {
  let site: Server;
  let origin: string;
  let cdnOrigin: string;
  let cdnServer: Server;
  let browser: Browser;

  before(async () => {
    cdnServer = createServer((req, res) => {
      const file = fileUnder(CDN_DIR, new URL(req.url ?? '/', 'http://x').pathname.slice(1));
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' }).end(readFileSync(file));
    });
    cdnOrigin = await listen(cdnServer);
    site = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/favicon.ico') return void res.writeHead(204).end();
      const dirs: Record<string, string> = { '/pages/': PAGES, '/npm/': NPM_DIR, '/nm/': NODE_MODULES };
      const prefix = Object.keys(dirs).find((p) => path.startsWith(p));
      const file = prefix ? fileUnder(dirs[prefix]!, path.slice(prefix.length)) : undefined;
      if (!file) return void res.writeHead(404).end();
      let body: string | Buffer = readFileSync(file);
      if (extname(file) === '.html') body = body.toString('utf8').replaceAll('__CDN__', cdnOrigin);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    });
    origin = await listen(site);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    if (site) await close(site);
    if (cdnServer) await close(cdnServer);
  });

  const RICH_CONTENT_TAGS = [
    'catalog-data-preview', 'catalog-dataset-extras', 'catalog-points-map', 'catalog-preview-toggle', 'catalog-spatial-map',
    'catalog-visualization', 'catalog-visualization-tabs', 'catalog-wms-map',
  ];

  /** Every tag some file under blocks/ defines, and every tag custom-elements.json names. */
  function allTags(): string[] {
    const tags = new Set(blockTagFiles().keys());
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as
      { modules: { declarations?: { tagName?: string }[] }[] };
    for (const m of manifest.modules) for (const d of m.declarations ?? []) if (d.tagName) tags.add(d.tagName);
    return [...tags].sort();
  }

  for (const bundle of ['cdn', 'iife', 'npm'] as const) {
    test(`the ${bundle} bundle defines exactly the full list of tags`, async () => {
      // The classic script loads the CDN loader beside it (entry/classic.ts): the rich-content parts (maps, charts,
      // data preview) too, which it left out when it inlined everything (issue 24 point 2)
      const expected = allTags();
      assert.ok(RICH_CONTENT_TAGS.every((t) => expected.includes(t)), 'the rich-content parts are in the list');
      assert.ok(expected.includes('catalog-sort-select') && expected.length >= 40, expected.join(' '));
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() => {
        const names: string[] = [];
        (window as unknown as { definedTags: string[] }).definedTags = names;
        const define = customElements.define.bind(customElements);
        customElements.define = (name, ctor, options) => { names.push(name); define(name, ctor, options); };
      });
      await page.goto(`${origin}/pages/tags-${bundle}.html`);
      await page.waitForFunction(() => (window as unknown as { bundleLoaded?: boolean }).bundleLoaded === true, undefined, { timeout: 15000 });
      const defined = await page.evaluate(() => [...(window as unknown as { definedTags: string[] }).definedTags].sort());
      assert.deepEqual(defined, expected);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
