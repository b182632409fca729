/**
 * Issue 8 point 1: write permission of the job APIs is checked for the TARGET's context whether or not the entry
 * exists yet (the context is derived from a `{store}{ctx}/resource|entry|metadata/{id}` URI), and again when the
 * job runs (the job records its user): a user who may not write the context of the entry as it is then gets a
 * FAILED job and nothing is written. Both APIs; the exact race of the issue (replace of an id another user's add
 * is about to create) is played with the engine's commit gate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { JobEngine } from '../../dev-store/jobs/engine.ts';
import { Gate, makeUpload, tempDir } from '../../dev-store/jobs/test-support.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl, DIST_OTHER, DIST_PLAIN, jobIdToken, startJobStore, taskUrl, token, until, upload, USERS } from './api-support.ts';

/** bob may write context 2 only; alice context 1 only (api-support); demo every context. */
const BOB = { name: 'bob', password: 'bob-pw', contexts: ['2'] };
const USERS_WITH_BOB = [...USERS, BOB];

async function legacyCookie(s: StoreServer, username: string, password: string): Promise<string> {
  const body = new URLSearchParams({ auth_username: username, auth_password: password });
  const r = await fetch(`${s.url}auth/cookie`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  const m = /^auth_token=([^;]+);/.exec(r.headers.get('set-cookie') ?? '');
  if (!m) throw new Error(`legacy login ${username}: ${r.status}`);
  return `auth_token=${m[1]!}`;
}

/** The id the next entry of context 1 gets (ids are sequential and public: anyone can predict it). */
function predictedFileUri(s: StoreServer): string {
  const ctx = s.store.contexts.get('1')!;
  let next = 1;
  while (ctx.entries.has(String(next)) || ctx.reserved?.has(String(next))) next++;
  return `${s.url}1/resource/${next}`;
}

async function fileText(url: string): Promise<string> {
  return (await fetch(url)).text();
}

describe('the race of issue 8: replace of a file another user\'s add is about to create', () => {
  let s: StoreServer;
  let gate: Gate;
  before(async () => {
    s = await startJobStore({ users: USERS_WITH_BOB });
    gate = new Gate();
    (s.jobs as JobEngine).testHooks.beforeCommit = gate.wait;
  });
  after(() => {
    gate.open();
    return s.close();
  });

  for (const api of ['legacy', 'current'] as const) {
    test(`${api} API: bob (context 2) sends replaceFile for the predicted {store}1/resource/N before alice's add commits → refused, alice's file intact`, async () => {
      gate = new Gate();
      (s.jobs as JobEngine).testHooks.beforeCommit = gate.wait;
      const alice = await token(s, 'alice', 'alice-pw');
      const victim = predictedFileUri(s);
      const add = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': alice }, filename: 'alice.csv', content: 'who,value\nalice,1\n' });
      assert.equal(add.status, 202, add.text);
      await until(async () => gate.held, (n) => n === 1);

      const r = api === 'legacy'
        ? await upload(taskUrl(s), 'replaceFile', victim, { headers: { Cookie: await legacyCookie(s, 'bob', 'bob-pw') }, filename: 'bob.csv', content: 'who,value\nbob,666\n' })
        : await upload(apiUrl(s), 'replaceFile', victim, { headers: { 'X-Auth-Token': await token(s, 'bob', 'bob-pw') }, filename: 'bob.csv', content: 'who,value\nbob,666\n' });
      gate.open();
      await s.jobs.idle();

      const added = s.jobs.get(jobIdToken(add.text))!;
      assert.equal(added.status, 'SUCCESS', added.error);
      assert.equal(added.resultUrl, victim, 'precondition: the predicted URI is the one alice\'s add created');
      if (api === 'legacy') {
        assert.equal(r.status, 403, `legacy replaceFile of a not-yet-existing entry in context 1: ${r.text}`);
        assert.deepEqual(r.body, { error: 'User bob may not write context 1' });
      } else {
        assert.equal(r.status, 404, r.text); // the current API refuses unknown targets up front
      }
      assert.equal(await fileText(victim), 'who,value\nalice,1\n', 'alice\'s file is unchanged');
    });

    test(`${api} API: a job submitted past the route (engine) by bob for that URI FAILS when it runs; nothing is written`, async () => {
      gate = new Gate();
      (s.jobs as JobEngine).testHooks.beforeCommit = gate.wait;
      const victim = predictedFileUri(s);
      const alice = await token(s, 'alice', 'alice-pw');
      const add = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': alice }, filename: 'alice2.csv', content: 'who,value\nalice,2\n' });
      assert.equal(add.status, 202, add.text);
      await until(async () => gate.held, (n) => n === 1);
      const bobJob = await s.jobs.submit({ api, jobType: 'REPLACE', resourceURI: victim, user: 'bob', upload: await makeUpload(s.dataDir, 'bob.csv', 'who,value\nbob,666\n', 'text/csv') });
      gate.open();
      await s.jobs.idle();
      assert.equal(s.jobs.get(jobIdToken(add.text))!.resultUrl, victim, 'precondition');
      const rec = s.jobs.get(bobJob.jobId)!;
      assert.equal(rec.status, 'FAILED', 'bob\'s job must not succeed');
      assert.match(rec.error ?? '', /^User bob may not write context 1\b/);
      assert.equal(rec.resultUrl, undefined);
      assert.equal(await fileText(victim), 'who,value\nalice,2\n', 'alice\'s file is unchanged');
    });
  }
});

describe('target context derived from the URI when the entry does not exist (legacy API)', () => {
  let s: StoreServer;
  let bob: string;
  before(async () => {
    s = await startJobStore({ users: USERS_WITH_BOB });
    bob = await legacyCookie(s, 'bob', 'bob-pw');
  });
  after(() => s.close());

  test('not-yet-existing {store}1/resource|entry|metadata/N → 403 for a context-2 user, both operations', async () => {
    for (const kind of ['resource', 'entry', 'metadata']) {
      for (const op of ['addFile', 'replaceFile'] as const) {
        const r = await upload(taskUrl(s), op, `${s.url}1/${kind}/9999`, { headers: { Cookie: bob } });
        assert.equal(r.status, 403, `${op} ${kind}: ${r.text}`);
        assert.deepEqual(r.body, { error: 'User bob may not write context 1' });
      }
    }
  });

  test('a store URI naming no context of this store is writable by nobody (not even an every-context user) → 403', async () => {
    const demo = await legacyCookie(s, 'demo', 'demo-password');
    for (const uri of [`${s.url}9/resource/1`, `${s.url}01/resource/1`, `${s.url}1/resource/1?x=1`, `${s.url}1/resource/1#f`, `${s.url}_contexts/resource/1`, `${s.url}search`]) {
      const r = await upload(taskUrl(s), 'replaceFile', uri, { headers: { Cookie: demo } });
      assert.equal(r.status, 403, `${uri}: ${r.text}`);
      assert.match(r.body.error, /names no context of this store/);
    }
  });

  test('the user\'s own context still works for a not-yet-existing id: accepted (200), the job fails later as documented', async () => {
    const r = await upload(taskUrl(s), 'replaceFile', `${s.url}2/resource/9999`, { headers: { Cookie: bob } });
    assert.equal(r.status, 200, r.text);
    await s.jobs.idle();
    const job = await answer(await fetch(`${taskUrl(s)}/job/${r.body.jobId}`));
    assert.equal(job.body.status, 'Failed');
    assert.match(job.body.error, /^No entry with resource URI /);
  });

  test('a foreign URI with no entry keeps the documented legacy behaviour: 200, then Failed "No entry …"', async () => {
    const r = await upload(taskUrl(s), 'addFile', 'https://example.org/nothing', { headers: { Cookie: bob } });
    assert.equal(r.status, 200);
    await s.jobs.idle();
    const job = await answer(await fetch(`${taskUrl(s)}/job/${r.body.jobId}`));
    assert.equal(job.body.status, 'Failed');
  });

  test('an existing entry of a context the user may not write → 403 (unchanged)', async () => {
    const r = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: { Cookie: bob } });
    assert.equal(r.status, 403);
    const ok = await upload(taskUrl(s), 'addFile', DIST_OTHER, { headers: { Cookie: bob } });
    assert.equal(ok.status, 200, ok.text);
    await s.jobs.idle();
  });
});

