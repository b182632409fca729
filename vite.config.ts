/**
 * One Vite config, four modes (scripts/build.mjs runs the three build modes in turn):
 * - `npm`  → dist/npm: one ES module per entry (`index`, `api`, one per block); lit, @lit/context, rdflib external.
 * - `cdn`  → dist/cdn/catalog-blocks.js: a small loader (entry/cdn.ts); each block's code is a chunk beside it, loaded when
 *           the page uses its tag, so a landing page and a search page each download only their own code.
 * - `iife` → dist/cdn/catalog-blocks.iife.js: the classic script, which loads the CDN loader beside it (entry/classic.ts).
 * - serve (default, `npm start`) → the demo site from demo/, blocks loaded from source (HMR); see demoServing().
 * No plugin edits the bundler's output or swaps a module for one build (issue 24): the chunks follow the `import()`
 * calls of the source and the declarative groups below; the one transform minifies Lit templates with a library.
 */
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { npmEntries, root } from './scripts/entries.mjs';
import { renderDemoHtml } from './scripts/demo-html.mjs';

/**
 * Dependencies stay external in the npm build so applications dedupe them (one lit on the page). OpenLayers does not:
 * it is bundled into the lazy map chunk (as in the CDN build), so installing the package does not bring ol's 23
 * packages, and an app without ol still builds (an optional peer `ol` fails every bundler's build where it is absent,
 * because the map chunk is reachable from every block through the rich content). Issue 24 point 3. The RDF parsers of
 * the file store (n3, rdfxml-streaming-parser, jsonld) likewise: bundled into its lazy chunks (issue 29), which every
 * block reaches through the store registry.
 */
const NPM_EXTERNAL = [/^lit($|\/)/, /^@lit\//, /^lit-html($|\/)/, /^lit-element($|\/)/, /^rdflib($|\/)/];

/**
 * Demo pages are plain HTML that load `catalog-blocks.js` like a real CDN embed. In dev that file is the
 * source entry (entry/index.ts) and the store URL comes from the environment (set by scripts/start.mjs).
 */
function demoServing(): Plugin {
  const entry = resolve(root, 'entry/index.ts');
  const demoDir = resolve(root, 'demo');
  return {
    name: 'catalog-blocks-demo',
    apply: 'serve',
    resolveId(id, importer) {
      const fromDemo = !importer || importer.startsWith(demoDir) || importer.endsWith('.html');
      if (fromDemo && /^(\/|\.\/)?catalog-blocks\.js$/.test(id)) return entry;
      return undefined;
    },
    transformIndexHtml(html) {
      return renderDemoHtml(html, { storeUrl: process.env.CATALOG_BLOCKS_STORE_URL ?? 'http://localhost:8787/store/' });
    },
    // `/cdn/…` is the production bundle (dist/cdn) for the demo pages that run it (production*.html), served as built:
    // no Vite transform, so the page downloads exactly what a CDN would serve.
    configureServer(server) {
      const cdnDir = resolve(root, 'dist/cdn');
      server.middlewares.use('/cdn', (req, res) => {
        const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
        const file = resolve(cdnDir, rel);
        if (!file.startsWith(`${cdnDir}/`) || !existsSync(file) || !statSync(file).isFile()) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not built: run `npm run build` (npm start builds dist/cdn when missing)');
          return;
        }
        const type = file.endsWith('.js') ? 'text/javascript; charset=utf-8' : file.endsWith('.map') || file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
      });
    },
  };
}

/**
 * Production builds: Lit `html` and `css` templates minified by minify-literals (the maintained fork of
 * minify-html-literals: html-minifier-terser for markup, clean-css for styles, placeholders for the `${…}` parts), on
 * each source module as it is loaded. Tests run from source; the e2e and security suites render the built bundles.
 * (A CommonJS package whose ES build is missing from the published files: loaded with require.)
 */
