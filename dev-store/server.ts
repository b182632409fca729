/**
 * The dev store HTTP server: `createStoreServer({catalogs, port, host, baseUrl, plugins})` listens, loads the
 * catalogs (each file its own context "1", "2", …), indexes them and serves the EntryStore read API under
 * `{baseUrl}` (default `http://localhost:PORT/store/`), plus the upload job APIs: the current one at `/api`, the
 * legacy task runner at `/taskrunner/v1` with its cookie login at `{store}auth/cookie`, and the RowStore of
 * connected API distributions at `/rowstore`. Plugins add more routes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { StoreApp, StorePlugin } from './app.ts';
import { AuthService } from './auth/index.ts';
import type { AccountSpec } from './auth/index.ts';
import { DevStore } from '../src/catalog-engine/catalog.ts';
import { loadCatalogs } from './load-catalogs.ts';
import type { CatalogSource } from './load-catalogs.ts';
import { prefersJson } from './http/negotiate.ts';
import { parseParams } from '../src/catalog-engine/params.ts';
import { CorsOrigins } from './http/cors.ts';
import { answerPreflight, applyCors, sendError, sendText } from './http/respond.ts';
import { Router } from './http/router.ts';
import { addRowstoreRoutes, createJobService, uploadTempDir } from './jobs/index.ts';
import type { JobService } from './jobs/types.ts';
import { dataDirLayout } from './jobs/persist.ts';
import { UploadLimits } from './jobs/upload-limits.ts';
import { addApiRoutes, mayWrite } from './routes/api.ts';
import { addEntryRoutes } from './routes/entries.ts';
import { addHomeRoutes } from './routes/home.ts';
import { addSearchRoutes } from './routes/search.ts';
import { addTaskRunnerRoutes } from './routes/taskrunner.ts';
import { addWmsRoutes } from './routes/wms.ts';
import { addBaseRoutes } from './routes/base.ts';
import { IdleCollector } from './idle-collect.ts';
import { LARGE_STORE_DOCS, SearchIndex } from '../src/catalog-engine/search/index.ts';

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
  /** Upload job APIs; when absent they still run, with a fresh temp data dir (removed on close) and the demo account. */
  jobs?: JobServerOptions;
  /**
   * Origins (EntryStore patterns: exact, `*suffix`, `prefix*`, `*`) that `/api` answers with credentialed CORS; none by
   * default, as `entrystore.cors.origins` (http/cors.ts). `npm start` passes the demo's origin.
   */
  corsOrigins?: readonly string[];
  /** Fill `related.metadata.predicate.*` (`--solr-related`, as `entrystore.solr.related=on`; default off, as EntryStore). */
  solrRelated?: boolean;
  /** Answer `Range` on `/resource/` files (`--range`; default off: the whole file, as EntryStore). */
  range?: boolean;
}

export interface JobServerOptions {
  /** Jobs, uploads and the journal; default a fresh temp dir removed on close. */
  dataDir?: string;
  /** Accounts; none = the demo account `demo` / `demo-password` with every context. */
  users?: readonly AccountSpec[];
  /** Default 50 MB (52428800 bytes). */
  maxUploadBytes?: number;
  /** Accepted uploads of one user within a minute before that user must wait a minute (429); default 120. */
  maxUploadsPerMinute?: number;
  /** Total bytes of the uploaded files the data dir keeps (507 past it); default 1 GiB. */
  uploadQuotaBytes?: number;
  /** How long a terminated job stays visible; default 24 h. */
  jobRetentionMs?: number;
  /** How long a job stays PROCESSING; default 1500 ms. */
  processingMs?: number;
  /** Lockout after 5 failed logins in 5 minutes; default 60 s. */
  loginLockoutMs?: number;
  /** Default session lifetime; default 1 h. */
  sessionMs?: number;
}

export const JOB_DEFAULTS = {
  maxUploadBytes: 50 * 1024 * 1024,
  maxUploadsPerMinute: 120,
  uploadQuotaBytes: 1024 * 1024 * 1024,
  jobRetentionMs: 24 * 3600 * 1000,
  processingMs: 1500,
  loginLockoutMs: 60 * 1000,
  sessionMs: 3600 * 1000,
} as const;

