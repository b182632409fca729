import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NS } from '../../src/rdf/namespaces.ts';
import { subjectsOf } from '../../src/rdf/graph.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { AbortError, BadPayloadError, HttpStatusError, NetworkError, NotFoundError, isAbort } from '../../src/store/errors.ts';
import { rdfTypeClause, uriField } from '../../src/store/query.ts';
import { RES, STORE, clauseValues, fakeStore, fixture, json } from './store-fake.ts';

const ref = { contextId: '7', entryId: '10' };

function setup(options: { timeoutMs?: number; batchSize?: number } = {}) {
  const fake = fakeStore();
  const client = new EntryStoreClient('https://data.example.org/store', { fetch: fake.fetch, ...options });
  return { fake, client };
}

describe('EntryStoreClient.getEntry', () => {
  test('requests {store}{ctx}/entry/{id}?includeAll&format=application/json with Accept JSON and no credentials', async () => {
    const { fake, client } = setup();
    assert.equal(client.baseUrl, STORE);
    await client.getEntry(ref);
    assert.equal(fake.requests.length, 1);
    const [req] = fake.requests;
    assert.equal(req!.url, `${STORE}7/entry/10?includeAll&format=application/json`);
    assert.equal(req!.init?.credentials, 'omit');
    assert.equal(new Headers(req!.init?.headers).get('Accept'), 'application/json');
    assert.equal(req!.init?.method ?? 'GET', 'GET');
    assert.ok(req!.init?.signal instanceof AbortSignal);
  });

  test('maps the entry response: ids and URIs, metadata/info/relations graphs, modified', async () => {
    const { client } = setup();
    const e = await client.getEntry(ref);
    assert.equal(e.contextId, '7'); // from the request: entry responses carry no contextId
    assert.equal(e.entryId, '10');
    assert.equal(e.entryUri, `${STORE}7/entry/10`);
    assert.equal(e.resourceUri, RES(10));
    assert.equal(e.modified, '2025-03-10T09:12:05.778+01:00');
    assert.equal(e.metadata.object(RES(10), `${NS.dcterms}title`)?.value, 'Badplatser');
    assert.equal(e.info.object(e.entryUri, `${NS.dcterms}creator`)?.value, `${STORE}_principals/resource/3`);
    assert.deepEqual(subjectsOf(e.relations, `${NS.dcat}dataset`, RES(10)).map((t) => t.value), [RES(1)]);
  });

  test('second call comes from the cache; concurrent calls share one request', async () => {
    const { fake, client } = setup();
    const [a, b] = await Promise.all([client.getEntry(ref), client.getEntry(ref)]);
    assert.equal(a, b);
    await client.getEntry(ref);
    assert.equal(fake.requests.length, 1);
    client.clearCache();
    await client.getEntry(ref);
    assert.equal(fake.requests.length, 2);
  });

  test('404 → NotFoundError', async () => {
    const { client } = setup();
    await assert.rejects(client.getEntry({ contextId: '7', entryId: '999' }), NotFoundError);
  });

  test('200 without metadata (not public) → NotFoundError; noAccessToMetadata too', async () => {
    const { fake, client } = setup();
    fake.handler = () => json(fixture('entry-7-10-no-metadata.json'));
    await assert.rejects(client.getEntry(ref), (e: unknown) => e instanceof NotFoundError && /no readable metadata/.test(e.message));
    fake.handler = () => json({ ...fixture('entry-7-10.json'), metadata: undefined, noAccessToMetadata: true });
    await assert.rejects(client.getEntry({ contextId: '7', entryId: '11' }), NotFoundError);
  });

  test('bad JSON → BadPayloadError naming the URL and what came back', async () => {
    const { fake, client } = setup();
    fake.handler = () => new Response('<html>Login</html>', { status: 200 });
    await assert.rejects(client.getEntry(ref), (e: unknown) => {
      assert.ok(e instanceof BadPayloadError);
      assert.match(e.message, /invalid JSON for https:\/\/data\.example\.org\/store\/7\/entry\/10/);
      assert.match(e.message, /<html>Login/);
      return true;
    });
  });

  test('malformed RDF/JSON → BadPayloadError naming the graph', async () => {
    const { fake, client } = setup();
    fake.handler = () => json({ ...fixture('entry-7-10.json'), metadata: { [RES(10)]: { [`${NS.dcterms}title`]: 'not an array' } } });
    await assert.rejects(client.getEntry(ref), (e: unknown) => {
      assert.ok(e instanceof BadPayloadError);
      assert.match(e.message, /Malformed RDF\/JSON in "metadata"/);
      assert.match(e.message, /must map to an array/);
      return true;
    });
  });

  test('HTTP 500 → HttpStatusError with status, URL and the store message', async () => {
    const { fake, client } = setup();
    fake.handler = () => json({ error: 'Solr search is deactivated' }, 503);
    await assert.rejects(client.getEntry(ref), (e: unknown) => {
      assert.ok(e instanceof HttpStatusError);
      assert.equal(e.status, 503);
      assert.equal(e.url, `${STORE}7/entry/10?includeAll&format=application/json`);
      assert.match(e.message, /Solr search is deactivated/);
      return true;
    });
    fake.handler = () => new Response('oops', { status: 500 });
    await assert.rejects(client.getEntry(ref), (e: unknown) => e instanceof HttpStatusError && e.status === 500);
  });

  test('network failure → NetworkError with the cause', async () => {
    const { fake, client } = setup();
    const cause = new TypeError('fetch failed');
    fake.handler = () => Promise.reject(cause);
    await assert.rejects(client.getEntry(ref), (e: unknown) => e instanceof NetworkError && e.cause === cause && /could not be reached/.test(e.message));
  });

  test('timeout → NetworkError (and the request is aborted)', async () => {
    const { fake, client } = setup({ timeoutMs: 10 });
    let requestSignal: AbortSignal | undefined;
    fake.handler = (req) =>
      new Promise((_, reject) => {
        requestSignal = req.init!.signal!;
        requestSignal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    await assert.rejects(client.getEntry(ref), (e: unknown) => e instanceof NetworkError && /did not answer within/.test(e.message) && !isAbort(e));
    assert.equal(requestSignal?.aborted, true);
  });

  test('a failed request is not cached: the next call tries again', async () => {
    const { fake, client } = setup();
    const ok = fake.handler;
    fake.handler = () => Promise.reject(new TypeError('offline'));
    await assert.rejects(client.getEntry(ref), NetworkError);
    fake.handler = ok;
    assert.equal((await client.getEntry(ref)).entryId, '10');
    assert.equal(fake.requests.length, 2);
  });

  test('abort → AbortError; an already-aborted signal sends nothing', async () => {
    const { fake, client } = setup();
    await assert.rejects(client.getEntry(ref, { signal: AbortSignal.abort() }), AbortError);
    assert.equal(fake.requests.length, 0);

    let requestSignal: AbortSignal | undefined;
    fake.handler = (req) =>
      new Promise((_, reject) => {
        requestSignal = req.init!.signal!;
        requestSignal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const controller = new AbortController();
    const pending = client.getEntry(ref, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    await assert.rejects(pending, (e: unknown) => e instanceof AbortError && isAbort(e));
    // the only caller left, so the request itself was cancelled
    assert.equal(requestSignal?.aborted, true);
  });

  test('one caller aborting does not cancel a request another caller still waits for', async () => {
    const { fake, client } = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ok = fake.handler;
    fake.handler = async (req) => {
      await gate;
      if (req.init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return ok(req);
    };
    const controller = new AbortController();
    const first = client.getEntry(ref, { signal: controller.signal });
    const second = client.getEntry(ref, { signal: new AbortController().signal });
    controller.abort();
    release();
    await assert.rejects(first, AbortError);
    assert.equal((await second).entryId, '10');
    assert.equal(fake.requests.length, 1);
  });
});

describe('EntryStoreClient.search', () => {
  test('maps children, totals and facets of the worked example search', async () => {
    const { fake, client } = setup();
    const result = await client.search({
      query: rdfTypeClause([`${NS.dcat}Dataset`]),
      limit: 10,
      facetFields: [uriField(`${NS.dcat}theme`), uriField(`${NS.dcterms}publisher`)],
    });
    assert.equal(result.total, 2);
    assert.equal(result.limit, 10);
    assert.equal(result.offset, 0);
    assert.deepEqual(result.entries.map((e) => [e.contextId, e.entryId, e.resourceUri]), [
      ['7', '20', RES(20)],
      ['7', '10', RES(10)],
    ]);
    assert.equal(result.entries[0]!.modified, '2025-04-02T14:05:47.093+02:00');
    assert.deepEqual(result.facets, [
      {
        name: 'metadata.predicate.uri.0ce6b231',
        values: [
          { name: 'http://publications.europa.eu/resource/authority/data-theme/ENVI', count: 2 },
          { name: 'http://publications.europa.eu/resource/authority/data-theme/TRAN', count: 1 },
        ],
      },
      {
        name: 'metadata.predicate.uri.9259d4c1',
        values: [
          { name: RES(40), count: 1 },
          { name: RES(41), count: 1 },
        ],
      },
    ]);
    const p = fake.requests[0]!.params;
    assert.equal(p.get('facetFields'), 'metadata.predicate.uri.0ce6b231,metadata.predicate.uri.9259d4c1');
    assert.match(p.get('query')!, /public:true/);
  });

  test('identical searches are cached; search hits also fill the entry cache', async () => {
    const { fake, client } = setup();
    await client.search({ query: 'title:bad' });
    await client.search({ query: 'title:bad' });
    assert.equal(fake.requests.length, 1);
    const e = await client.getEntry({ contextId: '7', entryId: '20' });
    assert.equal(e.resourceUri, RES(20));
    const byUri = await client.getEntriesByResourceUris([RES(10), RES(20)]);
    assert.equal(byUri.size, 2);
    assert.equal(fake.requests.length, 1);
  });

  test('the search cache keeps the latest 100 pages; older ones are asked again', async () => {
    const { fake, client } = setup();
    for (let page = 0; page <= 100; page++) await client.search({ query: 'title:bad', offset: page * 10 });
    assert.equal(fake.requests.length, 101);
    await client.search({ query: 'title:bad', offset: 1000 }); // newest: cached
    assert.equal(fake.requests.length, 101);
    await client.search({ query: 'title:bad', offset: 0 }); // oldest: evicted
    assert.equal(fake.requests.length, 102);
  });

  test('children without readable metadata are skipped; missing facetFields → []', async () => {
    const { fake, client } = setup();
    const body = fixture('search-datasets.json');
    delete body.resource.children[0].metadata;
    body.resource.children[0].noAccessToMetadata = true;
    delete body.facetFields;
    fake.handler = () => json(body);
    const r = await client.search({ query: 'title:x' });
    assert.deepEqual(r.entries.map((e) => e.entryId), ['10']);
    assert.deepEqual(r.facets, []);
  });

  test('wrong response shapes → BadPayloadError', async () => {
    const { fake, client } = setup();
    for (const body of [[], { resource: { children: {} } }, { resource: 'x' }, { resource: { children: [] }, facetFields: {} }]) {
      fake.handler = () => json(body);
      // failures are not cached, so the same query asks again each time
      await assert.rejects(client.search({ query: 'title:x' }), BadPayloadError, JSON.stringify(body));
    }
  });
});

describe('EntryStoreClient lookups', () => {
  test('getEntryByResourceUri: resource:<escaped> + public:true, limit 1', async () => {
    const { fake, client } = setup();
    const e = await client.getEntryByResourceUri(RES(11));
    assert.equal(e.entryId, '11');
    const p = fake.requests[0]!.params;
    assert.equal(p.get('limit'), '1');
    assert.equal(p.get('query'), 'public:true AND resource:https\\:\\/\\/data.example.org\\/store\\/7\\/resource\\/11');
    // cached by resource URI now
    await client.getEntryByResourceUri(RES(11));
    assert.equal(fake.requests.length, 1);
  });

  test('getEntryByResourceUri with contextId adds the context clause; no hit → NotFoundError', async () => {
    const { fake, client } = setup();
    await assert.rejects(client.getEntryByResourceUri('https://elsewhere.org/ds/1', { contextId: '7' }), NotFoundError);
    const q = fake.requests[0]!.params.get('query')!;
    assert.deepEqual(clauseValues(q, 'context'), [`${STORE}7`]);
    assert.deepEqual(clauseValues(q, 'resource'), ['https://elsewhere.org/ds/1']);
  });

  test('lookupByLiteral: dcterms:identifier by default, exact literal field, values with + = & : / survive', async () => {
    const { fake, client } = setup();
    const value = 'urn:x-id:a+b=c&d/e f';
    await client.lookupByLiteral(value);
    const q = fake.requests[0]!.params.get('query')!;
    assert.deepEqual(clauseValues(q, 'metadata.predicate.literal_s.9e8fc937'), [value]);
    assert.equal(fake.requests[0]!.params.get('limit'), '1');
    await client.lookupByLiteral('x', { predicate: `${NS.adms}identifier`, contextId: '7' });
    const q2 = fake.requests[1]!.params.get('query')!;
    assert.deepEqual(clauseValues(q2, 'metadata.predicate.literal_s.486a444f'), ['x']);
    assert.deepEqual(clauseValues(q2, 'context'), [`${STORE}7`]);
  });

  test('lookupByUri uses the uri field of the predicate; empty result → NotFoundError', async () => {
    const { fake, client } = setup();
    fake.handler = () => json({ resource: { children: [] }, results: 0, limit: 1, offset: 0, facetFields: [] });
    await assert.rejects(client.lookupByUri('https://ex.org/landing?x=1#top', `${NS.dcat}landingPage`), (e: unknown) => {
      return e instanceof NotFoundError && /landing/.test(e.message);
    });
    const q = fake.requests[0]!.params.get('query')!;
    assert.deepEqual(clauseValues(q, 'metadata.predicate.uri.3ea4d1b0'), ['https://ex.org/landing?x=1#top']);
  });

  test('a store with another configured host name: entry URI taken from the info graph', async () => {
    const fake = fakeStore();
    const client = new EntryStoreClient('http://localhost:8080/store/', { fetch: fake.fetch });
    fake.handler = () => json(fixture('entry-7-10.json'));
    const e = await client.getEntry(ref);
    assert.equal(e.entryUri, `${STORE}7/entry/10`);
    assert.equal(e.resourceUri, RES(10));
    assert.equal(e.modified, '2025-03-10T09:12:05.778+01:00');
    assert.equal(fake.requests[0]!.url, 'http://localhost:8080/store/7/entry/10?includeAll&format=application/json');
  });
});

describe('EntryStoreClient caches stay bounded (issue 13 point 3)', () => {
  test('after 3,000 other entries the first one is asked for again; within the bound it comes from the cache', async () => {
    const requests: string[] = [];
    const body = fixture('entry-7-10.json');
    const client = new EntryStoreClient(STORE, {
      fetch: async (input) => {
        requests.push(String(input));
        return json(body);
      },
    });
    // ids the fixture's own entry URI (…/7/entry/10) does not name
    const first = { contextId: '7', entryId: 'e1' };
    await client.getEntry(first);
    for (let id = 2; id <= 999; id++) await client.getEntry({ contextId: '7', entryId: `e${id}` });
    await client.getEntry(first);
    assert.equal(requests.length, 999, 'within the bound: no second request for the first entry');
    // each entry is kept under the URI built from base + ids and the fixture's own entry URI: 3,000 more evict it
    for (let id = 1000; id <= 4001; id++) await client.getEntry({ contextId: '7', entryId: `e${id}` });
    const before = requests.length;
    await client.getEntry(first);
    assert.equal(requests.length, before + 1, 'the oldest entry was dropped and is fetched again');
  });
});
