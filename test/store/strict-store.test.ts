/**
 * The dev store behaves like a DEFAULT EntryStore unless told otherwise (issue 25, dev-store/README.md "Fidelity"):
 * CORS off without --cors-origin, JSONP on for GETs only, `sort` parsed as SearchResource does, missing title values
 * first ascending, `related.*` only with --solr-related, no Range on /resource/ unless --range.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { predicateHash } from '../../src/catalog-engine/search/fields.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { DCAT, DCT, esc, getJson, searchUrl, startStore } from './helpers.ts';
import { memoryFile } from '../../dev-store/memory-file.ts';

const DATASET = `rdfType:${esc(`${DCAT}Dataset`)}`;
const TTL = `
@prefix dcat: <${DCAT}> . @prefix dcterms: <${DCT}> .
<http://ex.org/ds/1> a dcat:Dataset ; dcterms:title "Cykel"@sv ; dcat:distribution <http://ex.org/dist/1> .
<http://ex.org/ds/2> a dcat:Dataset ; dcterms:title "apa" .
<http://ex.org/ds/3> a dcat:Dataset ; dcterms:title "Bad"@sv .
<http://ex.org/ds/4> a dcat:Dataset ; dcterms:title "Zebra" .
<http://ex.org/dist/1> a dcat:Distribution ; dcterms:format "text/csv" .
`;
const FORMAT = predicateHash(`${DCT}format`);
const titleOf = (child: any): string => Object.values<any>(child.metadata).flatMap((p) => p[`${DCT}title`] ?? [])[0]?.value;

describe('a default (strict) dev store', () => {
  let s: StoreServer;
  const q = (query: string, params: Record<string, string | number> = {}) => getJson(searchUrl(s.url, query, params));
  const titles = async (sort: string) => (await q(DATASET, { sort })).body.resource.children.map(titleOf);
  before(async () => {
    s = await startStore([{ file: 'strict.ttl', text: TTL }]);
  });
  after(() => s.close());

  test('sort: items split on "," then on " "; an item that is not exactly two parts (", b asc") is dropped', async () => {
    // title.sv only: Bad, Cykel; the two untagged datasets lack title.sv → first ascending, in index order (2, 4)
    assert.deepEqual(await titles('title.sv asc, title.nolang asc'), ['apa', 'Zebra', 'Bad', 'Cykel']);
    // bare comma: both keys count; datasets lacking title.sv are ordered by title.nolang among themselves
    assert.deepEqual(await titles('title.nolang asc,title.sv asc'), ['Bad', 'Cykel', 'apa', 'Zebra']);
    // a trailing space survives (Java's split drops trailing empty strings), a double space does not
    assert.deepEqual(await titles('title.nolang desc '), ['Zebra', 'apa', 'Cykel', 'Bad']);
    assert.deepEqual(await titles('title.nolang  desc'), await titles('score desc'));
  });

  test('text_sort: documents without the field sort FIRST ascending and LAST descending', async () => {
    assert.deepEqual(await titles('title.sv asc'), ['apa', 'Zebra', 'Bad', 'Cykel']);
    assert.deepEqual(await titles('title.sv desc'), ['Cykel', 'Bad', 'apa', 'Zebra']);
  });

  test('a query under 3 characters is refused whatever the type', async () => {
    const r = await getJson(`${s.url}search?type=sparql&query=ab`);
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: 'Query too short' });
  });

  test('CORS is off: no Allow-Origin on reads, preflight refused', async () => {
    const r = await fetch(`${s.url}search?type=solr&query=*:*`, { headers: { Origin: 'https://portal.example.org' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), null);
    const pre = await fetch(`${s.url}search?type=solr&query=*:*`, { method: 'OPTIONS', headers: { Origin: 'https://portal.example.org', 'Access-Control-Request-Method': 'GET' } });
    assert.equal(pre.headers.get('access-control-allow-origin'), null);
  });

  test('JSONP answers GETs; other methods get JSON', async () => {
    const r = await fetch(`${s.url}search?type=solr&query=*:*&limit=0&callback=cb_1`);
    assert.match(r.headers.get('content-type')!, /^application\/javascript/);
    assert.match(await r.text(), /^cb_1\(\{/);
    const post = await fetch(`${s.url}auth/cookie?callback=cb_1`, { method: 'POST', body: 'auth_username=x&auth_password=y', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    assert.doesNotMatch(await post.text(), /^cb_1\(/);
  });

  test('no Range on /resource/ files: 200 with the whole file, no Accept-Ranges', async () => {
    const ctx = [...s.store.contexts.keys()][0]!;
    const url = s.store.addFileEntry(ctx, memoryFile({ name: 'rows.csv', mime: 'text/csv', bytes: Buffer.from('a,b\n1,2\n') })).resourceUri;
    const r = await fetch(url, { headers: { Range: 'bytes=0-3' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('accept-ranges'), null);
    assert.equal(await r.text(), 'a,b\n1,2\n');
  });

  test('related.* is empty without --solr-related', async () => {
    const { body } = await q(DATASET, { facetFields: `related.metadata.predicate.literal_s.${FORMAT}` });
    assert.deepEqual(body.facetFields[0].values, []);
  });
});

describe('a dev store told otherwise', () => {
  test('--solr-related fills related.* (between entries of equal read ACL)', async () => {
    const s = await startStore([{ file: 'strict.ttl', text: TTL }], { solrRelated: true });
    try {
      const { body } = await getJson(searchUrl(s.url, DATASET, { facetFields: `related.metadata.predicate.literal_s.${FORMAT}` }));
      assert.deepEqual(body.facetFields[0].values, [{ name: 'text/csv', count: 1 }]);
    } finally {
      await s.close();
    }
  });

  test('--cors-origin opens the read API to that origin only, without credentials', async () => {
    const s = await startStore([{ file: 'strict.ttl', text: TTL }], { corsOrigins: ['https://portal.example.org'] });
    try {
      const ok = await fetch(`${s.url}search?type=solr&query=*:*`, { headers: { Origin: 'https://portal.example.org' } });
      assert.equal(ok.headers.get('access-control-allow-origin'), 'https://portal.example.org');
      assert.equal(ok.headers.get('access-control-allow-credentials'), null);
      const other = await fetch(`${s.url}search?type=solr&query=*:*`, { headers: { Origin: 'https://elsewhere.example' } });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
    } finally {
      await s.close();
    }
  });
});
