/**
 * Issue 23 point 4 (login CSRF): a cross-site page can POST a `<form>` only as text/plain, urlencoded or multipart,
 * never as application/json (that needs a CORS preflight). So `POST /api/auth/login` answers a session cookie to
 * `application/json` bodies only, anything else is 415 with no cookie; `POST {store}auth/cookie` (EntryStore §5.1) takes
 * its urlencoded form only. Every refused body below is one that would log in if its type were accepted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { answer, apiUrl, startJobStore } from '../store/api-support.ts';

let s: StoreServer;
before(async () => {
  s = await startJobStore();
});
after(() => s.close());

const JSON_BODY = JSON.stringify({ username: 'demo', password: 'demo-password' });
/** What `<form enctype="text/plain">` with the input name `{"username":"demo","password":"demo-password","x":"` and value `"}` sends. */
const TEXT_PLAIN_FORM = '{"username":"demo","password":"demo-password","x":"="}';
const FORM_BODY = 'auth_username=demo&auth_password=demo-password';

async function post(url: string, contentType: string | undefined, body: string) {
  // A Blob without a type: fetch then sends no Content-Type at all (a string body would add text/plain).
  const payload = contentType === undefined ? new Blob([body]) : body;
  return answer(await fetch(url, { method: 'POST', headers: contentType === undefined ? {} : { 'Content-Type': contentType }, body: payload }));
}

describe('POST /api/auth/login takes application/json only (issue 23 point 4)', () => {
  const refusedTypes: [string | undefined, string][] = [
    ['text/plain', TEXT_PLAIN_FORM],
    ['text/plain;charset=UTF-8', JSON_BODY],
    ['application/x-www-form-urlencoded', JSON_BODY],
    ['multipart/form-data; boundary=x', JSON_BODY],
    [undefined, JSON_BODY],
    ['application/jsonx', JSON_BODY],
    ['text/json', JSON_BODY],
  ];
  for (const [type, body] of refusedTypes) {
    test(`Content-Type ${type ?? '(none)'} → 415, no session cookie, a JSON error naming application/json`, async () => {
      const r = await post(`${apiUrl(s)}/auth/login`, type, body);
      assert.equal(r.status, 415, r.text);
      assert.equal(r.headers.get('set-cookie'), null);
      assert.match(r.body.error, /application\/json/);
      assert.equal(r.headers.get('accept-post'), 'application/json');
    });
  }

  for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
    test(`Content-Type ${type} → 200 with the session cookie`, async () => {
      const r = await post(`${apiUrl(s)}/auth/login`, type, JSON_BODY);
      assert.equal(r.status, 200, r.text);
      assert.match(r.headers.get('set-cookie') ?? '', /^auth_token=[A-Za-z0-9_-]{43};/);
    });
  }
});

describe('POST {store}auth/cookie takes its urlencoded form only (EntryStore §5.1)', () => {
  for (const [type, body] of [['text/plain', FORM_BODY], ['multipart/form-data; boundary=x', FORM_BODY], [undefined, FORM_BODY], ['application/json', FORM_BODY]] as const) {
    test(`Content-Type ${type ?? '(none)'} → 415, no cookie`, async () => {
      const r = await post(`${s.url}auth/cookie`, type, body);
      assert.equal(r.status, 415, r.text);
      assert.equal(r.headers.get('set-cookie'), null);
      assert.match(r.body.error, /application\/x-www-form-urlencoded/);
    });
  }

  for (const type of ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded;charset=UTF-8']) {
    test(`Content-Type ${type} → 200 with the cookie`, async () => {
      const r = await post(`${s.url}auth/cookie`, type, FORM_BODY);
      assert.equal(r.status, 200, r.text);
      assert.match(r.headers.get('set-cookie') ?? '', /^auth_token=[A-Za-z0-9_-]{43};/);
    });
  }
});
