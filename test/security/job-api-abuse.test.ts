/**
 * Issue 8 proof: abuse cases against BOTH job APIs of the dev store (current `/api`, legacy `/taskrunner/v1`), one
 * `test` per row of the tables below: cross-context writes (existing and not-yet-existing targets, the exact race),
 * wrong-kind URIs, dead tokens, CSRF, hostile filenames (every case of issue 8 point 5), oversized and malformed
 * bodies, hostile job ids, and the headers of stored files (plus a real browser opening hostile uploads). Every
 * refusal is also checked to have queued nothing and to have left no temp upload behind.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { JobEngine } from '../../dev-store/jobs/engine.ts';
import { Gate, makeUpload } from '../../dev-store/jobs/test-support.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import {
  answer,
  CATALOG_1,
  CATALOG_2,
  countSubmits,
  CSV,
  DATASET_1,
  DIST_CSV,
  DIST_OTHER,
  DIST_PLAIN,
  jobIdToken,
  leftoverUploads,
  multipart,
  uploadStreamed,
  USERS,
  type Answer,
} from '../store/api-support.ts';
import { startStore } from '../store/helpers.ts';
import { HOSTILE_FILENAMES } from '../store/hostile-filenames.ts';
import { launch } from '../e2e/harness.ts';

type Api = 'current' | 'legacy';
const APIS: readonly Api[] = ['current', 'legacy'];
const LIMIT = 64 * 1024;
const BOB = { name: 'bob', password: 'bob-pw', contexts: ['2'] };

let s: StoreServer;
let origin: string;
let submits: { readonly count: number };
/** Probe hits recorded by the plugin route (a script or load that ran in a hostile upload would add one). */
const probeHits: string[] = [];
const tokens: Record<string, string> = {};
const csrf: Record<string, string> = {};
/** A file entry of context 1 (alice's), its content, and a file of context 2. */
let file1: string;
const FILE1_CONTENT = 'who,value\nalice,1\n';
let file2: string;

const base = (api: Api): string => (api === 'current' ? `${origin}/api` : `${origin}/taskrunner/v1`);
/** The credentials header of `user` for an API (legacy: the cookie; current: X-Auth-Token). */
const auth = (api: Api, user: string): Record<string, string> => (api === 'current' ? { 'X-Auth-Token': tokens[user]! } : { Cookie: `auth_token=${tokens[user]!}` });
const accepted = (api: Api): number => (api === 'current' ? 202 : 200);
const unauthenticated = (api: Api): number => (api === 'current' ? 403 : 401);

async function post(api: Api, op: 'addFile' | 'replaceFile', resourceURI: string | undefined, headers: Record<string, string>, o: { filename?: string; content?: string | Buffer; type?: string; field?: string } = {}): Promise<Answer> {
  const { body, contentType } = multipart(o.filename ?? 'data.csv', o.content ?? CSV, { ...(o.type ? { type: o.type } : {}), ...(o.field ? { field: o.field } : {}) });
  const q = resourceURI === undefined ? '' : `?resourceURI=${encodeURIComponent(resourceURI)}`;
  return answer(await fetch(`${base(api)}/distribution/${op}${q}`, { method: 'POST', headers: { 'Content-Type': contentType, ...headers }, body }));
}

/** POST with a hand-made body and headers (any Content-Type, any multipart shape). */
async function postRaw(api: Api, op: 'addFile' | 'replaceFile', resourceURI: string, headers: Record<string, string>, body: string | Buffer): Promise<Answer> {
  return answer(await fetch(`${base(api)}/distribution/${op}?resourceURI=${encodeURIComponent(resourceURI)}`, { method: 'POST', headers, body: new Uint8Array(Buffer.from(body)) }));
}

