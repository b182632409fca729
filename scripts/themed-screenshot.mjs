#!/usr/bin/env node
// Re-makes docs/themed.png, the screenshot of the README's "Theming" section: a landing page and a search page of the
// demo catalog, themed by a city's stylesheet that sets only --cb-* custom properties (THEME below, as a host page
// would), from the built CDN bundle (dist/cdn) against the dev store, in Chromium.
//   npm run build && node --import tsx scripts/themed-screenshot.mjs [--out docs/themed.png]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEMO_CATALOG, launch, root, startSite, startStore } from '../test/e2e/harness.ts';
import { settleBlocks } from '../test/e2e/browser-helpers.ts';

const outArg = process.argv.indexOf('--out');
const out = resolve(root, outArg > 0 ? process.argv[outArg + 1] : 'docs/themed.png');

/** The host page's theme: nothing but the blocks' custom properties (README "Theming"). */
const THEME = `
  :root {
    --cb-font: Georgia, "DejaVu Serif", serif;
    --cb-text: #222222;
    --cb-muted: #5c4b55;
    --cb-accent: #7a1f5c;
    --cb-accent-contrast: #ffffff;
    --cb-focus: #d14b00;
    --cb-border: #d9c6d1;
    --cb-surface: #fbf5f8;
    --cb-button-bg: #fdf9fb;
    --cb-radius: 0;
    --cb-tag-bg: #f3e1ec;
    --cb-tag-text: #5a1544;
    --cb-api-bg: #5a1544;
    --cb-row-hover: #f8eef4;
    --cb-description-lines: 2;
  }
`;

// served by the e2e harness's site, which fills in the store URL (a page from a file, as a host serves it)
const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A themed landing page</title>
<style>body { margin: 0; font-family: Georgia, "DejaVu Serif", serif; } main { display: grid; grid-template-columns: 1fr 1fr;
gap: 2rem; padding: 1.5rem; } ${THEME}</style>
<script type="module" src="/cdn/catalog-blocks.js"></script></head>
<body><div data-portal-config data-store-url="__STORE_URL__" hidden></div>
<main>
  <dataset-view hl="2" include-data-preview="true"></dataset-view>
  <div><h2>Datasets</h2><dataset-simple-search-layout hl="3" limit="4"></dataset-simple-search-layout></div>
</main></body></html>`;

const dir = mkdtempSync(join(tmpdir(), 'catalog-blocks-themed-'));
writeFileSync(join(dir, 'index.html'), PAGE);
const store = await startStore([DEMO_CATALOG]);
const site = await startSite(store.url, { '/themed/': [dir] });
const browser = await launch();
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await tab.goto(`${site.origin}/themed/?esc_uri=${encodeURIComponent('https://github.com/MansMeg/SwedishPolls')}`);
  await settleBlocks(tab);
  await tab.waitForFunction(() => !document.querySelector(':not(:defined), [aria-busy="true"]'), undefined, { timeout: 20000 });
  // an opened distribution, the preview button and a row's disclosure show each button kind in the theme
  await tab.locator('dataset-view .esbExpandButton').first().click();
  await tab.locator('dataset-simple-search-layout .esbRowExpandButton').first().click();
  await tab.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
  await tab.evaluate(() => document.fonts.ready);
  await tab.mouse.move(0, 0);
  mkdirSync(dirname(out), { recursive: true });
  await tab.screenshot({ path: out, clip: { x: 0, y: 0, width: 1280, height: 900 } });
  console.log(`themed screenshot: ${out.replace(`${root}/`, '')}`);
} finally {
  await browser.close();
  await site.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
