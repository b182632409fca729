/**
 * TaskRunnerClient (legacy, deprecated) against the in-process dev store: cookie login keeping only
 * auth_token=value, add/replace with 200 + jobId (+ prototypeURI), unauthenticated job status with mixed-case and
 * normalised states, wrong-kind URIs accepted then FAILED, unknown jobs as "Not found".
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { JobApiClient, JobApiError, TaskRunnerClient } from '../../src/api.ts';
import type { NormalisedLegacyJob } from '../../src/api.ts';
import { DATASET_URI, PLAIN_DISTRIBUTION, namedFile, startJobStore } from './helpers.ts';
import type { JobStore } from './helpers.ts';

let store: JobStore;
/** Request headers the legacy client sent, per URL. */
const sent: { url: string; headers: Headers }[] = [];
const spyFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
  sent.push({ url: String(input), headers: new Headers(init.headers) });
  return fetch(input, init);
}) as typeof fetch;

before(async () => {
  store = await startJobStore();
});
after(() => store?.close());

function legacyClient(): TaskRunnerClient {
  return new TaskRunnerClient({ taskUrl: store.taskUrl, storeUrl: store.storeUrl, fetch: spyFetch });
}

/** Polls the legacy status (normalised) until SUCCESS or FAILED; every state seen is returned. */
async function untilDone(c: TaskRunnerClient, jobId: string): Promise<NormalisedLegacyJob[]> {
  const seen: NormalisedLegacyJob[] = [];
  for (let i = 0; i < 500; i++) {
    const j = await c.getJob(jobId, { normalise: true });
    seen.push(j);
    if (j.status === 'SUCCESS' || j.status === 'FAILED') return seen;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`legacy job ${jobId} did not end`);
}

test('legacy end to end: cookie login, add (200, jobId, prototypeURI) → Success with resultUrl = prototypeURI, replace → Success', async () => {
  const c = legacyClient();
  await c.login(store.user, store.password);
  assert.ok(c.authToken && c.authToken.length >= 32);
  const added = await c.addFile(PLAIN_DISTRIBUTION, namedFile('code\n1\n', 'legacy.csv'));
  assert.match(added.jobId, /^\d+$/);
  assert.ok(added.prototypeURI?.startsWith(store.storeUrl), added.prototypeURI);
  const upload = sent.find((s) => s.url.includes('/distribution/addFile'))!;
  assert.equal(upload.headers.get('cookie'), `auth_token=${c.authToken}`, 'only the name and value, no Path or other attributes');
  assert.equal(upload.headers.get('x-auth-token'), null);

  const states = await untilDone(c, added.jobId);
  const final = states.at(-1)!;
  assert.equal(final.status, 'SUCCESS', String(final['error']));
  assert.equal(final.jobId, added.jobId);
  assert.equal(final['resultUrl'], added.prototypeURI);
  for (const s of states) assert.ok(['PENDING', 'PROCESSING', 'SUCCESS'].includes(s.status), s.status);
  const raw = await c.getJob(added.jobId);
  assert.equal(raw.status, 'Success', 'without normalise the legacy mixed case is kept');
  const statusCall = sent.at(-1)!;
  assert.equal(statusCall.headers.get('cookie'), null, 'job status needs no authentication');

  const replaced = await c.replaceFile(added.prototypeURI!, namedFile('code\n2\n', 'legacy2.csv'));
  assert.equal(Object.keys(replaced).join(), 'jobId', 'replace answers only the jobId');
  const repFinal = (await untilDone(c, replaced.jobId)).at(-1)!;
  assert.equal(repFinal.status, 'SUCCESS', String(repFinal['error']));
  assert.equal(await (await fetch(added.prototypeURI!)).text(), 'code\n2\n');
});

test('legacy: a wrong-kind URI is accepted (200) and the job fails later with the 422 text; unknown job → Not found / NOT_FOUND', async () => {
  const c = legacyClient();
  await c.login(store.user, store.password);
  const accepted = await c.addFile(DATASET_URI, namedFile('a\n1\n', 'wrong-kind.csv'));
  const final = (await untilDone(c, accepted.jobId)).at(-1)!;
  assert.equal(final.status, 'FAILED');
  assert.match(String(final['error']), /resourceURI names a dataset entry; addFile needs a distribution/);
  const unknown = '987654321987';
  assert.equal((await c.getJob(unknown)).status, 'Not found');
  const norm = await c.getJob(unknown, { normalise: true });
  assert.equal(norm.status, 'NOT_FOUND');
  assert.equal(norm.jobId, unknown);
});

test('legacy: wrong password → 401; a bogus cookie → 401 "Not logged in"; the legacy token also works as X-Auth-Token on /api', async () => {
  const c = legacyClient();
  await assert.rejects(c.login(store.user, 'wrong-password'), (e: unknown) => e instanceof JobApiError && e.status === 401);
  const bogus = new TaskRunnerClient({ taskUrl: store.taskUrl, storeUrl: store.storeUrl, authToken: 'nope' });
  await assert.rejects(bogus.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')), (e: unknown) =>
    e instanceof JobApiError && e.status === 401 && e.message === 'Not logged in');
  const fresh = new TaskRunnerClient({ taskUrl: store.taskUrl, storeUrl: store.storeUrl });
  await assert.rejects(fresh.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')), (e: unknown) => e instanceof JobApiError && e.status === 401);
  await fresh.login(store.user, store.password);
  const current = new JobApiClient({ apiUrl: store.apiUrl, token: fresh.authToken! });
  assert.deepEqual(await current.whoami(), { user: store.user, authenticated: true });
});
