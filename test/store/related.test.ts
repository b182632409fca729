import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { predicateHash } from '../../src/catalog-engine/search/fields.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { DCAT, DCT, esc, getJson, searchUrl, startStore } from './helpers.ts';

const TTL = `
@prefix dcat: <${DCAT}> . @prefix dcterms: <${DCT}> .
<http://ex.org/ds/1> a dcat:Dataset ; dcterms:title "Ett"@sv ; dcat:distribution <http://ex.org/dist/1>, <http://ex.org/dist/2> .
<http://ex.org/ds/2> a dcat:Dataset ; dcterms:title "Två"@sv ; dcterms:format "PDF" ; dcat:distribution <http://ex.org/dist/3> .
<http://ex.org/dist/1> a dcat:Distribution ; dcterms:format "text/csv" ; dcterms:license <http://lic/a> .
<http://ex.org/dist/2> a dcat:Distribution ; dcterms:format <http://publications.europa.eu/resource/authority/file-type/JSON> .
<http://ex.org/dist/3> a dcat:Distribution ; dcterms:format "text/csv" .
`;
const FORMAT = predicateHash(`${DCT}format`);
const LICENSE = predicateHash(`${DCT}license`);
const DATASET = `rdfType:${esc(`${DCAT}Dataset`)}`;

describe('related.* fields: datasets carry the metadata of their distributions', () => {
  let s: StoreServer;
  const q = (query: string, params: Record<string, string | number> = {}) => getJson(searchUrl(s.url, query, params));
  before(async () => {
    s = await startStore([{ file: 'related.ttl', text: TTL }], { solrRelated: true });
  });
  after(() => s.close());

  test('facets count distribution values per dataset under related.metadata.predicate.*', async () => {
    const { body } = await q(DATASET, {
      facetFields: `related.metadata.predicate.literal_s.${FORMAT},related.metadata.predicate.uri.${FORMAT},metadata.predicate.literal_s.${FORMAT}`,
    });
    const facet = (name: string) => Object.fromEntries(body.facetFields.find((f: any) => f.name === name).values.map((v: any) => [v.name, v.count]));
    assert.deepEqual(facet(`related.metadata.predicate.literal_s.${FORMAT}`), { 'text/csv': 2 });
    assert.deepEqual(facet(`related.metadata.predicate.uri.${FORMAT}`), { 'http://publications.europa.eu/resource/authority/file-type/JSON': 1 });
    assert.deepEqual(facet(`metadata.predicate.literal_s.${FORMAT}`), { PDF: 1 }, 'own metadata stays apart');
  });

  test('filters on related fields find the dataset, not the distribution; grouped field syntax works', async () => {
    const { body } = await q(`related.metadata.predicate.uri.${LICENSE}:${esc('http://lic/a')}`);
    assert.equal(body.results, 1);
    const grouped = await q(`${DATASET} AND related.metadata.predicate.literal_s.${FORMAT}:(text\\/csv OR CSV)`);
    assert.equal(grouped.body.results, 2);
  });

  test('a changed distribution re-indexes its dataset', async () => {
    const dist = s.store.entriesByResource('http://ex.org/dist/3')[0]!;
    s.store.setMetadata(dist, [{
      subject: { termType: 'NamedNode', value: 'http://ex.org/dist/3' },
      predicate: `${DCT}format`,
      object: { termType: 'Literal', value: 'application/xml' },
    }]);
    const { body } = await q(`related.metadata.predicate.literal_s.${FORMAT}:${esc('application/xml')}`);
    assert.equal(body.results, 1);
    const csv = await q(`${DATASET} AND related.metadata.predicate.literal_s.${FORMAT}:${esc('text/csv')}`);
    assert.equal(csv.body.results, 1);
  });
});
