/**
 * JobApiClient against the in-process dev store (current API): session, add/replace to SUCCESS, exact 64-bit ids,
 * every typed refusal, FAILED jobs, upload progress, Node file sources, abort and cookie mode.
 */
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AbortError, JobApiClient, JobApiError, isAbort } from '../../src/api.ts';
import type { Job } from '../../src/api.ts';
import { fileFromPath, uploadSourceFromStream } from '../../node/index.ts';
import {
  API_SOURCE_DISTRIBUTION, DATASET_URI, PLAIN_DISTRIBUTION, UNKNOWN_URI, csvOfSize, namedFile, recordingFetch, startJobStore,
} from './helpers.ts';
import type { JobStore } from './helpers.ts';

const LIMIT = 2 * 1024 * 1024;
const TWO_53 = 2n ** 53n;

let store: JobStore;
let client: JobApiClient;

before(async () => {
  store = await startJobStore({ maxUploadBytes: LIMIT });
  client = new JobApiClient({ apiUrl: store.apiUrl });
  await client.login(store.user, store.password);
});
after(() => store?.close());

async function fileText(uri: string): Promise<string> {
  const res = await fetch(uri);
  assert.equal(res.status, 200, `GET ${uri}`);
  return res.text();
}

function rejectsWith(status: number, check: (e: JobApiError) => void = () => {}) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof JobApiError, `expected JobApiError ${status}, got ${String(e)}`);
    assert.equal(e.status, status, e.message);
    assert.equal(e.message, (e.body as { error: string }).error, 'the message is the body\'s error');
    check(e);
    return true;
  };
}

describe('session', () => {
  test('login → whoami → logout: the token works until logout, then whoami says guest and uploads get 403', async () => {
    const c = new JobApiClient({ apiUrl: `${store.apiUrl}/` });
    assert.deepEqual(await c.whoami(), { user: 'guest', authenticated: false });
    const login = await c.login(store.user, store.password, { maxAgeSeconds: 600 });
    assert.equal(login.user, store.user);
    assert.ok(login.token.length >= 32);
    assert.equal(c.token, login.token);
    assert.ok(login.expires && !Number.isNaN(Date.parse(login.expires)));
    const expiresIn = Date.parse(login.expires!) - Date.now();
    assert.ok(expiresIn > 500_000 && expiresIn <= 600_000 + 5_000, 'max_age_seconds is honoured');
    assert.deepEqual(await c.whoami(), { user: store.user, authenticated: true });
    const same = new JobApiClient({ apiUrl: store.apiUrl, token: login.token });
    assert.deepEqual(await same.whoami(), { user: store.user, authenticated: true });
    await c.logout();
    assert.equal(c.token, undefined);
    assert.deepEqual(await same.whoami(), { user: 'guest', authenticated: false }, 'logout invalidated the token on the server');
    await assert.rejects(same.addFile(PLAIN_DISTRIBUTION, namedFile('a\n1\n', 'x.csv')), rejectsWith(403));
    const foreign = new JobApiClient({ apiUrl: store.apiUrl, token: 'x'.repeat(64) });
    assert.deepEqual(await foreign.whoami(), { user: 'guest', authenticated: false });
  });

  test('wrong password → 401 JobApiError', async () => {
    const c = new JobApiClient({ apiUrl: store.apiUrl });
    await assert.rejects(c.login(store.readOnlyUser, 'wrong'), rejectsWith(401));
    assert.equal(c.token, undefined);
  });
});

