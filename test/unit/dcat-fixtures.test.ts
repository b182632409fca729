// The view model over real published catalogs (shared/fixtures, see SOURCES.md). Each file is one harvested graph:
// the entry's metadata is the whole graph and `related` is empty, so everything goes through the graph fallbacks.
import { entryIndicators } from '../../src/rich/indicators.ts';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { buildDataServiceModel } from '../../src/dcat/dataservice.ts';
import { buildDatasetModel } from '../../src/dcat/dataset.ts';
import { entryKind } from '../../src/dcat/kind.ts';
import type { DatasetModel, FieldKey } from '../../src/dcat/model.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import { Graph, subjectsOfType, type Term } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { parseRdf, type RdfFormat } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';
import { SKIP_NO_SHARED, sharedDirUrl } from '../shared-fixtures.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const DIR = sharedDirUrl('fixtures/dcat');
const skip = !existsSync(DIR) && SKIP_NO_SHARED;
const STORE = 'https://data.example.org/store/';

const cache = new Map<string, Promise<Graph>>();
function graphOf(file: string, format: RdfFormat): Promise<Graph> {
  if (!cache.has(file)) cache.set(file, parseRdf(readFileSync(new URL(file, DIR), 'utf8'), format, 'https://fixtures.example.org/'));
  return cache.get(file)!;
}

function entryFor(g: Graph, subject: Term): StoreEntry {
  const resourceUri = subject.termType === 'BlankNode' ? `_:${subject.value}` : subject.value;
  return { contextId: '1', entryId: '1', entryUri: `${STORE}1/entry/1`, resourceUri, metadata: g, info: new Graph(), relations: new Graph() };
}

async function datasets(file: string, format: RdfFormat, lang = 'sv'): Promise<DatasetModel[]> {
  const g = await graphOf(file, format);
  return subjectsOfType(g, `${NS.dcat}Dataset`).map((s) => buildDatasetModel(entryFor(g, s), new Map(), { lang, storeBaseUrl: STORE }));
}

const fieldText = (m: { fields: readonly { key: FieldKey; values: readonly import('../../src/dcat/model.ts').Value[] }[] }, k: FieldKey) =>
  m.fields.find((f) => f.key === k)?.values.map((v) => (v.kind === 'date' ? v.value : v.text.value)) ?? [];

function allHrefs(x: unknown, out: string[] = []): string[] {
  if (Array.isArray(x)) x.forEach((v) => allHrefs(v, out));
  else if (x && typeof x === 'object') {
    for (const [k, v] of Object.entries(x)) {
      if (['href', 'accessUrl', 'apiDescription', 'endpointDescription', 'homepage', 'email'].includes(k) && typeof v === 'string') out.push(v);
      else if ((k === 'endpointUrls' || k === 'endpointDescriptions') && Array.isArray(v)) out.push(...(v as string[]));
      else allHrefs(v, out);
    }
  }
  return out;
}

