/**
 * One GET against the store, with every failure turned into a typed StoreError: the blocks only need to know
 * "unreachable", "refused (status)", "not there", "garbled" or "you cancelled it".
 */
import { AbortError, BadPayloadError, HttpStatusError, NetworkError, NotFoundError, StoreError } from './errors.ts';

export type FetchLike = typeof fetch;

export interface GetJsonOptions {
  fetch: FetchLike;
  timeoutMs: number;
  /** Cancels the request; the promise then rejects with AbortError. */
  signal?: AbortSignal;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** EntryStore error bodies are `{"error": "…"}`; quote that in the status error when present. */
function errorDetail(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string') {
      return `: ${(parsed as { error: string }).error}`;
    }
  } catch {
    // not JSON: no detail
  }
  return '';
}

/**
 * GETs `url` as JSON (`Accept: application/json`, no cookies). 404 → NotFoundError, other non-2xx → HttpStatusError,
 * unreachable or slower than `timeoutMs` → NetworkError, body not JSON → BadPayloadError, `signal` fired → AbortError.
 */
export async function getJson(url: string, options: GetJsonOptions): Promise<unknown> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) throw new AbortError(`Request cancelled: ${url}`);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const failure = (e: unknown): Error => {
    // a store that is not HTTP (the file store, src/store/file/) fails with the error it means
    if (e instanceof StoreError) return e;
    if (signal?.aborted) return new AbortError(`Request cancelled: ${url}`, { cause: e });
    if (timedOut) return new NetworkError(`The store did not answer within ${timeoutMs / 1000} s: ${url}`, { cause: e });
    return new NetworkError(`The store could not be reached (${messageOf(e)}): ${url}`, { cause: e });
  };

  try {
    let response: Response;
    let body: string;
    try {
      // a GET (fetch's default method)
      response = await options.fetch(url, {
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        signal: controller.signal,
      });
      body = await response.text();
    } catch (e) {
      throw failure(e);
    }
    if (response.status === 404) throw new NotFoundError(`The store has nothing at ${url}${errorDetail(body)}`);
    if (!response.ok) {
      throw new HttpStatusError(response.status, url, `The store answered ${response.status} for ${url}${errorDetail(body)}`);
    }
    try {
      return JSON.parse(body) as unknown;
    } catch (e) {
      const start = body.trimStart().slice(0, 40);
      throw new BadPayloadError(`The store answered with invalid JSON for ${url} (${messageOf(e)}; starts with ${JSON.stringify(start)})`, { cause: e });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
