/**
 * The job API client in a real browser (Chromium via playwright-core): `src/api.ts` bundles for the browser with
 * no Node built-ins, and from a page on another origin (same site: localhost, another port) it logs in, uploads
 * File objects through XMLHttpRequest with upload progress (and through fetch + FormData without), follows the job
 * to SUCCESS with the id exact, maps refusals to JobApiError, aborts an upload, and works in cookie + CSRF mode.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPath, launchOptions } from '../../scripts/browser.mjs';
import { DATASET_URI, PLAIN_DISTRIBUTION, repoRoot, startJobStore } from './helpers.ts';
import type { JobStore } from './helpers.ts';

const skip = chromiumPath ? false : 'no Chromium (set CHROME_PATH)';
const LIMIT = 512 * 1024;

let store: JobStore;
let pageServer: Server;
let pageOrigin: string;
let browser: Browser;
let page: Page;
let bundle: string;
const consoleErrors: string[] = [];

before(async () => {
  if (skip) return;
  const out = await build({
    entryPoints: [`${repoRoot}/src/api.ts`], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent',
  });
  bundle = out.outputFiles[0]!.text;
  pageServer = createServer((req, res) => {
    if (req.url === '/api.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(bundle);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>api client</title></head><body><main></main></body></html>');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  // `localhost` on both sides: another origin (port), the same site, as a page embedding the upload block.
  pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
  // The page's origin is the one the store lets call /api cross-origin (--cors-origin).
  store = await startJobStore({ maxUploadBytes: LIMIT }, { corsOrigins: [pageOrigin] });
  browser = await chromium.launch(launchOptions());
  page = await browser.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  // tsx names functions with an `__name` helper; the functions sent to the page need it too.
  await page.addInitScript('window.__name = (f) => f;');
  await page.goto(`${pageOrigin}/`);
  await page.evaluate(async () => {
    const url = '/api.js';
    (window as any).api = await import(url);
  });
});

after(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (pageServer ? pageServer.close(() => resolve()) : resolve()));
  await store?.close();
});

test('bundles for the browser without Node built-ins (isomorphic)', { skip }, () => {
  assert.ok(bundle.length > 1000);
  assert.doesNotMatch(bundle, /from\s*["']node:|require\(["'](fs|path|stream|http)["']\)/);
});

test('browser: login, XMLHttpRequest upload with progress to the total, waitForJob → SUCCESS, id exact', { skip }, async () => {
  const r = await page.evaluate(async ({ apiUrl, user, password, dist }) => {
    const { JobApiClient } = (window as any).api;
    const c = new JobApiClient({ apiUrl });
    await c.login(user, password);
    const progress: [number, number][] = [];
    const file = new File(['code,name\n', 'x,'.repeat(100_000), '\n'], 'browser.csv', { type: 'text/csv' });
    const accepted = await c.addFile(dist, file, { onUploadProgress: (s: number, t: number) => progress.push([s, t]) });
    const raw = await (await fetch(`${apiUrl}/job/${accepted.jobId}`, { headers: { 'X-Auth-Token': c.token } })).text();
    const done = await c.waitForJob(accepted.jobId, { intervalMs: 20 });
    return { accepted, done, progress, raw, size: file.size, content: await (await fetch(done.resultUrl)).text() };
  }, { apiUrl: store.apiUrl, user: store.user, password: store.password, dist: PLAIN_DISTRIBUTION });
  assert.equal(r.accepted.status, 'PENDING');
  assert.equal(typeof r.accepted.jobId, 'string');
  assert.equal(/"jobId"\s*:\s*(\d+)/.exec(r.raw)?.[1], r.accepted.jobId, 'the string is the exact number token');
  assert.equal(r.done.status, 'SUCCESS', r.done.error);
  assert.equal(r.done.jobId, r.accepted.jobId);
  assert.equal(r.content.length, r.size);
  assert.ok(r.progress.length >= 1);
  const [sent, total] = r.progress.at(-1)!;
  assert.equal(sent, total, 'progress reaches the total');
  assert.ok(total >= r.size);
});

test('browser: fetch + FormData without progress; refusals are JobApiError with status and the server message (XHR and fetch)', { skip }, async () => {
  const r: any = await page.evaluate(async ({ apiUrl, user, password, dist, dataset, limit }) => {
    const { JobApiClient, JobApiError } = (window as any).api;
    const c = new JobApiClient({ apiUrl });
    await c.login(user, password);
    const accepted = await c.addFile(dist, new File(['a\n1\n'], 'plain.csv', { type: 'text/csv' }));
    const caught = async (p: Promise<unknown>) => {
      try { await p; return 'resolved'; } catch (e: any) { return { api: e instanceof JobApiError, status: e.status, message: e.message, body: e.body }; }
    };
    return {
      accepted,
      wrongKind: await caught(c.addFile(dataset, new File(['a\n'], 'a.csv'))),
      tooBigXhr: await caught(c.addFile(dist, new File([new Uint8Array(limit + 1)], 'big.csv'), { onUploadProgress: () => {} })),
      badNameXhr: await caught(c.addFile(dist, new File(['a\n'], 'a.csv'), { filename: 'x/y.csv', onUploadProgress: () => {} })),
      unknownJob: await caught(c.getJob('42')),
    };
  }, { apiUrl: store.apiUrl, user: store.user, password: store.password, dist: PLAIN_DISTRIBUTION, dataset: DATASET_URI, limit: LIMIT });
  assert.equal(r.accepted.status, 'PENDING');
  assert.match(r.accepted.jobId, /^\d+$/);
  assert.deepEqual([r.wrongKind.api, r.wrongKind.status, r.wrongKind.body.kind], [true, 422, 'dataset']);
  assert.deepEqual([r.tooBigXhr.api, r.tooBigXhr.status, r.tooBigXhr.body.limitBytes], [true, 413, LIMIT]);
  assert.deepEqual([r.badNameXhr.api, r.badNameXhr.status], [true, 400]);
  assert.match(r.badNameXhr.message, /^Filename/);
  assert.deepEqual([r.unknownJob.api, r.unknownJob.status, r.unknownJob.message], [true, 404, 'Job not found']);
});

test('browser: aborting an XMLHttpRequest upload rejects with AbortError', { skip }, async () => {
  const r = await page.evaluate(async ({ apiUrl, user, password, dist }) => {
    const { JobApiClient, isAbort } = (window as any).api;
    const c = new JobApiClient({ apiUrl });
    await c.login(user, password);
    const controller = new AbortController();
    const file = new File([new Uint8Array(400_000)], 'abort.csv');
    try {
      await c.addFile(dist, file, { signal: controller.signal, onUploadProgress: () => controller.abort() });
      return 'resolved';
    } catch (e: any) {
      return { name: e.name, abort: isAbort(e) };
    }
  }, { apiUrl: store.apiUrl, user: store.user, password: store.password, dist: PLAIN_DISTRIBUTION });
  assert.deepEqual(r, { name: 'AbortError', abort: true });
});

test('browser: cookie mode — the HttpOnly cookie and the X-CSRF-Token header across origins; logout ends the session', { skip }, async () => {
  const r = await page.evaluate(async ({ apiUrl, user, password, dist }) => {
    const { JobApiClient, JobApiError } = (window as any).api;
    const c = new JobApiClient({ apiUrl, credentials: 'cookie' });
    const login = await c.login(user, password);
    const who = await c.whoami();
    const accepted = await c.addFile(dist, new File(['a\n1\n'], 'cookie.csv', { type: 'text/csv' }), { onUploadProgress: () => {} });
    const done = await c.waitForJob(accepted.jobId, { intervalMs: 20 });
    const csrf = c.csrfToken;
    c.csrfToken = undefined;
    let noCsrf: unknown = 'resolved';
    try { await c.addFile(dist, new File(['a\n'], 'x.csv')); } catch (e: any) { noCsrf = { api: e instanceof JobApiError, status: e.status, message: e.message }; }
    c.csrfToken = csrf;
    await c.logout();
    return { hasCsrf: typeof login.csrfToken === 'string', who, done: done.status, noCsrf, after: await c.whoami(), cookieVisible: document.cookie.includes('auth_token') };
  }, { apiUrl: store.apiUrl, user: store.user, password: store.password, dist: PLAIN_DISTRIBUTION });
  assert.equal(r.hasCsrf, true);
  assert.deepEqual(r.who, { user: store.user, authenticated: true });
  assert.equal(r.done, 'SUCCESS');
  assert.deepEqual(r.noCsrf, { api: true, status: 403, message: 'CSRF token missing or wrong' });
  assert.deepEqual(r.after, { user: 'guest', authenticated: false });
  assert.equal(r.cookieVisible, false, 'the cookie is HttpOnly');
});

test('browser: no console errors beyond the refusals the tests provoked', { skip }, () => {
  const unexpected = consoleErrors.filter((m) => !/status of (400|403|404|413|422)|Failed to load resource/.test(m));
  assert.deepEqual(unexpected, []);
});