describe('real catalogs', { skip }, () => {
  test('civictech.se (sv/en, literal MIME formats): titles per language, EU labels, CSV rows', async () => {
    const sv = await datasets('se/civictech-se_dcat-ap.rdf', 'rdfxml', 'sv');
    const en = await datasets('se/civictech-se_dcat-ap.rdf', 'rdfxml', 'en');
    assert.equal(sv.length, 4);
    assert.ok(sv.every((m) => m.title && m.publisher?.name?.value === 'Civic Tech Sweden'));
    const reg = sv.find((m) => m.title?.value === 'Svenska luftfartygsregistret')!;
    assert.equal(en.find((m) => m.uri === reg.uri)!.title?.value, 'Swedish aircraft register');
    assert.deepEqual(reg.themes.map((t) => t.kind !== 'date' && t.text.value), ['Transport']);
    assert.deepEqual(fieldText(reg, 'accrualPeriodicity'), ['Månatligen']);
    assert.deepEqual(fieldText(reg, 'accessRights'), ['Offentlig']);
    assert.deepEqual(fieldText(reg, 'temporal'), ['1 september 2022 – 31 december 2099']);
    assert.deepEqual(reg.distributions.map((d) => d.formats.map((f) => f.label).join()), ['JSON', 'CSV', 'JSON']);
    assert.deepEqual(reg.distributions.map((d) => d.isCsv), [false, true, false]);
    const total = sv.reduce((n, m) => n + m.distributions.length, 0);
    assert.equal(total, 37);
  });

  test('DCAT-AP-SE recommended example: Turtle and RDF/XML give the same model', async () => {
    const [ttl] = await datasets('se/dcat-ap-se_exempel_rekommenderat.ttl', 'turtle');
    const [rdf] = await datasets('se/dcat-ap-se_exempel_rekommenderat.rdf', 'rdfxml');
    assert.deepEqual(ttl, rdf);
    assert.deepEqual(fieldText(ttl!, 'contactPoint'), ['Öppna data gruppen på exempel organisationen', 'oppnadata@exemple.com', '+46012345678']);
    assert.deepEqual(fieldText(ttl!, 'temporal'), ['1 januari 2010 – 1 januari 2012']);
  });

  test('DCAT-AP-SE data service: endpoints, access, contact', async () => {
    const g = await graphOf('se/dcat-ap-se_exempel_rekommenderat.ttl', 'turtle');
    const svc = subjectsOfType(g, `${NS.dcat}DataService`)[0]!;
    assert.equal(entryKind(entryFor(g, svc)), 'service');
    const m = buildDataServiceModel(entryFor(g, svc), new Map(), { lang: 'en', storeBaseUrl: STORE });
    assert.equal(m.title?.value, 'API exempel');
    assert.deepEqual(m.endpointUrls, ['http://example.com/api']);
    assert.deepEqual(m.endpointDescriptions, ['http://example.com/apidescription']);
    assert.deepEqual(fieldText(m, 'accessRights'), ['Public']);
  });

  test('OpenUmeå 2015 (sv-SE tags, messy literals): sv-SE serves sv, quoted URLs stay text', async () => {
    const [m] = await datasets('se/openumea_dcat_2015.rdf', 'rdfxml', 'sv');
    assert.equal(m!.title?.value, 'Länkade Öppna Data som innehåller mätdata avseende luftkvaliteten i Umeå');
    assert.equal(m!.title?.lang, 'sv-se');
    // One paragraph; its single line break is kept (blocks render with white-space: pre-line).
    assert.equal(m!.description.length, 1);
    assert.match(m!.description[0]!.value, /registrerade värdet\.\nData är inte kvalitetssäkrat/);
    assert.equal(m!.publisher?.email, 'mailto:admin.openumea@umea.se');
    const landing = m!.fields.find((f) => f.key === 'landingPage')!.values[0]!;
    assert.equal(landing.kind, 'text');
  });

  test('Rostock (de, 100 datasets): file-type badges, WMS detection, German labels, sizes', async () => {
    const all = await datasets('de/rostock-catalog.rdf', 'rdfxml', 'de');
    assert.equal(all.length, 100);
    const dists = all.flatMap((m) => m.distributions);
    assert.equal(dists.length, 773);
    assert.ok(dists.filter((d) => d.isWms).length >= 90, 'WMS distributions detected');
    assert.ok(dists.every((d) => d.formats.every((f) => f.label.length <= 12)));
    const halt = all.find((m) => m.title?.value === 'Haltestellen')!;
    assert.deepEqual(halt.themes.map((t) => t.kind !== 'date' && t.text.value), ['Verkehr']);
    assert.deepEqual(fieldText(halt, 'language'), ['Deutsch']);
    const csv = halt.distributions.find((d) => d.formats[0]?.label === 'CSV')!;
    assert.equal(csv.isCsv, true);
    assert.equal(csv.files[0]!.name, 'haltestellen.csv');
    assert.match(fieldText(csv, 'byteSize')[0]!, /^\d+(,\d)?\u00a0(kB|MB)$/);
  });

  test('Antwerp (491 datasets, HTML in descriptions, literal themes): plain text, safe links only', async () => {
    const all = await datasets('large/antwerpen-dcat.xml', 'rdfxml', 'en');
    assert.equal(all.length, 491);
    assert.equal(all.reduce((n, m) => n + m.distributions.length, 0), 2884);
    for (const m of all) {
      for (const p of m.description) assert.doesNotMatch(p.value, /<(strong|div|p|span|em|br)\b|&nbsp;|&amp;/i, m.uri);
      for (const h of allHrefs(m)) assert.equal(safeHref(h), h);
    }
    assert.ok(all.some((m) => m.themes.some((t) => t.kind === 'text' && t.text.value === 'geospatial')));
  });

  test('DCAT-AP HVD 3.0.0: HVD category and legislation labels, HVD indicator', async () => {
    const [m] = await datasets('eu/hvd-3.0.0/example-ms_catalogue_hvd.jsonld', 'jsonld', 'sv');
    const g = await graphOf('eu/hvd-3.0.0/example-ms_catalogue_hvd.jsonld', 'jsonld');
    const hvd = entryFor(g, subjectsOfType(g, `${NS.dcat}Dataset`)[0]!);
    assert.deepEqual(fieldText(m!, 'hvdCategory'), ['Naturskydd och biologisk mångfald']);
    assert.deepEqual(fieldText(m!, 'applicableLegislation'), ['Genomförandeförordning (EU) 2023/138', 'Direktiv (EU) 2007/2']);
    // the licence (exampleMS:FreeAndOpen) is named by its skos:exactMatch to the EU licence CC0 (issue 11 point 3)
    assert.deepEqual(entryIndicators(hvd, 'sv').map((i) => i.key), ['frequency', 'license', 'hvd']);
    assert.match(entryIndicators(hvd, 'sv').find((i) => i.key === 'license')!.text.value, /CC0/);
    assert.deepEqual(fieldText(m!, 'accrualPeriodicity'), ['Vartannat år']);
  });

  test('DCAT-AP 3.0.1 dataset series: members link to their series, the series is a series', async () => {
    const g = await graphOf('eu/dcat-ap-3.0.1/example-bee-population-dataset-series-issued.ttl', 'turtle');
    const all = await datasets('eu/dcat-ap-3.0.1/example-bee-population-dataset-series-issued.ttl', 'turtle', 'en');
    assert.equal(all.length, 2);
    for (const m of all) {
      assert.deepEqual(m.fields.find((f) => f.key === 'inSeries')?.values, [
        { kind: 'entry', text: { value: 'Bee population', lang: 'en' }, resourceUri: 'https://data.gov.gr/id/datasetseries/BeePopulation' },
      ]);
    }
    const series = subjectsOfType(g, `${NS.dcat}DatasetSeries`)[0]!;
    const model = buildDatasetModel(entryFor(g, series), new Map(), { lang: 'en', storeBaseUrl: STORE });
    assert.equal(model.kind, 'series');
    assert.deepEqual(fieldText(model, 'issued'), ['2022-04-01']);
  });

  test('GeoDCAT-AP WMS service: endpoints kept, geometry not dumped, licence document label', async () => {
    const g = await graphOf('eu/geodcat-ap-2.0.0/data-service.ttl', 'turtle');
    const svc = subjectsOfType(g, `${NS.dcat}DataService`)[0]!;
    const m = buildDataServiceModel(entryFor(g, svc), new Map(), { lang: 'en', storeBaseUrl: STORE });
    assert.equal(m.title?.value, 'EIONET monitoring sites - Web Service');
    assert.equal(m.endpointUrls.length, 2);
    assert.equal(m.endpointDescriptions.length, 2);
    assert.deepEqual(fieldText(m, 'license'), ['No limitations in the use of this web service.']);
    assert.equal(m.description.length, 1);
    assert.ok(m.description[0]!.value.startsWith('The service contains information'));
    for (const h of allHrefs(m)) assert.equal(safeHref(h), h);
  });
});
