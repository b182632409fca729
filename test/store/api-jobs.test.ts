/** Current API job status: `GET /api/job/{jobId}` — states and their extra fields, 403/404 rules, retention. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl, DIST_PLAIN, jobIdToken, sleep, startJobStore, token, until, upload } from './api-support.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('current API: job status', () => {
  let s: StoreServer;
  let t: string;
  const auth = () => ({ 'X-Auth-Token': t });
  const getJob = async (id: string, headers: Record<string, string> = auth()) => answer(await fetch(`${apiUrl(s)}/job/${id}`, { headers }));

  before(async () => {
    s = await startJobStore();
    t = await token(s);
  });
  after(() => s.close());

  test('SUCCESS record: exact jobId, jobType ADD, resourceURI, filename, user, received, terminated, resultUrl; no queue/progress fields', async () => {
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: 'a.csv' });
    const id = jobIdToken(up.text);
    await s.jobs.idle();
    const r = await getJob(id);
    assert.equal(r.status, 200);
    assert.equal(jobIdToken(r.text), id, 'the same integer token, digit for digit');
    assert.deepEqual(Object.keys(r.body).sort(), ['filename', 'jobId', 'jobType', 'received', 'resourceURI', 'resultUrl', 'status', 'terminated', 'user']);
    assert.equal(r.body.status, 'SUCCESS');
    assert.equal(r.body.jobType, 'ADD');
    assert.equal(r.body.resourceURI, DIST_PLAIN);
    assert.equal(r.body.filename, 'a.csv');
    assert.equal(r.body.user, 'demo');
    assert.match(r.body.received, ISO);
    assert.match(r.body.terminated, ISO);
    assert.ok(r.body.terminated >= r.body.received);
    assert.match(r.body.resultUrl, /\/store\/1\/resource\/\d+$/);
  });

  test('PENDING carries queuePosition, PROCESSING carries progress 0–100 (slow jobs)', async () => {
    const slow = await startJobStore({ processingMs: 60_000 });
    try {
      const tk = await token(slow);
      const a = jobIdToken((await upload(apiUrl(slow), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': tk } })).text);
      const b = jobIdToken((await upload(apiUrl(slow), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': tk } })).text);
      const read = async (id: string) => answer(await fetch(`${apiUrl(slow)}/job/${id}`, { headers: { 'X-Auth-Token': tk } }));
      const first = await until(() => read(a), (r) => r.body.status === 'PROCESSING');
      assert.equal(first.body.status, 'PROCESSING');
      assert.ok(Number.isInteger(first.body.progress) && first.body.progress >= 0 && first.body.progress <= 100);
      assert.equal('queuePosition' in first.body, false);
      assert.equal('terminated' in first.body, false);
      const second = await read(b);
      assert.equal(second.body.status, 'PENDING');
      assert.equal(second.body.queuePosition, 1);
      assert.equal('progress' in second.body, false);
    } finally {
      await slow.close();
    }
  });

  test('FAILED carries error and terminated, no resultUrl', async () => {
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: 'x.csv', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) });
    await s.jobs.idle();
    const r = await getJob(jobIdToken(up.text));
    assert.equal(r.body.status, 'FAILED');
    assert.equal(typeof r.body.error, 'string');
    assert.match(r.body.terminated, ISO);
    assert.equal('resultUrl' in r.body, false);
  });

  test('without a token → 403; with a logged-out token → 403', async () => {
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth() });
    const id = jobIdToken(up.text);
    const r = await getJob(id, {});
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: 'Authentication required' });
    const gone = await token(s);
    await fetch(`${apiUrl(s)}/auth/logout`, { method: 'POST', headers: { 'X-Auth-Token': gone } });
    assert.equal((await getJob(id, { 'X-Auth-Token': gone })).status, 403);
    await s.jobs.idle();
  });

  test('unknown id, not digits, a rounded neighbour of a real id, another user\'s job → 404 "Job not found"', async () => {
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth() });
    const id = jobIdToken(up.text);
    await s.jobs.idle();
    const neighbour = (BigInt(id) + 1n).toString();
    const alice = await token(s, 'alice', 'alice-pw');
    for (const [jobId, headers] of [
      ['123', auth()],
      ['abc', auth()],
      ['-1', auth()],
      [neighbour, auth()],
      [id, { 'X-Auth-Token': alice }],
    ] as const) {
      const r = await getJob(jobId, headers);
      assert.equal(r.status, 404, `job ${jobId}`);
      assert.deepEqual(r.body, { error: 'Job not found' });
    }
  });

  test('the cookie (GET, no CSRF needed) reads the job too', async () => {
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth() });
    await s.jobs.idle();
    const r = await getJob(jobIdToken(up.text), { Cookie: `auth_token=${t}` });
    assert.equal(r.status, 200);
  });
});

describe('current API: retention', () => {
  test('a terminated job answers 404 after the retention time', async () => {
    const s = await startJobStore({ jobRetentionMs: 200 });
    try {
      const t = await token(s);
      const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': t } });
      const id = jobIdToken(up.text);
      await s.jobs.idle();
      const read = async () => answer(await fetch(`${apiUrl(s)}/job/${id}`, { headers: { 'X-Auth-Token': t } }));
      const fresh = await read();
      // Either still inside the retention window (SUCCESS) or already past it; after the window it must be 404.
      assert.ok(fresh.status === 200 || fresh.status === 404);
      await sleep(400);
      const expired = await read();
      assert.equal(expired.status, 404);
      assert.deepEqual(expired.body, { error: 'Job not found' });
    } finally {
      await s.close();
    }
  });
});
