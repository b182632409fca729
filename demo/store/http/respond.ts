/** Response helpers: pretty JSON (2-space, as EntryStore), JSONP (§5.4), errors `{"error": …}`, CORS (§5.3). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteContext } from './router.ts';

const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export function sendJson(ctx: Pick<RouteContext, 'res' | 'params'>, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body, null, 2);
  const callback = ctx.params.get('callback');
  // JSONP: only a plain JavaScript identifier path is accepted as callback name (no script injection).
  if (callback && CALLBACK_NAME.test(callback)) {
    ctx.res.writeHead(status, { ...headers, 'Content-Type': 'application/javascript; charset=utf-8' });
    ctx.res.end(`${callback}(${json});`);
    return;
  }
  ctx.res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  ctx.res.end(json);
}

export function sendError(ctx: Pick<RouteContext, 'res' | 'params'>, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(ctx, status, { error: message }, headers);
}

export function sendText(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': contentType });
  res.end(body);
}

export const EXPOSED_HEADERS = 'ETag, Last-Modified, Location, Content-Disposition, Digest';
export const ALLOWED_METHODS = 'HEAD, GET, PUT, POST, DELETE, OPTIONS';

/**
 * CORS open to any origin for reads: the Origin is echoed (EntryStore never answers `*` when an Origin is given),
 * Vary: Origin so caches keep origins apart. No Allow-Credentials: public reads go without cookies
 * (`credentials: 'omit'`); authenticated routes added later decide for themselves which origins may send them.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** OPTIONS preflight → 204 with methods and the requested headers allowed. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': typeof requested === 'string' && requested ? requested : 'Accept, Content-Type, X-Auth-Token',
    'Access-Control-Max-Age': '600',
    Allow: ALLOWED_METHODS,
  });
  res.end();
}
