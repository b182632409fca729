/**
 * The paths a newcomer takes (issue 12, point 5), each as the README tells it:
 * - a fresh clone (the working tree's tracked and unignored files, no dist/) after `npm install` (node_modules
 *   linked): `npx catalog-blocks --help` works before the build and after it, with the same npx cache, and the bin runs
 *   dist/node when it is current and the sources when they are newer; the MCP bin too;
 * - every command of the README's "Try it on the dev store" block, run in that clone against `npm start`, whose
 *   printed job API URL and demo account are the ones used;
 * - `catalog-blocks distributions` lists the URIs `upload add` / `upload replace` take;
 * - `npm pack` ships what the package needs, and the tarball installs and runs;
 * - `npm test`'s order (build before the api suite) and counts (skipped suites, build skips as failures);
 * - engines: every locked package accepts the lowest Node the package claims, the README's Node 20;
 * - the MCP server's "Not configured" names what it reads (its environment), not a CLI flag.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { JobApiClient } from '../../src/api.ts';
import { API_SOURCE_DISTRIBUTION, DATASET_URI, PLAIN_DISTRIBUTION, UNKNOWN_URI, repoRoot, startJobStore } from './helpers.ts';
import type { JobStore } from './helpers.ts';
import { countTap, plan, summary } from '../../scripts/test.mjs';

/** npm's own version ranges (semver is in node_modules through npm tooling; no @types for it here). */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { major: number; version: string } | null;
  satisfies(version: string, range: string): boolean;
  major(version: string): number;
};
const AIRCRAFT_DATASET = 'https://github.com/civictechsweden/oppna-luftfartygsregistret';
const AIRCRAFT_CSV = `${AIRCRAFT_DATASET}/blob/master/register.csv`;
const README = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string; engines: { node: string }; bin: Record<string, string>; files: string[];
  scripts: Record<string, string>; exports: Record<string, string | { types: string; default: string }>;
};
const builtSkip = existsSync(path.join(repoRoot, 'dist/node/catalog-blocks.js')) && existsSync(path.join(repoRoot, 'dist/npm/index.js'))
  ? false : 'dist not built (npm run build)';

interface Run { code: number | null; stdout: string; stderr: string }

/** Environment without the caller's CATALOG_* settings (a newcomer's shell has none). */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('CATALOG_')) env[k] = v;
  return { ...env, NO_COLOR: '1', ...extra };
}

function run(cmd: string, args: string[], opts: { cwd: string; env: Record<string, string>; input?: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (opts.input !== undefined) child.stdin!.end(opts.input);
  });
}

/** A fresh clone of the working tree: tracked and unignored files (no dist/, no node_modules/), node_modules linked. */
function freshClone(into: string): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0').filter((f) => f && existsSync(path.join(repoRoot, f)));
  const clone = path.join(into, 'catalog-blocks');
  for (const f of files) {
    mkdirSync(path.dirname(path.join(clone, f)), { recursive: true });
    cpSync(path.join(repoRoot, f), path.join(clone, f));
  }
  // `npm install`: the repository's own node_modules (an `npm ci` per test run would take minutes)
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  return clone;
}

/** The fenced block after a README heading. */
function readmeBlock(heading: string, lang = 'sh'): string {
  const at = README.indexOf(heading);
  assert.ok(at >= 0, `README has "${heading}"`);
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(README.slice(at));
  assert.ok(m, `a ${lang} block after "${heading}"`);
  return m[1]!;
}

