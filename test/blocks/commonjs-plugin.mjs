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