/** A raw HTTP/1.1 request (Content-Length may lie); the first answer, or status 0 when the connection was reset. */
function rawHttp(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(`${origin}${path}`, { method: 'POST', headers, setHost: true });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
      res.on('error', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

/** A refusal: the status (and error pattern), JSON error body, nothing queued, no temp upload left. */
async function refused(r: Answer | { status: number; text: string }, status: number, error?: RegExp): Promise<void> {
  const before = submits.count;
  assert.equal(r.status, status, r.text.slice(0, 300));
  if (error) assert.match(JSON.parse(r.text).error, error);
  assert.equal(submits.count, before);
  assert.deepEqual(await leftoverUploads(s), [], 'no temp upload left');
}

/** A legacy request accepted as documented (200) whose job then FAILS with `error`; nothing written. */
async function acceptedThenFailed(r: Answer, error: RegExp): Promise<void> {
  assert.equal(r.status, 200, r.text);
  await s.jobs.idle();
  const job = await answer(await fetch(`${origin}/taskrunner/v1/job/${jobIdToken(r.text)}`));
  assert.equal(job.body.status, 'Failed');
  assert.match(job.body.error, error);
  assert.equal('resultUrl' in job.body, false);
}

/** The next id of context 1: public and sequential, so an attacker can predict the URI an add will create. */
function predicted(): string {
  const ctx = s.store.contexts.get('1')!;
  let next = 1;
  while (ctx.entries.has(String(next)) || ctx.reserved?.has(String(next))) next++;
  return `${s.url}1/resource/${next}`;
}

async function loginApi(user: string, password: string): Promise<{ token: string; csrf: string }> {
  const r = await answer(await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: user, password }) }));
  assert.equal(r.status, 200, r.text);
  return { token: r.body.auth_token, csrf: r.body.csrf_token };
}

async function addAs(user: string, dist: string, filename: string, content: string, type = 'text/csv'): Promise<string> {
  const r = await post('current', 'addFile', dist, auth('current', user), { filename, content, type });
  assert.equal(r.status, 202, r.text);
  await s.jobs.idle();
  const job = s.jobs.get(jobIdToken(r.text))!;
  assert.equal(job.status, 'SUCCESS', job.error);
  return job.resultUrl!;
}

before(async () => {
  s = await startStore(
    [
      { file: 'one.ttl', text: CATALOG_1 },
      { file: 'two.ttl', text: CATALOG_2 },
    ],
    {
      jobs: { users: [...USERS, BOB], processingMs: 0, maxUploadBytes: LIMIT },
      // the portal whose data previews read the stored files cross-origin (CORS is off for any other origin)
      corsOrigins: ['https://portal.example'],
      plugins: [
        (app) => {
          app.router.add(['GET', 'POST'], /^\/abuse-probe\/hit\/(?<name>[^/]+)$/, ({ res, match }) => {
            probeHits.push(match.name!);
            res.writeHead(204);
            res.end();
          });
          // The control: the same kind of payload, served without any protection (proves the probe sees a script).
          app.router.add(['GET'], /^\/abuse-probe\/unprotected\.html$/, ({ res }) => {
            res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
            res.end('<!doctype html><title>control</title><script>new Image().src="/abuse-probe/hit/control"</script>');
          });
        },
      ],
    },
  );
  origin = `http://localhost:${s.port}`;
  for (const [user, password] of [['demo', 'demo-password'], ['alice', 'alice-pw'], ['bob', 'bob-pw']] as const) {
    const l = await loginApi(user, password);
    tokens[user] = l.token;
    csrf[user] = l.csrf;
  }
  file1 = await addAs('alice', DIST_PLAIN, 'alice.csv', FILE1_CONTENT);
  file2 = await addAs('bob', DIST_OTHER, 'bob.csv', 'who,value\nbob,2\n');
  submits = countSubmits(s);
});

after(async () => {
  // Whatever ran, alice's file was never overwritten.
  assert.equal(await (await fetch(file1)).text(), FILE1_CONTENT);
  await s.close();
});

