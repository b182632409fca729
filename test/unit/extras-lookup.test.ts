// The inverse option of the batched resource lookup (showcases and ideas of a dataset, issue 9 point 7): the exact
// Solr query, one request for URIs + inverse, client-side subject/type check, caching and paging.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { batchClause, inverseClause } from '../../src/store/query.ts';
import { RES, STORE, clauseValues, fakeStore, json, syntheticChild, type RecordedRequest } from './store-fake.ts';

const DCT_SOURCE = 'http://purl.org/dc/terms/source';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RESULT = 'http://entryscape.com/terms/Result';
const IDEA = 'http://entryscape.com/terms/Idea';
const DATASET = RES(10);
const inverse = { predicate: DCT_SOURCE, object: DATASET, rdfTypes: [RESULT, IDEA] };

/** A search child whose resource has `dcterms:source` → `source` (on `subject`, default itself) and `rdf:type` → `type`. */
function pointing(id: number, type: string, source = DATASET, subject?: string): Record<string, unknown> {
  const child = syntheticChild(RES(id)) as { metadata: Record<string, Record<string, unknown>> };
  const res = RES(id);
  child.metadata[res] = { ...child.metadata[res], [RDF_TYPE]: [{ type: 'uri', value: type }] };
  const s = subject ?? res;
  child.metadata[s] = { ...(child.metadata[s] ?? {}), [DCT_SOURCE]: [{ type: 'uri', value: source }] };
  return child;
}

/** The fake store, answering an inverse clause with `pointers` (paged by limit/offset) plus the resource hits. */
function setup(pointers: Array<Record<string, unknown>>) {
  const fake = fakeStore();
  const defaultHandler = fake.handler;
  fake.handler = (req: RecordedRequest) => {
    const query = req.params.get('query') ?? '';
    if (!query.includes('metadata.predicate.uri.0db2db6b:')) return defaultHandler(req);
    const resources = clauseValues(query, 'resource').map(syntheticChild);
    const all = [...resources, ...pointers];
    const limit = Number(req.params.get('limit'));
    const offset = Number(req.params.get('offset') ?? 0);
    return json({ resource: { children: all.slice(offset, offset + limit) }, results: all.length, limit, offset, facetFields: [] });
  };
  const client = new EntryStoreClient(STORE, { fetch: fake.fetch });
  const searches = () => fake.requests.filter((r) => r.url.includes('/search?'));
  return { client, searches };
}

describe('inverse lookup: query text', () => {
  test('inverseClause: the predicate field by hash, the object escaped, the types ORed', () => {
    assert.equal(
      inverseClause(inverse),
      'metadata.predicate.uri.0db2db6b:https\\:\\/\\/data.example.org\\/store\\/7\\/resource\\/10 AND '
        + '(rdfType:http\\:\\/\\/entryscape.com\\/terms\\/Result OR rdfType:http\\:\\/\\/entryscape.com\\/terms\\/Idea)',
    );
  });

  test('batchClause ORs the resource group with the parenthesised inverse clause; no URIs → the inverse alone', () => {
    const inv = inverseClause(inverse);
    assert.equal(batchClause([RES(1), RES(2)], [inv]), `(resource:${esc(RES(1))} OR resource:${esc(RES(2))}) OR (${inv})`);
    assert.equal(batchClause([], [inv]), inv);
    assert.equal(batchClause([RES(1)]), `resource:${esc(RES(1))}`);
  });

  test('the request: public:true AND ((resources) OR (inverse)), limit 100, percent-encoded', async () => {
    const { client, searches } = setup([]);
    await client.getEntriesByResourceUris([RES(11), RES(12)], { inverse });
    assert.equal(searches().length, 1);
    const params = searches()[0]!.params;
    assert.equal(
      params.get('query'),
      `public:true AND ((resource:${esc(RES(11))} OR resource:${esc(RES(12))}) OR (${inverseClause(inverse)}))`,
    );
    assert.equal(params.get('limit'), '100');
    // EntryStore form-decodes values: a raw space or `+` would change the query (entrystore-api.md §2.1).
    assert.ok(!/[ +]/.test(searches()[0]!.url.split('?')[1]!), 'spaces are percent-encoded, no raw +');
  });
});

