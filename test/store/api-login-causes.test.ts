/**
 * Issue 12 point 2: what generated clients send. `max_age_seconds` 0 (a non-nullable int) or null means the default
 * lifetime; every 400 of the login and of the uploads names its actual cause (a multipart part without a filename,
 * as a generator that took `file` for a string sends, is "Filename missing or empty").
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl, DIST_PLAIN, login, multipart, token } from './api-support.ts';
import { startJobStore } from './api-support.ts';

let s: StoreServer;
before(async () => {
  s = await startJobStore();
});
after(() => s.close());

const post = async (body: string) => answer(await fetch(`${apiUrl(s)}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
const lifetimeMs = (expires: string, from: number) => Date.parse(expires) - from;

describe('login: max_age_seconds', () => {
  for (const value of [0, null]) {
    test(`${JSON.stringify(value)} → 200 with the default lifetime (1 h)`, async () => {
      const from = Date.now();
      const r = await login(s, 'demo', 'demo-password', { max_age_seconds: value });
      assert.equal(r.status, 200, r.text);
      const l = lifetimeMs(r.body.expires, from);
      assert.ok(l > 3500_000 && l <= 3600_000 + 60_000, `lifetime ${l}`);
    });
  }

  test('a positive integer is still honoured; negative, fractional, string and unsafe values are 400 naming max_age_seconds', async () => {
    const from = Date.now();
    const r = await login(s, 'demo', 'demo-password', { max_age_seconds: 120 });
    assert.equal(r.status, 200);
    const l = lifetimeMs(r.body.expires, from);
    assert.ok(l > 100_000 && l <= 120_000 + 5_000, `lifetime ${l}`);
    for (const bad of [-1, 1.5, '600', true, 2 ** 60]) {
      const x = await login(s, 'demo', 'demo-password', { max_age_seconds: bad });
      assert.equal(x.status, 400, JSON.stringify(bad));
      assert.equal(x.body.error, 'max_age_seconds must be a positive integer (0 or null: the default lifetime)');
    }
  });
});

describe('login: each 400 names its cause', () => {
  const cases: [string, string][] = [
    ['not json', 'Body must be JSON: {"username", "password", "max_age_seconds"?}'],
    ['[]', 'Body must be a JSON object: {"username", "password", "max_age_seconds"?}'],
    ['"demo"', 'Body must be a JSON object: {"username", "password", "max_age_seconds"?}'],
    ['{"password": "demo-password"}', 'username missing'],
    ['{"username": null, "password": "demo-password"}', 'username missing'],
    ['{"username": 5, "password": "demo-password"}', 'username must be a string'],
    ['{"username": "", "password": "demo-password"}', 'username is empty'],
    ['{"username": "demo"}', 'password missing'],
    ['{"username": "demo", "password": ["x"]}', 'password must be a string'],
    ['{"username": "demo", "password": ""}', 'password is empty'],
  ];
  for (const [body, message] of cases) {
    test(`${body} → 400 "${message}"`, async () => {
      const r = await post(body);
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { error: message });
    });
  }

  test('the body a generated C# client sends (an unset non-nullable int as 0) logs in', async () => {
    const r = await post('{"username": "demo", "password": "demo-password", "max_age_seconds": 0}');
    assert.equal(r.status, 200, r.text);
  });
});

describe('uploads: a part without a filename', () => {
  test('the file part sent as a plain field (no filename) → 400 "Filename missing or empty"; with a filename → 202', async () => {
    const t = await token(s);
    const url = `${apiUrl(s)}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`;
    const noName = multipart(undefined, 'a,b\n1,2\n');
    const r = await answer(await fetch(url, { method: 'POST', headers: { 'X-Auth-Token': t, 'Content-Type': noName.contentType }, body: noName.body }));
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: 'Filename missing or empty' });
    const named = multipart('a.csv', 'a,b\n1,2\n');
    const ok = await answer(await fetch(url, { method: 'POST', headers: { 'X-Auth-Token': t, 'Content-Type': named.contentType }, body: named.body }));
    assert.equal(ok.status, 202, ok.text);
  });
});