describe('cross-context writes (existing and not-yet-existing targets, the race)', () => {
  for (const api of APIS) {
    test(`${api}: alice (context 1) addFile to a distribution of context 2 → 403`, async () => {
      await refused(await post(api, 'addFile', DIST_OTHER, auth(api, 'alice')), 403, /^User alice may not write context 2$/);
    });
    test(`${api}: bob (context 2) replaceFile of alice's file in context 1 → 403`, async () => {
      await refused(await post(api, 'replaceFile', file1, auth(api, 'bob')), 403, /^User bob may not write context 1$/);
    });
    test(`${api}: alice replaceFile of bob's file in context 2 → 403`, async () => {
      await refused(await post(api, 'replaceFile', file2, auth(api, 'alice')), 403, /^User alice may not write context 2$/);
    });
    for (const op of ['addFile', 'replaceFile'] as const) {
      for (const kind of ['resource', 'entry', 'metadata']) {
        test(`${api}: bob ${op} of a not-yet-existing {store}1/${kind}/N → refused (${api === 'current' ? '404' : '403'})`, async () => {
          const uri = predicted().replace('/resource/', `/${kind}/`);
          if (api === 'current') await refused(await post(api, op, uri, auth(api, 'bob')), 404, /^No entry with resource URI /);
          else await refused(await post(api, op, uri, auth(api, 'bob')), 403, /^User bob may not write context 1$/);
        });
      }
    }
    for (const tail of ['9/resource/1', '01/resource/1', '1/resource/1?x=1', '1/resource/1#frag', '_contexts/entry/1', 'search']) {
      test(`${api}: demo (every context) replaceFile of {store}${tail} (no context of this store) → refused`, async () => {
        const r = await post(api, 'replaceFile', `${s.url}${tail}`, auth(api, 'demo'));
        if (api === 'current') await refused(r, 404, /^No entry with resource URI /);
        else await refused(r, 403, /names no context of this store$/);
      });
    }
    test(`${api}: the race — bob replaceFile of {store}1/resource/N while alice's add that creates N is held → refused; alice's file intact`, async () => {
      const gate = new Gate();
      const engine = s.jobs as JobEngine;
      engine.testHooks.beforeCommit = gate.wait;
      try {
        const victim = predicted();
        const add = await post('current', 'addFile', DIST_PLAIN, auth('current', 'alice'), { filename: 'race.csv', content: 'who,value\nalice,race\n' });
        assert.equal(add.status, 202);
        while (gate.held === 0) await new Promise((r) => setTimeout(r, 5));
        const r = await post(api, 'replaceFile', victim, auth(api, 'bob'), { filename: 'evil.csv', content: 'who,value\nbob,666\n' });
        gate.open();
        await s.jobs.idle();
        assert.equal(s.jobs.get(jobIdToken(add.text))!.resultUrl, victim, 'precondition: N was predicted right');
        assert.equal(r.status, api === 'current' ? 404 : 403, r.text);
        assert.equal(await (await fetch(victim)).text(), 'who,value\nalice,race\n');
      } finally {
        delete engine.testHooks.beforeCommit;
      }
    });
    test(`${api}: the race past the route — a job of bob's queued for {store}1/resource/N before N exists FAILS when it runs`, async () => {
      const gate = new Gate();
      const engine = s.jobs as JobEngine;
      engine.testHooks.beforeCommit = gate.wait;
      try {
        const victim = predicted();
        const add = await post('current', 'addFile', DIST_PLAIN, auth('current', 'alice'), { filename: 'race2.csv', content: 'who,value\nalice,race2\n' });
        while (gate.held === 0) await new Promise((r) => setTimeout(r, 5));
        const job = await s.jobs.submit({ api, jobType: 'REPLACE', resourceURI: victim, user: 'bob', upload: await makeUpload(s.dataDir, 'evil.csv', 'who,value\nbob,666\n', 'text/csv') });
        gate.open();
        await s.jobs.idle();
        assert.equal(s.jobs.get(jobIdToken(add.text))!.resultUrl, victim, 'precondition');
        const rec = s.jobs.get(job.jobId)!;
        assert.equal(rec.status, 'FAILED');
        assert.match(rec.error!, /^User bob may not write context 1 \(checked when the job ran\)/);
        assert.equal(await (await fetch(victim)).text(), 'who,value\nalice,race2\n');
      } finally {
        delete engine.testHooks.beforeCommit;
      }
    });
  }
  test('legacy: bob may still write a not-yet-existing id of his own context (200, the job fails later: no entry)', async () => {
    await acceptedThenFailed(await post('legacy', 'replaceFile', `${s.url}2/resource/99999`, auth('legacy', 'bob')), /^No entry with resource URI /);
  });
  test('legacy: a URI outside the store with no entry → 200, the job fails later (documented; nothing can be written)', async () => {
    await acceptedThenFailed(await post('legacy', 'addFile', 'https://evil.example/x', auth('legacy', 'bob')), /^No entry with resource URI /);
  });
});

