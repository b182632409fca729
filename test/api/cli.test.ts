/**
 * The `catalog-blocks` CLI as a user runs it: a child process against an in-process dev store with the job APIs.
 * Runs from source (tsx) and, when dist/node is built and newer than the sources, the built bin too.
 * Checks outputs, exit codes (contract §4) and that no token ever leaves except as the output of `login`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JobApiClient } from '../../src/api.ts';
import { API_SOURCE_DISTRIBUTION, DATASET_URI, PLAIN_DISTRIBUTION, UNKNOWN_URI, csvOfSize, repoRoot, startJobStore } from './helpers.ts';
import type { JobStore } from './helpers.ts';
import { progressView } from '../../node/cli/progress.ts';
import type { ProgressView } from '../../node/cli/progress.ts';

const BUILT = path.join(repoRoot, 'dist/node/catalog-blocks.js');

/** Newest modification time of the sources the bin is built from. */
function newestSource(): number {
  let newest = 0;
  for (const dir of ['src/api', 'node']) {
    for (const f of readdirSync(path.join(repoRoot, dir), { recursive: true }).map(String)) {
      newest = Math.max(newest, statSync(path.join(repoRoot, dir, f)).mtimeMs);
    }
  }
  return Math.max(newest, statSync(path.join(repoRoot, 'node/index.ts')).mtimeMs);
}

const builtSkip = !existsSync(BUILT)
  ? 'dist/node not built (npm run build)'
  : statSync(BUILT).mtimeMs < newestSource() ? 'dist/node is older than node/ or src/api (npm run build)' : false;

const VARIANTS: { name: string; argv: string[]; skip: string | false }[] = [
  { name: 'from source', argv: ['--import', 'tsx', path.join(repoRoot, 'node/cli/catalog-blocks.ts')], skip: false },
  { name: 'built bin', argv: [BUILT], skip: builtSkip },
];

interface Run { code: number | null; stdout: string; stderr: string }

let store: JobStore;
let dir: string;
/** Every secret a command could leak: checked against the output of every command but `login`. */
const secrets = new Set<string>();
/** Outputs of every command except `login`. */
const outputs: string[] = [];

const MAX_UPLOAD = 64 * 1024;

/** The dev store's record of a job (StoreServer.jobs, contract §1). */
function serverJob(jobId: string): { status: string; resultUrl?: string } | undefined {
  return (store.server as unknown as { jobs: { get(id: string): { status: string; resultUrl?: string } | undefined } }).jobs.get(jobId);
}

function runCli(argv: string[], args: string[], opts: { env?: Record<string, string>; input?: string; login?: boolean } = {}): Promise<Run> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('CATALOG_API_')) env[k] = v;
  Object.assign(env, { CATALOG_API_POLL_MS: '100', NO_COLOR: '1' }, opts.env ?? {});
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...argv, ...args], { cwd: repoRoot, env, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (!opts.login) outputs.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
    if (opts.input !== undefined) child.stdin!.end(opts.input);
  });
}

before(async () => {
  store = await startJobStore({ maxUploadBytes: MAX_UPLOAD });
  dir = await mkdtemp(path.join(tmpdir(), 'cb-cli-test-'));
  await writeFile(path.join(dir, 'rows.csv'), 'id,name\n1,first\n2,second\n');
  await writeFile(path.join(dir, 'more-rows.csv'), 'id,name\n3,third\n');
  await writeFile(path.join(dir, 'large.csv'), csvOfSize(MAX_UPLOAD * 2));
  await writeFile(path.join(dir, 'archive.csv'), gzipSync(Buffer.from('id,name\n1,zipped\n')));
  await writeFile(path.join(dir, 'data.json'), '{"not": "csv"}\n');
  await writeFile(path.join(dir, `${'n'.repeat(201)}.csv`), 'id\n1\n');
  secrets.add(store.password);
  secrets.add(store.readOnlyPassword);
});

