/**
 * End-to-end harness: the dev store (origin A, `localhost`), a static server for the built CDN bundle, the demo pages
 * and the e2e pages (origin B, `127.0.0.1`, another port), and Chromium through playwright-core.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before } from 'node:test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { launchOptions } from '../../scripts/browser.mjs';
import { renderDemoHtml } from '../../scripts/demo-html.mjs';
import { root } from '../../scripts/entries.mjs';
import { createStoreServer } from '../../dev-store/server.ts';

export { root };
export const DEMO_CATALOG = join(root, 'demo/catalog/demo-catalog.ttl');
const CDN_DIR = join(root, 'dist/cdn');

export interface Running {
  readonly url: string;
  close(): Promise<void>;
}

/** The host site's origins (startSite: 127.0.0.1, any port), as an EntryStore `entrystore.cors.origins` pattern. */
export const SITE_ORIGINS = ['http://127.0.0.1:*'] as const;

/**
 * The dev store over `catalogs`, in-process, on a free port, as `http://localhost:<port>/store/`: a default EntryStore
 * (dev-store/README.md "Fidelity") that answers CORS to `corsOrigins` only (default: the host site, SITE_ORIGINS; `[]`
 * = CORS off, the pages then read with JSONP) and indexes distributions under related.* as EntryScape configures it
 * (`solrRelated`, default on).
 */
export async function startStore(
  catalogs: readonly string[],
  opts: { corsOrigins?: readonly string[]; solrRelated?: boolean } = {},
): Promise<Running> {
  const server = await createStoreServer({ catalogs, port: 0, corsOrigins: SITE_ORIGINS, solrRelated: true, ...opts });
  return { url: server.url, close: () => server.close() };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.map': 'application/json', '.csv': 'text/csv; charset=utf-8',
};

