/**
 * One Vite config, four modes (scripts/build.mjs runs the three build modes in turn):
 * - `npm`  → dist/npm: one ES module per entry (`index`, `api`, one per block); lit, @lit/context, rdflib external.
 * - `cdn`  → dist/cdn/catalog-blocks.js: everything bundled; rdflib (and any other dynamic import) a lazy chunk beside it.
 * - `iife` → dist/cdn/catalog-blocks.iife.js: one classic script, dynamic imports inlined.
 * - serve (default, `npm start`) → the demo site from demo/, blocks loaded from source (HMR); see demoServing().
 */
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { resolve } from 'node:path';
import { npmEntries, root } from './scripts/entries.mjs';
import { renderDemoHtml } from './scripts/demo-html.mjs';

/** Dependencies stay external in the npm build so applications dedupe them (one lit on the page). */
const NPM_EXTERNAL = [/^lit($|\/)/, /^@lit\//, /^lit-html($|\/)/, /^lit-element($|\/)/, /^rdflib($|\/)/];

/**
 * Demo pages are plain HTML that load `catalog-blocks.js` like a real CDN embed. In dev that file is the
 * source entry (src/index.ts) and the store URL comes from the environment (set by scripts/start.mjs).
 */
function demoServing(): Plugin {
  const entry = resolve(root, 'src/index.ts');
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
  };
}

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
  const abs = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, resolve(root, file)]));
  if (mode === 'npm') {
    return {
      ...common,
      build: {
        ...build,
        outDir: 'dist/npm',
        emptyOutDir: true,
        lib: { entry: abs(npmEntries()), formats: ['es'] },
        rolldownOptions: {
          external: NPM_EXTERNAL,
          output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', minify: true },
        },
      },
    };
  }
  if (mode === 'cdn') {
    return {
      ...common,
      build: {
        ...build,
        outDir: 'dist/cdn',
        emptyOutDir: true,
        lib: { entry: abs({ 'catalog-blocks': 'src/index.ts' }), formats: ['es'] },
        rolldownOptions: {
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', minify: true },
        },
      },
    };
  }
  if (mode === 'iife') {
    return {
      ...common,
      build: {
        ...build,
        outDir: 'dist/cdn',
        emptyOutDir: false,
        lib: { entry: abs({ 'catalog-blocks.iife': 'src/index.ts' }), formats: ['iife'], name: 'CatalogBlocks' },
        rolldownOptions: {
          output: { entryFileNames: '[name].js', codeSplitting: false, minify: true },
        },
      },
    };
  }
  throw new Error(`vite.config.ts: unknown build mode "${mode}" (use npm, cdn or iife via scripts/build.mjs)`);
});
