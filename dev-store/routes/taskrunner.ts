/**
 * The legacy (deprecated) API: the cookie login `POST {store}auth/cookie` (EntryStore §5.1) and the task runner
 * `/taskrunner/v1/distribution/addFile|replaceFile` (200 + jobId [+ prototypeURI]) and `/taskrunner/v1/job/{id}`
 * (no authentication; mixed-case states; unknown → status `Not found`). Wrong-kind URIs and URIs outside `{store}`
 * that are no entry are accepted: the job fails later with the text the current API would have answered with. Write
 * permission is decided for the target's context even before the entry exists, and again when the job runs
 * (jobs/permission.ts).
 */
import type { StoreApp } from '../app.ts';
import { rx } from '../app.ts';
import { bodyMediaType, parseAccept } from '../http/negotiate.ts';
import type { RouteContext } from '../http/router.ts';
import type { JobRecord, JobState, JobType } from '../jobs/types.ts';
import { submitForbidden } from '../jobs/permission.ts';
import { sendApiJson } from '../http/respond.ts';
import { clientAddress, jsonWithJobId, mayWrite, readSmallBody, receiveAndSubmit, refuse, resourceUriParam } from './api.ts';
import type { JobApiDeps } from './api.ts';

/** Legacy cookie: exactly the attributes of the SPEC (Legacy session); Path follows the store path (/store/). */
export const LEGACY_COOKIE_MAX_AGE_S = 31536000;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const LEGACY_STATES: Readonly<Record<JobState, string>> = { PENDING: 'Pending', PROCESSING: 'Processing', SUCCESS: 'Success', FAILED: 'Failed' };

export function legacyJobJson(rec: JobRecord): string {
  const done = rec.status === 'SUCCESS' || rec.status === 'FAILED';
  return jsonWithJobId(rec.jobId, {
    status: LEGACY_STATES[rec.status],
    resourceURI: rec.resourceURI,
    filename: rec.filename,
    received: rec.received,
    ...(done && rec.terminated !== undefined ? { terminated: rec.terminated } : {}),
    ...(rec.status === 'SUCCESS' && rec.resultUrl !== undefined ? { resultUrl: rec.resultUrl } : {}),
    ...(rec.status === 'FAILED' && rec.error !== undefined ? { error: rec.error } : {}),
  });
}

/** EntryStore answers the cookie login with "Login successful." when the client takes HTML (a `*\/*` Accept counts). */
function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return parseAccept(accept).some((a) => a.type === 'text/html' || a.type === '*/*' || a.type === 'text/*');
}

export function addTaskRunnerRoutes(app: StoreApp, deps: JobApiDeps): void {
  const { auth, jobs } = deps;
  const router = app.router;

  router.add(['POST'], new RegExp(`^${rx(app.storePath)}auth/cookie$`), async ({ req, res }: RouteContext) => {
    // The form of EntryStore §5.1 and nothing else: a text/plain or multipart body must not log a browser in either.
    if (bodyMediaType(req.headers['content-type']) !== FORM_TYPE) {
      return refuse(req, res, 415, { error: `Content-Type must be ${FORM_TYPE} (fields auth_username, auth_password)` }, { 'Accept-Post': FORM_TYPE });
    }
    const raw = await readSmallBody(req, 32 * 1024);
    if (raw === undefined) return sendApiJson(res, 413, { error: 'Login form larger than 32 KB' });
    const form = new URLSearchParams(raw.toString('utf8'));
    const username = form.get('auth_username');
    const password = form.get('auth_password');
    if (!username || !password) return sendApiJson(res, 400, { error: 'Form fields auth_username and auth_password are required' });
    if (password.length > 2048) return sendApiJson(res, 400, { error: 'auth_password longer than 2048 characters' });
    // Server-side lifetime --session-s, sliding on every use (EntryStore refresh-expiration-on-access); the cookie's
    // own Max-Age is the fixed one year of the SPEC.
    const outcome = auth.login(username, password, clientAddress(req), { sliding: true });
    if (outcome.kind === 'locked') {
      return sendApiJson(res, 429, { error: 'Too many failed logins; try again later' }, { 'Retry-After': String(outcome.retryAfterS) });
    }
    if (outcome.kind === 'wrong') return sendApiJson(res, 401, { error: 'Wrong user name or password' });
    const cookie = `auth_token=${outcome.session.token}; Max-Age=${LEGACY_COOKIE_MAX_AGE_S}; SameSite=None; HttpOnly; Secure; Path=${app.storePath}`;
    const html = wantsHtml(req.headers.accept);
    res.writeHead(200, { 'Set-Cookie': cookie, 'Cache-Control': 'no-store', ...(html ? { 'Content-Type': 'text/html; charset=utf-8' } : {}) });
    res.end(html ? 'Login successful.' : undefined);
  });

  const upload = (jobType: JobType) => async ({ req, res }: RouteContext): Promise<void> => {
    const session = auth.authenticateLegacy(req);
    if (!session) return refuse(req, res, 401, { error: 'Not logged in' });
    const resourceURI = resourceUriParam(req);
    if (!resourceURI) return refuse(req, res, 400, { error: 'Query parameter resourceURI is required' });
    // No kind or existence check here (the job fails later), but the permission is decided for the target's
    // context even when the entry does not exist yet (jobs/permission.ts); the job checks it again when it runs.
    const forbidden = submitForbidden(app.store, mayWrite(auth), session.account.name, jobType, resourceURI);
    if (forbidden) return refuse(req, res, 403, { error: forbidden });
    const rec = await receiveAndSubmit(req, res, deps, { api: 'legacy', jobType, resourceURI, user: session.account.name });
    if (!rec) return;
    const extra = jobType === 'ADD' && rec.prototypeURI !== undefined ? { prototypeURI: rec.prototypeURI } : {};
    sendApiJson(res, 200, jsonWithJobId(rec.jobId, extra));
  };
  router.add(['POST'], /^\/taskrunner\/v1\/distribution\/addFile$/, upload('ADD'));
  router.add(['POST'], /^\/taskrunner\/v1\/distribution\/replaceFile$/, upload('REPLACE'));

  router.add(['GET'], /^\/taskrunner\/v1\/job\/(?<jobId>[^/]+)$/, ({ res, path }: RouteContext) => {
    const jobId = path.slice(path.lastIndexOf('/') + 1);
    const rec = /^\d+$/.test(jobId) ? jobs.get(jobId) : undefined;
    if (!rec || rec.api !== 'legacy') return sendApiJson(res, 200, jsonWithJobId(decodeSafe(jobId), { status: 'Not found' }));
    sendApiJson(res, 200, legacyJobJson(rec));
  });
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
