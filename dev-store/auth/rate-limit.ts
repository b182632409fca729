/**
 * Rate limits by key (a user name, a client address): `max` events for one key within `windowMs` lock that key for
 * `lockoutMs`; meanwhile `retryAfterS` says how long. Two limits are this one mechanism:
 *
 * - Login (SPEC Authentication rule 2; thresholds "not shown" there, chosen here after EntryStore's temporary lockout):
 *   5 failed logins for one user name or from one client address within 5 minutes lock that name / address for the
 *   lockout time (default 60 s); every attempt meanwhile — even with the right password — gets 429 with Retry-After.
 *   Attempts refused with 429 do not count as failures.
 * - Uploads (jobs/upload-limits.ts): `--max-uploads-per-minute` accepted uploads of one user within a minute lock
 *   that user's uploads for a minute.
 */
export interface WindowLimitOptions {
  /** Events within the window that lock the key. */
  max: number;
  windowMs: number;
  lockoutMs: number;
}

interface KeyState {
  events: number[];
  lockedUntil: number;
}

export class WindowLimiter {
  readonly #opts: WindowLimitOptions;
  readonly #state = new Map<string, KeyState>();
  readonly #now: () => number;

  constructor(opts: WindowLimitOptions, now: () => number = Date.now) {
    this.#opts = opts;
    this.#now = now;
  }

  /** Whole seconds until every key is unlocked (≥ 1), or undefined when none is locked. */
  retryAfterS(keys: readonly string[]): number | undefined {
    const now = this.#now();
    let until = 0;
    for (const k of keys) until = Math.max(until, this.#state.get(k)?.lockedUntil ?? 0);
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : undefined;
  }

  record(keys: readonly string[]): void {
    const now = this.#now();
    for (const k of keys) {
      const st = this.#state.get(k) ?? { events: [], lockedUntil: 0 };
      st.events = st.events.filter((t) => t > now - this.#opts.windowMs);
      st.events.push(now);
      if (st.events.length >= this.#opts.max) {
        st.lockedUntil = now + this.#opts.lockoutMs;
        st.events = [];
      }
      this.#state.set(k, st);
    }
  }

  /** Forgets the events of `key` unless it is locked right now. */
  protected clearUnlessLocked(key: string): void {
    const st = this.#state.get(key);
    if (st && st.lockedUntil <= this.#now()) this.#state.delete(key);
  }
}

export interface LoginLimitOptions {
  maxFailures?: number;
  windowMs?: number;
  lockoutMs: number;
}

export class LoginLimiter extends WindowLimiter {
  constructor(opts: LoginLimitOptions, now: () => number = Date.now) {
    super({ max: opts.maxFailures ?? 5, windowMs: opts.windowMs ?? 5 * 60_000, lockoutMs: opts.lockoutMs }, now);
  }

  recordFailure(keys: readonly string[]): void {
    this.record(keys);
  }

  /** A successful login clears the failures counted against that user name (not those of the address). */
  recordSuccess(userKey: string): void {
    this.clearUnlessLocked(userKey);
  }
}
