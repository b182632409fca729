import assert from 'node:assert/strict';
import { entryIndicators } from '../../src/rich/indicators.ts';
import { describe, test } from 'node:test';
import { buildDataServiceModel, linkedResourcesOfService } from '../../src/dcat/dataservice.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> . @prefix vcard: <http://www.w3.org/2006/vcard/ns#> .
@prefix dcatap: <http://data.europa.eu/r5r/> . @prefix schema: <http://schema.org/> .
@prefix r: <${STORE}7/resource/> . @prefix access: <http://publications.europa.eu/resource/authority/access-right/> .
@prefix theme: <http://publications.europa.eu/resource/authority/data-theme/> .
`;

async function entryOf(id: string, ttl: string): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/'), info: new Graph(), relations: new Graph(),
  };
}

const SERVICE = `r:90 a dcat:DataService ;
  dcterms:title "Biblioteks-API"@sv, "Library API"@en ;
  dcterms:description "Ett API.\\n\\nMed två stycken."@sv ;
  dcterms:publisher r:40 ;
  dcat:endpointURL <https://api.example.org/v1>, <javascript:alert(1)>, "data:text/html,x" ;
  dcat:endpointDescription <https://api.example.org/openapi.json>, <javascript:alert(2)> ;
  dcterms:conformsTo <https://www.opengis.net/def/serviceType/ogc/wfs> ;
  dcat:servesDataset r:20, <https://elsewhere.example.org/ds/1> ;
  dcterms:license <https://creativecommons.org/licenses/by/4.0/> ;
  dcterms:accessRights access:PUBLIC ;
  dcat:landingPage <https://example.org/api> ;
  foaf:page <https://example.org/api/docs> ;
  dcat:contactPoint [ vcard:fn "API-support" ; vcard:hasEmail "api@example.org" ] ;
  dcat:keyword "bibliotek"@sv, "library"@en ;
  dcat:theme theme:EDUC ;
  dcterms:type <https://inspire.ec.europa.eu/metadata-codelist/SpatialDataServiceType/download> ;
  dcatap:applicableLegislation <http://data.europa.eu/eli/reg_impl/2023/138/oj> ;
  dcatap:hvdCategory <http://data.europa.eu/bna/c_e1da4e07> ;
  schema:offers "Gratis"@sv .
  <https://elsewhere.example.org/ds/1> dcterms:title "External dataset"@en .`;

async function relatedOf() {
  return new Map((await Promise.all([
    entryOf('40', `r:40 a foaf:Organization ; foaf:name "Kungliga biblioteket" .`),
    entryOf('20', `r:20 a dcat:Dataset ; dcterms:title "Bibliotek i Sverige"@sv, "Libraries in Sweden"@en .`),
  ])).map((e) => [e.resourceUri, e]));
}
async function model(lang = 'sv') {
  return buildDataServiceModel(await entryOf('90', SERVICE), await relatedOf(), { lang, storeBaseUrl: STORE });
}

describe('buildDataServiceModel (§2.2)', () => {
  test('title, description, publisher; endpoint URLs and descriptions only when safe', async () => {
    const m = await model();
    assert.deepEqual(m.title, { value: 'Biblioteks-API', lang: 'sv' });
    assert.deepEqual(m.description.map((p) => p.value), ['Ett API.', 'Med två stycken.']);
    assert.equal(m.publisher?.name?.value, 'Kungliga biblioteket');
    assert.deepEqual(m.endpointUrls, ['https://api.example.org/v1']);
    assert.deepEqual(m.endpointDescriptions, ['https://api.example.org/openapi.json']);
    assert.deepEqual(m.conformsTo.map((v) => v.kind === 'link' && v.href), ['https://www.opengis.net/def/serviceType/ogc/wfs']);
    assert.equal(m.entryId, '90');
    assert.equal((await model('en')).title?.value, 'Library API');
  });

  test('served datasets link to their landing pages, titled from the batched lookup or the graph', async () => {
    const m = await model('en');
    assert.deepEqual(m.servedDatasets, [
      { kind: 'entry', text: { value: 'Libraries in Sweden', lang: 'en' }, resourceUri: R('20'), contextId: '7', entryId: '20' },
      { kind: 'entry', text: { value: 'External dataset', lang: 'en' }, resourceUri: 'https://elsewhere.example.org/ds/1' },
    ]);
  });

  test('"Further information" in §2.2 order with labels in the UI language', async () => {
    const m = await model('de');
    assert.deepEqual(m.fields.map((f) => f.key), [
      'license', 'accessRights', 'landingPage', 'page', 'contactPoint', 'keyword', 'theme', 'type', 'applicableLegislation', 'hvdCategory', 'fee',
    ]);
    const text = (k: string) => m.fields.find((f) => f.key === k)!.values.map((v) => (v.kind === 'date' ? v.value : v.text.value));
    assert.deepEqual(text('license'), ['CC BY 4.0']);
    assert.deepEqual(text('accessRights'), ['Öffentlich']);
    assert.deepEqual(text('theme'), ['Bildung, Kultur und Sport']);
    assert.deepEqual(text('hvdCategory'), ['Statistik']);
    assert.deepEqual(text('contactPoint'), ['API-support', 'api@example.org']);
    assert.deepEqual(text('keyword'), ['library']);
    assert.deepEqual(text('type'), ['download']);
  });

  test('indicators: service type only with a known label (never a bare URI)', async () => {
    const ind = entryIndicators(await entryOf('90', SERVICE), 'en', await relatedOf());
    assert.deepEqual(ind.map((i) => i.key), ['access', 'license', 'hvd', 'fee']);
    const labelled = await entryOf('90', `r:90 a dcat:DataService ; dcterms:type <https://example.org/type/dl>, <https://example.org/type/view> .
      <https://example.org/type/dl> dcterms:title "Download service"@en . <https://example.org/type/view> dcterms:title "View service"@en .`);
    assert.deepEqual(entryIndicators(labelled, 'en'), [{ key: 'serviceType', text: { value: 'Download service, View service', lang: 'en' } }]);
  });

  test('linkedResourcesOfService: publisher, contact points, creators, served datasets', async () => {
    const e = await entryOf('90', `r:90 a dcat:DataService ; dcterms:publisher r:40 ; dcat:contactPoint r:42, [ vcard:fn "x" ] ;
      dcterms:creator r:40 ; dcat:servesDataset r:20, r:21 ; dcat:endpointURL <https://api.example.org> .`);
    assert.deepEqual(linkedResourcesOfService(e).sort(), [R('20'), R('21'), R('40'), R('42')]);
  });

  test('a bare service: no title (block shows its fallback), empty lists', async () => {
    const m = buildDataServiceModel(await entryOf('90', `r:90 a dcat:DataService .`), new Map(), { lang: 'sv', storeBaseUrl: STORE });
    assert.equal(m.title, undefined);
    assert.deepEqual([m.description, m.endpointUrls, m.endpointDescriptions, m.servedDatasets, m.fields], [[], [], [], [], []]);
  });
});
