// wtr plugin: starts the dev store (a child process) for block tests and tells the page where it is via
// GET /__dev-store → {"storeUrl": "http://localhost:N/store/", "plainStoreUrl": "...", "closedStoreUrl": "...", "faultBase": "/__faults",
// "jobs": {"apiUrl", "user", "password", "contexts"?}}.
// Catalogs (contexts "1", "2", … in this order): the demo catalog and the test catalogs, those that exist.
// `plainStoreUrl`: a second store with the demo catalog only (context "1") and WITHOUT related.* indexing, as a default
// EntryStore (`entrystore.solr.related` off): the Format and Licence facets cannot be counted there.
//
// Fault routes (same origin as the test page), so that the REAL store client meets real failures:
//   /__faults/status/<code>/store/…   answers <code> with {"error": "fault"}
//   /__faults/badjson/<k>/store/…     answers 200 with truncated JSON
//   /__faults/badrdf/<k>/store/…      proxies to the dev store, then breaks the RDF/JSON of every entry
//   /__faults/hold/<key>/store/…      proxies, but only after POST /__faults/release/<key> (deterministic loading state)
//   /__faults/down/<key>/store/…      drops the connection until POST /__faults/up/<key>, then proxies
//   /__faults/ok/<k>/store/…          plain proxy
//   /__faults/slow/<ms>/store/…       proxies, answering each request <ms> later (a real installation under load)
// `closedStoreUrl` points at a port that was just closed (connection refused).
// Job API (the upload block tests): the store runs with one test account that may write only the paging catalog's
// context, a short processing time, a fresh data dir and the test pages' origin as its --cors-origin; `jobs` in /__dev-store gives the api URL
// (`http://localhost:N/api`), the account and the contexts it may write.
// POST /__validate with a whole HTML document → the W3C Nu validator's JSON messages (vnu-jar, Java).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateHtml, stopValidator } from '../vnu-service.mjs';

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const DEFAULT_CATALOGS = ['demo/catalog/demo-catalog.ttl', 'test/fixtures/blocks-catalog.ttl', 'test/fixtures/hostile-catalog.ttl', 'test/fixtures/paging-catalog.ttl'];

/** The job API's test account: writes only the paging catalog (other block tests never look at its files). */
const JOB_USER = { name: 'upload-tester', password: 'upload-tester-password' };
const JOB_CONTEXT_CATALOG = 'test/fixtures/paging-catalog.ttl';
/** Long enough that a poll sees PROCESSING sometimes, short enough for many uploads per run. */
const JOB_PROCESSING_MS = 300;

async function closedPort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

/** The store URL a dev store child prints when it listens. */
function storeUrlOf(child) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('dev store did not start within 60 s')), 60000);
    child.stdout.on('data', (d) => {
      buf += d;
      const found = buf.match(/(http:\/\/localhost:\d+\/store\/)/);
      if (found) { clearTimeout(timer); resolve(found[1]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`dev store exited with ${code}`)); });
  });
}

