/**
 * HTML validity: the rendered DOM of every demo page (landing pages, every search layout, the portal builder), of
 * the e2e pages (every search layout on one page; the facet search unfiltered, filtered and empty) and of the e2e
 * embed page (every demo-catalog entry, and a sample of the real fixture catalogs when present), with strictStandardHtml on, serialised and checked by the W3C Nu
 * validator (vnu-jar) — zero errors; warnings are printed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DATASET, DATA_SERVICE, DEMO_CATALOG, launch, listEntries, root, startSite, startStore, watch,
  type Running,
} from './harness.ts';
import { settleBlocks } from './browser-helpers.ts';
import { demoPages } from '../../scripts/demo-html.mjs';
import { ANTWERPEN, ROSTOCK } from '../shared-fixtures.ts';

const VNU = join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');
const SAMPLE = 10;

interface VnuMessage { type: string; subType?: string; url?: string; message: string; extract?: string; lastLine?: number }

/** Runs the Nu validator once over many files (one JVM start). */
function validate(files: string[]): VnuMessage[] {
  const r = spawnSync('java', ['-jar', VNU, '--format', 'json', '--stdout', ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`cannot run java (needed by the Nu validator): ${r.error.message}`);
  const out = r.stdout.trim();
  if (!out.startsWith('{')) throw new Error(`vnu gave no JSON (exit ${r.status}): ${r.stderr || out}`);
  return (JSON.parse(out) as { messages: VnuMessage[] }).messages;
}

describe('rendered pages pass the W3C Nu validator (strict mode)', () => {
  let store: Running;
  let site: Running & { origin: string };
  let browser: Browser;
  let dir: string;

  before(async () => {
    assert.ok(existsSync(join(root, 'dist/cdn/catalog-blocks.js')), 'run `npm run build` first (npm test does)');
    const catalogs = [DEMO_CATALOG, ...[ROSTOCK, ANTWERPEN].filter((f) => existsSync(f))];
    store = await startStore(catalogs);
    site = await startSite(store.url);
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'catalog-blocks-vnu-'));
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Loads a page, waits for its blocks and its demo lists, and writes the serialised DOM to a file. */
  async function snapshot(page: Page, path: string, name: string): Promise<string> {
    await page.goto(`${site.origin}${path}`);
    await settleBlocks(page);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-demo-entries-status]')]
      .every((s) => !s.textContent?.startsWith('Loading')));
    // search blocks: every custom element defined (the CDN loader imports them on sight), nothing busy
    await page.waitForFunction(() => !document.querySelector(':not(:defined), [aria-busy="true"]'), undefined, { timeout: 20000 });
    const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
    const file = join(dir, `${String(name).replace(/[^\w.-]+/g, '_').slice(0, 120)}.html`);
    writeFileSync(file, html);
    return file;
  }

  test('the validator catches an error (so a clean result means something)', () => {
    const bad = join(dir, 'known-bad.html');
    writeFileSync(bad, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><ul><div>x</div></ul><a href="x"><button type="button">b</button></a></body></html>');
    const errors = validate([bad]).filter((m) => m.type === 'error');
    assert.ok(errors.length >= 2, JSON.stringify(errors));
  });

  test('demo pages, every demo-catalog entry, and fixture samples: zero errors', async () => {
    const page = await browser.newPage();
    const seen = watch(page, store.url);
    const files = new Map<string, string>();
    const add = async (path: string) => files.set(await snapshot(page, path, path), path);

    for (const p of demoPages()) await add(`/demo/${p.href}?strictStandardHtml=true`);
    await add('/demo/?strictStandardHtml=true');
    // every search layout (strict mode set on the pages), also in a filtered state with a term and on page 2
    await add('/e2e/layouts.html');
    await add('/e2e/search.html');
    await add('/e2e/search.html?esc_page=2#esc_term=data&esc_sort=title');
    await add('/e2e/search.html#esc_theme=euauth:data-theme/ENVI&esc_term=zzqqxxnomatch');
    const contexts = new Map<string, string[]>();
    for (const type of [DATASET, DATA_SERVICE]) {
      for (const e of await listEntries(store.url, type)) {
        const list = contexts.get(e.contextId) ?? [];
        list.push(e.uri);
        contexts.set(e.contextId, list);
      }
    }
    // context "1" is the demo catalog: all of it; other contexts (fixture catalogs): a sample
    for (const [ctx, uris] of contexts) {
      for (const uri of ctx === '1' ? uris : uris.slice(0, SAMPLE)) {
        await add(`/demo/dataset-view.html?esc_uri=${encodeURIComponent(uri)}&strictStandardHtml=true`);
        await add(`/e2e/embed.html?esc_uri=${encodeURIComponent(uri)}`);
      }
    }
    await page.close();
    assert.deepEqual(seen.problems, []);

    const messages = validate([...files.keys()]);
    const where = (m: VnuMessage) => files.get((m.url ?? '').replace(/^file:/, '')) ?? m.url;
    const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');
    if (warnings.length) {
      const distinct = [...new Set(warnings.map((w) => w.message))];
      console.log(`vnu: ${warnings.length} warnings (${distinct.length} distinct):\n  ${distinct.join('\n  ')}`);
    }
    // one line per distinct message: how often, and the first pages where it occurs
    const errors = new Map<string, string[]>();
    for (const m of messages.filter((x) => x.type === 'error' || x.subType === 'fatal')) {
      const key = m.message.replace(/“[^”]*”/, '“…”');
      errors.set(key, [...(errors.get(key) ?? []), `${where(m)} line ${m.lastLine}: ${m.extract ?? ''}`]);
    }
    const report = [...errors].map(([msg, at]) => `${at.length}× ${msg}
    e.g. ${at.slice(0, 3).join('\n    e.g. ')}`);
    assert.ok(files.size >= 20, `pages validated: ${files.size}`);
    assert.deepEqual(report, [], `Nu validator errors in ${files.size} pages`);
  });
});
