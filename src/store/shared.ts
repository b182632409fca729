/**
 * Sharing one request between several callers while each keeps its own AbortSignal: a caller that gives up gets
 * AbortError at once, the others still get the answer, and the request itself is only cancelled when nobody waits.
 */
import { AbortError } from './errors.ts';

/**
 * Waits for `promise` unless `signal` fires first (then AbortError with `message`, and `onAbort` runs); the promise
 * keeps running either way.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, message: string, onAbort?: () => void): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {}); // its outcome no longer matters to anyone here
    return Promise.reject(new AbortError(message));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      reject(new AbortError(message));
      onAbort?.();
    };
    signal.addEventListener('abort', abort, { once: true });
    const settle = <V>(done: (v: V) => void) => (v: V) => {
      signal.removeEventListener('abort', abort);
      done(v);
    };
    promise.then(settle(resolve), settle(reject));
  });
}

interface Shared {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  /** Callers still interested; callers without a signal never leave, so they keep the request alive. */
  waiting: number;
}

/** In-flight requests by key (the URL): identical concurrent requests go out once. */
export class SharedRequests {
  readonly #inflight = new Map<string, Shared>();

  /** Joins the request for `key`, starting it with `start` if none is in flight. */
  join<T>(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const message = `Request cancelled: ${key}`;
    if (signal?.aborted) return Promise.reject(new AbortError(message));
    let shared = this.#inflight.get(key);
    if (!shared) {
      const controller = new AbortController();
      const created: Shared = { promise: start(controller.signal), controller, waiting: 0 };
      const forget = () => this.#forget(key, created);
      created.promise.then(forget, forget); // also marks a rejection nobody waits for as handled
      this.#inflight.set(key, (shared = created));
    }
    const joined = shared;
    joined.waiting++;
    return abortable(joined.promise as Promise<T>, signal, message, () => {
      if (--joined.waiting === 0) {
        this.#forget(key, joined);
        joined.controller.abort();
      }
    });
  }

  #forget(key: string, shared: Shared): void {
    if (this.#inflight.get(key) === shared) this.#inflight.delete(key);
  }
}
