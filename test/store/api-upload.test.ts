/** Current API uploads: every row of the SPEC's Errors table for addFile/replaceFile, in the contract's check order. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { tooLargeBody } from '../../dev-store/http/multipart.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import {
  answer,
  apiUrl,
  countSubmits,
  CSV,
  DATASET_1,
  DIST_CSV,
  DIST_OTHER,
  DIST_PLAIN,
  jobIdToken,
  leftoverUploads,
  multipart,
  startJobStore,
  token,
  until,
  upload,
  uploadStreamed,
  ZIP_BYTES,
} from './api-support.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

const MB = 1024 * 1024;

describe('current API uploads: refusals (nothing queued)', () => {
  let s: StoreServer;
  let t: string;
  let submits: { readonly count: number };
  let fileUri: string;
  const auth = () => ({ 'X-Auth-Token': t });

  before(async () => {
    s = await startJobStore({ maxUploadBytes: MB });
    t = await token(s);
    // a file entry to address (the resultUrl of an add)
    const added = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: 'first.csv' });
    assert.equal(added.status, 202);
    await s.jobs.idle();
    const job = s.jobs.get(jobIdToken(added.text))!;
    assert.equal(job.status, 'SUCCESS', job.error);
    fileUri = job.resultUrl!;
    submits = countSubmits(s);
  });
  after(() => s.close());

  const noneQueued = async () => {
    assert.equal(submits.count, 0, 'JobService.submit was called');
    assert.deepEqual(await leftoverUploads(s), [], 'no upload temp file left');
  };

  test('no token, an unknown token → 403 "Authentication required" (body not read)', async () => {
    for (const headers of [{}, { 'X-Auth-Token': 'nope' }] as Record<string, string>[]) {
      const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers });
      assert.equal(r.status, 403);
      assert.deepEqual(r.body, { error: 'Authentication required' });
    }
    await noneQueued();
  });

  test('authentication is checked before anything else (no token + unknown URI → 403, not 404)', async () => {
    const r = await upload(apiUrl(s), 'addFile', 'https://example.org/nothing');
    assert.equal(r.status, 403);
  });

  test('missing resourceURI → 400', async () => {
    const r = await upload(apiUrl(s), 'addFile', undefined, { headers: auth() });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /resourceURI/);
    await noneQueued();
  });

  test('resourceURI resolving to nothing → 404 naming it (both operations)', async () => {
    for (const op of ['addFile', 'replaceFile'] as const) {
      const r = await upload(apiUrl(s), op, 'https://example.org/nothing', { headers: auth() });
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, { error: 'No entry with resource URI https://example.org/nothing' });
    }
    await noneQueued();
  });

  test('addFile with a file URI → 422 naming the kind "file"', async () => {
    const r = await upload(apiUrl(s), 'addFile', fileUri, { headers: auth() });
    assert.equal(r.status, 422);
    assert.equal(r.body.kind, 'file');
    assert.equal(r.body.error, 'resourceURI names a file entry; addFile needs a distribution');
    await noneQueued();
  });

  test('replaceFile with a distribution URI → 422 naming the kind "distribution"; a dataset URI → kind "dataset"', async () => {
    const r = await upload(apiUrl(s), 'replaceFile', DIST_PLAIN, { headers: auth() });
    assert.equal(r.status, 422);
    assert.equal(r.body.kind, 'distribution');
    assert.equal(r.body.error, 'resourceURI names a distribution entry; replaceFile needs a file');
    const ds = await upload(apiUrl(s), 'addFile', DATASET_1, { headers: auth() });
    assert.equal(ds.status, 422);
    assert.equal(ds.body.kind, 'dataset');
    await noneQueued();
  });

  test('a user without write access to the context → 403 naming user and context; allowed context works', async () => {
    const alice = await token(s, 'alice', 'alice-pw');
    const r = await upload(apiUrl(s), 'addFile', DIST_OTHER, { headers: { 'X-Auth-Token': alice } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: 'User alice may not write context 2' });
    await noneQueued();
  });

  test('Content-Length over the limit → 413 with the limit, before reading the body', async () => {
    const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), content: Buffer.alloc(2 * MB, 0x61) });
    assert.equal(r.status, 413);
    assert.deepEqual(r.body, { error: 'File larger than the limit of 1 MB', limitBytes: MB });
    await noneQueued();
  });

  test('a declared Content-Length over the limit is answered 413 while the body is still unsent', async () => {
    const answerWhileSending = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { contentType } = multipart('huge.csv', '');
      const req = httpRequest(`${apiUrl(s)}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': contentType, 'Content-Length': String(10 * 1024 * MB) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--x\r\n'); // a few bytes of a 10 GB body; the rest never comes
    });
    assert.equal(answerWhileSending.status, 413);
    assert.deepEqual(JSON.parse(answerWhileSending.body), tooLargeBody(MB));
    await noneQueued();
  });

  test('a client that gives up mid-upload leaves no temp file and no job', async () => {
    const ctrl = new AbortController();
    let sent = 0;
    const { body: empty, contentType } = multipart('gone.csv', '');
    const stream = new ReadableStream<Uint8Array>({
      async pull(c) {
        await new Promise((r) => setImmediate(r)); // one chunk per macrotask, never a microtask spin
        if (ctrl.signal.aborted) return c.error(ctrl.signal.reason);
        if (sent === 0) c.enqueue(empty.slice(0, Buffer.from(empty).lastIndexOf('\r\n--')));
        else c.enqueue(new Uint8Array(16 * 1024).fill(0x61));
        if (++sent === 20) {
          await new Promise((r) => setTimeout(r, 50));
          ctrl.abort();
        }
      },
    });
    await assert.rejects(
      fetch(`${apiUrl(s)}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': contentType },
        body: stream,
        duplex: 'half',
        signal: ctrl.signal,
      } as RequestInit),
    );
    const left = await until(() => leftoverUploads(s), (l) => l.length === 0);
    assert.deepEqual(left, []);
    await noneQueued();
  });

  test('streamed without Content-Length (chunked) and over the limit → 413; the temp file is removed', async () => {
    const r = await uploadStreamed(apiUrl(s), 'addFile', DIST_PLAIN, auth(), 64 * 1024, 40); // 2.5 MB
    assert.equal(r.status, 413);
    assert.deepEqual(r.body, tooLargeBody(MB));
    await noneQueued();
  });

  test('one byte over the limit within the Content-Length allowance is cut while streaming → 413', async () => {
    const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), content: Buffer.alloc(MB + 1, 0x61) });
    assert.equal(r.status, 413);
    await noneQueued();
  });

  test('filename with "/" or "\\", longer than 200 characters, or empty → 400 "Filename …"', async () => {
    for (const filename of ['dir/data.csv', 'dir\\data.csv', `${'x'.repeat(197)}.csv`, '']) {
      const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename });
      assert.equal(r.status, 400, `filename ${JSON.stringify(filename)}`);
      assert.match(r.body.error, /^Filename /);
    }
    const noName = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: undefined as unknown as string });
    assert.equal(noName.status, 202, 'the helper default name is used when none is given');
    submits = countSubmits(s); // reset the counter after the deliberate accept
    await s.jobs.idle();
    await noneQueued();
  });

  test('not multipart, or no field named file → 400', async () => {
    const plain = await answer(await fetch(`${apiUrl(s)}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'text/csv' }, body: CSV }));
    assert.equal(plain.status, 400);
    const other = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), field: 'upload' });
    assert.equal(other.status, 400);
    assert.match(other.body.error, /file/);
    await noneQueued();
  });

  test('the default limit text is "50 MB"', () => {
    assert.deepEqual(tooLargeBody(50 * MB), { error: 'File larger than the limit of 50 MB', limitBytes: 52428800 });
  });
});

describe('current API uploads: accepted', () => {
  let s: StoreServer;
  let t: string;
  const auth = () => ({ 'X-Auth-Token': t });
  before(async () => {
    s = await startJobStore({ maxUploadBytes: MB });
    t = await token(s);
  });
  after(() => s.close());

  test('202 {jobId: JSON integer in [1, 2^63-1], status PENDING, message}; the file is stored as sent', async () => {
    const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: 'polls.csv' });
    assert.equal(r.status, 202);
    assert.deepEqual(Object.keys(r.body), ['jobId', 'status', 'message']);
    assert.equal(r.body.status, 'PENDING');
    assert.equal(r.body.message, 'File received; job queued');
    const id = BigInt(jobIdToken(r.text));
    assert.ok(id >= 1n && id <= 2n ** 63n - 1n);
    const rec = s.jobs.get(id.toString());
    assert.ok(rec, 'the exact id (not a rounded double) names the job');
    assert.equal(rec.filename, 'polls.csv');
    assert.equal(rec.user, 'demo');
    assert.equal(rec.jobType, 'ADD');
    await s.jobs.idle();
    const done = s.jobs.get(id.toString())!;
    assert.equal(done.status, 'SUCCESS', done.error);
    const file = await fetch(done.resultUrl!.replace(/^https?:\/\/[^/]+/, `http://localhost:${s.port}`));
    assert.equal(await file.text(), CSV);
  });

  test('exactly the limit streams through; a 200-character filename is fine; a replace of the new file → 202 REPLACE', async () => {
    const name = `${'n'.repeat(196)}.csv`;
    const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: name, content: Buffer.alloc(MB, 0x61) });
    assert.equal(r.status, 202, r.text);
    await s.jobs.idle();
    const added = s.jobs.get(jobIdToken(r.text))!;
    assert.equal(added.filename, name);
    assert.equal(added.status, 'SUCCESS', added.error);
    const rep = await upload(apiUrl(s), 'replaceFile', added.resultUrl!, { headers: auth(), filename: 'v2.csv' });
    assert.equal(rep.status, 202, rep.text);
    assert.equal(s.jobs.get(jobIdToken(rep.text))!.jobType, 'REPLACE');
    await s.jobs.idle();
  });

  test('chunked upload under the limit → 202', async () => {
    const r = await uploadStreamed(apiUrl(s), 'addFile', DIST_PLAIN, auth(), 1000, 10);
    assert.equal(r.status, 202, r.text);
    await s.jobs.idle();
  });

  test('a filename in UTF-8 (RFC 7578 quoted string) keeps its characters', async () => {
    const { body, contentType } = multipart('Väljarbarometer – åäö.csv', CSV);
    const r = await answer(await fetch(`${apiUrl(s)}/distribution/addFile?resourceURI=${encodeURIComponent(DIST_PLAIN)}`, { method: 'POST', headers: { ...auth(), 'Content-Type': contentType }, body }));
    assert.equal(r.status, 202, r.text);
    assert.equal(s.jobs.get(jobIdToken(r.text))!.filename, 'Väljarbarometer – åäö.csv');
    await s.jobs.idle();
  });

  test('content that does not match its extension (ZIP named .csv) → 202, then FAILED "File content does not match declared type"', async () => {
    const r = await upload(apiUrl(s), 'addFile', DIST_PLAIN, { headers: auth(), filename: 'data.csv', content: ZIP_BYTES });
    assert.equal(r.status, 202);
    await s.jobs.idle();
    const job = await answer(await fetch(`${apiUrl(s)}/job/${jobIdToken(r.text)}`, { headers: auth() }));
    assert.equal(job.body.status, 'FAILED');
    assert.equal(job.body.error, 'File content does not match declared type');
  });

  test('a non-CSV file on a distribution with a connected API distribution → 202, then FAILED "File content must be CSV"', async () => {
    const r = await upload(apiUrl(s), 'addFile', DIST_CSV, { headers: auth(), filename: 'data.json', type: 'application/json', content: '{"a": 1}' });
    assert.equal(r.status, 202);
    await s.jobs.idle();
    const job = await answer(await fetch(`${apiUrl(s)}/job/${jobIdToken(r.text)}`, { headers: auth() }));
    assert.equal(job.body.status, 'FAILED');
    assert.equal(job.body.error, 'File content must be CSV');
  });

  const polls = sharedFixture('upload/SwedishPolls-Polls.csv');
  const xlsx = sharedFixture('upload/Mapping_ogd_dcat-ap.de_v1.0.xlsx');
  const zip = sharedFixture('upload/entrystore-test-zipfile.zip');
  const json = sharedFixture('upload/myndighetsdata-scb.json');
  const send = async (file: string, dist: string, filename: string, type: string) => {
    const r = await upload(apiUrl(s), 'addFile', dist, { headers: auth(), filename, type, content: await readFile(file) });
    assert.equal(r.status, 202, r.text);
    await s.jobs.idle();
    return (await answer(await fetch(`${apiUrl(s)}/job/${jobIdToken(r.text)}`, { headers: auth() }))).body;
  };

  test('shared fixtures: a real CSV (with API) and an XLSX succeed; a real ZIP named .csv and a JSON on the API distribution fail', skipUnless(polls, xlsx, zip, json), async () => {
    const ok = await send(polls!, DIST_CSV, 'SwedishPolls-Polls.csv', 'text/csv');
    assert.equal(ok.status, 'SUCCESS', ok.error);
    const sheet = await send(xlsx!, DIST_PLAIN, 'mapping.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(sheet.status, 'SUCCESS', sheet.error);
    const zipAsCsv = await send(zip!, DIST_PLAIN, 'numbers.csv', 'text/csv');
    assert.equal(zipAsCsv.error, 'File content does not match declared type');
    const jsonOnApi = await send(json!, DIST_CSV, 'scb.json', 'application/json');
    assert.equal(jsonOnApi.error, 'File content must be CSV');
  });
});
