/**
 * Issue 8, proof: a hostile catalog (test/security/fixtures/generate-hostile.ts) through EVERY block of the built CDN
 * bundle, on a host page of another origin (127.0.0.1) than the dev store (localhost), in normal and strict-standard
 * HTML. Each page is loaded, left to settle, every row / distribution / "Show more" / filter control is opened, then
 * checked at 1280 px and again at 390 px:
 *   (a) no script runs (traps: __pwned, alert/confirm/prompt/print, eval, open; dialogs; CSP report-only violations;
 *       dangerous elements added to the document)
 *   (b) no script / iframe / object / embed / svg / img / … elements, on* attributes or url()/expression styles in blocks
 *   (c) every link is http(s) or mailto, never relative out of the page; (c-mailto) no mailto with ? , ; %0D %0A
 *   (d) no horizontal overflow at 1280 px and at 390 px
 *   (e) every block settles to "ready", no text node or attribute longer than TEXT_CAP characters
 *   (f) no page errors, unhandled rejections
 *   (g) titles show as literal text (markup visible as characters)
 *   (h) no request to any host but the page's and the store's (metadata URLs are never fetched by the page)
 * and the exports of <dataset-exports> (CSV, Turtle, RDF/XML, JSON-LD) downloaded from the page parse, gain no triple
 * (nothing "INJECTED", no false subject) and neutralise spreadsheet formulas.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { launch, root, startStore, type Running } from '../e2e/harness.ts';
import { renderDemoHtml } from '../../scripts/demo-html.mjs';
import { parseRdfText } from '../../dev-store/rdf/parse.ts';
import * as n3 from 'n3';
import { writeHostileCatalog, type HostileCatalog } from './fixtures/generate-hostile.ts';
import { IN_PAGE_SCRIPT, TEXT_CAP } from './fixtures/in-page.ts';
import { parseCsv } from './fixtures/csv.ts';

const WORKERS = 3;
const SETTLE_MS = 60_000;
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

type Mode = 'normal' | 'strict';

interface Spec {
  /** Names the block kind in test names. */
  readonly kind: string;
  /** Block tags on the page (to await their definition and loadComplete). */
  readonly tags: readonly string[];
  readonly body: string;
  readonly modes: readonly Mode[];
  /** Query strings to load, each a page view. */
  readonly views: (c: HostileCatalog) => View[];
  readonly iife?: boolean;
  readonly exports?: boolean;
}

/**
 * A page view: the query string, the title the page must show, a keyword facet value (label part) to select first,
 * text to type into the page's first search field (then the first suggestion is taken with ArrowDown + Enter).
 */
interface View { query: string; title?: string; facet?: string; type?: string }
/** The label start of the 100 KB keyword: over MAX_FILTER_VALUE_CHARS, so listed but not selectable. */
const TOO_LONG_TO_FILTER = 'KW<script>';
const typing = (...texts: string[]) => () => [{ query: '' }, ...texts.map((type) => ({ query: '', type }))];

const q = (uri: string) => `?esc_uri=${encodeURIComponent(uri)}`;
const one = () => [{ query: '' }];

const PARTS = ['dataset-search', 'dataset-results', 'dataset-facets', 'dataset-list', 'catalog-sort-select', 'facet-search-responsiveness', 'dataset-exports'];
const LEGACY = [
  'esb-datasetview', 'esb-dataserviceview', 'esb-datasetlistlayout', 'esb-datasetsimplesearchlayout', 'esb-datasetmultisearchlayout',
  'esb-datasetfacetsearchlayout', 'esb-datasetcompactfacetsearchlayout', 'esb-datasetfacetsearchportallayout',
  'esb-datasetsearch', 'esb-datasetmultisearch', 'esb-datasetresults', 'esb-datasetfacets', 'facets-sv', 'esb-datasetlist',
  'esb-facetsearchresponsiveness', 'esb-datasetexports',
];

