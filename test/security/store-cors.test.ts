/**
 * Issue 23 point 7: `/api` answers credentialed CORS only to the origins the store was started with (`corsOrigins`,
 * the CLI's repeatable `--cors-origin`), as EntryStore's `entrystore.cors.origins`: a foreign origin gets neither
 * Access-Control-Allow-Origin nor -Credentials, on the preflight and on the request itself.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { CorsOrigins } from '../../dev-store/http/cors.ts';
import { startJobStore } from '../store/api-support.ts';
import { localFixture, repoRoot } from '../store/helpers.ts';

const DEMO = 'http://localhost:5173';
const FOREIGN = ['https://evil.example', 'http://localhost:5174', 'http://localhost:5173.evil.example', 'null', 'http://127.0.0.1:5173'];

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-auth-token' } });
}
function login(api: string, origin: string): Promise<Response> {
  return fetch(`${api}/auth/login`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) });
}
function corsHeaders(r: Response): [string | null, string | null] {
  return [r.headers.get('access-control-allow-origin'), r.headers.get('access-control-allow-credentials')];
}

describe('credentialed CORS on /api follows the configured origins', () => {
  let s: StoreServer;
  let api: string;
  before(async () => {
    s = await startJobStore({}, { corsOrigins: [DEMO, '*.portal.example'] });
    api = `http://localhost:${s.port}/api`;
  });
  after(() => s.close());

  for (const origin of FOREIGN) {
    test(`foreign origin ${origin}: no Allow-Origin / Allow-Credentials on the preflight, the login or whoami`, async () => {
      const pre = await preflight(`${api}/auth/login`, origin);
      assert.deepEqual(corsHeaders(pre), [null, null]);
      assert.equal(pre.headers.get('access-control-allow-methods'), null);
      const r = await login(api, origin);
      assert.equal(r.status, 200, 'processed (as EntryStore), only without CORS headers');
      assert.deepEqual(corsHeaders(r), [null, null]);
      assert.deepEqual(corsHeaders(await fetch(`${api}/auth/whoami`, { headers: { Origin: origin } })), [null, null]);
    });
  }

  test('the configured origin: preflight and request carry Allow-Origin (echoed) and Allow-Credentials: true', async () => {
    const pre = await preflight(`${api}/distribution/addFile`, DEMO);
    assert.equal(pre.status, 204);
    assert.deepEqual(corsHeaders(pre), [DEMO, 'true']);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /x-auth-token/i);
    assert.deepEqual(corsHeaders(await login(api, DEMO)), [DEMO, 'true']);
  });

  test('a pattern as EntryStore writes them (*suffix): a subdomain matches, the bare suffix elsewhere does not', async () => {
    assert.deepEqual(corsHeaders(await login(api, 'https://data.portal.example')), ['https://data.portal.example', 'true']);
    assert.deepEqual(corsHeaders(await login(api, 'https://evil-portal.example')), [null, null]);
  });
});

describe('no --cors-origin: /api answers no CORS at all', () => {
  let s: StoreServer;
  before(async () => {
    s = await startJobStore();
  });
  after(() => s.close());

  test('not even to a localhost origin', async () => {
    const api = `http://localhost:${s.port}/api`;
    assert.deepEqual(corsHeaders(await preflight(`${api}/auth/login`, DEMO)), [null, null]);
    assert.deepEqual(corsHeaders(await login(api, DEMO)), [null, null]);
  });
});

test('origin patterns (EntryStore CORSUtil): exact, *suffix, prefix*, *, case-insensitive; nothing else', () => {
  const o = new CorsOrigins(['http://localhost:5173', '*.portal.example', 'https://intra*']);
  assert.ok(o.allows('HTTP://LOCALHOST:5173'));
  assert.ok(o.allows('https://a.portal.example'));
  assert.ok(o.allows('https://intranet.example'));
  assert.ok(!o.allows('http://localhost:51730'));
  assert.ok(!o.allows('https://portal.example'));
  assert.ok(!o.allows(undefined));
  assert.ok(new CorsOrigins(['*']).allows('https://anything.example'));
  assert.ok(!new CorsOrigins([]).allows('http://localhost:5173'));
  assert.throws(() => new CorsOrigins(['http://a.example, http://b.example']), /one origin/);
});

test('the CLI: --cors-origin (repeatable) reaches /api', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev-store/main.ts', '--port', '0', '--quiet', '--catalog', localFixture('catalog.ttl'), '--cors-origin', DEMO, '--cors-origin', 'https://b.example'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        const m = /http:\/\/localhost:\d+\/store\//.exec(out);
        if (m) resolve(m[0]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const api = new URL('/api', url).href;
    for (const origin of [DEMO, 'https://b.example']) assert.deepEqual(corsHeaders(await preflight(`${api}/auth/login`, origin)), [origin, 'true']);
    assert.deepEqual(corsHeaders(await preflight(`${api}/auth/login`, 'https://c.example')), [null, null]);
  } finally {
    child.kill();
  }
});
