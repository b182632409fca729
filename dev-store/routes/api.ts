/**
 * The current file-upload job API at `/api` (SPEC "Current API", CONTRACTS-4 §1): `auth/login|whoami|logout`,
 * `distribution/addFile|replaceFile` (202 + job) and `job/{jobId}`. Bodies are plain JSON (never JSONP: these
 * answers depend on credentials). Job ids are written as exact JSON integers from their decimal strings.
 */
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreApp } from '../app.ts';
import type { AuthService, Session } from '../auth/index.ts';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import { declaredTooLarge, drainRequest, receiveUpload, tooLargeBody } from '../http/multipart.ts';
import type { RouteContext } from '../http/router.ts';
import { sendApiJson } from '../http/respond.ts';
import { kindProblem } from '../jobs/index.ts';
import { mayNotWrite } from '../jobs/permission.ts';
import { bodyMediaType } from '../http/negotiate.ts';
import { addAuthCompatRoutes } from './auth-compat.ts';
import type { MayWrite } from '../jobs/permission.ts';
import type { JobRecord, JobService, JobType } from '../jobs/types.ts';
import type { UploadLimits } from '../jobs/upload-limits.ts';

export interface JobApiDeps {
  readonly auth: AuthService;
  readonly jobs: JobService;
  /** uploadTempDir(dataDir): same filesystem as the data dir, so submit can rename. */
  readonly tempDir: string;
  readonly maxUploadBytes: number;
  /** Per-user upload rate and total upload quota (jobs/upload-limits.ts). */
  readonly limits: UploadLimits;
}

const API_COOKIE_ATTRIBUTES = 'Path=/api; HttpOnly; SameSite=Strict';
/** A placeholder no JSON value of ours can contain (control characters are refused in filenames). */
const ID_SLOT = '\u0000jobId\u0000';

/** JSON text with `jobId` written as the integer token of its decimal string (never through a JS number). */
export function jsonWithJobId(jobId: string, rest: Record<string, unknown>): string {
  // Only a canonical decimal (no leading zeros) is a valid JSON number token; anything else is written as a string.
  if (!/^(0|[1-9]\d*)$/.test(jobId)) return JSON.stringify({ jobId, ...rest }, null, 2);
  return JSON.stringify({ jobId: ID_SLOT, ...rest }, null, 2).replace(JSON.stringify(ID_SLOT), jobId);
}

/** Error answer before or instead of reading the body: the unread body is drained so the client sees it. */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, body: { error: string; [k: string]: unknown }, headers: Record<string, string> = {}): void {
  drainRequest(req);
  sendApiJson(res, status, body, headers);
}

/** `resourceURI` from the query: standard form decoding after the first `?` (TR sends the URI unencoded). */
export function resourceUriParam(req: IncomingMessage): string | undefined {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const v = new URLSearchParams(url.slice(q + 1)).get('resourceURI');
  return v && v.trim() ? v.trim() : undefined;
}

export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Reads a small request body; undefined when it is longer than `limit` (the rest is drained). */
export function readSmallBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        drainRequest(req);
        resolve(undefined);
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** The entry an upload targets: the first entry with that resource URI and the wanted kind. */
export function targetEntry(app: StoreApp, resourceURI: string, kind: 'distribution' | 'file'): Entry | undefined {
  return app.store.entriesByResource(resourceURI).find((e) => e.kind === kind);
}

export function writeForbidden(session: Session, entry: Entry): { error: string } | undefined {
  return session.account.mayWrite(entry.contextId) ? undefined : { error: mayNotWrite(session.account.name, entry.contextId) };
}

/** The accounts' write rights as the job engine and the permission rule see them (a removed account writes nothing). */
export function mayWrite(auth: AuthService): MayWrite {
  return (user, contextId) => auth.accounts.get(user)?.mayWrite(contextId) ?? false;
}

/** The current API's job record: contract fields only, the extra fields only in their states. */
/**
 * The common tail of both APIs' uploads, after their own checks: the user's upload rate and the store's quota (429 /
 * 507), 413 by Content-Length, the streamed body (400/413 answered here), rate and quota again for the file as
 * received, then the job persisted and queued. Undefined when an answer was already sent.
 */
