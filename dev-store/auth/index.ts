/**
 * Authentication of the dev store's job APIs: accounts, sessions, the login rate limit and the CSRF rule.
 *
 * Current API (/api): the token comes from the `X-Auth-Token` header, else from the `auth_token` cookie set by
 * `/api/auth/login`. When the header is present only the header counts (a stale header never falls back to the
 * cookie — otherwise a cross-site request could add a junk header and ride on the cookie). Cookie-authenticated
 * requests other than GET/HEAD must carry `X-CSRF-Token` = the session's csrf_token: the browser attaches the
 * cookie to any request, but only a page that saw the login answer knows the CSRF token.
 * Legacy API (/taskrunner/v1): only the `auth_token` value of the Cookie header counts.
 */
import type { IncomingMessage } from 'node:http';
import { Accounts } from './accounts.ts';
import type { AccountSpec } from './accounts.ts';
import { LoginLimiter } from './rate-limit.ts';
import { sameSecret, Sessions } from './sessions.ts';
import type { Session } from './sessions.ts';

export { Account, Accounts, DEMO_ACCOUNT, parseUserOption } from './accounts.ts';
export type { AccountSpec } from './accounts.ts';
export type { Session } from './sessions.ts';

/** Longest session a client may ask for with max_age_seconds (longer requests are clamped). */
export const MAX_SESSION_MS = 30 * 24 * 3600 * 1000;
export const CSRF_HEADER = 'x-csrf-token';
export const TOKEN_HEADER = 'x-auth-token';
export const COOKIE_NAME = 'auth_token';

export interface AuthOptions {
  users?: readonly AccountSpec[];
  /** Default session lifetime (--session-s). */
  sessionMs: number;
  /** Lockout after too many failed logins (--login-lockout-s). */
  loginLockoutMs: number;
  now?: () => number;
}

export type LoginOutcome = { kind: 'ok'; session: Session } | { kind: 'wrong' } | { kind: 'locked'; retryAfterS: number };

export interface ApiAuth {
  readonly session: Session | undefined;
  /** Where the presented token came from ('none': no token at all). */
  readonly via: 'header' | 'cookie' | 'none';
}

/** Every value of cookie `name` in a Cookie header (other cookies and stray attributes such as `Path=` are ignored). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let v = part.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
    if (v) out.push(v);
  }
  return out;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined ? undefined : s.trim();
}

export class AuthService {
  readonly accounts: Accounts;
  readonly sessions: Sessions;
  readonly limiter: LoginLimiter;
  readonly sessionMs: number;

  constructor(opts: AuthOptions) {
    this.accounts = new Accounts(opts.users ?? []);
    this.sessions = new Sessions(opts.now);
    this.limiter = new LoginLimiter({ lockoutMs: opts.loginLockoutMs }, opts.now);
    this.sessionMs = opts.sessionMs;
  }

  /**
   * Checks the rate limit first (a locked name or address gets 429 even with the right password), then the
   * credentials. `maxAgeMs` asks for a lifetime other than the default; it is clamped to MAX_SESSION_MS.
   */
  login(username: string, password: string, clientAddress: string, opts: { maxAgeMs?: number; sliding?: boolean } = {}): LoginOutcome {
    const userKey = `user:${username.toLowerCase()}`;
    const keys = [userKey, `addr:${clientAddress}`];
    const retryAfterS = this.limiter.retryAfterS(keys);
    if (retryAfterS !== undefined) return { kind: 'locked', retryAfterS };
    const account = this.accounts.verify(username, password);
    if (!account) {
      this.limiter.recordFailure(keys);
      return { kind: 'wrong' };
    }
    this.limiter.recordSuccess(userKey);
    const lifetime = Math.min(opts.maxAgeMs ?? this.sessionMs, MAX_SESSION_MS);
    return { kind: 'ok', session: this.sessions.create(account, lifetime, { sliding: opts.sliding ?? false }) };
  }

  /** Current API: X-Auth-Token header, else the auth_token cookie. */
  authenticateApi(req: IncomingMessage): ApiAuth {
    const header = headerValue(req, TOKEN_HEADER);
    if (header !== undefined) return { session: this.sessions.lookup(header), via: 'header' };
    const cookies = cookieValues(headerValue(req, 'cookie'), COOKIE_NAME);
    if (cookies.length === 0) return { session: undefined, via: 'none' };
    for (const token of cookies) {
      const session = this.sessions.lookup(token);
      if (session) return { session, via: 'cookie' };
    }
    return { session: undefined, via: 'cookie' };
  }

  /** The token a request presents to the current API (for logout), whether live or not. */
  presentedApiToken(req: IncomingMessage): string | undefined {
    return headerValue(req, TOKEN_HEADER) ?? cookieValues(headerValue(req, 'cookie'), COOKIE_NAME)[0];
  }

  /** CSRF rule: only cookie-authenticated unsafe requests need the header, and it must equal the session's token. */
  csrfOk(req: IncomingMessage, auth: ApiAuth): boolean {
    if (auth.via !== 'cookie' || !auth.session) return true;
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'GET' || method === 'HEAD') return true;
    const presented = headerValue(req, CSRF_HEADER);
    return presented !== undefined && sameSecret(presented, auth.session.csrfToken);
  }

  /** Legacy API: the auth_token value(s) of the Cookie header only. */
  authenticateLegacy(req: IncomingMessage): Session | undefined {
    for (const token of cookieValues(headerValue(req, 'cookie'), COOKIE_NAME)) {
      const session = this.sessions.lookup(token);
      if (session) return session;
    }
    return undefined;
  }
}
