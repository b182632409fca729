/**
 * Unit tests of the job API clients' parts that need no dev store: exact id parsing, the hand-built multipart
 * body (parsed by busboy like a server would), Set-Cookie handling, state normalisation, Retry-After, and
 * waitForJob's polling/abort/timeout logic over an injected fetch.
 */
import assert from 'node:assert/strict';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import busboy from 'busboy';
import {
  AbortError, BadPayloadError, JobApiClient, JobApiError, JobWaitTimeoutError, NetworkError, authTokenFromSetCookie, isAbort,
  normaliseLegacyStatus, parseJsonKeepingIds, quoteIdNumbers,
} from '../../src/api.ts';
import { parseRetryAfter } from '../../src/api/errors.ts';
import { countingMultipartStream, multipartFrame } from '../../src/api/upload.ts';
import { fileFromPath, uploadSourceFromStream } from '../../node/index.ts';

test('json: the largest 63-bit id stays exact (JSON.parse alone would round it)', () => {
  const text = '{"jobId": 9223372036854775807, "status": "PENDING"}';
  assert.notEqual(String(BigInt(Math.trunc((JSON.parse(text) as { jobId: number }).jobId))), '9223372036854775807');
  const parsed = parseJsonKeepingIds(text) as { jobId: string; status: string };
  assert.equal(parsed.jobId, '9223372036854775807');
  assert.equal(BigInt(parsed.jobId), 2n ** 63n - 1n);
  assert.equal(parsed.status, 'PENDING');
});

test('json: only the value of a jobId key is quoted, at any depth, not text inside strings', () => {
  const text = '{"filename":"\\"jobId\\": 5","jobId":12345678901234567890,"nested":{"jobId" :\n 7},"list":[{"jobId":-3}],"other":9007199254740993}';
  const out = parseJsonKeepingIds(text) as Record<string, any>;
  assert.equal(out.filename, '"jobId": 5');
  assert.equal(out.jobId, '12345678901234567890');
  assert.equal(out.nested.jobId, '7');
  assert.equal(out.list[0].jobId, '-3');
  assert.equal(typeof out.other, 'number', 'other keys are left to JSON.parse');
  assert.equal(quoteIdNumbers('{"a":1}'), '{"a":1}');
  assert.equal(quoteIdNumbers('{"jobId":"42"}'), '{"jobId":"42"}', 'a string id is kept as it is');
  assert.deepEqual(parseJsonKeepingIds('{"id":1,"jobId":2}', ['id']), { id: '1', jobId: 2 });
});

async function parseMultipart(body: ReadableStream<Uint8Array>, contentType: string): Promise<{ name: string; filename: string; mime: string; bytes: Buffer }[]> {
  const parts: { name: string; filename: string; mime: string; bytes: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    const bb = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => parts.push({ name, filename: info.filename ?? '', mime: info.mimeType, bytes: Buffer.concat(chunks) }));
    });
    bb.on('close', () => resolve());
    bb.on('error', reject);
    Readable.fromWeb(body as any).pipe(bb);
  });
  return parts;
}

test('multipart: one field "file" with name, type and the exact bytes; Content-Length = the bytes sent; progress ends at the total', async () => {
  const content = new Uint8Array(200_000).map((_, i) => i % 251);
  const blob = new Blob([content], { type: 'text/csv' });
  const frame = multipartFrame('Åre "data".csv', blob.type, blob.size);
  const calls: [number, number][] = [];
  const stream = countingMultipartStream(frame.head, blob.stream() as ReadableStream<Uint8Array>, frame.tail, frame.total, (s, t) => calls.push([s, t]));
  const [a, b] = stream.tee();
  const bytes = Buffer.from(await new Response(a).arrayBuffer());
  assert.equal(bytes.length, frame.total);
  const parts = await parseMultipart(b, frame.contentType);
  assert.equal(parts.length, 1);
  assert.equal(parts[0]!.name, 'file');
  assert.equal(parts[0]!.filename, 'Åre %22data%22.csv');
  assert.equal(parts[0]!.mime, 'text/csv');
  assert.deepEqual(new Uint8Array(parts[0]!.bytes), content);
  assert.deepEqual(calls.at(-1), [frame.total, frame.total]);
  assert.ok(calls.length > 2, 'progress is reported while streaming, not only at the end');
  for (let i = 1; i < calls.length; i++) assert.ok(calls[i]![0] > calls[i - 1]![0]);
});