const SPECS: readonly Spec[] = [
  {
    kind: 'dataset-view', tags: ['dataset-view'], body: '<dataset-view hl="2"></dataset-view>', modes: ['normal', 'strict'],
    views: (c) => [...c.datasets, ...c.services].map((d) => ({ query: q(d.uri), title: d.title })),
  },
  {
    kind: 'dataservice-view', tags: ['dataservice-view'], body: '<dataservice-view hl="2"></dataservice-view>', modes: ['normal', 'strict'],
    views: (c) => c.services.map((d) => ({ query: q(d.uri), title: d.title })),
  },
  {
    kind: 'dataset-list-layout', tags: ['dataset-list-layout'], modes: ['normal', 'strict'],
    body: '<dataset-list-layout hl="2" page-in-url="true"></dataset-list-layout>',
    views: (c) => Array.from({ length: Math.ceil(c.datasets.length / 10) }, (_, i) => ({ query: i ? `?esc_page=${i + 1}` : '' })),
  },
  {
    kind: 'dataset-simple-search-layout', tags: ['dataset-simple-search-layout'], modes: ['normal', 'strict'], views: typing('script'),
    body: '<dataset-simple-search-layout hl="2" include-sorting="true" include-services="true"></dataset-simple-search-layout>',
  },
  {
    kind: 'dataset-multi-search-layout', tags: ['dataset-multi-search-layout'], modes: ['normal', 'strict'],
    // The typeahead lists keyword values (markup, 80-character tokens, the 100 KB value) as suggestions and chips.
    views: typing('script', 'WWW', 'KW<'),
    body: '<dataset-multi-search-layout hl="2" include-sorting="true"></dataset-multi-search-layout>',
  },
  {
    kind: 'dataset-facet-search-layout', tags: ['dataset-facet-search-layout'], modes: ['normal', 'strict'],
    // Selecting hostile facet values: prototype keys, query syntax, markup, the 100 KB keyword.
    views: () => [{ query: '' }, ...['__proto__', 'hasOwnProperty', 'a:b OR *:*', "<script>window.__pwned('P01')", 'KW<script>'].map((facet) => ({ query: '', facet }))],
    body: '<dataset-facet-search-layout hl="2" include-sorting="true" hvd-filter="true" type-filter="true" include-services="true"></dataset-facet-search-layout>',
  },
  {
    kind: 'dataset-compact-facet-search-layout', tags: ['dataset-compact-facet-search-layout'], modes: ['normal', 'strict'], views: one,
    body: '<dataset-compact-facet-search-layout hl="2"></dataset-compact-facet-search-layout>',
  },
  {
    kind: 'dataset-facet-search-portal-layout', tags: ['dataset-facet-search-portal-layout'], modes: ['normal', 'strict'], views: one,
    body: '<dataset-facet-search-portal-layout hl="2" hvd-filter="true"></dataset-facet-search-portal-layout>',
  },
  {
    kind: 'portal-builder parts + dataset-exports', tags: PARTS, modes: ['normal', 'strict'], views: typing('pwned'), exports: true,
    body: `<dataset-search scope="p"></dataset-search>
      <facet-search-responsiveness scope="p" controls="hostile-filters" break="800px"></facet-search-responsiveness>
      <aside id="hostile-filters"><dataset-facets scope="p" hl="2" hvd-filter="true"></dataset-facets></aside>
      <section><dataset-results scope="p"></dataset-results><catalog-sort-select scope="p"></catalog-sort-select>
      <dataset-list scope="p" hl="3" page-in-url="true"></dataset-list><dataset-exports scope="p"></dataset-exports></section>`,
  },
  {
    kind: 'legacy esb- tags (IIFE bundle)', tags: LEGACY, modes: ['normal'], iife: true,
    views: (c) => [{ query: q(c.services[0]!.uri) }],
    body: `<esb-datasetview hl="2"></esb-datasetview>
      <esb-dataserviceview hl="2"></esb-dataserviceview>
      <esb-datasetlistlayout hl="2"></esb-datasetlistlayout>
      <esb-datasetsimplesearchlayout scope="a" hl="2"></esb-datasetsimplesearchlayout>
      <esb-datasetmultisearchlayout scope="b" hl="2"></esb-datasetmultisearchlayout>
      <esb-datasetfacetsearchlayout scope="c" hl="2"></esb-datasetfacetsearchlayout>
      <esb-datasetcompactfacetsearchlayout scope="d" hl="2"></esb-datasetcompactfacetsearchlayout>
      <esb-datasetfacetsearchportallayout scope="e" hl="2"></esb-datasetfacetsearchportallayout>
      <section><esb-datasetsearch scope="f"></esb-datasetsearch><esb-datasetmultisearch scope="f"></esb-datasetmultisearch>
      <esb-datasetresults scope="f"></esb-datasetresults><esb-facetsearchresponsiveness scope="f" controls="legacy-filters"></esb-facetsearchresponsiveness>
      <aside id="legacy-filters"><esb-datasetfacets scope="f" hl="3"></esb-datasetfacets><facets-sv scope="f" hl="3"></facets-sv></aside>
      <esb-datasetlist scope="f" hl="3"></esb-datasetlist><esb-datasetexports scope="f"></esb-datasetexports></section>`,
  },
];