describe('jobs', () => {
  test('add → waitForJob → SUCCESS with resultUrl; the file is served there; replace → SUCCESS with the new content', async () => {
    const csv = 'code,name\n1,alpha\n2,beta\n';
    const accepted = await client.addFile(PLAIN_DISTRIBUTION, namedFile(csv, 'alpha.csv'));
    assert.equal(accepted.status, 'PENDING');
    assert.match(accepted.jobId, /^\d+$/);
    assert.ok(accepted.message.length > 0);
    const seen: Job[] = [];
    const done = await client.waitForJob(accepted.jobId, { intervalMs: 20, onProgress: (j) => seen.push(j) });
    assert.equal(done.status, 'SUCCESS', done.error);
    assert.equal(done.jobId, accepted.jobId);
    assert.equal(done.jobType, 'ADD');
    assert.equal(done.resourceURI, PLAIN_DISTRIBUTION);
    assert.equal(done.filename, 'alpha.csv');
    assert.equal(done.user, store.user);
    assert.ok(done.terminated && done.received);
    assert.ok(done.resultUrl?.startsWith(store.storeUrl), done.resultUrl);
    assert.equal(seen.at(-1), done, 'onProgress saw the final record');
    for (const j of seen.slice(0, -1)) assert.ok(j.status === 'PENDING' || j.status === 'PROCESSING');
    assert.equal(await fileText(done.resultUrl!), csv);

    const replacement = 'code,name\n3,gamma\n';
    const rep = await client.replaceFile(done.resultUrl!, namedFile(replacement, 'gamma.csv'));
    const repDone = await client.waitForJob(rep.jobId, { intervalMs: 20 });
    assert.equal(repDone.status, 'SUCCESS', repDone.error);
    assert.equal(repDone.jobType, 'REPLACE');
    assert.equal(repDone.resultUrl, done.resultUrl, 'a replace keeps the file address');
    assert.equal(await fileText(done.resultUrl!), replacement);
  });

  test('a job id above 2^53 stays exact: the string equals the number token of the raw answers and round-trips through getJob', async () => {
    const rec = recordingFetch();
    const c = new JobApiClient({ apiUrl: store.apiUrl, token: client.token!, fetch: rec.fetch });
    let accepted;
    // Ids are random in [1, 2^63-1]: nearly all are above 2^53 and not representable as a double; try a few.
    const lossy = (id: string) => BigInt(id) > TWO_53 && BigInt(Number(id)) !== BigInt(id);
    for (let i = 0; i < 8; i++) {
      accepted = await c.addFile(PLAIN_DISTRIBUTION, namedFile('a\n1\n', `big-${i}.csv`));
      if (lossy(accepted.jobId)) break;
    }
    assert.ok(accepted && lossy(accepted.jobId), 'got an id above 2^53 that a double cannot hold');
    const rawAccepted = rec.answers.at(-1)!;
    assert.equal(rawAccepted.status, 202);
    const token = /"jobId"\s*:\s*(\d+)/.exec(rawAccepted.text)?.[1];
    assert.ok(token, rawAccepted.text);
    assert.equal(BigInt(accepted.jobId), BigInt(token));
    assert.equal(accepted.jobId, token);
    assert.notEqual(BigInt(Number(token)), BigInt(token), 'a JS number would have lost it');
    const job = await c.getJob(accepted.jobId);
    assert.equal(job.jobId, accepted.jobId);
    const rawJob = rec.answers.at(-1)!;
    assert.ok(rawJob.url.endsWith(`/job/${token}`), 'the path carries the exact decimal');
    assert.equal(/"jobId"\s*:\s*(\d+)/.exec(rawJob.text)?.[1], token);
    assert.equal((await c.waitForJob(accepted.jobId, { intervalMs: 20 })).jobId, token);
  });

  test('one client, several uploads at once: distinct exact ids, every job reaches SUCCESS with its own file', async () => {
    const n = 6;
    const contents = Array.from({ length: n }, (_, i) => `code\n${i}\n`);
    const accepted = await Promise.all(contents.map((c, i) => client.addFile(PLAIN_DISTRIBUTION, namedFile(c, `parallel-${i}.csv`))));
    assert.equal(new Set(accepted.map((a) => a.jobId)).size, n);
    const done = await Promise.all(accepted.map((a) => client.waitForJob(a.jobId, { intervalMs: 20 })));
    assert.deepEqual(done.map((d) => d.status), Array(n).fill('SUCCESS'));
    assert.equal(new Set(done.map((d) => d.resultUrl)).size, n);
    assert.deepEqual(await Promise.all(done.map((d) => fileText(d.resultUrl!))), contents);
  });

  test('FAILED jobs resolve with the spec texts: ZIP bytes named .csv; a non-CSV file for a distribution with a connected API', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const a = await client.addFile(PLAIN_DISTRIBUTION, namedFile(zip, 'data.csv'));
    const failed = await client.waitForJob(a.jobId, { intervalMs: 20 });
    assert.equal(failed.status, 'FAILED');
    assert.equal(failed.error, 'File content does not match declared type');
    assert.ok(failed.terminated);
    assert.equal(failed.resultUrl, undefined);
    const b = await client.addFile(API_SOURCE_DISTRIBUTION, namedFile('{"a": 1}', 'data.json', 'application/json'));
    const failed2 = await client.waitForJob(b.jobId, { intervalMs: 20 });
    assert.equal(failed2.status, 'FAILED');
    assert.equal(failed2.error, 'File content must be CSV');
  });
});