export async function receiveAndSubmit(
  req: IncomingMessage,
  res: ServerResponse,
  deps: JobApiDeps,
  job: { api: 'current' | 'legacy'; jobType: JobType; resourceURI: string; user: string },
): Promise<JobRecord | undefined> {
  const early = await deps.limits.refusalBeforeBody(job.user);
  if (early) {
    refuse(req, res, early.status, early.body, early.headers);
    return undefined;
  }
  if (declaredTooLarge(req, deps.maxUploadBytes)) {
    refuse(req, res, 413, tooLargeBody(deps.maxUploadBytes));
    return undefined;
  }
  const got = await receiveUpload(req, { maxBytes: deps.maxUploadBytes, tempDir: deps.tempDir });
  if (!got.ok) {
    sendApiJson(res, got.status, got.body);
    return undefined;
  }
  try {
    const admitted = await deps.limits.admit(job.user, got.file.size, () => deps.jobs.submit({ ...job, upload: got.file }));
    if (admitted.ok) return admitted.value;
    await rm(got.file.path, { force: true });
    sendApiJson(res, admitted.refusal.status, admitted.refusal.body, admitted.refusal.headers);
    return undefined;
  } catch (e) {
    await rm(got.file.path, { force: true });
    throw e;
  }
}

export function currentJobJson(rec: JobRecord): string {
  return jsonWithJobId(rec.jobId, {
    status: rec.status,
    jobType: rec.jobType,
    resourceURI: rec.resourceURI,
    filename: rec.filename,
    user: rec.user,
    received: rec.received,
    ...(rec.status === 'PENDING' && rec.queuePosition !== undefined ? { queuePosition: rec.queuePosition } : {}),
    ...(rec.status === 'PROCESSING' && rec.progress !== undefined ? { progress: rec.progress } : {}),
    ...(rec.terminated !== undefined && (rec.status === 'SUCCESS' || rec.status === 'FAILED') ? { terminated: rec.terminated } : {}),
    ...(rec.status === 'SUCCESS' && rec.resultUrl !== undefined ? { resultUrl: rec.resultUrl } : {}),
    ...(rec.status === 'FAILED' && rec.error !== undefined ? { error: rec.error } : {}),
  });
}

export interface LoginFields {
  username: string;
  password: string;
  /** Undefined: the default lifetime. */
  maxAgeSeconds?: number;
}

/**
 * The login body's fields, or the 400 message naming the first thing wrong with it. `max_age_seconds` absent, null
 * or 0 means the default lifetime (generated clients send a non-nullable int's 0 or an explicit null).
 */
export function loginProblem(body: unknown): LoginFields | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Body must be a JSON object: {"username", "password", "max_age_seconds"?}';
  const { username, password, max_age_seconds: maxAge } = body as Record<string, unknown>;
  if (username === undefined || username === null) return 'username missing';
  if (typeof username !== 'string') return 'username must be a string';
  if (!username) return 'username is empty';
  if (password === undefined || password === null) return 'password missing';
  if (typeof password !== 'string') return 'password must be a string';
  if (!password) return 'password is empty';
  if (maxAge === undefined || maxAge === null || maxAge === 0) return { username, password };
  if (!(typeof maxAge === 'number' && Number.isSafeInteger(maxAge) && maxAge > 0)) {
    return 'max_age_seconds must be a positive integer (0 or null: the default lifetime)';
  }
  return { username, password, maxAgeSeconds: maxAge };
}

const AUTH_REQUIRED = { error: 'Authentication required' };
const CSRF_WRONG = { error: 'CSRF token missing or wrong' };
const LOGIN_TYPE_WRONG = 'Content-Type must be application/json; the body is JSON: {"username", "password", "max_age_seconds"?}';

