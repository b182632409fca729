/**
 * Issue 29: a second page view of a catalog file starts from what the first built. The file is asked for again (the
 * cache is never trusted without the server), and when its validator (ETag, else Last-Modified) is the cached one,
 * the triples come from the cache instead of a parse. (Node's fetch has no HTTP cache, so it asks unconditionally.) Answers must be the same bytes as a fresh open's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { DEMO_CATALOG } from '../e2e/harness.ts';
import { openCatalog, STORE_BUILT_MARK, type CatalogProgress } from '../../src/store/file/open-catalog.ts';
import type { CachedAnswers, CachedCatalog, CatalogCache } from '../../src/store/file/cache.ts';

const DEMO = readFileSync(DEMO_CATALOG, 'utf8');

/** A cache in memory (Node has no IndexedDB): what was written, read back as a structured clone would. */
function memoryCache(): CatalogCache & { entries: Map<string, CachedCatalog>; answers: Map<string, CachedAnswers>; changed(): Promise<void>; answered(): Promise<void> } {
  const entries = new Map<string, CachedCatalog>();
  const answers = new Map<string, CachedAnswers>();
  let toldAnswers: (() => void) | undefined;
  // the file store writes after it has answered "ready": a test waits for the write (or drop)
  let told: (() => void) | undefined;
  const tell = () => told?.();
  return {
    entries,
    answers,
    changed: () => new Promise<void>((resolve) => (told = resolve)),
    answered: () => new Promise<void>((resolve) => (toldAnswers = resolve)),
    read: async (url) => (entries.has(url) ? structuredClone(entries.get(url)) : undefined),
    // as IndexedDB does it: a new version of the triples drops the answers of the old
    write: async (c) => void (entries.set(c.url, structuredClone(c)), answers.delete(c.url), tell()),
    drop: async (url) => void (entries.delete(url), answers.delete(url), tell()),
    readAnswers: async (url) => (answers.has(url) ? structuredClone(answers.get(url)) : undefined),
    writeAnswers: async (a) => void (entries.has(a.url) && answers.set(a.url, structuredClone(a)), toldAnswers?.()),
  };
}

