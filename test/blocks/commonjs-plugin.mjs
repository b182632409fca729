// wtr plugin: serves the CommonJS/UMD packages the blocks import (papaparse) as ES modules, the way Vite does in the
// build and in `npm start` (the test server resolves bare imports but does not convert CommonJS).
import { transform } from 'esbuild';

export function commonjsPlugin({ packages = ['papaparse'] } = {}) {
  return {
    name: 'commonjs-to-esm',
    async transform(context) {
      if (!packages.some((p) => context.path.includes(`/node_modules/${p}/`))) return undefined;
      const out = await transform(String(context.body), { format: 'esm', loader: 'js', sourcefile: context.path });
      return { body: out.code };
    },
  };
}

/**
 * n3 (the file store's Turtle parser, src/catalog-engine/parse/turtle.ts) imports readable-stream and buffer, CommonJS
 * that the test server cannot serve as ES modules (Vite converts them in the build): the tests load n3's own browser
 * build instead, the same parser bundled with those two.
 */
export function n3BrowserPlugin() {
  return {
    name: 'n3-browser-build',
    resolveImport({ source }) {
      if (source === 'n3') return '/node_modules/n3/browser/n3.esm.min.js';
      return undefined;
    },
  };
}