test('multipart: a stream shorter or longer than its announced size errors instead of sending a wrong body', async () => {
  const frame = multipartFrame('a.csv', 'text/csv', 10);
  const short = new Blob([new Uint8Array(4)]).stream() as ReadableStream<Uint8Array>;
  await assert.rejects(new Response(countingMultipartStream(frame.head, short, frame.tail, frame.total)).arrayBuffer(), /4 bytes, not the 10/);
  const long = new Blob([new Uint8Array(11)]).stream() as ReadableStream<Uint8Array>;
  await assert.rejects(new Response(countingMultipartStream(frame.head, long, frame.tail, frame.total)).arrayBuffer(), /more bytes than the 10/);
});

test('node: fileFromPath is a disk-backed Blob with name, size and type; uploadSourceFromStream wraps a Node stream', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cb-api-'));
  try {
    const p = path.join(dir, 'polls.csv');
    await writeFile(p, 'a,b\n1,2\n');
    const f = await fileFromPath(p);
    assert.equal(f.name, 'polls.csv');
    assert.equal(f.size, 8);
    assert.equal(f.type, 'text/csv');
    assert.equal(await f.text(), 'a,b\n1,2\n');
    await assert.rejects(fileFromPath(dir));
    await assert.rejects(fileFromPath(path.join(dir, 'missing.csv')), /ENOENT/);
    const s = uploadSourceFromStream(Readable.from([Buffer.from('xyz')]), { size: 3, name: 'x.json' });
    assert.ok(!(s instanceof Blob));
    if (!(s instanceof Blob)) {
      assert.equal(s.type, 'application/json');
      assert.equal(await new Response(s.stream).text(), 'xyz');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('legacy: only auth_token=value is kept from Set-Cookie; states normalise to upper case', () => {
  assert.equal(authTokenFromSetCookie(['other=1; Path=/', 'auth_token=abc123; Max-Age=31536000; SameSite=None; HttpOnly; Secure; Path=/store/']), 'abc123');
  assert.equal(authTokenFromSetCookie(['x=1, auth_token=tok; Path=/store/']), 'tok');
  assert.equal(authTokenFromSetCookie(['my_auth_token=no']), undefined);
  assert.equal(authTokenFromSetCookie([]), undefined);
  assert.deepEqual(
    (['Pending', 'Processing', 'Success', 'Failed', 'Not found'] as const).map(normaliseLegacyStatus),
    ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED', 'NOT_FOUND'],
  );
  assert.throws(() => normaliseLegacyStatus('weird' as never), TypeError);
});

test('Retry-After: seconds or an HTTP date', () => {
  assert.equal(parseRetryAfter('60'), 60);
  assert.equal(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1)), 60);
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter('soon'), undefined);
});

/** A fake fetch answering job polls from a script of [status, body] and recording the calls. */
function scriptedFetch(answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, text: string, headers: Record<string, string> = {}) => () =>
  new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } });

test('waitForJob: polls until SUCCESS, reports every poll, keeps the id exact in the path and the record', async () => {
  const id = '9223372036854775807';
  const { fn, calls } = scriptedFetch([
    json(200, `{"jobId":${id},"status":"PENDING","queuePosition":2}`),
    json(200, `{"jobId":${id},"status":"PROCESSING","progress":40}`),
    json(200, `{"jobId":${id},"status":"PROCESSING","progress":90}`),
    json(200, `{"jobId":${id},"status":"SUCCESS","resultUrl":"http://x/store/1/resource/9","terminated":"2026-01-01T00:00:00Z"}`),
  ]);
  const client = new JobApiClient({ apiUrl: 'http://x/api/', token: 'T', fetch: fn });
  const seen: string[] = [];
  const job = await client.waitForJob(id, { intervalMs: 1, onProgress: (j) => seen.push(`${j.status}:${j.queuePosition ?? j.progress ?? ''}`) });
  assert.equal(job.status, 'SUCCESS');
  assert.equal(job.jobId, id);
  assert.equal(job.resultUrl, 'http://x/store/1/resource/9');
  assert.deepEqual(seen, ['PENDING:2', 'PROCESSING:40', 'PROCESSING:90', 'SUCCESS:']);
  assert.equal(calls.length, 4);
  assert.equal(calls[0]!.url, `http://x/api/job/${id}`);
  assert.equal(new Headers(calls[0]!.init.headers).get('X-Auth-Token'), 'T');
});

