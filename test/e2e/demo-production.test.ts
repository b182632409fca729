/**
 * `npm start` as a new user runs it: the demo page that loads the production bundle (demo/production.html →
 * /cdn/catalog-blocks.js, served from dist/cdn by the demo server) shows a search whose dataset links open the
 * production landing page, and every block script the visitor downloads is a dist/cdn file, not a source module.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, root } from './harness.ts';

/** Starts `scripts/start.mjs` on free ports; resolves with the demo origin printed on stdout. */
function startDemo(): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.mjs'), '--port', '0', '--store-port', '0', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`npm start printed no demo URL:\n${out}`)), 60_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Demo:\s+(http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, origin: m[1]! });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
}

/** Raw GET (no URL normalisation by the client) → status code. */
const statusOf = (origin: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    request({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject).end();
  });

describe('npm start: the production-bundle demo pages', () => {
  let demo: { child: ChildProcess; origin: string };
  let browser: Browser;

  before(async () => {
    assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    demo = await startDemo();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    demo?.child.kill('SIGTERM');
  });

  test('production.html searches with the built bundle and its dataset links open the built landing page', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.goto(`${demo.origin}/production.html`);
    await page.waitForSelector('dataset-facet-search-layout li.entryListRow', { timeout: 30_000 });
    assert.ok(await page.locator('[data-demo-cdn-missing]').isHidden(), 'the "not built" notice stays hidden');

    const link = page.locator('li.entryListRow a[href*="production-dataset.html"]').first();
    const title = (await link.textContent())?.trim();
    await link.click();
    // the title's h1 (while loading, the state's hidden "Loading…" is the h1)
    await page.waitForSelector('dataset-view h1:not(.esbStateHeading)', { timeout: 30_000 });
    assert.equal((await page.locator('dataset-view h1').textContent())?.trim(), title);

    const blockScripts = scripts.filter((p) => !p.startsWith('/@') && !p.startsWith('/node_modules/') && p !== '/demo.js');
    assert.ok(blockScripts.includes('/cdn/catalog-blocks.js'), scripts.join('\n'));
    assert.ok(blockScripts.some((p) => /^\/cdn\/search-[\w-]+\.js$/.test(p)), 'the search chunk comes from dist/cdn');
    assert.ok(blockScripts.some((p) => /^\/cdn\/landing-[\w-]+\.js$/.test(p)), 'the landing chunk comes from dist/cdn');
    assert.deepEqual(blockScripts.filter((p) => !p.startsWith('/cdn/')), [], 'no source module is loaded');
    assert.deepEqual(problems, []);
  });

  test('/cdn/ serves only files inside dist/cdn', async () => {
    assert.equal(await statusOf(demo.origin, '/cdn/catalog-blocks.js'), 200);
    assert.equal(await statusOf(demo.origin, '/cdn/%2e%2e/%2e%2e/package.json'), 404);
    assert.equal(await statusOf(demo.origin, '/cdn/no-such-chunk.js'), 404);
  });
});