describe('typed refusals', () => {
  test('400: a filename with a path separator, one longer than 200 characters', async () => {
    await assert.rejects(client.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'dir/evil.csv')), rejectsWith(400, (e) => assert.match(e.message, /^Filename/)));
    await assert.rejects(client.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', `${'n'.repeat(197)}.csv`)), rejectsWith(400));
    // exactly 200 characters is allowed
    const ok = await client.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', `${'n'.repeat(196)}.csv`));
    assert.equal(ok.status, 'PENDING');
  });

  test('403: no token; a user who may not write the context', async () => {
    const anon = new JobApiClient({ apiUrl: store.apiUrl });
    await assert.rejects(anon.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')), rejectsWith(403, (e) => assert.equal(e.message, 'Authentication required')));
    await assert.rejects(anon.getJob('1'), rejectsWith(403));
    const reader = new JobApiClient({ apiUrl: store.apiUrl });
    await reader.login(store.readOnlyUser, store.readOnlyPassword);
    await assert.rejects(reader.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')), rejectsWith(403, (e) => assert.match(e.message, /^User reader may not write context/)));
  });

  test('404: an unknown resource URI; an unknown, non-numeric or foreign job id', async () => {
    await assert.rejects(client.addFile(UNKNOWN_URI, namedFile('a\n', 'a.csv')), rejectsWith(404));
    await assert.rejects(client.replaceFile(UNKNOWN_URI, namedFile('a\n', 'a.csv')), rejectsWith(404));
    await assert.rejects(client.getJob('1'), rejectsWith(404, (e) => assert.equal(e.message, 'Job not found')));
    await assert.rejects(client.getJob('not-a-number'), rejectsWith(404));
    const mine = await client.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'mine.csv'));
    const reader = new JobApiClient({ apiUrl: store.apiUrl });
    await reader.login(store.readOnlyUser, store.readOnlyPassword);
    await assert.rejects(reader.getJob(mine.jobId), rejectsWith(404), 'another user\'s job is not found');
  });

  test('413: a file over the limit; the body names the limit', async () => {
    const big = new Uint8Array(LIMIT + 1);
    await assert.rejects(client.addFile(PLAIN_DISTRIBUTION, namedFile(big, 'big.csv')), rejectsWith(413, (e) =>
      assert.equal((e.body as { limitBytes: number }).limitBytes, LIMIT)));
  });

  test('422: wrong kind, naming the kind found (dataset to addFile, distribution to replaceFile); nothing is queued', async () => {
    await assert.rejects(client.addFile(DATASET_URI, namedFile('a\n', 'a.csv')), rejectsWith(422, (e) => {
      assert.equal((e.body as { kind: string }).kind, 'dataset');
      assert.match(e.message, /dataset/);
    }));
    await assert.rejects(client.replaceFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')), rejectsWith(422, (e) => {
      assert.equal((e.body as { kind: string }).kind, 'distribution');
      assert.match(e.message, /replaceFile needs a file/);
    }));
  });
});

describe('uploads', () => {
  test('onUploadProgress rises to the total (the whole multipart body, more than the file)', async () => {
    const csv = csvOfSize(1_000_000);
    const calls: [number, number][] = [];
    const accepted = await client.addFile(PLAIN_DISTRIBUTION, namedFile(csv, 'progress.csv'), { onUploadProgress: (s, t) => calls.push([s, t]) });
    assert.equal(accepted.status, 'PENDING');
    assert.ok(calls.length > 3);
    const total = calls[0]![1];
    assert.ok(total > csv.length);
    for (let i = 1; i < calls.length; i++) {
      assert.ok(calls[i]![0] > calls[i - 1]![0], 'monotonic');
      assert.equal(calls[i]![1], total);
    }
    assert.deepEqual(calls.at(-1), [total, total]);
    const done = await client.waitForJob(accepted.jobId, { intervalMs: 20 });
    assert.equal(done.status, 'SUCCESS', done.error);
    assert.equal((await fileText(done.resultUrl!)).length, csv.length);
  });

  test('Node sources: a disk-backed file from fileFromPath and a Node stream', async () => {
    const p = path.join(store.dataDir, '..', `cb-upload-${process.pid}.csv`);
    const csv = csvOfSize(300_000);
    await writeFile(p, csv);
    const file = await fileFromPath(p);
    const a = await client.addFile(PLAIN_DISTRIBUTION, file);
    const done = await client.waitForJob(a.jobId, { intervalMs: 20 });
    assert.equal(done.status, 'SUCCESS', done.error);
    assert.equal(done.filename, path.basename(p));
    assert.equal(await fileText(done.resultUrl!), csv);
    const size = (await stat(p)).size;
    const s = await client.addFile(PLAIN_DISTRIBUTION, uploadSourceFromStream(createReadStream(p), { size, name: 'streamed.csv' }));
    const sDone = await client.waitForJob(s.jobId, { intervalMs: 20 });
    assert.equal(sDone.status, 'SUCCESS', sDone.error);
    assert.equal(sDone.filename, 'streamed.csv');
    assert.equal(await fileText(sDone.resultUrl!), csv);
  });

  test('an aborted upload rejects with AbortError', async () => {
    const controller = new AbortController();
    const p = client.addFile(PLAIN_DISTRIBUTION, namedFile(csvOfSize(1_500_000), 'abort.csv'), {
      signal: controller.signal,
      onUploadProgress: (sent) => { if (sent > 100_000) controller.abort(); },
    });
    await assert.rejects(p, (e: unknown) => e instanceof AbortError && isAbort(e));
  });
});

