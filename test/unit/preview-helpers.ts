// Helpers of the preview unit tests: a fetch that serves bytes in pieces, and a whole read of a file up to a cap.
// (The upload fixtures of ../shared come from test/shared-fixtures.ts.)
import { PREVIEW_CAP_BYTES, SharedFile } from '../../src/preview/shared-file.ts';

/**
 * Reads `url` from its start up to `cap` through a file of its own (not the page's shared one), handing each piece to
 * `onBytes`: `truncated` when the file goes on past the cap.
 */
export async function readCapped(url: string, options: { cap?: number; fetch?: typeof globalThis.fetch; signal?: AbortSignal; onBytes: (b: Uint8Array) => void }): Promise<{ truncated: boolean; bytes: number }> {
  const cap = options.cap ?? PREVIEW_CAP_BYTES;
  const cursor = new SharedFile(url, options.fetch, cap).open(cap);
  cursor.want(cap + 1);
  try {
    for (;;) {
      const piece = await cursor.next(options.signal);
      if (!piece) return { truncated: cursor.truncated, bytes: cursor.position };
      options.onBytes(piece);
    }
  } finally {
    cursor.close();
  }
}

/** A `fetch` answering every URL with `body` in pieces of `piece` bytes; records the URLs and the request inits. */
export function piecewiseFetch(body: Uint8Array | string, piece = 4096, init: ResponseInit = {}) {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (input: RequestInfo | URL, reqInit?: RequestInit) => {
    calls.push({ url: String(input), init: reqInit });
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + piece));
        at += piece;
      },
    });
    return new Response(stream, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const latin1 = (text: string): Uint8Array => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