describe('wrong-kind and missing URIs', () => {
  const cases: [string, 'addFile' | 'replaceFile', () => string, string][] = [
    ['addFile with a file URI', 'addFile', () => file1, 'file'],
    ['replaceFile with a distribution URI', 'replaceFile', () => DIST_PLAIN, 'distribution'],
    ['addFile with a dataset URI', 'addFile', () => DATASET_1, 'dataset'],
    ['addFile with a catalog URI', 'addFile', () => 'https://example.org/c1', 'catalog'],
    ['replaceFile with a dataset URI', 'replaceFile', () => DATASET_1, 'dataset'],
  ];
  for (const [what, op, uri, kind] of cases) {
    test(`current: ${what} → 422 naming "${kind}"`, async () => {
      const r = await post('current', op, uri(), auth('current', 'demo'));
      await refused(r, 422, new RegExp(`^resourceURI names a ${kind} entry; `));
      assert.equal(r.body.kind, kind);
    });
    test(`legacy: ${what} → 200, the job fails with the 422 text, nothing changed`, async () => {
      await acceptedThenFailed(await post('legacy', op, uri(), auth('legacy', 'demo')), new RegExp(`^resourceURI names a ${kind} entry; `));
    });
  }
  for (const api of APIS) {
    test(`${api}: no resourceURI → 400`, async () => {
      await refused(await post(api, 'addFile', undefined, auth(api, 'demo')), 400, /resourceURI/);
    });
    test(`${api}: empty resourceURI → 400`, async () => {
      await refused(await post(api, 'addFile', '   ', auth(api, 'demo')), 400, /resourceURI/);
    });
  }
});

