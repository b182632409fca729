/** Content checks of uploads (file-type) and CSV reading (csv-parse) used by the job engine. */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CONTENT_MISMATCH, checkContent, csvStats, readCsv, sha256File } from '../../dev-store/jobs/content.ts';
import { tempDir, zipBytes } from '../../dev-store/jobs/test-support.ts';
import { createHash } from 'node:crypto';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

const dir = tempDir('jobs-content-');
let n = 0;
async function file(bytes: string | Uint8Array): Promise<string> {
  const p = path.join(dir, `f${++n}`);
  await writeFile(p, bytes);
  return p;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f30000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('checkContent', () => {
  it('matching content passes and gets a MIME type (CSV, JSON, text, ZIP, PNG, PDF, no extension)', async () => {
    assert.deepEqual(await checkContent(await file('a,b\n1,2\n'), 'x.csv', 'application/octet-stream'), { mime: 'text/csv' });
    assert.deepEqual(await checkContent(await file('{"a":1}'), 'x.json', ''), { mime: 'application/json' });
    assert.deepEqual(await checkContent(await file('hello'), 'notes.txt', ''), { mime: 'text/plain' });
    assert.deepEqual(await checkContent(await file(zipBytes()), 'archive.ZIP', ''), { mime: 'application/zip' });
    assert.deepEqual(await checkContent(await file(PNG), 'map.png', ''), { mime: 'image/png' });
    assert.deepEqual(await checkContent(await file(PDF), 'report.pdf', ''), { mime: 'application/pdf' });
    assert.equal((await checkContent(await file(zipBytes()), 'noextension', '')).problem, undefined);
    assert.equal((await checkContent(await file('<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>'), 'graph.rdf', '')).problem, undefined);
  });

  it('binary content under a text name, or under another binary name → File content does not match declared type', async () => {
    for (const [bytes, name] of [
      [zipBytes(), 'data.csv'],
      [zipBytes(), 'data.json'],
      [PNG, 'data.txt'],
      [PNG, 'photo.jpg'],
      [PDF, 'sheet.xlsx'],
      [zipBytes(), 'picture.png'],
    ] as const) {
      assert.equal((await checkContent(await file(bytes), name, '')).problem, CONTENT_MISMATCH, name);
    }
  });

  it('text content under a name promising a detectable binary format → mismatch (JSON named .xlsx, CSV named .zip)', async () => {
    assert.equal((await checkContent(await file('{"a": 1}'), 'sheet.xlsx', '')).problem, CONTENT_MISMATCH);
    assert.equal((await checkContent(await file('a,b\n1,2\n'), 'data.zip', '')).problem, CONTENT_MISMATCH);
    assert.equal((await checkContent(await file('a,b\n1,2\n'), 'old.xls', '')).problem, CONTENT_MISMATCH);
    // An extension file-type knows nothing about declares nothing it could contradict.
    assert.equal((await checkContent(await file('a,b\n1,2\n'), 'data.sosi', '')).problem, undefined);
  });

  it('real fixtures: XLSX as .xlsx passes; the ZIP as .csv and the JSON as .xlsx do not', skipUnless(sharedFixture('upload/Mapping_ogd_dcat-ap.de_v1.0.xlsx'), sharedFixture('upload/entrystore-test-zipfile.zip'), sharedFixture('upload/myndighetsdata-scb.json')), async () => {
    const xlsx = sharedFixture('upload/Mapping_ogd_dcat-ap.de_v1.0.xlsx')!;
    assert.deepEqual(await checkContent(xlsx, 'Mapping.xlsx', ''), { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    assert.equal((await checkContent(xlsx, 'Mapping.zip', '')).problem, CONTENT_MISMATCH, 'an XLSX is detected as xlsx, not zip');
    assert.equal((await checkContent(sharedFixture('upload/entrystore-test-zipfile.zip')!, 'zipfile.csv', '')).problem, CONTENT_MISMATCH);
    assert.equal((await checkContent(sharedFixture('upload/myndighetsdata-scb.json')!, 'scb.xlsx', '')).problem, CONTENT_MISMATCH);
    assert.equal((await checkContent(sharedFixture('upload/myndighetsdata-scb.json')!, 'scb.json', '')).problem, undefined);
  });
});

describe('CSV reading', () => {
  it('header trimmed and lower-cased, BOM dropped, quoted fields with commas and newlines, ";" detected', async () => {
    const p = await file('\ufeff Name ,"Kommun, län",Kod\n"Anna ""A""","Uppsala, Uppsala län","line1\nline2"\n');
    const rows: string[][] = [];
    const r = await readCsv(p, (values) => void rows.push(values));
    assert.deepEqual(r.columns, ['name', 'kommun, län', 'kod']);
    assert.deepEqual(rows, [['Anna "A"', 'Uppsala, Uppsala län', 'line1\nline2']]);
    assert.deepEqual(await csvStats(await file('a;b;c\n1;2;3\n4;5;6\n'), 'semi.csv'), { columns: ['a', 'b', 'c'], rowCount: 2, delimiter: ';' });
  });

  it('not CSV: a non-.csv name, an empty file, an unclosed quote, JSON with quotes inside fields', async () => {
    assert.equal(await csvStats(await file('a,b\n1,2\n'), 'data.txt'), undefined);
    assert.equal(await csvStats(await file(''), 'empty.csv'), undefined);
    assert.equal(await csvStats(await file('a,b\n"1,2\n'), 'open.csv'), undefined);
    assert.equal(await csvStats(await file('{"a": [1, 2], "b": {"c": "d"}}'), 'data.csv'), undefined);
  });

  it('real CSV fixtures: counties (21 rows), SwedishPolls (2636 rows)', skipUnless(sharedFixture('upload/se-counties.csv'), sharedFixture('upload/SwedishPolls-Polls.csv')), async () => {
    assert.equal((await csvStats(sharedFixture('upload/se-counties.csv')!, 'se-counties.csv'))!.rowCount, 21);
    const polls = (await csvStats(sharedFixture('upload/SwedishPolls-Polls.csv')!, 'Polls.csv'))!;
    assert.equal(polls.rowCount, 2636);
    assert.equal(polls.columns.length, 18);
  });

  it('sha256File equals the digest of the bytes', async () => {
    const bytes = Buffer.alloc(700_000, 7);
    assert.equal(await sha256File(await file(bytes)), createHash('sha256').update(bytes).digest('hex'));
  });
});