test('waitForJob: FAILED resolves with the error; 404 rejects with JobApiError 404', async () => {
  const { fn } = scriptedFetch([
    json(200, '{"jobId":1,"status":"FAILED","error":"File content does not match declared type"}'),
    json(404, '{"error":"Job not found"}'),
  ]);
  const client = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: fn });
  const failed = await client.waitForJob('1', { intervalMs: 1 });
  assert.equal(failed.status, 'FAILED');
  assert.equal(failed.error, 'File content does not match declared type');
  await assert.rejects(client.waitForJob('1', { intervalMs: 1 }), (e: unknown) =>
    e instanceof JobApiError && e.status === 404 && e.message === 'Job not found');
});

test('waitForJob: abort during the pause rejects with AbortError and makes no further request', async () => {
  const { fn, calls } = scriptedFetch([json(200, '{"jobId":5,"status":"PROCESSING","progress":1}'), json(200, '{"jobId":5,"status":"SUCCESS"}')]);
  const client = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: fn });
  const controller = new AbortController();
  const p = client.waitForJob('5', { intervalMs: 60_000, signal: controller.signal, onProgress: () => controller.abort() });
  await assert.rejects(p, (e: unknown) => e instanceof AbortError && isAbort(e));
  assert.equal(calls.length, 1);
  const pre = new AbortController();
  pre.abort();
  await assert.rejects(client.waitForJob('5', { signal: pre.signal }), AbortError);
  assert.equal(calls.length, 1, 'an already-aborted signal sends nothing');
});

test('waitForJob: timeoutMs → JobWaitTimeoutError with the last record; transient network errors are retried', async () => {
  const forever = Array.from({ length: 1000 }, () => json(200, '{"jobId":5,"status":"PROCESSING","progress":3}'));
  const client = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: scriptedFetch(forever).fn });
  await assert.rejects(client.waitForJob('5', { intervalMs: 5, timeoutMs: 30 }), (e: unknown) =>
    e instanceof JobWaitTimeoutError && e.lastJob?.status === 'PROCESSING' && e.jobId === '5');
  const flaky = scriptedFetch([
    () => { throw new TypeError('fetch failed'); },
    json(503, '{"error":"busy"}'),
    json(200, '{"jobId":5,"status":"SUCCESS"}'),
  ]);
  const c2 = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: flaky.fn });
  assert.equal((await c2.waitForJob('5', { intervalMs: 1 })).status, 'SUCCESS');
  const down = scriptedFetch(Array.from({ length: 10 }, () => () => { throw new TypeError('fetch failed'); }));
  const c3 = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: down.fn });
  await assert.rejects(c3.waitForJob('5', { intervalMs: 1 }), NetworkError);
  assert.equal(down.calls.length, 4, 'gives up after 3 retries');
});

test('errors: message from the body, status, body and Retry-After; cookie mode sends credentials and CSRF', async () => {
  const { fn, calls } = scriptedFetch([
    json(429, '{"error":"Too many failed logins"}', { 'Retry-After': '42' }),
    json(200, '{"auth_token":"tok-0123456789abcdef0123456789abcdef","user":"u","csrf_token":"C1","expires":"2030-01-01T00:00:00Z"}'),
    () => new Response(null, { status: 204 }),
  ]);
  const client = new JobApiClient({ apiUrl: 'http://x/api', fetch: fn, credentials: 'cookie' });
  await assert.rejects(client.login('u', 'p'), (e: unknown) =>
    e instanceof JobApiError && e.status === 429 && e.retryAfterS === 42 && e.message === 'Too many failed logins'
    && (e.body as { error: string }).error === 'Too many failed logins');
  const login = await client.login('u', 'p', { maxAgeSeconds: 600 });
  assert.deepEqual(login, { token: 'tok-0123456789abcdef0123456789abcdef', user: 'u', expires: '2030-01-01T00:00:00Z', csrfToken: 'C1' });
  assert.deepEqual(JSON.parse(String(calls[1]!.init.body)), { username: 'u', password: 'p', max_age_seconds: 600 });
  await client.logout();
  const h = new Headers(calls[2]!.init.headers);
  assert.equal(calls[2]!.init.credentials, 'include');
  assert.equal(h.get('X-CSRF-Token'), 'C1');
  assert.equal(h.get('X-Auth-Token'), null, 'cookie mode relies on the HttpOnly cookie');
  assert.equal(client.token, undefined);
});