describe('missing, foreign, expired, logged-out tokens', () => {
  let foreignToken: string;
  let expired: string;
  let loggedOut: string;
  before(async () => {
    const other = await startStore([{ file: 'one.ttl', text: CATALOG_1 }], { jobs: { users: USERS, processingMs: 0 } });
    try {
      const r = await answer(await fetch(`http://localhost:${other.port}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"demo","password":"demo-password"}' }));
      foreignToken = r.body.auth_token;
    } finally {
      await other.close();
    }
    expired = s.auth.sessions.create(s.auth.accounts.get('demo')!, -1000).token;
    loggedOut = (await loginApi('demo', 'demo-password')).token;
    const out = await fetch(`${origin}/api/auth/logout`, { method: 'POST', headers: { 'X-Auth-Token': loggedOut } });
    assert.equal(out.status, 204);
  });
  const dead: [string, () => string | undefined][] = [
    ['no token', () => undefined],
    ['a foreign store\'s token', () => foreignToken],
    ['an expired token', () => expired],
    ['a logged-out token', () => loggedOut],
    ['a made-up token', () => 'A'.repeat(43)],
    ['an empty token', () => ''],
  ];
  for (const api of APIS) {
    for (const [what, tk] of dead) {
      for (const op of ['addFile', 'replaceFile'] as const) {
        test(`${api} ${op}: ${what} → ${unauthenticated(api)}`, async () => {
          const t = tk();
          const headers: Record<string, string> = t === undefined ? {} : api === 'current' ? { 'X-Auth-Token': t } : { Cookie: `auth_token=${t}` };
          await refused(await post(api, op, op === 'addFile' ? DIST_PLAIN : file1, headers), unauthenticated(api), api === 'current' ? /^Authentication required$/ : /^Not logged in$/);
        });
      }
    }
  }
  test('current: a stale X-Auth-Token never falls back to a live cookie → 403', async () => {
    await refused(await post('current', 'addFile', DIST_PLAIN, { 'X-Auth-Token': loggedOut, Cookie: `auth_token=${tokens.demo}`, 'X-CSRF-Token': csrf.demo! }), 403, /^Authentication required$/);
  });
  test('legacy: the token as X-Auth-Token (no cookie) → 401', async () => {
    await refused(await post('legacy', 'addFile', DIST_PLAIN, { 'X-Auth-Token': tokens.demo! }), 401, /^Not logged in$/);
  });
  test('legacy: the cookie login sets Path=/store/, so a browser never attaches it to /taskrunner (no cross-site upload)', async () => {
    const r = await fetch(`${s.url}auth/cookie`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'auth_username=demo&auth_password=demo-password' });
    assert.match(r.headers.get('set-cookie')!, /; Path=\/store\/$/);
  });
  for (const [what, tk] of dead) {
    test(`current job status with ${what} → 403`, async () => {
      const t = tk();
      const r = await answer(await fetch(`${origin}/api/job/1`, { headers: t === undefined ? {} : { 'X-Auth-Token': t } }));
      assert.equal(r.status, 403);
    });
  }
});

describe('CSRF: cookie sessions need X-CSRF-Token', () => {
  const cookie = () => `auth_token=${tokens.demo}`;
  const cases: [string, () => Record<string, string>][] = [
    ['no X-CSRF-Token', () => ({ Cookie: cookie() })],
    ['a wrong X-CSRF-Token', () => ({ Cookie: cookie(), 'X-CSRF-Token': 'wrong' })],
    ['another session\'s X-CSRF-Token', () => ({ Cookie: cookie(), 'X-CSRF-Token': csrf.alice! })],
    ['an empty X-CSRF-Token', () => ({ Cookie: cookie(), 'X-CSRF-Token': '' })],
    ['the auth token as X-CSRF-Token', () => ({ Cookie: cookie(), 'X-CSRF-Token': tokens.demo! })],
  ];
  for (const [what, headers] of cases) {
    for (const op of ['addFile', 'replaceFile'] as const) {
      test(`current ${op}: cookie with ${what} → 403`, async () => {
        await refused(await post('current', op, op === 'addFile' ? DIST_PLAIN : file1, headers()), 403, /^CSRF token missing or wrong$/);
      });
    }
  }
  test('current logout: cookie without X-CSRF-Token → 403, the session lives on', async () => {
    const r = await answer(await fetch(`${origin}/api/auth/logout`, { method: 'POST', headers: { Cookie: cookie() } }));
    assert.equal(r.status, 403);
    const who = await answer(await fetch(`${origin}/api/auth/whoami`, { headers: { 'X-Auth-Token': tokens.demo! } }));
    assert.equal(who.body.authenticated, true);
  });
  test('current: cookie with the right X-CSRF-Token is accepted (control)', async () => {
    const r = await post('current', 'addFile', DIST_PLAIN, { Cookie: cookie(), 'X-CSRF-Token': csrf.demo! });
    assert.equal(r.status, 202, r.text);
    await s.jobs.idle();
  });
});

describe('path traversal and hostile filenames (every case of issue 8 point 5, both APIs)', () => {
  const names: [string, string][] = [
    ['../../etc/passwd', 'traversal with /'],
    ['..\\..\\windows\\win.ini', 'traversal with \\'],
    ['/etc/passwd', 'absolute path'],
    ['C:\\data.csv', 'drive path'],
    ['a/b.csv', 'slash'],
    ['x'.repeat(201), '201 characters'],
    ['a\u0000b.csv', 'NUL'],
    ['a\u0007b.csv', 'BEL'],
    ['a\tb.csv', 'tab'],
    ['a\u007fb.csv', 'DEL'],
    ...HOSTILE_FILENAMES.map((c): [string, string] => [c.name, c.why]),
  ];
  const shown = (name: string): string => JSON.stringify(name.length > 30 ? `${name.slice(0, 12)}…` : name);
  /** C0 controls (but tab) and DEL cannot travel raw in a part header: the multipart parser refuses them first. */
  const rawUnsendable = /[\u0000-\u0008\u000a-\u001f\u007f]/;
  for (const api of APIS) {
    for (const [name, why] of names) {
      test(`${api}: filename=${shown(name)} (${why}) → 400 naming the cause`, async () => {
        const r = await post(api, 'addFile', DIST_PLAIN, auth(api, 'demo'), { filename: name });
        await refused(r, 400, rawUnsendable.test(name) ? /^(Filename |Malformed multipart body)/ : /^Filename /);
      });
      test(`${api}: filename*=UTF-8''${shown(encodeURIComponent(name))} (${why}, RFC 8187 form) → 400 naming the cause`, async () => {
        const boundary = 'st4rform';
        const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: text/csv\r\n\r\na,b\r\n--${boundary}--\r\n`;
        await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body), 400, /^Filename /);
      });
    }
    test(`${api}: filename*=UTF-8'' with an encoded ../ → 400`, async () => {
      const boundary = 'b0undary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''..%2F..%2Fevil.csv\r\nContent-Type: text/csv\r\n\r\na,b\r\n--${boundary}--\r\n`;
      await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body), 400, /^Filename /);
    });
    test(`${api}: filename*=UTF-8'' with an encoded RLO → 400`, async () => {
      const boundary = 'b0undary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''invoice%E2%80%AEvsc.exe\r\nContent-Type: text/csv\r\n\r\na,b\r\n--${boundary}--\r\n`;
      await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body), 400, /^Filename /);
    });
  }
});

