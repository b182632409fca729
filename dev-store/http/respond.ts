/** Response helpers: pretty JSON (2-space, as EntryStore), JSONP (§5.4), errors `{"error": …}`, CORS (§5.3); bodies gzipped when accepted (compress.ts). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsOrigins } from './cors.ts';
import type { RouteContext } from './router.ts';
import { endWithBody } from './compress.ts';

const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export function sendJson(ctx: Pick<RouteContext, 'res' | 'params'>, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body, null, 2);
  const callback = ctx.params.get('callback');
  // JSONP: only a plain JavaScript identifier path is accepted as callback name (no script injection).
  if (callback && CALLBACK_NAME.test(callback)) {
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

/** Paths where browsers may send credentials (the `auth_token` cookie of `/api/auth/login`). */
export function credentialedPath(rawUrl: string | undefined): boolean {
  const url = rawUrl ?? '/';
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * CORS for reads stays open to any origin: the Origin is echoed (EntryStore never answers `*` when an Origin is given),
 * Vary: Origin so caches keep origins apart, no Allow-Credentials (public reads go with `credentials: 'omit'`).
 * `/api` answers CORS only to the origins the store was started with (`--cors-origin`, as `entrystore.cors.origins`),
 * then with Allow-Credentials (the upload block runs cross-origin); any other origin is processed without CORS headers
 * (EntryStore §5.3), so a foreign page can neither read an answer nor send the cookie session along.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: CorsOrigins): void {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (!origin) return;
  const credentialed = credentialedPath(req.url);
  if (credentialed && !allowed.allows(origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (credentialed) res.setHeader('Access-Control-Allow-Credentials', 'true');
}

/**
 * OPTIONS preflight → 204 with methods and the requested headers allowed (on /api also the job API headers); on /api
 * for an origin not on the list, a bare 204 without CORS headers (EntryStore: "disallowed origin → 2xx without CORS").
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, allowed: CorsOrigins): void {
  if (credentialedPath(req.url) && !allowed.allows(req.headers.origin)) {
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
