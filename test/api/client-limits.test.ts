/** JobApiClient and the dev store's limits that need their own store: job retention (→ 404) and the login rate limit (429). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JobApiClient, JobApiError } from '../../src/api.ts';
import { PLAIN_DISTRIBUTION, namedFile, startJobStore } from './helpers.ts';

test('retention: a finished job answers 404 once the retention time has passed (getJob and waitForJob)', async () => {
  const store = await startJobStore({ jobRetentionMs: 300 });
  try {
    const c = new JobApiClient({ apiUrl: store.apiUrl });
    await c.login(store.user, store.password);
    const accepted = await c.addFile(PLAIN_DISTRIBUTION, namedFile('a\n1\n', 'short-lived.csv'));
    const done = await c.waitForJob(accepted.jobId, { intervalMs: 20 });
    assert.equal(done.status, 'SUCCESS', done.error);
    let gone: unknown;
    for (let i = 0; i < 200 && !gone; i++) {
      try {
        await c.getJob(accepted.jobId);
        await new Promise((r) => setTimeout(r, 50));
      } catch (e) {
        gone = e;
      }
    }
    assert.ok(gone instanceof JobApiError, `expected a 404 after retention, got ${String(gone)}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.message, 'Job not found');
    await assert.rejects(c.waitForJob(accepted.jobId, { intervalMs: 20 }), (e: unknown) => e instanceof JobApiError && e.status === 404);
  } finally {
    await store.close();
  }
});

test('rate limit: after 5 failed logins even the right password gets 429 with Retry-After (retryAfterS)', async () => {
  const store = await startJobStore({ loginLockoutMs: 60_000 });
  try {
    const c = new JobApiClient({ apiUrl: store.apiUrl });
    for (let i = 0; i < 5; i++) {
      await assert.rejects(c.login(store.user, `wrong-${i}`), (e: unknown) => e instanceof JobApiError && e.status === 401);
    }
    await assert.rejects(c.login(store.user, store.password), (e: unknown) => {
      assert.ok(e instanceof JobApiError);
      assert.equal(e.status, 429);
      assert.ok(e.retryAfterS !== undefined && e.retryAfterS > 0 && e.retryAfterS <= 60, String(e.retryAfterS));
      assert.ok(e.message.length > 0);
      return true;
    });
    assert.equal(c.token, undefined);
  } finally {
    await store.close();
  }
});
