/**
 * Job engine: every transition of the spec's states table with its effects visible over HTTP (entry JSON,
 * metadata, search, resource, rowstore), the exact FAILED texts with nothing changed, retention, job ids.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { randomJobId } from '../../dev-store/jobs/engine.ts';
import { CONTENT_MISMATCH, kindProblem, MUST_BE_CSV } from '../../dev-store/jobs/index.ts';
import { API_DIST, CSV_DIST, DATASET, Gate, PLAIN_DIST, ROWS_ID, startJobStore, submit, until, zipBytes } from '../../dev-store/jobs/test-support.ts';
import type { JobStore } from '../../dev-store/jobs/test-support.ts';
import { DCAT, DCT, esc, getJson, searchUrl } from './helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

const CSV_A = 'Year,Party,Share\n2022,A,30.1\n2022,B,19.5\n';
const CSV_B = 'Year,Party,Share\n2026,A,31.0\n';
const TODAY = (): string => new Date().toISOString().slice(0, 10);
const TWO_53 = 2n ** 53n;
const MAX_63 = 2n ** 63n - 1n;

/** Resource-keyed RDF/JSON → values of a predicate. */
function values(graph: any, subject: string, predicate: string): string[] {
  return ((graph?.[subject]?.[predicate] ?? []) as { value: string }[]).map((o) => o.value);
}

async function metadataOf(s: JobStore, resourceUri: string): Promise<any> {
  const e = s.server.store.entriesByResource(resourceUri)[0]!;
  const r = await getJson(`${s.server.url}${e.contextId}/metadata/${e.entryId}?format=application/json`);
  assert.equal(r.status, 200);
  return r.body;
}

/** The entry's modified time as the entry JSON (info graph) states it, as an ISO string. */
async function entryModified(s: JobStore, resourceUri: string): Promise<string> {
  const e = s.server.store.entriesByResource(resourceUri)[0]!;
  const r = await getJson(`${s.server.url}${e.contextId}/entry/${e.entryId}?format=application/json`);
  assert.equal(r.status, 200);
  const stated = values(r.body.info, e.entryUri, `${DCT}modified`);
  assert.equal(stated.length, 1, `one modified of ${e.entryUri}`);
  return new Date(stated[0]!).toISOString();
}

