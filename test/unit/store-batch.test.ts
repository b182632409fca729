import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { NS } from '../../src/rdf/namespaces.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { AbortError, HttpStatusError, NotFoundError } from '../../src/store/errors.ts';
import { RES, clauseValues, fakeStore, json, settle } from './store-fake.ts';

const uris = (from: number, count: number) => Array.from({ length: count }, (_, i) => RES(from + i));

function setup(options: { batchSize?: number; maxUrlLength?: number } = {}) {
  const fake = fakeStore();
  const client = new EntryStoreClient('https://data.example.org/store/', { fetch: fake.fetch, ...options });
  const searches = () => fake.requests.filter((r) => r.url.includes('/search?'));
  return { fake, client, searches };
}

// Any unhandled rejection during these tests is a bug in the batcher.
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  await settle();
  process.off('unhandledRejection', onUnhandled);
  assert.deepEqual(unhandled, [], 'no unhandled rejections');
});

describe('getEntriesByResourceUris batching', () => {
  test('30 URIs from 3 concurrent calls in one tick → 1 request with limit 30 (default batch size)', async () => {
    const { client, searches } = setup();
    const [a, b, c] = await Promise.all([
      client.getEntriesByResourceUris(uris(100, 10)),
      client.getEntriesByResourceUris(uris(110, 10)),
      client.getEntriesByResourceUris(uris(120, 10)),
    ]);
    assert.equal(searches().length, 1);
    const params = searches()[0]!.params;
    assert.equal(params.get('limit'), '30');
    assert.deepEqual(clauseValues(params.get('query')!, 'resource'), uris(100, 30));
    assert.match(params.get('query')!, /^public:true AND \(resource:\S+ OR resource:/);
    assert.deepEqual([...a.keys()], uris(100, 10));
    assert.deepEqual([...b.keys()], uris(110, 10));
    assert.deepEqual([...c.keys()], uris(120, 10));
    assert.equal(c.get(RES(125))?.entryId, '125');
  });

  test('batchSize 20 → the same 30 URIs go out as 2 requests (20 + 10), each with limit = its URI count', async () => {
    const { client, searches } = setup({ batchSize: 20 });
    const results = await Promise.all([
      client.getEntriesByResourceUris(uris(100, 10)),
      client.getEntriesByResourceUris(uris(110, 10)),
      client.getEntriesByResourceUris(uris(120, 10)),
    ]);
    assert.deepEqual(searches().map((r) => r.params.get('limit')), ['20', '10']);
    assert.deepEqual(searches().flatMap((r) => clauseValues(r.params.get('query')!, 'resource')), uris(100, 30));
    assert.deepEqual(results.map((m) => m.size), [10, 10, 10]);
  });

  test('batch size is capped at the store maximum of 100', async () => {
    const { client, searches } = setup({ batchSize: 500, maxUrlLength: Infinity });
    const found = await client.getEntriesByResourceUris(uris(1000, 150));
    assert.deepEqual(searches().map((r) => r.params.get('limit')), ['100', '50']);
    assert.equal(found.size, 150);
  });

  test('a batch whose URL would be too long is split further (default limit ≈ 7000 chars)', async () => {
    const long = setup({ batchSize: 100 });
    await long.client.getEntriesByResourceUris(uris(1000, 100));
    assert.ok(long.searches().length === 2 && long.searches().every((r) => r.url.length <= 7000));

    const { client, searches } = setup({ maxUrlLength: 1500 });
    const found = await client.getEntriesByResourceUris(uris(100, 30));
    assert.ok(searches().length > 1);
    for (const r of searches()) assert.ok(r.url.length <= 1500, `${r.url.length}`);
    assert.equal(found.size, 30);
  });

  test('cached URIs cost nothing, also the ones that are not entries', async () => {
    const { client, searches } = setup();
    const foreign = 'https://elsewhere.org/agent#me';
    const first = await client.getEntriesByResourceUris([...uris(100, 5), foreign]);
    assert.equal(first.size, 5);
    assert.equal(first.has(foreign), false);
    assert.equal(searches().length, 1);
    const again = await client.getEntriesByResourceUris([foreign, ...uris(100, 5).reverse()]);
    assert.equal(searches().length, 1);
    assert.deepEqual([...again.keys()], uris(100, 5).reverse());
    await assert.rejects(client.getEntryByResourceUri(foreign), NotFoundError);
    assert.equal((await client.getEntryByResourceUri(RES(102))).entryId, '102');
    assert.equal(searches().length, 1);
  });

  test('only the uncached URIs are requested; duplicates within and across calls go out once', async () => {
    const { client, searches } = setup();
    await client.getEntriesByResourceUris(uris(100, 3));
    await Promise.all([
      client.getEntriesByResourceUris([RES(100), RES(200), RES(200)]),
      client.getEntriesByResourceUris([RES(200), RES(201), RES(101)]),
    ]);
    assert.equal(searches().length, 2);
    assert.deepEqual(clauseValues(searches()[1]!.params.get('query')!, 'resource'), [RES(200), RES(201)]);
  });

  test('calls in different ticks while a batch is in flight join it instead of asking again', async () => {
    const { client, searches } = setup();
    const first = client.getEntriesByResourceUris(uris(100, 3));
    await new Promise((r) => setTimeout(r, 0)); // the batch has gone out
    const second = client.getEntriesByResourceUris([RES(101)]);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(searches().length, 1);
    assert.equal(a.get(RES(101)), b.get(RES(101)));
  });

  test('a landing page: the entry, then one batched lookup of everything it links to = 2 requests', async () => {
    const { fake, client } = setup();
    const dataset = await client.getEntry({ contextId: '7', entryId: '10' });
    const linked = [
      ...dataset.metadata.objects(dataset.resourceUri, `${NS.dcat}distribution`),
      ...dataset.metadata.objects(dataset.resourceUri, `${NS.dcterms}publisher`),
    ].map((t) => t.value);
    const [distributions, publisher] = await Promise.all([
      client.getEntriesByResourceUris(linked.slice(0, 2)),
      client.getEntriesByResourceUris(linked.slice(2)),
    ]);
    assert.equal(fake.requests.length, 2);
    assert.equal(distributions.get(RES(11))?.metadata.object(RES(11), `${NS.dcterms}format`)?.value, 'text/csv');
    assert.ok(distributions.get(RES(12))?.relations.has(RES(10), `${NS.dcat}distribution`, RES(12)));
    assert.equal(publisher.get(RES(40))?.entryId, '40');
  });

  test('aborting one caller rejects it with AbortError; the others still get their entries from the one request', async () => {
    const { client, searches } = setup();
    const controller = new AbortController();
    const aborted = client.getEntriesByResourceUris(uris(100, 10), { signal: controller.signal });
    const other = client.getEntriesByResourceUris(uris(105, 10));
    controller.abort();
    await assert.rejects(aborted, AbortError);
    const found = await other;
    assert.equal(found.size, 10);
    assert.equal(searches().length, 1);
    // the aborted caller's URIs were still fetched and cached
    await client.getEntriesByResourceUris(uris(100, 5));
    assert.equal(searches().length, 1);
  });

  test('an already-aborted signal rejects at once and queues nothing', async () => {
    const { client, searches } = setup();
    await assert.rejects(client.getEntriesByResourceUris(uris(100, 3), { signal: AbortSignal.abort() }), AbortError);
    await settle();
    assert.equal(searches().length, 0);
  });

  test('a failing batch rejects every caller with the typed error, and is tried again next time', async () => {
    const { fake, client, searches } = setup();
    const ok = fake.handler;
    fake.handler = () => json({ error: 'Search failed due to wrong parameters' }, 400);
    const results = await Promise.allSettled([
      client.getEntriesByResourceUris(uris(100, 2)),
      client.getEntriesByResourceUris(uris(102, 2)),
    ]);
    for (const r of results) assert.ok(r.status === 'rejected' && r.reason instanceof HttpStatusError && r.reason.status === 400);
    fake.handler = ok;
    assert.equal((await client.getEntriesByResourceUris(uris(100, 2))).size, 2);
    assert.equal(searches().length, 2);
  });

  test('when every caller aborted and the batch then fails, nothing is left unhandled', async () => {
    const { fake, client } = setup();
    let fail!: () => void;
    fake.handler = () => new Promise((_, reject) => (fail = () => reject(new TypeError('network down'))));
    const controllers = [new AbortController(), new AbortController()];
    const calls = controllers.map((c, i) => client.getEntriesByResourceUris(uris(100 + i * 3, 3), { signal: c.signal }));
    await new Promise((r) => setTimeout(r, 0));
    for (const c of controllers) c.abort();
    for (const call of calls) await assert.rejects(call, AbortError);
    fail();
    await settle(); // afterEach asserts no unhandled rejection
  });

  test('clearCache forgets resource lookups', async () => {
    const { client, searches } = setup();
    await client.getEntriesByResourceUris(uris(100, 2));
    client.clearCache();
    await client.getEntriesByResourceUris(uris(100, 2));
    assert.equal(searches().length, 2);
  });
});
