// Which distributions get a data preview, from which URL, and the `nostats` parameter for store files (§6.5).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isPreviewCandidate, isStoreResource, previewSource, previewSourceOf, withNoStats } from '../../src/preview/candidate.ts';

const EU_CSV = 'http://publications.europa.eu/resource/authority/file-type/CSV';

describe('isPreviewCandidate', () => {
  for (const f of ['text/csv', 'CSV', '.csv', 'application/csv', 'TEXT/COMMA-SEPARATED-VALUES', EU_CSV, 'text/csv; charset=utf-8']) {
    it(`format ${f} is a candidate`, () => assert.equal(isPreviewCandidate({ formats: [f] }), true));
  }
  it('other formats and no URLs are not', () => {
    assert.equal(isPreviewCandidate({ formats: ['application/json', 'http://publications.europa.eu/resource/authority/file-type/XLSX'] }), false);
  });
  it('a download URL whose path ends in .csv is, whatever the format says; a query ending in .csv is not', () => {
    assert.equal(isPreviewCandidate({ formats: ['application/octet-stream'], downloadUrls: ['https://x.org/data/Polls.CSV'] }), true);
    assert.equal(isPreviewCandidate({ downloadUrls: ['https://x.org/get?file=a.csv'] }), false);
  });
  it('an access URL ending in .csv counts only when there is no download URL', () => {
    assert.equal(isPreviewCandidate({ accessUrls: ['https://x.org/a.csv'] }), true);
    assert.equal(isPreviewCandidate({ downloadUrls: ['https://x.org/a.json'], accessUrls: ['https://x.org/a.csv'] }), false);
  });
});

describe('previewSourceOf', () => {
  it('takes the first download URL, else an access URL ending in .csv, else nothing', () => {
    assert.equal(previewSourceOf({ formats: ['CSV'], downloadUrls: ['https://x.org/1', 'https://x.org/2.csv'], accessUrls: ['https://x.org/a.csv'] }), 'https://x.org/1');
    assert.equal(previewSourceOf({ formats: ['CSV'], accessUrls: ['https://x.org/page', 'https://x.org/a.csv'] }), 'https://x.org/a.csv');
    assert.equal(previewSourceOf({ formats: ['CSV'], accessUrls: ['https://x.org/landing-page'] }), undefined);
  });
  it('never a javascript: or relative URL', () => {
    assert.equal(previewSourceOf({ formats: ['CSV'], downloadUrls: ['javascript:alert(1)//.csv'] }), undefined);
    assert.equal(previewSourceOf({ formats: ['CSV'], downloadUrls: ['/files/a.csv'] }), undefined);
  });
  it('a store file gets nostats', () => {
    assert.equal(previewSourceOf({ formats: ['CSV'], downloadUrls: ['https://s.org/store/7/resource/12'] }), 'https://s.org/store/7/resource/12?nostats');
  });
});

describe('previewSource (landing view model)', () => {
  const d = (over: object) => ({ isCsv: true, files: [], ...over });
  it('first file, else a .csv access URL', () => {
    assert.equal(previewSource(d({ files: [{ href: 'https://x.org/a.csv' }, { href: 'https://x.org/b.csv' }] })), 'https://x.org/a.csv');
    assert.equal(previewSource(d({ accessUrl: 'https://x.org/b.csv' })), 'https://x.org/b.csv');
    assert.equal(previewSource(d({ accessUrl: 'https://x.org/about' })), undefined);
    assert.equal(previewSource({ isCsv: false, files: [{ href: 'https://x.org/a.csv' }] }), undefined);
  });
  it('store files under the given store base get nostats; files of another store path do not', () => {
    const file = { href: 'http://localhost:8787/store/1/resource/5' };
    assert.equal(previewSource(d({ files: [file] }), 'http://localhost:8787/store/'), 'http://localhost:8787/store/1/resource/5?nostats');
    assert.equal(previewSource(d({ files: [file] }), 'http://localhost:9999/store/'), file.href);
  });
});

describe('withNoStats / isStoreResource', () => {
  it('adds a bare nostats to the query, once', () => {
    assert.equal(withNoStats('https://s.org/store/1/resource/2?x=1'), 'https://s.org/store/1/resource/2?x=1&nostats');
    assert.equal(withNoStats('https://s.org/store/1/resource/2?nostats'), 'https://s.org/store/1/resource/2?nostats');
  });
  it('leaves other URLs alone (entries, metadata, foreign files)', () => {
    for (const u of ['https://s.org/store/1/entry/2', 'https://s.org/store/1/metadata/2', 'https://x.org/a.csv', 'https://s.org/store/1/resource/2/extra']) {
      assert.equal(withNoStats(u), u);
    }
  });
  it('with a base URL only files under that base are the store\'s', () => {
    assert.equal(isStoreResource('https://s.org/api/store/1/resource/2', 'https://s.org/api/store/'), true);
    assert.equal(isStoreResource('https://evil.org/store/1/resource/2', 'https://s.org/store/'), false);
    assert.equal(isStoreResource('https://s.org/store/1/resource/2', 'not a url'), false);
  });
});