const { minifyHTMLLiterals } = createRequire(import.meta.url)('minify-literals') as typeof import('minify-literals');
function templateMinifying(): Plugin {
  return {
    name: 'catalog-blocks-template-minifying',
    apply: 'build',
    async transform(code, id) {
      if (!/\.ts$/.test(id) || id.includes('/node_modules/') || !/(css|html)`/.test(code)) return undefined;
      // SVG in templates is foreign content: `<circle … />` needs its slash (without it the next element nests inside);
      // character references stay as written
      const out = await minifyHTMLLiterals(code, { fileName: id, minifyOptions: { keepClosingSlash: true, decodeEntities: false } });
      return out ? { code: out.code, map: out.map?.toString() ?? null } : undefined;
    },
  };
}

/**
 * CDN chunks by what a page needs (fewer, larger files compress better than many small ones): `core` is what every
 * block uses (Lit, store client, configuration, DCAT readers, shared rendering), `landing` the landing-page blocks
 * and the view models, `search` the search engine and the blocks of a facet search page (the other search blocks are
 * small chunks on top of it). Lazy modules (UI strings per language, vocabularies per language — GEMET also per shard,
 * with the module of the shards' loaders —, rdflib, exports) stay their own chunks: a group never takes them, so they still load only when needed.
 */
const LAZY = /\/src\/i18n\/((shared|landing|search)\/)?(en|sv|de)\.ts$|\/src\/dcat\/vocab\/([a-z0-9-]+\.(en|sv|de)|gemet-shards|more)\.ts$/;
/** Geometry, WMS and preview readers, the indicators' licence/legislation readings, the feature-string loader and the maps' one-parameter resolver, used only by lazy chunks: never in `core`, which every page loads. */
const RICH_CONTENT_ONLY = /\/src\/dcat\/(spatial|wms|vocab-indicators)\.ts$|\/src\/(wms|preview)\/|\/src\/i18n\/feature-strings\.ts$|\/src\/config\/resolve-param\.ts$/;
/**
 * The landing pages' view models and their rendering (with row values, dates and sizes, CSV/WMS format tests and the
 * metadata field lists; the entry location of a landing page is in `core`, which requests the entry early), in the `landing` chunk: static for a landing page, loaded on a
 * search page only when a result row is first expanded (with row-detail.ts, its own small lazy chunk; importing the
 * chunk also defines <dataset-view> and <dataservice-view>, which is harmless). Kept out of `core`, which every
 * page loads. (A chunk of their own costs a landing page about 0.6 KB gzip more in cross-chunk imports.)
 */
const VIEW_MODEL = /\/src\/dcat\/(dataset|distribution|format-tests|read-values)\.ts$|\/src\/i18n\/format\.ts$|\/blocks\/base\/(render-fields|html-datetime)\.ts$|\/blocks\/landing\/(distribution-list|render-dataset)\.ts$/;
/**
 * Lit directives only the search blocks use (a landing page does not need them in `core`); `lit/directives/…` re-exports
 * `lit-html/directives/…`, so both paths. (`directive.js` itself is in `core`: blocks/base/long-text.ts defines one.)
 */
const SEARCH_ONLY_LIT = /\/lit(-html)?\/(directive-helpers|directives\/(repeat|keyed))\.js$/;
/**
 * blocks/base/trusted-types.ts in a chunk of its own that imports nothing: it must evaluate (and show its fallback text)
 * when Lit's chunk fails to, so it cannot live in `core`. The CDN loader imports it only when a block fails to load; in
 * the npm build `catalog-blocks` (entry/index.ts) imports it before any chunk that imports Lit.
 */
const TRUSTED_TYPES_GROUP = { name: 'trusted-types', test: (id: string) => id.endsWith('/blocks/base/trusted-types.ts'), priority: 10 };
/**
 * The JSON-LD writer: every dataset landing page loads it (after the page shows), so it is in the `landing` chunk —
 * as a chunk of its own it cost a landing page about 0.5 KB gzip more (a file compresses worse alone). The landing
 * block still imports it dynamically, after the page shows.
 */
const JSONLD = /\/src\/rich\/jsonld\.ts$/;
/** A data service's view model and rendering (see the `service` group). */
const SERVICE_VIEW = /\/src\/dcat\/dataservice\.ts$|\/blocks\/landing\/render-service\.ts$/;
/** `<catalog-store-provider>` and the provider side of @lit/context: a chunk of its own, loaded by the first block inside a provider (blocks/base/provider-loading.ts). */
const STORE_PROVIDER = /\/blocks\/base\/store-provider\.ts$|\/@lit\/context\/lib\/(controllers\/context-provider|context-root|value-notifier)\.js$/;
/** The CDN loader and its tag table: in `core`, which so becomes the entry file `catalog-blocks.js` (see cdn build). */
const CDN_LOADER = /\/entry\/(cdn|block-loaders)\.ts$|\/src\/legacy\/ready\.ts$/;
/**
 * The DCAT file store (src/store/file/), its worker, the catalog engine and the parsers (n3, a SAX RDF/XML parser,
 * jsonld.js) are lazy chunks. `core` takes `/src/store/`, and a group also takes what its modules import: without this
 * exclusion all three parsers landed in `catalog-blocks.js` (landing page 131.6 KB gzip, measured).
 */
const FILE_STORE = /\/src\/(store\/file|catalog-engine)\//;
/**
 * One part of one language's UI strings (src/i18n/landing|search/<lang>.ts) with the vocabulary labels only that part
 * brings (the landing part: update frequencies; the search part: INSPIRE themes), as one file `<lang>-<part>`; the
 * shared part that both import (`src/i18n/shared/<lang>.ts`, with the data-theme labels) as `<lang>-shared`. A page
 * downloads its part and the shared part. src/dcat/vocab.ts, which also loads these labels on their own, then loads
 * the part's file.
 */
const PART_STRINGS = /\/src\/(?:i18n\/(landing|search|shared)\/|dcat\/vocab\/(frequency|inspire-theme|themes)\.)(en|sv|de)\.ts$/;
const VOCAB_PART: Record<string, string> = { frequency: 'landing', 'inspire-theme': 'search', themes: 'shared' };
const stringsChunk = (id: string) => {
  const m = PART_STRINGS.exec(id);
  return m ? `${m[3]}-${m[1] ?? VOCAB_PART[m[2]!]}` : null;
};
/** The shared part first (a higher priority): a group also takes what its modules import, and both parts import it. */
const SHARED_STRINGS_GROUP = { name: (id: string) => (stringsChunk(id)?.endsWith('-shared') ? stringsChunk(id) : null), debugName: 'shared strings', priority: 7 };
const STRINGS_GROUP = { name: stringsChunk, debugName: 'strings', priority: 6 };
const CDN_CHUNK_GROUPS = [
  SHARED_STRINGS_GROUP,
  STRINGS_GROUP,
  { name: 'store-provider', test: (id: string) => STORE_PROVIDER.test(id), priority: 1 },
  {
    name: 'search',
    // The search engine and the blocks of a facet search page; the other search blocks (simple search, other
    // layouts) are small chunks of their own on top of this one, row-detail.ts loads on a row's first expansion and
    // the sort select (includeSorting) when a layout shows it.
    // (the reader of the page's `collections` / `query` keys, ./src/search/page-keys.ts, is a lazy chunk of its own,
    // as are the multi search box's suggestions with their styles and the list's row expansion, loaded when the reader turns to them;
    // <catalog-active-filters>, which no layout uses, is a chunk of its own too)
    test: (id: string) => !/\/blocks\/dataset-facets\/(active-filters|dataset-facets)\.ts$|\/blocks\/dataset-list\/row-(detail|expansion)\.ts$|\/blocks\/dataset-multi-search\/suggestions(\.styles)?\.ts$|\/src\/search\/(page-keys|query-template)\.ts$/.test(id)
      && /\/src\/search\/|\/entry\/search-blocks\.ts$|\/blocks\/(search-base|dataset-(list|facets|results|multi-search|facet-search-layout)|facet-search-responsiveness)\/|\/blocks\/dataset-search\/simple-search\.styles\.ts$/.test(id),
    priority: 2,
  },
  {
    // A data service's view model and rendering: loaded by a landing page only when its entry is a data service
    // (most landing pages show datasets), and by a search row's details for a service row. After `landing` and
    // `core` (lower priority), which keep the modules it shares with them.
    name: 'service',
    test: (id: string) => SERVICE_VIEW.test(id),
    priority: 3,
  },
  {
    name: 'landing',
    // With the view models: a search page loads this chunk when a row's expansion is prepared (row-expansion.ts, on
    // pointing at or focusing a row's expand button) and opened (row-detail.ts). The group also takes the small hook
    // that decides whether to load rich content (blocks/rich-content/hook.ts), which the landing block and
    // row-expansion.ts import: in `core` it cost the search page about 0.34 KB gzip (issue 27 point 2).
    test: (id: string) => VIEW_MODEL.test(id) || JSONLD.test(id) || /\/blocks\/(dataset-view|dataservice-view)\/(dataset-view|dataservice-view|[\w-]+\.element|[\w-]+\.styles)\.ts$|\/blocks\/landing\/landing-block\.ts$/.test(id),
    priority: 4,
  },
  {
    name: 'core',
    test: (id: string) => CDN_LOADER.test(id) || !LAZY.test(id) && !FILE_STORE.test(id) && !VIEW_MODEL.test(id) && !id.endsWith('/src/config/block-overrides.ts') && !SERVICE_VIEW.test(id) && !STORE_PROVIDER.test(id) && !SEARCH_ONLY_LIT.test(id) && !RICH_CONTENT_ONLY.test(id)
      && (/\/node_modules\/(lit|lit-html|lit-element|@lit)\//.test(id)
      || /\/src\/(store|config|rdf\/(graph|rdfjson|namespaces|literal)|i18n|dcat)\//.test(id)
      || (/\/blocks\/base[/.]/.test(id) && !/\/(trusted-types|store-provider)\.ts$/.test(id))),
    // Before `landing`: a group also takes what its modules import, and the view models import core modules.
    priority: 5,
  },
];

/**
 * The bundler's helper module (rolldown's runtime: the namespace objects of modules that a group above holds and the
 * loader or the strings import with `import()`; CommonJS wrappers of lazy chunks) is a file of its own that the block
 * and strings chunks import. It is named without a hash so that the CDN loader can ask for it beside the first block
 * chunk (entry/cdn.ts, `CDN_RUNTIME_FILE`) instead of one round trip after it (issue 27 point 2); scripts/build.mjs
 * checks that the CDN build wrote it. (rolldown keeps it out of every group chunk, the loader's included.)
 */
const CDN_RUNTIME_FILE = 'rolldown-runtime.js';

const common: UserConfig = {
  root,
  publicDir: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};

export default defineConfig(({ command, mode }): UserConfig => {
  if (command === 'serve') {
    return {
      root: resolve(root, 'demo'),
      publicDir: false,
      plugins: [demoServing()],
      server: { fs: { allow: [root] }, strictPort: false },
      appType: 'mpa',
      clearScreen: false,
    };
  }
  // Library mode everywhere: no Vite preload helper around dynamic imports (a CDN chunk must stay standalone).
  // Library mode keeps whitespace in ES output, so `output.minify: true` asks for full minification.
  const build = {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    reportCompressedSize: false,
    copyPublicDir: false,
  } as const;
  const terserBuild = {
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
  } as const;
  const abs = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, resolve(root, file)]));
  /**
   * The file store's worker (`new Worker(new URL('./worker.ts', import.meta.url), …)`, src/store/file/file-store.ts) is
   * bundled by a second bundler run of Vite's, which does not read `build.rolldownOptions`: as ES modules (each
   * format's parser stays a chunk of its own), minified like ours, and with URLs relative to the chunk that starts it
   * (`base: './'`; the default '/' writes `/assets/…`, wrong for a bundle under a CDN path).
   */
  const worker = { format: 'es', rolldownOptions: { output: { minify: true, comments: false } } } as const;
  /**
   * In the npm build the worker is one file (format `iife`: every parser inside, 103 KB gzip): an app's bundler
   * (Vite, webpack) takes `new Worker(new URL(…))` of our output as a worker of its own and copies that one file, but
   * not files the worker would import (measured: the es worker's parser chunks were 404 in Vite and webpack apps).
   */
  const npmWorker = { ...worker, format: 'iife' } as const;
  if (mode === 'npm') {
    return {
      ...common,
      base: './',
      worker: npmWorker,
      plugins: [templateMinifying()],
      build: {
        ...build,
        outDir: 'dist/npm',
        emptyOutDir: true,
        lib: { entry: abs(npmEntries()), formats: ['es'] },
        rolldownOptions: {
          external: NPM_EXTERNAL,
          output: {
            entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', minify: true,
            codeSplitting: { groups: [TRUSTED_TYPES_GROUP] },
          },
        },
      },
    };
  }
  if (mode === 'cdn') {
    return {
      ...common,
      base: './',
      worker,
      define: { ...common.define, CDN_RUNTIME_FILE: JSON.stringify(CDN_RUNTIME_FILE) },
      plugins: [templateMinifying()],
      build: {
        ...build,
        ...terserBuild,
        outDir: 'dist/cdn',
        emptyOutDir: true,
        lib: { entry: abs({ 'catalog-blocks': 'entry/cdn.ts' }), formats: ['es'] },
        rolldownOptions: {
          // terser's renderChunk time is reported as an untimed callback on every build; the size numbers matter here
          checks: { pluginTimings: false },
          // The loader (entry/cdn.ts) is in the `core` group, and so the entry file is that chunk: every page with a block
          // needs core anyway, so it comes with the first download (one file and one round trip fewer, about 300 B gzip
          // less). Lib mode would keep the entry's exact signature and put a re-exporting facade in front of core.
          preserveEntrySignatures: 'allow-extension',
          output: {
            entryFileNames: '[name].js', minify: true,
            chunkFileNames: (chunk) => (chunk.name === 'rolldown-runtime' ? CDN_RUNTIME_FILE : '[name]-[hash:7].js'),
            // No comments in what browsers download: the bundler's `/* @__PURE__ */` marks are of no use once bundled
            // (about 100 B gzip a page); third-party licences are in NOTICE.md, none of them asks for a banner.
            comments: false,
            // V8's explicit compile hint (Chromium ≥ 136; a comment to other engines) on the search chunk: its functions
            // are compiled with the download, off the main thread, not lazily on the main thread when first called —
            // the first facet click ran ~1.5 ms of lazy compilation (bench:file-store --trace). Only there: +29 B gzip,
            // and the landing page's budget has no room for it on the entry.
            postBanner: (chunk) => (chunk.name === 'search' ? '//# allFunctionsCalledOnLoad' : ''),
            codeSplitting: { groups: CDN_CHUNK_GROUPS },
          },
        },
      },
    };
  }
  if (mode === 'iife') {
    return {
      ...common,
      plugins: [],
      build: {
        ...build,
        outDir: 'dist/cdn',
        emptyOutDir: false,
        lib: { entry: abs({ 'catalog-blocks.iife': 'entry/classic.ts' }), formats: ['iife'], name: 'CatalogBlocks' },
        rolldownOptions: {
          output: { entryFileNames: '[name].js', codeSplitting: false, minify: true },
        },
      },
    };
  }
  throw new Error(`vite.config.ts: unknown build mode "${mode}" (use npm, cdn or iife via scripts/build.mjs)`);
});
