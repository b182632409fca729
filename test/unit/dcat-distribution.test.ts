import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildDatasetModel, fileUrisToResolve, followUpResources, linkedResources } from '../../src/dcat/dataset.ts';
import type { DistributionModel, FieldKey } from '../../src/dcat/model.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

// The worked example of entrystore-api.md §7: distributions 11 (uploaded CSV file 13), 12 (API over it), 21 (WFS).
const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> . @prefix adms: <http://www.w3.org/ns/adms#> .
@prefix dcatap: <http://data.europa.eu/r5r/> . @prefix spdx: <http://spdx.org/rdf/terms#> .
@prefix esterms: <http://entryscape.com/terms/> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix r: <${STORE}7/resource/> . @prefix ft: <http://publications.europa.eu/resource/authority/file-type/> .
`;
const graphOf = (ttl: string) => parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/');

async function entryOf(id: string, ttl: string, info = ''): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await graphOf(ttl), info: await graphOf(info), relations: new Graph(),
  };
}
const mapOf = async (...entries: Promise<StoreEntry>[]) => new Map((await Promise.all(entries)).map((e) => [e.resourceUri, e]));

const DATASET = `r:20 a dcat:Dataset ; dcterms:title "Badplatser"@sv ; dcat:distribution r:11, r:12, r:21 .`;
const D11 = `r:11 a dcat:Distribution ; dcterms:title "Badplatser CSV"@sv ; dcat:accessURL r:13 ; dcat:downloadURL r:13 ; dcterms:format "text/csv" .`;
const D12 = `r:12 a dcat:Distribution, esterms:ServiceDistribution ; dcterms:title "Badplatser API"@sv ;
  dcat:accessURL <https://data.example.org/rowstore/dataset/5c1e0f3a> ;
  dcterms:conformsTo <https://data.example.org/rowstore/dataset/5c1e0f3a/swagger> ; dcterms:source r:11 ; dcterms:format "application/json" .`;
const D21 = `r:21 a dcat:Distribution ; dcterms:title "Badplatser WFS"@sv ; dcat:accessURL <https://gis.example.org/wfs?service=WFS> ; dcterms:format "application/gml+xml" .`;
const FILE13_INFO = `r:13 dcterms:format "text/csv" ; dcterms:extent "5312"^^xsd:long ; rdfs:label "badplatser.csv" .`;

async function example(options: { registry?: boolean; withFile?: boolean; lang?: string } = {}) {
  const entry = await entryOf('20', DATASET);
  const related = await mapOf(entryOf('11', D11), entryOf('12', D12), entryOf('21', D21));
  if (options.withFile) {
    const file = await entryOf('13', `r:13 a esterms:File ; dcterms:title "badplatser.csv" .`, FILE13_INFO);
    related.set(file.resourceUri, file);
  }
  const model = buildDatasetModel(entry, related, { lang: options.lang ?? 'sv', storeBaseUrl: STORE, registry: options.registry });
  const byTitle = (t: string) => model.distributions.find((d) => d.title?.value === t)!;
  return { entry, related, model, byTitle };
}