let work: string;
let clone: string;
/** An npx cache of our own: the first npx links the clone's package into it, later ones reuse that link. */
let npxEnv: Record<string, string>;

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'cb-newcomer-'));
  clone = freshClone(work);
  npxEnv = cleanEnv({ npm_config_cache: path.join(work, 'npm-cache'), npm_config_update_notifier: 'false', npm_config_yes: 'true' });
});
after(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a fresh clone after npm install', () => {
  it('npx catalog-blocks --help works before the build (sources through tsx) and after it (dist/node), with the same npx cache', async () => {
    assert.ok(!existsSync(path.join(clone, 'dist')), 'a fresh clone has no dist/');
    const first = await run('npx', ['catalog-blocks', '--help'], { cwd: clone, env: npxEnv });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Usage: catalog-blocks/);
    assert.match(first.stdout, /distributions/);

    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'node'], { cwd: clone, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    // mark the built bin, so the run below shows which file ran
    const built = path.join(clone, 'dist/node/catalog-blocks.js');
    const code = readFileSync(built, 'utf8');
    writeFileSync(built, code.replace('#!/usr/bin/env node\n', '#!/usr/bin/env node\nprocess.stderr.write("[dist/node]\\n");\n'));
    const second = await run('npx', ['catalog-blocks', '--version'], { cwd: clone, env: npxEnv });
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout.trim(), pkg.version);
    assert.match(second.stderr, /\[dist\/node\]/, 'the current build ran');

    // a source edited after the build: the sources run again (never a stale build)
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(clone, 'node/cli/session.ts'), future, future);
    const third = await run('npx', ['catalog-blocks', '--version'], { cwd: clone, env: npxEnv });
    assert.equal(third.code, 0, third.stderr);
    assert.equal(third.stdout.trim(), pkg.version);
    assert.doesNotMatch(third.stderr, /\[dist\/node\]/, 'the sources ran');
  });

  it('catalog-blocks-mcp from the clone answers over stdio; unconfigured, it says to set CATALOG_API_URL in its environment, not a flag', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(clone, pkg.bin['catalog-blocks-mcp']!)],
      cwd: work,
      env: cleanEnv(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'newcomer-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'addFileToDistribution'), tools.map((t) => t.name).join(', '));
      const r = await client.callTool({ name: 'getJobStatus', arguments: { jobId: '1' } }) as { isError?: boolean; content: { text?: string }[] };
      const text = r.content.map((c) => c.text ?? '').join('\n');
      assert.equal(r.isError, true);
      assert.match(text, /^Not configured: No API URL: set CATALOG_API_URL in the environment of the MCP server/);
      assert.match(text, /"env"/);
      assert.doesNotMatch(text, /--api-url|pass /);
    } finally {
      await client.close();
    }
  });

  it('unconfigured credentials: the MCP server names its environment, the CLI its shell variables', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(clone, pkg.bin['catalog-blocks-mcp']!)],
      cwd: work,
      env: cleanEnv({ CATALOG_API_URL: 'http://127.0.0.1:9/api' }),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'newcomer-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const r = await client.callTool({ name: 'getJobStatus', arguments: { jobId: '1' } }) as { content: { text?: string }[] };
      const text = r.content.map((c) => c.text ?? '').join('\n');
      assert.match(text, /^Not configured: No credentials: set CATALOG_API_TOKEN .* in the environment of the MCP server/);
    } finally {
      await client.close();
    }
    const cli = await run(process.execPath, [path.join(clone, pkg.bin['catalog-blocks']!), 'job', '1'], { cwd: work, env: cleanEnv() });
    assert.equal(cli.code, 2);
    assert.match(cli.stderr, /pass --api-url <url> or set CATALOG_API_URL/);
  });
});

