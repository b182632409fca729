// Loading a preview end to end without a DOM (§6.5): the cap aborts the real HTTP request, encodings, kinds of
// content, failures, and the table's filter / sort / pages — on generated files and the real upload fixtures.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { loadPreview } from '../../src/preview/load.ts';
import { PREVIEW_CAP_BYTES, PreviewHttpError } from '../../src/preview/shared-file.ts';
import { PreviewTable } from '../../src/preview/table.ts';
import { latin1, piecewiseFetch, readCapped } from './preview-helpers.ts';
import { SKIP_NO_SHARED, sharedFixture, sharedFixtureBytes } from '../shared-fixtures.ts';

const hasFixtures = sharedFixture('upload') !== undefined;
const fixture = (name: string): Uint8Array => sharedFixtureBytes(`upload/${name}`);

const noFixtures = !hasFixtures && SKIP_NO_SHARED;

describe('a capped read against a real server', () => {
  let server: Server;
  let base = '';
  /** Per request URL: bytes written, whether the connection closed before the body was complete, the Range asked. */
  const sent = new Map<string, { bytes: number; closedEarly: Promise<boolean>; range: string | undefined }>();
  before(async () => {
    server = createServer((req, res) => {
      const params = new URL(req.url!, 'http://x').searchParams;
      const full = Number(params.get('mib') ?? '1') * 1024 * 1024;
      let closed!: (early: boolean) => void;
      const stat = { bytes: 0, closedEarly: new Promise<boolean>((r) => (closed = r)), range: req.headers.range };
      sent.set(req.url!, stat);
      // ?range=1: serves `Range: bytes=0-N` like a static file server (206, at most N + 1 bytes, Content-Range)
      const range = params.has('range') ? /^bytes=0-(\d+)$/.exec(req.headers.range ?? '') : null;
      const size = range ? Math.min(full, Number(range[1]) + 1) : full;
      if (range) res.writeHead(206, { 'Content-Type': 'text/csv', 'Content-Range': `bytes 0-${size - 1}/${full}` });
      else res.writeHead(200, { 'Content-Type': 'text/csv' });
      const line = Buffer.from('1234567,abcdefgh,ijklmnop,qrstuvwx\n');
      const write = (): void => {
        while (stat.bytes < size) {
          stat.bytes += line.length;
          if (!res.write(line)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', () => closed(!res.writableFinished));
      write();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('a 12 MiB body stops at the 10 MiB cap: exactly the cap is handed over and the request is aborted', async () => {
    let got = 0;
    const r = await readCapped(`${base}/big?mib=12`, { onBytes: (b) => (got += b.length) });
    assert.equal(r.truncated, true);
    assert.equal(r.bytes, PREVIEW_CAP_BYTES);
    assert.equal(got, PREVIEW_CAP_BYTES);
    assert.equal(await sent.get('/big?mib=12')!.closedEarly, true, 'the server saw the client go away before the end');
  });
  it('a 500 MiB body: the server never gets to write much more than the cap', async () => {
    const r = await readCapped(`${base}/huge?mib=500`, { onBytes: () => undefined });
    assert.equal(r.truncated, true);
    const stat = sent.get('/huge?mib=500')!;
    assert.equal(await stat.closedEarly, true);
    assert.ok(stat.bytes < 100 * 1024 * 1024, `server wrote ${stat.bytes} bytes`);
  });
  it('asks for the first cap bytes and one more (Range: bytes=0-10485760, that byte tells whether the file goes on): a server that serves ranges sends no more', async () => {
    let got = 0;
    const r = await readCapped(`${base}/ranged?mib=12&range=1`, { onBytes: (b) => (got += b.length) });
    assert.deepEqual([r.truncated, r.bytes, got], [true, PREVIEW_CAP_BYTES, PREVIEW_CAP_BYTES]);
    const stat = sent.get('/ranged?mib=12&range=1')!;
    assert.equal(stat.range, 'bytes=0-10485760');
    await stat.closedEarly;
    // The test server writes whole lines of 35 bytes: it may overshoot by less than one line.
    assert.ok(stat.bytes < PREVIEW_CAP_BYTES + 1 + 35, `server wrote ${stat.bytes} bytes`);
  });
  it('a ranged answer shorter than asked is the whole file, unless Content-Range says the file is longer', async () => {
    const small = await readCapped(`${base}/small?mib=1&range=1`, { onBytes: () => undefined });
    assert.equal(small.truncated, false);
    const piece = await readCapped(`${base}/piece?mib=3&range=1`, { cap: 1024 * 1024, onBytes: () => undefined });
    assert.equal(piece.truncated, true, 'capped by the range');
    const { fetch } = piecewiseFetch('a,b\n1,2\n', 4, { status: 206, headers: { 'Content-Range': 'bytes 0-7/5000' } });
    assert.equal((await readCapped('https://x.org/a.csv', { fetch, onBytes: () => undefined })).truncated, true);
    // No readable Content-Range (a cross-origin store that does not expose it): the byte past the cap tells.
    const longer = piecewiseFetch('a,b\n1,2\n3,4\n', 4, { status: 206 });
    assert.equal((await readCapped('https://x.org/a.csv', { cap: 8, fetch: longer.fetch, onBytes: () => undefined })).truncated, true);
    const exact = piecewiseFetch('a,b\n1,2\n', 4, { status: 206 });
    assert.equal((await readCapped('https://x.org/a.csv', { cap: 8, fetch: exact.fetch, onBytes: () => undefined })).truncated, false);
    const short = piecewiseFetch('a,b\n1,2\n', 4, { status: 206 });
    assert.equal((await readCapped('https://x.org/a.csv', { cap: 9, fetch: short.fetch, onBytes: () => undefined })).truncated, false);
    const whole = piecewiseFetch('a,b\n1,2\n', 4, { status: 206, headers: { 'Content-Range': 'bytes 0-7/8' } });
    assert.equal((await readCapped('https://x.org/a.csv', { cap: 8, fetch: whole.fetch, onBytes: () => undefined })).truncated, false);
  });
  it('416 (a range of an empty file) is an empty body; a ranged request that fails as a network error is sent again without Range', async () => {
    const empty = piecewiseFetch('', 4, { status: 416 });
    assert.deepEqual(await readCapped('https://x.org/a.csv', { fetch: empty.fetch, onBytes: () => undefined }), { truncated: false, bytes: 0 });
    const plain = piecewiseFetch('a\n1\n');
    const ranges: (string | null)[] = [];
    const preflighting = ((u: RequestInfo | URL, init?: RequestInit) => {
      const range = new Headers(init?.headers).get('range');
      ranges.push(range);
      return range ? Promise.reject(new TypeError('Failed to fetch')) : plain.fetch(u, init);
    }) as typeof globalThis.fetch;
    let got = 0;
    const r = await readCapped('https://x.org/a.csv', { fetch: preflighting, onBytes: (b) => (got += b.length) });
    assert.deepEqual([r.truncated, got, ranges], [false, 4, [`bytes=0-${PREVIEW_CAP_BYTES}`, null]]);
  });
  it('a body of exactly the cap is complete', async () => {
    const r = await readCapped(`${base}/exact?mib=1`, { cap: 1024 * 1024 + 34, onBytes: () => undefined });
    assert.equal(r.truncated, false);
  });
  it('HTTP errors reject with the status; a refused connection rejects', async () => {
    const { fetch } = piecewiseFetch('nope', 10, { status: 404 });
    await assert.rejects(readCapped('http://x.org/a.csv', { fetch, onBytes: () => undefined }), (e: unknown) => e instanceof PreviewHttpError && e.status === 404);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await assert.rejects(readCapped(`http://127.0.0.1:${port}/a.csv`, { onBytes: () => undefined }), TypeError);
  });
  it('fetches without credentials, in CORS mode', async () => {
    const { fetch, calls } = piecewiseFetch('a\n1\n');
    await readCapped('https://x.org/a.csv', { fetch, onBytes: () => undefined });
    assert.equal(calls[0]!.init?.credentials, 'omit');
    assert.equal(calls[0]!.init?.mode, 'cors');
  });
  it('loadPreview over a 12 MiB CSV: too large, with the rows of the first 10 MiB (none cut in half)', async () => {
    let updates = 0;
    const r = await loadPreview(`${base}/rows?mib=12`, { onRows: () => updates++ });
    assert.equal(r.kind, 'tooLarge');
    assert.ok(r.kind === 'tooLarge' && r.table.rows.length > 250000, 'rows of the first 10 MiB');
    assert.ok(r.kind === 'tooLarge' && r.table.rows.every((row) => row.length === 4 && row[3] === 'qrstuvwx'), 'no half row');
    assert.ok(updates > 1, 'rows arrived in several batches while streaming');
  });
});

describe('loadPreview', () => {
  const load = (body: Uint8Array | string, options: Parameters<typeof loadPreview>[1] = {}, piece = 7) =>
    loadPreview('https://x.org/file.csv', { ...options, fetch: piecewiseFetch(body, piece).fetch });

  it('windows-1252 without a given encoding is read as windows-1252', async () => {
    const r = await load(latin1('l\u00e4n;antal\nV\u00e4stra G\u00f6taland;49\n\u00d6rebro;12\n'));
    assert.equal(r.kind, 'table');
    if (r.kind !== 'table') return;
    assert.equal(r.encoding, 'windows-1252');
    assert.deepEqual(r.table.columns.map((c) => c.label), ['län', 'antal']);
    assert.deepEqual(r.table.rows, [['Västra Götaland', '49'], ['Örebro', '12']]);
  });
  it('an explicit encoding is used as given', async () => {
    const r = await load(latin1('a\n\u00e5\n'), { encoding: 'utf-8' });
    assert.ok(r.kind === 'table' && r.table.rows[0]![0] === '\ufffd');
  });
  it('UTF-8 with BOM, CRLF, quoted line breaks, empty lines skipped', async () => {
    const r = await load('\ufeffnamn,beskrivning\r\n\r\nÅsa,"två\r\nrader"\r\n\r\nÖrjan,kort\r\n');
    assert.ok(r.kind === 'table');
    assert.deepEqual(r.kind === 'table' && r.table.rows, [['Åsa', 'två\r\nrader'], ['Örjan', 'kort']]);
    assert.equal(r.kind === 'table' && r.table.columns[0]!.label, 'namn');
  });
  it('markup, binary, empty files and JSON that is no table are not tabular', async () => {
    assert.deepEqual(await load('<!doctype html><title>Not found</title>'), { kind: 'notTabular', reason: 'markup' });
    assert.deepEqual(await load(Uint8Array.from([0x50, 0x4b, 3, 4, 20, 0, 0, 0])), { kind: 'notTabular', reason: 'binary' });
    assert.deepEqual(await load(''), { kind: 'notTabular', reason: 'empty' });
    assert.deepEqual(await load('\n\n\n'), { kind: 'notTabular', reason: 'empty' });
    assert.deepEqual(await load('{"a": 1}'), { kind: 'notTabular', reason: 'json' });
  });
  it('a binary file is given up on after its first 64 KiB, not downloaded to the cap', async () => {
    const body = new Uint8Array(5 * 1024 * 1024);
    body.set([0x50, 0x4b, 3, 4]);
    let served = 0;
    const { fetch } = piecewiseFetch(body, 16384);
    const counting = (async (u: RequestInfo | URL, i?: RequestInit) => {
      const res = await fetch(u, i);
      const reader = res.body!.getReader();
      return new Response(new ReadableStream({ async pull(c) { const { done, value } = await reader.read(); if (done) c.close(); else { served += value.length; c.enqueue(value); } } }));
    }) as typeof globalThis.fetch;
    const r = await loadPreview('https://x.org/a.csv', { fetch: counting });
    assert.deepEqual(r, { kind: 'notTabular', reason: 'binary' });
    assert.ok(served <= 128 * 1024, `read ${served} bytes`);
  });
  it('JSON arrays become tables', async () => {
    const r = await load('[["kommun","invånare"],["Uppsala",242140],["Lund",129000]]');
    assert.ok(r.kind === 'table' && r.table.rows.length === 2 && r.table.isNumeric(1));
  });
  it('a JSON file over the cap is too large without rows (JSON needs all of it)', async () => {
    const r = await load(`[${Array.from({ length: 5000 }, (_, i) => `{"i":${i}}`).join(',')}]`, { cap: 20000 }, 4096);
    assert.equal(r.kind, 'tooLarge');
    assert.equal(r.kind === 'tooLarge' && r.table.rows.length, 0);
  });
  it('hostile cells stay exactly the text they are', async () => {
    const r = await load('a,b\n"<img src=x onerror=alert(1)>","=HYPERLINK(""http://evil"",""x"")"\n');
    assert.deepEqual(r.kind === 'table' && r.table.rows[0], ['<img src=x onerror=alert(1)>', '=HYPERLINK("http://evil","x")']);
  });
  it('an abort by the caller rejects', async () => {
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(load('a\n1\n', { signal: ac.signal }));
  });
});

describe('PreviewTable pages, filter and sort', () => {
  const table = new PreviewTable();
  table.addRows([['namn', 'antal', 'kod'], ['Örebro', '12', 'b'], ['Åre', 'NA', 'a'], ['Ale', '100', 'c'], ['Borås', '9,5', 'a'], ['Zinkgruvan', '', 'd']]);
  it('numeric columns ignore missing values', () => {
    assert.deepEqual([0, 1, 2].map((c) => table.isNumeric(c)), [false, true, false]);
  });
  it('a column of zero-padded codes (municipality 0114) is text: left-aligned and sorted as text', () => {
    const codes = new PreviewTable();
    codes.addRows([['kommun', 'kod', 'invånare'], ['Upplands Väsby', '0114', '48000'], ['Vallentuna', '0115', '34000'], ['Stockholm', '0180', '984000']]);
    assert.deepEqual([0, 1, 2].map((c) => codes.isNumeric(c)), [false, false, true]);
  });
  it('numbers sort by value, missing values last in both directions', () => {
    const col = (dir: 'ascending' | 'descending') => table.page({ sort: { column: 1, direction: dir } }, 1, 10).rows.map((r) => r[0]);
    assert.deepEqual(col('ascending'), ['Borås', 'Örebro', 'Ale', 'Åre', 'Zinkgruvan']);
    assert.deepEqual(col('descending'), ['Ale', 'Örebro', 'Borås', 'Åre', 'Zinkgruvan']);
  });
  it('text sorts in the language\'s order (Swedish: Å Ä Ö after Z)', () => {
    const names = table.page({ sort: { column: 0, direction: 'ascending' }, locale: 'sv' }, 1, 10).rows.map((r) => r[0]);
    assert.deepEqual(names, ['Ale', 'Borås', 'Zinkgruvan', 'Åre', 'Örebro']);
  });
  it('the filter looks at every column, case-insensitively', () => {
    assert.deepEqual(table.page({ filter: ' A ' }, 1, 10).rows.map((r) => r[0]), ['Åre', 'Ale', 'Borås', 'Zinkgruvan']);
    assert.deepEqual(table.page({ filter: 'BORÅS' }, 1, 10).total, 1);
    assert.deepEqual(table.page({ filter: 'zzz' }, 1, 10), { total: 0, page: 1, pages: 1, from: 0, to: 0, rows: [] });
  });
  it('pages: from/to, the last page partial, out-of-range pages clamped', () => {
    assert.deepEqual(table.page({}, 2, 2), { total: 5, page: 2, pages: 3, from: 3, to: 4, rows: [['Ale', '100', 'c'], ['Borås', '9,5', 'a']] });
    assert.equal(table.page({}, 99, 2).from, 5);
    assert.equal(table.page({}, -3, 2).page, 1);
  });
  it('rows longer than the header add columns; the filter and order see new rows', () => {
    const t = new PreviewTable();
    t.addRows([['a'], ['1', 'extra']]);
    assert.deepEqual(t.columns, [{ label: 'a', n: 1 }, { label: undefined, n: 2 }]);
    assert.equal(t.page({ filter: 'new' }, 1, 10).total, 0);
    t.addRows([['new']]);
    assert.equal(t.page({ filter: 'new' }, 1, 10).total, 1);
  });
});

describe('the real upload fixtures', { skip: noFixtures }, () => {
  const loadFile = (name: string, piece = 65536) => loadPreview(`https://x.org/${name}`, { fetch: piecewiseFetch(fixture(name), piece).fetch });
  it('SwedishPolls-Polls.csv: 2,636 rows × 18 columns, party columns numeric despite NA, dates are text', async () => {
    const r = await loadFile('SwedishPolls-Polls.csv', 1500);
    assert.equal(r.kind, 'table');
    if (r.kind !== 'table') return;
    assert.equal(r.table.rows.length, 2636);
    assert.equal(r.table.columns.length, 18);
    const at = (label: string) => r.table.columns.findIndex((c) => c.label === label);
    assert.equal(r.table.isNumeric(at('M')), true);
    assert.equal(r.table.isNumeric(at('FI')), true);
    assert.equal(r.table.isNumeric(at('PublDate')), false);
    assert.equal(r.table.page({}, 1, 10).to, 10);
  });
  it('se-counties.csv keeps å/ä/ö (UTF-8) and leading zeros', async () => {
    const r = await loadFile('se-counties.csv', 5);
    assert.ok(r.kind === 'table');
    assert.equal(r.kind === 'table' && r.encoding, 'utf-8');
    assert.deepEqual(r.kind === 'table' && r.table.rows[0], ['01', 'Stockholms län', 'Stockholm']);
    assert.equal(r.kind === 'table' && r.table.rows.length, 21);
  });
  it('se-municipalities.csv and se-postal_to_municipality.csv: all rows', async () => {
    const m = await loadFile('se-municipalities.csv');
    assert.equal(m.kind === 'table' && m.table.rows.length, 290);
    const p = await loadFile('se-postal_to_municipality.csv');
    assert.equal(p.kind === 'table' && p.table.rows.length, 15463);
  });
  it('myndighetsdata-scb.json: 534 agencies, the name first, nested addresses as dotted columns', async () => {
    const r = await loadFile('myndighetsdata-scb.json');
    assert.equal(r.kind, 'table');
    if (r.kind !== 'table') return;
    assert.equal(r.table.rows.length, 534);
    assert.equal(r.table.columns[0]!.label, undefined);
    assert.ok(r.table.columns.some((c) => c.label === 'postal_address.city'));
    assert.equal(r.table.rows[0]![0], 'Alkoholsortimentsnämnden');
  });
  it('the XLSX and ZIP files are not tabular', async () => {
    assert.deepEqual(await loadFile('Mapping_ogd_dcat-ap.de_v1.0.xlsx'), { kind: 'notTabular', reason: 'binary' });
    assert.deepEqual(await loadFile('entrystore-test-zipfile.zip'), { kind: 'notTabular', reason: 'binary' });
  });
});
