/**
 * How the maps fetch a GetCapabilities document: no credentials, a timeout, a cap on the bytes read, the document's
 * own encoding. The element's load (its abort signal) comes from its LoadController; the own AbortController here
 * only joins that signal with the timeout for one request.
 */
import { CapabilitiesError, httpUrl, MAX_CAPABILITIES_CHARS, parseCapabilities, type WmsCapabilities } from '../../src/wms/capabilities.ts';

/**
 * Reads a response's text, refusing more than `max` bytes (checked on Content-Length and while streaming, so an
 * endless body stops at the cap). The encoding is the byte order mark's, else the Content-Type charset, else the
 * XML declaration's (older WMS servers answer ISO-8859-1), else UTF-8.
 */
export async function readCapped(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    if (buf.byteLength > max) return undefined;
    chunks.push(buf);
    size = buf.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return decodeXml(bytes, res.headers.get('content-type') ?? '');
}

function decodeXml(bytes: Uint8Array, contentType: string): string {
  let label = 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? /^<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  }
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export class MapLoadError extends Error {
  constructor(readonly problem: string) {
    super(`The capabilities could not be loaded (${problem}).`);
    this.name = 'MapLoadError';
  }
}

export interface CapabilitiesRequest {
  /** How to fetch (always called without credentials). */
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Aborts the request (the element went away or the URL changed). */
  readonly signal: AbortSignal;
  /** Give up after this long (ms). */
  readonly timeoutMs: number;
}

/**
 * Fetches and parses a GetCapabilities document. Throws `MapLoadError` with the problem (`no-url`, `http`,
 * `too-large`, `timeout`, `network`, or a `CapabilitiesError` problem); an abort by `signal` rethrows as is.
 */
export async function loadCapabilities(url: string, req: CapabilitiesRequest): Promise<WmsCapabilities> {
  const safe = httpUrl(url);
  if (!safe) throw new MapLoadError('no-url');
  const own = new AbortController();
  const onAbort = (): void => own.abort();
  req.signal.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    own.abort();
  }, req.timeoutMs);
  try {
    const res = await req.fetch(safe, {
      credentials: 'omit',
      signal: own.signal,
      headers: { Accept: 'application/vnd.ogc.wms_xml, text/xml, application/xml;q=0.9, */*;q=0.1' },
    });
    if (!res.ok) throw new MapLoadError('http');
    const text = await readCapped(res, MAX_CAPABILITIES_CHARS);
    if (text === undefined) throw new MapLoadError('too-large');
    return parseCapabilities(text, { url: safe });
  } catch (e) {
    if (timedOut) throw new MapLoadError('timeout');
    if (req.signal.aborted) throw e;
    if (e instanceof MapLoadError) throw e;
    throw new MapLoadError(e instanceof CapabilitiesError ? e.problem : 'network');
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', onAbort);
  }
}