/**
 * A page with one instance of every defect the checks look for, run through the same steps: proves each check can
 * fail (a check that never fires would pass a broken block).
 */
const CANARY: Spec = {
  kind: 'canary', tags: ['x-no-block'], modes: ['normal'], views: () => [{ query: '', title: 'The expected title' }],
  body: `<div>
      <h2>Not the expected title</h2>
      <a href="javascript:void(0)">javascript link</a>
      <a href="mailto:victim@example.org?bcc=attacker@example.org">mailto with a query</a>
      <a href="//evil.example.invalid/pr">protocol-relative link</a>
      <img src="http://evil.example.invalid/pixel.png" alt="">
      <span onclick="void 0">handler</span>
      <p class="esbRowTitleLink">${'W'.repeat(300)}</p>
      <p>${'x'.repeat(130_000)}</p>
      <script>window.__pwned('canary'); Promise.reject(new Error('canary rejection')); throw new Error('canary error');</script>
    </div>`,
};

const ASSERTIONS = {
  a: '(a) no script runs',
  b: '(b) no active markup from metadata',
  c: '(c) links are http(s) or mailto only',
  cm: '(c) mailto links carry no query or extra recipients',
  d: '(d) no horizontal overflow at 1280 px and 390 px',
  e: `(e) settles to ready, no text over ${TEXT_CAP.toLocaleString('en')} chars`,
  f: '(f) no page errors or unhandled rejections',
  g: '(g) titles are literal text',
  h: '(h) no request to a metadata URL',
} as const;
type Key = keyof typeof ASSERTIONS;

type Findings = Record<Key, string[]> & { views: number; links: number; ms: number };
const emptyFindings = (): Findings => ({ a: [], b: [], c: [], cm: [], d: [], e: [], f: [], g: [], h: [], views: 0, links: 0, ms: 0 });

interface Inspection {
  elements: string[];
  links: string[];
  mailto: string[];
  longText: string[];
  rowTitles: string[];
  heading: string;
  linkCount: number;
}
interface PageState {
  pwned: string[];
  unhandled: string[];
  csp: string[];
  added: { tag: string; url: string; inMain: boolean; html: string; jsonLdSafe?: boolean }[];
}

/** Control characters become spaces, runs of white space one space: how a title may legitimately be normalised. */
const normal = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim();