export function addApiRoutes(app: StoreApp, deps: JobApiDeps): void {
  const { auth, jobs } = deps;
  const router = app.router;

  router.add(['POST'], /^\/api\/auth\/login$/, async ({ req, res }: RouteContext) => {
    // Login CSRF: a cross-site <form> can send text/plain, urlencoded or multipart bodies but never application/json
    // (that needs a CORS preflight), so no other type may log a browser in.
    if (bodyMediaType(req.headers['content-type']) !== 'application/json') {
      return refuse(req, res, 415, { error: LOGIN_TYPE_WRONG }, { 'Accept-Post': 'application/json' });
    }
    const raw = await readSmallBody(req, 64 * 1024);
    if (raw === undefined) return sendApiJson(res, 413, { error: 'Login body too large' });
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendApiJson(res, 400, { error: 'Body must be JSON: {"username", "password", "max_age_seconds"?}' });
    }
    const problem = loginProblem(body);
    if (typeof problem === 'string') return sendApiJson(res, 400, { error: problem });
    const { username, password, maxAgeSeconds } = problem;
    const outcome = auth.login(username, password, clientAddress(req), maxAgeSeconds === undefined ? {} : { maxAgeMs: maxAgeSeconds * 1000 });
    if (outcome.kind === 'locked') {
      return sendApiJson(res, 429, { error: 'Too many failed logins; try again later' }, { 'Retry-After': String(outcome.retryAfterS) });
    }
    if (outcome.kind === 'wrong') return sendApiJson(res, 401, { error: 'Wrong user name or password' });
    const s = outcome.session;
    sendApiJson(
      res,
      200,
      { auth_token: s.token, user: s.account.name, expires: new Date(s.expiresAt).toISOString(), csrf_token: s.csrfToken },
      { 'Set-Cookie': `auth_token=${s.token}; ${API_COOKIE_ATTRIBUTES}` },
    );
  });

  router.add(['GET'], /^\/api\/auth\/whoami$/, ({ req, res }: RouteContext) => {
    const { session } = auth.authenticateApi(req);
    sendApiJson(res, 200, session ? { user: session.account.name, authenticated: true } : { user: 'guest', authenticated: false });
  });

  router.add(['POST'], /^\/api\/auth\/logout$/, ({ req, res }: RouteContext) => {
    const a = auth.authenticateApi(req);
    if (!auth.csrfOk(req, a)) return refuse(req, res, 403, CSRF_WRONG);
    auth.sessions.invalidate(auth.presentedApiToken(req));
    drainRequest(req);
    const headers: Record<string, string> = a.via === 'cookie' ? { 'Set-Cookie': `auth_token=; Max-Age=0; ${API_COOKIE_ATTRIBUTES}` } : {};
    res.writeHead(204, { ...headers, 'Cache-Control': 'no-store' });
    res.end();
  });

  const upload = (jobType: JobType) => async ({ req, res }: RouteContext): Promise<void> => {
    // 1. authentication (and CSRF for cookie sessions) — the body is not read
    const a = auth.authenticateApi(req);
    if (!a.session) return refuse(req, res, 403, AUTH_REQUIRED);
    if (!auth.csrfOk(req, a)) return refuse(req, res, 403, CSRF_WRONG);
    // 2.–3. the target: present, existing, of the right kind (nothing queued otherwise)
    const resourceURI = resourceUriParam(req);
    if (!resourceURI) return refuse(req, res, 400, { error: 'Query parameter resourceURI is required' });
    const problem = kindProblem(app.store, jobType, resourceURI);
    if (problem) return refuse(req, res, problem.status, { error: problem.error, ...(problem.kind ? { kind: problem.kind } : {}) });
    const entry = targetEntry(app, resourceURI, jobType === 'ADD' ? 'distribution' : 'file');
    if (!entry) return refuse(req, res, 404, { error: `No entry with resource URI ${resourceURI}` });
    // 4. permission
    const forbidden = writeForbidden(a.session, entry);
    if (forbidden) return refuse(req, res, 403, forbidden);
    // 5. size by Content-Length, then the streamed body; 6. persisted and queued → 202
    const rec = await receiveAndSubmit(req, res, deps, { api: 'current', jobType, resourceURI, user: a.session.account.name });
    if (!rec) return;
    sendApiJson(res, 202, jsonWithJobId(rec.jobId, { status: 'PENDING', message: 'File received; job queued' }));
  };
  router.add(['POST'], /^\/api\/distribution\/addFile$/, upload('ADD'));
  router.add(['POST'], /^\/api\/distribution\/replaceFile$/, upload('REPLACE'));

  router.add(['GET'], /^\/api\/job\/(?<jobId>[^/]+)$/, ({ req, res, path }: RouteContext) => {
    const { session } = auth.authenticateApi(req);
    if (!session) return sendApiJson(res, 403, AUTH_REQUIRED);
    // The raw path segment, so the id is compared as the exact decimal string.
    const jobId = path.slice(path.lastIndexOf('/') + 1);
    const rec = /^\d+$/.test(jobId) ? jobs.get(jobId) : undefined;
    if (!rec || rec.api !== 'current' || rec.user !== session.account.name) return sendApiJson(res, 404, { error: 'Job not found' });
    sendApiJson(res, 200, currentJobJson(rec));
  });

  // EntryStore's own session routes under {store} (entrystore.js getUserInfo/logout); they share the sessions.
  addAuthCompatRoutes(app, auth);
}