describe('npm start and the README walkthrough', () => {
  let start: ChildProcess;
  let printed = '';
  let apiUrl: string;

  before(async () => {
    start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.mjs', '--port', '0', '--store-port', '0', '--no-build'], {
      cwd: repoRoot, env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'],
    });
    start.stdout!.setEncoding('utf8');
    start.stderr!.setEncoding('utf8').on('data', (d: string) => { printed += d; });
    await new Promise<void>((resolve, reject) => {
      start.stdout!.on('data', (d: string) => {
        printed += d;
        if (printed.includes('Stop with Ctrl+C.')) resolve();
      });
      start.once('exit', (code) => reject(new Error(`npm start ended (${code}): ${printed}`)));
    });
    apiUrl = /^Job API: (http:\/\/localhost:\d+\/api)\b/m.exec(printed)?.[1] ?? '';
  });
  after(() => {
    if (start.exitCode === null) start.kill('SIGKILL');
  });

  it('prints the job API URL, the legacy task API and the demo account, and they work', async () => {
    assert.ok(apiUrl, printed);
    const origin = new URL(apiUrl).origin;
    assert.match(printed, new RegExp(`^Store: ${origin}/store/`, 'm'));
    assert.ok(printed.includes(`${origin}/taskrunner/v1`), printed);
    const account = /^Demo account: (\S+) \/ (\S+)/m.exec(printed);
    assert.ok(account, printed);
    assert.deepEqual([account[1], account[2]], ['demo', 'demo-password'], 'the account the README names');
    const client = new JobApiClient({ apiUrl });
    const session = await client.login(account[1]!, account[2]!);
    assert.equal(session.user, 'demo');
    assert.deepEqual(await client.whoami(), { user: 'demo', authenticated: true });
    await client.logout();
  });

  it('every command of the README "Try it on the dev store" block runs in the fresh clone: add → SUCCESS → the file is listed', async () => {
    const block = readmeBlock('#### Try it on the dev store');
    const origin = new URL(apiUrl).origin;
    const lines = block.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    assert.ok(lines.some((l) => l.includes(`upload add ${AIRCRAFT_CSV} `)), 'the README uploads to the demo catalog\'s CSV distribution');
    // the README's port is npm start's default; this npm start runs on a free one
    const script = ['set -euo pipefail', ...lines.map((l) => l.replaceAll('http://localhost:8787', origin))].join('\n');
    const r = await run('bash', ['-c', script], { cwd: clone, env: { ...npxEnv, CATALOG_API_POLL_MS: '100' } });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /^demo$/m, 'whoami');
    assert.match(r.stdout, /add a file: +catalog-blocks upload add https:\/\/github\.com\/civictechsweden\/oppna-luftfartygsregistret\/blob\/master\/register\.csv <file>/);
    assert.match(r.stdout, /status: +SUCCESS/);
    const resultUrl = /result: +(\S+)/.exec(r.stdout)?.[1];
    assert.ok(resultUrl?.startsWith(`${origin}/store/`), r.stdout);
    const listing = JSON.parse(r.stdout.slice(r.stdout.indexOf('{\n'), r.stdout.lastIndexOf('\n}') + 2)) as { distributions: { uri: string; files: { uri: string; name?: string }[] }[] };
    const csv = listing.distributions.find((d) => d.uri === AIRCRAFT_CSV);
    assert.deepEqual(csv?.files.map((f) => [f.uri, f.name]), [[resultUrl, 'data.csv']], 'the uploaded file is listed under its distribution');
  });

  it('SIGTERM stops both servers and removes the temporary data dir it printed', async () => {
    const dataDir = /in (\S+), removed on stop/.exec(printed)?.[1];
    assert.ok(dataDir && existsSync(dataDir), printed);
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    start.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(existsSync(dataDir), false, `${dataDir} removed`);
  });
});

