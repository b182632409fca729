import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import * as n3 from 'n3';
import type { StoreServer } from '../../dev-store/server.ts';
import { DCAT, DCT, FIXED_LOAD_TIME, getJson, localFixture, RDF_TYPE, startStore } from './helpers.ts';
import { memoryFile } from '../../dev-store/memory-file.ts';

const ES = 'http://entrystore.org/terms/';

describe('entries, metadata and resources', () => {
  let s: StoreServer;
  let ds1: Entry;
  before(async () => {
    s = await startStore([localFixture('catalog.ttl')]);
    ds1 = s.store.entriesByResource('https://example.org/ds/1')[0]!;
  });
  after(() => s.close());

  test('entry JSON with includeAll has entryId, info, metadata, relations, rights, resource', async () => {
    const { status, body, headers } = await getJson(`${ds1.entryUri}?includeAll&format=application/json`);
    assert.equal(status, 200);
    assert.match(headers.get('content-type')!, /^application\/json/);
    assert.deepEqual(Object.keys(body).sort(), ['entryId', 'info', 'metadata', 'relations', 'resource', 'rights']);
    assert.equal(body.entryId, ds1.entryId);
    assert.deepEqual(body.resource, {});
    // a harvested dataset (its resource URI is not in the store): EntryStore computes no relations for it (§3.6)
    assert.deepEqual(body.relations, {});
  });

  test('entry JSON without includeAll: entryId and info only', async () => {
    const { body } = await getJson(ds1.entryUri);
    assert.deepEqual(Object.keys(body).sort(), ['entryId', 'info']);
  });

  test('info graph per §3.2: resource, metadata, relation, created/modified as xsd:dateTime with ms, NamedResource', async () => {
    const { body } = await getJson(`${ds1.entryUri}?includeAll`);
    const info = body.info[ds1.entryUri];
    assert.deepEqual(info[`${ES}resource`], [{ type: 'uri', value: 'https://example.org/ds/1' }]);
    assert.deepEqual(info[`${ES}metadata`], [{ type: 'uri', value: ds1.metadataUri }]);
    assert.deepEqual(info[`${ES}relation`], [{ type: 'uri', value: ds1.relationsUri }]);
    assert.deepEqual(info[`${DCT}modified`], [{ type: 'literal', value: '2025-03-10T00:00:00.000Z', datatype: 'http://www.w3.org/2001/XMLSchema#dateTime' }]);
    assert.deepEqual(info[`${DCT}created`], [{ type: 'literal', value: '2020-01-01T00:00:00.000Z', datatype: 'http://www.w3.org/2001/XMLSchema#dateTime' }]);
    assert.deepEqual(body.info['https://example.org/ds/1'][RDF_TYPE], [{ type: 'uri', value: `${ES}NamedResource` }]);
  });

  test('an entry without dcterms:modified gets the fixed load time', () => {
    const agent = s.store.entriesByResource('https://example.org/org/kommun')[0]!;
    assert.equal(agent.modified.toISOString(), FIXED_LOAD_TIME.toISOString());
  });

  test('RDF/JSON writer rules: lang without datatype, no xsd:string datatype, bnodes as _:id', async () => {
    const { body } = await getJson(`${ds1.entryUri}?includeAll`);
    const md = body.metadata['https://example.org/ds/1'];
    assert.deepEqual(md[`${DCT}identifier`], [{ type: 'literal', value: 'ds-1' }]);
    assert.ok(md[`${DCT}title`].every((o: any) => o.lang && !o.datatype));
    assert.deepEqual(md[`${DCT}modified`], [{ type: 'literal', value: '2025-03-10', datatype: 'http://www.w3.org/2001/XMLSchema#date' }]);
    const temporal = md[`${DCT}temporal`][0];
    assert.equal(temporal.type, 'bnode');
    assert.match(temporal.value, /^_:/);
    assert.ok(body.metadata[temporal.value][`${DCAT}startDate`], 'nested bnode is a subject key "_:id"');
  });

  test('unknown entry or context → 404 {"error":"Entry not found"}', async () => {
    for (const url of [`${s.url}1/entry/999`, `${s.url}77/entry/1`, `${s.url}1/metadata/999`, `${s.url}1/resource/999`]) {
      const r = await getJson(url);
      assert.equal(r.status, 404, url);
      assert.deepEqual(r.body, { error: 'Entry not found' });
    }
  });

  test('Last-Modified and strong ETag "epoch ms"; If-None-Match → 304', async () => {
    const r = await fetch(`${ds1.entryUri}?includeAll`, { headers: { Accept: 'application/json' } });
    const etag = r.headers.get('etag');
    assert.equal(etag, `"${Date.parse('2025-03-10T00:00:00Z')}"`);
    assert.equal(r.headers.get('last-modified'), 'Mon, 10 Mar 2025 00:00:00 GMT');
    const again = await fetch(`${ds1.entryUri}?includeAll`, { headers: { Accept: 'application/json', 'If-None-Match': etag! } });
    assert.equal(again.status, 304);
  });

  test('entry format negotiation: Accept */* → RDF/XML of the info graph; format=text/turtle → Turtle', async () => {
    const xml = await fetch(ds1.entryUri, { headers: { Accept: '*/*' } });
    assert.match(xml.headers.get('content-type')!, /^application\/rdf\+xml/);
    assert.match(await xml.text(), /<es:resource rdf:resource="https:\/\/example.org\/ds\/1"\/>/);
    const ttl = await fetch(`${ds1.entryUri}?format=text/turtle`);
    assert.match(ttl.headers.get('content-type')!, /^text\/turtle/);
    assert.equal(new n3.Parser().parse(await ttl.text()).length, s.store.infoGraph(ds1).length);
  });

  test('metadata default is RDF/XML with Content-Disposition inline', async () => {
    const r = await fetch(ds1.metadataUri);
    assert.match(r.headers.get('content-type')!, /^application\/rdf\+xml/);
    assert.equal(r.headers.get('content-disposition'), `inline; filename="${ds1.entryId}.rdf"`);
    assert.match(await r.text(), /^<\?xml/);
  });

  test('metadata formats round-trip: Turtle, N-Triples, RDF/XML, RDF/JSON, JSON-LD keep every triple', async () => {
    const expected = ds1.metadata.length;
    const ttl = await (await fetch(`${ds1.metadataUri}?format=text/turtle`)).text();
    assert.equal(new n3.Parser().parse(ttl).length, expected);
    const nt = await (await fetch(`${ds1.metadataUri}?format=application/n-triples`)).text();
    assert.equal(new n3.Parser({ format: 'N-Triples' }).parse(nt).length, expected);
    const { parseRdfText } = await import('../../dev-store/rdf/parse.ts');
    const xml = await (await fetch(`${ds1.metadataUri}?format=application/rdf+xml`)).text();
    assert.equal((await parseRdfText(xml, { file: 'x.rdf', baseIri: s.url })).length, expected);
    const ld = await (await fetch(`${ds1.metadataUri}?format=application/ld+json`)).text();
    assert.equal((await parseRdfText(ld, { file: 'x.jsonld', baseIri: s.url })).length, expected);
    const rj = await getJson(`${ds1.metadataUri}?format=application/rdf%2Bjson`);
    const count = Object.values<any>(rj.body).reduce((n, preds) => n + Object.values<any>(preds).reduce((m, objs) => m + objs.length, 0), 0);
    assert.equal(count, expected);
  });

  test('an unknown metadata format gives a Turtle body labelled with the requested type [quirk]', async () => {
    const r = await fetch(`${ds1.metadataUri}?format=text/n-triples`);
    assert.match(r.headers.get('content-type')!, /^text\/n-triples/);
    assert.equal(new n3.Parser().parse(await r.text()).length, ds1.metadata.length);
  });

  test('resource: Local NamedResource → 303 to metadata; Link → 303 to its own URI', async () => {
    const local = s.store.getEntry('1', 'local-ds')!;
    const r1 = await fetch(`${s.url}1/resource/local-ds`, { redirect: 'manual' });
    assert.equal(r1.status, 303);
    assert.equal(r1.headers.get('location'), local.metadataUri);
    const r2 = await fetch(`${s.url}1/resource/${ds1.entryId}`, { redirect: 'manual' });
    assert.equal(r2.status, 303);
    assert.equal(r2.headers.get('location'), 'https://example.org/ds/1');
  });

  test('context entry _contexts/entry/1 names the context alias', async () => {
    const { status, body } = await getJson(`${s.url}_contexts/entry/1`);
    assert.equal(status, 200);
    assert.equal(body.name, 'catalog');
    assert.deepEqual(body.info[`${s.url}1`][RDF_TYPE], [{ type: 'uri', value: `${ES}Context` }]);
  });

  test('addFileEntry: Local InformationResource with file info; bytes served with type and name; searchable', async () => {
    const bytes = Buffer.from('namn,antal\nStrand,3\n');
    const e = s.store.addFileEntry('1', memoryFile({ name: 'bad.csv', mime: 'text/csv', bytes }));
    assert.equal(e.entryType, 'Local');
    assert.equal(e.resourceType, 'InformationResource');
    const { body } = await getJson(`${e.entryUri}?includeAll`);
    const res = body.info[e.resourceUri];
    assert.deepEqual(res['http://www.w3.org/2000/01/rdf-schema#label'], [{ type: 'literal', value: 'bad.csv' }]);
    assert.deepEqual(res[`${DCT}extent`], [{ type: 'literal', value: String(bytes.length), datatype: 'http://www.w3.org/2001/XMLSchema#long' }]);
    assert.deepEqual(res[`${DCT}format`], [{ type: 'literal', value: 'text/csv' }]);
    assert.equal(res[RDF_TYPE], undefined, 'InformationResource has no resource type triple');
    assert.match(body.resource.sha256, /^[0-9a-f]{64}$/);
    const file = await fetch(e.resourceUri);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'text/csv');
    assert.match(file.headers.get('content-disposition')!, /^inline; filename="bad\.csv"/);
    assert.equal(await file.text(), bytes.toString());
    const found = await getJson(`${s.url}search?type=solr&query=rdfType:http%5C%3A%2F%2Fentryscape.com%2Fterms%2FFile`);
    assert.equal(found.body.results, 1);
  });

  test('setMetadata re-indexes and recomputes relations (a distribution linking the file)', async () => {
    const dist = s.store.entriesByResource('https://example.org/dist/2')[0]!;
    const file = s.store.addFileEntry('1', memoryFile({ name: 'cykel.csv', mime: 'text/csv', bytes: Buffer.from('a\n1\n') }));
    const link = { subject: { termType: 'NamedNode' as const, value: dist.resourceUri }, predicate: `${DCAT}downloadURL`, object: { termType: 'NamedNode' as const, value: file.resourceUri } };
    s.store.setMetadata(dist, [...dist.metadata, link]);
    const h = (await import('../../src/catalog-engine/search/fields.ts')).predicateHash(`${DCAT}downloadURL`);
    const { body } = await getJson(`${s.url}search?type=solr&query=metadata.predicate.uri.${h}:${encodeURIComponent(file.resourceUri.replace(/[:/]/g, '\\$&'))}`);
    assert.equal(body.results, 1);
    assert.equal(body.resource.children[0].entryId, dist.entryId);
    // the distribution is harvested (resource URI outside the store): no relation on the file, as in EntryStore (§3.6)
    const rel = await getJson(`${file.entryUri}?includeAll`);
    assert.deepEqual(rel.body.relations, {});
  });
});
