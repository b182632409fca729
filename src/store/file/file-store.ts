/**
 * The file store (README "No catalog server? Use your DCAT file"): a page's `data-catalog-url` makes the store
 * client read one DCAT file instead of an EntryStore. The client stays the EntryStore client — its searches, lookups,
 * batching and cache — and only its `fetch` is answered here, by the engine the dev store runs (src/catalog-engine/),
 * so a file answers every read exactly as the dev store answers it over HTTP. The file is fetched, parsed and indexed
 * once per page in a Web Worker; where no worker can start (a Content-Security-Policy without `worker-src` for it), in
 * the page. A failed file is opened again on the next read (the blocks' "Try again").
 */
import { warnOnce } from '../../config/warn.ts';
import { BadPayloadError, NetworkError } from '../errors.ts';
import type { FetchLike } from '../http.ts';
import { FILE_STORE, SPARQL_STORE } from './base.ts';
import { sourceUrl, storeBase } from './source.ts';
import type { CatalogSource } from './source.ts';
import type { CatalogFileFailure, CatalogProgress } from './open-catalog.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import type { ProgressDocument } from './progress-view.ts';

interface Answer {
  readonly status: number;
  /** JSON text, or its UTF-8 bytes (from the worker). */
  readonly body: string | Uint8Array<ArrayBuffer>;
}

interface Backend {
  get(url: string): Promise<Answer>;
}

/** The worker could not start (its script refused or unreachable): the catalog opens in the page instead. */
class NoWorker extends Error {}

/** The part of a Worker used here (typed here: this module is also part of catalog-blocks/api, which runs in Node). */
interface CatalogWorker {
  postMessage(message: ToWorker): void;
  terminate(): void;
  onmessage: ((e: { data: FromWorker }) => void) | null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null;
}
type WorkerConstructor = new (url: string | URL, options: { type: 'module' }) => CatalogWorker;

/**
 * Starts the worker script at `url`: directly when it is on the page's origin, else from a `blob:` module that imports
 * it (a script of another origin cannot be a worker, and a CDN's bundle is on another origin than the page; that
 * needs `worker-src blob: <CDN>` where a page has a Content-Security-Policy). Throws NoWorker where there is no Worker.
 */
const Worker = class {
  constructor(url: URL, options: { type: 'module' }) {
    const Native = (globalThis as { Worker?: WorkerConstructor }).Worker;
    if (!Native) throw new NoWorker('no Worker here');
    if (url.origin === (globalThis as { location?: { origin?: string } }).location?.origin) return new Native(workerScriptUrl(url.href), options);
    return new Native(workerScriptUrl(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' }))), options);
  }
} as unknown as WorkerConstructor;

/** The Trusted Types policy that starts the worker (README CSP table: `trusted-types … catalog-blocks-worker`). */
export const WORKER_POLICY_NAME = 'catalog-blocks-worker';
type ScriptUrlPolicy = { createScriptURL(input: string): unknown };
/** The policy; null when the page's CSP refuses it (the catalog then opens in the page). */
let workerPolicy: ScriptUrlPolicy | null | undefined;
/** The only script URLs the policy passes: those made here, once each. */
const workerUrls = new Set<string>();

/** A worker script URL as the page's Trusted Types want it (a plain string where there are none). */
function workerScriptUrl(url: string): string {
  const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy } }).trustedTypes;
  if (!tt) return url;
  if (workerPolicy === undefined) {
    try {
      workerPolicy = tt.createPolicy(WORKER_POLICY_NAME, {
        createScriptURL: (input) => {
          if (!workerUrls.delete(input)) throw new TypeError(`${WORKER_POLICY_NAME}: not the catalog worker: ${input}`);
          return input;
        },
      });
    } catch {
      workerPolicy = null;
    }
  }
  if (!workerPolicy) throw new NoWorker(`the page's Trusted Types refuse the policy "${WORKER_POLICY_NAME}"`);
  workerUrls.add(url);
  // a TrustedScriptURL, which the Worker constructor takes where the page requires trusted types
  return workerPolicy.createScriptURL(url) as string;
}

const opened = new Map<string, Promise<Backend>>();

