/** Last-Modified + strong ETag "<epoch ms>" (§3.5) and the 304 answer to If-None-Match / If-Modified-Since. */
import type { IncomingMessage } from 'node:http';

export function cacheHeaders(modified: Date): Record<string, string> {
  return { 'Last-Modified': modified.toUTCString(), ETag: `"${modified.getTime()}"` };
}

export function notModified(req: IncomingMessage, modified: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => t.trim() === '*' || t.trim() === `"${modified.getTime()}"`);
  const ims = req.headers['if-modified-since'];
  if (ims) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}