export interface StoreServer {
  /** `{store}` URL, ending in `/`. */
  readonly url: string;
  readonly port: number;
  readonly store: DevStore;
  readonly index: SearchIndex;
  readonly app: StoreApp;
  /** Milliseconds spent parsing + building entries + indexing. */
  readonly loadMs: number;
  /** The upload job engine (tests inspect jobs, wait for idle). */
  readonly jobs: JobService;
  /** Accounts and sessions of the job APIs. */
  readonly auth: AuthService;
  /** Data dir of the job engine. */
  readonly dataDir: string;
  /** Closes the listeners, then the job service (and removes a temp data dir it created). */
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
  let idle: IdleCollector | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    idle?.busy();
    handle(req, res).catch((e: unknown) => {
      console.error('dev store: request failed:', e);
      if (!res.headersSent) sendError({ res, params: new Map() }, 500, 'Internal server error');
      else res.destroy();
    });
  };

  const corsOrigins = new CorsOrigins(options.corsOrigins ?? []);
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
  const closeListeners = async (): Promise<void> => {
    await Promise.all(servers.map(closeServer));
  };

  const baseUrl = options.baseUrl ? (options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`) : `http://localhost:${port}/store/`;
  const started = performance.now();
  const store = new DevStore(baseUrl, options.loadTime ?? new Date());
  let index: SearchIndex;
  try {
    await loadCatalogs(store, options.catalogs);
    index = new SearchIndex(store, options.solrRelated ?? false);
  } catch (e) {
    await closeListeners();
    throw e;
  }
  const loadMs = performance.now() - started;
  // the load's garbage goes back to the system once nobody waits for an answer (collect.ts)
  if (index.docs.length >= LARGE_STORE_DOCS) idle = new IdleCollector();

  const router = new Router();
  const app: StoreApp = { store, index, baseUrl, storePath: new URL(baseUrl).pathname, router, corsOrigins, ...(options.range ? { range: true } : {}), ...(options.maxLimit ? { maxLimit: options.maxLimit } : {}) };
  addSearchRoutes(app);
  addEntryRoutes(app);

  const jobOpts = options.jobs ?? {};
  const tempDataDir = jobOpts.dataDir === undefined ? await mkdtemp(path.join(os.tmpdir(), 'dev-store-data-')) : undefined;
  const dataDir = jobOpts.dataDir ?? tempDataDir!;
  const maxUploadBytes = jobOpts.maxUploadBytes ?? JOB_DEFAULTS.maxUploadBytes;
  const auth = new AuthService({
    users: jobOpts.users ?? [],
    sessionMs: jobOpts.sessionMs ?? JOB_DEFAULTS.sessionMs,
    loginLockoutMs: jobOpts.loginLockoutMs ?? JOB_DEFAULTS.loginLockoutMs,
  });
  let jobs: JobService;
  try {
    jobs = await createJobService(app, {
      dataDir,
      maxUploadBytes,
      jobRetentionMs: jobOpts.jobRetentionMs ?? JOB_DEFAULTS.jobRetentionMs,
      processingMs: jobOpts.processingMs ?? JOB_DEFAULTS.processingMs,
      mayWrite: mayWrite(auth),
    });
  } catch (e) {
    await closeListeners();
    if (tempDataDir) await rm(tempDataDir, { recursive: true, force: true });
    throw e;
  }
  const limits = new UploadLimits(
    {
      maxUploadsPerMinute: jobOpts.maxUploadsPerMinute ?? JOB_DEFAULTS.maxUploadsPerMinute,
      quotaBytes: jobOpts.uploadQuotaBytes ?? JOB_DEFAULTS.uploadQuotaBytes,
    },
    dataDirLayout(dataDir).uploads,
  );
  const deps = { auth, jobs, tempDir: uploadTempDir(dataDir), maxUploadBytes, limits };
  addApiRoutes(app, deps);
  addTaskRunnerRoutes(app, deps);
  addRowstoreRoutes(app, jobs);
  addWmsRoutes(app); // the offline WMS at /wms (maps with no internet)
  addBaseRoutes(app); // the offline base layer of the maps: country outlines as XYZ tiles at /base/tiles/
  for (const plugin of options.plugins ?? []) plugin(app);
  addHomeRoutes(app);

  const close = async (): Promise<void> => {
    idle?.cancel();
    await closeListeners();
    await jobs.close();
    if (tempDataDir) await rm(tempDataDir, { recursive: true, force: true });
  };

  handle = async (req, res) => {
    applyCors(req, res, corsOrigins);
    if (req.method === 'OPTIONS') return answerPreflight(req, res, corsOrigins);
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

  return { url: baseUrl, port, store, index, app, loadMs, jobs, auth, dataDir, close };
}