describe('file names (§1.10)', () => {
  test('catalog mode: uploaded files to resolve are listed until their entries are at hand', async () => {
    const { entry, related } = await example();
    assert.deepEqual(linkedResources(entry).sort(), [R('11'), R('12'), R('21')]);
    assert.deepEqual(fileUrisToResolve(entry, related, { storeBaseUrl: STORE }), [R('13')]);
    assert.deepEqual(fileUrisToResolve(entry, related, { storeBaseUrl: STORE.slice(0, -1) }), [R('13')]);
    assert.deepEqual(fileUrisToResolve(entry, related, { storeBaseUrl: STORE, registry: true }), []);
    const { related: withFile } = await example({ withFile: true });
    assert.deepEqual(fileUrisToResolve(entry, withFile, { storeBaseUrl: STORE }), []);
    // Download URLs outside the store are never looked up.
    assert.deepEqual(fileUrisToResolve(entry, related, { storeBaseUrl: 'https://other.example/store/' }), []);
  });

  test('catalog mode: name, size and format from the file entry\'s information graph', async () => {
    const { byTitle } = await example({ withFile: true });
    assert.deepEqual(byTitle('Badplatser CSV').files, [{ href: R('13'), name: 'badplatser.csv', byteSize: 5312, format: 'text/csv' }]);
  });

  test('registry mode: the file entry is not consulted; graph label, else decoded last path segment, else the URL', async () => {
    const { byTitle } = await example({ withFile: true, registry: true });
    assert.deepEqual(byTitle('Badplatser CSV').files, [{ href: R('13'), name: '13' }]);
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution [ a dcat:Distribution ;
      dcat:downloadURL <https://files.example.org/dl/Bad%20platser%202024.csv>, <https://files.example.org/dl/x.json>, <https://files.example.org> ] .
      <https://files.example.org/dl/x.json> dcterms:title "Badplatser som JSON"@sv .`);
    const model = buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: STORE, registry: true });
    assert.deepEqual(model.distributions[0]!.files.map((f) => f.name), ['Bad platser 2024.csv', 'Badplatser som JSON', 'https://files.example.org']);
  });

  test('catalog mode with the file entry missing falls back like registry mode', async () => {
    const { byTitle } = await example();
    assert.deepEqual(byTitle('Badplatser CSV').files.map((f) => f.name), ['13']);
  });
});

