/**
 * What the data preview reads of a file the dev store serves (issue 27.3, 27.4), with and without `--range`: the first
 * page of a 20 MiB CSV reads its 512 KiB sample (with Range: one request for exactly those bytes; without: one
 * request, stopped once they are in), paging on reads on from where it stopped, and every reader of the file on the
 * page (the preview, charts, maps) shares one request. Counted by a fetch that passes each request on and counts the
 * body bytes the reader pulled through it.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { loadPreview, PREVIEW_SAMPLE_BYTES, PreviewReading } from '../../src/preview/load.ts';
import { repoRoot, startStore } from './helpers.ts';
import { memoryFile } from '../../dev-store/memory-file.ts';

const MIB = 1024 * 1024;
/** Row i of the file: `i,row i,<i % 1000>.5`. */
function bigCsv(bytes: number): Buffer {
  const lines = ['id,name,value\n'];
  let size = lines[0]!.length;
  for (let i = 1; size < bytes; i++) {
    const line = `${i},row ${i},${i % 1000}.5\n`;
    lines.push(line);
    size += line.length;
  }
  return Buffer.from(lines.join(''));
}

interface Sent { range: string | null; status: number; pulled: number; aborted: () => boolean }

/** A fetch that records each request (its Range, the status, the body bytes the reader pulled, whether it was aborted). */
function countingFetch(): { fetch: typeof globalThis.fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fetch(input, init);
    const record: Sent = { range: new Headers(init?.headers).get('range'), status: res.status, pulled: 0, aborted: () => init?.signal?.aborted ?? false };
    sent.push(record);
    const reader = res.body!.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        record.pulled += value.length;
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    }, { highWaterMark: 0 });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof globalThis.fetch;
  return { fetch: counting, sent };
}

describe('the data preview over the dev store', () => {
  const stores: StoreServer[] = [];
  const file = bigCsv(20 * MIB);
  let ranged = '';
  let plain = '';

  before(async () => {
    for (const range of [true, false]) {
      const s = await startStore([path.join(repoRoot, 'demo/catalog/demo-catalog.ttl')], range ? { range: true } : {});
      stores.push(s);
      const ctx = [...s.store.contexts.keys()][0]!;
      const url = s.store.addFileEntry(ctx, memoryFile({ name: 'big.csv', mime: 'text/csv', bytes: file })).resourceUri;
      if (range) ranged = url;
      else plain = url;
    }
  });
  after(async () => {
    for (const s of stores) await s.close();
  });

  test('with --range: the first page is one request for exactly the 512 KiB sample (206)', async () => {
    const { fetch, sent } = countingFetch();
    const reading = new PreviewReading(ranged, { fetch });
    const outcome = await reading.read({ bytes: PREVIEW_SAMPLE_BYTES, rows: 10 });
    reading.close();
    assert.equal(outcome.kind, 'partial');
    assert.deepEqual(sent.map((s) => [s.range, s.status, s.pulled]), [[`bytes=0-${PREVIEW_SAMPLE_BYTES - 1}`, 206, PREVIEW_SAMPLE_BYTES]]);
    assert.deepEqual(reading.table.rows.slice(0, 3), [['1', 'row 1', '1.5'], ['2', 'row 2', '2.5'], ['3', 'row 3', '3.5']]);
  });

  test('without Range (a default EntryStore): one request (200), stopped once the sample is in', async () => {
    const { fetch, sent } = countingFetch();
    const reading = new PreviewReading(plain, { fetch });
    const outcome = await reading.read({ bytes: PREVIEW_SAMPLE_BYTES, rows: 10 });
    reading.close();
    assert.equal(outcome.kind, 'partial');
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.status, 200);
    assert.equal(sent[0]!.aborted(), true, 'the request was aborted');
    // the sample and at most the network piece that crossed it
    assert.ok(sent[0]!.pulled >= PREVIEW_SAMPLE_BYTES && sent[0]!.pulled <= MIB, `pulled ${sent[0]!.pulled} bytes`);
  });

  test('paging on reads on from where it stopped: a Range from the first byte not read, and the rows that follow', async () => {
    const { fetch, sent } = countingFetch();
    const reading = new PreviewReading(ranged, { fetch });
    await reading.read({ bytes: PREVIEW_SAMPLE_BYTES, rows: 10 });
    const before = reading.table.rows.length;
    await reading.read({ rows: before + 100 });
    reading.close();
    assert.equal(sent.length, 2);
    assert.match(sent[1]!.range!, new RegExp(`^bytes=${PREVIEW_SAMPLE_BYTES}-\\d+$`));
    const rows = reading.table.rows;
    assert.ok(rows.length >= before + 100);
    // the rows across the seam are the file's rows, none cut, none twice
    assert.deepEqual(rows.slice(before - 2, before + 2).map((r) => r[0]), [before - 1, before, before + 1, before + 2].map(String));
    assert.ok(rows.every((r, i) => r[0] === String(i + 1) && r[2] === `${(i + 1) % 1000}.5`), 'every row is row i of the file');
  });

  test('without Range, paging on is a new request whose first bytes (those held) are skipped', async () => {
    const { fetch, sent } = countingFetch();
    const reading = new PreviewReading(plain, { fetch });
    await reading.read({ bytes: PREVIEW_SAMPLE_BYTES, rows: 10 });
    const before = reading.table.rows.length;
    await reading.read({ rows: before + 100 });
    reading.close();
    assert.deepEqual(sent.map((s) => s.status), [200, 200]);
    assert.ok(reading.table.rows.every((r, i) => r[0] === String(i + 1)), 'every row is row i of the file');
  });

  test('the preview, three charts and a map of one file: one request', async () => {
    const { fetch, sent } = countingFetch();
    const url = `${plain}?shared`;
    const preview = new PreviewReading(url, { fetch });
    const [first, ...charts] = await Promise.all([
      preview.read({ bytes: PREVIEW_SAMPLE_BYTES, rows: 10 }),
      ...[1, 2, 3, 4].map(() => loadPreview(url, { fetch, cap: MIB })),
    ]);
    assert.equal(first!.kind, 'partial');
    assert.deepEqual(charts.map((c) => c.kind), ['tooLarge', 'tooLarge', 'tooLarge', 'tooLarge']);
    // a chart read later takes the bytes the page holds
    assert.equal((await loadPreview(url, { fetch, cap: MIB })).kind, 'tooLarge');
    preview.close();
    assert.equal(sent.length, 1);
    assert.ok(sent[0]!.pulled <= 2 * MIB, `pulled ${sent[0]!.pulled} bytes`);
  });
});