interface Host {
  origin: string;
  seen: IncomingHttpHeaders[];
  file: { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** Answers a conditional GET as a static server does: 304 when If-None-Match / If-Modified-Since match. */
async function startHost(): Promise<Host> {
  const host = { seen: [] as IncomingHttpHeaders[], file: { body: DEMO, headers: { etag: '"v1"' } as Record<string, string> } } as Host;
  const server: Server = createServer((req, res) => {
    host.seen.push(req.headers);
    const { etag, 'last-modified': lm } = host.file.headers;
    if ((etag && req.headers['if-none-match'] === etag) || (!etag && lm && req.headers['if-modified-since'] === lm)) {
      res.writeHead(304, host.file.headers).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/turtle', ...host.file.headers }).end(host.file.body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const a = server.address();
  host.origin = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  host.close = () => new Promise((done) => server.close(() => done()));
  return host;
}

/** The performance mark the file store sets when it has built a store (from the file or from kept triples). */
const STORE_BUILT = STORE_BUILT_MARK;

const SEARCH = 'search?type=solr&query=rdfType:http%5C%3A%2F%2Fwww.w3.org%2Fns%2Fdcat%23Dataset+AND+public:true&limit=5&facetFields=metadata.object.uri&sort=modified+desc';

async function answers(get: Awaited<ReturnType<typeof openCatalog>>, base: string): Promise<string[]> {
  const search = await get(base + SEARCH);
  const first = (search.body as { resource: { children: { contextId: string; entryId: string }[] } }).resource.children[0]!;
  const entry = await get(`${base}${first.contextId}/entry/${first.entryId}?includeAll`);
  return [JSON.stringify(search.body), JSON.stringify(entry.body)];
}

describe('file store cache', () => {
  let host: Host;
  before(async () => {
    host = await startHost();
  });
  after(() => host.close());

  test('a second open with the same ETag answers from the cache, byte for byte as the first', async () => {
    const url = `${host.origin}/same.ttl`;
    const base = `${url}#store/`;
    const cache = memoryCache();
    const written = cache.changed();
    const fresh = await answers(await openCatalog({ file: url }, () => {}, cache), base);
    await written;
    assert.equal(cache.entries.get(url)?.validator, '"v1"');
    const phases: CatalogProgress['phase'][] = [];
    const asked = host.seen.length;
    const again = await answers(await openCatalog({ file: url }, (p) => phases.push(p.phase), cache), base);
    // the server was asked again (a browser asks conditionally from its HTTP cache: test/e2e/file-store-cache.test.ts)
    assert.equal(host.seen.length, asked + 1);
    assert.ok(!phases.includes('parse') && !phases.includes('download'), `phases: ${phases.join()}`);
    assert.match(fresh[0]!, /"results":13/);
    assert.deepEqual(again, fresh);
  });

  test('a second open with the same ETag answers the reads of the first from the kept answers, before building the store', async () => {
    const url = `${host.origin}/answers.ttl`;
    const base = `${url}#store/`;
    const cache = memoryCache();
    const answered = cache.answered();
    const fresh = await answers(await openCatalog({ file: url }, () => {}, cache), base);
    await answered;
    assert.equal(cache.answers.get(url)?.validator, '"v1"');
    assert.equal(cache.answers.get(url)?.answers.length, 2);

    const built = () => performance.getEntriesByName(STORE_BUILT).length;
    const before = built();
    const get = await openCatalog({ file: url }, () => {}, cache);
    const again = await answers(get, base);
    assert.deepEqual(again, fresh);
    // answered from the answers kept: no store was built for them
    assert.equal(built(), before);
    // a read the first open did not make waits for the store, and is answered by it
    const other = await get(`${base}search?type=solr&query=title:bees+AND+public:true&limit=1`);
    assert.equal(built(), before + 1);
    assert.match(JSON.stringify(other.body), /The population of bees/);
  });

  test('kept answers are not given for a changed file (new ETag)', async () => {
    const url = `${host.origin}/answers-changed.ttl`;
    const base = `${url}#store/`;
    const all = `${base}search?type=solr&query=rdfType:http%5C%3A%2F%2Fwww.w3.org%2Fns%2Fdcat%23Dataset+AND+public:true&limit=20`;
    const cache = memoryCache();
    const answered = cache.answered();
    assert.match(JSON.stringify((await (await openCatalog({ file: url }, () => {}, cache))(all)).body), /The population of bees/);
    await answered;
    host.file = { body: DEMO.replace('The population of bees', 'The population of wasps'), headers: { etag: '"v2"' } };
    try {
      const written = cache.changed();
      const search = JSON.stringify((await (await openCatalog({ file: url }, () => {}, cache))(all)).body);
      assert.match(search, /The population of wasps/);
      assert.doesNotMatch(search, /The population of bees/);
      await written;
      assert.notEqual(cache.answers.get(url)?.validator, '"v1"');
    } finally {
      host.file = { body: DEMO, headers: { etag: '"v1"' } };
    }
  });

  test('a changed file (new ETag) is parsed again and replaces the cached one', async () => {
    const url = `${host.origin}/changed.ttl`;
    const cache = memoryCache();
    let written = cache.changed();
    await openCatalog({ file: url }, () => {}, cache);
    await written;
    host.file = { body: DEMO.replace('The population of bees', 'The population of wasps'), headers: { etag: '"v2"' } };
    try {
      const phases: string[] = [];
      written = cache.changed();
      const get = await openCatalog({ file: url }, (p) => phases.push(p.phase), cache);
      await written;
      assert.ok(phases.includes('parse'));
      assert.equal(cache.entries.get(url)?.validator, '"v2"');
      const search = await get(`${url}#store/search?type=solr&query=title:wasps+AND+public:true&limit=1`);
      assert.match(JSON.stringify(search.body), /The population of wasps/);
    } finally {
      host.file = { body: DEMO, headers: { etag: '"v1"' } };
    }
  });

  test('Last-Modified is the validator when there is no ETag; no validator, no cache', async () => {
    const url = `${host.origin}/dated.ttl`;
    const cache = memoryCache();
    host.file = { body: DEMO, headers: { 'last-modified': 'Tue, 01 Sep 2026 10:00:00 GMT' } };
    try {
      let written = cache.changed();
      await openCatalog({ file: url }, () => {}, cache);
      await written;
      assert.equal(cache.entries.get(url)?.validator, 'Tue, 01 Sep 2026 10:00:00 GMT');
      const phases: string[] = [];
      await openCatalog({ file: url }, (p) => phases.push(p.phase), cache);
      assert.ok(!phases.includes('parse'));
      host.file = { body: DEMO, headers: {} };
      written = cache.changed();
      await openCatalog({ file: url }, () => {}, cache);
      await written;
      assert.equal(cache.entries.has(url), false);
    } finally {
      host.file = { body: DEMO, headers: { etag: '"v1"' } };
    }
  });

  test('a cache that fails (IndexedDB refused) only means a fresh open', async () => {
    const url = `${host.origin}/broken-cache.ttl`;
    const broken: CatalogCache = {
      read: () => Promise.reject(new Error('QuotaExceededError')),
      write: () => Promise.reject(new Error('QuotaExceededError')),
      drop: () => Promise.reject(new Error('QuotaExceededError')),
      readAnswers: () => Promise.reject(new Error('QuotaExceededError')),
      writeAnswers: () => Promise.reject(new Error('QuotaExceededError')),
    };
    const get = await openCatalog({ file: url }, () => {}, broken);
    assert.match(JSON.stringify((await get(`${url}#store/${SEARCH}`)).body), /"results":13/);
  });
});
