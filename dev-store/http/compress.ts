/**
 * Compression of text answers, as the web server in front of a real EntryStore does (nginx `gzip on`, Apache
 * mod_deflate): a JSON search answer of 75 KB travels as ~6 KB. gzip when the request's Accept-Encoding allows it
 * (a `q=0` refuses it), the body as is otherwise; `Vary: Accept-Encoding` either way, so caches keep both apart.
 * Small bodies stay uncompressed (as `gzip_min_length` does), and so do answers that serve byte ranges (stored
 * files: `Accept-Ranges`), whose offsets and sizes are those of the file.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** Below this many bytes a body goes as is: gzip's header and trailer would outweigh the saving. */
export const MIN_COMPRESSED_BYTES = 256;

/** Whether an Accept-Encoding header value accepts gzip (explicitly or through `*`) with a q-value above 0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const q = new Map<string, number>();
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith('q='));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  return (q.get('gzip') ?? q.get('x-gzip') ?? q.get('*') ?? 0) > 0;
}

/** Writes status, headers and `body`, gzipped when the request accepts it and the status carries a body. */
export function endWithBody(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  const vary = String(res.getHeader('Vary') ?? '');
  res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const compress = bytes.length >= MIN_COMPRESSED_BYTES && status !== 204 && status !== 304 && !headers['Accept-Ranges']
    && acceptsGzip(res.req?.headers['accept-encoding']);
  const out = compress ? gzipSync(bytes) : bytes;
  res.writeHead(status, { ...headers, ...(compress ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': String(out.length) });
  res.end(out);
}
