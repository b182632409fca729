/**
 * The dev store HTTP server: `createStoreServer({catalogs, port, host, baseUrl, plugins})` listens, loads the
 * catalogs (each file its own context "1", "2", …), indexes them and serves the EntryStore read API under
 * `{baseUrl}` (default `http://localhost:PORT/store/`). Plugins add routes (later: upload job APIs, auth).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoreApp, StorePlugin } from './app.ts';
import { DevStore, loadCatalogs } from './catalog.ts';
import type { CatalogSource } from './catalog.ts';
import { prefersJson } from './http/negotiate.ts';
import { parseParams } from './http/params.ts';
import { answerPreflight, applyCors, sendError, sendText } from './http/respond.ts';
import { Router } from './http/router.ts';
import { addEntryRoutes } from './routes/entries.ts';
import { addHomeRoutes } from './routes/home.ts';
import { addSearchRoutes } from './routes/search.ts';
import { SearchIndex } from './search/index.ts';

export interface StoreServerOptions {
  /** Catalog files (path) or sources with inline text. */
  catalogs: readonly (string | CatalogSource)[];
  /** 0 (default) = a free port. */
  port?: number;
  /** Default 127.0.0.1 (also ::1 when available, so `localhost` works either way). */
  host?: string;
  /** Public `{store}` URL used in every URI; default `http://localhost:PORT/store/`. Its path is the route prefix. */
  baseUrl?: string;
  /** Extra routes (e.g. the upload job APIs). */
  plugins?: readonly StorePlugin[];
  /** Date used for entries without dcterms:modified (default: now). */
  loadTime?: Date;
  /** Largest search `limit` served; default 100 like EntryStore (the benchmark raises it to render 1000 rows). */
  maxLimit?: number;
}

export interface StoreServer {
  /** `{store}` URL, ending in `/`. */
  readonly url: string;
  readonly port: number;
  readonly store: DevStore;
  readonly index: SearchIndex;
  readonly app: StoreApp;
  /** Milliseconds spent parsing + building entries + indexing. */
  readonly loadMs: number;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

export async function createStoreServer(options: StoreServerOptions): Promise<StoreServer> {
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
    res.end('{"error":"Store is loading"}');
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((e: unknown) => {
      console.error('dev store: request failed:', e);
      if (!res.headersSent) sendError({ res, params: new Map() }, 500, 'Internal server error');
      else res.destroy();
    });
  };

  const host = options.host ?? '127.0.0.1';
  const servers: Server[] = [createServer(onRequest)];
  await listen(servers[0]!, options.port ?? 0, host);
  const port = (servers[0]!.address() as AddressInfo).port;
  if (host === '127.0.0.1' || host === 'localhost') {
    // `localhost` may resolve to ::1 first; answer there too when IPv6 loopback exists.
    const v6 = createServer(onRequest);
    try {
      await listen(v6, port, '::1');
      servers.push(v6);
    } catch {
      /* no IPv6 loopback: fine */
    }
  }
  const close = async (): Promise<void> => {
    await Promise.all(servers.map(closeServer));
  };

  const baseUrl = options.baseUrl ? (options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`) : `http://localhost:${port}/store/`;
  const started = performance.now();
  const store = new DevStore(baseUrl, options.loadTime ?? new Date());
  let index: SearchIndex;
  try {
    await loadCatalogs(store, options.catalogs);
    index = new SearchIndex(store);
  } catch (e) {
    await close();
    throw e;
  }
  const loadMs = performance.now() - started;

  const router = new Router();
  const app: StoreApp = { store, index, baseUrl, storePath: new URL(baseUrl).pathname, router, ...(options.maxLimit ? { maxLimit: options.maxLimit } : {}) };
  addSearchRoutes(app);
  addEntryRoutes(app);
  for (const plugin of options.plugins ?? []) plugin(app);
  addHomeRoutes(app);

  handle = async (req, res) => {
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const { outcome, allowed } = await router.dispatch(req, res);
    if (outcome === 'handled') return;
    const params = parseParams(req.url ?? '/');
    if (outcome === 'method-not-allowed') {
      sendError({ res, params }, 405, 'Method not allowed', { Allow: [...allowed, 'OPTIONS'].join(', ') });
      return;
    }
    const message = 'Not Found. There is no resource at this URI.';
    if (prefersJson(req.headers.accept, params.get('format'))) sendError({ res, params }, 404, message);
    else sendText(res, 404, 'text/plain; charset=utf-8', message);
  };

  return { url: baseUrl, port, store, index, app, loadMs, close };
}