describe('oversized, malformed and non-multipart bodies', () => {
  for (const api of APIS) {
    test(`${api}: Content-Length over the limit → 413 before the body is read`, async () => {
      await refused(await post(api, 'addFile', DIST_PLAIN, auth(api, 'demo'), { content: Buffer.alloc(LIMIT + 128 * 1024, 0x61) }), 413, /^File larger than the limit/);
    });
    test(`${api}: streamed (chunked, no Content-Length) over the limit → 413`, async () => {
      await refused(await uploadStreamed(base(api), 'addFile', DIST_PLAIN, auth(api, 'demo'), 16 * 1024, 8), 413, /^File larger than the limit/);
    });
    test(`${api}: one byte over the limit (within the framing allowance) → 413 by counting`, async () => {
      await refused(await post(api, 'addFile', DIST_PLAIN, auth(api, 'demo'), { content: Buffer.alloc(LIMIT + 1, 0x61) }), 413, /^File larger than the limit/);
    });
    test(`${api}: a Content-Length that lies (says 600 bytes, sends 200 KB) → 400, nothing stored`, async () => {
      const { body, contentType } = multipart('lie.csv', Buffer.alloc(200 * 1024, 0x61));
      const path = `${api === 'current' ? '/api' : '/taskrunner/v1'}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`;
      const before = submits.count;
      const r = await rawHttp(path, { ...auth(api, 'demo'), 'Content-Type': contentType, 'Content-Length': '600' }, Buffer.from(body));
      // Either our JSON 400 (the 600 bytes are a truncated form) or Node's own 400 for the bytes after them, which
      // closes the connection first; both refuse, and the aborted upload is cleaned away.
      assert.ok(r.status === 400 || r.status === 0, `status ${r.status}`);
      assert.equal(submits.count, before);
      for (let i = 0; i < 200 && (await leftoverUploads(s)).length > 0; i++) await new Promise((res) => setTimeout(res, 10));
      assert.deepEqual(await leftoverUploads(s), []);
    });
    test(`${api}: Content-Length together with Transfer-Encoding: chunked (smuggling shape) → 400, nothing stored`, async () => {
      const { body, contentType } = multipart('smuggle.csv', 'a,b\n');
      const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), Buffer.from(body), Buffer.from('\r\n0\r\n\r\n')]);
      const path = `${api === 'current' ? '/api' : '/taskrunner/v1'}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`;
      const r = await rawHttp(path, { ...auth(api, 'demo'), 'Content-Type': contentType, 'Content-Length': '5', 'Transfer-Encoding': 'chunked' }, chunked);
      assert.ok(r.status === 400 || r.status === 0, `status ${r.status}`);
      assert.deepEqual(await leftoverUploads(s), []);
    });
    const notMultipart: [string, Record<string, string>, string][] = [
      ['a JSON body', { 'Content-Type': 'application/json' }, '{"file": "a,b"}'],
      ['a text/plain body', { 'Content-Type': 'text/plain' }, 'a,b\n1,2\n'],
      ['a form-urlencoded body (a field named file, no file)', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'file=a%2Cb'],
      ['multipart without a boundary', { 'Content-Type': 'multipart/form-data' }, '--x\r\n\r\n--x--\r\n'],
      ['no Content-Type', {}, 'a,b\n'],
    ];
    for (const [what, headers, body] of notMultipart) {
      test(`${api}: ${what} → 400`, async () => {
        await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), ...headers }, body), 400, /multipart|^Filename missing/);
      });
    }
    test(`${api}: two file fields → 400 "Exactly one file field expected"`, async () => {
      const boundary = 'tw0files';
      const part = (n: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${n}"\r\nContent-Type: text/csv\r\n\r\na,b\r\n`;
      await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, `${part('one.csv')}${part('two.csv')}--${boundary}--\r\n`), 400, /^Exactly one file field expected$/);
    });
    test(`${api}: the file under another field name → 400 "Multipart field file missing"`, async () => {
      await refused(await post(api, 'addFile', DIST_PLAIN, auth(api, 'demo'), { field: 'upload' }), 400, /^Multipart field file missing$/);
    });
    test(`${api}: a file field without a filename → 400`, async () => {
      const boundary = 'n0name';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\na,b\r\n--${boundary}--\r\n`;
      await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body), 400, /^Filename missing or empty$/);
    });
    test(`${api}: a truncated multipart body → 400`, async () => {
      const boundary = 'trunc';
      await refused(await postRaw(api, 'addFile', DIST_PLAIN, { ...auth(api, 'demo'), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\n\r\na,b\r\n`), 400, /^Malformed multipart body/);
    });
    test(`${api}: exactly the limit is accepted (control)`, async () => {
      const r = await post(api, 'addFile', DIST_PLAIN, auth(api, 'demo'), { filename: 'limit.txt', type: 'text/plain', content: Buffer.alloc(LIMIT, 0x61) });
      assert.equal(r.status, accepted(api), r.text);
      await s.jobs.idle();
    });
  }
});

