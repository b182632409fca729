/**
 * Issue 29, as a city with only a DCAT file would try it: `npm run build`, then ANY static web server (here Python's
 * `http.server`, which knows nothing of the project) serving the repository, and demo/static/ — one script tag and one
 * configuration tag per page — shows a faceted search of the file and, from its links, the datasets' landing pages.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launch, root, watch } from './harness.ts';
import { settleSearch } from './search-helpers.ts';

describe('demo/static: the file store from a plain static server (issue 29)', () => {
  let server: ChildProcess;
  let origin = '';
  let browser: Awaited<ReturnType<typeof launch>>;
  before(async () => {
    assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    server = spawn('python3', ['-m', 'http.server', '0', '--bind', '127.0.0.1'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    origin = await new Promise<string>((ok, fail) => {
      const seen = (d: Buffer) => {
        const m = /port (\d+)/.exec(d.toString());
        if (m) ok(`http://127.0.0.1:${m[1]}`);
      };
      server.stdout!.on('data', seen);
      server.stderr!.on('data', seen);
      server.once('exit', (code) => fail(new Error(`python3 -m http.server exited (${code})`)));
    });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.kill();
  });

  test('the search shows every dataset of the file; a row links to its landing page by URI, which shows it', async () => {
    const page = await browser.newPage();
    const seen = watch(page, `${origin}/store/`);
    await page.goto(`${origin}/demo/static/index.html`);
    await settleSearch(page);
    // what the file says, read here without the project's code: its dcat:Dataset subjects (the search lists datasets)
    const ttl = readFileSync(join(root, 'demo/catalog/demo-catalog.ttl'), 'utf8');
    const datasets = ttl.match(/\ba dcat:Dataset\b/g)!.length;
    assert.match((await page.locator('.esbResults').textContent()) ?? '', new RegExp(`\\b${datasets}\\b`));
    const link = page.locator('li.entryListRow').getByRole('link', { name: 'The population of bees', exact: true });
    const href = (await link.getAttribute('href')) ?? '';
    assert.match(href, /^\/demo\/static\/dataset\.html#esc_uri=/, href);
    await link.click();
    // the landing page reads the file again (a new page), then shows the dataset the link named
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('dataset-view h1')?.textContent ?? 'Loading'), undefined, { timeout: 20000 });
    assert.equal((await page.locator('dataset-view h1').textContent())?.trim(), 'The population of bees');
    assert.deepEqual(seen.problems, []);
    await page.close();
  });
});
