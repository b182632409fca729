import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { esc, getJson, localFixture, repoRoot, searchUrl, startStore } from './helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

/**
 * Starts main.ts, waits for the URL line (as the wtr plugin does), runs `use`, stops the child it started and
 * returns everything it printed (complete once the child's stdout has closed).
 */
const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
after(() => rmSync(dataRoot, { recursive: true, force: true }));
let runs = 0;

async function withCli(args: string[], use: (url: string) => Promise<void>): Promise<string> {
  // Each run gets its own job data dir (never the repo's .dev-store-data/).
  const dataDir = args.includes('--data-dir') ? [] : ['--data-dir', path.join(dataRoot, `run-${++runs}`)];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'dev-store/main.ts'), '--port', '0', ...dataDir, ...args], { cwd: repoRoot });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const closed = new Promise((r) => child.once('close', r));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = /(http:\/\/localhost:\d+\/store\/)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    await use(url);
  } finally {
    child.kill('SIGTERM');
    await closed;
  }
  return out;
}

describe('CLI (dev-store/main.ts)', () => {
  test('prints exactly one line with the store URL, then the summary; the store answers there', async () => {
    const out = await withCli(['--catalog', localFixture('catalog.ttl')], async (url) => {
      const { body } = await getJson(searchUrl(url, `rdfType:${esc('http://www.w3.org/ns/dcat#Dataset')}`));
      assert.equal(body.results, 4);
    });
    const lines = out.split('\n').filter(Boolean);
    assert.equal(lines.filter((l) => /http:\/\/localhost:\d+\/store\//.test(l)).length, 1);
    assert.match(lines[0]!, /^Dev store: http:\/\/localhost:\d+\/store\/$/);
    assert.ok(lines.some((l) => /context 1 \(catalog\): 1 catalog, 4 dataset, 1 dataservice, 3 distribution, 1 agent/.test(l)), lines.join('\n'));
  });

  test('--quiet prints only the URL line', async () => {
    const out = await withCli(['--quiet', '--catalog', localFixture('tiny.nt')], async (url) => {
      assert.equal((await fetch(`${url}1/entry/1`)).status, 200);
    });
    assert.equal(out.trim().split('\n').length, 1);
  });

  test('an unknown option exits with a usage message', async () => {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'dev-store/main.ts'), '--nope'], { cwd: repoRoot });
      child.on('exit', resolve);
    });
    assert.equal(code, 64);
  });
});

describe('language tags', () => {
  const umea = sharedFixture('dcat/se/openumea_dcat_2015.rdf');
  test('tags keep their canonical case (sv-SE), so title.sv-SE is a field and sorts', skipUnless(umea), async () => {
    const s = await startStore([umea!]);
    try {
      const { body } = await getJson(searchUrl(s.url, 'title.sv-SE:luftkvaliteten', { sort: 'title.sv-SE asc' }));
      assert.equal(body.results, 1);
      const md = body.resource.children[0].metadata;
      const titles = Object.values<any>(md).flatMap((p) => p['http://purl.org/dc/terms/title'] ?? []);
      assert.ok(titles.some((t: any) => t.lang === 'sv-SE'));
    } finally {
      await s.close();
    }
  });
});

describe('CLI job API options', () => {
  test('prints the /api, /taskrunner/v1, data-dir and demo account lines; the demo account logs in', async () => {
    const dataDir = path.join(dataRoot, 'explicit');
    const out = await withCli(['--catalog', localFixture('catalog.ttl'), '--data-dir', dataDir], async (url) => {
      const api = new URL('/api', url).href;
      const r = await getJson(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) });
      assert.equal(r.status, 200);
      assert.equal(r.body.user, 'demo');
    });
    const lines = out.split('\n');
    assert.match(lines[0]!, /^Dev store: http:\/\/localhost:\d+\/store\/$/);
    assert.ok(lines.some((l) => /current job API: http:\/\/localhost:\d+\/api\b/.test(l)), out);
    assert.ok(lines.some((l) => /legacy task API: http:\/\/localhost:\d+\/taskrunner\/v1\b/.test(l)), out);
    assert.ok(lines.some((l) => l.includes(`data dir: ${dataDir}`)), out);
    assert.ok(lines.some((l) => /demo account: demo \/ demo-password/.test(l)), out);
  });

  test('--user replaces the demo account; contexts limit writes; the options are accepted', async () => {
    const out = await withCli(
      ['--catalog', localFixture('catalog.ttl'), '--user', 'alice:secret:1', '--user', 'bob:pw', '--max-upload-mb', '2', '--job-retention-s', '60', '--processing-ms', '5', '--login-lockout-s', '2', '--session-s', '120'],
      async (url) => {
        const login = (username: string, password: string) => getJson(new URL('/api/auth/login', url).href, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
        assert.equal((await login('demo', 'demo-password')).status, 401);
        const alice = await login('alice', 'secret');
        assert.equal(alice.status, 200);
        // --session-s 120: the default lifetime is two minutes, not an hour
        const left = Date.parse(alice.body.expires) - Date.now();
        assert.ok(left > 0 && left <= 120_000, `expires in ${left} ms`);
        assert.equal((await login('bob', 'pw')).status, 200);
      },
    );
    assert.doesNotMatch(out, /demo account/);
    assert.match(out, /account: alice \(contexts 1\)/);
    assert.match(out, /account: bob \(every context\)/);
    assert.match(out, /upload limit 2 MB/);
  });

  test('a malformed --user or number option exits with 64', async () => {
    const exitCode = (args: string[]) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'dev-store/main.ts'), '--port', '0', '--data-dir', path.join(dataRoot, 'bad'), ...args], { cwd: repoRoot });
        child.on('exit', resolve);
      });
    assert.equal(await exitCode(['--user', 'nopassword']), 64);
    assert.equal(await exitCode(['--max-upload-mb', 'lots']), 64);
    assert.equal(await exitCode(['--session-s', '0']), 64);
  });
});
