/**
 * Issue 12 point 4: EntryStore's session routes under {store}, called the way entrystore.js's Auth/Rest do
 * (entrystore.js is not a dependency here; the requests below are its requests on the wire):
 * - getUserInfo(): `GET {store}auth/user` (Accept: application/json, no JSONP), with the cookie if logged in;
 * - login(user, password): `POST {store}auth/cookie` as a form (`auth_username`, `auth_password`, `auth_maxage=604800`,
 *   trailing `&`); in Node it keeps the whole `Set-Cookie` value (attributes included) as its Cookie header, then
 *   `GET {store}auth/user`;
 * - logout(): `POST {store}auth/logout` (4.17; GET on 404/405 and in older versions), then it treats the user as guest.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl } from './api-support.ts';
import type { Answer } from './api-support.ts';
import { startJobStore } from './api-support.ts';

let s: StoreServer;
before(async () => {
  s = await startJobStore();
});
after(() => s.close());

const LOCAL_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/;

/** The requests entrystore.js (Node) makes for getAuth().getUserInfo()/login()/logout(). */
class EntryStoreJsAuth {
  cookie: string | undefined;
  constructor(readonly base: string, readonly extraHeaders: Record<string, string> = {}) {}

  #headers(): Record<string, string> {
    return { Accept: 'application/json', ...this.extraHeaders, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  async getUserInfo(): Promise<Answer> {
    return answer(await fetch(`${this.base}auth/user`, { headers: this.#headers() }));
  }

  async login(user: string, password: string): Promise<Answer> {
    this.cookie = undefined;
    const form = `auth_username=${encodeURIComponent(user)}&auth_password=${encodeURIComponent(password)}&auth_maxage=604800&`;
    const res = await fetch(`${this.base}auth/cookie`, {
      method: 'POST',
      headers: { ...this.#headers(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    assert.equal(res.status, 200, `auth/cookie: ${await res.clone().text()}`);
    this.cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth_token='));
    assert.ok(this.cookie, 'auth_token cookie set');
    return this.getUserInfo();
  }

  /** `browser`: the cookie jar still sends the cookie; entrystore.js in Node drops its cookie header first. */
  async logout(method: 'POST' | 'GET', opts: { browser?: boolean } = {}): Promise<Answer> {
    const sent = opts.browser ? this.cookie : undefined;
    this.cookie = undefined;
    return answer(await fetch(`${this.base}auth/logout`, { method, headers: { Accept: 'application/json', ...(sent ? { cookie: sent } : {}) } }));
  }
}

function tokenOf(setCookie: string): string {
  return /^auth_token=([^;]+)/.exec(setCookie)![1]!;
}

describe('{store}auth/user', () => {
  test('not logged in: 200 guest `_guest` (JSON, no-store), with the client\'s Accept-Language', async () => {
    const es = new EntryStoreJsAuth(s.url, { 'Accept-Language': 'sv, en;q=0.8, *;q=0.1' });
    const r = await es.getUserInfo();
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    assert.deepEqual(r.body, { user: 'guest', id: '_guest', uri: `${s.url}_principals/entry/_guest`, clientAcceptLanguage: { sv: 1, en: 0.8 } });
  });

  test('login() → auth/user gives the logged-in user (configured spelling), id, uri and authTokenExpires', async () => {
    const es = new EntryStoreJsAuth(s.url);
    const r = await es.login('ALICE', 'alice-pw');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.user, 'alice');
    assert.equal(r.body.id, '2', 'the second configured account');
    assert.equal(r.body.uri, `${s.url}_principals/entry/2`);
    assert.deepEqual(r.body.clientAcceptLanguage, {});
    assert.match(r.body.authTokenExpires, LOCAL_DATE_TIME);
    assert.ok(es.cookie!.includes('Path=/store/'), 'the whole Set-Cookie value is sent back, attributes and all');
    const demo = await new EntryStoreJsAuth(s.url).login('demo', 'demo-password');
    assert.deepEqual([demo.body.user, demo.body.id], ['demo', '1']);
  });

  test('never JSONP: a callback parameter still gets plain JSON (the answer depends on the cookie)', async () => {
    const es = new EntryStoreJsAuth(s.url);
    await es.login('demo', 'demo-password');
    const res = await fetch(`${s.url}auth/user?callback=cb123&format=application/json`, { headers: { cookie: es.cookie! } });
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(JSON.parse(await res.text()).user, 'demo');
  });

  test('an unknown token: 401 with a clearing cookie, as EntryStore answers', async () => {
    const r = await answer(await fetch(`${s.url}auth/user`, { headers: { Accept: 'application/json', cookie: 'auth_token=nope' } }));
    assert.equal(r.status, 401);
    assert.match(r.headers.get('set-cookie') ?? '', /^auth_token=; Max-Age=0;.*Path=\/store\//);
  });
});

describe('{store}auth/logout', () => {
  test('POST with the cookie (browser): 200, clearing cookie; the session ended on the server (auth/user 401, /api whoami guest)', async () => {
    const es = new EntryStoreJsAuth(s.url);
    await es.login('demo', 'demo-password');
    const cookie = es.cookie!;
    const t = tokenOf(cookie);
    assert.equal((await answer(await fetch(`${apiUrl(s)}/auth/whoami`, { headers: { 'X-Auth-Token': t } }))).body.user, 'demo', 'one session store');
    const out = await es.logout('POST', { browser: true });
    assert.equal(out.status, 200);
    assert.equal(out.text, '');
    assert.match(out.headers.get('set-cookie') ?? '', /^auth_token=; Max-Age=0;.*Path=\/store\//);
    const stale = await answer(await fetch(`${s.url}auth/user`, { headers: { cookie } }));
    assert.equal(stale.status, 401);
    assert.deepEqual((await es.getUserInfo()).body.id, '_guest', 'without the cookie: guest');
    assert.deepEqual((await answer(await fetch(`${apiUrl(s)}/auth/whoami`, { headers: { 'X-Auth-Token': t } }))).body, { user: 'guest', authenticated: false });
  });

  test('GET (older entrystore.js, and its fallback) ends the session too; HTML clients get "Logout successful."', async () => {
    const es = new EntryStoreJsAuth(s.url);
    await es.login('demo', 'demo-password');
    const cookie = es.cookie!;
    const out = await answer(await fetch(`${s.url}auth/logout`, { headers: { Accept: 'text/html', cookie } }));
    assert.equal(out.status, 200);
    assert.equal(out.text, 'Logout successful.');
    assert.equal((await answer(await fetch(`${s.url}auth/user`, { headers: { cookie } }))).status, 401);
  });

  test('without a cookie (entrystore.js in Node drops it before logging out): 200, and getUserInfo() is guest', async () => {
    const es = new EntryStoreJsAuth(s.url);
    await es.login('demo', 'demo-password');
    for (const method of ['POST', 'GET'] as const) assert.equal((await es.logout(method)).status, 200);
    assert.deepEqual((await es.getUserInfo()).body.user, 'guest');
  });
});
