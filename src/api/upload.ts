/**
 * Sends one file as `multipart/form-data` with the single field `file`, the way each runtime does it best:
 * - Node (also Deno, Bun): the body is built by hand as a ReadableStream (`duplex: 'half'`) of head + file
 *   stream + tail with an exact Content-Length, counting bytes for `onUploadProgress`; a disk-backed Blob
 *   (`fileFromPath`) is streamed from disk, never held in memory;
 * - browsers: XMLHttpRequest when `onUploadProgress` is wanted (fetch reports no upload progress there), else
 *   FormData through fetch (also with an injected fetch; progress is then reported once, when the answer is in).
 */
import { NetworkError } from '../store/errors.ts';
import { abortError, fetchText, type FetchLike, type RawResponse } from './http.ts';
import type { UploadOptions, UploadSource } from './types.ts';

/** fetch's `credentials` (named here: this module is type-checked without the DOM library too). */
export type Credentials = 'omit' | 'same-origin' | 'include';

export interface UploadRequest {
  url: string;
  /** Extra request headers (auth, CSRF, cookie). */
  headers: Record<string, string>;
  credentials: Credentials;
  source: UploadSource;
  options: UploadOptions;
  fetch: FetchLike;
  /** true when the caller injected its own fetch: then never switch to XMLHttpRequest. */
  customFetch: boolean;
}

const encoder = new TextEncoder();
/** Largest piece handed to the transport at once (progress granularity for in-memory files). */
const SLICE_BYTES = 64 * 1024;

function isBlob(source: UploadSource): source is Blob {
  return typeof Blob !== 'undefined' && source instanceof Blob;
}

/** Filename to send: the option, else the File's / stream source's name. */
export function uploadFilename(source: UploadSource, options: UploadOptions): string {
  const name = options.filename ?? (source as { name?: unknown }).name;
  if (typeof name !== 'string' || name === '') {
    throw new TypeError('An upload needs a filename: pass a File, a source with a name, or options.filename');
  }
  return name;
}

function sourceSize(source: UploadSource): number {
  return source.size;
}

