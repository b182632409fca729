/**
 * Node build (`node scripts/build.mjs node`) → dist/node: the two bins (`catalog-blocks`, `catalog-blocks-mcp`)
 * and `catalog-blocks/node` as ES modules for Node 20. Package dependencies and Node built-ins stay imports
 * (npm installs them); our own code (the job API clients) and the CLI's libraries are bundled. Not minified: class names end up in
 * error names (`JobApiError`) and stack traces should read.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const deps = Object.keys(pkg.dependencies ?? {});
const BINS = new Set(['catalog-blocks', 'mcp-server']);

function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtinModules.includes(id)) return true;
  return deps.some((d) => id === d || id.startsWith(`${d}/`));
}

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  // Vite's server build leaves every package an import by default; here `isExternal` decides: the package's own
  // dependencies (npm installs them) and Node built-ins stay imports, the CLI's and MCP server's libraries (dev
  // dependencies: commander, cli-progress, the MCP SDK, zod) are bundled, so web-component users never install them.
  ssr: { noExternal: true },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist/node',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        'catalog-blocks': resolve(root, 'node/cli/catalog-blocks.ts'),
        'mcp-server': resolve(root, 'node/cli/mcp-server.ts'),
        node: resolve(root, 'node/index.ts'),
      },
      external: isExternal,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry && BINS.has(chunk.name) ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});
