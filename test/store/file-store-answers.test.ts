/**
 * Issue 29: a DCAT file read by the file store answers the store client's reads exactly as the dev store answers them
 * over HTTP for the same file (the same engine behind both; src/catalog-engine/answer.ts): searches with facets, sorts,
 * free text and paging, resource lookups, and every entry. And a file that cannot be a store fails with what is wrong.
 * Here in Node, the file store runs in the page-thread fallback (no Worker); the e2e tests run its worker in Chromium.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { catalogFetch } from '../../src/store/file/file-store.ts';
import { and, field, literalField, rdfTypeClause, resourceClause, uriField } from '../../src/store/query.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { FIXED_LOAD_TIME, startStore } from './helpers.ts';

const DEMO = new URL('../../demo/catalog/demo-catalog.ttl', import.meta.url).pathname;
/**
 * The demo catalog, its `<N>` references to the dev store's own uploaded file entries made absolute (they resolve
 * against the loading store's `{store}1/resource/`, a convention of the dev store's demo; in a published file a
 * relative IRI resolves against the file, as RDF says). Its `</rowstore/…>` links stay relative: both resolve them
 * against their own origin.
 */
const DEMO_TTL = readFileSync(DEMO, 'utf8').replace(/<(\d+)>/g, '<https://demo.catalog-blocks.example/file/$1>');

type Served = { status?: number; headers?: Record<string, string>; body: string };
let files: Record<string, Served> = {};
let host: Server;
let hostUrl: string;
let store: StoreServer;

before(async () => {
  host = createServer((req, res) => {
    const f = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!f) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(f.status ?? 200, { 'content-type': 'text/turtle', ...f.headers }).end(f.body);
  });
  await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
  const a = host.address();
  hostUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  // the text, not the path: no `files/` beside it, so the dev store seeds no uploaded files (a file store has none)
  store = await startStore([{ file: 'demo-catalog.ttl', text: DEMO_TTL }]);
});
after(async () => {
  await new Promise((done) => host.close(done));
  await store.close();
});

/** The same read of both stores, as JSON text with each store's base URL replaced by `{store}`. */
async function both(fileBase: string, read: string): Promise<[string, string]> {
  const dev = await fetch(`${store.url}${read}`, { headers: { Accept: 'application/json' } });
  const fromFile = await catalogFetch(fileBase)(`${fileBase}${read}`);
  assert.equal(fromFile.status, dev.status, read);
  // compared as JSON values (the dev store indents its answers)
  // and relative IRIs of the file resolve against where it was read: the store's origin, the file's
  const text = async (r: Response, base: string) =>
    JSON.stringify(JSON.parse(sameLabels((await r.text()).replaceAll(base, '{store}').replaceAll(new URL(base).origin, '{origin}'))));
  return [await text(dev, store.url), await text(fromFile, fileBase)];
}

/** Blank node labels numbered by first appearance: n3 numbers them per process, not per parse. */
function sameLabels(json: string): string {
  const labels = new Map<string, string>();
  return json.replace(/c1_[\w-]+/g, (l) => labels.get(l) ?? (labels.set(l, `c1_b${labels.size}`), `c1_b${labels.size - 1}`));
}

const search = (query: string, rest = ''): string => `search?type=solr&query=${encodeURIComponent(query)}${rest}`;
const DATASETS = and(rdfTypeClause([`${NS.dcat}Dataset`, `${NS.dcat}DatasetSeries`]), 'public:true');
const FACETS = `&facetFields=${encodeURIComponent([uriField(`${NS.dcat}theme`), uriField(`${NS.dcterms}publisher`), uriField(`${NS.dcterms}license`), literalField(`${NS.dcat}keyword`)].join(','))}&facetLimit=100`;

describe('the file store answers as the dev store (issue 29)', () => {
  test('searches: facets and counts, sorts, free text, paging, resource lookups; then every entry', async () => {
    files = { '/demo.ttl': { body: DEMO_TTL, headers: { 'last-modified': FIXED_LOAD_TIME.toUTCString() } } };
    const base = `${hostUrl}/demo.ttl#store/`;
    const reads = [
      search(DATASETS, `&limit=5&sort=${encodeURIComponent('modified desc')}${FACETS}`),
      search(DATASETS, `&limit=5&offset=5&sort=${encodeURIComponent('title.en asc')}`),
      search(and(DATASETS, field('title', 'bees')), FACETS),
      search(and(DATASETS, `(${field('title', 'pop*')} OR ${field('description.en', 'population')})`)),
      search(and(DATASETS, field(uriField(`${NS.dcat}theme`), 'http://publications.europa.eu/resource/authority/data-theme/ECON')), FACETS),
      search('public:true AND title:(', ''),
    ];
    const first = JSON.parse((await both(base, reads[0]!))[0]) as { results: number; resource: { children: { contextId: string; entryId: string }[] } };
    assert.equal(first.results, 14, 'the demo catalog has 14 datasets and series');
    for (const read of reads) {
      const [dev, file] = await both(base, read);
      assert.equal(file, dev, read);
    }
    const all = JSON.parse((await both(base, search('public:true', '&limit=100')))[0]) as { resource: { children: { contextId: string; entryId: string; info: Record<string, unknown> }[] } };
    assert.ok(all.resource.children.length > 30, 'datasets, distributions, agents…');
    for (const c of all.resource.children) {
      const [dev, file] = await both(base, `${c.contextId}/entry/${c.entryId}?includeAll&format=application/json`);
      assert.equal(file, dev, `entry ${c.contextId}/${c.entryId}`);
    }
    const resource = 'https://demo.catalog-blocks.dev/dataset/bees';
    const [dev, file] = await both(base, search(and(resourceClause([resource]), 'public:true')));
    assert.equal(file, dev);
    assert.match(file, /"results":\s*[01]/);
  });

  const failures: [string, Served, RegExp, string][] = [
    ['a 404', { status: 404, body: 'gone' }, /could not be fetched: the server answered 404/, 'NetworkError'],
    ['an HTML page', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><p>Oops' }, /is an HTML page, not RDF/, 'BadPayloadError'],
    ['text that is not Turtle', { body: 'this is not a catalog' }, /is not readable RDF \(line 1, column 1\): Turtle syntax error: Unexpected "this"/, 'BadPayloadError'],
    ['Turtle cut in the middle of a triple', { body: DEMO_TTL.slice(0, Math.floor(DEMO_TTL.length / 2)) }, /is not readable RDF \(line \d+, column \d+\): Turtle syntax error/, 'BadPayloadError'],
    ['a file said to be 200 MB', { headers: { 'content-length': String(200 * 1024 * 1024) }, body: '' }, /is larger than 50 MB: serve a catalog this size from a metadata store/, 'BadPayloadError'],
  ];
  for (const [name, served, message, kind] of failures) {
    test(`${name}: the read fails with ${kind} saying why; the next read opens the file again`, async () => {
      const path = `/fault-${name.replace(/\W+/g, '-')}.ttl`;
      files = { [path]: served };
      const base = `${hostUrl}${path}#store/`;
      const read = catalogFetch(base);
      await assert.rejects(read(`${base}${search(DATASETS)}`), (e: Error) => {
        assert.equal(e.name, kind);
        assert.match(e.message, message);
        assert.ok(e.message.includes(`${hostUrl}${path}`), e.message);
        return true;
      });
      // the publisher fixes the file: "Try again" reads it
      files = { [path]: { body: DEMO_TTL } };
      const ok = await read(`${base}${search(DATASETS)}`);
      assert.equal(((await ok.json()) as { results: number }).results, 14);
    });
  }
});
