/**
 * Server-side sessions: random opaque tokens (256 bits, base64url), an expiry, a CSRF token per session.
 * Logout deletes the session, so the token is dead on the server at once (SPEC Authentication rule 3).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Account } from './accounts.ts';

export interface Session {
  readonly token: string;
  readonly account: Account;
  /** Sent back by browser clients that authenticate with the cookie (X-CSRF-Token). */
  readonly csrfToken: string;
  expiresAt: number;
  /** Legacy cookie sessions slide: every use moves the expiry this far ahead (EntryStore refresh-on-access). */
  readonly slideMs?: number;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time string comparison. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export class Sessions {
  readonly #byToken = new Map<string, Session>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  create(account: Account, lifetimeMs: number, opts: { sliding?: boolean } = {}): Session {
    this.#sweep();
    const session: Session = {
      token: randomToken(),
      account,
      csrfToken: randomToken(),
      expiresAt: this.#now() + lifetimeMs,
      ...(opts.sliding ? { slideMs: lifetimeMs } : {}),
    };
    this.#byToken.set(session.token, session);
    return session;
  }

  /** The live session of a token; undefined when unknown, logged out or expired (expired ones are dropped). */
  lookup(token: string | undefined): Session | undefined {
    if (!token) return undefined;
    const s = this.#byToken.get(token);
    if (!s) return undefined;
    const now = this.#now();
    if (s.expiresAt <= now) {
      this.#byToken.delete(token);
      return undefined;
    }
    if (s.slideMs !== undefined) s.expiresAt = now + s.slideMs;
    return s;
  }

  invalidate(token: string | undefined): void {
    if (token) this.#byToken.delete(token);
  }

  #sweep(): void {
    const now = this.#now();
    for (const [token, s] of this.#byToken) if (s.expiresAt <= now) this.#byToken.delete(token);
  }
}
