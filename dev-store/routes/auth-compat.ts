/**
 * EntryStore's own session routes under `{store}` (entrystore-api.md §5.2), so that entrystore.js's
 * `getAuth().getUserInfo()`, `login()` and `logout()` work against the dev store: `GET {store}auth/user` and
 * `GET|POST {store}auth/logout` (entrystore.js ≥ 4.17 posts and falls back to GET on 404/405; older versions GET).
 * The login itself is the legacy cookie login `POST {store}auth/cookie` (routes/taskrunner.ts).
 *
 * Only the `auth_token` cookie counts here, as in EntryStore (X-Auth-Token is the current API's header). Answers
 * depend on credentials, so they are never JSONP (EntryStore would wrap them; a foreign page could then read who
 * is logged in) and carry `Cache-Control: no-store`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreApp } from '../app.ts';
import { rx } from '../app.ts';
import type { AuthService, Session } from '../auth/index.ts';
import { COOKIE_NAME, cookieValues } from '../auth/index.ts';
import { parseAccept } from '../http/negotiate.ts';
import type { RouteContext } from '../http/router.ts';
import { drainRequest } from '../http/multipart.ts';
import { sendApiJson } from '../http/respond.ts';

/** EntryStore's guest principal. */
export const GUEST_USER_INFO = { user: 'guest', id: '_guest' } as const;

/** `Accept-Language` as EntryStore's `clientAcceptLanguage`: language → quality (absent header → {}). */
export function clientAcceptLanguage(header: string | undefined): Record<string, number> {
  // Accept-Language has Accept's shape (`tag;q=0.8, …`): the same parser, language tags only, the first q of each
  const out: Record<string, number> = {};
  for (const { type, q } of parseAccept(header)) if (/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(type) && !(type in out)) out[type] = q;
  return out;
}

/** EntryStore writes `authTokenExpires` as a local date-time without zone (Java LocalDateTime). */
function localDateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/**
 * A stable principal id per account: its position in the store's account list (EntryStore ids are entry ids of the
 * `_principals` context; the dev store has no principal entries, so `uri` does not resolve).
 */
function principalId(auth: AuthService, session: Session): string {
  const i = auth.accounts.all().findIndex((a) => a.name === session.account.name);
  return String(i + 1);
}

type CookieAuth = { kind: 'guest' } | { kind: 'user'; session: Session } | { kind: 'stale' };

function cookieAuth(auth: AuthService, req: IncomingMessage): CookieAuth {
  const tokens = cookieValues(req.headers.cookie, COOKIE_NAME);
  if (tokens.length === 0) return { kind: 'guest' };
  const session = auth.authenticateLegacy(req);
  return session ? { kind: 'user', session } : { kind: 'stale' };
}

function clearingCookie(app: StoreApp): string {
  return `${COOKIE_NAME}=; Max-Age=0; SameSite=None; HttpOnly; Secure; Path=${app.storePath}`;
}

export function addAuthCompatRoutes(app: StoreApp, auth: AuthService): void {
  const base = rx(app.storePath);

  app.router.add(['GET'], new RegExp(`^${base}auth/user$`), ({ req, res }: RouteContext) => {
    const who = cookieAuth(auth, req);
    // EntryStore: an unknown or expired token is 401 with a clearing cookie (the next request is a guest's).
    if (who.kind === 'stale') return sendApiJson(res, 401, { error: 'Not authorized' }, { 'Set-Cookie': clearingCookie(app) });
    const languages = clientAcceptLanguage(req.headers['accept-language']);
    if (who.kind === 'guest') {
      return sendApiJson(res, 200, { ...GUEST_USER_INFO, uri: `${app.baseUrl}_principals/entry/_guest`, clientAcceptLanguage: languages });
    }
    const id = principalId(auth, who.session);
    sendApiJson(res, 200, {
      user: who.session.account.name,
      id,
      uri: `${app.baseUrl}_principals/entry/${id}`,
      clientAcceptLanguage: languages,
      authTokenExpires: localDateTime(who.session.expiresAt),
    });
  });

  const logout = ({ req, res }: RouteContext): void => {
    // Every auth_token the request carries is removed (EntryStore removes the token(s)); idempotent.
    for (const token of cookieValues(req.headers.cookie, COOKIE_NAME)) auth.sessions.invalidate(token);
    drainRequest(req);
    const html = parseAccept(req.headers.accept).some((a) => a.type === 'text/html');
    writeLogout(res, clearingCookie(app), html);
  };
  app.router.add(['GET', 'POST'], new RegExp(`^${base}auth/logout$`), logout);
}

/** 200: empty, or EntryStore's small HTML page for clients that ask for HTML. */
function writeLogout(res: ServerResponse, cookie: string, html: boolean): void {
  res.writeHead(200, { 'Set-Cookie': cookie, 'Cache-Control': 'no-store', ...(html ? { 'Content-Type': 'text/html; charset=utf-8' } : {}) });
  res.end(html ? 'Logout successful.' : undefined);
}