after(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

for (const variant of VARIANTS) {
  describe(`catalog-blocks CLI (${variant.name})`, { skip: variant.skip }, () => {
    const cli = (args: string[], opts?: Parameters<typeof runCli>[2]) => runCli(variant.argv, args, opts);
    let token = '';
    const tokenEnv = (): Record<string, string> => ({ CATALOG_API_URL: store.apiUrl, CATALOG_API_TOKEN: token });
    const file = (name: string) => path.join(dir, name);

    it('--help explains the commands, the environment and the exit codes (exit 0)', async () => {
      const r = await cli(['--help']);
      assert.equal(r.code, 0);
      for (const word of ['login', 'upload', 'job', 'whoami', 'logout', '--json', '--api-url', 'CATALOG_API_URL', 'CATALOG_API_TOKEN', 'CATALOG_API_USER', 'CATALOG_API_PASSWORD', 'Exit codes']) {
        assert.ok(r.stdout.includes(word), `help mentions ${word}`);
      }
      const add = await cli(['upload', 'add', '--help']);
      assert.equal(add.code, 0);
      assert.match(add.stdout, /<distributionURI> <file>/);
      assert.match(add.stdout, /--wait/);
    });

    it('usage mistakes exit 2 with a message: no command, unknown option, no API URL, no credentials, bad job id, missing file', async () => {
      assert.equal((await cli([])).code, 2);
      assert.equal((await cli(['job', '1', '--frobnicate'])).code, 2);
      const noUrl = await cli(['job', '1'], { env: { CATALOG_API_TOKEN: 'x' } });
      assert.equal(noUrl.code, 2);
      assert.match(noUrl.stderr, /CATALOG_API_URL/);
      const noCreds = await cli(['job', '1'], { env: { CATALOG_API_URL: store.apiUrl } });
      assert.equal(noCreds.code, 2);
      assert.match(noCreds.stderr, /CATALOG_API_TOKEN/);
      const badId = await cli(['job', '12ab'], { env: { CATALOG_API_URL: store.apiUrl, CATALOG_API_TOKEN: 'x' } });
      assert.equal(badId.code, 2);
      const noFile = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file('missing.csv')], { env: { CATALOG_API_URL: store.apiUrl, CATALOG_API_TOKEN: 'x' } });
      assert.equal(noFile.code, 2);
      assert.match(noFile.stderr, /No such file/);
    });

    it('login --password-stdin prints a token that works as CATALOG_API_TOKEN; --json adds user and expires', async () => {
      const r = await cli(['login', '--api-url', store.apiUrl, '--user', store.user, '--password-stdin'], { input: `${store.password}\n`, login: true });
      assert.equal(r.code, 0, r.stderr);
      token = r.stdout.trim();
      assert.ok(token.length >= 32 && !/\s/.test(token), 'one token on stdout');
      assert.ok(!r.stderr.includes(store.password) && !r.stdout.includes(store.password), 'password never printed');
      secrets.add(token);
      assert.deepEqual(await new JobApiClient({ apiUrl: store.apiUrl, token }).whoami(), { user: store.user, authenticated: true });

      const j = await cli(['--json', 'login', '--user', store.user], { env: { CATALOG_API_URL: store.apiUrl, CATALOG_API_PASSWORD: store.password }, login: true });
      assert.equal(j.code, 0, j.stderr);
      const body = JSON.parse(j.stdout) as { token: string; user: string; expires?: string };
      assert.equal(body.user, store.user);
      assert.ok(body.token.length >= 32);
      assert.notEqual(body.token, token, 'a fresh session');
      secrets.add(body.token);
    });

    it('login with a wrong password exits 3', async () => {
      const r = await cli(['login', '--api-url', store.apiUrl, '--user', store.readOnlyUser, '--password-stdin'], { input: 'wrong-password', login: true });
      assert.equal(r.code, 3);
      assert.match(r.stderr, /HTTP 401/);
    });

    let fileUri = '';
    it('upload add --wait --json follows the job to SUCCESS: exact string job id, resultUrl, exit 0', async () => {
      const r = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file('rows.csv'), '--wait', '--json'], { env: tokenEnv() });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, '', 'no progress output with --json');
      const job = JSON.parse(r.stdout) as Record<string, unknown>;
      assert.equal(job.status, 'SUCCESS');
      assert.equal(job.jobType, 'ADD');
      assert.equal(job.filename, 'rows.csv');
      assert.equal(job.resourceURI, PLAIN_DISTRIBUTION);
      assert.equal(typeof job.jobId, 'string');
      assert.match(job.jobId as string, /^\d+$/);
      const onServer = serverJob(job.jobId as string);
      assert.equal(onServer?.status, 'SUCCESS', 'the printed id is the exact server id');
      assert.equal(typeof job.resultUrl, 'string');
      fileUri = job.resultUrl as string;
      assert.equal(onServer?.resultUrl, fileUri);
    });

    it('upload replace --wait (human output) replaces the added file: SUCCESS, exit 0', async () => {
      assert.ok(fileUri, 'needs the add above');
      const r = await cli(['upload', 'replace', fileUri, file('more-rows.csv'), '--wait'], { env: tokenEnv() });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Job \d+\n/);
      assert.match(r.stdout, /status: +SUCCESS/);
      assert.match(r.stdout, /type: +REPLACE/);
      assert.ok(r.stdout.includes(fileUri), 'shows the result URI');
      assert.match(r.stderr, /Job \d+: SUCCESS/, 'state lines on a non-terminal stderr');
    });

    it('with CATALOG_API_USER + CATALOG_API_PASSWORD: upload add without --wait, then job <id> and job <id> --wait', async () => {
      const env = { CATALOG_API_URL: store.apiUrl, CATALOG_API_USER: store.user, CATALOG_API_PASSWORD: store.password };
      const r = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file('rows.csv')], { env });
      assert.equal(r.code, 0, r.stderr);
      const m = /^Job (\d+) accepted \(PENDING\): /.exec(r.stdout);
      assert.ok(m, r.stdout);
      const jobId = m[1]!;
      assert.ok(serverJob(jobId), 'the printed id exists on the server');
      const waited = await cli(['job', jobId, '--wait', '--json'], { env });
      assert.equal(waited.code, 0, waited.stderr);
      assert.deepEqual(
        (({ jobId: id, status }) => ({ jobId: id, status }))(JSON.parse(waited.stdout) as { jobId: string; status: string }),
        { jobId, status: 'SUCCESS' },
      );
      const shown = await cli(['job', jobId], { env });
      assert.equal(shown.code, 0, shown.stderr);
      assert.match(shown.stdout, new RegExp(`^Job ${jobId}\\n`));
      assert.match(shown.stdout, /status: +SUCCESS/);
      assert.match(shown.stdout, /result: +https?:\/\//);
    });

    it('a job that ends FAILED exits 1 and shows the error (ZIP-like bytes named .csv)', async () => {
      const r = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file('archive.csv'), '--wait', '--json'], { env: tokenEnv() });
      assert.equal(r.code, 1, r.stderr);
      const job = JSON.parse(r.stdout) as { status: string; error: string };
      assert.equal(job.status, 'FAILED');
      assert.equal(job.error, 'File content does not match declared type');
      const csvOnly = await cli(['upload', 'add', API_SOURCE_DISTRIBUTION, file('data.json'), '--wait'], { env: tokenEnv() });
      assert.equal(csvOnly.code, 1);
      assert.match(csvOnly.stdout, /error: +File content must be CSV/);
    });

    it('403 exits 3: a user without write access, and an unknown token', async () => {
      const reader = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file('rows.csv')], {
        env: { CATALOG_API_URL: store.apiUrl, CATALOG_API_USER: store.readOnlyUser, CATALOG_API_PASSWORD: store.readOnlyPassword },
      });
      assert.equal(reader.code, 3);
      assert.match(reader.stderr, /HTTP 403/);
      const bad = await cli(['--json', 'upload', 'add', PLAIN_DISTRIBUTION, file('rows.csv')], {
        env: { CATALOG_API_URL: store.apiUrl, CATALOG_API_TOKEN: 'no-such-token-00000000000000000000000' },
      });
      assert.equal(bad.code, 3);
      assert.equal((JSON.parse(bad.stdout) as { status: number }).status, 403);
    });

    it('404 exits 4: an upload to a URI that resolves to nothing, and an unknown job', async () => {
      const r = await cli(['upload', 'add', UNKNOWN_URI, file('rows.csv')], { env: tokenEnv() });
      assert.equal(r.code, 4);
      assert.match(r.stderr, /HTTP 404/);
      const j = await cli(['--json', 'job', '9223372036854775807'], { env: tokenEnv() });
      assert.equal(j.code, 4);
      assert.deepEqual(JSON.parse(j.stdout), { error: 'Job not found', exitCode: 4, status: 404 });
    });

    it('rejected uploads exit 5: 422 wrong kind (names the kind), 413 too large, 400 filename too long', async () => {
      const wrongKind = await cli(['--json', 'upload', 'add', DATASET_URI, file('rows.csv')], { env: tokenEnv() });
      assert.equal(wrongKind.code, 5);
      const body = JSON.parse(wrongKind.stdout) as { status: number; error: string };
      assert.equal(body.status, 422);
      assert.match(body.error, /dataset/);
      const replaceDist = await cli(['upload', 'replace', PLAIN_DISTRIBUTION, file('rows.csv')], { env: tokenEnv() });
      assert.equal(replaceDist.code, 5);
      assert.match(replaceDist.stderr, /HTTP 422: .*distribution/);
      const large = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file('large.csv')], { env: tokenEnv() });
      assert.equal(large.code, 5);
      assert.match(large.stderr, /HTTP 413/);
      const longName = await cli(['upload', 'add', PLAIN_DISTRIBUTION, file(`${'n'.repeat(201)}.csv`)], { env: tokenEnv() });
      assert.equal(longName.code, 5);
      assert.match(longName.stderr, /HTTP 400/);
    });

    it('whoami names the user (exit 0); logout ends the session of CATALOG_API_TOKEN; whoami then exits 3', async () => {
      const me = await cli(['whoami'], { env: tokenEnv() });
      assert.equal(me.code, 0, me.stderr);
      assert.equal(me.stdout, `${store.user}\n`);
      const { token: spare } = await new JobApiClient({ apiUrl: store.apiUrl }).login(store.user, store.password);
      secrets.add(spare);
      const env = { CATALOG_API_URL: store.apiUrl, CATALOG_API_TOKEN: spare };
      const out = await cli(['logout'], { env });
      assert.equal(out.code, 0, out.stderr);
      assert.deepEqual(await new JobApiClient({ apiUrl: store.apiUrl, token: spare }).whoami(), { user: 'guest', authenticated: false });
      const after = await cli(['--json', 'whoami'], { env });
      assert.equal(after.code, 3);
      assert.deepEqual(JSON.parse(after.stdout), { user: 'guest', authenticated: false });
      assert.equal((await cli(['logout'], { env: { CATALOG_API_URL: store.apiUrl } })).code, 2, 'nothing to log out');
    });

    it('an unreachable API exits 6', async () => {
      const r = await cli(['job', '1', '--api-url', 'http://127.0.0.1:9/api'], { env: { CATALOG_API_TOKEN: 'x' } });
      assert.equal(r.code, 6);
    });

    it('no token or password appears in the output of upload and job', () => {
      assert.ok(outputs.length > 0);
      for (const text of outputs) {
        for (const secret of secrets) assert.ok(!text.includes(secret), `output leaks a secret: ${text.slice(0, 200)}`);
      }
    });
  });
}

