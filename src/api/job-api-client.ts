/**
 * Client of the current file-upload job API (`{api_url}`: auth/login, auth/whoami, auth/logout,
 * distribution/addFile, distribution/replaceFile, job/{jobId}). Isomorphic (browser and Node 20 fetch).
 * Auth: `X-Auth-Token` (scripts; default) or, with `credentials: 'cookie'`, the HttpOnly `auth_token` cookie the
 * login sets plus the `X-CSRF-Token` header on every request that changes something.
 */
import { BadPayloadError, isAbort, NetworkError } from '../store/errors.ts';
import { JobApiError, JobWaitTimeoutError } from './errors.ts';
import { abortError, expectOk, fetchText, jobIdOf, jsonObject, type FetchLike, type RawResponse } from './http.ts';
import { sendUpload } from './upload.ts';
import type { Credentials } from './upload.ts';
import type { AcceptedJob, Job, JobId, JobStatus, RequestSignal, UploadOptions, UploadSource, WaitOptions } from './types.ts';

export interface JobApiClientOptions {
  /** `{api_url}`, e.g. `https://example.org/api` (a trailing slash is ignored). */
  apiUrl: string;
  /** A session token from an earlier login (e.g. CATALOG_API_TOKEN); sent as X-Auth-Token. */
  token?: string;
  /** Injected for tests and server-side use; default the global fetch. */
  fetch?: typeof fetch;
  /** Browser pages relying on the auth_token cookie: requests go with credentials and the CSRF header. */
  credentials?: 'cookie';
  /** CSRF token of an existing cookie session (login sets it otherwise). */
  csrfToken?: string;
}

export interface LoginResult {
  token: string;
  user: string;
  expires?: string;
  csrfToken?: string;
}

export const DEFAULT_POLL_INTERVAL_MS = 2000;
/** Transient failures (network, 502/503/504) tolerated in a row while waiting before giving up. */
const WAIT_RETRIES = 3;
const STATUSES: readonly JobStatus[] = ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'];

export function isTerminal(status: string): boolean {
  return status === 'SUCCESS' || status === 'FAILED';
}

/** Resolves after `ms`, or rejects with AbortError as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal, what = 'wait'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(what));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(what));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A job record from the wire, checked for id and status; optional fields copied when of the right type. */
export function jobFromJson(obj: Record<string, unknown>, url: string): Job {
  const jobId = jobIdOf(obj, url);
  const status = obj['status'];
  if (typeof status !== 'string' || !STATUSES.includes(status as JobStatus)) {
    throw new BadPayloadError(`The API answered an unknown job status ${JSON.stringify(status)} for ${url}`);
  }
  const job: Job = { jobId, status: status as JobStatus };
  for (const k of ['jobType', 'resourceURI', 'filename', 'user', 'received', 'terminated', 'resultUrl', 'error'] as const) {
    const v = str(obj[k]);
    if (v !== undefined) job[k] = v;
  }
  for (const k of ['queuePosition', 'progress'] as const) {
    const v = num(obj[k]);
    if (v !== undefined) job[k] = v;
  }
  return job;
}

/**
 * @example Node script (file streamed from disk, job followed to its end)
 * ```ts
 * import { JobApiClient } from 'catalog-blocks/api';
 * import { fileFromPath } from 'catalog-blocks/node';
 * const client = new JobApiClient({ apiUrl: 'https://example.org/api', token: process.env.CATALOG_API_TOKEN });
 * const { jobId } = await client.addFile(distributionUri, await fileFromPath('data.csv'));
 * const job = await client.waitForJob(jobId, { onProgress: (j) => console.log(j.status, j.progress ?? '') });
 * if (job.status === 'SUCCESS') console.log('file at', job.resultUrl); else console.error(job.error);
 * ```
 * @example Browser page (File from an input, upload progress, cancellable)
 * ```ts
 * const client = new JobApiClient({ apiUrl });
 * await client.login(user, password);
 * const controller = new AbortController();
 * const accepted = await client.replaceFile(fileUri, input.files[0], {
 *   signal: controller.signal, onUploadProgress: (sent, total) => (bar.value = sent / total),
 * });
 * ```
 */
export class JobApiClient {
  readonly apiUrl: string;
  /** Current session token (X-Auth-Token); set by login, cleared by logout. */
  token: string | undefined;
  /** CSRF token for cookie sessions; set by login. */
  csrfToken: string | undefined;
  readonly #fetch: FetchLike;
  readonly #customFetch: boolean;
  readonly #cookie: boolean;

  constructor(opts: JobApiClientOptions) {
    this.apiUrl = opts.apiUrl.trim().replace(/\/+$/, '');
    this.token = opts.token;
    this.csrfToken = opts.csrfToken;
    this.#customFetch = typeof opts.fetch === 'function';
    const injected = opts.fetch;
    this.#fetch = injected ?? ((input, init) => globalThis.fetch(input, init));
    this.#cookie = opts.credentials === 'cookie';
  }

  /** Headers that authenticate a request; `changes` adds the CSRF header in cookie mode. */
  #auth(changes: boolean): Record<string, string> {
    if (this.#cookie) return changes && this.csrfToken ? { 'X-CSRF-Token': this.csrfToken } : {};
    return this.token ? { 'X-Auth-Token': this.token } : {};
  }