describe('catalog-blocks distributions', () => {
  let store: JobStore;
  const cli = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
    run(process.execPath, [path.join(repoRoot, pkg.bin['catalog-blocks']!), ...args], { cwd: repoRoot, env: cleanEnv({ CATALOG_API_POLL_MS: '100', ...env }) });

  before(async () => {
    store = await startJobStore();
  });
  after(async () => {
    await store.close();
  });

  it('lists a dataset\'s distributions with the command that adds to each, and the files uploaded with the command that replaces them', async () => {
    const r = await cli(['distributions', DATASET_URI, '--api-url', store.apiUrl]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Dataset: Swedish Polls$/m);
    assert.ok(r.stdout.includes(`catalog-blocks upload add ${API_SOURCE_DISTRIBUTION} <file>`), r.stdout);
    // the demo catalog's CSV is uploaded at start: a file entry of the store
    const file = new RegExp(`catalog-blocks upload replace (${store.storeUrl}\\S+) <file> +\\(SwedishPolls-Polls\\.csv, `).exec(r.stdout);
    assert.ok(file, r.stdout);
    assert.match(r.stdout, /a connected API: its rows come from the files of https:\/\/github\.com\/MansMeg\/SwedishPolls\/blob\/master\/Data\/Polls\.csv/);
    // the URIs it prints are the ones the job API takes
    const client = new JobApiClient({ apiUrl: store.apiUrl });
    await client.login(store.user, store.password);
    const replaced = await client.waitForJob((await client.replaceFile(file[1]!, new File(['id,x\n1,2\n'], 'polls.csv'))).jobId, { intervalMs: 50 });
    assert.equal(replaced.status, 'SUCCESS', replaced.error);
    await client.logout();
  });

  it('--json; an entry URL works as well as a resource URI; a distribution URI lists that distribution', async () => {
    const byUri = await cli(['distributions', AIRCRAFT_DATASET, '--store-url', store.storeUrl, '--json']);
    assert.equal(byUri.code, 0, byUri.stderr);
    const listing = JSON.parse(byUri.stdout) as { storeUrl: string; dataset: { uri: string; title: string }; distributions: { uri: string; inStore: boolean; files: unknown[] }[] };
    assert.equal(listing.storeUrl, store.storeUrl);
    assert.deepEqual(listing.dataset, { uri: AIRCRAFT_DATASET, title: 'Swedish aircraft register' });
    assert.deepEqual(listing.distributions.map((d) => d.uri).sort(), [`${AIRCRAFT_DATASET}/blob/master/register.csv`, `${AIRCRAFT_DATASET}/blob/master/register.json`, `${AIRCRAFT_DATASET}/blob/master/register_light.json`]);
    assert.ok(listing.distributions.every((d) => d.inStore && d.files.length === 0));

    const search = await fetch(`${store.storeUrl}search?type=solr&query=${encodeURIComponent(`resource:"${AIRCRAFT_DATASET}"`)}&format=application/json`);
    const hit = (await search.json() as { resource: { children: { entryId: string; contextId?: string }[] } }).resource.children[0]!;
    const entryUrl = `${store.storeUrl}${hit.contextId ?? '1'}/entry/${hit.entryId}`;
    const byEntry = await cli(['distributions', entryUrl, '--json']); // the store comes from the entry URL
    assert.equal(byEntry.code, 0, byEntry.stderr);
    assert.deepEqual(JSON.parse(byEntry.stdout), listing);

    const one = await cli(['distributions', PLAIN_DISTRIBUTION, '--store-url', store.storeUrl, '--json']);
    assert.equal(one.code, 0, one.stderr);
    const single = JSON.parse(one.stdout) as { dataset?: unknown; distributions: { uri: string }[] };
    assert.equal(single.dataset, undefined);
    assert.deepEqual(single.distributions.map((d) => d.uri), [PLAIN_DISTRIBUTION]);
  });

  it('exit 4 for a URI the store does not have, exit 2 without a store to ask', async () => {
    const missing = await cli(['distributions', UNKNOWN_URI, '--store-url', store.storeUrl]);
    assert.equal(missing.code, 4, missing.stderr);
    assert.match(missing.stderr, /No public entry has the resource URI https:\/\/nowhere\.example\/no-such-entry/);
    const nowhere = await cli(['distributions', AIRCRAFT_DATASET]);
    assert.equal(nowhere.code, 2);
    assert.match(nowhere.stderr, /--store-url <url> or set CATALOG_STORE_URL/);
    const missingJson = await cli(['distributions', UNKNOWN_URI, '--store-url', store.storeUrl, '--json']);
    assert.deepEqual(JSON.parse(missingJson.stdout).exitCode, 4);
  });

  it('the README upload examples name the demo catalog\'s distributions, and the help shows the command', async () => {
    const ttl = readFileSync(path.join(repoRoot, 'demo/catalog/demo-catalog.ttl'), 'utf8');
    const section = README.slice(README.indexOf('## File uploads'), README.indexOf('## Numbers'));
    const adds = [...section.matchAll(/upload add (https?:\/\/\S+)/g)].map((m) => m[1]!).filter((u) => !u.includes('example.org'));
    assert.ok(adds.length > 0, 'a runnable upload example');
    for (const uri of adds) assert.match(ttl, new RegExp(`^<${uri.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}>\\n\\s+a dcat:Distribution`, 'm'), `${uri} is a distribution of the demo catalog`);
    const help = await cli(['--help']);
    assert.match(help.stdout, /distributions \[options\] <dataset>/);
    assert.match(help.stdout, /CATALOG_STORE_URL/);
  });
});

