/**
 * Durability of the job data dir: journal replay on restart (same entries, ids, links, dates, rows, records),
 * resumed jobs, a lost upload, a crash between the commit line and the record, a torn journal line, leftovers.
 */
import assert from 'node:assert/strict';
import { appendFile, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { UPLOAD_LOST } from '../../dev-store/jobs/index.ts';
import { CSV_DIST, Gate, PLAIN_DIST, ROWS_ID, startJobStore, submit, tempDir, until, zipBytes } from '../../dev-store/jobs/test-support.ts';
import type { JobStore } from '../../dev-store/jobs/test-support.ts';
import { getJson } from './helpers.ts';

const CSV_A = 'id,name\n1,one\n2,two\n';
const CSV_B = 'id,name\n3,three\n';

/** What a client can see of the catalog and the API. */
async function visible(s: JobStore): Promise<unknown> {
  const store = s.server.store;
  const files = [...store.entries()].filter((e) => e.kind === 'file').map((e) => ({ uri: e.resourceUri, name: e.file!.name, size: e.file!.size, sha: e.file!.sha256, modified: e.modified.toISOString() }));
  const dists = [CSV_DIST, PLAIN_DIST].map((u) => store.entriesByResource(u)[0]!).map((e) => ({ md: e.metadata.map((t) => `${t.subject.value} ${t.predicate} ${t.object.value}`).sort(), modified: e.modified.toISOString() }));
  const rows = (await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/json`)).body;
  const bodies: string[] = [];
  for (const f of files) bodies.push(await (await fetch(f.uri)).text());
  return portless(s, { files, dists, rows: rows.results, bodies });
}

/** `{store}` carries the port, which differs after a restart on port 0. */
function portless(s: JobStore, v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null).split(s.base).join('ORIGIN'));
}

describe('restart with the same data dir', () => {
  it('replays the journal: same file entries (ids, URIs, content), links, modified dates, rows and job records', async () => {
    const dataDir = tempDir();
    let s = await startJobStore({ dataDir });
    const add = await submit(s, 'ADD', CSV_DIST, 'a.csv', CSV_A);
    const addPlain = await submit(s, 'ADD', PLAIN_DIST, 'notes.txt', 'plain text');
    const bad = await submit(s, 'ADD', PLAIN_DIST, 'fake.csv', zipBytes());
    const legacy = await submit(s, 'ADD', CSV_DIST, 'b.csv', CSV_B, 'legacy');
    await s.jobs.idle();
    const file = s.jobs.get(add.jobId)!.resultUrl!;
    const replace = await submit(s, 'REPLACE', file, 'a2.csv', 'id,name\n9,nine\n');
    await s.jobs.idle();
    const ids = [add, addPlain, bad, legacy, replace].map((r) => r.jobId);
    const records = ids.map((id) => portless(s, s.jobs.get(id)));
    assert.deepEqual(records.map((r: any) => r.status), ['SUCCESS', 'SUCCESS', 'FAILED', 'SUCCESS', 'SUCCESS']);
    const before = await visible(s);
    assert.deepEqual((before as any).rows.map((r: any) => r.id), ['9', '3']);
    await s.close();

    s = await startJobStore({ dataDir });
    try {
      assert.deepEqual(await visible(s), before);
      // resourceURI is what the client sent (the old port for the replace); everything else is equal.
      const now = ids.map((id) => ({ ...(portless(s, s.jobs.get(id)) as object), resourceURI: '' }));
      assert.deepEqual(now, records.map((r: any) => ({ ...r, resourceURI: '' })));
      const next = await submit(s, 'ADD', CSV_DIST, 'c.csv', CSV_B, 'legacy');
      assert.equal(next.jobId, '2', 'the legacy counter goes on');
      await s.jobs.idle();
      assert.notEqual(s.jobs.get('2')!.resultUrl, s.jobs.get('1')!.resultUrl);
    } finally {
      await s.close();
    }
  });

  it('a job interrupted in PROCESSING (and one PENDING behind it) runs again after restart and commits exactly once', async () => {
    const dataDir = tempDir();
    const gate = new Gate();
    let s = await startJobStore({ dataDir, gate });
    const a = await submit(s, 'ADD', CSV_DIST, 'a.csv', CSV_A);
    const b = await submit(s, 'ADD', CSV_DIST, 'b.csv', CSV_B, 'legacy');
    await until(() => s.jobs.get(a.jobId)!.status, (st) => st === 'PROCESSING' && gate.held === 1, 'PROCESSING');
    const filesBefore = [...s.server.store.entries()].filter((e) => e.kind === 'file').length;
    await s.close(); // like a stop before the commit
    const onDisk = JSON.parse(await readFile(path.join(dataDir, 'jobs', `${a.jobId}.json`), 'utf8'));
    assert.equal(onDisk.record.status, 'PROCESSING');

    s = await startJobStore({ dataDir });
    try {
      await s.jobs.idle();
      const ra = s.jobs.get(a.jobId)!;
      const rb = s.jobs.get(b.jobId)!;
      assert.equal(ra.status, 'SUCCESS', ra.error);
      assert.equal(rb.status, 'SUCCESS', rb.error);
      assert.equal(new URL(rb.resultUrl!).pathname, new URL(b.prototypeURI!).pathname, 'the legacy prototypeURI is kept across the restart');
      assert.equal([...s.server.store.entries()].filter((e) => e.kind === 'file').length, filesBefore + 2);
      assert.equal(await (await fetch(ra.resultUrl!)).text(), CSV_A);
      const rows = (await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/json`)).body;
      assert.deepEqual(rows.results.map((r: any) => r.id), ['1', '2', '3']);
      const journal = (await readFile(path.join(dataDir, 'journal.jsonl'), 'utf8')).trim().split('\n');
      assert.equal(journal.length, 2);
    } finally {
      await s.close();
    }
  });

  it('a PENDING job whose upload file is gone → FAILED with an error saying so, nothing changed', async () => {
    const dataDir = tempDir();
    const gate = new Gate();
    let s = await startJobStore({ dataDir, gate });
    const a = await submit(s, 'ADD', CSV_DIST, 'a.csv', CSV_A);
    await until(() => gate.held, (n) => n === 1, 'held');
    await s.close();
    await rm(path.join(dataDir, 'uploads', a.jobId));
    s = await startJobStore({ dataDir });
    try {
      await s.jobs.idle();
      const r = s.jobs.get(a.jobId)!;
      assert.equal(r.status, 'FAILED');
      assert.equal(r.error, UPLOAD_LOST);
      assert.match(r.error!, /upload/i);
      assert.equal([...s.server.store.entries()].filter((e) => e.kind === 'file').length, 0);
    } finally {
      await s.close();
    }
  });

  it('a crash after the commit line but before the record was updated: SUCCESS from the journal, no second run', async () => {
    const dataDir = tempDir();
    let s = await startJobStore({ dataDir });
    const a = await submit(s, 'ADD', CSV_DIST, 'a.csv', CSV_A);
    await s.jobs.idle();
    const done = s.jobs.get(a.jobId)!;
    await s.close();
    const recFile = path.join(dataDir, 'jobs', `${a.jobId}.json`);
    const stored = JSON.parse(await readFile(recFile, 'utf8'));
    stored.record.status = 'PROCESSING';
    delete stored.record.terminated;
    delete stored.record.resultUrl;
    await writeFile(recFile, JSON.stringify(stored));
    s = await startJobStore({ dataDir });
    try {
      await s.jobs.idle();
      const r = s.jobs.get(a.jobId)!;
      assert.equal(r.status, 'SUCCESS');
      assert.equal(new URL(r.resultUrl!).pathname, new URL(done.resultUrl!).pathname);
      assert.equal(r.terminated, done.terminated);
      assert.equal([...s.server.store.entries()].filter((e) => e.kind === 'file').length, 1);
      assert.equal((await readFile(path.join(dataDir, 'journal.jsonl'), 'utf8')).trim().split('\n').length, 1);
    } finally {
      await s.close();
    }
  });

  it('a torn last journal line (crash during the append) is dropped; later commits and replays work', async () => {
    const dataDir = tempDir();
    let s = await startJobStore({ dataDir });
    await submit(s, 'ADD', CSV_DIST, 'a.csv', CSV_A);
    await s.jobs.idle();
    await s.close();
    await appendFile(path.join(dataDir, 'journal.jsonl'), '{"jobId":"77","jobType":"ADD","tar');
    s = await startJobStore({ dataDir });
    await submit(s, 'ADD', CSV_DIST, 'b.csv', CSV_B);
    await s.jobs.idle();
    const before = await visible(s);
    await s.close();
    s = await startJobStore({ dataDir });
    try {
      assert.deepEqual(await visible(s), before);
      assert.deepEqual((before as any).rows.map((r: any) => r.id), ['1', '2', '3']);
    } finally {
      await s.close();
    }
  });

  it('partial uploads left in tmp/, and an upload without a record, are removed at start and never become visible', async () => {
    const dataDir = tempDir();
    let s = await startJobStore({ dataDir });
    await s.close();
    await writeFile(path.join(dataDir, 'tmp', 'half-upload'), 'id,name\n1,on');
    await writeFile(path.join(dataDir, 'uploads', '4242'), 'id,name\n1,one\n'); // moved in, but no record: no 202 was sent
    s = await startJobStore({ dataDir });
    try {
      assert.deepEqual(await readdir(path.join(dataDir, 'tmp')), []);
      assert.deepEqual(await readdir(path.join(dataDir, 'uploads')), []);
      assert.equal(s.jobs.get('4242'), undefined);
      assert.equal([...s.server.store.entries()].filter((e) => e.kind === 'file').length, 0);
    } finally {
      await s.close();
    }
  });
});