  get #credentials(): Credentials {
    return this.#cookie ? 'include' : 'omit';
  }

  #request(path: string, init: RequestInit & { changes?: boolean }): Promise<RawResponse> {
    const { changes = false, headers, ...rest } = init;
    return fetchText(this.#fetch, `${this.apiUrl}${path}`, {
      ...rest,
      headers: { Accept: 'application/json', ...this.#auth(changes), ...(headers as Record<string, string> | undefined) },
      credentials: this.#credentials,
    });
  }

  /**
   * `POST {api}/auth/login`. Keeps the token (and CSRF token) for the following calls. 401 wrong credentials,
   * 429 locked out (`retryAfterS`), 400 malformed.
   */
  async login(username: string, password: string, opts: { maxAgeSeconds?: number } & RequestSignal = {}): Promise<LoginResult> {
    const body: Record<string, unknown> = { username, password };
    if (opts.maxAgeSeconds !== undefined) body['max_age_seconds'] = opts.maxAgeSeconds;
    const res = expectOk(await this.#request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: opts.signal ?? null,
    }));
    const obj = jsonObject(res);
    const token = str(obj['auth_token']);
    if (!token) throw new BadPayloadError(`The API's login answer has no auth_token (${res.url})`);
    this.token = token;
    const result: LoginResult = { token, user: str(obj['user']) ?? username };
    const expires = str(obj['expires']);
    if (expires) result.expires = expires;
    const csrf = str(obj['csrf_token']);
    if (csrf) {
      result.csrfToken = csrf;
      this.csrfToken = csrf;
    }
    return result;
  }

  /** `GET {api}/auth/whoami`: `{user: 'guest', authenticated: false}` for a missing, expired or foreign token. */
  async whoami(opts: RequestSignal = {}): Promise<{ user: string; authenticated: boolean }> {
    const obj = jsonObject(expectOk(await this.#request('/auth/whoami', { method: 'GET', signal: opts.signal ?? null })));
    return { user: str(obj['user']) ?? 'guest', authenticated: obj['authenticated'] === true };
  }

  /** `POST {api}/auth/logout`: the token stops working on the server; this client forgets it. */
  async logout(opts: RequestSignal = {}): Promise<void> {
    expectOk(await this.#request('/auth/logout', { method: 'POST', changes: true, signal: opts.signal ?? null }));
    this.token = undefined;
    this.csrfToken = undefined;
  }

  /** `POST {api}/distribution/addFile?resourceURI=<distribution>`: 202 → the queued job (id exact). */
  addFile(distributionUri: string, file: UploadSource, opts: UploadOptions = {}): Promise<AcceptedJob> {
    return this.#upload('addFile', distributionUri, file, opts);
  }

  /** `POST {api}/distribution/replaceFile?resourceURI=<file>`: 202 → the queued job (id exact). */
  replaceFile(fileUri: string, file: UploadSource, opts: UploadOptions = {}): Promise<AcceptedJob> {
    return this.#upload('replaceFile', fileUri, file, opts);
  }

  async #upload(op: 'addFile' | 'replaceFile', resourceUri: string, file: UploadSource, opts: UploadOptions): Promise<AcceptedJob> {
    const res = expectOk(await sendUpload({
      url: `${this.apiUrl}/distribution/${op}?resourceURI=${encodeURIComponent(resourceUri)}`,
      headers: this.#auth(true),
      credentials: this.#credentials,
      source: file,
      options: opts,
      fetch: this.#fetch,
      customFetch: this.#customFetch,
    }));
    const obj = jsonObject(res);
    return { jobId: jobIdOf(obj, res.url), status: 'PENDING', message: str(obj['message']) ?? '' };
  }

  /** `GET {api}/job/{jobId}`; unknown, foreign or expired job → JobApiError 404. */
  async getJob(jobId: JobId, opts: RequestSignal = {}): Promise<Job> {
    const res = expectOk(await this.#request(`/job/${encodeURIComponent(jobId)}`, { method: 'GET', signal: opts.signal ?? null }));
    return jobFromJson(jsonObject(res), res.url);
  }

  /**
   * Polls the job every `intervalMs` (2 s) until SUCCESS or FAILED and resolves with that record (FAILED is a
   * result, not an exception). PROCESSING may last long (an API rebuild): no limit unless `timeoutMs`.
   * `onProgress` sees every poll. Abort → rejects with AbortError at once, no further request. A few transient
   * failures in a row (network, 502–504) are retried; 4xx (e.g. 404 after retention) rejects at once.
   */
  async waitForJob(jobId: JobId, opts: WaitOptions = {}): Promise<Job> {
    const interval = Math.max(0, opts.intervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    const { signal, timeoutMs, onProgress } = opts;
    // One signal that fires on the caller's abort or on the timeout, so a request in flight stops either way.
    const stop = new AbortController();
    let timedOut = false;
    const onCallerAbort = () => stop.abort();
    if (signal?.aborted) throw abortError(`waiting for job ${jobId}`);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer = timeoutMs !== undefined
      ? setTimeout(() => {
        timedOut = true;
        stop.abort();
      }, timeoutMs)
      : undefined;
    let last: Job | undefined;
    let failures = 0;
    try {
      for (;;) {
        try {
          last = await this.getJob(jobId, { signal: stop.signal });
          failures = 0;
          onProgress?.(last);
          if (isTerminal(last.status)) return last;
        } catch (e) {
          if (!isAbort(e) && transient(e) && ++failures <= WAIT_RETRIES) {
            // fall through to the pause and poll again
          } else {
            throw e;
          }
        }
        await sleep(interval, stop.signal, `waiting for job ${jobId}`);
      }
    } catch (e) {
      if (timedOut && !signal?.aborted) throw new JobWaitTimeoutError(jobId, last, timeoutMs!);
      if (signal?.aborted && !isAbort(e)) throw abortError(`waiting for job ${jobId}`, e);
      throw e;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function transient(e: unknown): boolean {
  if (e instanceof NetworkError) return true;
  return e instanceof JobApiError && (e.status === 502 || e.status === 503 || e.status === 504);
}