describe('distribution row head (§5)', () => {
  test('title, else the single file name, else undefined ("Untitled distribution")', async () => {
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution r:31, r:32 .
      r:31 a dcat:Distribution ; dcat:downloadURL <https://files.example.org/a/one.csv> .
      r:32 a dcat:Distribution ; dcat:downloadURL <https://files.example.org/a/one.csv>, <https://files.example.org/a/two.csv> .`);
    const model = buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: STORE });
    const [single, several] = [model.distributions.find((d) => d.uri === R('31'))!, model.distributions.find((d) => d.uri === R('32'))!];
    assert.deepEqual(single.title, { value: 'one.csv', lang: '' });
    assert.equal(several.title, undefined);
    assert.equal(several.files.length, 2);
  });

  test('API marker: esterms:ServiceDistribution, or an access URL with dcterms:source', async () => {
    const { byTitle } = await example();
    assert.equal(byTitle('Badplatser API').isApi, true);
    assert.equal(byTitle('Badplatser CSV').isApi, false);
    assert.equal(byTitle('Badplatser WFS').isApi, false);
    const entry = await entryOf('20', `r:20 a dcat:Distribution ; dcat:distribution r:33 .
      r:33 a dcat:Distribution ; dcat:accessURL <https://api.example.org/x> ; dcterms:source r:11 .`);
    assert.equal(buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: STORE }).distributions[0]!.isApi, true);
  });

  test('access link only when there is no download URL or it differs from all of them', async () => {
    const { byTitle } = await example({ withFile: true });
    assert.equal(byTitle('Badplatser CSV').accessUrl, undefined);
    assert.equal(byTitle('Badplatser WFS').accessUrl, 'https://gis.example.org/wfs?service=WFS');
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution [ a dcat:Distribution ;
      dcat:downloadURL <https://files.example.org/a.csv> ; dcat:accessURL <https://files.example.org/a.csv>, <https://portal.example.org/a> ] .`);
    assert.equal(buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: STORE }).distributions[0]!.accessUrl, 'https://portal.example.org/a');
  });

  test('API description: conformsTo ending in /swagger, else the access service endpoint description', async () => {
    const { byTitle } = await example();
    assert.equal(byTitle('Badplatser API').apiDescription, 'https://data.example.org/rowstore/dataset/5c1e0f3a/swagger');
    assert.equal(byTitle('Badplatser CSV').apiDescription, undefined);
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution [ a dcat:Distribution ; dcat:accessURL <https://api.example.org/v1> ;
      dcat:accessService [ a dcat:DataService ; dcterms:title "Service"@en ; dcat:endpointDescription <https://api.example.org/openapi.json> ] ] .`);
    const d = buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: STORE }).distributions[0]!;
    assert.equal(d.apiDescription, 'https://api.example.org/openapi.json');
    assert.equal(d.accessService?.title?.value, 'Service');
    assert.equal(d.accessService?.entryId, undefined);
  });

  test('format badges: dcterms:format and dcat:mediaType, deduplicated by label, IMT nodes read', async () => {
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution r:34, r:35 .
      r:34 a dcat:Distribution ; dcterms:title "A" ; dcterms:format ft:CSV ; dcat:mediaType <https://www.iana.org/assignments/media-types/text/csv> ;
        dcterms:format [ a dcterms:IMT ; rdf:value "application/json" ; rdfs:label "JSON" ] .
      r:35 a dcat:Distribution ; dcterms:title "B" .`);
    const m = buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: STORE });
    assert.deepEqual(m.distributions[0]!.formats, [
      { label: 'CSV', raw: 'http://publications.europa.eu/resource/authority/file-type/CSV' },
      { label: 'JSON', raw: 'application/json' },
    ]);
    assert.deepEqual(m.distributions[1]!.formats, []);
  });

  test('CSV and WMS detection for preview and maps', async () => {
    const { byTitle } = await example({ withFile: true });
    assert.equal(byTitle('Badplatser CSV').isCsv, true);
    assert.equal(byTitle('Badplatser API').isCsv, false);
    assert.equal(byTitle('Badplatser WFS').isWms, false);
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution r:36, r:37 .
      r:36 a dcat:Distribution ; dcterms:title "Karta" ; dcat:accessURL <https://gis.example.org/ows> ; dcat:accessService r:80 .
      r:37 a dcat:Distribution ; dcterms:title "Fil" ; dcat:downloadURL <https://files.example.org/data/polls.csv> .`);
    const related = await mapOf(entryOf('80', `r:80 a dcat:DataService ; dcterms:title "Kartserver"@sv ;
      dcterms:conformsTo <http://www.opengis.net/def/serviceType/ogc/wms> ; dcat:endpointURL <https://gis.example.org/ows> ;
      dcterms:type <https://inspire.ec.europa.eu/metadata-codelist/SpatialDataServiceType/view> ;
      dcat:endpointDescription <https://gis.example.org/ows?request=GetCapabilities&service=WMS> .`));
    const m = buildDatasetModel(entry, related, { lang: 'sv', storeBaseUrl: STORE });
    const map = m.distributions.find((d) => d.title?.value === 'Karta')!;
    assert.equal(map.isWms, true);
    assert.deepEqual(map.accessService, {
      uri: R('80'), title: { value: 'Kartserver', lang: 'sv' },
      endpointDescription: 'https://gis.example.org/ows?request=GetCapabilities&service=WMS',
      type: { value: 'view', lang: '' }, entryId: '80', contextId: '7',
    });
    assert.equal(m.distributions.find((d) => d.title?.value === 'Fil')!.isCsv, true);
    // The access service of a distribution that is an entry of its own is looked up in a second round.
    assert.deepEqual(followUpResources(entry, new Map(), { storeBaseUrl: STORE }), [R('80')]);
    assert.deepEqual(followUpResources(entry, related, { storeBaseUrl: STORE }), []);
  });

  test('a distribution nobody describes (not public, not in the graph) is left out', async () => {
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution r:11, r:99 .`);
    const related = await mapOf(entryOf('11', D11));
    assert.deepEqual(buildDatasetModel(entry, related, { lang: 'sv', storeBaseUrl: STORE }).distributions.map((d) => d.uri), [R('11')]);
  });
});

describe('distribution order', () => {
  async function titlesOf(lang: string): Promise<string[]> {
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution r:41, r:42, r:43, r:44, r:45, r:46, r:47 .
      r:41 a dcat:Distribution ; dcterms:title "Öppettider"@sv .
      r:42 a dcat:Distribution ; dcterms:title "Zonindelning"@sv .
      r:43 a dcat:Distribution ; dcat:accessURL <https://x.example.org/a> .
      r:44 a dcat:Distribution ; dcterms:title "Adresser"@sv ; dcterms:format "application/json" .
      r:45 a dcat:Distribution ; dcterms:title "adresser"@sv ; dcterms:format "text/csv" .
      r:46 a dcat:Distribution ; dcterms:title "Oktober"@sv .
      r:47 a dcat:Distribution ; dcterms:title "Adresser 10"@sv , "Addresses 10"@en .`);
    const m = buildDatasetModel(entry, new Map(), { lang, storeBaseUrl: STORE });
    return m.distributions.map((d: DistributionModel) => `${d.title?.value ?? '(untitled)'}${d.formats[0] ? ` ${d.formats[0].label}` : ''}`);
  }

  test('by localized title (the UI language\'s collation), then format, untitled last', async () => {
    assert.deepEqual(await titlesOf('sv'), ['adresser CSV', 'Adresser JSON', 'Adresser 10', 'Oktober', 'Zonindelning', 'Öppettider', '(untitled)']);
    // German sorts Ö with O; English shows the English title where there is one.
    assert.deepEqual(await titlesOf('de'), ['Addresses 10', 'adresser CSV', 'Adresser JSON', 'Oktober', 'Öppettider', 'Zonindelning', '(untitled)']);
  });
});

