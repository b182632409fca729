import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { predicateHash } from '../../src/catalog-engine/search/fields.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { DCAT, DCT, esc, getJson, localFixture, searchUrl, startStore } from './helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

const DATASET = `rdfType:${esc(`${DCAT}Dataset`)}`;
const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const titleOf = (child: any, lang: string): string =>
  Object.values<any>(child.metadata)
    .flatMap((p) => p[`${DCT}title`] ?? [])
    .find((o: any) => o.lang === lang)?.value;

describe('search over the test catalog', () => {
  let s: StoreServer;
  const q = (query: string, params: Record<string, string | number> = {}) => getJson(searchUrl(s.url, query, params));
  const resources = (body: any): string[] => body.resource.children.map((c: any) => c.info[`${s.url}${c.contextId}/entry/${c.entryId}`]['http://entrystore.org/terms/resource'][0].value);

  before(async () => {
    s = await startStore([localFixture('catalog.ttl')]);
  });
  after(() => s.close());

  test('rdfType + public:true counts the datasets (ESJS escaping with unescaped slashes works too)', async () => {
    const full = await q(`${DATASET} AND public:true`);
    assert.equal(full.status, 200);
    assert.equal(full.body.results, 4);
    const esjs = await getJson(`${s.url}search?type=solr&query=rdfType:http%5C%3A%2F%2Fwww.w3.org%2Fns%2Fdcat%23Dataset+AND+public:true`);
    assert.equal(esjs.body.results, 4);
  });

  test('response shape: children with entryId, contextId, info, metadata, relations, rights; facetFields always present', async () => {
    const { body } = await q(`${DATASET} AND public:true`, { limit: 1 });
    assert.deepEqual(Object.keys(body).sort(), ['facetFields', 'limit', 'offset', 'resource', 'results']);
    assert.deepEqual(body.facetFields, []);
    const child = body.resource.children[0];
    assert.deepEqual(Object.keys(child).sort(), ['contextId', 'entryId', 'info', 'metadata', 'relations', 'rights']);
    assert.deepEqual(child.rights, ['readmetadata', 'readresource']);
    assert.equal(child.contextId, '1');
  });

  test('default sort is score desc, modified desc', async () => {
    const { body } = await q(`${DATASET} AND public:true`);
    assert.deepEqual(resources(body), ['https://example.org/ds/2', 'https://example.org/ds/1', 'https://example.org/ds/3', `${s.url}1/resource/local-ds`]);
  });

  test('sort title.sv asc uses Swedish collation (Ä after Z); title.en asc English', async () => {
    const sv = await q(`${DATASET}`, { sort: 'title.sv asc' });
    assert.deepEqual(sv.body.resource.children.map((c: any) => titleOf(c, 'sv')), ['Badplatser', 'Cykelparkeringar', 'Zebralagret', 'Äldreboenden']);
    const en = await q(`${DATASET}`, { sort: 'title.en desc' });
    assert.deepEqual(en.body.resource.children.map((c: any) => titleOf(c, 'en')), ['Zebra stock', 'Elderly homes', 'Bicycle parking', 'Bathing sites']);
  });

  test('sort on modified asc and on a multi-valued string field', async () => {
    const { body } = await q(DATASET, { sort: 'modified asc' });
    assert.equal(resources(body)[0], `${s.url}1/resource/local-ds`);
    // asc uses the smallest theme URI: ENVI (ds1, ds2) < HEAL (ds3); missing (local-ds) last.
    const themes = await q(DATASET, { sort: `metadata.predicate.uri.${predicateHash(`${DCAT}theme`)} asc,modified desc` });
    assert.deepEqual(resources(themes.body), ['https://example.org/ds/2', 'https://example.org/ds/1', 'https://example.org/ds/3', `${s.url}1/resource/local-ds`]);
  });

  test('unknown sort field → 400 "Search failed due to wrong parameters"; malformed sort items are ignored', async () => {
    const bad = await q(DATASET, { sort: 'nosuchfield asc' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { error: 'Search failed due to wrong parameters' });
    const ignored = await q(DATASET, { sort: 'modified' });
    assert.equal(ignored.status, 200);
    assert.equal(ignored.body.results, 4);
  });

  test('resource:(a OR b) and public:true AND (resource:a OR resource:b) batches', async () => {
    const a = 'https://example.org/dist/1a';
    const b = 'https://example.org/dist/1b';
    const grouped = await q(`resource:(${esc(a)} OR ${esc(b)})`);
    assert.deepEqual(resources(grouped.body).sort(), [a, b]);
    const esjs = await q(`public:true AND (resource:${esc(a)} OR resource:${esc(b)} OR resource:${esc('https://example.org/none')})`);
    assert.equal(esjs.body.results, 2);
  });

  test('facets: dcat:theme counts, order count desc then lexicographic, counts over all hits', async () => {
    const h = predicateHash(`${DCAT}theme`);
    const { body } = await q(`${DATASET} AND public:true`, { limit: 1, facetFields: `metadata.predicate.uri.${h}` });
    assert.deepEqual(body.facetFields, [
      {
        name: `metadata.predicate.uri.${h}`,
        valueCount: 3,
        values: [
          { name: `${THEME}ENVI`, count: 2 },
          { name: `${THEME}HEAL`, count: 1 },
          { name: `${THEME}TRAN`, count: 1 },
        ],
      },
    ]);
  });

  test('facets: literal → literal_s rewrite, facetLimit, facetMinCount, facetMissing bucket without name', async () => {
    const kw = predicateHash(`${DCAT}keyword`);
    const { body } = await q(DATASET, { facetFields: `metadata.predicate.literal.${kw}`, facetMissing: 'true', facetLimit: 2 });
    const f = body.facetFields[0];
    assert.equal(f.name, `metadata.predicate.literal_s.${kw}`);
    assert.deepEqual(f.values, [{ name: 'bad', count: 1 }, { name: 'cykel', count: 1 }, { count: 2 }]);
    assert.equal(f.valueCount, 3);
    const min = await q(DATASET, { facetFields: `metadata.predicate.uri.${predicateHash(`${DCAT}theme`)}`, facetMinCount: 2 });
    assert.deepEqual(min.body.facetFields[0].values, [{ name: `${THEME}ENVI`, count: 2 }]);
  });

  test('limit/offset: paging, clamping to 100, negative → 50; page past the end reports results 0', async () => {
    const page = await q(DATASET, { limit: 2, offset: 1 });
    assert.equal(page.body.resource.children.length, 2);
    assert.equal(page.body.results, 4);
    assert.equal(page.body.offset, 1);
    assert.equal((await q(DATASET, { limit: 500 })).body.limit, 100);
    assert.equal((await q(DATASET, { limit: -3 })).body.limit, 50);
    const past = await q(DATASET, { offset: 10 });
    assert.equal(past.status, 200);
    assert.equal(past.body.results, 0);
    assert.deepEqual(past.body.resource.children, []);
    assert.equal((await q(DATASET, { limit: 0 })).body.results, 0);
  });

  test('a non-integer limit answers 400 with a normal result using the default [quirk]', async () => {
    const r = await q(DATASET, { limit: 'ten' });
    assert.equal(r.status, 400);
    assert.equal(r.body.limit, 50);
    assert.equal(r.body.results, 4);
  });

  test('parameter errors: query too short, missing query, missing type, other type', async () => {
    const short = await getJson(`${s.url}search?type=solr&query=*`);
    assert.equal(short.status, 400);
    assert.deepEqual(short.body, { error: 'Query too short' });
    assert.equal((await getJson(`${s.url}search?type=solr&query=*:*`)).body.results, 10);
    assert.deepEqual((await getJson(`${s.url}search?type=solr`)).body, { error: "Mandatory parameter 'query' is missing" });
    assert.deepEqual((await getJson(`${s.url}search?query=*:*`)).body, { error: "Mandatory parameter 'type' is missing" });
    assert.equal((await getJson(`${s.url}search?type=other&query=*:*`)).body.results, -1);
  });

  test('query errors: syntax error or undefined field → 400', async () => {
    for (const bad of ['title:(bad', 'nosuchfield:x', 'modified:[yesterday TO *]']) {
      const r = await q(bad);
      assert.equal(r.status, 400, bad);
      assert.deepEqual(r.body, { error: 'Search failed due to wrong parameters' });
    }
  });

  test('ngram title: substring ≥ 3 chars matches, 2 chars only with trailing *', async () => {
    assert.deepEqual(resources((await q('title:dplat')).body).sort(), ['https://example.org/dist/1a', 'https://example.org/dist/1b', 'https://example.org/ds/1']);
    const r = await q(`title:badplats AND ${DATASET}`);
    assert.deepEqual(resources(r.body), ['https://example.org/ds/1']);
    assert.equal((await q(`title.sv:ba AND ${DATASET}`)).body.results, 0);
    assert.deepEqual(resources((await q(`title.sv:ba* AND ${DATASET}`)).body), ['https://example.org/ds/1']);
  });

  test('unfielded terms go to the text field all (title, description, tags) with plural stemming', async () => {
    assert.deepEqual(resources((await q('cykel')).body).sort(), ['https://example.org/api', 'https://example.org/ds/2']);
    assert.deepEqual(resources((await q('lake')).body), ['https://example.org/ds/1']); // "lakes" in the description
    assert.deepEqual(resources((await q('"water quality"')).body), ['https://example.org/ds/1']);
    assert.equal((await q('"quality water"')).body.results, 0);
  });

  test('exact literal lookup, exists, NOT, ranges on dates and integers, bnode statements indexed', async () => {
    const id = predicateHash(`${DCT}identifier`);
    assert.deepEqual(resources((await q(`metadata.predicate.literal_s.${id}:ds\\-1`)).body), ['https://example.org/ds/1']);
    const theme = predicateHash(`${DCAT}theme`);
    assert.equal((await q(`metadata.predicate.uri.${theme}:*`)).body.results, 3);
    const notEnvi = await q(`${DATASET} AND NOT metadata.predicate.uri.${theme}:${esc(`${THEME}ENVI`)}`, { sort: 'modified desc' });
    assert.deepEqual(resources(notEnvi.body), ['https://example.org/ds/3', `${s.url}1/resource/local-ds`]);
    const modified = predicateHash(`${DCT}modified`);
    const recent = await q(`metadata.predicate.date.${modified}:[2025-01-01T00:00:00Z TO *]`, { sort: 'modified asc' });
    assert.deepEqual(resources(recent.body), ['https://example.org/ds/1', 'https://example.org/ds/2']);
    assert.equal((await q(`modified:[2024-01-15T10:00:00.000Z TO 2025-03-10T00:00:00Z} AND ${DATASET}`)).body.results, 1);
    assert.deepEqual(resources((await q(`metadata.predicate.integer.${predicateHash(`${DCAT}byteSize`)}:[5000 TO 6000]`)).body), ['https://example.org/dist/1a']);
    assert.deepEqual(resources((await q(`metadata.predicate.date.${predicateHash(`${DCAT}startDate`)}:[2010-01-01T00:00:00Z TO 2010-12-31T00:00:00Z]`)).body), ['https://example.org/ds/1']);
  });

  test('filterQuery narrows the hits; boosts are accepted', async () => {
    const r = await q(`${DATASET}^2`, { filterQuery: `metadata.predicate.uri.${predicateHash(`${DCAT}theme`)}:${esc(`${THEME}TRAN`)}` });
    assert.deepEqual(resources(r.body), ['https://example.org/ds/2']);
  });

  test('relations (§3.6): none between harvested IRIs (resource URIs outside the store), as EntryStore', async () => {
    const { body } = await q(`resource:${esc('https://example.org/dist/2')}`);
    assert.deepEqual(body.resource.children[0].relations, {});
  });

  test('JSONP callback and rdfFormat=application/ld+json', async () => {
    const res = await fetch(`${searchUrl(s.url, DATASET, { limit: 1 })}&callback=cb123`);
    assert.match(res.headers.get('content-type')!, /^application\/javascript/);
    const text = await res.text();
    assert.match(text, /^cb123\(\{/);
    assert.equal(JSON.parse(text.slice(6, -2)).results, 4);
    const ld = await q(`resource:${esc('https://example.org/ds/3')}`, { rdfFormat: 'application/ld+json' });
    const md = ld.body.resource.children[0].metadata;
    assert.ok(md['@context'], 'compact JSON-LD has a @context');
    assert.equal(md['@id'], 'https://example.org/ds/3');
  });

  test('rdfType includes the info-graph type es:NamedResource', async () => {
    const { body } = await q(`rdfType:${esc('http://entrystore.org/terms/NamedResource')} AND ${DATASET}`);
    assert.equal(body.results, 4);
  });
});

describe('search over shared catalogs', () => {
  const civic = sharedFixture('dcat/se/civictech-se_dcat-ap.rdf');
  const rostock = sharedFixture('dcat/de/rostock-catalog.rdf');
  test('dataset counts: civictech 4, Rostock 100; theme facet equals a manual count', skipUnless(civic, rostock), async () => {
    const s = await startStore([civic!, rostock!]);
    try {
      const count = async (ctx: string) =>
        (await getJson(searchUrl(s.url, `${DATASET} AND public:true AND context:${esc(`${s.url}${ctx}`)}`, { limit: 1 }))).body.results;
      assert.equal(await count('1'), 4);
      assert.equal(await count('2'), 100);
      const h = predicateHash(`${DCAT}theme`);
      const { body } = await getJson(searchUrl(s.url, `${DATASET} AND context:${esc(`${s.url}2`)}`, { limit: 1, facetFields: `metadata.predicate.uri.${h}` }));
      const manual = new Map<string, number>();
      for (const e of s.store.contexts.get('2')!.entries.values()) {
        if (e.kind !== 'dataset') continue;
        const themes = new Set(e.metadata.filter((t) => t.predicate === `${DCAT}theme` && t.object.termType === 'NamedNode').map((t) => t.object.value));
        for (const th of themes) manual.set(th, (manual.get(th) ?? 0) + 1);
      }
      assert.ok(manual.size > 0);
      assert.deepEqual(new Map(body.facetFields[0].values.map((v: any) => [v.name, v.count])), manual);
    } finally {
      await s.close();
    }
  });
});
