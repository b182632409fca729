// Issue 8 points 7, 8, 10 at the engine level: malformed search answers are errors (never an empty catalog), a
// search 404 is a wrong store (not "no hits"), no failure is cached (a retry asks the store again) and page numbers
// from the URL are safe integers (never an exponent offset).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { searchResultFromJson } from '../../src/store/entry-json.ts';
import { BadPayloadError, HttpStatusError, NotFoundError } from '../../src/store/errors.ts';
import { buildSearchRequest } from '../../src/search/query.ts';
import { readState } from '../../src/search/url.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { MAX_PAGE, clampPage } from '../../src/search/types.ts';
import { RES, STORE, fakeStore, fixture, json } from './store-fake.ts';

const ref = { contextId: '7', entryId: '10' };

describe('search answers that are not a search result', () => {
  const good = () => structuredClone(fixture('search-datasets.json')) as Record<string, unknown>;

  for (const [name, body] of [
    ['resource missing', () => { const b = good(); delete b.resource; return b; }],
    ['resource null', () => ({ ...good(), resource: null })],
    ['children not an array', () => ({ ...good(), resource: { children: { 0: 1 } } })],
    ['children missing', () => ({ ...good(), resource: {} })],
    ['results missing', () => { const b = good(); delete b.results; return b; }],
    ['results not a number', () => ({ ...good(), results: 'many' })],
    ['null', () => null],
    ['an array', () => []],
  ] as const) {
    test(`${name} → BadPayloadError (not an empty result)`, () => {
      assert.throws(() => searchResultFromJson(body(), STORE), BadPayloadError);
    });
  }

  test('a well-formed answer with 0 results is an empty result', () => {
    const r = searchResultFromJson({ resource: { children: [] }, results: 0, limit: 10, offset: 0, facetFields: [] }, STORE);
    assert.equal(r.total, 0);
    assert.deepEqual(r.entries, []);
  });
});

describe('store client: faults are errors and never cached', () => {
  test('search answering 404 (wrong store path) → HttpStatusError 404, not NotFoundError', async () => {
    const fake = fakeStore();
    fake.handler = () => json({ error: 'There is no resource at this URI.' }, 404);
    const client = new EntryStoreClient(STORE, { fetch: fake.fetch });
    await assert.rejects(client.search({ query: '*:*', limit: 10 }), (e: unknown) => e instanceof HttpStatusError && e.status === 404);
  });

  test('an entry 404 is still NotFoundError', async () => {
    const fake = fakeStore();
    const client = new EntryStoreClient(STORE, { fetch: fake.fetch });
    await assert.rejects(client.getEntry({ contextId: '7', entryId: '999' }), NotFoundError);
  });

  for (const [name, bad] of [
    ['garbage JSON', () => new Response('{"resource": [}', { status: 200 })],
    ['empty body', () => new Response('', { status: 200 })],
    ['null', () => json(null)],
    ['resource missing', () => json({ results: 14, limit: 10, offset: 0, facetFields: [] })],
    ['500', () => json({ error: 'fault' }, 500)],
    ['HTML error page with 200', () => new Response('<!doctype html><p>Bad gateway</p>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
  ] as const) {
    test(`search, ${name}: fails, and the next call asks the store again and succeeds`, async () => {
      const fake = fakeStore();
      const normal = fake.handler;
      let failing = true;
      fake.handler = (req) => (failing ? bad() : normal(req));
      const client = new EntryStoreClient(STORE, { fetch: fake.fetch });
      await assert.rejects(client.search({ query: '*:*', limit: 10 }));
      failing = false;
      const result = await client.search({ query: '*:*', limit: 10 });
      assert.ok(result.entries.length > 0);
      assert.equal(fake.requests.length, 2);
    });

    test(`entry and batched lookup, ${name}: the failure is not cached`, async () => {
      const fake = fakeStore();
      const normal = fake.handler;
      let failing = true;
      fake.handler = (req) => (failing ? bad() : normal(req));
      const client = new EntryStoreClient(STORE, { fetch: fake.fetch });
      await assert.rejects(client.getEntry(ref));
      await assert.rejects(client.getEntriesByResourceUris([RES(11), RES(12)]));
      failing = false;
      assert.equal((await client.getEntry(ref)).entryId, '10');
      assert.equal((await client.getEntriesByResourceUris([RES(11), RES(12)])).size, 2);
    });
  }
});

describe('search scope: a failed search is retried for real', () => {
  test('refresh() after an error asks the store again and becomes ready', async () => {
    const fake = fakeStore();
    const normal = fake.handler;
    let failing = true;
    fake.handler = (req) => (failing ? json({ results: 3 }) : normal(req));
    const store = new EntryStoreClient(STORE, { fetch: fake.fetch });
    const scope = new SearchScope({ store });
    scope.configure({ types: ['dataset'], pageSize: 10, lang: 'en' });
    await scope.settled();
    assert.equal(scope.status, 'error');
    assert.ok(scope.error instanceof BadPayloadError);
    failing = false;
    scope.refresh();
    await scope.settled();
    assert.equal(scope.status, 'ready');
    assert.ok((scope.results?.rows.length ?? 0) > 0);
    scope.dispose();
  });
});

describe('page numbers from the URL', () => {
  const pageOf = (value: string) => readState(new URL(`https://x.example/p?esc_page=${value}`)).page;

  test('junk is page 1', () => {
    for (const junk of ['-3', 'abc', '1.5', '', '0', '1e3', '0x10', ' ', '%2B5', 'Infinity', 'NaN']) assert.equal(pageOf(junk), 1, junk);
  });

  test('ordinary pages are kept', () => {
    assert.equal(pageOf('2'), 2);
    assert.equal(pageOf('007'), 7);
  });

  test('a huge page is capped to a safe page (then clamped to the last page by the scope)', () => {
    assert.equal(pageOf('99999999999999999999'), MAX_PAGE);
    assert.equal(pageOf('9007199254740993'), MAX_PAGE);
    assert.equal(clampPage(1e21), MAX_PAGE);
    assert.equal(clampPage(Number.NaN), 1);
  });

  test('the request offset is always a plain integer', () => {
    const settings = { types: ['dataset'] as const, pageSize: 10, facets: [], lang: 'en' } as const;
    for (const page of [1e21, 99999999999999999999, Number.MAX_VALUE, 2.5, -1, Number.NaN]) {
      const req = buildSearchRequest({ terms: [], filters: {}, page }, { ...settings, types: [...settings.types], facets: [] });
      const offset = req.offset ?? 0;
      assert.ok(Number.isSafeInteger(offset) && offset >= 0, `offset ${offset} for page ${page}`);
      assert.match(String(offset), /^\d+$/);
    }
  });

  test('the store URL never carries an exponent offset', () => {
    const client = new EntryStoreClient(STORE, { fetch: fakeStore().fetch });
    const req = buildSearchRequest(readState(new URL('https://x.example/p?esc_page=99999999999999999999')), {
      types: ['dataset'], pageSize: 10, facets: [], lang: 'en',
    });
    const offset = new URL(client.searchUrl(req)).searchParams.get('offset');
    assert.match(offset ?? '', /^\d+$/);
  });
});