describe('waiting', () => {
  test('waitForJob tolerates a long PROCESSING, reports progress, and an abort rejects at once with no further request', async () => {
    const slow = await startJobStore({ processingMs: 600_000 });
    try {
      const rec = recordingFetch();
      const c = new JobApiClient({ apiUrl: slow.apiUrl, fetch: rec.fetch });
      await c.login(slow.user, slow.password);
      const accepted = await c.addFile(PLAIN_DISTRIBUTION, namedFile('a\n1\n', 'slow.csv'));
      const controller = new AbortController();
      const seen: Job[] = [];
      const waiting = c.waitForJob(accepted.jobId, {
        intervalMs: 10,
        signal: controller.signal,
        onProgress: (j) => {
          seen.push(j);
          if (seen.filter((x) => x.status === 'PROCESSING').length >= 3) controller.abort();
        },
      });
      await assert.rejects(waiting, (e: unknown) => isAbort(e));
      const polls = rec.answers.filter((a) => a.url.includes('/job/')).length;
      assert.equal(polls, seen.length);
      const processing = seen.filter((x) => x.status === 'PROCESSING');
      assert.equal(processing.length, 3);
      for (const j of processing) assert.ok(typeof j.progress === 'number' && j.progress >= 0 && j.progress <= 100);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(rec.answers.filter((a) => a.url.includes('/job/')).length, polls, 'no request after the abort');
    } finally {
      await slow.close();
    }
  });
});

describe('cookie mode', () => {
  /** What a browser does for the API's HttpOnly cookie: keep auth_token from Set-Cookie, send it back. */
  function cookieJarFetch(): typeof fetch {
    let cookie: string | undefined;
    return (async (input: string | URL | Request, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (cookie && init.credentials === 'include') headers.set('Cookie', cookie);
      const res = await fetch(input, { ...init, headers });
      for (const line of res.headers.getSetCookie()) {
        const m = /^auth_token=([^;]*)/.exec(line);
        if (m) cookie = m[1] ? `auth_token=${m[1]}` : undefined;
      }
      return res;
    }) as typeof fetch;
  }

  test('credentials: "cookie" uploads with the cookie and the CSRF header; without the CSRF token the API refuses (403)', async () => {
    const jar = cookieJarFetch();
    const c = new JobApiClient({ apiUrl: store.apiUrl, credentials: 'cookie', fetch: jar });
    const login = await c.login(store.user, store.password);
    assert.ok(login.csrfToken);
    assert.deepEqual(await c.whoami(), { user: store.user, authenticated: true });
    const a = await c.addFile(PLAIN_DISTRIBUTION, namedFile('a\n1\n', 'cookie.csv'));
    assert.equal((await c.waitForJob(a.jobId, { intervalMs: 20 })).status, 'SUCCESS');
    c.csrfToken = undefined;
    await assert.rejects(c.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'x.csv')), rejectsWith(403, (e) => assert.equal(e.message, 'CSRF token missing or wrong')));
    c.csrfToken = login.csrfToken;
    await c.logout();
    assert.deepEqual(await c.whoami(), { user: 'guest', authenticated: false });
  });
});
