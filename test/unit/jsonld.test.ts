// datasetJsonLd (src/rich/jsonld.ts): schema.org Dataset from the landing model, script-safe text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { datasetJsonLd, datasetJsonLdObject, datasetJsonLdText, scriptSafeJson } from '../../src/rich/jsonld.ts';
import { buildDatasetModel } from '../../src/dcat/dataset.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> . @prefix locn: <http://www.w3.org/ns/locn#> . @prefix r: <${STORE}7/resource/> .
@prefix gsp: <http://www.opengis.net/ont/geosparql#> .
`;
async function entryOf(id: string, ttl: string): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/'), info: new Graph(), relations: new Graph(),
  };
}
const PAGE = 'https://portal.example.org/dataset?esc_entry=10&esc_context=7';

const FULL = `
r:10 a dcat:Dataset ; dcterms:title "Badplatser"@sv, "Bathing sites"@en ; dcterms:description "Sites.\\n\\nWith quality."@en ;
  dcterms:identifier "bad-1" ; dcat:keyword "bad"@en, "swim"@en ; dcterms:license <https://creativecommons.org/licenses/by/4.0/> ;
  dcterms:publisher r:40 ; dcterms:creator [ a foaf:Person ; foaf:name "Ada Lovelace" ; foaf:homepage <javascript:alert(1)> ] ;
  dcterms:created "2019-12-01"^^xsd:date ; dcterms:issued "2020-01-02"^^xsd:date ; dcterms:modified "2024-03-04T05:06:07Z"^^xsd:dateTime ;
  dcterms:temporal [ a dcterms:PeriodOfTime ; dcat:startDate "2010-05-01"^^xsd:date ; dcat:endDate "2020-12-31"^^xsd:date ] ;
  dcterms:spatial [ a dcterms:Location ; dcat:bbox "POLYGON((11.0 55.3, 24.2 55.3, 24.2 69.1, 11.0 69.1, 11.0 55.3))"^^gsp:wktLiteral ] ;
  dcat:distribution r:11, r:12, r:13 .
r:40 a foaf:Organization ; foaf:name "Kommunen" ; foaf:homepage <https://kommunen.example.org/> .
r:11 a dcat:Distribution ; dcterms:title "CSV"@en ; dcat:downloadURL <https://files.example.org/bad.csv> ; dcterms:format "text/csv" .
r:12 a dcat:Distribution ; dcterms:title "API"@en ; dcat:accessURL <https://api.example.org/bad> ; dcterms:format "application/json" .
r:13 a dcat:Distribution ; dcterms:title "Bad link"@en ; dcat:accessURL <javascript:alert(1)> .
`;

describe('datasetJsonLd', () => {
  test('the Dataset object: name, description, url, identifier, keywords, license, agents, dates, coverage, distributions', async () => {
    const entry = await entryOf('10', FULL);
    const related = new Map<string, StoreEntry>();
    const model = buildDatasetModel(entry, related, { lang: 'en', storeBaseUrl: STORE });
    const opts = { pageUrl: PAGE, entry, related };
    // datasetJsonLdText loads the geometry reader (its own chunk) because the dataset has a geometry literal
    const obj = JSON.parse(await datasetJsonLdText(model, opts));
    assert.deepEqual(obj, {
      '@context': 'https://schema.org/',
      '@type': 'Dataset',
      name: 'Bathing sites',
      description: 'Sites.\n\nWith quality.',
      url: PAGE,
      identifier: 'bad-1',
      keywords: ['bad', 'swim'],
      license: 'https://creativecommons.org/licenses/by/4.0/',
      publisher: { '@type': 'Organization', name: 'Kommunen', url: 'https://kommunen.example.org/' },
      // agents are Organizations (no Person detection: it would cost the landing page bytes); no dateCreated
      creator: { '@type': 'Organization', name: 'Ada Lovelace' },
      datePublished: '2020-01-02',
      dateModified: '2024-03-04T05:06:07Z',
      temporalCoverage: '2010-05-01/2020-12-31',
      spatialCoverage: { '@type': 'Place', geo: { '@type': 'GeoShape', box: '55.3 11 69.1 24.2' } },
      distribution: [
        { '@type': 'DataDownload', name: 'API', encodingFormat: 'application/json', contentUrl: 'https://api.example.org/bad' },
        { '@type': 'DataDownload', name: 'CSV', encodingFormat: 'text/csv', contentUrl: 'https://files.example.org/bad.csv' },
      ],
    });
    assert.deepEqual(JSON.parse(datasetJsonLd(model, { pageUrl: PAGE, entry, related })).distribution.length, 2);
    // without a geometry reader the box-only place is left out, everything else is the same
    const { spatialCoverage, ...rest } = obj;
    assert.ok(spatialCoverage);
    assert.deepEqual(datasetJsonLdObject(model, opts), rest);
  });

  test('open-ended periods, no entry: what the model alone gives', async () => {
    const entry = await entryOf('10', `r:10 a dcat:Dataset ; dcterms:title "T" ; dcterms:temporal [ dcat:startDate "2010-05-01"^^xsd:date ] .`);
    const model = buildDatasetModel(entry, new Map(), { lang: 'en', storeBaseUrl: STORE });
    assert.equal(datasetJsonLdObject(model, { pageUrl: PAGE, entry }).temporalCoverage, '2010-05-01/..');
    const bare = datasetJsonLdObject(model, { pageUrl: 'javascript:alert(1)' });
    assert.deepEqual(bare, { '@context': 'https://schema.org/', '@type': 'Dataset', name: 'T', identifier: R('10') });
  });

  test('hostile metadata cannot end the script or open a comment; JSON.parse gives back the exact values', async () => {
    const hostile = '</script><script>alert(1)</script> <!-- x --> & \u2028line\u2029para';
    const entry = await entryOf('10', `r:10 a dcat:Dataset ; dcterms:title ${JSON.stringify(hostile)} ;
      dcterms:description ${JSON.stringify('a\u0000b\u0007c\u001bd\ttab\nnew')} ; dcat:keyword "<!--" .`);
    const model = buildDatasetModel(entry, new Map(), { lang: 'en', storeBaseUrl: STORE });
    const text = datasetJsonLd(model, { pageUrl: PAGE, entry });
    assert.ok(!/[<>&\u2028\u2029]/.test(text), text);
    assert.ok(!/<\/script/i.test(text) && !text.includes('<!--'));
    assert.match(text, /\\u003c\/script\\u003e/);
    const parsed = JSON.parse(text);
    assert.equal(parsed.name, hostile);
    assert.equal(parsed.description, 'abcd\ttab\nnew', 'control characters dropped, tab and newline kept');
    assert.deepEqual(parsed.keywords, ['<!--']);
    assert.deepEqual(parsed, datasetJsonLdObject(model, { pageUrl: PAGE, entry }));
  });

  test('scriptSafeJson: any string round-trips, no raw < > & U+2028 U+2029', () => {
    const value = { a: '<>&\u2028\u2029</SCRIPT>', b: ['\ud83d\ude00', 'ä'], c: 1 };
    const text = scriptSafeJson(value);
    assert.equal(text, '{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029\\u003c/SCRIPT\\u003e","b":["😀","ä"],"c":1}');
    assert.deepEqual(JSON.parse(text), value);
  });
});
