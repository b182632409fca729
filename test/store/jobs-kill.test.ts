/**
 * THE KILL TEST: the dev store CLI is killed with SIGKILL while a job is PROCESSING (and, separately, while an
 * upload is still streaming); after a restart on the same data dir the accepted job completes — it never
 * vanishes — and no half-written file was ever visible.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { CSV_DIST, ROWS_ID, TEST_CATALOG, tempDir, until } from '../../dev-store/jobs/test-support.ts';
import { DCAT, getJson, repoRoot } from './helpers.ts';

const CSV = `id,name\n${Array.from({ length: 2000 }, (_, i) => `${i},name ${i}`).join('\n')}\n`;

interface Child {
  proc: ChildProcess;
  base: string;
  store: string;
}

const children: ChildProcess[] = [];
after(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

async function startCli(dataDir: string, catalog: string, processingMs: number): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'dev-store/main.ts', '--port', '0', '--data-dir', dataDir, '--processing-ms', String(processingMs), '--quiet', '--catalog', catalog], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const store = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/localhost:\d+\/store\/)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`dev store exited with ${code}: ${err}`)));
  });
  return { proc, base: new URL(store).origin, store };
}

function killHard(c: Child): Promise<void> {
  return new Promise((resolve) => {
    c.proc.once('exit', () => resolve());
    c.proc.kill('SIGKILL');
  });
}

async function login(c: Child): Promise<string> {
  const r = await getJson(`${c.base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.auth_token as string;
}

/** The job as text-parsed JSON with the id kept as the exact digit string. */
async function job(c: Child, token: string, id: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${c.base}/api/job/${id}`, { headers: { 'X-Auth-Token': token } });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text.replace(/"jobId"\s*:\s*(\d+)/, '"jobId":"$1"')) };
}

/** Store-internal downloadURLs of the CSV distribution, as a client sees them. */
async function storeDownloads(c: Child): Promise<string[]> {
  const search = await getJson(`${c.store}search?type=solr&query=resource:${encodeURIComponent(CSV_DIST.replace(/[:/]/g, '\\$&'))}`);
  const child = search.body.resource.children[0];
  return ((child.metadata[CSV_DIST]?.[`${DCAT}downloadURL`] ?? []) as { value: string }[]).map((o) => o.value).filter((u) => u.startsWith(c.store));
}

describe('kill -9 of the dev store', () => {
  it('during PROCESSING: after a restart on the same data dir the job finishes, never vanishes; nothing half-done was visible', async () => {
    const dataDir = tempDir('jobs-kill-');
    const catalog = path.join(dataDir, '..', `${path.basename(dataDir)}-catalog.ttl`);
    await writeFile(catalog, TEST_CATALOG);
    let c = await startCli(dataDir, catalog, 15_000); // a wide PROCESSING window, also on a loaded machine
    let token = await login(c);
    const form = new FormData();
    form.append('file', new Blob([CSV], { type: 'text/csv' }), 'big.csv');
    const res = await fetch(`${c.base}/api/distribution/addFile?resourceURI=${encodeURIComponent(CSV_DIST)}`, { method: 'POST', headers: { 'X-Auth-Token': token }, body: form });
    const text = await res.text();
    assert.equal(res.status, 202, text);
    const jobId = /"jobId"\s*:\s*(\d+)/.exec(text)![1]!;

    const processing = await until(() => job(c, token, jobId), (j) => j.body.status === 'PROCESSING', 'PROCESSING');
    assert.equal(typeof processing.body.progress, 'number');
    // Accepted and durable, but not visible: no link, no rows, no file entry.
    assert.deepEqual(await readdir(path.join(dataDir, 'uploads')), [jobId]);
    assert.deepEqual(await storeDownloads(c), []);
    assert.equal((await getJson(`${c.base}/rowstore/dataset/${ROWS_ID}/json`)).body.resultCount, 0);
    assert.equal((await readFile(path.join(dataDir, 'journal.jsonl'), 'utf8')).trim(), '');

    await killHard(c);
    c = await startCli(dataDir, catalog, 100);
    token = await login(c);
    const first = await job(c, token, jobId);
    assert.equal(first.status, 200, 'the job is still there after the restart');
    assert.equal(first.body.jobId, jobId);
    const done = await until(() => job(c, token, jobId), (j) => j.body.status === 'SUCCESS' || j.body.status === 'FAILED', 'the job ends');
    // The upload was on disk (fsync) before the 202, so this job must not fail.
    assert.equal(done.body.status, 'SUCCESS', done.body.error);
    const resultUrl = done.body.resultUrl as string;
    assert.deepEqual(await storeDownloads(c), [resultUrl]);
    const file = await fetch(resultUrl);
    assert.equal(await file.text(), CSV, 'the whole file, never a part');
    const rows = await getJson(`${c.base}/rowstore/dataset/${ROWS_ID}/json?_limit=1&_offset=1999`);
    assert.deepEqual(rows.body.results, [{ id: '1999', name: 'name 1999' }]);
    assert.equal((await readFile(path.join(dataDir, 'journal.jsonl'), 'utf8')).trim().split('\n').length, 1);
    await killHard(c);
  });

  it('while the upload is still streaming: no job, no file, the partial upload is gone after the restart', async () => {
    const dataDir = tempDir('jobs-kill-');
    const catalog = path.join(dataDir, '..', `${path.basename(dataDir)}-catalog.ttl`);
    await writeFile(catalog, TEST_CATALOG);
    let c = await startCli(dataDir, catalog, 100);
    const token = await login(c);
    const boundary = 'killtestboundary';
    const req = request(`${c.base}/api/distribution/addFile?resourceURI=${encodeURIComponent(CSV_DIST)}`, {
      method: 'POST',
      headers: { 'X-Auth-Token': token, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    req.write(CSV.slice(0, CSV.length / 2));
    await until(() => readdir(path.join(dataDir, 'tmp')), (names) => names.length > 0, 'the upload reaches tmp/');
    await killHard(c);
    req.destroy();
    c = await startCli(dataDir, catalog, 100);
    try {
      assert.deepEqual(await readdir(path.join(dataDir, 'tmp')), []);
      assert.deepEqual(await readdir(path.join(dataDir, 'uploads')), []);
      assert.deepEqual(await readdir(path.join(dataDir, 'jobs')), []);
      assert.deepEqual(await storeDownloads(c), []);
    } finally {
      await killHard(c);
    }
  });
});