describe('hostile job ids', () => {
  let aliceJob: string;
  let legacyJob: string;
  before(async () => {
    const a = await post('current', 'addFile', DIST_PLAIN, auth('current', 'alice'), { filename: 'mine.csv' });
    aliceJob = jobIdToken(a.text);
    const l = await post('legacy', 'addFile', DIST_PLAIN, auth('legacy', 'alice'), { filename: 'legacy.csv' });
    legacyJob = String(l.body.jobId);
    await s.jobs.idle();
  });
  const odd = ['abc', '-1', '0', '1e3', '0x10', '1.5', ' 1', '%2e%2e', '..%2f..%2fetc', '9'.repeat(40), '18446744073709551616', '00000000000000000001', '%00', '1;DROP'];
  for (const id of odd) {
    // `%2e%2e` is resolved by URL parsing to another path: then the store's plain 404 (no job route at all).
    const dotted = /%2e/i.test(id);
    test(`current: GET /api/job/${id.length > 24 ? `${id.slice(0, 10)}…` : id} → 404, no job data`, async () => {
      const r = await answer(await fetch(`${origin}/api/job/${id}`, { headers: auth('current', 'demo') }));
      assert.equal(r.status, 404);
      if (!dotted) assert.deepEqual(r.body, { error: 'Job not found' });
    });
    test(`legacy: GET /taskrunner/v1/job/${id.length > 24 ? `${id.slice(0, 10)}…` : id} → "Not found" as valid JSON, nothing else`, async () => {
      const r = await answer(await fetch(`${origin}/taskrunner/v1/job/${id}`));
      if (dotted) return assert.equal(r.status, 404);
      assert.equal(r.status, 200);
      assert.equal(typeof r.body, 'object', `valid JSON: ${r.text}`);
      assert.equal(r.body.status, 'Not found');
      assert.deepEqual(Object.keys(r.body).sort(), ['jobId', 'status']);
    });
  }
  test('current: another user\'s job → 404 (bob asks for alice\'s)', async () => {
    const r = await answer(await fetch(`${origin}/api/job/${aliceJob}`, { headers: auth('current', 'bob') }));
    assert.equal(r.status, 404);
    const own = await answer(await fetch(`${origin}/api/job/${aliceJob}`, { headers: auth('current', 'alice') }));
    assert.equal(own.status, 200, 'control: alice sees it');
  });
  test('current: a legacy job id → 404', async () => {
    const r = await answer(await fetch(`${origin}/api/job/${legacyJob}`, { headers: auth('current', 'alice') }));
    assert.equal(r.status, 404);
  });
  test('legacy: a current job id → "Not found"', async () => {
    const r = await answer(await fetch(`${origin}/taskrunner/v1/job/${aliceJob}`));
    assert.equal(r.body.status, 'Not found');
  });
});

/** name, part Content-Type, content (each tries to run script and to load the probe). */
const ACTIVE: readonly [string, string, string][] = [
  ['evil.html', 'text/html', '<!doctype html><title>t</title><script>new Image().src="/abuse-probe/hit/html";document.title="pwned"</script><img src="/abuse-probe/hit/html-img">'],
  ['evil.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>new Image().src="/abuse-probe/hit/svg"</script><image href="/abuse-probe/hit/svg-img"/></svg>'],
  ['evil.xml', 'application/xml', '<?xml version="1.0"?><h:html xmlns:h="http://www.w3.org/1999/xhtml"><h:script>new Image().src="/abuse-probe/hit/xml"</h:script></h:html>'],
  ['evil.xhtml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>new Image().src="/abuse-probe/hit/xhtml"</script></body></html>'],
  ['evil.js', 'text/javascript', 'new Image().src="/abuse-probe/hit/js"'],
  ['evil', 'text/html', '<script>new Image().src="/abuse-probe/hit/noext"</script>'],
];
const CSV_PAYLOAD = "name,value\n<script>new Image().src='/abuse-probe/hit/csv'</script>,1\n";