async function rows(s: JobStore, query = ''): Promise<any> {
  const r = await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/json${query}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

describe('job states: PENDING → PROCESSING → SUCCESS (add)', () => {
  let s: JobStore;
  const gate = new Gate();
  let firstId = '';
  let secondId = '';
  before(async () => {
    s = await startJobStore({ gate, processingMs: 0 });
  });
  after(() => s.close());

  it('PENDING with queuePosition, PROCESSING with progress, then SUCCESS with terminated + resultUrl; the old rows are served meanwhile', async () => {
    assert.equal((await rows(s)).resultCount, 0, 'no rows before the first upload');
    const first = await submit(s, 'ADD', CSV_DIST, 'polls-2022.csv', CSV_A);
    firstId = first.jobId;
    assert.equal(first.status, 'PENDING');
    assert.equal(first.queuePosition, 1);
    assert.equal(first.progress, undefined);
    const processing = await until(() => s.jobs.get(first.jobId)!, (j) => j.status === 'PROCESSING' && gate.held === 1, 'PROCESSING');
    assert.equal(typeof processing.progress, 'number');
    assert.ok(processing.progress! >= 0 && processing.progress! <= 100);
    // Held right before its commit: the reading work and the (zero) processing time are done.
    assert.equal(processing.progress, 99);
    assert.equal(processing.queuePosition, undefined);

    const second = await submit(s, 'ADD', CSV_DIST, 'polls-2026.csv', CSV_B);
    secondId = second.jobId;
    const third = await submit(s, 'ADD', PLAIN_DIST, 'notes.txt', 'just text');
    assert.equal(s.jobs.get(second.jobId)!.queuePosition, 1);
    assert.equal(s.jobs.get(third.jobId)!.queuePosition, 2);
    assert.equal(s.jobs.get(second.jobId)!.status, 'PENDING');

    // While the job is held before its commit, nothing is visible.
    assert.equal((await rows(s)).resultCount, 0);
    assert.deepEqual(values(await metadataOf(s, CSV_DIST), CSV_DIST, `${DCAT}downloadURL`), []);

    gate.open();
    await s.jobs.idle();
    const done = s.jobs.get(first.jobId)!;
    assert.equal(done.status, 'SUCCESS');
    assert.match(done.terminated!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    assert.ok(done.resultUrl!.startsWith(`${s.server.url}1/resource/`), done.resultUrl);
    assert.equal(done.progress, undefined);
    assert.equal(done.queuePosition, undefined);
    assert.equal(s.jobs.get(second.jobId)!.status, 'SUCCESS');
    assert.equal(s.jobs.get(third.jobId)!.status, 'SUCCESS');
    assert.notEqual(s.jobs.get(second.jobId)!.resultUrl, done.resultUrl);
  });

  it('SUCCESS effects over HTTP: file entry JSON, resource bytes, distribution links + modified, search, no relations from a harvested distribution', async () => {
    const file = s.jobs.get(firstId)!.resultUrl!;
    const fileEntry = s.server.store.entriesByResource(file)[0]!;
    const entry = await getJson(`${s.server.url}${fileEntry.contextId}/entry/${fileEntry.entryId}?includeAll&format=application/json`);
    assert.equal(entry.status, 200);
    assert.deepEqual(values(entry.body.info, file, 'http://www.w3.org/2000/01/rdf-schema#label'), ['polls-2022.csv']);
    assert.deepEqual(values(entry.body.info, file, `${DCT}extent`), [String(Buffer.byteLength(CSV_A))]);
    assert.deepEqual(values(entry.body.info, file, `${DCT}format`), ['text/csv']);
    assert.deepEqual(values(entry.body.metadata, file, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), ['http://entryscape.com/terms/File']);
    // CSV_DIST is harvested (its resource URI is outside the store): EntryStore gives the file no relation to it (§3.6)
    assert.deepEqual(entry.body.relations, {});

    const res = await fetch(file);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv');
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(CSV_A)));
    assert.equal(await res.text(), CSV_A);

    const md = await metadataOf(s, CSV_DIST);
    const downloads = values(md, CSV_DIST, `${DCAT}downloadURL`);
    assert.equal(downloads.length, 2);
    assert.equal(downloads[0], file);
    assert.deepEqual(values(md, CSV_DIST, `${DCAT}accessURL`), downloads);
    assert.deepEqual(values(md, CSV_DIST, `${DCT}modified`), [TODAY()]);
    assert.deepEqual(values(await metadataOf(s, API_DIST), API_DIST, `${DCT}modified`), [TODAY()]);
    assert.deepEqual(values(await metadataOf(s, PLAIN_DIST), PLAIN_DIST, `${DCT}modified`), [TODAY()]);

    const found = await getJson(searchUrl(s.server.url, `resource:${esc(file)}`));
    assert.equal(found.body.results, 1);
    const byDownload = await getJson(searchUrl(s.server.url, `resource:${esc(CSV_DIST)}`));
    assert.equal(byDownload.body.results, 1);
    const dist = byDownload.body.resource.children[0];
    assert.ok(values(dist.metadata, CSV_DIST, `${DCAT}downloadURL`).includes(file), 'search result carries the new link');
  });

  it('a stored file is streamed from disk: HEAD has the length and no body, ETag → 304, Digest is the SHA-256', async () => {
    const file = s.jobs.get(firstId)!.resultUrl!;
    const head = await fetch(file, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(CSV_A)));
    assert.equal(await head.text(), '');
    const etag = head.headers.get('etag')!;
    assert.equal((await fetch(file, { headers: { 'If-None-Match': etag } })).status, 304);
    const sha = (await import('node:crypto')).createHash('sha256').update(CSV_A).digest('hex');
    assert.equal(head.headers.get('digest'), `sha-256=${sha}`);
    assert.match(head.headers.get('content-disposition')!, /filename="polls-2022\.csv"/);
  });

  it('SUCCESS effects on the connected API: rows of both added files appended in order, modified date of A updated', async () => {
    const page = await rows(s);
    assert.equal(page.resultCount, 3);
    assert.deepEqual(page.results.map((r: any) => `${r.year} ${r.party}`), ['2022 A', '2022 B', '2026 A']);
    const info = await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/info`);
    assert.equal(info.body.rowcount, 3);
    assert.deepEqual(info.body.columnnames, ['year', 'party', 'share']);
    // A (the API distribution) was touched by the last add to its source: metadata date and entry modified time.
    const lastAdd = s.jobs.get(secondId)!.terminated!;
    assert.deepEqual(values(await metadataOf(s, API_DIST), API_DIST, `${DCT}modified`), [lastAdd.slice(0, 10)]);
    assert.notEqual(lastAdd.slice(0, 10), '2020-01-01', 'differs from the catalog\'s date');
    assert.equal(await entryModified(s, API_DIST), lastAdd);
  });

  it('replace: content replaced, modified dates updated, rows rebuilt from all files of the distribution', async () => {
    const file = s.jobs.get(firstId)!.resultUrl!;
    const before = { file: await entryModified(s, file), csv: await entryModified(s, CSV_DIST), api: await entryModified(s, API_DIST) };
    const rec = await submit(s, 'REPLACE', file, 'polls-2022-fixed.csv', 'Year,Party,Share\n2022,C,5.5\n');
    await s.jobs.idle();
    const done = s.jobs.get(rec.jobId)!;
    assert.equal(done.status, 'SUCCESS', done.error);
    assert.equal(done.resultUrl, file);
    assert.equal(await (await fetch(file)).text(), 'Year,Party,Share\n2022,C,5.5\n');
    // The replace's commit time is the modified time of the file, its distribution and the API distribution it feeds.
    const at = done.terminated!;
    assert.notEqual(before.file, at, 'the add committed earlier than the replace');
    assert.equal(await entryModified(s, file), at, 'file entry modified');
    assert.notEqual(before.csv, at);
    assert.equal(await entryModified(s, CSV_DIST), at, 'distribution entry modified');
    assert.deepEqual(values(await metadataOf(s, CSV_DIST), CSV_DIST, `${DCT}modified`), [at.slice(0, 10)]);
    assert.notEqual(before.api, at);
    assert.equal(await entryModified(s, API_DIST), at, 'API distribution entry modified');
    assert.deepEqual(values(await metadataOf(s, API_DIST), API_DIST, `${DCT}modified`), [at.slice(0, 10)]);
    const page = await rows(s);
    assert.deepEqual(page.results.map((r: any) => `${r.year} ${r.party}`), ['2022 C', '2026 A']);
    assert.equal(s.server.store.entriesByResource(file).length, 1, 'no new entry for a replace');
  });
});


describe('job states: FAILED with the exact texts, nothing changed', () => {
  let s: JobStore;
  before(async () => {
    s = await startJobStore();
  });
  after(() => s.close());

  /** What a failed job must not change. */
  async function snapshot(): Promise<string> {
    const md = [CSV_DIST, API_DIST, PLAIN_DIST].map((u) => s.server.store.entriesByResource(u)[0]!);
    const page = await rows(s);
    return JSON.stringify({ entries: [...s.server.store.entries()].length, md: md.map((e) => [e.metadata, e.modified]), rows: page.results, version: s.server.store.version });
  }

  async function failed(jobType: 'ADD' | 'REPLACE', uri: string, name: string, bytes: string | Uint8Array): Promise<string> {
    const before = await snapshot();
    const rec = await submit(s, jobType, uri, name, bytes);
    assert.equal(rec.status, 'PENDING');
    await s.jobs.idle();
    const done = s.jobs.get(rec.jobId)!;
    assert.equal(done.status, 'FAILED');
    assert.match(done.terminated!, /Z$/);
    assert.equal(done.resultUrl, undefined);
    assert.equal(await snapshot(), before, 'nothing changed');
    return done.error!;
  }

  it('ZIP bytes named .csv → File content does not match declared type (plain distribution too)', async () => {
    assert.equal(await failed('ADD', PLAIN_DIST, 'data.csv', zipBytes()), CONTENT_MISMATCH);
    assert.equal(await failed('ADD', CSV_DIST, 'data.csv', zipBytes()), CONTENT_MISMATCH);
  });

  it('JSON named .xlsx, and a ZIP named .png → File content does not match declared type', async () => {
    assert.equal(await failed('ADD', PLAIN_DIST, 'sheet.xlsx', '{"a": [1, 2]}'), CONTENT_MISMATCH);
    assert.equal(await failed('ADD', PLAIN_DIST, 'picture.png', zipBytes()), CONTENT_MISMATCH);
  });

  it('non-CSV file on a distribution with a connected API distribution → File content must be CSV', async () => {
    assert.equal(await failed('ADD', CSV_DIST, 'data.json', '{"a": [1, 2]}'), MUST_BE_CSV);
    assert.equal(await failed('ADD', CSV_DIST, 'broken.csv', 'a,b\n"unclosed,1\n'), MUST_BE_CSV);
    assert.equal(await failed('ADD', CSV_DIST, 'data.zip', zipBytes()), MUST_BE_CSV);
  });

  it('real fixtures: the EntryStore test ZIP renamed .csv, the SCB JSON renamed .xlsx, the JSON on the CSV distribution', skipUnless(sharedFixture('upload/entrystore-test-zipfile.zip'), sharedFixture('upload/myndighetsdata-scb.json')), async () => {
    const zip = await readFile(sharedFixture('upload/entrystore-test-zipfile.zip')!);
    const json = await readFile(sharedFixture('upload/myndighetsdata-scb.json')!);
    assert.equal(await failed('ADD', PLAIN_DIST, 'zipfile.csv', zip), CONTENT_MISMATCH);
    assert.equal(await failed('ADD', PLAIN_DIST, 'scb.xlsx', json), CONTENT_MISMATCH);
    assert.equal(await failed('ADD', CSV_DIST, 'scb.json', json), MUST_BE_CSV);
  });

  it('a real XLSX named .xlsx is accepted on a plain distribution, refused on the API source', skipUnless(sharedFixture('upload/Mapping_ogd_dcat-ap.de_v1.0.xlsx')), async () => {
    const xlsx = await readFile(sharedFixture('upload/Mapping_ogd_dcat-ap.de_v1.0.xlsx')!);
    assert.equal(await failed('ADD', CSV_DIST, 'mapping.xlsx', xlsx), MUST_BE_CSV);
    const rec = await submit(s, 'ADD', PLAIN_DIST, 'mapping.xlsx', xlsx);
    await s.jobs.idle();
    const done = s.jobs.get(rec.jobId)!;
    assert.equal(done.status, 'SUCCESS', done.error);
    const res = await fetch(done.resultUrl!);
    assert.equal(res.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(Buffer.compare(Buffer.from(await res.arrayBuffer()), xlsx), 0);
  });

  it('replace of a file of the API source with a non-CSV → File content must be CSV, old content kept', async () => {
    const ok = await submit(s, 'ADD', CSV_DIST, 'base.csv', CSV_A);
    await s.jobs.idle();
    const file = s.jobs.get(ok.jobId)!.resultUrl!;
    assert.equal(await failed('REPLACE', file, 'base.json', '{"x": 1}'), MUST_BE_CSV);
    assert.equal(await (await fetch(file)).text(), CSV_A);
  });

  it('legacy jobs with a wrong-kind or unknown URI fail with the texts the current API answers up front', async () => {
    const store = s.server.store;
    const wrong = await submit(s, 'REPLACE', CSV_DIST, 'x.csv', CSV_A, 'legacy');
    const unknown = await submit(s, 'ADD', 'https://nowhere.example/dist', 'x.csv', CSV_A, 'legacy');
    await s.jobs.idle();
    assert.equal(s.jobs.get(wrong.jobId)!.status, 'FAILED');
    assert.equal(s.jobs.get(wrong.jobId)!.error, kindProblem(store, 'REPLACE', CSV_DIST)!.error);
    assert.equal(s.jobs.get(wrong.jobId)!.error, 'resourceURI names a distribution entry; replaceFile needs a file');
    assert.equal(s.jobs.get(unknown.jobId)!.error, 'No entry with resource URI https://nowhere.example/dist');
  });
});

describe('kindProblem', () => {
  let s: JobStore;
  before(async () => {
    s = await startJobStore();
  });
  after(() => s.close());

  it('404 for nothing, 422 naming the kind found, undefined for the right kind (harvested URIs resolve)', async () => {
    const store = s.server.store;
    assert.deepEqual(kindProblem(store, 'ADD', 'https://nowhere.example/x'), { status: 404, error: 'No entry with resource URI https://nowhere.example/x' });
    assert.deepEqual(kindProblem(store, 'ADD', DATASET), { status: 422, error: 'resourceURI names a dataset entry; addFile needs a distribution', kind: 'dataset' });
    assert.equal(kindProblem(store, 'ADD', CSV_DIST), undefined);
    const rec = await submit(s, 'ADD', CSV_DIST, 'k.csv', CSV_A);
    await s.jobs.idle();
    const file = s.jobs.get(rec.jobId)!.resultUrl!;
    assert.deepEqual(kindProblem(store, 'ADD', file), { status: 422, error: 'resourceURI names a file entry; addFile needs a distribution', kind: 'file' });
    assert.equal(kindProblem(store, 'REPLACE', file), undefined);
    assert.equal(kindProblem(store, 'REPLACE', CSV_DIST)!.kind, 'distribution');
  });
});

describe('retention', () => {
  it('a terminated job is there until the retention time has passed, then get() answers undefined', async () => {
    let offset = 0;
    const s = await startJobStore({ jobRetentionMs: 60_000, now: () => Date.now() + offset });
    try {
      const ok = await submit(s, 'ADD', PLAIN_DIST, 'r.txt', 'text');
      const bad = await submit(s, 'ADD', PLAIN_DIST, 'r.csv', zipBytes());
      await s.jobs.idle();
      assert.equal(s.jobs.get(ok.jobId)!.status, 'SUCCESS');
      assert.equal(s.jobs.get(bad.jobId)!.status, 'FAILED');
      const legacy = await submit(s, 'ADD', PLAIN_DIST, 'l.txt', 'text', 'legacy');
      await s.jobs.idle();
      const login = await getJson(`${s.base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) });
      const token = { 'X-Auth-Token': login.body.auth_token as string };
      offset = 30_000;
      assert.notEqual(s.jobs.get(ok.jobId), undefined, 'still within retention');
      assert.equal((await getJson(`${s.base}/api/job/${ok.jobId}`, { headers: token })).status, 200);
      assert.equal((await getJson(`${s.base}/taskrunner/v1/job/${legacy.jobId}`)).body.status, 'Success');
      offset = 61_000;
      assert.equal(s.jobs.get(ok.jobId), undefined);
      const gone = await getJson(`${s.base}/api/job/${ok.jobId}`, { headers: token });
      assert.equal(gone.status, 404);
      assert.deepEqual(gone.body, { error: 'Job not found' });
      assert.equal((await getJson(`${s.base}/taskrunner/v1/job/${legacy.jobId}`)).body.status, 'Not found');
      assert.equal(s.jobs.get(bad.jobId), undefined);
      assert.equal(s.jobs.get('123'), undefined, 'unknown');
      // The file of the successful job stays in the catalog.
      assert.equal((await fetch(s.server.store.entriesByResource(PLAIN_DIST)[0]!.metadata.find((t) => t.predicate === `${DCAT}downloadURL`)!.object.value)).status, 200);
    } finally {
      await s.close();
    }
  });

  it('a PENDING or PROCESSING job never expires', async () => {
    let offset = 0;
    const gate = new Gate();
    const s = await startJobStore({ jobRetentionMs: 1000, gate, now: () => Date.now() + offset });
    try {
      const a = await submit(s, 'ADD', PLAIN_DIST, 'a.txt', 'a');
      const b = await submit(s, 'ADD', PLAIN_DIST, 'b.txt', 'b');
      await until(() => gate.held, (n) => n === 1, 'first job held');
      offset = 10_000_000;
      assert.equal(s.jobs.get(a.jobId)!.status, 'PROCESSING');
      assert.equal(s.jobs.get(b.jobId)!.status, 'PENDING');
      gate.open();
      await s.jobs.idle();
      assert.equal(s.jobs.get(a.jobId), undefined, 'expired right after it terminated, by the moved clock');
    } finally {
      gate.open();
      await s.close();
    }
  });
});

