// The incumbent's core `list` (issue 26): what src/legacy/list.ts asks the store for and which entries it lists,
// against an in-memory store that records every call.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadListPage, type ListQuery } from '../../src/legacy/list.ts';
import { rdfTypesOf } from '../../src/search/settings.ts';
import type { CatalogStore, SearchRequest, StoreEntry } from '../../src/store/types.ts';
import { DCAT, DCT, entryOf, literal, STORE } from './template-helpers.ts';

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const dist = (n: number, modified: string, type = `${DCAT}Distribution`): StoreEntry => ({
  ...entryOf([[RDF_TYPE, type], [`${DCT}title`, literal(`Distribution ${n}`, { language: 'en' })]], `https://data.example.org/dist/${n}`),
  modified,
});

function storeWith(entries: StoreEntry[]) {
  const calls: { lookups: string[][]; searches: SearchRequest[] } = { lookups: [], searches: [] };
  const store: CatalogStore = {
    baseUrl: STORE,
    getEntry: () => Promise.reject(new Error('not used')),
    getEntryByResourceUri: () => Promise.reject(new Error('not used')),
    lookupByLiteral: () => Promise.reject(new Error('not used')),
    lookupByUri: () => Promise.reject(new Error('not used')),
    getEntriesByResourceUris: (uris) => {
      calls.lookups.push([...uris]);
      return Promise.resolve(new Map(entries.filter((e) => uris.includes(e.resourceUri)).map((e) => [e.resourceUri, e])));
    },
    search: (request) => {
      calls.searches.push(request);
      return Promise.resolve({ total: 1, offset: 0, limit: 10, entries: entries.slice(0, 1), facets: [] });
    },
  };
  return { store, calls };
}

const base: ListQuery = { rdfTypes: [], pageSize: 10, page: 1, lang: 'en', dependencies: [] };
const signal = new AbortController().signal;

describe('core list: relation', () => {
  const dists = [dist(1, '2024-01-01'), dist(2, '2025-01-01'), dist(3, '2023-01-01')];
  const dataset = entryOf([
    [`${DCAT}distribution`, dists[0]!.resourceUri], [`${DCAT}distribution`, dists[1]!.resourceUri], [`${DCAT}distribution`, dists[2]!.resourceUri],
    [`${DCAT}distribution`, 'https://data.example.org/dist/not-an-entry'], [`${DCT}publisher`, 'https://org.example/p'],
  ]);

  it('one batched lookup of the objects of the relation; rows newest first; objects that are no entry are left out', async () => {
    const { store, calls } = storeWith(dists);
    const page = await loadListPage(store, dataset, { ...base, relation: `${DCAT}distribution` }, signal);
    assert.equal(calls.lookups.length, 1);
    assert.equal(calls.searches.length, 0);
    assert.deepEqual(calls.lookups[0]!.sort(), [...dists.map((d) => d.resourceUri), 'https://data.example.org/dist/not-an-entry'].sort());
    assert.deepEqual(page.entries.map((e) => e.resourceUri), ['https://data.example.org/dist/2', 'https://data.example.org/dist/1', 'https://data.example.org/dist/3']);
    assert.equal(page.total, 3);
  });

  it('pages of `pageSize`, sortOrder "title", and rdftype narrows the related entries', async () => {
    const { store } = storeWith([...dists, dist(4, '2022-01-01', `${DCAT}Dataset`)]);
    const withFour = entryOf([...[1, 2, 3, 4].map((n) => [`${DCAT}distribution`, `https://data.example.org/dist/${n}`] as const)]);
    const second = await loadListPage(store, withFour, { ...base, relation: `${DCAT}distribution`, pageSize: 2, page: 2, sortOrder: 'title' }, signal);
    assert.deepEqual(second.entries.map((e) => e.resourceUri), ['https://data.example.org/dist/3', 'https://data.example.org/dist/4']);
    const typed = await loadListPage(store, withFour, { ...base, relation: `${DCAT}distribution`, rdfTypes: [`${DCAT}Distribution`] }, signal);
    assert.equal(typed.total, 3);
  });

  it('dependencyproperties: the entries the rows point to, in one more batched lookup', async () => {
    const withPublisher = { ...dist(5, '2024-01-01'), metadata: entryOf([[`${DCT}publisher`, 'https://org.example/p']], 'https://data.example.org/dist/5').metadata };
    const publisher = entryOf([[`http://xmlns.com/foaf/0.1/name`, literal('Org')]], 'https://org.example/p');
    const holder = entryOf([[`${DCAT}distribution`, 'https://data.example.org/dist/5']]);
    const { store, calls } = storeWith([withPublisher, publisher]);
    const page = await loadListPage(store, holder, { ...base, relation: `${DCAT}distribution`, dependencies: [`${DCT}publisher`] }, signal);
    assert.deepEqual(calls.lookups, [['https://data.example.org/dist/5'], ['https://org.example/p']]);
    assert.equal(page.related.get('https://org.example/p'), publisher);
  });
});

describe('core list: relationinverse and rdftype searches', () => {
  it('relationinverse: one search for entries pointing at the current entry (the predicate field), in the types', async () => {
    const current = entryOf([], 'https://data.example.org/ds/9');
    const pointing = entryOf([[`${DCT}source`, 'https://data.example.org/ds/9']], 'https://data.example.org/showcase/1');
    const { store, calls } = storeWith([pointing]);
    const page = await loadListPage(store, current, { ...base, inverse: `${DCT}source`, rdfTypes: ['https://example.org/Showcase'] }, signal);
    assert.equal(calls.searches.length, 1);
    assert.match(calls.searches[0]!.query, /metadata\.predicate\.uri\.[0-9a-f]{8}:https\\:\\\/\\\/data\.example\.org\\\/ds\\\/9/);
    assert.match(calls.searches[0]!.query, /rdfType:https\\:\\\/\\\/example\.org\\\/Showcase/);
    assert.deepEqual(page.entries, [pointing]);
  });

  it('without relation: the types in the contexts, newest first, paged by the store', async () => {
    const { store, calls } = storeWith([entryOf([])]);
    await loadListPage(store, undefined, { ...base, rdfTypes: rdfTypesOf('foaf:Agent, skos:Concept'), contexts: ['1'], pageSize: 5, page: 3 }, signal);
    const r = calls.searches[0]!;
    assert.equal(r.query, `(rdfType:http\\:\\/\\/xmlns.com\\/foaf\\/0.1\\/Agent OR rdfType:http\\:\\/\\/www.w3.org\\/2004\\/02\\/skos\\/core#Concept) AND context:https\\:\\/\\/store.example.org\\/store\\/1`);
    assert.equal(r.limit, 5);
    assert.equal(r.offset, 10);
    assert.equal(r.sort, 'modified desc');
  });

  it('rdftype values: comma lists and arrays, prefixed names expanded, non-IRIs dropped', () => {
    assert.deepEqual(rdfTypesOf(['dcat:DataService', 'dcat:DataService', 'nonsense']), [`${DCAT}DataService`]);
    assert.deepEqual(rdfTypesOf('foaf:Agent,https://example.org/T'), ['http://xmlns.com/foaf/0.1/Agent', 'https://example.org/T']);
  });
});