describe('stored files: served so they can never run on the store origin (both APIs upload)', () => {
  const served = new Map<string, string>();
  before(async () => {
    for (const api of APIS) {
      for (const [name, type, content] of ACTIVE) {
        const r = await post(api, 'addFile', DIST_PLAIN, auth(api, 'demo'), { filename: name, type, content });
        assert.equal(r.status, accepted(api), r.text);
        await s.jobs.idle();
        const id = jobIdToken(r.text);
        const rec = s.jobs.get(id)!;
        assert.equal(rec.status, 'SUCCESS', rec.error);
        served.set(`${api}:${name}`, rec.resultUrl!);
      }
      const csv = await post(api, 'addFile', DIST_CSV, auth(api, 'demo'), { filename: 'payload.csv', content: CSV_PAYLOAD });
      await s.jobs.idle();
      assert.equal(s.jobs.get(jobIdToken(csv.text))!.status, 'SUCCESS', s.jobs.get(jobIdToken(csv.text))!.error);
      served.set(`${api}:payload.csv`, s.jobs.get(jobIdToken(csv.text))!.resultUrl!);
    }
  });
  for (const api of APIS) {
    for (const [name, type] of ACTIVE) {
      test(`${api} upload ${name} (${type}): attachment, nosniff, CSP sandbox; default-src 'none'`, async () => {
        const res = await fetch(served.get(`${api}:${name}`)!);
        await res.arrayBuffer();
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-disposition')!, /^attachment;/);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.match(res.headers.get('content-security-policy') ?? '', /^sandbox; default-src 'none'$/);
      });
    }
    test(`${api} upload payload.csv: inline text/csv, readable cross-origin, nosniff + sandbox`, async () => {
      const res = await fetch(served.get(`${api}:payload.csv`)!, { headers: { Origin: 'https://portal.example' } });
      assert.equal(await res.text(), CSV_PAYLOAD);
      assert.match(res.headers.get('content-type')!, /^text\/csv/);
      assert.match(res.headers.get('content-disposition')!, /^inline;/);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://portal.example');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
    });
  }
  test('the RowStore /html view of the uploaded rows: escaped, nosniff + sandbox', async () => {
    const res = await fetch(`${origin}/rowstore/dataset/polls/html`);
    const html = await res.text();
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.equal(html.includes('<script>'), false);
  });

  describe('in Chromium: opening and framing the uploads runs nothing', () => {
    let browser: Browser;
    before(async () => {
      browser = await launch();
    });
    after(() => browser?.close());

    test('every hostile upload opened directly, framed (iframe, object, embed) from another origin: 0 probe hits; the unprotected control: 1', async () => {
      probeHits.length = 0;
      const page = await browser.newPage();
      try {
        const urls = [...served.values()];
        // top-level navigation: attachments become (cancelled) downloads, CSV is shown as text
        for (const url of urls) {
          await page.goto(url, { waitUntil: 'load' }).catch(() => undefined);
          assert.notEqual(await page.title().catch(() => ''), 'pwned', url);
        }
        // framed from another origin (127.0.0.1 vs localhost), with the control frame last
        const frames = urls.map((u) => `<iframe src="${u}"></iframe><object data="${u}"></object><embed src="${u}">`).join('');
        await page.goto(`http://127.0.0.1:${s.port}/abuse-probe/hit/container-origin`).catch(() => undefined);
        await page.setContent(`<!doctype html><body>${frames}<iframe src="${origin}/abuse-probe/unprotected.html"></iframe></body>`, { waitUntil: 'load' });
        const hits = probeHits.filter((h) => h !== 'container-origin');
        assert.deepEqual(hits, ['control'], `probe hits: ${JSON.stringify(hits)}`);
      } finally {
        await page.close();
      }
    });
  });
});