describe('job ids', () => {
  it('current API: random positive 63-bit integers as exact decimal strings, most above 2^53', () => {
    const ids = Array.from({ length: 2000 }, () => randomJobId());
    let above = 0;
    for (const id of ids) {
      assert.match(id, /^[1-9]\d*$/);
      const v = BigInt(id);
      assert.ok(v >= 1n && v <= MAX_63, id);
      if (v > TWO_53) above++;
    }
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(above > 1900, `${above} of 2000 above 2^53`);
    assert.ok(ids.some((id) => BigInt(id) >= 2n ** 62n), 'the 63rd bit is used');
  });

  it('submitted current jobs carry such ids, kept exact through get(); legacy jobs count 1, 2, 3 with a prototypeURI that becomes the resultUrl', async () => {
    const s = await startJobStore();
    try {
      const cur = await submit(s, 'ADD', PLAIN_DIST, 'c.txt', 'c');
      assert.ok(BigInt(cur.jobId) >= 1n && BigInt(cur.jobId) <= MAX_63);
      assert.equal(s.jobs.get(cur.jobId)!.jobId, cur.jobId);
      assert.equal(cur.api, 'current');
      const l1 = await submit(s, 'ADD', CSV_DIST, 'l1.csv', CSV_A, 'legacy');
      const l2 = await submit(s, 'ADD', CSV_DIST, 'l2.csv', CSV_B, 'legacy');
      const l3 = await submit(s, 'REPLACE', 'https://nowhere.example/f', 'l3.csv', CSV_B, 'legacy');
      assert.deepEqual([l1.jobId, l2.jobId, l3.jobId], ['1', '2', '3']);
      assert.equal(l1.api, 'legacy');
      assert.match(l1.prototypeURI!, /\/store\/1\/resource\/\d+$/);
      assert.notEqual(l1.prototypeURI, l2.prototypeURI);
      assert.equal(l3.prototypeURI, undefined, 'replace: no prototypeURI');
      await s.jobs.idle();
      assert.equal(s.jobs.get('1')!.resultUrl, l1.prototypeURI);
      assert.equal(s.jobs.get('2')!.resultUrl, l2.prototypeURI);
      assert.equal(s.jobs.get('3')!.status, 'FAILED');
    } finally {
      await s.close();
    }
  });
});
