/**
 * Issue 29, faults of a catalog file (the built CDN bundle in Chromium): a file that is not RDF (an HTML page; garbage
 * served as Turtle), truncated Turtle, a file too big (a declared 200 MB; an endless chunked answer past the 50 MB
 * limit), 404 and a file host that refuses CORS. Each shows the block's error state with its reason and "Try again",
 * never an unhandled error; after the file host is fixed, "Try again" shows the results.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_CATALOG, launch, root, watch } from './harness.ts';
import { settleSearch } from './search-helpers.ts';

const DEMO_TTL = readFileSync(DEMO_CATALOG, 'utf8');
const CDN_DIR = join(root, 'dist/cdn');
const MB = 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Host {
  readonly origin: string;
  close(): Promise<void>;
}

async function listen(host: string, handler: Handler): Promise<Host> {
  const server: Server = createServer(handler);
  await new Promise<void>((ok) => server.listen(0, host, ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}

const CORS = { 'access-control-allow-origin': '*' };

/** 1 MB of Turtle comment lines: valid-looking Turtle that never ends a file. */
const COMMENTS = Buffer.from(`# ${'x'.repeat(97)}\n`.repeat(MB / 100));

/** Writes `COMMENTS` until `bytes` are out (or the client goes away), minding back-pressure; counts what was sent. */
function stream(res: ServerResponse, bytes: number, sent: { bytes: number }): void {
  const more = (): void => {
    while (sent.bytes < bytes && !res.destroyed) {
      const chunk = COMMENTS.subarray(0, Math.min(COMMENTS.length, bytes - sent.bytes));
      sent.bytes += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', more);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  more();
}

/** The demo catalog cut in the middle of a triple (inside the title literal of the bees dataset). */
const TRUNCATED = DEMO_TTL.slice(0, DEMO_TTL.indexOf('dcterms:title "The population of bees"') + 'dcterms:title "The popu'.length);

describe('DCAT file store faults on the built CDN bundle (issue 29)', () => {
  /** What the file host answers, by path (a test may change it: "fix the server"). */
  const files = new Map<string, Handler>();
  const huge = { bytes: 0 };
  const endless = { bytes: 0 };
  let fileHost: Host;
  let pageHost: Host;
  let page: string;
  let browser: Awaited<ReturnType<typeof launch>>;

  before(async () => {
    assert.ok(existsSync(join(CDN_DIR, 'catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    files.set('/page.html', (_q, res) => res.writeHead(200, { ...CORS, 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><head><title>Open data</title></head><body><h1>Our data</h1></body></html>'));
    files.set('/garbage.ttl', (_q, res) => res.writeHead(200, { ...CORS, 'content-type': 'text/turtle' }).end('this is {{ not ; turtle at all >>> "\n'));
    files.set('/truncated.ttl', (_q, res) => res.writeHead(200, { ...CORS, 'content-type': 'text/turtle' }).end(TRUNCATED));
    files.set('/huge.ttl', (_q, res) => {
      res.writeHead(200, { ...CORS, 'content-type': 'text/turtle', 'content-length': String(200 * MB) });
      stream(res, 200 * MB, huge);
    });
    files.set('/endless.ttl', (_q, res) => {
      res.writeHead(200, { ...CORS, 'content-type': 'text/turtle' }); // chunked: no Content-Length
      stream(res, 51 * MB, endless);
    });
    files.set('/missing.ttl', (_q, res) => res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('not found'));
    files.set('/no-cors.ttl', (_q, res) => res.writeHead(200, { 'content-type': 'text/turtle' }).end(DEMO_TTL));
    fileHost = await listen('localhost', (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const h = files.get(path);
      if (h) h(req, res);
      else res.writeHead(404, CORS).end();
    });
    // the page host (127.0.0.1): a real server, the page reads the file host on another origin
    pageHost = await listen('127.0.0.1', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/search.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>File store faults</title>
<script type="module" src="/cdn/catalog-blocks.js"></script></head><body>
<div data-portal-config data-catalog-url="${fileHost.origin}${url.searchParams.get('file')}"></div>
<main><h1>Open data</h1><dataset-facet-search-layout></dataset-facet-search-layout></main></body></html>`);
        return;
      }
      const file = url.pathname.startsWith('/cdn/') && !url.pathname.includes('..') ? join(CDN_DIR, url.pathname.slice(5)) : '';
      if (!file || !existsSync(file)) {
        res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
        return;
      }
      res.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/json' }).end(readFileSync(file));
    });
    page = `${pageHost.origin}/search.html`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await pageHost?.close();
    await fileHost?.close();
  });

  interface Shown {
    readonly page: Page;
    /** The error state's text, and its "Try again" button's. */
    readonly state: string;
    readonly retry: string;
    /** Console warnings of catalog-blocks (the reason, for the page's developer). */
    readonly warnings: string[];
    /** Page errors, unhandled rejections, console errors, failed requests — but those of the catalog file itself. */
    readonly problems: string[];
  }

  /** Opens the search page over the file host's `path` and waits for the list's error state. */
  async function openFault(path: string): Promise<Shown> {
    const p = await browser.newPage();
    const seen = watch(p, 'http://localhost:9/none/');
    const warnings: string[] = [];
    p.on('console', (m) => { if (m.type() === 'warning' && m.text().includes('[catalog-blocks]')) warnings.push(m.text()); });
    await p.goto(`${page}?file=${encodeURIComponent(path)}`);
    const state = p.locator('.esbSearchList .esbState.esbError');
    await state.first().waitFor({ timeout: 30000 });
    await p.waitForTimeout(300); // the other blocks of the layout (facets, results) settle too
    const fileUrl = `${fileHost.origin}${path}`;
    return {
      page: p,
      // the state's message (the unreachable state holds its button inside)
      state: await state.first().evaluate((el) => {
        const copy = el.cloneNode(true) as Element;
        copy.querySelectorAll('button').forEach((b) => b.remove());
        return copy.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      }),
      retry: (await p.locator('.esbSearchList button.esbRetry').first().textContent())?.trim() ?? '',
      warnings,
      // the browser's own lines about the refused file (its 404, its CORS refusal) are not the page's errors
      problems: seen.problems.filter((x) => !x.includes(fileUrl) && !/^console error: Failed to load resource: the server responded with a status of 404/.test(x)
        && !(path === '/no-cors.ttl' && /^console error: Failed to load resource: net::ERR_FAILED/.test(x))),
    };
  }

  const UNREADABLE = 'The catalog answered with data that could not be read.';
  const UNREACHABLE = 'The catalog could not be reached.';

  const cases: [string, string, string, RegExp][] = [
    ['an HTML page served as text/html', '/page.html', UNREADABLE, /is an HTML page, not RDF/],
    ['garbage served as text/turtle', '/garbage.ttl', UNREADABLE, /is not readable RDF/],
    ['Turtle cut in the middle of a triple', '/truncated.ttl', UNREADABLE, /is not readable RDF/],
    ['a declared 200 MB', '/huge.ttl', UNREADABLE, /is larger than 50 MB/],
    ['a chunked answer past 50 MB', '/endless.ttl', UNREADABLE, /is larger than 50 MB/],
    ['404', '/missing.ttl', UNREACHABLE, /answered 404/],
    ['no Access-Control-Allow-Origin', '/no-cors.ttl', UNREACHABLE, /does not let this page read it \(CORS: Access-Control-Allow-Origin\)/],
  ];
  for (const [what, path, state, reason] of cases) {
    test(`${what}: "${state}" with Try again, the reason in a warning, no page error`, async () => {
      const shown = await openFault(path);
      assert.equal(shown.state, state);
      assert.equal(shown.retry, 'Try again');
      assert.ok(shown.warnings.some((w) => reason.test(w) && w.includes(`${fileHost.origin}${path}`)), `warnings:\n${shown.warnings.join('\n')}`);
      assert.deepEqual(shown.problems, []);
      await shown.page.close();
    });
  }

  test('a declared 200 MB is refused without reading it: a small part of it was sent', () => {
    assert.ok(huge.bytes > 0, 'the file host was asked');
    console.log(`declared 200 MB: ${(huge.bytes / MB).toFixed(1)} MB sent before the page gave up`);
    assert.ok(huge.bytes < 20 * MB, `${(huge.bytes / MB).toFixed(1)} MB of 200 MB sent`);
  });

  test('404, then the file host serves the file: "Try again" shows the results', async () => {
    const path = '/later.ttl';
    files.set(path, files.get('/missing.ttl')!);
    const shown = await openFault(path);
    assert.equal(shown.state, UNREACHABLE);
    files.set(path, (_q, res) => res.writeHead(200, { ...CORS, 'content-type': 'text/turtle' }).end(DEMO_TTL));
    await shown.page.locator('.esbSearchList button.esbRetry').first().click();
    await settleSearch(shown.page);
    assert.match((await shown.page.locator('.esbResults').textContent()) ?? '', /Showing all 13 datasets/);
    assert.ok(await shown.page.getByText('The population of bees').first().isVisible());
    assert.equal(await shown.page.locator('.esbState.esbError').count(), 0);
    assert.deepEqual(shown.problems, []);
    await shown.page.close();
  });
});