describe('hostile catalog through every block of the built CDN bundle (issue 8)', () => {
  let dir: string;
  let catalog: HostileCatalog & { files: string[] };
  let store: Running;
  let site: Running & { origin: string };
  let browser: Browser;
  const results = new Map<string, Findings>();
  const exportFindings: Record<string, string[]> = {};
  let started = 0;

  const groupName = (spec: Spec, mode: Mode) => `${spec.kind} (${mode === 'strict' ? 'strict-standard-html' : 'normal'})`;

  function pageHtml(spec: Spec, mode: Mode): string {
    const script = spec.iife
      ? '<script src="/cdn/catalog-blocks.iife.js" defer></script>'
      : '<script type="module" src="/cdn/catalog-blocks.js"></script>';
    return renderDemoHtml(`<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Hostile catalog: ${spec.kind}</title>
  ${script}
</head>
<body>
  <div data-portal-config data-store-url="__STORE_URL__" data-strict-standard-html="${mode === 'strict'}" hidden></div>
  <main>
    <h1>Hostile catalog</h1>
    ${spec.body}
  </main>
</body>
</html>`, { storeUrl: store.url });
  }

  /** Report-only: every violation is recorded by the page (and asserted in (a)) while the blocks keep working. */
  const csp = () => [
    "default-src 'none'", "script-src 'self'", `connect-src 'self' ${new URL(store.url).origin}`, "style-src 'self'",
    "img-src 'self'", "media-src 'none'", "object-src 'none'", "frame-src 'none'", "base-uri 'none'", "form-action 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: WIDE, acceptDownloads: true });
    await context.addInitScript({ content: IN_PAGE_SCRIPT });
    return context;
  }

  /**
   * The host site on 127.0.0.1 (the store is on localhost): /cdn/… the built bundle as startSite serves it,
   * /security/<spec>/<mode>.html the test pages, with a report-only CSP. (A page fulfilled by playwright's routing
   * would not do: Chromium's private network access rules then refuse its requests to the local store.)
   */
  async function startHostileSite(): Promise<Running & { origin: string }> {
    // HOSTILE_CDN_DIR: another build to check (e.g. one of an older commit, to see which defects the suite catches).
    const cdn = process.env.HOSTILE_CDN_DIR ?? join(root, 'dist/cdn');
    const server: Server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const page = /^\/security\/(\d+|canary)\/(normal|strict)\.html$/.exec(path);
      const spec = page ? (page[1] === 'canary' ? CANARY : SPECS[Number(page[1])]) : undefined;
      if (page && spec) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy-report-only': csp(), 'cache-control': 'no-store' })
          .end(pageHtml(spec, page[2] as Mode));
        return;
      }
      const file = path.startsWith('/cdn/') ? normalize(join(cdn, decodeURIComponent(path.slice(5)))) : '';
      if (!file.startsWith(cdn + sep) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      // The bundle may be cached between the page views of one run (fewer bytes, same code).
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json', 'cache-control': 'max-age=600' })
        .end(readFileSync(file));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return { origin, url: `${origin}/`, close: () => new Promise((done) => server.close(() => done())) };
  }

  async function settle(page: Page, spec: Spec): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`blocks did not settle within ${SETTLE_MS / 1000} s`)), SETTLE_MS);
    });
    try {
      const states = await Promise.race([
        page.evaluate((tags) => (window as unknown as { __hostileTools: { settled(t: readonly string[]): Promise<string[]> } }).__hostileTools.settled(tags), spec.tags),
        timeout,
      ]);
      await page.waitForFunction(() => (window as unknown as { __hostileTools: { quiet(): boolean } }).__hostileTools.quiet(), undefined,
        { polling: 50, timeout: SETTLE_MS });
      return states;
    } finally {
      clearTimeout(timer);
    }
  }

  const inspect = (page: Page) => page.evaluate(() => (window as unknown as { __hostileTools: { inspect(): Inspection } }).__hostileTools.inspect());
  const overflow = (page: Page) => page.evaluate(() => (window as unknown as { __hostileTools: { overflow(): string | null } }).__hostileTools.overflow());

  /** Opens every collapsed control, round after round (opened rows reveal distributions with their own controls). */
  async function expandAll(page: Page, spec: Spec): Promise<void> {
    for (let round = 0; round < 6; round += 1) {
      const clicked = await page.evaluate(() => (window as unknown as { __hostileTools: { expand(): number } }).__hostileTools.expand());
      if (clicked === 0) return;
      await settle(page, spec);
    }
  }

  function noteInspection(f: Findings, where: string, r: Inspection): void {
    f.b.push(...r.elements.map((x) => `${where}: ${x}`));
    f.c.push(...r.links.map((x) => `${where}: ${x}`));
    f.cm.push(...r.mailto.map((x) => `${where}: ${x}`));
    f.e.push(...r.longText.map((x) => `${where}: ${x}`));
  }

  async function view(page: Page, spec: Spec, index: number | 'canary', mode: Mode, v: View, f: Findings, seen: { requests: string[]; errors: string[]; dialogs: string[] }): Promise<void> {
    const where = `${spec.kind}${v.query ? ` ${decodeURIComponent(v.query)}` : ''}${v.facet ? ` facet "${v.facet}" selected` : ''}${v.type ? ` "${v.type}" typed` : ''}`;
    const t0 = Date.now();
    seen.requests.length = 0;
    seen.errors.length = 0;
    seen.dialogs.length = 0;
    f.views += 1;
    try {
      await page.setViewportSize(WIDE);
      await page.goto(`${site.origin}/security/${index}/${mode}.html${v.query}`);
      const states = await settle(page, spec);
      const notReady = states.filter((s) => !s.endsWith(':ready'));
      if (notReady.length) f.e.push(`${where}: states ${notReady.join(', ')}`);
      await expandAll(page, spec);
      if (v.type) {
        const input = page.locator('main input[role="combobox"], main input[type="search"], main input[type="text"]').first();
        await input.click();
        await input.pressSequentially(v.type);
        await settle(page, spec);
        noteInspection(f, `${where} (suggestions open)`, await inspect(page));
        if (process.env.HOSTILE_DEBUG) console.log(`${where}: ${await page.locator('main [role="option"]').count()} suggestions: ${(await page.locator('main [role="listbox"]').allTextContents()).join(' | ').slice(0, 300)}`);
        const over = await overflow(page);
        if (over) f.d.push(`${where} (suggestions open) @1280: ${over}`);
        await input.press('ArrowDown');
        await input.press('Enter');
        const after = await settle(page, spec);
        const broken = after.filter((x) => !x.endsWith(':ready'));
        if (broken.length) f.e.push(`${where}: states ${broken.join(', ')}`);
        await expandAll(page, spec);
      }
      if (v.facet === TOO_LONG_TO_FILTER) {
        // The 100 KB keyword is listed with its count but is no filter (it would not fit in a request: the store
        // answered 431 and the search looked unreachable for good).
        const listed = await page.evaluate((text) => [...document.querySelectorAll('main .collection_keyword li.esbFacets__option')]
          .filter((li) => (li.textContent || '').includes(text)).map((li) => li.querySelector('a') === null), v.facet);
        if (listed.length !== 1 || !listed[0]) f.e.push(`${where}: the 100 KB keyword is ${listed.length ? 'a filter link' : 'not listed'}`);
      } else if (v.facet) {
        const count = await page.evaluate((text) => (window as unknown as { __hostileTools: { clickFacet(t: string): number } }).__hostileTools.clickFacet(text), v.facet);
        if (count < 0) f.e.push(`${where}: no keyword facet value contains ${JSON.stringify(v.facet)}`);
        const after = await settle(page, spec);
        const broken = after.filter((s) => !s.endsWith(':ready'));
        if (broken.length) f.e.push(`${where}: states ${broken.join(', ')}`);
        const rows = await page.evaluate(() => (window as unknown as { __hostileTools: { rowCount(): number } }).__hostileTools.rowCount());
        if (rows < Math.min(count, 10)) f.e.push(`${where}: ${rows} result rows for a value the facet counted ${count} times`);
        await expandAll(page, spec);
      }
      const wide = await inspect(page);
      noteInspection(f, `${where} @1280`, wide);
      f.links += wide.linkCount;
      const over = await overflow(page);
      if (over) f.d.push(`${where} @1280: ${over}`);
      if (v.title !== undefined) {
        if (!normal(wide.heading).includes(normal(v.title))) f.g.push(`${where}: heading ${JSON.stringify(wide.heading.slice(0, 200))} is not the title ${JSON.stringify(v.title.slice(0, 200))}`);
      }
      for (const t of wide.rowTitles) {
        if (/\[hostile-/.test(t) && !catalog.datasets.concat(catalog.services).some((d) => normal(t).includes(normal(d.title)))) f.g.push(`${where}: row title ${JSON.stringify(t.slice(0, 200))} is none of the stored titles`);
      }
      if (spec.kind !== 'dataset-view' && spec.kind !== 'dataservice-view' && !v.facet && !v.type && !wide.rowTitles.some((t) => t.includes('<script>'))) {
        f.g.push(`${where}: no row title shows "<script>" as text (rows: ${wide.rowTitles.length})`);
      }
      await page.setViewportSize(NARROW);
      await expandAll(page, spec); // the "Filters" toggle of one-column layouts
      await settle(page, spec);
      const narrow = await inspect(page);
      noteInspection(f, `${where} @390`, narrow);
      const overNarrow = await overflow(page);
      if (overNarrow) f.d.push(`${where} @390: ${overNarrow}`);
      if (spec.exports && mode === 'normal' && !v.type && !v.facet) await runExports(page); // the whole catalog
    } catch (e) {
      f.e.push(`${where}: ${(e as Error).message.split('\n')[0]}`);
    }
    try {
      const state = await page.evaluate(() => (window as unknown as { __hostile: PageState }).__hostile);
      f.a.push(...state.pwned.map((x) => `${where}: ${x}`), ...state.csp.map((x) => `${where}: CSP ${x}`));
      const cdn = `${site.origin}/cdn/`;
      for (const el of state.added) {
        const ours = !el.inMain && (el.jsonLdSafe
          || (['script', 'link'].includes(el.tag) ? (el.url !== '' && new URL(el.url, site.origin).href.startsWith(cdn)) : el.tag === 'style'));
        if (!ours) f.a.push(`${where}: <${el.tag}> added to the document: ${el.html}`);
      }
      f.f.push(...state.unhandled.map((x) => `${where}: unhandled rejection ${x}`));
    } catch (e) {
      f.f.push(`${where}: page state unreadable: ${(e as Error).message.split('\n')[0]}`);
    }
    f.a.push(...seen.dialogs.map((x) => `${where}: ${x}`));
    f.f.push(...seen.errors.map((x) => `${where}: ${x}`));
    f.h.push(...seen.requests.map((x) => `${where}: ${x}`));
    f.ms += Date.now() - t0;
  }

  /** Every export button: the download, parsed. */
  async function runExports(page: Page): Promise<void> {
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    const sourceTriples = await sourceTripleKeys();
    for (const format of ['csv', 'turtle', 'rdfxml', 'jsonld'] as const) {
      const problems: string[] = (exportFindings[format] = []);
      const before = downloads.length;
      const status = await page.evaluate((fmt) => (window as unknown as { __hostileTools: { exportOnce(f: string): Promise<string> } }).__hostileTools.exportOnce(fmt), format);
      const download = downloads[before] ?? await page.waitForEvent('download', { timeout: 10_000 }).catch(() => undefined);
      if (!download) {
        problems.push(`no download (status: ${JSON.stringify(status)})`);
        continue;
      }
      const path = await download.path();
      const text = readFileSync(path, 'utf8');
      if (process.env.HOSTILE_DEBUG) console.log(`export ${format}: ${path} (${text.length} chars)`);
      problems.push(...(await checkExport(format, text, sourceTriples)));
    }
  }

  /** Subject|predicate|object keys of the source triples that mention INJECTED (blank subjects as "_"). */
  let sourceKeys: Set<string> | undefined;
  async function sourceTripleKeys(): Promise<Set<string>> {
    if (sourceKeys) return sourceKeys;
    sourceKeys = new Set();
    for (const [i, file] of catalog.files.entries()) {
      const triples = await parseRdfText(readFileSync(file, 'utf8'), { file, baseIri: `${store.url}${i + 1}/resource/` });
      for (const t of triples) {
        const s = t.subject.termType === 'BlankNode' ? '_' : t.subject.value;
        sourceKeys.add(tripleKey(s, t.predicate, t.object.value));
        // An IRI with characters no RDF syntax can write (`>`, `"`, space …) may come back percent-encoded: the same IRI.
        if (t.object.termType === 'NamedNode') sourceKeys.add(tripleKey(s, t.predicate, percentEncodeIllegal(t.object.value)));
      }
    }
    return sourceKeys;
  }
  const tripleKey = (s: string, p: string, o: string) => `${s}|${p}|${o}`;
  const percentEncodeIllegal = (iri: string) => iri.replace(/[\u0000-\u0020<>"{}|^`\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

  async function checkExport(format: 'csv' | 'turtle' | 'rdfxml' | 'jsonld', text: string, source: Set<string>): Promise<string[]> {
    const problems: string[] = [];
    if (format === 'csv') {
      const rows = parseCsv(text);
      if (rows.length - 1 < catalog.datasets.length) problems.push(`CSV has ${rows.length - 1} data rows for ${catalog.datasets.length} datasets`);
      for (const [r, row] of rows.entries()) {
        for (const cell of row) {
          if (/^[\s\u3000]*[=+\-@＝＋－＠]/.test(cell) && !/^[-+]?\d/.test(cell.trim())) problems.push(`CSV row ${r}: formula cell not neutralised ${JSON.stringify(cell.slice(0, 80))}`);
        }
      }
      return problems.slice(0, 40);
    }
    let triples: { s: string; sBlank: boolean; p: string; o: string }[];
    try {
      if (format === 'turtle') {
        triples = new n3.Parser({ baseIRI: store.url }).parse(text)
          .map((x) => ({ s: x.subject.value, sBlank: x.subject.termType === 'BlankNode', p: x.predicate.value, o: x.object.value }));
      } else {
        triples = (await parseRdfText(text, { file: `export.${format === 'rdfxml' ? 'rdf' : 'jsonld'}`, baseIri: store.url }))
          .map((x) => ({ s: x.subject.value, sBlank: x.subject.termType === 'BlankNode', p: x.predicate, o: x.object.value }));
      }
    } catch (e) {
      return [`${format} export does not parse: ${(e as Error).message.slice(0, 300)}`];
    }
    const subjects = new Set<string>();
    for (const k of source) subjects.add(k.split('|')[0]!);
    for (const t of triples) {
      if ([t.s, t.p, t.o].some((v) => v.includes('INJECTED')) && !source.has(tripleKey(t.sBlank ? '_' : t.s, t.p, t.o))) {
        problems.push(`${format}: triple not in the source: <${t.s}> <${t.p}> ${JSON.stringify(t.o.slice(0, 160))}`);
      }
      if (!t.sBlank && !subjects.has(t.s) && !t.s.startsWith(store.url)) problems.push(`${format}: subject not in the source: <${t.s.slice(0, 160)}>`);
    }
    if (!triples.some((t) => t.o.includes('<script>'))) problems.push(`${format}: the hostile literals are missing (${triples.length} triples)`);
    return [...new Set(problems)].slice(0, 40);
  }

  before(async () => {
    assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    started = Date.now();
    dir = mkdtempSync(join(tmpdir(), 'hostile-catalog-'));
    // HOSTILE_DESCRIPTION_MB=20 gives the 20 MB description of the issue (slower; the default keeps the suite quick).
    catalog = writeHostileCatalog(dir, { hugeDescription: Math.round(Number(process.env.HOSTILE_DESCRIPTION_MB ?? 2) * 1_000_000) });
    store = await startStore(catalog.files);
    site = await startHostileSite();
    browser = await launch();

    const jobs: { spec: Spec; index: number | 'canary'; mode: Mode; v: View }[] = [];
    results.set(groupName(CANARY, 'normal'), emptyFindings());
    jobs.push({ spec: CANARY, index: 'canary', mode: 'normal', v: CANARY.views(catalog)[0]! });
    const only = process.env.HOSTILE_BLOCKS; // e.g. HOSTILE_BLOCKS=dataset-view to run one block kind while debugging
    for (const [index, spec] of SPECS.entries()) {
      if (only && !spec.kind.startsWith(only)) continue;
      for (const mode of spec.modes) {
        results.set(groupName(spec, mode), emptyFindings());
        for (const v of spec.views(catalog)) jobs.push({ spec, index, mode, v });
      }
    }
    // Big pages first, so the pool ends with the quick landing pages.
    jobs.sort((x, y) => Number(x.spec.kind.startsWith('data') && x.spec.kind.endsWith('view')) - Number(y.spec.kind.startsWith('data') && y.spec.kind.endsWith('view')));
    const storeOrigin = new URL(store.url).origin;
    await Promise.all(Array.from({ length: WORKERS }, async () => {
      const context = await newContext();
      const page = await context.newPage();
      const seen = { requests: [] as string[], errors: [] as string[], dialogs: [] as string[] };
      if (process.env.HOSTILE_DEBUG) {
        page.on('console', (m) => console.log(`console ${m.type()}: ${m.text().slice(0, 300)}`));
        page.on('requestfailed', (r) => console.log(`request failed: ${r.url().slice(0, 200)} ${r.failure()?.errorText}`));
      }
      page.on('pageerror', (e) => seen.errors.push(`page error: ${e.message.slice(0, 300)}`));
      page.on('dialog', (d) => {
        seen.dialogs.push(`${d.type()} dialog: ${d.message().slice(0, 80)}`);
        void d.dismiss().catch(() => undefined);
      });
      page.on('request', (r) => {
        const u = r.url();
        if (!u.startsWith(`${site.origin}/`) && !u.startsWith(`${storeOrigin}/`) && !u.startsWith('blob:')) seen.requests.push(`${r.resourceType()} ${u.slice(0, 160)}`);
      });
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        await view(page, job.spec, job.index, job.mode, job.v, results.get(groupName(job.spec, job.mode))!, seen);
      }
      await context.close();
    }));
    const views = [...results.values()].reduce((n, f) => n + f.views, 0);
    const links = [...results.values()].reduce((n, f) => n + f.links, 0);
    console.log(`hostile catalog: ${catalog.payloads} payloads in ${catalog.fields} metadata fields (${catalog.datasets.length} datasets, ` +
      `${catalog.services.length} data services); ${views} page views of ${results.size} block kinds × modes, ${links} links checked; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (page time per block kind: ${[...results].map(([g, f]) => `${g} ${(f.ms / 1000).toFixed(1)} s`).join(', ')})`);
  });

  after(async () => {
    await browser?.close();
    await site?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the hostile catalog has 60+ payloads in 1,000+ metadata fields, all loaded into the dev store', () => {
    assert.ok(catalog.payloads >= 60, `${catalog.payloads} payloads`);
    assert.ok(catalog.fields >= 1000, `${catalog.fields} fields`);
    assert.ok(catalog.turtle.length >= 2_000_000, 'the ≥ 2 MB description is in the catalog');
  });

  test('the checks catch what they look for (a canary page with one defect of each kind)', () => {
    const f = results.get(groupName(CANARY, 'normal'))!;
    for (const key of Object.keys(ASSERTIONS) as Key[]) {
      assert.ok(f[key].length > 0, `check ${ASSERTIONS[key]} found nothing on the canary page`);
    }
  });

  for (const spec of SPECS) {
    for (const mode of spec.modes) {
      const group = groupName(spec, mode);
      describe(group, () => {
        for (const [key, label] of Object.entries(ASSERTIONS) as [Key, string][]) {
          test(`${group} ${label}`, () => {
            const f = results.get(group);
            if (!f && process.env.HOSTILE_BLOCKS) return;
            assert.ok(f && f.views > 0, 'no page was viewed');
            const found = [...new Set(f![key])];
            assert.deepEqual(found.slice(0, 25), [], `${found.length} findings over ${f!.views} page views`);
          });
        }
      });
    }
  }

  describe('dataset-exports downloads of the hostile result', () => {
    for (const format of ['csv', 'turtle', 'rdfxml', 'jsonld']) {
      test(`the ${format} export downloads, parses and gains no triple (nothing INJECTED, no false subject)${format === 'csv' ? ', formulas neutralised' : ''}`, () => {
        const problems = exportFindings[format];
        if (!problems && process.env.HOSTILE_BLOCKS) return;
        assert.ok(problems, 'the export was not run (see the portal-builder page findings)');
        assert.deepEqual(problems, []);
      });
    }
  });
});