function fileUnder(dir: string, urlPath: string): string | undefined {
  const file = normalize(join(dir, decodeURIComponent(urlPath)));
  if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

/**
 * The "host site", on 127.0.0.1 (another origin than the store):
 *   /cdn/…   the built CDN bundle (dist/cdn)
 *   /demo/…  the demo pages as served by `npm start`, with catalog-blocks.js from dist/cdn instead of the sources
 *   /e2e/…   pages of these tests (test/e2e/pages)
 *   and `more` prefixes (`{ '/vite/': [dir] }`: apps built by the bundler test).
 * HTML gets the store URL filled in.
 */
export async function startSite(storeUrl: string, more: Record<string, string[]> = {}): Promise<Running & { origin: string }> {
  const dirs: Record<string, string[]> = {
    '/cdn/': [CDN_DIR],
    '/demo/': [join(root, 'demo'), CDN_DIR],
    '/e2e/': [join(root, 'test/e2e/pages'), CDN_DIR],
    ...more,
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const prefix = Object.keys(dirs).find((p) => path.startsWith(p));
    let rest = prefix ? path.slice(prefix.length) : '';
    if (rest === '' || rest.endsWith('/')) rest += 'index.html';
    const file = prefix ? dirs[prefix]!.map((d) => fileUnder(d, rest)).find(Boolean) : undefined;
    if (!file || rest.startsWith('store/')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body: string | Buffer = readFileSync(file);
    if (extname(file) === '.html') body = renderDemoHtml(body.toString('utf8'), { storeUrl });
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}/`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

export interface PageWatch {
  /** Console errors, uncaught exceptions and failed requests, each with the page URL where it happened. */
  readonly problems: string[];
  /** Requests to the store origin, in order. */
  readonly storeRequests: string[];
}

/** Records what a page complains about and which store requests it makes. */
export function watch(page: Page, storeUrl: string): PageWatch {
  const w: PageWatch = { problems: [], storeRequests: [] };
  page.on('console', (m) => { if (m.type() === 'error') w.problems.push(`console error: ${m.text()} @ ${page.url()}`); });
  page.on('pageerror', (e) => w.problems.push(`uncaught: ${e.message} @ ${page.url()}`));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    // An image the page no longer needs is cancelled (a map redrawing its WMS image or legend, a page left before its
    // images loaded), and so is a lazy chunk still loading when the page is left (the JSON-LD writer loads after the
    // page shows), and a data file a preview or chart stops reading (its cap, or the page left and the element
    // aborted it): that is the browser saving work, not a failure. A load that fails is ERR_FAILED or an HTTP status.
    if (['image', 'script', 'fetch'].includes(r.resourceType()) && why === 'net::ERR_ABORTED') return;
    w.problems.push(`request failed: ${r.url()} ${why}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) w.problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.on('request', (r) => { if (r.url().startsWith(storeUrl)) w.storeRequests.push(r.url()); });
  return w;
}

export interface ListedEntry {
  readonly uri: string;
  readonly contextId: string;
  readonly entryId: string;
  /** Distinct dcat:distribution values of the resource in the entry's metadata. */
  readonly distributions: number;
}

const ES_RESOURCE = 'http://entrystore.org/terms/resource';
const DCAT = 'http://www.w3.org/ns/dcat#';
const escapeLucene = (v: string) => v.replace(/[+\-&|!(){}[\]^"~*?:\\/ ]/g, (c) => `\\${c}`);

type RdfJson = Record<string, Record<string, { type: string; value: string }[]>>;
interface SearchJson {
  results: number;
  resource: { children: { contextId: string; entryId: string; info?: RdfJson; metadata?: RdfJson }[] };
}

/** Every public entry of `rdf:type` `type` in the store, through its search API (pages of 100). */
export async function listEntries(storeUrl: string, type: string): Promise<ListedEntry[]> {
  const out: ListedEntry[] = [];
  for (let offset = 0; ; offset += 100) {
    const q = `public:true AND rdfType:${escapeLucene(type)}`;
    const res = await fetch(`${storeUrl}search?type=solr&query=${encodeURIComponent(q)}&limit=100&offset=${offset}`,
      { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`search: HTTP ${res.status}`);
    const json = (await res.json()) as SearchJson;
    for (const c of json.resource.children) {
      const info = Object.values(c.info ?? {})[0] ?? {};
      const uri = info[ES_RESOURCE]?.[0]?.value;
      if (!uri) continue;
      const dists = new Set((c.metadata?.[uri]?.[`${DCAT}distribution`] ?? []).map((v) => v.value));
      out.push({ uri, contextId: String(c.contextId), entryId: String(c.entryId), distributions: dists.size });
    }
    if (json.resource.children.length < 100 || out.length >= json.results) break;
  }
  return out;
}

export const DATASET = `${DCAT}Dataset`;
export const DATA_SERVICE = `${DCAT}DataService`;

/** Text that must never appear in a rendering (a value that was not turned into text). */
export const LEAKS = [/\bundefined\b/, /\bnull\b/, /\[object Object\]/, /\bNaN\b/];

/** A page opened by `CdnWorld.open`: what it complains about, its store requests, its console warnings. */
export interface Opened {
  readonly page: Page;
  readonly seen: PageWatch;
  readonly warnings: string[];
}

/** What an e2e file of the built CDN bundle works with: the dev store, the host site on another origin, Chromium. */
export interface CdnWorld {
  readonly store: Running;
  readonly site: Running & { origin: string };
  readonly browser: Browser;
  /** A new watched page at `path` of the host site; `setup` runs before it loads (routes, init scripts). */
  open(path: string, setup?: (page: Page) => Promise<unknown> | unknown): Promise<Opened>;
}

/**
 * Registers the `before`/`after` hooks of the enclosing `describe`: the built bundle must exist; the dev store over
 * `catalogs` with `storeOptions` (or the store `catalogs()` starts), the host site and Chromium start once and stop after the last test.
 */
export function cdnWorld(
  catalogs: readonly string[] | (() => Promise<Running>),
  storeOptions: Parameters<typeof startStore>[1] = {},
): CdnWorld {
  let store: Running | undefined;
  let site: (Running & { origin: string }) | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, name: string): T => {
    assert.ok(value, `${name} is used before the before() hook started it`);
    return value;
  };
  before(async () => {
    assert.ok(existsSync(join(CDN_DIR, 'catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    store = typeof catalogs === 'function' ? await catalogs() : await startStore(catalogs, storeOptions);
    site = await startSite(store.url);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await store?.close();
  });
  return {
    get store() { return started(store, 'the store'); },
    get site() { return started(site, 'the site'); },
    get browser() { return started(browser, 'the browser'); },
    async open(path, setup) {
      const page = await started(browser, 'the browser').newPage();
      const seen = watch(page, started(store, 'the store').url);
      const warnings: string[] = [];
      page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
      await setup?.(page);
      await page.goto(`${started(site, 'the site').origin}${path}`);
      return { page, seen, warnings };
    },
  };
}
