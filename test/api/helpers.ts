/**
 * Shared setup of the API tests (clients, CLI, MCP): an in-process dev store with the job APIs on a free port,
 * its URLs and a demo account; well-known URIs of the demo catalog; a fetch that records every answer (the
 * OpenAPI test validates them).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStoreServer } from '../../dev-store/server.ts';
import type { JobServerOptions, StoreServer } from '../../dev-store/server.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_CATALOG = path.join(repoRoot, 'demo/catalog/demo-catalog.ttl');
export const DEMO_CSV = path.join(repoRoot, 'demo/catalog/files/SwedishPolls-Polls.csv');

/**
 * Why a test of a built file under dist/node must skip (missing, or older than the sources it bundles: node/ and
 * src/api), or false when it is current. `npm test` builds first and counts such a skip as a failure.
 */
export function builtNodeSkip(file: string): string | false {
  if (!existsSync(file)) return 'dist/node not built (npm run build)';
  let newest = 0;
  for (const dir of ['src/api', 'node']) {
    for (const f of readdirSync(path.join(repoRoot, dir), { recursive: true }).map(String)) {
      newest = Math.max(newest, statSync(path.join(repoRoot, dir, f)).mtimeMs);
    }
  }
  return statSync(file).mtimeMs < newest ? 'dist/node is older than the sources (npm run build)' : false;
}

/** A CSV distribution without a connected API distribution: any file type may be added. */
export const PLAIN_DISTRIBUTION = 'https://github.com/civictechsweden/oppna-luftfartygsregistret/blob/master/register.csv';
/** The SwedishPolls CSV distribution: it has a connected API distribution (only CSV accepted). */
export const API_SOURCE_DISTRIBUTION = 'https://github.com/MansMeg/SwedishPolls/blob/master/Data/Polls.csv';
/** A dataset (wrong kind for addFile and replaceFile). */
export const DATASET_URI = 'https://github.com/MansMeg/SwedishPolls';
/** Resolves to nothing in the demo catalog. */
export const UNKNOWN_URI = 'https://nowhere.example/no-such-entry';

/** The dev store's job options (data dir, accounts, limits, timings). */
export type JobStoreOptions = JobServerOptions;

export interface JobStore {
  server: StoreServer;
  /** `http://localhost:N/api` */
  apiUrl: string;
  /** `http://localhost:N/store/` */
  storeUrl: string;
  /** `http://localhost:N/taskrunner/v1` */
  taskUrl: string;
  /** An account that may write every context. */
  user: string;
  password: string;
  /** An account that may write no context of the demo catalog. */
  readOnlyUser: string;
  readOnlyPassword: string;
  dataDir: string;
  /** Stops the server and removes the data dir (unless it was given). */
  close(): Promise<void>;
}

/**
 * Starts the dev store with the demo catalog and the job APIs: a fresh temp data dir, jobs PROCESSING for
 * `processingMs` (default 50), accounts `tester` (all contexts) and `reader` (a context that does not exist).
 */
export async function startJobStore(opts: JobStoreOptions = {}, store: { corsOrigins?: readonly string[] } = {}): Promise<JobStore> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? await mkdtemp(path.join(tmpdir(), 'cb-api-store-'));
  const user = 'tester';
  const password = 'tester-password';
  const readOnlyUser = 'reader';
  const readOnlyPassword = 'reader-password';
  const jobs: JobStoreOptions = {
    processingMs: 50,
    users: [
      { name: user, password },
      { name: readOnlyUser, password: readOnlyPassword, contexts: ['no-such-context'] },
    ],
    ...opts,
    dataDir,
  };
  let server: StoreServer;
  try {
    server = await createStoreServer({ catalogs: [DEMO_CATALOG], port: 0, jobs, ...store });
  } catch (e) {
    if (ownDir) await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  const origin = new URL(server.url).origin;
  return {
    server,
    apiUrl: `${origin}/api`,
    storeUrl: server.url,
    taskUrl: `${origin}/taskrunner/v1`,
    user,
    password,
    readOnlyUser,
    readOnlyPassword,
    dataDir,
    async close() {
      await server.close(); // also stops the job engine
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One answer seen by a recording fetch. */
export interface RecordedAnswer {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  headers: Headers;
  /** The body exactly as sent (ids unparsed). */
  text: string;
}

/** A fetch that passes through to the real one and records every answer (the caller still gets a readable body). */
export function recordingFetch(): { fetch: typeof fetch; answers: RecordedAnswer[] } {
  const answers: RecordedAnswer[] = [];
  const wrapped = (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await fetch(input, init);
    const text = await res.text();
    answers.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      url: String(input instanceof Request ? input.url : input),
      status: res.status,
      contentType: res.headers.get('content-type'),
      headers: res.headers,
      text,
    });
    return new Response(res.status === 204 || res.status === 304 ? null : text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof fetch;
  return { fetch: wrapped, answers };
}

/** A Blob with a name (a File), from text or bytes. */
export function namedFile(content: string | Uint8Array, name: string, type = 'text/csv'): File {
  return new File([content as BlobPart], name, { type });
}

/** Deterministic CSV text of about `bytes` bytes. */
export function csvOfSize(bytes: number): string {
  const lines = ['id,name,value'];
  let size = lines[0]!.length + 1;
  for (let i = 1; size < bytes; i++) {
    const line = `${i},row ${i},${(i * 7) % 1000}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}