function sourceType(source: UploadSource): string {
  return (source.type || 'application/octet-stream').replace(/[\r\n"]/g, '');
}

/** Quoted-string value for Content-Disposition as browsers write it (HTML spec: ", CR, LF percent-encoded). */
function dispositionValue(s: string): string {
  return s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function randomBoundary(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `----catalog-blocks-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Head and tail around the file bytes; total = head + size + tail (the Content-Length). */
export function multipartFrame(filename: string, type: string, size: number, boundary = randomBoundary()) {
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${dispositionValue(filename)}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  return { boundary, head, tail, contentType: `multipart/form-data; boundary=${boundary}`, total: head.length + size + tail.length };
}

/** head, the file's chunks, tail — reporting the running count after each chunk is handed on. */
export function countingMultipartStream(
  head: Uint8Array,
  file: ReadableStream<Uint8Array>,
  tail: Uint8Array,
  total: number,
  onProgress?: (sent: number, total: number) => void,
): ReadableStream<Uint8Array> {
  const reader = file.getReader();
  let sent = 0;
  let phase: 'head' | 'file' | 'done' = 'head';
  // An in-memory Blob streams as one huge chunk: hand it on in slices so progress moves (and memory stays flat).
  let pending: Uint8Array | undefined;
  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, chunk: Uint8Array): void => {
    controller.enqueue(chunk);
    sent += chunk.byteLength;
    onProgress?.(sent, total);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (phase === 'head') {
        phase = 'file';
        emit(controller, head);
        return;
      }
      if (phase === 'file') {
        if (!pending || pending.byteLength === 0) {
          const { done, value } = await reader.read();
          pending = done ? undefined : value;
          if (done) {
            // fall through to the tail
          } else if (value.byteLength === 0) {
            return;
          }
        }
        if (pending) {
          const slice = pending.subarray(0, SLICE_BYTES);
          pending = pending.subarray(slice.byteLength);
          if (sent + slice.byteLength + tail.byteLength > total) {
            controller.error(new Error(`The file has more bytes than the ${total - head.byteLength - tail.byteLength} announced`));
            await reader.cancel();
            return;
          }
          emit(controller, slice);
          return;
        }
        phase = 'done';
        if (sent + tail.byteLength !== total) {
          controller.error(new Error(`The file had ${sent - head.byteLength} bytes, not the ${total - head.byteLength - tail.byteLength} announced`));
          return;
        }
        emit(controller, tail);
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function fileStream(source: UploadSource): ReadableStream<Uint8Array> {
  return isBlob(source) ? (source.stream() as ReadableStream<Uint8Array>) : source.stream;
}

async function asBlob(source: UploadSource): Promise<Blob> {
  if (isBlob(source)) return source;
  // Browsers only: a stream source is collected (fetch cannot stream request bodies everywhere).
  const blob = await new Response(source.stream).blob();
  return source.type ? new Blob([blob], { type: source.type }) : blob;
}

async function sendStreamed(req: UploadRequest, filename: string): Promise<RawResponse> {
  const { source, options } = req;
  const frame = multipartFrame(filename, sourceType(source), sourceSize(source));
  const body = countingMultipartStream(frame.head, fileStream(source), frame.tail, frame.total, options.onUploadProgress);
  return fetchText(req.fetch, req.url, {
    method: 'POST',
    headers: { ...req.headers, 'Content-Type': frame.contentType, 'Content-Length': String(frame.total), Accept: 'application/json' },
    body,
    credentials: req.credentials,
    signal: options.signal ?? null,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
}

async function sendFormData(req: UploadRequest, filename: string): Promise<RawResponse> {
  const form = new FormData();
  const blob = await asBlob(req.source);
  form.append('file', blob, filename);
  const res = await fetchText(req.fetch, req.url, {
    method: 'POST',
    headers: { ...req.headers, Accept: 'application/json' },
    body: form,
    credentials: req.credentials,
    signal: req.options.signal ?? null,
  });
  // Progress cannot be observed here: report the end, so progress bars still complete.
  req.options.onUploadProgress?.(blob.size, blob.size);
  return res;
}

/** The part of a browser's XMLHttpRequest an upload with progress uses (Node has none: see `xhrConstructor`). */
interface UploadXhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  withCredentials: boolean;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  abort(): void;
  send(body: FormData): void;
  readonly status: number;
  readonly responseText: string;
  getResponseHeader(name: string): string | null;
}

/** The page's XMLHttpRequest, when there is one (browsers and service workers have it, Node does not). */
function xhrConstructor(): (new () => UploadXhr) | undefined {
  const ctor = (globalThis as { XMLHttpRequest?: new () => UploadXhr }).XMLHttpRequest;
  return typeof ctor === 'function' ? ctor : undefined;
}

async function sendXhr(req: UploadRequest, filename: string, Xhr: new () => UploadXhr): Promise<RawResponse> {
  const { url, options } = req;
  const form = new FormData();
  form.append('file', await asBlob(req.source), filename);
  const signal = options.signal;
  if (signal?.aborted) throw abortError(url);
  return new Promise<RawResponse>((resolve, reject) => {
    const xhr = new Xhr();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries({ ...req.headers, Accept: 'application/json' })) xhr.setRequestHeader(k, v);
    xhr.withCredentials = req.credentials === 'include';
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onUploadProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        url,
        text: xhr.responseText,
        header: (name) => xhr.getResponseHeader(name),
        setCookies: () => [],
      });
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError(`The API could not be reached: ${url}`));
    };
    xhr.onabort = () => {
      done();
      reject(abortError(url));
    };
    xhr.send(form);
  });
}

/** Node, Deno and Bun stream request bodies over HTTP/1.1; browsers (also service workers) do not reliably. */
function streamsRequestBodies(): boolean {
  const g = globalThis as { process?: { versions?: { node?: string } }; Deno?: unknown; Bun?: unknown };
  return Boolean(g.process?.versions?.node || g.Deno || g.Bun);
}

/** POSTs the file; the answer is returned whatever its status (the caller maps statuses). */
export function sendUpload(req: UploadRequest): Promise<RawResponse> {
  const filename = uploadFilename(req.source, req.options);
  const Xhr = xhrConstructor();
  if (!Xhr && streamsRequestBodies()) return sendStreamed(req, filename);
  if (Xhr && req.options.onUploadProgress && !req.customFetch) return sendXhr(req, filename, Xhr);
  return sendFormData(req, filename);
}