describe('checked again when the job runs: rights taken away across a restart', () => {
  test('carol may write context 1 when she submits (both APIs); after a restart she may only write context 2 → both jobs FAILED, nothing written', async () => {
    const dataDir = tempDir('job-permission-');
    const carol = (contexts: string[]) => [...USERS, { name: 'carol', password: 'carol-pw', contexts }];
    let s = await startJobStore({ dataDir, users: carol(['1']), processingMs: 600_000 });
    let current: string;
    let legacy: string;
    try {
      const t = await token(s, 'carol', 'carol-pw');
      const a = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': t }, filename: 'carol.csv' });
      assert.equal(a.status, 202, a.text);
      current = jobIdToken(a.text);
      const b = await upload(taskUrl(s), 'addFile', DIST_PLAIN, { headers: { Cookie: await legacyCookie(s, 'carol', 'carol-pw') }, filename: 'carol2.csv' });
      assert.equal(b.status, 200, b.text);
      legacy = String(b.body.jobId);
    } finally {
      await s.close();
    }
    s = await startJobStore({ dataDir, users: carol(['2']), processingMs: 0 });
    try {
      await s.jobs.idle();
      for (const id of [current, legacy]) {
        const rec = s.jobs.get(id)!;
        assert.equal(rec.status, 'FAILED', `job ${id}`);
        assert.match(rec.error ?? '', /^User carol may not write context 1\b/);
      }
      const plain = s.store.entriesByResource(DIST_PLAIN)[0]!;
      assert.equal(plain.metadata.some((t) => t.predicate === 'http://www.w3.org/ns/dcat#downloadURL' && t.object.value.startsWith(s.url)), false, 'no file linked');
    } finally {
      await s.close();
    }
  });

  test('a job whose user no longer exists after a restart FAILS', async () => {
    const dataDir = tempDir('job-permission-');
    let s = await startJobStore({ dataDir, users: [...USERS, { name: 'dave', password: 'dave-pw' }], processingMs: 600_000 });
    let id: string;
    try {
      const a = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': await token(s, 'dave', 'dave-pw') } });
      assert.equal(a.status, 202, a.text);
      id = jobIdToken(a.text);
    } finally {
      await s.close();
    }
    s = await startJobStore({ dataDir, processingMs: 0 });
    try {
      await s.jobs.idle();
      const rec = s.jobs.get(id)!;
      assert.equal(rec.status, 'FAILED');
      assert.match(rec.error ?? '', /^User dave may not write context 1\b/);
    } finally {
      await s.close();
    }
  });
});