/** A localhost port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('network failure → NetworkError naming the reason (not JobApiError); abort → AbortError', async () => {
  const client = new JobApiClient({ apiUrl: `http://127.0.0.1:${await closedPort()}/api`, token: 'T' });
  await assert.rejects(client.whoami(), (e: unknown) => e instanceof NetworkError && !(e instanceof JobApiError) && !isAbort(e)
    && /ECONNREFUSED/.test(e.message));
  const c = new AbortController();
  c.abort();
  await assert.rejects(client.getJob('1', { signal: c.signal }), AbortError);
});

test('node upload of a large disk file streams: Content-Length exact, body pulled in ≤ 64 KiB pieces, never far ahead of the reader', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cb-api-big-'));
  try {
    const p = path.join(dir, 'big.csv');
    const size = 24 * 1024 * 1024 + 123;
    const fh = await open(p, 'w');
    const block = Buffer.alloc(1024 * 1024, 0x61);
    for (let left = size; left > 0; left -= block.length) await fh.write(block, 0, Math.min(left, block.length));
    await fh.close();
    let sentSoFar = 0;
    let maxAhead = 0;
    let maxChunk = 0;
    let received = 0;
    let contentLength = '';
    const consuming = (async (_url: string | URL | Request, init: RequestInit = {}) => {
      contentLength = new Headers(init.headers).get('content-length') ?? '';
      assert.equal((init as { duplex?: string }).duplex, 'half');
      const reader = (init.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        maxChunk = Math.max(maxChunk, value.byteLength);
        maxAhead = Math.max(maxAhead, sentSoFar - received);
        if (received % (4 * 64 * 1024) === 0) await new Promise((r) => setImmediate(r)); // a slow reader
      }
      return new Response('{"jobId":9223372036854775806,"status":"PENDING","message":"File received; job queued"}', { status: 202 });
    }) as typeof fetch;
    const client = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: consuming });
    const accepted = await client.addFile('http://x/dist', await fileFromPath(p), { onUploadProgress: (s) => { sentSoFar = s; } });
    assert.equal(accepted.jobId, '9223372036854775806');
    assert.equal(Number(contentLength), received);
    assert.ok(received > size && received < size + 1024);
    assert.ok(maxChunk <= 64 * 1024, `largest piece ${maxChunk}`);
    assert.ok(maxAhead <= 256 * 1024, `the body ran ${maxAhead} bytes ahead of the reader`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('garbled answers → BadPayloadError: unknown state, no integer jobId, not JSON, login without a token', async () => {
  const { fn } = scriptedFetch([
    json(200, '{"jobId":1,"status":"Pending"}'),
    json(200, '{"jobId":"1x","status":"PENDING"}'),
    json(202, '<html>oops</html>'),
    json(200, '{"user":"u"}'),
  ]);
  const c = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: fn });
  await assert.rejects(c.getJob('1'), (e: unknown) => e instanceof BadPayloadError && /unknown job status "Pending"/.test(e.message));
  await assert.rejects(c.getJob('1'), (e: unknown) => e instanceof BadPayloadError && /integer jobId/.test(e.message));
  await assert.rejects(c.addFile('http://x/d', new File(['a'], 'a.csv')), BadPayloadError);
  await assert.rejects(c.login('u', 'p'), BadPayloadError);
  assert.equal(c.token, 'T', 'a failed login keeps the old token');
});

test('browser-like runtime with an injected fetch: FormData with one "file" field and its name; progress reported once at the end', async () => {
  const g = globalThis as { XMLHttpRequest?: unknown };
  g.XMLHttpRequest = function FakeXhr() { throw new Error('XMLHttpRequest must not be used with an injected fetch'); };
  try {
    let form: FormData | undefined;
    let headers: Headers | undefined;
    const fn = (async (_url: string | URL | Request, init: RequestInit = {}) => {
      form = init.body as FormData;
      headers = new Headers(init.headers);
      return new Response('{"jobId":18446744073709551615,"status":"PENDING","message":"ok"}', { status: 202 });
    }) as typeof fetch;
    const client = new JobApiClient({ apiUrl: 'http://x/api', token: 'T', fetch: fn });
    const progress: [number, number][] = [];
    const accepted = await client.addFile('http://x/d', new File(['a,b\n'], 'ignored.csv', { type: 'text/csv' }), {
      filename: 'chosen.csv', onUploadProgress: (s, t) => progress.push([s, t]),
    });
    assert.equal(accepted.jobId, '18446744073709551615');
    assert.ok(form instanceof FormData);
    assert.deepEqual([...form.keys()], ['file']);
    const file = form.get('file') as File;
    assert.equal(file.name, 'chosen.csv');
    assert.equal(await file.text(), 'a,b\n');
    assert.equal(headers!.get('X-Auth-Token'), 'T');
    assert.equal(headers!.get('Content-Type'), null, 'fetch sets the multipart boundary itself');
    assert.deepEqual(progress, [[4, 4]]);
  } finally {
    delete g.XMLHttpRequest;
  }
});