export function devStorePlugin({ catalogs = DEFAULT_CATALOGS.filter((f) => existsSync(f)) } = {}) {
  let child;
  let storeUrl;
  let plainChild;
  let plainStoreUrl;
  let jobs;
  let dataDir;
  let closedStoreUrl;
  const held = new Map(); // key → { promise, release }
  const up = new Set();

  function hold(key) {
    let h = held.get(key);
    if (!h) {
      let release;
      const promise = new Promise((r) => (release = r));
      held.set(key, (h = { promise, release }));
    }
    return h;
  }

  async function proxy(req, rest) {
    const res = await fetch(`${storeUrl}${rest}`, { headers: { Accept: req.headers.accept || 'application/json' } });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') || 'application/json', text };
  }

  function breakRdf(json) {
    const broken = (graph) => {
      const subject = graph && typeof graph === 'object' ? Object.keys(graph)[0] : undefined;
      return { [subject ?? 'http://example.org/broken']: 'this is not an RDF/JSON predicate object' };
    };
    if (json && typeof json === 'object') {
      if ('metadata' in json) json.metadata = broken(json.metadata);
      for (const child of json.resource?.children ?? []) if ('metadata' in child) child.metadata = broken(child.metadata);
    }
    return json;
  }

  function send(res, status, type, body) {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(body);
  }

  // Data preview: GET /__preview/csv/<key>/<mib> streams a generated CSV of <mib> MiB (`id,name,value`, the row of id i
  // is `i,row i,<i % 1000>.5`; `?kib=N` makes it N KiB instead, `?pad=N` adds N × "x" to each name). `?range=1` serves
  // `Range: bytes=a-b` with 206 as a static file server does; else the whole file (200). `?pace=1` sends it at the
  // speed of the issue's slow link (1.6 Mbit/s: 16 KiB every 80 ms), so that the count is what a reader's early stop
  // lets through, not what localhost pushes into socket buffers and the browser's read-ahead in the meantime.
  // GET /__preview/stats/<key> answers, once the last response of that key has closed, {"bytes": written over all of
  // its responses, "closedEarly": the client went away before the end of the last, "requests": how many, "ranges":
  // the Range header of each (null when none)}.
  const previews = new Map();
  function previewRoute(req, res) {
    const url = new URL(req.url, 'http://x');
    const m = url.pathname.match(/^\/__preview\/(csv|stats)\/([\w-]+)(?:\/(\d+))?$/);
    if (!m) return false;
    const [, kind, key, mib] = m;
    if (kind === 'stats') {
      const p = previews.get(key);
      if (!p) send(res, 404, 'application/json', '{}');
      else void p.closed.then((closedEarly) => send(res, 200, 'application/json', JSON.stringify({ bytes: p.bytes, closedEarly, requests: p.ranges.length, ranges: p.ranges })));
      return true;
    }
    const size = url.searchParams.has('kib') ? Number(url.searchParams.get('kib')) * 1024 : Number(mib) * 1024 * 1024;
    const pad = 'x'.repeat(Number(url.searchParams.get('pad') ?? 0));
    const paced = url.searchParams.has('pace');
    let closed;
    const p = previews.get(key) ?? { bytes: 0, ranges: [] };
    p.closed = new Promise((r) => (closed = r));
    p.ranges.push(req.headers.range ?? null);
    previews.set(key, p);
    const asked = url.searchParams.has('range') ? /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '') : null;
    const from = asked ? Number(asked[1]) : 0;
    const to = asked && asked[2] !== '' ? Math.min(Number(asked[2]) + 1, size) : size;
    if (asked && from >= size) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Cache-Control': 'no-store' });
      res.end();
      res.on('close', () => closed(false));
      return true;
    }
    res.writeHead(asked ? 206 : 200, {
      'Content-Type': 'text/csv; charset=utf-8', 'Cache-Control': 'no-store', 'Accept-Ranges': url.searchParams.has('range') ? 'bytes' : 'none',
      'Content-Length': String(to - from), ...(asked ? { 'Content-Range': `bytes ${from}-${to - 1}/${size}` } : {}),
    });
    res.on('close', () => closed(!res.writableFinished));
    // The file's bytes from..to, made row by row (a row cut by the size or the range is cut there).
    const header = Buffer.from('id,name,value\n');
    const row = (i) => Buffer.from(`${i},row ${i}${pad ? ` ${pad}` : ''},${i % 1000}.5\n`);
    let at = 0; // file offset of the next line
    let i = 0; // its number (0: the header)
    const take = (max) => {
      const parts = [];
      let n = 0;
      while (at < to && n < max) {
        const line = i === 0 ? header : row(i);
        i++;
        if (at + line.length > from) {
          const piece = line.subarray(Math.max(0, from - at), Math.min(line.length, to - at));
          parts.push(piece);
          n += piece.length;
        }
        at += line.length;
      }
      return Buffer.concat(parts);
    };
    const write = () => {
      while (at < to && !res.destroyed) {
        const chunk = take(16 * 1024);
        if (!chunk.length) break;
        p.bytes += chunk.length;
        const ok = res.write(chunk);
        if (paced) return void (ok ? setTimeout(write, 80) : res.once('drain', () => setTimeout(write, 80)));
        if (!ok) return void res.once('drain', write);
      }
      if (!res.destroyed) res.end();
    };
    write();
    return true;
  }

  /** Handles /__faults/… with plain Node http (ahead of the dev server's Koa app); false = not a fault route. */
  async function faults(req, res) {
    if (req.url === '/__validate' && req.method === 'POST') {
      const report = await validateHtml(await readBody(req));
      send(res, 200, 'application/json', JSON.stringify(report));
      return true;
    }
    if (req.url.startsWith('/__preview/')) return previewRoute(req, res);
    const m = req.url.match(/^\/__faults\/([a-z0-9]+)\/([^/?]+)(?:\/store\/(.*))?$/);
    if (!m) return false;
    const [, kind, arg, rest] = m;
    if (rest === undefined) {
      if (kind === 'release') hold(arg).release();
      else if (kind === 'up') up.add(arg);
      else if (kind === 'down') up.delete(arg);
      else return false;
      res.writeHead(204);
      res.end();
      return true;
    }
    if (kind === 'status') {
      send(res, Number(arg), 'application/json', JSON.stringify({ error: 'fault' }));
      return true;
    }
    if (kind === 'badjson') {
      send(res, 200, 'application/json', '{"entryId": "1", "metadata": {"http://example.org/x": ');
      return true;
    }
    if (kind === 'down' && !up.has(arg)) {
      req.socket.destroy();
      return true;
    }
    if (!['badrdf', 'hold', 'down', 'ok', 'slow'].includes(kind)) return false;
    if (kind === 'hold') await hold(arg).promise;
    if (kind === 'slow') await new Promise((r) => setTimeout(r, Math.min(Number(arg) || 0, 10_000)));
    const r = await proxy(req, rest);
    let body = r.text;
    if (kind === 'badrdf' && r.status === 200) {
      try {
        body = JSON.stringify(breakRdf(JSON.parse(r.text)));
      } catch {
        // not JSON: pass through
      }
    }
    send(res, r.status, r.type, body);
    return true;
  }

  return {
    name: 'dev-store',
    async serverStart({ server, config }) {
      // Fault routes answer before the dev server's own request handler (Koa's middleware list is fixed by now).
      const devServerHandlers = server.listeners('request');
      server.removeAllListeners('request');
      server.on('request', (req, res) => {
        faults(req, res).then(
          (handled) => { if (!handled) for (const h of devServerHandlers) h.call(server, req, res); },
          (e) => { if (!res.headersSent) send(res, 502, 'text/plain', String(e)); },
        );
      });
      closedStoreUrl = `http://127.0.0.1:${await closedPort()}/store/`;
      const args = ['--import', 'tsx', 'dev-store/main.ts', '--port', '0', '--quiet'];
      for (const c of catalogs) args.push('--catalog', c);
      // Contexts are numbered "1", "2", … in catalog order.
      const jobContext = catalogs.indexOf(JOB_CONTEXT_CATALOG) + 1;
      const contexts = jobContext > 0 ? [String(jobContext)] : undefined;
      dataDir = mkdtempSync(join(tmpdir(), 'catalog-blocks-wtr-store-'));
      args.push('--user', `${JOB_USER.name}:${JOB_USER.password}${contexts ? `:${contexts.join(',')}` : ''}`,
        '--processing-ms', String(JOB_PROCESSING_MS), '--data-dir', dataDir);
      // The test pages' origin may call /api cross-origin (the upload block); the dev server listens by now.
      const pagePort = server.address().port;
      // The store is a default EntryStore otherwise (dev-store/README.md "Fidelity": CORS for these origins only,
      // EntryStore's sort parsing, no Range), with distributions indexed under related.* as EntryScape configures it.
      for (const host of new Set([config.hostname ?? 'localhost', 'localhost', '127.0.0.1'])) args.push('--cors-origin', `http://${host}:${pagePort}`);
      args.push('--solr-related');
      child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      // A second store as a default EntryStore installation has it: no related.* indexing (the demo catalog only).
      plainChild = spawn(process.execPath, ['--import', 'tsx', 'dev-store/main.ts', '--port', '0', '--quiet', '--catalog', catalogs[0],
        ...args.filter((a, i) => a === '--cors-origin' || args[i - 1] === '--cors-origin')], { stdio: ['ignore', 'pipe', 'inherit'] });
      [storeUrl, plainStoreUrl] = await Promise.all([child, plainChild].map(storeUrlOf));
      jobs = { apiUrl: new URL('/api', storeUrl).href, user: JOB_USER.name, password: JOB_USER.password, ...(contexts ? { contexts } : {}) };
    },
    async serverStop() {
      await Promise.all([child, plainChild].map(async (c) => {
        if (!c || c.exitCode !== null) return;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill();
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      await stopValidator();
    },
    serve(context) {
      if (context.path === '/__dev-store') {
        return { body: JSON.stringify({ storeUrl, plainStoreUrl, closedStoreUrl, catalogs, faultBase: '/__faults', jobs }), type: 'json' };
      }
    },
  };
}
