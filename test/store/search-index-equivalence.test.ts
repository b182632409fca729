/**
 * Issue 13.13: the indexed search (bitmaps from posting lists, cached sort orders, facet counts from posting lists)
 * answers exactly as the brute-force search it replaced (reference-search.ts): same results count, same page in the
 * same order, same facet values and counts, for negations, ranges, wildcards, phrases, OR with boosts (scores), sort
 * ties and missing values, pages at and past the end, facets with facetMissing / facetMinCount / facetMatches, on a
 * generated catalog large enough for both the small-hit-set and the large-hit-set paths — also after a change.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DevStore } from '../../src/catalog-engine/catalog.ts';
import { loadCatalogs } from '../../dev-store/load-catalogs.ts';
import { predicateHash } from '../../src/catalog-engine/search/fields.ts';
import { SearchIndex } from '../../src/catalog-engine/search/index.ts';
import { runSearch } from '../../src/catalog-engine/search/search.ts';
import type { Triple } from '../../src/rdf/graph.ts';
import { generateCatalog } from '../../scripts/generate-catalog.mjs';
import { FIXED_LOAD_TIME, localFixture } from './helpers.ts';
import { referenceSearch } from './reference-search.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const EU = 'http://publications.europa.eu/resource/authority/';
const uri = (p: string) => `metadata.predicate.uri.${predicateHash(p)}`;
const lit = (p: string) => `metadata.predicate.literal_s.${predicateHash(p)}`;
const rel = (f: string) => `related.${f}`;
const lt = (p: string) => `metadata.predicate.literal_t.${predicateHash(p)}`;
const ng = (p: string) => `metadata.predicate.literal.${predicateHash(p)}`;
const esc = (v: string) => v.replace(/[+\-&|!(){}[\]^"~*?:\\/\s]/g, (c) => `\\${c}`);
const DATASET = `rdfType:${esc(`${DCAT}Dataset`)}`;
const BASE_Q = `public:true AND ${DATASET}`;
const FACETS = [
  uri(`${DCAT}theme`), uri(`${DCT}publisher`), lit(`${DCT}format`), rel(lit(`${DCT}format`)), uri(`${DCT}format`), rel(uri(`${DCT}format`)),
  lit(`${DCAT}mediaType`), rel(lit(`${DCAT}mediaType`)), uri(`${DCAT}mediaType`), rel(uri(`${DCAT}mediaType`)),
  uri(`${DCT}license`), rel(uri(`${DCT}license`)), uri(`${DCT}accessRights`), lit(`${DCAT}keyword`),
].join(',');

interface Case {
  name: string;
  params: Record<string, string>;
}

const queries: [string, string][] = [
  ['all', '*:*'],
  ['public datasets', BASE_Q],
  ['one theme', `${BASE_Q} AND ${uri(`${DCAT}theme`)}:${esc(`${EU}data-theme/ENVI`)}`],
  ['two themes OR', `${BASE_Q} AND (${uri(`${DCAT}theme`)}:${esc(`${EU}data-theme/ENVI`)} OR ${uri(`${DCAT}theme`)}:${esc(`${EU}data-theme/TRAN`)})`],
  ['publisher + keyword', `${BASE_Q} AND ${uri(`${DCT}publisher`)}:${esc('https://dataportal.example.se/organization/3')} AND ${lit(`${DCAT}keyword`)}:vatten`],
  ['negation', `${BASE_Q} AND -${uri(`${DCAT}theme`)}:${esc(`${EU}data-theme/ENVI`)}`],
  ['NOT group', `${BASE_Q} AND (NOT ${uri(`${DCT}accessRights`)}:${esc(`${EU}access-right/PUBLIC`)})`],
  ['pure negative', `-${DATASET}`],
  ['date range', `${BASE_Q} AND modified:[2018-01-01T00:00:00Z TO 2020-12-31T23:59:59Z]`],
  ['open date range', `${BASE_Q} AND created:{* TO 2016-06-01T00:00:00Z}`],
  ['exists', `${BASE_Q} AND title.en:*`],
  ['exists (range, text, derived text)', `modified:[* TO *] AND (tag.literal.en:* OR description.en:[* TO *]) AND all:*`],
  ['not exists', `public:true AND -all:* AND -${uri(`${DCT}publisher`)}:*`],
  ['string wildcard', `resource:${esc('https://dataportal.example.se/dataset/1')}*`],
  ['string range', `resource:[https\\://dataportal.example.se/dataset/2 TO https\\://dataportal.example.se/dataset/3]`],
  ['ngram term', `${BASE_Q} AND (title:vatten OR description:vatten OR tag.literal:vatten)`],
  ['ngram short wildcard', `${BASE_Q} AND (title:lu* OR tag.literal:lu*)`],
  ['ngram inner wildcard', `title:*rafi*`],
  ['ngram wildcard inside', `title:vat*n OR tag.literal:?atten`],
  ['ngram wildcard over a space', `title:trafik\\ i*`],
  ['ngram two-letter prefix', `(title:om* OR description:om*) AND description:data`],
  ['ngram token with punctuation', `description:"stockholm," OR description:göteborg,`],
  ['ngram phrase', `description:"data om trafik"`],
  ['text token', `all:trafik`],
  ['text phrase', `metadata.object.literal:"data om"`],
  ['text wildcard', `all:vat*`],
  ['derived text fields (literal_t)', `${lt(`${DCT}title`)}:vatten OR ${rel(lt(`${DCT}title`))}:trafik OR ${lt(`${DCT}description`)}:"om luft"`],
  ['boosted OR (scores differ)', `${BASE_Q} AND (title:vatten^2.5 OR description:luft OR tag.literal:skola^0.3)`],
  ['boosted group', `(${DATASET} AND title:trafik)^3 OR (public:true AND tag.literal:buller)`],
  ['format literal OR uri', `${BASE_Q} AND (${rel(lit(`${DCT}format`))}:text\\/csv OR ${rel(uri(`${DCT}format`))}:${esc(`${EU}file-type/HTML`)} OR ${rel(lit(`${DCT}format`))}:CSV)`],
  ['no hits', `${BASE_Q} AND title:zzzzqqq`],
  ['entry and resource URIs', `uri:${esc('http://localhost:1/store/1/entry/3')} OR uri:${esc('http://localhost:1/store/1/entry/x')} OR uri:${esc('http://localhost:1/store/2/entry/2')} OR resource:${esc('https://dataportal.example.se/dataset/12')} OR resource:${esc('https://dataportal.example.se/distribution/12-1')} OR resource:nope`],
  ['title in one language', `title.sv:vatten OR title.en:*raffi* OR title.nolang:data OR title.sv:"data om" OR title.de:wasser`],
  ['object IRI of any predicate', `metadata.object.uri:${esc(`${EU}data-theme/ENVI`)} OR metadata.object.uri:${esc('https://dataportal.example.se/organization/3')}`],
  ['object IRI wildcard and range', `metadata.object.uri:*TRAN OR metadata.object.uri:[https\\://dataportal.example.se/organization/1 TO https\\://dataportal.example.se/organization/2]`],
  ['literal ngram fields', `${ng(`${DCT}title`)}:vatten OR ${rel(ng(`${DCT}format`))}:csv OR ${ng(`${DCAT}keyword`)}:lu* OR ${ng(`${DCT}description`)}:"data om"`],
  ['agents', `rdfType:${esc('http://xmlns.com/foaf/0.1/Organization')}`],
];

const sorts = [undefined, 'modified desc', 'metadata.object.uri asc, modified desc', 'modified asc', 'title.sv asc, title.nolang asc', 'title.en desc', 'created asc, title.sv desc',
  'score asc', 'modified desc, score desc', `${lit(`${DCT}identifier`)} asc`, `${uri(`${DCT}publisher`)} desc, modified asc`];

function cases(total: (q: string) => number): Case[] {
  const out: Case[] = [];
  for (const [name, query] of queries) {
    const n = total(query);
    out.push({ name: `${name}: first page with facets`, params: { query, limit: '10', sort: 'modified desc', facetFields: FACETS, facetLimit: '1000' } });
    for (const sort of sorts) {
      for (const offset of [0, 7, Math.max(0, n - 3), n, n + 5]) {
        out.push({ name: `${name}: sort ${sort ?? '(default)'} offset ${offset}`, params: { query, limit: '10', offset: String(offset), ...(sort ? { sort } : {}) } });
      }
    }
  }
  const q = queries[1]![1];
  out.push(
    { name: 'facetMissing, minCount 0, text/ngram/date/collation facets', params: { query: q, limit: '1', facetFields: `${FACETS},metadata.object.literal,tag.literal,modified,title_sort.sv,description.en,${lt(`${DCT}description`)},metadata.object.uri,title.sv,${ng(`${DCAT}keyword`)},${rel(ng(`${DCT}format`))}`, facetMissing: 'true', facetMinCount: '0' } },
    { name: 'facetMinCount 3, facetLimit 5', params: { query: q, limit: '1', facetFields: FACETS, facetMinCount: '3', facetLimit: '5' } },
    { name: 'facetMatches', params: { query: q, limit: '1', facetFields: lit(`${DCAT}keyword`), facetMatches: 'v.*' } },
    { name: 'facets over a small hit set, missing', params: { query: queries[4]![1], limit: '5', facetFields: `${FACETS},all`, facetMissing: 'true' } },
    { name: 'filterQuery', params: { query: q, limit: '10', sort: 'title.sv asc', facetFields: FACETS, filterQuery: [`${uri(`${DCAT}theme`)}:${esc(`${EU}data-theme/ENVI`)}`, 'title:i'].map(encodeURIComponent).join(',') } },
  );
  return out;
}

describe('indexed search = brute-force search (generated catalog)', () => {
  let store: DevStore;
  let index: SearchIndex;
  let file: string;
  const now = Date.UTC(2026, 0, 1);

  before(async () => {
    ({ file } = await generateCatalog({ datasets: 400, seed: 7, out: `${process.env.TMPDIR ?? '/tmp'}/equivalence-${process.pid}.nt` }));
    store = new DevStore('http://localhost:1/store/', FIXED_LOAD_TIME);
    await loadCatalogs(store, [file, localFixture('catalog.ttl')]);
    index = new SearchIndex(store);
  });
  after(() => rmSync(file, { force: true }));

  const check = async (c: Case): Promise<void> => {
    const params = new Map(Object.entries({ type: 'solr', ...c.params }));
    const ref = referenceSearch(index, params, now);
    const got = (await runSearch(store, index, params, 1000)).body as {
      results: number; resource: { children: { entryId: string; contextId: string }[] }; facetFields: unknown[];
    };
    assert.equal(got.results, ref.results, `${c.name}: results`);
    assert.deepEqual(
      got.resource.children.map((ch) => `${ch.contextId}/${ch.entryId}`),
      ref.page.map((d) => `${index.docs[d]!.entry.contextId}/${index.docs[d]!.entry.entryId}`),
      `${c.name}: page`,
    );
    assert.deepEqual(got.facetFields, ref.facetFields, `${c.name}: facets`);
  };

  test('the catalog is big enough for both paths (hit sets under and over the small-set thresholds)', () => {
    const datasets = referenceSearch(index, new Map([['query', BASE_Q], ['limit', '1']]), now).results;
    assert.ok(datasets >= 400 && index.capacity > 1000, `${datasets} datasets, ${index.capacity} docs`);
  });

  test('every query × sort × page × facet case', async () => {
    const total = (query: string) => referenceSearch(index, new Map([['query', query], ['limit', '100000']]), now).page.length;
    const all = cases(total);
    assert.ok(all.length > 500);
    for (const c of all) await check(c);
  });

  test('after a change (title and modified of one dataset): the cached bitmaps and sort orders follow', async () => {
    const entry = [...store.entries()].find((e) => e.resourceUri === 'https://dataportal.example.se/dataset/17')!;
    const res = { termType: 'NamedNode' as const, value: entry.resourceUri };
    const metadata: Triple[] = entry.metadata.filter((t) => t.predicate !== `${DCT}title` && t.predicate !== `${DCT}modified`);
    metadata.push(
      { subject: res, predicate: `${DCT}title`, object: { termType: 'Literal', value: 'Aaaa först', language: 'sv' } },
      { subject: res, predicate: `${DCT}modified`, object: { termType: 'Literal', value: '2030-01-01', datatype: 'http://www.w3.org/2001/XMLSchema#date' } },
    );
    // warm the caches first
    const termQuery = `${BASE_Q} AND (title:först OR description:först OR ${ng(`${DCT}title`)}:aaaa)`;
    await check({ name: 'warm', params: { query: termQuery, limit: '3' } });
    await check({ name: 'warm', params: { query: BASE_Q, limit: '3', sort: 'title.sv asc', facetFields: FACETS } });
    await check({ name: 'warm', params: { query: BASE_Q, limit: '3', sort: 'modified desc' } });
    store.setMetadata(entry, metadata, new Date('2030-01-01T00:00:00Z'));
    await check({ name: 'after change, term', params: { query: termQuery, limit: '3' } });
    assert.equal(referenceSearch(index, new Map([['query', termQuery], ['limit', '3']]), now).results, 1);
    for (const sort of ['title.sv asc', 'modified desc', 'modified asc']) {
      await check({ name: `after change, ${sort}`, params: { query: BASE_Q, limit: '3', sort, facetFields: FACETS } });
    }
    const first = (await runSearch(store, index, new Map([['type', 'solr'], ['query', BASE_Q], ['limit', '1'], ['sort', 'title.sv asc']]))).body as {
      resource: { children: { entryId: string }[] };
    };
    assert.equal(first.resource.children[0]!.entryId, entry.entryId);
  });
});