const esc = (v: string) => v.replace(/[:/]/g, '\\$&');

describe('inverse lookup: results', () => {
  test('one request returns the URIs and the entries pointing at the dataset, keyed by resource URI', async () => {
    const { client, searches } = setup([pointing(501, RESULT), pointing(502, RESULT), pointing(503, IDEA)]);
    const found = await client.getEntriesByResourceUris([RES(11), RES(12)], { inverse });
    assert.equal(searches().length, 1);
    assert.deepEqual([...found.keys()].sort(), [RES(11), RES(12), RES(501), RES(502), RES(503)].sort());
    assert.equal(found.get(RES(503))?.entryId, '503');
  });

  test('Solr hits where another subject holds the relation, or of another type, or pointing elsewhere, are dropped', async () => {
    const { client } = setup([
      pointing(501, RESULT),
      pointing(601, RESULT, DATASET, 'http://example.org/other-subject'), // relation on a neighbour node only
      pointing(602, 'http://www.w3.org/ns/dcat#Dataset'),
      pointing(603, IDEA, RES(99)),
    ]);
    const found = await client.getEntriesByResourceUris([], { inverse });
    assert.deepEqual([...found.keys()], [RES(501)]);
  });

  test('the same inverse again: answered from the cache (also when it found nothing), never as "absent"', async () => {
    const { client, searches } = setup([pointing(501, RESULT)]);
    await client.getEntriesByResourceUris([RES(11)], { inverse });
    const again = await client.getEntriesByResourceUris([RES(11)], { inverse });
    assert.equal(searches().length, 1);
    assert.deepEqual([...again.keys()].sort(), [RES(11), RES(501)].sort());
    // The showcase itself is now known by resource URI.
    assert.equal((await client.getEntriesByResourceUris([RES(501)])).get(RES(501))?.entryId, '501');
    assert.equal(searches().length, 1);
    // Another dataset is another lookup; an empty answer is cached as empty.
    const other = { ...inverse, object: RES(20) };
    assert.equal((await client.getEntriesByResourceUris([RES(11)], { inverse: other })).size, 1);
    assert.equal((await client.getEntriesByResourceUris([RES(11)], { inverse: other })).size, 1);
    assert.equal(searches().length, 2);
    assert.deepEqual(clauseValues(searches()[1]!.params.get('query')!, 'resource'), [], 'cached URIs are not asked again');
  });

  test('concurrent lookups of one tick (one with inverse) share ONE request', async () => {
    const { client, searches } = setup([pointing(501, RESULT)]);
    const [a, b] = await Promise.all([
      client.getEntriesByResourceUris([RES(11), RES(12)], { inverse }),
      client.getEntriesByResourceUris([RES(13)]),
    ]);
    assert.equal(searches().length, 1);
    assert.deepEqual([...a.keys()].sort(), [RES(11), RES(12), RES(501)].sort());
    assert.deepEqual([...b.keys()], [RES(13)], 'a caller without inverse sees only its URIs');
  });

  test('more pointing entries than a page holds: further pages of the same query', async () => {
    const many = Array.from({ length: 130 }, (_, i) => pointing(1000 + i, i % 2 ? IDEA : RESULT));
    const { client, searches } = setup(many);
    const found = await client.getEntriesByResourceUris([RES(11)], { inverse });
    assert.equal(found.size, 131);
    assert.deepEqual(searches().map((r) => r.params.get('offset') ?? '0'), ['0', '100']);
    assert.equal(searches()[0]!.params.get('query'), searches()[1]!.params.get('query'));
  });

  test('an aborted call rejects; the shared request still fills the cache for the next caller', async () => {
    const { client, searches } = setup([pointing(501, RESULT)]);
    const ctl = new AbortController();
    const p = client.getEntriesByResourceUris([RES(11)], { inverse, signal: ctl.signal });
    ctl.abort();
    await assert.rejects(p, { name: 'AbortError' });
    const found = await client.getEntriesByResourceUris([RES(11)], { inverse });
    assert.ok(found.has(RES(501)));
    assert.equal(searches().length, 1);
  });
});
