/** Current API sessions: login, whoami, logout, rate limit, the cookie + CSRF rule, CORS for browser clients. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl, DIST_PLAIN, login, sleep, startJobStore, token, upload } from './api-support.ts';

describe('current API: login', () => {
  let s: StoreServer;
  before(async () => {
    s = await startJobStore();
  });
  after(() => s.close());

  test('200 with an opaque token, the user, expires (default 1 h) and a CSRF token; cookie Path=/api; HttpOnly; SameSite=Strict', async () => {
    const before = Date.now();
    const r = await login(s);
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['auth_token', 'csrf_token', 'expires', 'user']);
    assert.equal(r.body.user, 'demo');
    assert.ok(typeof r.body.auth_token === 'string' && r.body.auth_token.length >= 32);
    assert.ok(typeof r.body.csrf_token === 'string' && r.body.csrf_token.length >= 32 && r.body.csrf_token !== r.body.auth_token);
    assert.match(r.body.expires, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const lifetime = Date.parse(r.body.expires) - before;
    assert.ok(lifetime > 3500_000 && lifetime <= 3600_000 + 60_000, `lifetime ${lifetime}`);
    assert.equal(r.headers.get('set-cookie'), `auth_token=${r.body.auth_token}; Path=/api; HttpOnly; SameSite=Strict`);
    assert.equal(r.headers.get('cache-control'), 'no-store');
  });

  test('every login gets a different token', async () => {
    assert.notEqual((await login(s)).body.auth_token, (await login(s)).body.auth_token);
  });

  test('max_age_seconds is honoured and clamped to 30 days; a non-integer is 400', async () => {
    const now = Date.now();
    const twoHours = await login(s, 'demo', 'demo-password', { max_age_seconds: 7200 });
    const l2 = Date.parse(twoHours.body.expires) - now;
    assert.ok(l2 > 7100_000 && l2 <= 7200_000 + 60_000, `lifetime ${l2}`);
    const huge = await login(s, 'demo', 'demo-password', { max_age_seconds: 10 ** 9 });
    const l3 = Date.parse(huge.body.expires) - now;
    assert.ok(l3 > 29 * 86400_000 && l3 <= 30 * 86400_000 + 60_000, `clamped lifetime ${l3}`);
    assert.equal((await login(s, 'demo', 'demo-password', { max_age_seconds: 'soon' })).status, 400);
    assert.equal((await login(s, 'demo', 'demo-password', { max_age_seconds: -5 })).status, 400);
  });

  test('missing fields or a body that is not JSON → 400; wrong password → 401', async () => {
    const post = async (body: string) => answer(await fetch(`${apiUrl(s)}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
    assert.equal((await post('{"username":"demo"}')).status, 400);
    assert.equal((await post('not json')).status, 400);
    assert.equal((await post('[]')).status, 400);
    const wrong = await login(s, 'demo', 'nope');
    assert.equal(wrong.status, 401);
    assert.equal(typeof wrong.body.error, 'string');
  });

  test('user names match case-insensitively and answer with the configured spelling', async () => {
    const r = await login(s, 'ALICE', 'alice-pw');
    assert.equal(r.status, 200);
    assert.equal(r.body.user, 'alice');
  });
});

describe('current API: login rate limit', () => {
  test('5 failures for one user name → 429 with Retry-After, even with the right password; other users still log in', async () => {
    const s = await startJobStore({ loginLockoutMs: 60_000 });
    try {
      for (let i = 0; i < 5; i++) assert.equal((await login(s, 'alice', `wrong-${i}`)).status, 401);
      const locked = await login(s, 'alice', 'alice-pw');
      assert.equal(locked.status, 429);
      const retry = Number(locked.headers.get('retry-after'));
      assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${locked.headers.get('retry-after')}`);
      assert.equal(typeof locked.body.error, 'string');
      // the lock is per name (and per address only after 5 failures from it; 5 here came from this address too)
    } finally {
      await s.close();
    }
  });

  test('5 failures from one client address lock that address for any user name', async () => {
    const s = await startJobStore({ loginLockoutMs: 60_000 });
    try {
      for (let i = 0; i < 5; i++) assert.equal((await login(s, `nobody-${i}`, 'x')).status, 401);
      const r = await login(s, 'demo', 'demo-password');
      assert.equal(r.status, 429);
      assert.ok(r.headers.get('retry-after'));
    } finally {
      await s.close();
    }
  });

  test('after the lockout the right password works again; failures are counted anew', async () => {
    const s = await startJobStore({ loginLockoutMs: 300 });
    try {
      for (let i = 0; i < 5; i++) await login(s, 'demo', 'wrong');
      const locked = await login(s, 'demo', 'demo-password');
      assert.equal(locked.status, 429);
      assert.equal(locked.headers.get('retry-after'), '1');
      await sleep(400);
      assert.equal((await login(s, 'demo', 'demo-password')).status, 200);
      assert.equal((await login(s, 'demo', 'wrong')).status, 401, 'one failure after the lockout is not a new lock');
    } finally {
      await s.close();
    }
  });
});

describe('current API: whoami and logout', () => {
  let s: StoreServer;
  before(async () => {
    s = await startJobStore();
  });
  after(() => s.close());

  const whoami = async (headers: Record<string, string> = {}) => answer(await fetch(`${apiUrl(s)}/auth/whoami`, { headers }));
  const logout = async (headers: Record<string, string> = {}) => answer(await fetch(`${apiUrl(s)}/auth/logout`, { method: 'POST', headers }));
  const GUEST = { user: 'guest', authenticated: false };

  test('a live token gives the user; a missing or foreign token gives guest/false (200)', async () => {
    const t = await token(s, 'alice', 'alice-pw');
    assert.deepEqual((await whoami({ 'X-Auth-Token': t })).body, { user: 'alice', authenticated: true });
    const none = await whoami();
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, GUEST);
    assert.deepEqual((await whoami({ 'X-Auth-Token': 'a-token-from-another-store-0123456789abcdef' })).body, GUEST);
    assert.deepEqual((await whoami({ 'X-Auth-Token': '' })).body, GUEST);
  });

  test('an expired token gives guest/false and is refused for uploads (403)', async () => {
    const r = await login(s, 'demo', 'demo-password', { max_age_seconds: 1 });
    const t = r.body.auth_token as string;
    assert.equal((await whoami({ 'X-Auth-Token': t })).body.authenticated, true);
    await sleep(Date.parse(r.body.expires) - Date.now() + 50);
    assert.deepEqual((await whoami({ 'X-Auth-Token': t })).body, GUEST);
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': t } });
    assert.equal(up.status, 403);
    assert.deepEqual(up.body, { error: 'Authentication required' });
  });

  test('logout → 204 and the token is dead on the server: whoami guest, uploads 403, job status 403; other sessions live on', async () => {
    const t = await token(s);
    const other = await token(s);
    const r = await logout({ 'X-Auth-Token': t });
    assert.equal(r.status, 204);
    assert.equal(r.text, '');
    assert.deepEqual((await whoami({ 'X-Auth-Token': t })).body, GUEST);
    const up = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': t } });
    assert.equal(up.status, 403);
    assert.equal((await answer(await fetch(`${apiUrl(s)}/job/1`, { headers: { 'X-Auth-Token': t } }))).status, 403);
    assert.equal((await whoami({ 'X-Auth-Token': other })).body.authenticated, true);
  });

  test('logout is idempotent: again, without a token, with an unknown token → 204', async () => {
    const t = await token(s);
    assert.equal((await logout({ 'X-Auth-Token': t })).status, 204);
    assert.equal((await logout({ 'X-Auth-Token': t })).status, 204);
    assert.equal((await logout()).status, 204);
    assert.equal((await logout({ 'X-Auth-Token': 'unknown' })).status, 204);
  });
});

describe('current API: the auth_token cookie and CSRF', () => {
  let s: StoreServer;
  let cookieToken: string;
  let csrf: string;
  before(async () => {
    s = await startJobStore();
    const r = await login(s);
    cookieToken = r.body.auth_token;
    csrf = r.body.csrf_token;
  });
  after(() => s.close());

  const cookie = () => ({ Cookie: `auth_token=${cookieToken}` });

  test('GET with only the cookie needs no CSRF header', async () => {
    const r = await answer(await fetch(`${apiUrl(s)}/auth/whoami`, { headers: cookie() }));
    assert.deepEqual(r.body, { user: 'demo', authenticated: true });
  });

  test('an upload authenticated by the cookie without X-CSRF-Token, or with a wrong one → 403; nothing queued', async () => {
    const none = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: cookie() });
    assert.equal(none.status, 403);
    assert.deepEqual(none.body, { error: 'CSRF token missing or wrong' });
    const wrong = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { ...cookie(), 'X-CSRF-Token': `${csrf}x` } });
    assert.equal(wrong.status, 403);
    assert.deepEqual(wrong.body, { error: 'CSRF token missing or wrong' });
  });

  test('cookie + the right X-CSRF-Token → 202; X-Auth-Token alone needs no CSRF header → 202', async () => {
    const withCsrf = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { ...cookie(), 'X-CSRF-Token': csrf } });
    assert.equal(withCsrf.status, 202);
    const header = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': cookieToken } });
    assert.equal(header.status, 202);
  });

  test('a stale X-Auth-Token header does not fall back to a live cookie', async () => {
    const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: { ...cookie(), 'X-CSRF-Token': csrf, 'X-Auth-Token': 'stale' } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: 'Authentication required' });
  });

  test('logout by cookie needs the CSRF header; with it → 204, the cookie is cleared and the session gone', async () => {
    const r = await login(s);
    const c = { Cookie: `auth_token=${r.body.auth_token}` };
    const refused = await answer(await fetch(`${apiUrl(s)}/auth/logout`, { method: 'POST', headers: c }));
    assert.equal(refused.status, 403);
    const ok = await answer(await fetch(`${apiUrl(s)}/auth/logout`, { method: 'POST', headers: { ...c, 'X-CSRF-Token': r.body.csrf_token } }));
    assert.equal(ok.status, 204);
    assert.match(ok.headers.get('set-cookie') ?? '', /^auth_token=; Max-Age=0; Path=\/api; HttpOnly; SameSite=Strict$/);
    assert.equal((await answer(await fetch(`${apiUrl(s)}/auth/whoami`, { headers: c }))).body.authenticated, false);
  });
});

describe('current API: CORS for browser clients of the configured origins', () => {
  let s: StoreServer;
  before(async () => {
    s = await startJobStore({}, { corsOrigins: ['http://localhost:5173', 'https://portal.example.org'] });
  });
  after(() => s.close());

  test('preflight on /api allows credentials and the X-Auth-Token, X-CSRF-Token, Content-Type headers', async () => {
    const r = await fetch(`${apiUrl(s)}/distribution/addFile`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-csrf-token' },
    });
    assert.equal(r.status, 204);
    assert.equal(r.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal(r.headers.get('access-control-allow-credentials'), 'true');
    const allowed = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    for (const h of ['x-auth-token', 'x-csrf-token', 'content-type']) assert.ok(allowed.includes(h), `${h} in ${allowed.join(', ')}`);
    assert.match(r.headers.get('access-control-allow-methods') ?? '', /POST/);
  });

  test('answers on /api echo a configured origin with credentials and expose Retry-After; store reads stay without credentials', async () => {
    const r = await fetch(`${apiUrl(s)}/auth/whoami`, { headers: { Origin: 'https://portal.example.org' } });
    assert.equal(r.headers.get('access-control-allow-origin'), 'https://portal.example.org');
    assert.equal(r.headers.get('access-control-allow-credentials'), 'true');
    assert.match(r.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
    const store = await fetch(`${s.url}search?type=solr&query=*:*`, { headers: { Origin: 'https://portal.example.org' } });
    assert.equal(store.headers.get('access-control-allow-credentials'), null);
  });
});
