#!/usr/bin/env node
// `npm start`: the demo site (Vite dev server over demo/, blocks from source with HMR) and the dev store together.
//   npm start -- --catalog FILE [--catalog FILE2]   serve these DCAT files instead of the bundled demo catalog
//   npm start -- --port 5173 --store-port 8787       ports (an occupied demo port moves to the next free one)
//   npm start -- --no-build                          do not build dist/cdn in the background (tests)
// It prints the demo URL, the store, the job APIs beside it and the demo account (README "File uploads").
// The demo pages find the store through `data-store-url`, filled in when a page is served: the store runs on another
// origin (another port), exactly like a real embed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';
import { root } from './entries.mjs';
// run with `node --import tsx` (npm start does): the dev store is TypeScript
import { createStoreServer } from '../dev-store/server.ts';
import { DEMO_ACCOUNT } from '../dev-store/auth/index.ts';

function parseArgs(argv) {
  const opts = { port: 5173, storePort: 8787, catalogs: [], build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--catalog') opts.catalogs.push(resolve(process.cwd(), value()));
    else if (a === '--port') opts.port = Number(value());
    else if (a === '--store-port') opts.storePort = Number(value());
    else if (a === '--no-build') opts.build = false;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  if (opts.catalogs.length === 0) opts.catalogs.push(join(root, 'demo/catalog/demo-catalog.ttl'));
  for (const c of opts.catalogs) if (!existsSync(c)) usage(`catalog file not found: ${c}`);
  return opts;
}

function usage(problem) {
  if (problem) console.error(`start: ${problem}`);
  console.error('usage: npm start [-- --catalog FILE]... [--port N] [--store-port N] [--no-build]');
  process.exit(problem ? 2 : 0);
}

const opts = parseArgs(process.argv.slice(2));
// The demo server first: its port (the next free one when --port is taken) is the origin the store lets call /api
// with credentials (--cors-origin) and read with CORS; distributions are indexed with their datasets (--solr-related),
// as EntryScape configures a store. The pages read the store URL per request (vite.config.ts), set below.
const server = await createServer({
  configFile: join(root, 'vite.config.ts'),
  server: { port: opts.port, host: 'localhost' },
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : opts.port;
const demoOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
const store = await createStoreServer({ catalogs: opts.catalogs, port: opts.storePort, corsOrigins: demoOrigins, solrRelated: true }).catch(async (e) => {
  console.error(`start: the dev store did not start: ${e.message}`);
  await server.close();
  process.exit(1);
});
process.env.CATALOG_BLOCKS_STORE_URL = store.url;
console.log(`\nDemo:  http://localhost:${port}/`);
console.log(`Store: ${store.url}  (${opts.catalogs.map((c) => c.replace(`${root}/`, '')).join(', ')}; loaded in ${Math.round(store.loadMs)} ms)`);
// the upload job APIs run beside the store (README "File uploads: the job API", "In the dev store")
const origin = new URL(store.url).origin;
console.log(`Job API: ${origin}/api  (legacy, deprecated: ${origin}/taskrunner/v1; cross-origin calls with credentials from ${demoOrigins.join(', ')})`);
console.log(`Demo account: ${DEMO_ACCOUNT.name} / ${DEMO_ACCOUNT.password}  (may upload to every context; jobs and files in ${store.dataDir}, removed on stop)`);
console.log(`Try: CATALOG_API_URL=${origin}/api npx catalog-blocks distributions https://github.com/civictechsweden/oppna-luftfartygsregistret`);
console.log('Stop with Ctrl+C.');
if (opts.build) buildCdnWhenStale();

/**
 * The production-bundle demo pages (production*.html) load dist/cdn: build it in the background when it is missing or
 * older than a source file, so they work on a fresh clone (the pages say so while it builds).
 */
function buildCdnWhenStale() {
  const bundle = join(root, 'dist/cdn/catalog-blocks.js');
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const newer = (dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .some((e) => e.isFile() && statSync(join(e.parentPath, e.name)).mtimeMs > built);
  if (built && !['src', 'blocks', 'entry'].some(newer)) return;
  console.log(`Building the production bundle (dist/cdn) for production.html${built ? ': the sources changed' : ''} …`);
  const child = spawn(process.execPath, [join(root, 'scripts/build.mjs'), 'cdn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', (code) => console.log(code === 0 ? 'Production bundle built: dist/cdn.' : `The production bundle did not build (exit ${code}); run \`npm run build\`.`));
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([store.close(), server.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
// Vite's own SIGTERM listener exits as soon as Vite is closed, before the store has removed its temporary data dir:
// stop() closes both
process.removeAllListeners('SIGTERM');
process.on('SIGTERM', stop);
