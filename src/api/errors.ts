/**
 * Typed failures of the job API clients. HTTP refusals are JobApiError (status + the server's message + body);
 * an unreachable server is the store's NetworkError, a cancelled call its AbortError (`isAbort`), so callers
 * tell "the server said no", "no server" and "you stopped it" apart.
 */
import { StoreError } from '../store/errors.ts';
import type { Job } from './types.ts';

/** The API answered with a non-2xx status: 400, 401, 403, 404, 413, 422, 429, 5xx … */
export class JobApiError extends StoreError {
  readonly status: number;
  /** Parsed JSON error body (`{"error": "…", …}`), or the raw text when not JSON. */
  readonly body: unknown;
  /** Seconds from `Retry-After` (429 after repeated failed logins). */
  readonly retryAfterS?: number;
  readonly url: string;

  constructor(status: number, message: string, init: { body?: unknown; retryAfterS?: number; url: string }) {
    super(message);
    this.status = status;
    this.body = init.body;
    this.url = init.url;
    if (init.retryAfterS !== undefined) this.retryAfterS = init.retryAfterS;
  }
}

/** `waitForJob` with `timeoutMs`: the job had not ended in time (it may still end later). */
export class JobWaitTimeoutError extends StoreError {
  constructor(
    readonly jobId: string,
    readonly lastJob: Job | undefined,
    timeoutMs: number,
  ) {
    super(`Job ${jobId} did not end within ${timeoutMs} ms${lastJob ? ` (last status ${lastJob.status})` : ''}`);
  }
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, Math.ceil((t - now) / 1000));
}
