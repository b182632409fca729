/**
 * Single byte ranges on stored files, as a plain web server serves them (RFC 9110 §14): `Range: bytes=a-b`,
 * `bytes=a-` and `bytes=-n` give 206 with `Content-Range`; a range that starts past the end (or `bytes=-0`, or any
 * range of an empty file) gives 416 with `Content-Range: bytes *\/size`. Everything else is ignored and the whole file
 * is served (200): another unit, a malformed header, several ranges (a multipart/byteranges answer is allowed, not
 * required), or an `If-Range` validator that no longer matches the file.
 */
import type { IncomingMessage } from 'node:http';

export type RangeAnswer =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const FULL: RangeAnswer = { kind: 'full' };
const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/** How to answer the `Range` header `header` for a file of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const m = header === undefined ? null : SINGLE_RANGE.exec(header);
  if (!m) return FULL;
  const [, first = '', last = ''] = m;
  if (first === '') {
    if (last === '') return FULL;
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return FULL; // `bytes=5-2` is invalid syntax: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * The range to serve for `req` (GET or HEAD only), honouring `If-Range`: the range applies only while the client's
 * validator still names this version of the file (the strong ETag, or exactly its Last-Modified date).
 */
export function requestedRange(req: IncomingMessage, size: number, validators: { readonly etag: string; readonly lastModified: string }): RangeAnswer {
  if (req.method !== 'GET' && req.method !== 'HEAD') return FULL;
  const range = req.headers.range;
  if (range === undefined) return FULL;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ![validators.etag, validators.lastModified].includes(String(ifRange).trim())) return FULL;
  return parseRange(range, size);
}

/** The headers of a 206 (`Content-Range: bytes a-b/size`) or 416 (`bytes *\/size`) answer; always `Accept-Ranges`. */
export function rangeHeaders(answer: RangeAnswer, size: number): Record<string, string> {
  if (answer.kind === 'partial') {
    return { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes ${answer.start}-${answer.end}/${size}`, 'Content-Length': String(answer.end - answer.start + 1) };
  }
  if (answer.kind === 'unsatisfiable') return { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${size}` };
  return { 'Accept-Ranges': 'bytes', 'Content-Length': String(size) };
}
