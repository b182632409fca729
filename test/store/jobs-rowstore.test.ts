/**
 * RowStore emulation (entrystore-api.md §6.2) for connected API distributions: the demo seed, page and info shapes,
 * column filters, _limit/_offset rules, 400 for unknown parameters, next/prev, old rows while a job runs.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CSV_DIST, EX, Gate, ROWS_ID, startJobStore, submit, TEST_CATALOG, until } from '../../dev-store/jobs/test-support.ts';
import type { JobStore } from '../../dev-store/jobs/test-support.ts';
import { DCAT, getJson, repoRoot } from './helpers.ts';

const DEMO = path.join(repoRoot, 'demo/catalog/demo-catalog.ttl');
const POLLS_CSV_DIST = 'https://github.com/MansMeg/SwedishPolls/blob/master/Data/Polls.csv';

describe('rowstore: the demo catalog seed', () => {
  let s: JobStore;
  before(async () => {
    s = await startJobStore({ catalogs: [DEMO] });
  });
  after(() => s.close());

  it('the SwedishPolls CSV distribution has demo/catalog/files/SwedishPolls-Polls.csv as an uploaded file entry', async () => {
    const d = s.server.store.entriesByResource(POLLS_CSV_DIST)[0]!;
    const inStore = d.metadata.filter((t) => t.predicate === `${DCAT}downloadURL` && t.object.value.startsWith(s.server.url)).map((t) => t.object.value);
    assert.equal(inStore.length, 1);
    const res = await fetch(inStore[0]!);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv');
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(Buffer.compare(body, await readFile(path.join(repoRoot, 'demo/catalog/files/SwedishPolls-Polls.csv'))), 0);
    assert.equal(res.headers.get('content-length'), String(body.length));
  });

  it('/rowstore/datasets lists the demo API distribution; its info and first page have the CSV rows', async () => {
    const list = await getJson(`${s.base}/rowstore/datasets`);
    const polls = list.body.filter((d: any) => d.id === 'swedishpolls');
    assert.deepEqual(polls.map((d: any) => [d.id, d.distribution, d.source]), [['swedishpolls', 'https://demo.catalog-blocks.example/distribution/swedishpolls-api', POLLS_CSV_DIST]]);
    // The demo catalog's other connected API distributions (issue 9: the Swedish geodata CSVs, the map centroids).
    assert.ok(list.body.length >= 2 && list.body.every((d: any) => typeof d.id === 'string' && d.source));
    const info = await getJson(`${s.base}/rowstore/dataset/swedishpolls/info`);
    assert.equal(info.status, 200);
    assert.equal(info.body.status, 3);
    assert.equal(info.body.rowcount, 2636);
    assert.equal(info.body.identifier, 'swedishpolls');
    assert.ok(info.body.columnnames.includes('publyearmonth') && info.body.columnnames.includes('company'));
    assert.equal(info.body['@id'], `${s.base}/rowstore/dataset/swedishpolls`);
    assert.match(info.body.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/);
    const page = await getJson(`${s.base}/rowstore/dataset/swedishpolls`);
    assert.equal(page.status, 200);
    assert.equal(page.body.results.length, 100);
    assert.equal(page.body.resultCount, 2636);
    assert.deepEqual(Object.keys(page.body.results[0]).slice(0, 2), ['publyearmonth', 'company']);
    assert.equal(page.body.results[0].company, 'Novus');
    assert.ok(Object.values(page.body.results[0]).every((v) => typeof v === 'string'));
  });
});

describe('rowstore: HTML view and API description', () => {
  let s: JobStore;
  before(async () => {
    s = await startJobStore({ catalogs: [DEMO] });
  });
  after(() => s.close());

  it('a browser (HTML Accept) asking the dataset URL is sent to /html with 303; JSON clients get the page', async () => {
    const res = await fetch(`${s.base}/rowstore/dataset/swedishpolls`, { headers: { Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' }, redirect: 'manual' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), `${s.base}/rowstore/dataset/swedishpolls/html`);
    const json = await getJson(`${s.base}/rowstore/dataset/swedishpolls`);
    assert.equal(json.status, 200);
    assert.equal(json.body.results.length, 100);
  });

  it('/html is an escaped table of the first rows with links to the JSON and the description', async () => {
    const res = await fetch(`${s.base}/rowstore/dataset/swedishpolls/html`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const text = await res.text();
    assert.match(text, /^<!DOCTYPE html>/);
    assert.equal((text.match(/<tr>/g) ?? []).length, 101, 'header row + 100 rows');
    assert.match(text, /<th scope="col">publyearmonth<\/th>/);
    assert.match(text, /100 of 2636 rows/);
    assert.ok(text.includes(`href="${s.base}/rowstore/dataset/swedishpolls/swagger"`));
    assert.doesNotMatch(text.replace(/^<!DOCTYPE html>/, '').replace(/<\/?(html|head|meta|title|body|h1|p|a|table|thead|tbody|tr|th|td)\b[^>]*>/g, ''), /[<>]/, 'no markup but the table');
    assert.equal((await fetch(`${s.base}/rowstore/dataset/nope/html`)).status, 404);
  });

  it('/swagger describes /json with one query parameter per column plus _limit and _offset', async () => {
    const { status, body } = await getJson(`${s.base}/rowstore/dataset/swedishpolls/swagger`);
    assert.equal(status, 200);
    assert.equal(body.swagger, '2.0');
    assert.equal(body.basePath, '/rowstore/dataset/swedishpolls');
    const names = body.paths['/json'].get.parameters.map((p: { name: string }) => p.name);
    const info = await getJson(`${s.base}/rowstore/dataset/swedishpolls/info`);
    assert.deepEqual(names, [...info.body.columnnames, '_limit', '_offset']);
    assert.equal((await getJson(`${s.base}/rowstore/dataset/nope/swagger`)).status, 404);
  });
});

describe('rowstore: query rules', () => {
  let s: JobStore;
  const ds = (q = ''): string => `${s.base}/rowstore/dataset/${ROWS_ID}/json${q}`;
  before(async () => {
    s = await startJobStore();
    const lines = ['Kommun,Län, Kod ', ...Array.from({ length: 250 }, (_, i) => `K${i},${i % 2 ? 'Uppsala' : 'Skåne'},${String(i).padStart(4, '0')}`)];
    await submit(s, 'ADD', CSV_DIST, 'kommuner.csv', `${lines.join('\n')}\n`);
    await submit(s, 'ADD', CSV_DIST, 'semicolon.csv', 'Kommun;Län;Kod\nExtra;Gotland;0980\n');
    await s.jobs.idle();
  });
  after(() => s.close());

  it('/html shows hostile cell values as text (escaped), never as markup', async () => {
    const hostile = await startJobStore();
    try {
      await submit(hostile, 'ADD', CSV_DIST, 'hostile.csv', 'name,"<b>col</b>"\n"<script>alert(1)</script>","a & b ""q"""\n');
      await hostile.jobs.idle();
      const text = await (await fetch(`${hostile.base}/rowstore/dataset/${ROWS_ID}/html`)).text();
      assert.ok(text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), text);
      assert.ok(text.includes('&lt;b&gt;col&lt;/b&gt;'));
      assert.ok(text.includes('a &amp; b &quot;q&quot;'));
      assert.doesNotMatch(text, /<script|<b>/);
    } finally {
      await hostile.close();
    }
  });

  it('columns are trimmed and lower-cased; ";" is detected; rows of all files in file order', async () => {
    const info = await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/info`);
    assert.deepEqual(info.body.columnnames, ['kommun', 'län', 'kod']);
    assert.equal(info.body.rowcount, 251);
    const last = await getJson(ds('?_offset=250'));
    assert.deepEqual(last.body.results, [{ kommun: 'Extra', län: 'Gotland', kod: '0980' }]);
  });

  it('_limit default 100, 1..100 accepted, out of range → 100, non-integer → 400 with an empty body', async () => {
    assert.equal((await getJson(ds())).body.limit, 100);
    assert.equal((await getJson(ds('?_limit=7'))).body.results.length, 7);
    assert.equal((await getJson(ds('?_limit=500'))).body.limit, 100);
    assert.equal((await getJson(ds('?_limit=0'))).body.limit, 100);
    const bad = await fetch(ds('?_limit=ten'));
    assert.equal(bad.status, 400);
    assert.equal(await bad.text(), '');
    assert.equal((await fetch(ds('?_offset=-1'))).status, 400);
  });

  it('unknown parameters → 400 empty (no cache busters, no format); known columns match lower-cased names', async () => {
    for (const q of ['?format=json', '?_=123', '?nosuchcolumn=1']) {
      const r = await fetch(ds(q));
      assert.equal(r.status, 400, q);
      assert.equal(await r.text(), '');
    }
    const r = await getJson(ds('?L%C3%84N=Gotland'));
    assert.equal(r.status, 200);
    assert.equal(r.body.resultCount, 1);
  });

  it('column filters: exact string equality, AND across columns, ^ for a regular expression', async () => {
    const up = await getJson(ds('?l%C3%A4n=Uppsala&_limit=5'));
    assert.equal(up.body.resultCount, 125);
    assert.ok(up.body.results.every((r: any) => r.län === 'Uppsala'));
    assert.equal((await getJson(ds('?l%C3%A4n=uppsala'))).body.resultCount, 0, 'case-sensitive equality');
    const both = await getJson(ds('?l%C3%A4n=Uppsala&kod=0003'));
    assert.deepEqual(both.body.results, [{ kommun: 'K3', län: 'Uppsala', kod: '0003' }]);
    const re = await getJson(ds(`?kommun=${encodeURIComponent('^K1\\d$')}`));
    assert.deepEqual(re.body.results.map((r: any) => r.kommun), ['K10', 'K11', 'K12', 'K13', 'K14', 'K15', 'K16', 'K17', 'K18', 'K19']);
    assert.equal((await fetch(ds(`?kommun=${encodeURIComponent('^(')}`))).status, 400);
  });

  it('next/prev links carry _offset, _limit and the filters; resultCount is 0 on an empty page', async () => {
    const p1 = await getJson(ds('?l%C3%A4n=Sk%C3%A5ne&_limit=50'));
    assert.equal(p1.body.offset, 0);
    assert.equal(p1.body.prev, undefined);
    assert.ok(p1.body.next);
    const next = new URL(p1.body.next);
    assert.equal(next.pathname, `/rowstore/dataset/${ROWS_ID}/json`);
    assert.equal(next.searchParams.get('_offset'), '50');
    assert.equal(next.searchParams.get('_limit'), '50');
    assert.equal(next.searchParams.get('län'), 'Skåne');
    const p2 = await getJson(p1.body.next);
    assert.equal(p2.body.offset, 50);
    assert.equal(new URL(p2.body.prev).searchParams.get('_offset'), '0');
    assert.equal(p2.body.results[0].kommun, 'K100');
    // 125 matches: offset 100 + limit 50 > 125 → no next
    const p3 = await getJson(ds('?l%C3%A4n=Sk%C3%A5ne&_limit=50&_offset=100'));
    assert.equal(p3.body.results.length, 25);
    assert.equal(p3.body.next, undefined);
    const empty = await getJson(ds('?_offset=1000'));
    assert.deepEqual(empty.body.results, []);
    assert.equal(empty.body.resultCount, 0);
    assert.equal(typeof empty.body.queryTime, 'number');
  });

  it('_callback wraps the page as JSONP; _sort is accepted and ignored', async () => {
    const r = await fetch(ds('?_callback=cb&_limit=3&_sort=kod'));
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type')!, /javascript/);
    const text = await r.text();
    const wrapped = /^cb\((\{[\s\S]*\})\);?\s*$/.exec(text);
    assert.ok(wrapped, text);
    const page = JSON.parse(wrapped[1]!);
    // The wrapped page is the page without _callback and _sort: same rows in the same order.
    const plain = (await getJson(ds('?_limit=3'))).body;
    assert.ok(plain.results.length >= 2, 'enough rows to see an order');
    const core = (p: any): unknown => ({ results: p.results, resultCount: p.resultCount, limit: p.limit, offset: p.offset });
    assert.deepEqual(core(page), core(plain));
  });

  it('unknown dataset → 404', async () => {
    assert.equal((await fetch(`${s.base}/rowstore/dataset/nope/json`)).status, 404);
    assert.equal((await fetch(`${s.base}/rowstore/dataset/nope/info`)).status, 404);
  });
});

describe('rowstore: while a job runs the old rows are served; after SUCCESS the new ones', () => {
  it('info status 2 and old rows during PROCESSING, status 3 and appended rows after the commit', async () => {
    const gate = new Gate();
    const s = await startJobStore({ gate });
    try {
      gate.open();
      await submit(s, 'ADD', CSV_DIST, 'a.csv', 'x\n1\n');
      await s.jobs.idle();
      const held = new Gate();
      s.jobs.testHooks.beforeCommit = held.wait;
      const rec = await submit(s, 'ADD', CSV_DIST, 'b.csv', 'x\n2\n');
      await until(() => held.held, (n) => n === 1, 'held before commit');
      assert.equal(s.jobs.get(rec.jobId)!.status, 'PROCESSING');
      const during = await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/json`);
      assert.deepEqual(during.body.results, [{ x: '1' }]);
      assert.equal((await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/info`)).body.status, 2);
      held.open();
      await s.jobs.idle();
      const afterCommit = await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/json`);
      assert.deepEqual(afterCommit.body.results, [{ x: '1' }, { x: '2' }]);
      assert.equal((await getJson(`${s.base}/rowstore/dataset/${ROWS_ID}/info`)).body.status, 3);
    } finally {
      await s.close();
    }
  });

  it('an API distribution whose accessURL is not a rowstore URL gets the id {contextId}-{entryId}', async () => {
    const catalog = TEST_CATALOG.replace(`<${EX}rowstore/dataset/${ROWS_ID}>`, `<${EX}api/polls>`);
    const s = await startJobStore({ catalogs: [{ file: 'other.ttl', text: catalog }] });
    try {
      const api = s.server.store.entriesByResource(`${EX}dist/polls-api`)[0]!;
      const list = await getJson(`${s.base}/rowstore/datasets`);
      assert.deepEqual(list.body.map((d: any) => d.id), [`${api.contextId}-${api.entryId}`]);
      assert.equal((await getJson(`${s.base}/rowstore/dataset/${api.contextId}-${api.entryId}/info`)).status, 200);
    } finally {
      await s.close();
    }
  });
});
