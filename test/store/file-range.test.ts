/**
 * Byte ranges on stored files (`{ctx}/resource/{id}`), as a plain web server serves them: one range → 206 with
 * Content-Range, past the end → 416, several ranges / other units / malformed / stale If-Range → the whole file (200).
 * Every answer keeps the stored-content security headers (nosniff, CSP sandbox, Content-Disposition) and CORS exposes
 * Content-Range / Accept-Ranges. Both kinds of stored file: on disk (uploads, streamed) and in memory. The data
 * preview's capped fetch against the store receives exactly the 10 MiB cap of a larger file.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { parseRange } from '../../dev-store/http/range.ts';
import { PREVIEW_CAP_BYTES } from '../../src/preview/shared-file.ts';
import { readCapped } from '../unit/preview-helpers.ts';
import { repoRoot, startStore } from './helpers.ts';
import { memoryFile } from '../../dev-store/memory-file.ts';

const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => `${i},row ${i}\n`).join(''));
const SIZE = CONTENT.length;
const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('stored files: single byte ranges', () => {
  let s: StoreServer;
  let dir: string;
  const urls = new Map<string, string>();

  before(async () => {
    s = await startStore([path.join(repoRoot, 'demo/catalog/demo-catalog.ttl')], { range: true, corsOrigins: ['https://portal.example'] });
    const ctx = [...s.store.contexts.keys()][0]!;
    dir = mkdtempSync(path.join(tmpdir(), 'file-range-'));
    const onDisk = path.join(dir, 'rows.csv');
    writeFileSync(onDisk, CONTENT);
    urls.set('disk', s.store.addFileEntry(ctx, { name: 'rows.csv', mime: 'text/csv', path: onDisk, size: SIZE, sha256: sha256(CONTENT) }).resourceUri);
    urls.set('memory', s.store.addFileEntry(ctx, memoryFile({ name: 'rows.csv', mime: 'text/csv', bytes: CONTENT })).resourceUri);
    const empty = path.join(dir, 'empty.csv');
    writeFileSync(empty, '');
    urls.set('empty', s.store.addFileEntry(ctx, { name: 'empty.csv', mime: 'text/csv', path: empty, size: 0, sha256: sha256(Buffer.alloc(0)) }).resourceUri);
    const big = path.join(dir, 'big.csv');
    const bigBytes = Buffer.alloc(PREVIEW_CAP_BYTES + 2 * 1024 * 1024, 'a,b\n');
    writeFileSync(big, bigBytes);
    urls.set('big', s.store.addFileEntry(ctx, { name: 'big.csv', mime: 'text/csv', path: big, size: bigBytes.length, sha256: sha256(bigBytes) }).resourceUri);
  });
  after(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (url: string, range?: string, extra: Record<string, string> = {}, method = 'GET') => {
    const res = await fetch(url, { method, headers: { ...(range === undefined ? {} : { Range: range }), ...extra } });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  /** The headers every stored-file answer carries, whatever its status. */
  const assertStoredContentHeaders = (res: Response): void => {
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /(^|;)\s*sandbox\s*(;|$)/);
    assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(res.headers.get('content-disposition') ?? '', /^inline; filename="rows\.csv"/);
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
  };

  for (const kind of ['disk', 'memory']) {
    describe(`a file ${kind === 'disk' ? 'on disk (streamed)' : 'in memory'}`, () => {
      test('no Range: 200, the whole file, Accept-Ranges: bytes, no Content-Range', async () => {
        const { res, body } = await get(urls.get(kind)!);
        assert.equal(res.status, 200);
        assert.deepEqual(body, CONTENT);
        assert.equal(res.headers.get('content-length'), String(SIZE));
        assert.equal(res.headers.get('content-range'), null);
        assertStoredContentHeaders(res);
      });

      test('bytes=a-b: 206 with exactly those bytes, Content-Range, Content-Length, type, Digest and the security headers', async () => {
        const { res, body } = await get(urls.get(kind)!, 'bytes=10-29');
        assert.equal(res.status, 206);
        assert.deepEqual(body, CONTENT.subarray(10, 30));
        assert.equal(res.headers.get('content-range'), `bytes 10-29/${SIZE}`);
        assert.equal(res.headers.get('content-length'), '20');
        assert.match(res.headers.get('content-type')!, /^text\/csv/);
        assert.equal(res.headers.get('digest'), `sha-256=${sha256(CONTENT)}`);
        assertStoredContentHeaders(res);
      });

      test('bytes=a- and an end past the file: the rest of the file; bytes=-n: the last n bytes (all of a shorter file)', async () => {
        const open = await get(urls.get(kind)!, `bytes=${SIZE - 7}-`);
        assert.deepEqual([open.res.status, open.res.headers.get('content-range')], [206, `bytes ${SIZE - 7}-${SIZE - 1}/${SIZE}`]);
        assert.deepEqual(open.body, CONTENT.subarray(SIZE - 7));
        const past = await get(urls.get(kind)!, `bytes=5-${SIZE + 1000}`);
        assert.deepEqual([past.res.status, past.res.headers.get('content-range')], [206, `bytes 5-${SIZE - 1}/${SIZE}`]);
        assert.deepEqual(past.body, CONTENT.subarray(5));
        const suffix = await get(urls.get(kind)!, 'bytes=-9');
        assert.deepEqual([suffix.res.status, suffix.res.headers.get('content-range')], [206, `bytes ${SIZE - 9}-${SIZE - 1}/${SIZE}`]);
        assert.deepEqual(suffix.body, CONTENT.subarray(SIZE - 9));
        const longer = await get(urls.get(kind)!, `bytes=-${SIZE * 2}`);
        assert.deepEqual([longer.res.status, longer.res.headers.get('content-range')], [206, `bytes 0-${SIZE - 1}/${SIZE}`]);
        assert.deepEqual(longer.body, CONTENT);
      });

      test('unsatisfiable (starts at or past the end, bytes=-0): 416 with Content-Range bytes */size, no body, security headers kept', async () => {
        for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 5}-${SIZE + 10}`, 'bytes=-0']) {
          const { res, body } = await get(urls.get(kind)!, range);
          assert.equal(res.status, 416, range);
          assert.equal(res.headers.get('content-range'), `bytes */${SIZE}`);
          assert.equal(body.length, 0);
          assertStoredContentHeaders(res);
        }
      });

      test('several ranges, another unit, malformed or reversed ranges: ignored, 200 with the whole file', async () => {
        for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc', 'bytes=9-2', 'bytes=-', 'bytes 0-5']) {
          const { res, body } = await get(urls.get(kind)!, range);
          assert.equal(res.status, 200, range);
          assert.equal(res.headers.get('content-range'), null, range);
          assert.deepEqual(body, CONTENT, range);
          assertStoredContentHeaders(res);
        }
      });

      test('If-Range: the range applies while the ETag or date matches; a stale validator gets the whole file', async () => {
        const plain = await get(urls.get(kind)!);
        const etag = plain.res.headers.get('etag')!;
        const date = plain.res.headers.get('last-modified')!;
        assert.equal((await get(urls.get(kind)!, 'bytes=0-3', { 'If-Range': etag })).res.status, 206);
        assert.equal((await get(urls.get(kind)!, 'bytes=0-3', { 'If-Range': date })).res.status, 206);
        const stale = await get(urls.get(kind)!, 'bytes=0-3', { 'If-Range': '"1"' });
        assert.equal(stale.res.status, 200);
        assert.deepEqual(stale.body, CONTENT);
        // A current If-None-Match still wins: 304 before any range.
        assert.equal((await get(urls.get(kind)!, 'bytes=0-3', { 'If-None-Match': etag })).res.status, 304);
      });

      test('HEAD with a range: the 206 headers without a body', async () => {
        const { res, body } = await get(urls.get(kind)!, 'bytes=0-99', {}, 'HEAD');
        assert.equal(res.status, 206);
        assert.equal(res.headers.get('content-range'), `bytes 0-99/${SIZE}`);
        assert.equal(res.headers.get('content-length'), '100');
        assert.equal(body.length, 0);
        assertStoredContentHeaders(res);
      });
    });
  }

  test('an empty file: any range is 416 (bytes */0), without one 200 with an empty body', async () => {
    const ranged = await get(urls.get('empty')!, 'bytes=0-10');
    assert.deepEqual([ranged.res.status, ranged.res.headers.get('content-range'), ranged.body.length], [416, 'bytes */0', 0]);
    const plain = await get(urls.get('empty')!);
    assert.deepEqual([plain.res.status, plain.res.headers.get('content-length'), plain.body.length], [200, '0', 0]);
  });

  test('cross-origin: Content-Range and Accept-Ranges are exposed by CORS', async () => {
    const { res } = await get(urls.get('disk')!, 'bytes=0-9', { Origin: 'https://portal.example' });
    assert.equal(res.status, 206);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://portal.example');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    assert.ok(exposed.includes('content-range') && exposed.includes('accept-ranges'), exposed.join(', '));
  });

  test('the data preview reads a 12 MiB file from the store: it asks for the 10 MiB cap and one byte more, keeps exactly the cap, and knows the file is larger', async () => {
    let got = 0;
    const r = await readCapped(urls.get('big')!, { onBytes: (b) => (got += b.length) });
    assert.deepEqual([r.truncated, r.bytes, got], [true, PREVIEW_CAP_BYTES, PREVIEW_CAP_BYTES]);
    const small = await readCapped(urls.get('disk')!, { onBytes: () => undefined });
    assert.deepEqual([small.truncated, small.bytes], [false, SIZE]);
    const empty = await readCapped(urls.get('empty')!, { onBytes: () => undefined });
    assert.deepEqual([empty.truncated, empty.bytes], [false, 0]);
  });
});

describe('parseRange', () => {
  test('single ranges, clamping, unsatisfiable and ignored forms', () => {
    assert.deepEqual(parseRange('bytes=0-10485759', 50_000_000), { kind: 'partial', start: 0, end: 10485759 });
    assert.deepEqual(parseRange('bytes=0-10485759', 100), { kind: 'partial', start: 0, end: 99 });
    assert.deepEqual(parseRange('BYTES = 3 - 4', 100), { kind: 'partial', start: 3, end: 4 });
    assert.deepEqual(parseRange('bytes=-0', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=100-', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=-5', 0), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange(undefined, 100), { kind: 'full' });
    assert.deepEqual(parseRange('bytes=1-2, 4-5', 100), { kind: 'full' });
    assert.deepEqual(parseRange('bytes=1-2,', 100), { kind: 'full' });
  });
});
