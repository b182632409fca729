/**
 * What a store behind a normal web server sends (issue 13 point 12): text answers gzipped when the client accepts
 * gzip, identity otherwise (the same bytes either way), and relations only where EntryStore computes them (§3.6:
 * store-internal URIs), so an agent named by harvested datasets does not carry their relation triples.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { StoreServer } from '../../dev-store/server.ts';
import { acceptsGzip } from '../../dev-store/http/compress.ts';
import { DCAT, DCT, esc, getJson, searchUrl, startStore } from './helpers.ts';

const FOAF = 'http://xmlns.com/foaf/0.1/';
const TTL = `
@prefix dcat: <${DCAT}> . @prefix dcterms: <${DCT}> . @prefix foaf: <${FOAF}> .
[] a dcat:Dataset ; dcterms:title "Local dataset"@en ; dcterms:publisher <http://ex.org/agent/1> ;
  dcat:distribution [ a dcat:Distribution ; dcterms:title "Local CSV"@en ] .
${Array.from({ length: 30 }, (_, i) => `<http://ex.org/ds/${i}> a dcat:Dataset ; dcterms:title "Harvested ${i}"@en ; dcterms:description "${'A description that makes the answer long enough to compress. '.repeat(3)}"@en ; dcterms:publisher <http://ex.org/agent/1> ; dcat:distribution <http://ex.org/dist/${i}> .
<http://ex.org/dist/${i}> a dcat:Distribution ; dcterms:format "text/csv" .`).join('\n')}
<http://ex.org/agent/1> a foaf:Agent ; foaf:name "Agency"@en .
`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET without any automatic decoding (fetch would gunzip and hide the encoding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Accept: 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dev store over HTTP as behind a web server: compression and relations', () => {
  let s: StoreServer;
  before(async () => {
    s = await startStore([{ file: 'critical.ttl', text: TTL }]);
  });
  after(() => s.close());

  const datasetSearch = () => searchUrl(s.url, `rdfType:${esc(`${DCAT}Dataset`)}`, { limit: 100 });

  test('Accept-Encoding: gzip → a gzipped search answer that decodes to the identity answer, Vary names both', async () => {
    const zipped = await rawGet(datasetSearch(), { 'Accept-Encoding': 'gzip, deflate, br' });
    const plain = await rawGet(datasetSearch());
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(zipped.headers.vary), /Origin/);
    assert.match(String(zipped.headers.vary), /Accept-Encoding/);
    assert.match(String(plain.headers.vary), /Accept-Encoding/);
    assert.equal(Number(zipped.headers['content-length']), zipped.body.length);
    assert.ok(zipped.body.length * 3 < plain.body.length, `gzip ${zipped.body.length} B, identity ${plain.body.length} B`);
    assert.deepEqual(gunzipSync(zipped.body), plain.body);
    assert.equal(JSON.parse(plain.body.toString('utf8')).results, 31);
  });

  test('entry JSON is gzipped too; gzip;q=0 and no header get identity', async () => {
    const e = s.store.entriesByResource('http://ex.org/ds/3')[0]!;
    const url = `${e.entryUri}?includeAll&format=application/json`;
    const zipped = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    const refused = await rawGet(url, { 'Accept-Encoding': 'gzip;q=0, identity' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.deepEqual(gunzipSync(zipped.body), refused.body);
  });

  test('acceptsGzip reads q-values and the wildcard', () => {
    assert.equal(acceptsGzip('gzip'), true);
    assert.equal(acceptsGzip('br;q=1.0, gzip;q=0.8'), true);
    assert.equal(acceptsGzip('*'), true);
    assert.equal(acceptsGzip('gzip;q=0'), false);
    assert.equal(acceptsGzip('*;q=0'), false);
    assert.equal(acceptsGzip('identity'), false);
    assert.equal(acceptsGzip(undefined), false);
  });

  test('an agent named by harvested datasets carries no relations (its lookup is its metadata, not their graph)', async () => {
    const { body } = await getJson(searchUrl(s.url, `resource:${esc('http://ex.org/agent/1')}`));
    const agent = body.resource.children[0];
    assert.equal(agent.metadata['http://ex.org/agent/1'][`${FOAF}name`][0].value, 'Agency');
    assert.deepEqual(agent.relations, {});
  });

  test('store-internal entries still get their relations (§3.6): a minted distribution knows its minted dataset', async () => {
    const dataset = [...s.store.entries()].find((e) => e.kind === 'dataset' && e.entryType === 'Local')!;
    const dist = [...s.store.entries()].find((e) => e.kind === 'distribution' && e.entryType === 'Local')!;
    assert.ok(dataset && dist, 'the blank-node dataset and distribution are Local entries');
    const { body } = await getJson(`${dist.entryUri}?includeAll&format=application/json`);
    assert.deepEqual(body.relations, { [dataset.resourceUri]: { [`${DCAT}distribution`]: [{ type: 'uri', value: dist.resourceUri }] } });
  });
});
