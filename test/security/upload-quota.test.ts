/**
 * Issue 23 point 8: one user made 600 uploads in 6.8 s, all accepted, and the disk grew without bound. Both job APIs
 * (current `/api`, legacy `/taskrunner/v1`) now refuse uploads over a per-user rate (429 + Retry-After) and over the
 * store's total upload quota (507), each with a clear JSON message; a refused upload stores nothing (no job, no file in
 * the data dir, no temp file left). Below both limits uploads are accepted as before.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import {
  answer, apiUrl, countSubmits, DIST_CSV, DIST_OTHER, DIST_PLAIN, leftoverUploads, taskUrl, token, upload, startJobStore, type Answer,
} from '../store/api-support.ts';
import { localFixture, repoRoot } from '../store/helpers.ts';

type Api = 'current' | 'legacy';
const APIS: readonly Api[] = ['current', 'legacy'];
const accepted = (api: Api): number => (api === 'current' ? 202 : 200);

/** Files in the data dir's uploads/ folder: what an accepted upload leaves on disk. */
async function storedUploads(s: StoreServer): Promise<string[]> {
  return (await readdir(path.join(s.dataDir, 'uploads'))).sort();
}

async function send(s: StoreServer, api: Api, user: string, password: string, content: string, dist = DIST_CSV): Promise<Answer> {
  const t = await token(s, user, password);
  const headers: Record<string, string> = api === 'current' ? { 'X-Auth-Token': t } : { Cookie: `auth_token=${t}` };
  return upload(api === 'current' ? apiUrl(s) : taskUrl(s), 'addFile', dist, { headers, content, filename: 'data.csv' });
}

/** A refusal that stored nothing: status, JSON error, no submit, no new file in uploads/, no temp file. */
async function refusedNothingStored(s: StoreServer, submits: { readonly count: number }, run: () => Promise<Answer>, status: number, error: RegExp): Promise<Answer> {
  const before = { submits: submits.count, files: await storedUploads(s) };
  const r = await run();
  assert.equal(r.status, status, r.text);
  assert.match(r.body.error, error);
  assert.equal(submits.count, before.submits, 'no job submitted');
  assert.deepEqual(await storedUploads(s), before.files, 'no file stored');
  assert.deepEqual(await leftoverUploads(s), [], 'no temp upload left');
  return r;
}

const USERS = [
  { name: 'demo', password: 'demo-password' },
  { name: 'alice', password: 'alice-pw' },
  { name: 'carol', password: 'carol-pw' },
  { name: 'dave', password: 'dave-pw' },
];

describe('per-user upload rate: 3 a minute', () => {
  let s: StoreServer;
  let submits: { readonly count: number };
  before(async () => {
    s = await startJobStore({ users: USERS, maxUploadsPerMinute: 3 });
    submits = countSubmits(s);
  });
  after(() => s.close());

  for (const [api, user] of [['current', USERS[0]!], ['legacy', USERS[1]!]] as const) {
    test(`${api}: 3 uploads accepted, the 4th → 429 with Retry-After and nothing stored; another user is not limited`, async () => {
      for (let i = 0; i < 3; i++) assert.equal((await send(s, api, user.name, user.password, `a,b\n${i},1\n`)).status, accepted(api));
      const r = await refusedNothingStored(s, submits, () => send(s, api, user.name, user.password, 'a,b\n9,9\n'), 429, /^Too many uploads: at most 3 a minute for each user; try again in \d+ s$/);
      const retry = Number(r.headers.get('retry-after'));
      assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${r.headers.get('retry-after')}`);
      assert.equal((await send(s, api, USERS[2]!.name, USERS[2]!.password, 'a,b\n1,1\n', DIST_OTHER)).status, accepted(api), 'carol is below her own limit');
    });
  }

  test('concurrent uploads cannot slip past the limit: 8 at once, exactly 3 accepted, 5 refused with 429', async () => {
    const t = await token(s, USERS[3]!.name, USERS[3]!.password);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(apiUrl(s), 'addFile', DIST_CSV, { headers: { 'X-Auth-Token': t }, content: `a,b\n${i},1\n` })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [202, 202, 202, 429, 429, 429, 429, 429]);
    await s.jobs.idle();
    assert.deepEqual(await leftoverUploads(s), []);
  });
});

describe('total upload quota: 100 bytes', () => {
  for (const api of APIS) {
    test(`${api}: a file that fits is accepted; one over the quota → 507 naming the quota, nothing stored; a smaller one still fits`, async () => {
      const s = await startJobStore({ uploadQuotaBytes: 100 });
      try {
        const submits = countSubmits(s);
        assert.deepEqual(await storedUploads(s), [], 'an empty quota to start with');
        const first = `x\n${'1'.repeat(77)}\n`; // 80 bytes: 20 left
        assert.equal((await send(s, api, 'demo', 'demo-password', first, DIST_PLAIN)).status, accepted(api));
        const over = `x\n${'2'.repeat(25)}\n`; // 28 bytes
        await refusedNothingStored(s, submits, () => send(s, api, 'demo', 'demo-password', over, DIST_PLAIN), 507,
          /^Upload quota of the store reached: 80 of 100 bytes used, this file needs 28; remove files or start the store with a larger --upload-quota-mb$/);
        assert.equal((await send(s, api, 'demo', 'demo-password', 'x\n1\n', DIST_PLAIN)).status, accepted(api), 'a 4-byte file still fits');
        await s.jobs.idle();
      } finally {
        await s.close();
      }
    });
  }

  test('concurrent uploads cannot share the last room: 4 files of 30 bytes into an empty 100-byte quota, exactly 3 accepted', async () => {
    const q = await startJobStore({ uploadQuotaBytes: 100 });
    try {
      const t = await token(q);
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => upload(apiUrl(q), 'addFile', DIST_PLAIN, { headers: { 'X-Auth-Token': t }, content: `x\n${String(i).repeat(26)}\n` })));
      assert.deepEqual(answers.map((a) => a.status).sort(), [202, 202, 202, 507]);
      await q.jobs.idle();
      assert.deepEqual(await leftoverUploads(q), []);
    } finally {
      await q.close();
    }
  });
});

test('the CLI: --max-uploads-per-minute and --upload-quota-mb reach both APIs', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev-store/main.ts', '--port', '0', '--catalog', localFixture('catalog.ttl'), '--max-uploads-per-minute', '1', '--upload-quota-mb', '0.5'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        if (out.includes('Ctrl+C')) resolve(out);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    assert.match(printed, /upload limit 50 MB, 1 upload a minute for each user, 0\.5 MB in all/);
    const origin = /http:\/\/localhost:\d+/.exec(printed)![0];
    const login = await answer(await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) }));
    const headers = { 'X-Auth-Token': login.body.auth_token as string };
    const dist = 'https://example.org/dist/2';
    const first = await upload(`${origin}/api`, 'addFile', dist, { headers });
    assert.notEqual(first.status, 429, first.text);
    assert.equal((await upload(`${origin}/api`, 'addFile', dist, { headers })).status, 429);
  } finally {
    child.kill();
  }
});
