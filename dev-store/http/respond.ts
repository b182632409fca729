/** Response helpers: pretty JSON (2-space, as EntryStore), JSONP (§5.4), errors `{"error": …}`, CORS (§5.3); bodies gzipped when accepted (compress.ts). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsOrigins } from './cors.ts';
import type { RouteContext } from './router.ts';
import { endWithBody } from './compress.ts';

const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export function sendJson(ctx: Pick<RouteContext, 'res' | 'params'>, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body, null, 2);
  const callback = ctx.params.get('callback');
  // JSONP, GET only (rest/filter/JSCallbackFilter.java l. 51 @ c483f900, on by default as `entrystore.jsonp`); only
  // a plain JavaScript identifier path is accepted as callback name (no script injection; EntryStore echoes any).
  if (callback && CALLBACK_NAME.test(callback) && ctx.res.req?.method === 'GET') {
    endWithBody(ctx.res, status, { ...headers, 'Content-Type': 'application/javascript; charset=utf-8' }, `${callback}(${json});`);
    return;
  }
  endWithBody(ctx.res, status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, json);
}

/**
 * A job API answer (`/api`, `taskrunner/v1`): plain JSON, never JSONP and never cached (these answers depend on
 * credentials). `body` already JSON text is sent as is (job ids written as exact integers, see jsonWithJobId).
 */
export function sendApiJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

export function sendError(ctx: Pick<RouteContext, 'res' | 'params'>, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(ctx, status, { error: message }, headers);
}

export function sendText(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  endWithBody(res, status, { ...headers, 'Content-Type': contentType }, body);
}

/** Content-Range and Accept-Ranges: a cross-origin reader of a ranged file answer (the data preview) learns the file's size. */
export const EXPOSED_HEADERS = 'ETag, Last-Modified, Location, Content-Disposition, Digest, Retry-After, Content-Range, Accept-Ranges';
export const ALLOWED_METHODS = 'HEAD, GET, PUT, POST, DELETE, OPTIONS';
/** Request headers the job APIs need from browsers (token, CSRF header, JSON/multipart bodies). */
export const JOB_API_HEADERS = ['X-Auth-Token', 'X-CSRF-Token', 'Content-Type'];

/**
 * The offline WMS (`/wms`) is no part of EntryStore: like a public map server it answers CORS to any origin (maps on
 * any page read its capabilities), without credentials.
 */
export function openPath(rawUrl: string | undefined): boolean {
  const url = rawUrl ?? '/';
  return url === '/wms' || url.startsWith('/wms?') || url.startsWith('/wms/');
}

/** Paths where browsers may send credentials (the `auth_token` cookie of `/api/auth/login`). */
export function credentialedPath(rawUrl: string | undefined): boolean {
  const url = rawUrl ?? '/';
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * CORS as a default EntryStore (entrystore-api.md §5.3): off unless the store was started with origins (`--cors-origin`,
 * as `entrystore.cors=on` + `entrystore.cors.origins`; EntryStoreApplication.java l. 432–438 @ c483f900 puts the CORS
 * filter in only when `entrystore.cors` is on, default off). An allowed origin is echoed (never `*`); reads go
 * without Allow-Credentials (public reads use `credentials: 'omit'`), `/api` with it (the upload block runs
 * cross-origin). Any other origin is processed without CORS headers, so its page cannot read the answer — it reads
 * the store through JSONP instead (`callback=`, on by default, sendJson above). Vary: Origin so caches keep origins apart.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: CorsOrigins): void {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (!origin || !(allowed.allows(origin) || openPath(req.url))) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (credentialedPath(req.url)) res.setHeader('Access-Control-Allow-Credentials', 'true');
}

/**
 * OPTIONS preflight → 204 with methods and the requested headers allowed (on /api also the job API headers); for an
 * origin not on the list, a bare 204 without CORS headers (EntryStore: "disallowed origin → 2xx without CORS").
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, allowed: CorsOrigins): void {
  if (!allowed.allows(req.headers.origin) && !openPath(req.url)) {
    res.writeHead(204, { Allow: ALLOWED_METHODS });
    res.end();
    return;
  }
  const requested = req.headers['access-control-request-headers'];
  const asked = typeof requested === 'string' && requested ? requested : '';
  let allowHeaders = asked || 'Accept, Content-Type, X-Auth-Token, X-CSRF-Token';
  if (credentialedPath(req.url)) {
    const have = new Set(asked.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));
    const missing = JOB_API_HEADERS.filter((h) => !have.has(h.toLowerCase()));
    allowHeaders = [asked, ...missing].filter(Boolean).join(', ');
  }
  res.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': allowHeaders,
    'Access-Control-Max-Age': '600',
    Allow: ALLOWED_METHODS,
  });
  res.end();
}
