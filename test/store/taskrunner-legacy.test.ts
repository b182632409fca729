/** Legacy API: `{store}auth/cookie`, `/taskrunner/v1/distribution/addFile|replaceFile`, `/taskrunner/v1/job/{id}`. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl, countSubmits, DIST_OTHER, DIST_PLAIN, jobIdToken, leftoverUploads, login, multipart, startJobStore, taskUrl, until, upload, uploadStreamed, ZIP_BYTES } from './api-support.ts';

async function cookieLogin(s: StoreServer, username: string, password: string, accept = '*/*') {
  const body = new URLSearchParams({ auth_username: username, auth_password: password });
  return answer(await fetch(`${s.url}auth/cookie`, { method: 'POST', headers: { Accept: accept, 'Content-Type': 'application/x-www-form-urlencoded' }, body }));
}

async function legacyToken(s: StoreServer, username = 'demo', password = 'demo-password'): Promise<string> {
  const r = await cookieLogin(s, username, password);
  const m = /^auth_token=([^;]+);/.exec(r.headers.get('set-cookie') ?? '');
  if (!m) throw new Error(`no cookie: ${r.status}`);
  return m[1]!;
}

const legacyJob = async (s: StoreServer, id: string) => answer(await fetch(`${taskUrl(s)}/job/${id}`));

describe('legacy cookie login', () => {
  let s: StoreServer;
  before(async () => {
    s = await startJobStore();
  });
  after(() => s.close());

  test('200 + Set-Cookie with exactly Max-Age=31536000; SameSite=None; HttpOnly; Secure; Path=/store/; body "Login successful." for */*', async () => {
    const r = await cookieLogin(s, 'demo', 'demo-password');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('set-cookie')!, /^auth_token=[A-Za-z0-9_-]{32,}; Max-Age=31536000; SameSite=None; HttpOnly; Secure; Path=\/store\/$/);
    assert.equal(r.text, 'Login successful.');
    assert.match(r.headers.get('content-type')!, /^text\/html/);
  });

  test('a JSON-only client gets an empty body; wrong password → 401; missing field → 400', async () => {
    const json = await cookieLogin(s, 'demo', 'demo-password', 'application/json');
    assert.equal(json.status, 200);
    assert.equal(json.text, '');
    assert.equal((await cookieLogin(s, 'demo', 'nope')).status, 401);
    const missing = await answer(await fetch(`${s.url}auth/cookie`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'auth_username=demo' }));
    assert.equal(missing.status, 400);
  });

  test('the legacy token is a session like any other: X-Auth-Token on /api knows it', async () => {
    const tk = await legacyToken(s, 'alice', 'alice-pw');
    const r = await answer(await fetch(`${apiUrl(s)}/auth/whoami`, { headers: { 'X-Auth-Token': tk } }));
    assert.deepEqual(r.body, { user: 'alice', authenticated: true });
  });
});

describe('legacy login shares the rate limit of /api', () => {
  test('5 failed /api logins → the cookie login answers 429 with Retry-After', async () => {
    const s = await startJobStore({ loginLockoutMs: 60_000 });
    try {
      for (let i = 0; i < 5; i++) await login(s, 'demo', 'wrong');
      const r = await cookieLogin(s, 'demo', 'demo-password');
      assert.equal(r.status, 429);
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
      assert.equal(r.headers.get('set-cookie'), null);
    } finally {
      await s.close();
    }
  });
});