describe('catalog-blocks CLI (from source): Ctrl-C while waiting, and the login rate limit', () => {
  const argv = VARIANTS[0]!.argv;
  let slow: JobStore;
  let slowToken = '';
  before(async () => {
    // jobs stay PROCESSING long enough to interrupt the wait (the store aborts them on close)
    slow = await startJobStore({ processingMs: 120_000 });
    slowToken = (await new JobApiClient({ apiUrl: slow.apiUrl }).login(slow.user, slow.password)).token;
  });
  after(async () => {
    await slow?.close();
  });

  it('Ctrl-C during job --wait stops waiting (exit 130) and says how to resume; the job goes on on the server', async () => {
    const env = { CATALOG_API_URL: slow.apiUrl, CATALOG_API_TOKEN: slowToken };
    const added = await runCli(argv, ['--json', 'upload', 'add', PLAIN_DISTRIBUTION, path.join(dir, 'rows.csv')], { env });
    assert.equal(added.code, 0, added.stderr);
    const jobId = (JSON.parse(added.stdout) as { jobId: string }).jobId;

    const childEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('CATALOG_API_')) childEnv[k] = v;
    const child = spawn(process.execPath, [...argv, 'job', jobId, '--wait'], { cwd: repoRoot, env: { ...childEnv, ...env, CATALOG_API_POLL_MS: '100' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    let interrupted = false;
    const code = await new Promise<number | null>((resolve) => {
      child.stderr!.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
        // interrupt once the CLI has reported the running job (no timing involved); a second Ctrl-C would kill it
        if (!interrupted && stderr.includes(`Job ${jobId}: PROCESSING`)) {
          interrupted = true;
          child.kill('SIGINT');
        }
      });
      child.on('close', resolve);
    });
    outputs.push(stdout, stderr);
    assert.equal(code, 130, stderr);
    assert.match(stderr, new RegExp(`Stopped waiting; job ${jobId} goes on on the server.*catalog-blocks job ${jobId} --wait`));
    assert.doesNotMatch(stderr, /Request cancelled/, 'one message, not an error line as well');
    assert.equal(stdout, '');
    assert.equal((await new JobApiClient({ apiUrl: slow.apiUrl, token: slowToken }).getJob(jobId)).status, 'PROCESSING');
  });

  it('after repeated wrong passwords, login exits 7 and tells when to retry (429)', async () => {
    const client = new JobApiClient({ apiUrl: slow.apiUrl });
    let locked = false;
    for (let i = 0; i < 10 && !locked; i++) {
      try {
        await client.login(slow.user, 'wrong-password');
      } catch (e) {
        locked = (e as { status?: number }).status === 429;
      }
    }
    const r = await runCli(argv, ['login', '--api-url', slow.apiUrl, '--user', slow.user, '--password-stdin'], { input: slow.password, login: true });
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, /HTTP 429: .*\(retry after \d+ s\)/);
    assert.equal(r.stdout, '', 'no token');
  });
});

