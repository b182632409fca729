// Showcases and ideas of a dataset found by the inverse dcterms:source relation IN the landing page's one batched
// lookup (issue 9 point 7), against the dev store over HTTP with the real client.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { DCAT, DCT, startStore } from './helpers.ts';

const ES = 'http://entryscape.com/terms/';
const RESULT = `${ES}Result`;
const IDEA = `${ES}Idea`;
const TTL = `
@prefix dcat: <${DCAT}> . @prefix dcterms: <${DCT}> . @prefix esterms: <${ES}> . @prefix foaf: <http://xmlns.com/foaf/0.1/> .
<http://ex.org/ds/a> a dcat:Dataset ; dcterms:title "A"@en ; dcterms:publisher <http://ex.org/org/1> ; dcat:distribution <http://ex.org/dist/a1> .
<http://ex.org/ds/b> a dcat:Dataset ; dcterms:title "B"@en ; dcterms:source <http://ex.org/ds/a> .
<http://ex.org/dist/a1> a dcat:Distribution ; dcterms:title "CSV"@en .
<http://ex.org/org/1> a foaf:Organization ; foaf:name "Org" .
<http://ex.org/show/1> a esterms:Result ; dcterms:title "Map app"@en ; dcterms:source <http://ex.org/ds/a> ; foaf:page <https://app.example.org/> .
<http://ex.org/show/2> a esterms:Result ; dcterms:title "Report"@en ; dcterms:source <http://ex.org/ds/a>, <http://ex.org/ds/b> .
<http://ex.org/idea/1> a esterms:Idea ; dcterms:title "Combine with weather"@en ; dcterms:source <http://ex.org/ds/a> .
<http://ex.org/show/3> a esterms:Result ; dcterms:title "Other dataset's showcase"@en ; dcterms:source <http://ex.org/ds/b> .
<http://ex.org/show/4> a esterms:Result ; dcterms:title "Relation on a nested node only"@en ; dcterms:relation [ dcterms:source <http://ex.org/ds/a> ] .
<http://ex.org/show/5> a esterms:Result ; dcterms:title "Private showcase"@en ; dcterms:source <http://ex.org/ds/a> .
`;
const inverse = { predicate: `${DCT}source`, object: 'http://ex.org/ds/a', rdfTypes: [RESULT, IDEA] };

/** What EntryStore indexes for an entry a guest may not read: `public:false` (the dev store serves everything). */
function makePrivate(s: StoreServer, resourceUri: string): void {
  const doc = s.index.docs.find((d) => d?.entry.resourceUri === resourceUri);
  assert.ok(doc, resourceUri);
  s.index.overrideField(doc.entry, 'public', ['false']);
}

describe('inverse lookup against the dev store', () => {
  let s: StoreServer;
  let requests: string[];
  let client: EntryStoreClient;
  before(async () => {
    s = await startStore([{ file: 'extras.ttl', text: TTL }]);
    makePrivate(s, 'http://ex.org/show/5');
  });
  after(() => s.close());
  const fresh = () => {
    requests = [];
    client = new EntryStoreClient(s.url, {
      fetch: (input, init) => {
        requests.push(String(input));
        return fetch(input, init);
      },
    });
  };

  test('the dataset page: entry + ONE batched request holding its links, 2 showcases and 1 idea', async () => {
    fresh();
    const dataset = await client.getEntryByResourceUri('http://ex.org/ds/a');
    const found = await client.getEntriesByResourceUris(['http://ex.org/dist/a1', 'http://ex.org/org/1'], { inverse });
    assert.equal(requests.length, 2);
    assert.match(decodeURIComponent(requests[1]!), /query=public:true AND \(\(resource:.* OR resource:.*\) OR \(metadata\.predicate\.uri\.0db2db6b:/);
    assert.equal(dataset.resourceUri, 'http://ex.org/ds/a');
    assert.deepEqual([...found.keys()].sort(), [
      'http://ex.org/dist/a1', 'http://ex.org/idea/1', 'http://ex.org/org/1', 'http://ex.org/show/1', 'http://ex.org/show/2',
    ]);
  });

  test('not returned: showcases of other datasets, datasets pointing by dcterms:source, nested-node relations, private entries', async () => {
    fresh();
    const found = await client.getEntriesByResourceUris([], { inverse });
    assert.equal(requests.length, 1);
    assert.deepEqual([...found.keys()].sort(), ['http://ex.org/idea/1', 'http://ex.org/show/1', 'http://ex.org/show/2']);
    // The Solr clause alone matches the nested-node one (any subject): the client drops it.
    const raw = await client.search({ query: `metadata.predicate.uri.0db2db6b:http\\:\\/\\/ex.org\\/ds\\/a AND rdfType:http\\:\\/\\/entryscape.com\\/terms\\/Result` });
    assert.ok(raw.entries.some((e) => e.resourceUri === 'http://ex.org/show/4'));
    assert.ok(!raw.entries.some((e) => e.resourceUri === 'http://ex.org/show/5'), 'public:true keeps the private one out');
  });

  test('the other dataset: its own showcase, the shared one; a second identical call makes no request', async () => {
    fresh();
    const other = { ...inverse, object: 'http://ex.org/ds/b' };
    const found = await client.getEntriesByResourceUris([], { inverse: other });
    assert.deepEqual([...found.keys()].sort(), ['http://ex.org/show/2', 'http://ex.org/show/3']);
    const again = await client.getEntriesByResourceUris([], { inverse: other });
    assert.deepEqual([...again.keys()].sort(), ['http://ex.org/show/2', 'http://ex.org/show/3']);
    assert.equal(requests.length, 1);
  });
});