describe('expanded area (§5)', () => {
  test('metadata rows in order, title / download URLs / access service not repeated', async () => {
    const entry = await entryOf('20', `r:20 a dcat:Dataset ; dcat:distribution r:11 .`);
    const related = await mapOf(entryOf('11', `r:11 a dcat:Distribution ; dcterms:title "Full" ;
      dcterms:description "<p>Beskrivning</p><p>Rad&nbsp;två</p>"@sv ; dcat:accessURL <https://x.example.org/access> ; dcat:downloadURL <https://x.example.org/f.csv> ;
      dcterms:format ft:CSV ; dcat:mediaType <https://www.iana.org/assignments/media-types/text/csv> ; dcat:byteSize "5312"^^xsd:decimal ;
      dcterms:language <http://publications.europa.eu/resource/authority/language/SWE> ; dcterms:issued "2024-01-01"^^xsd:date ;
      dcterms:modified "2024-02-01"^^xsd:date ; adms:status <http://purl.org/adms/status/Completed> ;
      dcterms:license <https://creativecommons.org/licenses/by/4.0/> ; dcterms:rights [ rdfs:label "Fri användning"@sv ] ;
      spdx:checksum [ spdx:algorithm spdx:checksumAlgorithm_sha256 ; spdx:checksumValue "9f86d081884c7d65" ] ;
      foaf:page <https://x.example.org/doc> ; dcterms:conformsTo <https://x.example.org/schema> ;
      dcatap:availability <http://data.europa.eu/r5r/availability/stable> ;
      dcatap:applicableLegislation <http://data.europa.eu/eli/reg_impl/2023/138/oj> ;
      dcat:accessService [ dcterms:title "S" ] .`));
    const d = buildDatasetModel(entry, related, { lang: 'sv', storeBaseUrl: STORE }).distributions[0]!;
    const keys: FieldKey[] = ['description', 'accessURL', 'format', 'mediaType', 'byteSize', 'language', 'issued', 'modified', 'status',
      'license', 'rights', 'checksum', 'page', 'conformsTo', 'availability', 'applicableLegislation'];
    assert.deepEqual(d.fields.map((f) => f.key), keys);
    const text = (k: FieldKey) => d.fields.find((f) => f.key === k)!.values.map((v) => (v.kind === 'date' ? v.value : v.text.value));
    assert.deepEqual(text('description'), ['Beskrivning\n\nRad två']);
    assert.deepEqual(text('byteSize'), ['5,3\u00a0kB']);
    assert.deepEqual(text('format'), ['CSV']);
    assert.deepEqual(text('mediaType'), ['text/csv']);
    assert.deepEqual(text('language'), ['Svenska']);
    assert.deepEqual(text('status'), ['Completed']);
    assert.deepEqual(text('license'), ['CC BY 4.0']);
    assert.deepEqual(text('rights'), ['Fri användning']);
    assert.deepEqual(text('checksum'), ['SHA-256: 9f86d081884c7d65']);
    assert.deepEqual(text('availability'), ['stable']);
    // The single file takes the distribution's byte size.
    assert.deepEqual(d.files, [{ href: 'https://x.example.org/f.csv', name: 'f.csv', byteSize: 5312 }]);
  });
});
