/**
 * Issue 29 point 3: a catalog published through a SPARQL endpoint (`data-sparql-url`), read by the same blocks. The
 * endpoint here is Oxigraph (test/store/sparql-endpoint.ts) loaded with the demo catalog; the dev store loads the same
 * file. The SPARQL store asks ONE CONSTRUCT query (src/store/file/sparql.ts) and then answers every read itself: the
 * same datasets, in the same order for a sort, with the same metadata as the dev store; and says why when the
 * endpoint cannot answer.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { catalogFetch } from '../../src/store/file/file-store.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { and, rdfTypeClause, resourceClause } from '../../src/store/query.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { startStore } from './helpers.ts';
import { startSparqlEndpoint, type SparqlEndpoint } from './sparql-endpoint.ts';

/** The demo catalog with its `<N>` references to the dev store's own file entries made absolute (see file-store-answers). */
const DEMO_TTL = readFileSync(new URL('../../demo/catalog/demo-catalog.ttl', import.meta.url), 'utf8')
  .replace(/<(\d+)>/g, '<https://demo.catalog-blocks.example/file/$1>');
/** Its datasets, counted in the file without the project's code. */
const DATASETS_IN_FILE = DEMO_TTL.match(/\ba dcat:Dataset\b/g)!.length;

let endpoint: SparqlEndpoint;
let store: StoreServer;
before(async () => {
  endpoint = await startSparqlEndpoint(DEMO_TTL, 'https://demo.catalog-blocks.example/');
  store = await startStore([{ file: 'demo-catalog.ttl', text: DEMO_TTL }]);
});
after(async () => {
  await endpoint.close();
  await store.close();
});

type SearchJson = { results: number; resource: { children: { contextId: string; entryId: string; info: Record<string, Record<string, { value: string }[]>>; metadata: Record<string, Record<string, { value: string; type: string }[]>> }[] } };
const RESOURCE = 'http://entrystore.org/terms/resource';
const TITLE = `${NS.dcterms}title`;
const search = (query: string, rest = ''): string => `search?type=solr&query=${encodeURIComponent(query)}${rest}`;
const DATASETS = and(rdfTypeClause([`${NS.dcat}Dataset`]), 'public:true');

/** Resource URI and titles of each hit, in order. */
function hits(json: SearchJson): string[] {
  return json.resource.children.map((c) => {
    const uri = Object.values(c.info).map((g) => g[RESOURCE]?.[0]?.value).find(Boolean)!;
    return `${uri} ${(c.metadata[uri]?.[TITLE] ?? []).map((t) => t.value).sort().join(' | ')}`;
  });
}

/**
 * What may differ and means the same: the IRI each store mints for a blank-node distribution (`{store}1/resource/{n}`,
 * numbered in the order the store read them: the file's, the CONSTRUCT answer's) and the lexical form of a date-time
 * (Oxigraph, as SPARQL stores do, writes the canonical `…:00Z` for `…:00.000Z`).
 */
const same = (value: string): string => value.replace(/^.*\/1\/resource\/\d+$/, '{minted}').replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.0+(Z?)$/, '$1$2');

/**
 * A graph as sorted lines, one per triple of a subject that is not a blank node, a blank node object written out as
 * the sorted description it has (recursively): equal lines = isomorphic graphs for blank nodes in trees, as DCAT's are.
 */
function triples(graph: Record<string, Record<string, { value: string; type: string; lang?: string }[]>>): string[] {
  const describe = (subject: string, seen: Set<string>): string[] =>
    Object.entries(graph[subject] ?? {}).flatMap(([p, os]) => os.map((o) => `${p} ${object(o, seen)}`)).sort();
  const object = (o: { value: string; type: string; lang?: string }, seen: Set<string>): string =>
    o.type !== 'bnode' ? `${same(o.value)}${o.lang ? `@${o.lang}` : ''}` : seen.has(o.value) ? '[…]' : `[${describe(o.value, new Set([...seen, o.value])).join('; ')}]`;
  return Object.keys(graph).filter((s) => !s.startsWith('_:')).flatMap((s) => describe(s, new Set()).map((l) => `${s} ${l}`)).sort();
}

describe('the SPARQL store (issue 29 point 3)', () => {
  const base = () => `${endpoint.url}#sparql/`;

  test('one CONSTRUCT, then the datasets of the file, sorted as the dev store sorts them, each with its metadata', async () => {
    const read = catalogFetch(base());
    const sorted = `&limit=100&sort=${encodeURIComponent('title.en asc')}`;
    const fromSparql = (await (await read(`${base()}${search(DATASETS, sorted)}`)).json()) as SearchJson;
    const fromDev = (await (await fetch(`${store.url}${search(DATASETS, sorted)}`, { headers: { Accept: 'application/json' } })).json()) as SearchJson;
    assert.equal(fromSparql.results, DATASETS_IN_FILE);
    assert.deepEqual(hits(fromSparql), hits(fromDev));
    // every dataset's metadata as the dev store has it (its own triples and the blank nodes below them)
    for (const c of fromDev.resource.children) {
      const uri = Object.values(c.info).map((g) => g[RESOURCE]?.[0]?.value).find(Boolean)!;
      const found = (await (await read(`${base()}${search(and(resourceClause([uri]), 'public:true'))}`)).json()) as SearchJson;
      assert.equal(found.results, 1, uri);
      const sparqlEntry = found.resource.children[0]!;
      assert.deepEqual(triples(sparqlEntry.metadata), triples(c.metadata), uri);
    }
    assert.equal(endpoint.queries.length, 1, 'one query for every read');
    assert.match(endpoint.queries[0]!, /^PREFIX dcat:[\s\S]*CONSTRUCT/);
  });

  test('an endpoint that refuses the query, or is not there: the read fails saying so; the next read asks again', async () => {
    const wrong = `${endpoint.url.replace(/\/sparql$/, '/nothing')}#sparql/`;
    await assert.rejects(catalogFetch(wrong)(`${wrong}${search(DATASETS)}`), (e: Error) => {
      assert.equal(e.name, 'NetworkError');
      assert.match(e.message, /The SPARQL endpoint http:\/\/127\.0\.0\.1:\d+\/nothing could not answer the catalog query: it answered 400/);
      return true;
    });
    const down = 'http://127.0.0.1:9/sparql#sparql/';
    await assert.rejects(catalogFetch(down)(`${down}${search(DATASETS)}`), (e: Error) => {
      assert.equal(e.name, 'NetworkError');
      assert.match(e.message, /The SPARQL endpoint http:\/\/127\.0\.0\.1:9\/sparql could not be reached/);
      return true;
    });
  });
});