describe('legacy task API', () => {
  let s: StoreServer;
  let tk: string;
  const cookie = () => ({ Cookie: `auth_token=${tk}` });
  before(async () => {
    s = await startJobStore({ maxUploadBytes: 64 * 1024 });
    tk = await legacyToken(s);
  });
  after(() => s.close());

  test('addFile → 200 {jobId: small integer, prototypeURI}; the job ends Success with resultUrl = prototypeURI; status needs no auth', async () => {
    const r = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie(), filename: 'legacy.csv' });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['jobId', 'prototypeURI']);
    assert.ok(Number.isSafeInteger(r.body.jobId) && r.body.jobId >= 1 && r.body.jobId < 1e6);
    assert.match(r.body.prototypeURI, /\/store\/1\/resource\/\d+$/);
    await s.jobs.idle();
    const job = await legacyJob(s, String(r.body.jobId));
    assert.equal(job.status, 200);
    assert.equal(job.body.status, 'Success');
    assert.equal(job.body.resultUrl, r.body.prototypeURI);
    assert.equal(job.body.jobId, r.body.jobId);
    assert.equal(job.body.resourceURI, DIST_PLAIN);
    assert.equal(job.body.filename, 'legacy.csv');
    assert.ok(job.body.received && job.body.terminated);
    assert.equal('error' in job.body, false);
  });

  test('replaceFile → 200 with only jobId; ends Success', async () => {
    const add = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie() });
    await s.jobs.idle();
    const r = await upload(taskUrl(s), 'replaceFile', add.body.prototypeURI, { headers: cookie(), filename: 'v2.csv' });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body), ['jobId']);
    await s.jobs.idle();
    assert.equal((await legacyJob(s, String(r.body.jobId))).body.status, 'Success');
  });

  test('ids are sequential small integers', async () => {
    const a = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie() });
    const b = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie() });
    assert.equal(b.body.jobId, a.body.jobId + 1);
    await s.jobs.idle();
  });

  test('resourceURI passed unencoded (as the TR scripts do) is understood', async () => {
    const { body, contentType } = multipart('raw.csv', 'a,b\n1,2\n');
    const r = await answer(await fetch(`${taskUrl(s)}/distribution/addFile?resourceURI=${DIST_PLAIN}`, { method: 'POST', headers: { ...cookie(), 'Content-Type': contentType }, body }));
    assert.equal(r.status, 200, r.text);
    await s.jobs.idle();
    const job = await legacyJob(s, String(r.body.jobId));
    assert.equal(job.body.resourceURI, DIST_PLAIN);
    assert.equal(job.body.status, 'Success', job.body.error);
  });

  test('only the auth_token name/value counts: stray attributes and other cookies in the header are ignored', async () => {
    const r = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: { Cookie: `theme=dark; auth_token=${tk}; Path=/store/; Max-Age=31536000` } });
    assert.equal(r.status, 200, r.text);
    await s.jobs.idle();
  });

  test('no cookie, an unknown token, or only X-Auth-Token → 401 {"error": "Not logged in"}', async () => {
    for (const headers of [{}, { Cookie: 'auth_token=nope' }, { 'X-Auth-Token': tk }] as Record<string, string>[]) {
      const r = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers });
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { error: 'Not logged in' });
    }
  });

  test('a wrong-kind URI is accepted (200) and the job fails with the current API\'s 422 text', async () => {
    const r = await upload(taskUrl(s), 'replaceFile', DIST_PLAIN, { headers: cookie() });
    assert.equal(r.status, 200);
    await s.jobs.idle();
    const job = await legacyJob(s, String(r.body.jobId));
    assert.equal(job.body.status, 'Failed');
    assert.equal(job.body.error, 'resourceURI names a distribution entry; replaceFile needs a file');
    assert.equal('resultUrl' in job.body, false);
  });

  test('an unknown URI is accepted (200) and the job fails with the current API\'s 404 text', async () => {
    const r = await upload(taskUrl(s), 'addFile', 'https://example.org/nothing', { headers: cookie() });
    assert.equal(r.status, 200);
    assert.ok(r.body.jobId >= 1);
    await s.jobs.idle();
    const job = await legacyJob(s, String(r.body.jobId));
    assert.equal(job.body.status, 'Failed');
    assert.equal(job.body.error, 'No entry with resource URI https://example.org/nothing');
  });

  test('content that does not match its extension → 200, then Failed "File content does not match declared type"', async () => {
    const r = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie(), filename: 'data.csv', content: ZIP_BYTES });
    assert.equal(r.status, 200);
    await s.jobs.idle();
    const job = await legacyJob(s, String(r.body.jobId));
    assert.equal(job.body.status, 'Failed');
    assert.equal(job.body.error, 'File content does not match declared type');
  });

  test('filename with a path separator or longer than 200 characters → 400 (same rules as the current API)', async () => {
    for (const filename of ['a/b.csv', 'a\\b.csv', `${'y'.repeat(201)}`]) {
      const r = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie(), filename });
      assert.equal(r.status, 400, filename);
      assert.match(r.body.error, /^Filename /);
    }
  });

  test('unknown or malformed job id → 200 {"jobId": <id>, "status": "Not found"}', async () => {
    const r = await legacyJob(s, '987654');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { jobId: 987654, status: 'Not found' });
    assert.equal(jobIdToken(r.text), '987654');
    const odd = await legacyJob(s, 'abc');
    assert.equal(odd.status, 200);
    assert.equal(odd.body.status, 'Not found');
  });

  test('over the size limit → 413 (Content-Length and streamed); nothing queued', async () => {
    const submits = countSubmits(s);
    const big = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie(), content: Buffer.alloc(200 * 1024, 0x61) });
    assert.equal(big.status, 413);
    assert.equal(big.body.limitBytes, 64 * 1024);
    const streamed = await uploadStreamed(taskUrl(s), 'addFile', DIST_PLAIN, cookie(), 16 * 1024, 8);
    assert.equal(streamed.status, 413);
    assert.equal(submits.count, 0);
    assert.deepEqual(await leftoverUploads(s), []);
  });

  test('a user may not write another context → 403', async () => {
    const alice = await legacyToken(s, 'alice', 'alice-pw');
    const r = await upload(taskUrl(s), 'addFile', DIST_OTHER, { headers: { Cookie: `auth_token=${alice}` } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: 'User alice may not write context 2' });
  });

  test('current and legacy ids are separate: a legacy job is 404 on /api, a current job "Not found" on the legacy status', async () => {
    const legacy = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: cookie() });
    const current = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': tk } });
    await s.jobs.idle();
    assert.equal((await answer(await fetch(`${apiUrl(s)}/job/${legacy.body.jobId}`, { headers: { 'X-Auth-Token': tk } }))).status, 404);
    assert.equal((await legacyJob(s, jobIdToken(current.text))).body.status, 'Not found');
  });
});

describe('legacy job states are mixed case', () => {
  test('Pending and Processing while a slow job runs', async () => {
    const s = await startJobStore({ processingMs: 60_000 });
    try {
      const tk = await legacyToken(s);
      const a = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: { Cookie: `auth_token=${tk}` } });
      const b = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: { Cookie: `auth_token=${tk}` } });
      const first = await until(() => legacyJob(s, String(a.body.jobId)), (r) => r.body.status === 'Processing');
      assert.equal(first.body.status, 'Processing');
      assert.equal('progress' in first.body, false, 'legacy records keep to the legacy fields');
      assert.equal((await legacyJob(s, String(b.body.jobId))).body.status, 'Pending');
    } finally {
      await s.close();
    }
  });
});