describe('catalog-blocks CLI (from source): a wait longer than the session', () => {
  let short: JobStore;
  before(async () => {
    // sessions end after 1.5 s, jobs run 4 s: the CLI's own login expires while it waits
    short = await startJobStore({ sessionMs: 1500, processingMs: 4000 });
  });
  after(async () => {
    await short?.close();
  });

  it('with CATALOG_API_USER + CATALOG_API_PASSWORD the CLI logs in again and waits on to SUCCESS', async () => {
    const r = await runCli(VARIANTS[0]!.argv, ['--json', 'upload', 'add', PLAIN_DISTRIBUTION, path.join(dir, 'rows.csv'), '--wait'], {
      env: { CATALOG_API_URL: short.apiUrl, CATALOG_API_USER: short.user, CATALOG_API_PASSWORD: short.password },
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal((JSON.parse(r.stdout) as { status: string }).status, 'SUCCESS');
  });

  it('with an expired CATALOG_API_TOKEN it exits 3 and says the token may have expired', async () => {
    const { token: old } = await new JobApiClient({ apiUrl: short.apiUrl }).login(short.user, short.password, { maxAgeSeconds: 1 });
    secrets.add(old);
    // wait until the server itself no longer knows the token (whoami answers guest), then use it
    const probe = new JobApiClient({ apiUrl: short.apiUrl, token: old });
    while ((await probe.whoami()).authenticated) await new Promise((r) => setTimeout(r, 100));
    const r = await runCli(VARIANTS[0]!.argv, ['upload', 'add', PLAIN_DISTRIBUTION, path.join(dir, 'rows.csv')], {
      env: { CATALOG_API_URL: short.apiUrl, CATALOG_API_TOKEN: old },
    });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /HTTP 403/);
    assert.match(r.stderr, /CATALOG_API_TOKEN may have expired/);
  });
});

describe('progress output (node/cli/progress.ts)', () => {
  const stream = (isTTY: boolean) => {
    const chunks: string[] = [];
    const s = new Writable({ write(chunk, _enc, done) { chunks.push(String(chunk)); done(); } }) as Writable & { isTTY?: boolean; columns?: number };
    s.isTTY = isTTY;
    s.columns = 100;
    return { s: s as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
  };
  const run = (view: ProgressView) => {
    view.uploadStarted('rows.csv', 2048);
    view.uploadProgress(1024, 2300);
    view.uploadProgress(2300, 2300);
    view.uploadDone();
    view.jobUpdate({ jobId: '9223372036854775807', status: 'PENDING', queuePosition: 2 });
    view.jobUpdate({ jobId: '9223372036854775807', status: 'PROCESSING', progress: 40 });
    view.jobUpdate({ jobId: '9223372036854775807', status: 'PROCESSING', progress: 80 });
    view.jobUpdate({ jobId: '9223372036854775807', status: 'SUCCESS' });
    view.stop();
  };

  it('on a terminal: bars for the upload and the job (percent, state)', () => {
    const { s, text } = stream(true);
    run(progressView({ json: false, stream: s }));
    const out = text();
    // redraws are throttled (fps): the first and the last state of each bar are always drawn
    assert.match(out, /Uploading rows\.csv \|.*\| 0% 0 KB\/2 KB/);
    assert.match(out, /Uploading rows\.csv \|.*\| 100% 2 KB\/2 KB/);
    assert.match(out, /Job 9223372036854775807 \|.*\| PENDING \(queue position 2\)/);
    assert.match(out, /Job 9223372036854775807 \|█+\| SUCCESS/);
  });

  it('piped: one plain line per state, no bar redraws', () => {
    const { s, text } = stream(false);
    run(progressView({ json: false, stream: s }));
    assert.equal(text(), [
      'Uploading rows.csv (2 KB)…',
      'Upload complete; waiting for the server to accept it…',
      'Job 9223372036854775807: PENDING (queue position 2)',
      'Job 9223372036854775807: PROCESSING 40%',
      'Job 9223372036854775807: SUCCESS',
      '',
    ].join('\n'));
  });

  it('with --json: nothing, even on a terminal', () => {
    const { s, text } = stream(true);
    run(progressView({ json: true, stream: s }));
    assert.equal(text(), '');
  });
});
