/**
 * Fetches a file for the preview as a stream and stops at the cap (behaviour doc §6.5: 10 MiB): the request is
 * aborted as soon as more bytes arrive than the cap allows, so a 500 MB file costs at most the cap (plus one network
 * chunk in flight). The bytes up to the cap are still handed over, so the rows read so far can be shown.
 */

/** 10 MiB: the most a preview downloads. */
export const PREVIEW_CAP_BYTES = 10 * 1024 * 1024;

export class PreviewHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'PreviewHttpError';
  }
}

export interface CappedFetchOptions {
  readonly cap?: number;
  readonly signal?: AbortSignal;
  readonly fetch?: typeof globalThis.fetch;
  /** Each piece of the body as it arrives (never beyond the cap). */
  readonly onBytes: (bytes: Uint8Array) => void;
}

export interface CappedFetchResult {
  /** The body went over the cap: the request was aborted after `bytes` bytes. */
  readonly truncated: boolean;
  readonly bytes: number;
  readonly contentType: string | undefined;
}

/**
 * GETs `url` without credentials and streams its body to `onBytes`. Rejects on an HTTP error status
 * (`PreviewHttpError`), a network or CORS failure (the fetch's TypeError) and an abort by `signal`.
 *
 * The request asks for the first cap bytes only (`Range: bytes=0-<cap - 1>`, a CORS-safelisted header: no
 * preflight), so a server that serves ranges sends no more than the cap, while the abort stops one that does not (a
 * server and the network buffers can push several MiB before an abort reaches it). A 206 answer is the whole file
 * unless its `Content-Range` total is larger or, when that total cannot be read (not exposed by CORS), the answer fills
 * the cap; a 416 answer means the file is empty. Should the ranged request fail as a network error (a browser that
 * would preflight it), it is sent once more without the header.
 */
export async function fetchCapped(url: string, options: CappedFetchOptions): Promise<CappedFetchResult> {
  const cap = options.cap ?? PREVIEW_CAP_BYTES;
  const own = new AbortController();
  const outer = options.signal;
  const onOuterAbort = (): void => own.abort(outer?.reason);
  if (outer?.aborted) own.abort(outer.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    own.signal.throwIfAborted();
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const get = (ranged: boolean) => doFetch(url, {
      credentials: 'omit', mode: 'cors', signal: own.signal, ...(ranged ? { headers: { Range: `bytes=0-${cap - 1}` } } : {}),
    });
    let response: Response;
    try {
      response = await get(true);
    } catch (e) {
      if (own.signal.aborted || !(e instanceof TypeError)) throw e;
      response = await get(false);
    }
    if (response.status === 416) {
      void response.body?.cancel().catch(() => undefined);
      return { truncated: false, bytes: 0, contentType: undefined };
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      throw new PreviewHttpError(response.status);
    }
    const contentType = response.headers.get('content-type') ?? undefined;
    if (!response.body) {
      const buf = new Uint8Array(await response.arrayBuffer());
      const kept = buf.length > cap ? buf.subarray(0, cap) : buf;
      if (kept.length) options.onBytes(kept);
      return { truncated: buf.length > cap || rangeCutShort(response, kept.length, cap), bytes: kept.length, contentType };
    }
    const reader = response.body.getReader();
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { truncated: rangeCutShort(response, total, cap), bytes: total, contentType };
      if (total + value.length > cap) {
        const rest = cap - total;
        // Over the cap: stop the download itself (not only the reading), then hand over what fits.
        own.abort(new DOMException('The preview cap was reached', 'AbortError'));
        void reader.cancel().catch(() => undefined);
        if (rest > 0) options.onBytes(value.subarray(0, rest));
        total += Math.max(0, rest);
        return { truncated: true, bytes: total, contentType };
      }
      total += value.length;
      if (value.length) options.onBytes(value);
      // The caller (or onBytes: "not tabular") may have stopped the download; a fetch that ignores it stops here.
      if (own.signal.aborted) {
        void reader.cancel().catch(() => undefined);
        own.signal.throwIfAborted();
      }
    }
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * A 206 answer of `received` bytes holds less than the file: its `Content-Range: bytes 0-9/1234` total says so
 * (readable same-origin or when exposed), or, with no readable total, it filled the whole cap.
 */
function rangeCutShort(response: Response, received: number, cap: number): boolean {
  if (response.status !== 206) return false;
  const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1];
  return total ? Number(total) > received : received >= cap;
}