describe('npm pack and installing the tarball', { skip: builtSkip }, () => {
  it('the tarball holds the bins, every export target, the OpenAPI document and the skill; prepack builds', () => {
    assert.equal(pkg.scripts.prepack, 'npm run build', 'npm pack (and a git dependency) builds first');
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const files = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
    const needed = [
      ...Object.values(pkg.bin).map((b) => b.replace(/^\.\//, '')),
      'node/cli/bin/launch.js', 'dist/node/catalog-blocks.js', 'dist/node/mcp-server.js',
      'openapi/job-api.openapi.json', 'skills/migrate-from-taskrunner/SKILL.md', 'package.json', 'README.md',
      ...Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : [t.types, t.default])).map((f) => f.replace(/^\.\//, '')),
    ];
    assert.deepEqual(needed.filter((f) => !files.has(f)), []);
    assert.ok(![...files].some((f) => f.startsWith('test/') || f.startsWith('demo/') || f === 'node/cli/catalog-blocks.ts'), 'no tests, demo or CLI sources');
  });

  it('an application installs the tarball: npx catalog-blocks runs dist/node, catalog-blocks/api imports', async () => {
    const app = path.join(work, 'my-app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), '{ "name": "my-app", "version": "1.0.0", "private": true, "type": "module" }\n');
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: repoRoot, stdio: 'ignore' });
    const tarball = path.join(work, `catalog-blocks-${pkg.version}.tgz`);
    const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: app, env: npxEnv });
    assert.equal(install.code, 0, install.stderr);
    const help = await run('npx', ['catalog-blocks', '--help'], { cwd: app, env: npxEnv });
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /Usage: catalog-blocks/);
    const api = await run(process.execPath, ['--input-type=module', '-e', "const m = await import('catalog-blocks/api'); console.log(typeof m.JobApiClient)"], { cwd: app, env: npxEnv });
    assert.equal(api.stdout.trim(), 'function', api.stderr);
  });
});

describe('npm test and the engines', () => {
  it('builds before the first suite that runs built files (api), so the CLI and MCP built-bin tests run', () => {
    assert.deepEqual(plan([]), ['unit', 'store', 'build', 'api', 'blocks', 'e2e', 'security']);
    assert.deepEqual(plan(['unit', 'blocks']), ['unit', 'blocks']);
    assert.deepEqual(plan(['e2e', 'security']), ['build', 'e2e', 'security']);
  });

  it('counts a skipped describe() (missing from node\'s summary), and a skip for want of the build as a failure once npm test has built', () => {
    const tap = [
      '# Subtest: built bin',
      'ok 1 - catalog-blocks CLI (built bin) # SKIP dist/node not built (npm run build)',
      '    ok 1 - needs curl # SKIP needs curl and jq',
      '    ok 2 - runs',
      'ok 3 - later # TODO later',
      '# tests 3', '# pass 1', '# fail 0', '# cancelled 0', '# skipped 1', '# todo 1',
    ].join('\n');
    const before = countTap(tap);
    assert.deepEqual([before.passed, before.failed, before.skipped], [1, 0, 3]);
    const afterBuild = countTap(tap, { built: true });
    assert.deepEqual([afterBuild.passed, afterBuild.failed, afterBuild.skipped], [1, 1, 2]);
    assert.deepEqual(afterBuild.buildSkips, ['catalog-blocks CLI (built bin): dist/node not built (npm run build)']);
  });

  it('prints the skips on the line before the last; the last line is exactly "N passed, N failed"', () => {
    const lines = summary({ passed: 12, failed: 1, skipped: 3 });
    assert.equal(lines.at(-1), '12 passed, 1 failed');
    assert.match(lines.at(-1)!, /^[0-9]+ passed, [0-9]+ failed$/);
    assert.match(lines.at(-2)!, /^3 skipped/);
  });

  it('every locked package accepts the lowest Node the package claims, which is the README\'s Node 20', () => {
    const lowest = semver.minVersion(pkg.engines.node)!.version;
    assert.equal(semver.major(lowest), 20);
    assert.match(README, /with Node 20\b/);
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(lowest, p.engines.node))
      .map(([name, p]) => `${name}@${p.version}: node ${(p.engines as { node: string }).node}`);
    assert.deepEqual(refusing, []);
    const fileType = lock.packages['node_modules/file-type'];
    assert.equal(semver.major(fileType!.version!), 21, 'file-type 22 needs Node 22');
  });
});
