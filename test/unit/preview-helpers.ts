// Helpers of the preview unit tests: a fetch that serves bytes in pieces. (The upload fixtures of ../shared come from
// test/shared-fixtures.ts.)

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
