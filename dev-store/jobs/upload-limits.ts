/**
 * Upload limits of both job APIs (issue 23 point 8: one user made 600 uploads in 6.8 s and the disk grew without bound),
 * so the dev store can be left running on a shared machine:
 *
 * - a per-user rate: `maxUploadsPerMinute` accepted uploads within a minute lock that user's uploads for a minute
 *   (429 + Retry-After; the rate limiter of the login, auth/rate-limit.ts);
 * - a total quota: the files kept in the data dir's uploads/ folder (pending jobs' uploads and stored files) may not
 *   grow past `quotaBytes` (507 Insufficient Storage).
 *
 * Both are checked before the body is read (cheap refusals) and decided again once it is in, one upload at a time, so
 * that concurrent uploads can neither slip past the rate nor share the last room of the quota.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { WindowLimiter } from '../auth/rate-limit.ts';

export interface UploadLimitOptions {
  maxUploadsPerMinute: number;
  quotaBytes: number;
}

export interface LimitRefusal {
  readonly status: 429 | 507;
  readonly body: { error: string; [k: string]: unknown };
  readonly headers: Record<string, string>;
}

const MINUTE_MS = 60_000;

export class UploadLimits {
  readonly #opts: UploadLimitOptions;
  readonly #uploadsDir: string;
  readonly #rate: WindowLimiter;
  /** The decisions after the body, one at a time (each waits for the one before). */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(opts: UploadLimitOptions, uploadsDir: string, now: () => number = Date.now) {
    this.#opts = opts;
    this.#uploadsDir = uploadsDir;
    this.#rate = new WindowLimiter({ max: opts.maxUploadsPerMinute, windowMs: MINUTE_MS, lockoutMs: MINUTE_MS }, now);
  }

  /** Before the body is read: the user is at the rate limit, or the quota has no room left at all. */
  async refusalBeforeBody(user: string): Promise<LimitRefusal | undefined> {
    return this.#rateRefusal(user) ?? this.#quotaRefusal(await this.#storedBytes(), undefined);
  }

  /**
   * With the body in: decides rate and quota for `bytes` more and, when both allow it, counts the upload and runs
   * `submit` (which moves the file into uploads/) before the next upload is decided.
   */
  admit<T>(user: string, bytes: number, submit: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: LimitRefusal }> {
    const decided = this.#turn.then(async () => {
      const refusal = this.#rateRefusal(user) ?? this.#quotaRefusal(await this.#storedBytes(), bytes);
      if (refusal) return { ok: false as const, refusal };
      this.#rate.record([user]);
      return { ok: true as const, value: await submit() };
    });
    this.#turn = decided.catch(() => undefined);
    return decided;
  }

  #rateRefusal(user: string): LimitRefusal | undefined {
    const retry = this.#rate.retryAfterS([user]);
    if (retry === undefined) return undefined;
    const n = this.#opts.maxUploadsPerMinute;
    return {
      status: 429,
      body: { error: `Too many uploads: at most ${n} a minute for each user; try again in ${retry} s`, limitPerMinute: n },
      headers: { 'Retry-After': String(retry) },
    };
  }

  /** `bytes` undefined: before the body, refused only when nothing fits any more. */
  #quotaRefusal(used: number, bytes: number | undefined): LimitRefusal | undefined {
    const quota = this.#opts.quotaBytes;
    if (bytes === undefined ? used < quota : used + bytes <= quota) return undefined;
    const needs = bytes === undefined ? '' : `, this file needs ${bytes}`;
    return {
      status: 507,
      body: {
        error: `Upload quota of the store reached: ${used} of ${quota} bytes used${needs}; remove files or start the store with a larger --upload-quota-mb`,
        quotaBytes: quota,
        usedBytes: used,
      },
      headers: {},
    };
  }

  /** Bytes of the files in uploads/ (read each time: failed jobs and replaced files are removed by the engine). */
  async #storedBytes(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.#uploadsDir);
    } catch {
      return 0;
    }
    const sizes = await Promise.all(names.map((n) => stat(path.join(this.#uploadsDir, n)).then((s) => (s.isFile() ? s.size : 0), () => 0)));
    return sizes.reduce((a, b) => a + b, 0);
  }
}
