/**
 * Headers of every answer that carries stored or user-supplied content (uploaded files, the RowStore /html view),
 * so that nothing served from the store's origin (which also serves `/api` and its cookie session) can ever run
 * script there (issue 8 point 2):
 *
 * - `X-Content-Type-Options: nosniff`: browsers take the declared type, never sniff HTML out of CSV or text.
 * - `Content-Security-Policy: sandbox; default-src 'none'`: a document made from the answer (opened directly, in a
 *   frame, object or embed) is sandboxed: no script, no forms, no plugins, an opaque origin without the store's
 *   cookies, and it may load nothing. `fetch` readers (the data preview, CORS) are not affected by either header.
 * - `Content-Disposition`: `inline` only for types on a small safe list (data and images that cannot carry script:
 *   CSV, TSV, plain text, JSON, PDF, archives, raster images); everything else, in particular HTML, XHTML, SVG, XML,
 *   JavaScript and unknown types, is `attachment` (a download, never rendered). `?download` always gives attachment.
 */
const SAFE_INLINE_TYPES: ReadonlySet<string> = new Set([
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/json',
  'application/geo+json',
  'application/ld+json',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/tiff',
]);

/** The sandbox policy of stored content (no `allow-*` token: no script, no same origin). */
export const STORED_CONTENT_CSP = "sandbox; default-src 'none'";

/** The media type without parameters, lower case (`Text/CSV; charset=utf-8` → `text/csv`). */
export function mediaTypeEssence(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

export function inlineIsSafe(type: string): boolean {
  return SAFE_INLINE_TYPES.has(mediaTypeEssence(type));
}

/** nosniff + the sandbox CSP: for any answer whose body is stored or user-supplied content. */
export function storedContentHeaders(): Record<string, string> {
  return { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': STORED_CONTENT_CSP };
}

/** `inline` or `attachment` with an ASCII `filename` and the exact UTF-8 `filename*` (RFC 6266 / RFC 8187). */
export function contentDisposition(type: string, filename: string, downloadRequested: boolean): string {
  const disposition = !downloadRequested && inlineIsSafe(type) ? 'inline' : 'attachment';
  const ascii = filename.replace(/["\\\r\n]/g, '_').replace(/[^\x20-\x7e]/g, '_');
  const utf8 = encodeURIComponent(filename).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
