/**
 * Client of the legacy (deprecated) taskrunner v1 API (`{task_url}`) and its cookie login
 * (`{store_url}auth/cookie`). Kept for scripts still on it; see JobApiClient for the way off.
 */
import { BadPayloadError } from '../store/errors.ts';
import { JobApiError } from './errors.ts';
import { expectOk, fetchText, jobIdOf, jsonObject, type FetchLike } from './http.ts';
import { sendUpload } from './upload.ts';
import type { JobStatus, LegacyJob, LegacyJobStatus, NormalisedLegacyJob, RequestSignal, UploadOptions, UploadSource } from './types.ts';

export interface TaskRunnerClientOptions {
  /** `{task_url}`, e.g. `https://example.org/taskrunner/v1`. */
  taskUrl: string;
  /** `{store_url}`, e.g. `https://example.org/store/` (the cookie login lives there). */
  storeUrl: string;
  fetch?: typeof fetch;
  /** An auth_token value from an earlier cookie login. */
  authToken?: string;
}

const LEGACY_STATES: Record<LegacyJobStatus, JobStatus | 'NOT_FOUND'> = {
  Pending: 'PENDING',
  Processing: 'PROCESSING',
  Success: 'SUCCESS',
  Failed: 'FAILED',
  'Not found': 'NOT_FOUND',
};

/** Legacy mixed-case state → the current upper-case name (`Not found` → `NOT_FOUND`, which the current API answers with 404). */
export function normaliseLegacyStatus(s: LegacyJobStatus): JobStatus | 'NOT_FOUND' {
  const mapped = LEGACY_STATES[s];
  if (!mapped) throw new TypeError(`Unknown legacy job status ${JSON.stringify(s)}`);
  return mapped;
}

/** The `auth_token=<value>` pair of Set-Cookie lines, without Path, Max-Age or any other attribute. */
export function authTokenFromSetCookie(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    // A folded header (browsers/old runtimes) joins cookies with ", ": look at each `name=value` start.
    for (const m of line.matchAll(/(?:^|[;,]\s*)auth_token=([^;,\s]*)/g)) {
      if (m[1]) return m[1];
    }
  }
  return undefined;
}

/**
 * @deprecated The taskrunner v1 API is deprecated and will be removed. Move to {@link JobApiClient}: log in with
 * `POST {api_url}/auth/login` and send `X-Auth-Token`, expect 202 with `status`/`message`, read the file's address
 * from `resultUrl` of the finished job (no `prototypeURI`), keep job ids as strings (64-bit), poll an authenticated
 * `GET {api_url}/job/{id}` with upper-case states (unknown job = 404), and handle 400/413/422 up front.
 * Skill: skills/migrate-from-taskrunner/SKILL.md.
 */
export class TaskRunnerClient {
  readonly taskUrl: string;
  readonly storeUrl: string;
  /** The auth_token value from the cookie login. */
  authToken: string | undefined;
  readonly #fetch: FetchLike;
  readonly #customFetch: boolean;

  constructor(opts: TaskRunnerClientOptions) {
    this.taskUrl = opts.taskUrl.trim().replace(/\/+$/, '');
    const store = opts.storeUrl.trim();
    this.storeUrl = store.endsWith('/') ? store : `${store}/`;
    this.authToken = opts.authToken;
    this.#customFetch = typeof opts.fetch === 'function';
    const injected = opts.fetch;
    this.#fetch = injected ?? ((input, init) => globalThis.fetch(input, init));
  }

  /**
   * `POST {store}auth/cookie` with the form fields; keeps ONLY the `auth_token` value of the Set-Cookie answer
   * (the cookie's `Path=/store/` would stop a cookie jar from sending it to the taskrunner). Node only in practice:
   * browsers hide Set-Cookie from scripts.
   */
  async login(username: string, password: string, opts: RequestSignal = {}): Promise<void> {
    const res = expectOk(await fetchText(this.#fetch, `${this.storeUrl}auth/cookie`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ auth_username: username, auth_password: password }).toString(),
      credentials: 'include',
      signal: opts.signal ?? null,
    }));
    const token = authTokenFromSetCookie(res.setCookies());
    if (!token) throw new BadPayloadError(`The store's cookie login answered without an auth_token cookie (${res.url})`);
    this.authToken = token;
  }

  /** `POST {task}/distribution/addFile?resourceURI=…` → `{jobId, prototypeURI}` (a wrong-kind URI is accepted; the job fails). */
  async addFile(distributionUri: string, file: UploadSource, opts: UploadOptions = {}): Promise<{ jobId: string; prototypeURI?: string }> {
    const obj = await this.#upload('addFile', distributionUri, file, opts);
    const jobId = jobIdOf(obj, this.taskUrl);
    const prototypeURI = typeof obj['prototypeURI'] === 'string' ? obj['prototypeURI'] : undefined;
    return prototypeURI ? { jobId, prototypeURI } : { jobId };
  }

  /** `POST {task}/distribution/replaceFile?resourceURI=…` → `{jobId}`. */
  async replaceFile(fileUri: string, file: UploadSource, opts: UploadOptions = {}): Promise<{ jobId: string }> {
    const obj = await this.#upload('replaceFile', fileUri, file, opts);
    return { jobId: jobIdOf(obj, this.taskUrl) };
  }

  async #upload(op: string, uri: string, file: UploadSource, opts: UploadOptions): Promise<Record<string, unknown>> {
    if (!this.authToken) throw new JobApiError(401, 'Not logged in: call login() first', { url: this.taskUrl });
    const res = expectOk(await sendUpload({
      url: `${this.taskUrl}/distribution/${op}?resourceURI=${encodeURIComponent(uri)}`,
      headers: { Cookie: `auth_token=${this.authToken}` },
      credentials: 'omit',
      source: file,
      options: opts,
      fetch: this.#fetch,
      customFetch: this.#customFetch,
    }));
    return jsonObject(res);
  }

  /** `GET {task}/job/{jobId}` (no authentication). Unknown/expired → status `Not found` (or `NOT_FOUND` normalised). */
  getJob(jobId: string, opts?: RequestSignal & { normalise?: false }): Promise<LegacyJob>;
  getJob(jobId: string, opts: RequestSignal & { normalise: true }): Promise<NormalisedLegacyJob>;
  async getJob(jobId: string, opts: RequestSignal & { normalise?: boolean } = {}): Promise<LegacyJob | NormalisedLegacyJob> {
    const res = expectOk(await fetchText(this.#fetch, `${this.taskUrl}/job/${encodeURIComponent(jobId)}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal: opts.signal ?? null,
    }));
    const obj = jsonObject(res);
    const status = obj['status'];
    if (typeof status !== 'string' || !(status in LEGACY_STATES)) {
      throw new BadPayloadError(`The taskrunner answered an unknown job status ${JSON.stringify(status)} (${res.url})`);
    }
    // `Not found` answers may echo the id as given; keep the id we asked for when it is missing.
    const id = typeof obj['jobId'] === 'string' ? obj['jobId'] : jobId;
    const job = { ...obj, jobId: id, status: status as LegacyJobStatus };
    if (!opts.normalise) return job;
    return { ...job, status: normaliseLegacyStatus(job.status) };
  }
}
