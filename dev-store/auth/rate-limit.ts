/**
 * Login rate limit (SPEC Authentication rule 2; thresholds "not shown" there, chosen here after EntryStore's
 * temporary lockout): 5 failed logins for one user name or from one client address within 5 minutes lock that
 * name / address for the lockout time (default 60 s); every attempt meanwhile — even with the right password —
 * gets 429 with Retry-After. Attempts refused with 429 do not count as failures.
 */
export interface LoginLimitOptions {
  maxFailures?: number;
  windowMs?: number;
  lockoutMs: number;
}

interface KeyState {
  failures: number[];
  lockedUntil: number;
}

export class LoginLimiter {
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #lockoutMs: number;
  readonly #state = new Map<string, KeyState>();
  readonly #now: () => number;

  constructor(opts: LoginLimitOptions, now: () => number = Date.now) {
    this.#maxFailures = opts.maxFailures ?? 5;
    this.#windowMs = opts.windowMs ?? 5 * 60_000;
    this.#lockoutMs = opts.lockoutMs;
    this.#now = now;
  }

  /** Whole seconds until every key is unlocked (≥ 1), or undefined when none is locked. */
  retryAfterS(keys: readonly string[]): number | undefined {
    const now = this.#now();
    let until = 0;
    for (const k of keys) until = Math.max(until, this.#state.get(k)?.lockedUntil ?? 0);
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : undefined;
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.#now();
    for (const k of keys) {
      const st = this.#state.get(k) ?? { failures: [], lockedUntil: 0 };
      st.failures = st.failures.filter((t) => t > now - this.#windowMs);
      st.failures.push(now);
      if (st.failures.length >= this.#maxFailures) {
        st.lockedUntil = now + this.#lockoutMs;
        st.failures = [];
      }
      this.#state.set(k, st);
    }
  }

  /** A successful login clears the failures counted against that user name (not those of the address). */
  recordSuccess(userKey: string): void {
    const st = this.#state.get(userKey);
    if (st && st.lockedUntil <= this.#now()) this.#state.delete(userKey);
  }
}