/** How the store client of a catalog file's store (base URL `{file}#store/`) reads the file: the `fetch` it is given. */
export function catalogFetch(baseUrl: string): FetchLike {
  const sparql = baseUrl.endsWith(SPARQL_STORE);
  const catalogUrl = baseUrl.slice(0, -(sparql ? SPARQL_STORE : FILE_STORE).length);
  const source: CatalogSource = sparql ? { sparql: catalogUrl } : { file: catalogUrl };
  return async (input) => {
    let backend = opened.get(baseUrl);
    if (!backend) opened.set(baseUrl, (backend = openBackend(source)));
    let b: Backend;
    try {
      b = await backend;
    } catch (e) {
      const error = storeError(e);
      if (opened.get(baseUrl) === backend) {
        opened.delete(baseUrl);
        // the blocks show "could not be read"; why (not RDF, a remote @context, too large, CORS …) is said here, once
        warnOnce(`[catalog-blocks] ${error.message}`);
      }
      throw error;
    }
    const a = await b.get(String(input instanceof Request ? input.url : input));
    return new Response(a.body, { status: a.status, headers: { 'Content-Type': 'application/json' } });
  };
}

/** The store error a failed file gives (the blocks' unreachable / malformed states; the reason is warned in catalogFetch). */
function storeError(e: unknown): Error {
  const f = e as Partial<CatalogFileFailure>;
  if (typeof f?.message === 'string' && f.kind === 'malformed') return new BadPayloadError(f.message);
  if (typeof f?.message === 'string' && f.kind === 'unreachable') return new NetworkError(f.message);
  return e instanceof Error ? e : new NetworkError(String(e));
}

async function openBackend(source: CatalogSource): Promise<Backend> {
  // in a page: the blocks' loading states say how far the file has come, until it is open (or failed)
  const page = (globalThis as unknown as { document?: ProgressDocument }).document;
  const catalogUrl = sourceUrl(source);
  const shown = page ? import('./progress-view.ts').then((m) => m.showCatalogProgress(catalogUrl, page), () => undefined) : undefined;
  try {
    return await openSource(source);
  } finally {
    void shown?.then((stop) => stop?.());
  }
}

async function openSource(source: CatalogSource): Promise<Backend> {
  try {
    return await workerBackend(source);
  } catch (e) {
    if (!(e instanceof NoWorker)) throw e;
  }
  const { answerJson, openCatalog } = await import('./open-catalog.ts');
  const get = await openCatalog(source, progress(source));
  return { get: async (url) => get(url).then((a) => ({ status: a.status, body: answerJson(a) })) };
}

/** Tells the page how far the file has come (`catalog-file-progress` on the document; blocks show it while loading). */
function progress(source: CatalogSource): (p: CatalogProgress) => void {
  const page = (globalThis as { document?: EventTarget }).document;
  const catalogUrl = sourceUrl(source);
  return (p) => page?.dispatchEvent(new CustomEvent('catalog-file-progress', { detail: { catalogUrl, ...p } }));
}

function workerBackend(source: CatalogSource): Promise<Backend> {
  return new Promise((resolve, reject) => {
    let worker: CatalogWorker;
    try {
      // `new Worker(new URL(…, import.meta.url))` as written: the bundler makes the worker's own files from it
      worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    } catch (e) {
      reject(new NoWorker(String(e)));
      return;
    }
    const pending = new Map<number, (a: Answer) => void>();
    let next = 0;
    let ready = false;
    const report = progress(source);
    const backend: Backend = {
      get: (url) =>
        new Promise((answer) => {
          const id = next++;
          pending.set(id, answer);
          worker.postMessage({ type: 'get', id, url } satisfies ToWorker);
        }),
    };
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') report(data);
      else if (data.type === 'ready') {
        ready = true;
        resolve(backend);
      } else if (data.type === 'failed') {
        worker.terminate();
        reject({ kind: data.kind, message: data.message } satisfies CatalogFileFailure);
      } else if (data.type === 'broken') {
        worker.terminate();
        reject(new NoWorker(data.message));
      } else {
        pending.get(data.id)?.(data);
        pending.delete(data.id);
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      if (!ready) reject(new NoWorker(e.message));
      else {
        // the worker died after opening the file: this read fails, the next opens the file again
        opened.delete(storeBase(source));
        for (const answer of pending.values()) answer({ status: 503, body: JSON.stringify({ error: `The catalog ${sourceUrl(source)} could not be searched: ${e.message}` }) });
        pending.clear();
      }
    };
    worker.postMessage({ type: 'open', source } satisfies ToWorker);
  });
}
