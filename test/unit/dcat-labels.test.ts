// Issue 11 point 3: real catalogs (shared/fixtures, see SOURCES.md) showed URI fragments where a label belongs:
// themes "2884", "hh"; publisher "owner.rdf"; licences "NoCommercialUseWithFees", "FreeAndOpen", "TermsOfUse"; type
// "NonGovernmentalOrganisation"; "Conforms to: swagger". Labels come from the metadata itself (its own labels, a
// skos:exactMatch to a bundled vocabulary, the http/https twin of a URI), the bundled ADMS publisher types, INSPIRE
// themes and GEMET concepts; only when nothing names a value does its code show, as written (issue 28 point 4: never
// split into words, "Terms Of Use", nor "GEMET 2884").
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { buildDataServiceModel } from '../../src/dcat/dataservice.ts';
import { buildDatasetModel } from '../../src/dcat/dataset.ts';
import type { DatasetModel, FieldKey, Value } from '../../src/dcat/model.ts';
import { uriTail } from '../../src/dcat/read.ts';
import { loadAllVocabularies, vocabLabel } from '../../src/dcat/vocab.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { Graph, literal, namedNode, subjectsOfType, type Term } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { parseRdf, type RdfFormat } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { SKIP_NO_SHARED, sharedDirUrl } from '../shared-fixtures.ts';

// UI strings and vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const DIR = sharedDirUrl('fixtures/dcat');
const skip = !existsSync(DIR) && SKIP_NO_SHARED;
const STORE = 'https://data.example.org/store/';

async function graphOf(files: readonly string[], format: RdfFormat): Promise<Graph> {
  const g = new Graph();
  for (const f of files) {
    // The HVD examples use SPARQL-style `prefix` lines, which src/rdf/parse.ts does not read: written as `@prefix … .`
    const text = readFileSync(new URL(f, DIR), 'utf8').replace(/^prefix\s+(\S*:)\s*(<[^>]*>)\s*$/gim, '@prefix $1 $2 .');
    g.addAll(await parseRdf(text, format, 'https://fixtures.example.org/'));
  }
  return g;
}

const entryFor = (g: Graph, s: Term): StoreEntry =>
  ({ contextId: '1', entryId: '1', entryUri: `${STORE}1/entry/1`, resourceUri: s.value, metadata: g, info: new Graph(), relations: new Graph() });

const texts = (values: readonly Value[] | undefined): string[] => (values ?? []).map((v) => (v.kind === 'date' ? v.value : v.text.value));
const field = (m: { fields: readonly { key: FieldKey; values: readonly Value[] }[] }, k: FieldKey): string[] => texts(m.fields.find((f) => f.key === k)?.values);

async function datasets(files: readonly string[], format: RdfFormat, lang: string): Promise<DatasetModel[]> {
  const g = await graphOf(files, format);
  return subjectsOfType(g, `${NS.dcat}Dataset`).map((s) => buildDatasetModel(entryFor(g, s), new Map(), { lang, storeBaseUrl: STORE }));
}

describe('labels instead of URI fragments, on real catalogs', { skip }, () => {
  test('GeoDCAT-AP: the INSPIRE theme "hh" and the GEMET concept 2884 are named in the UI language (GEMET: en/de)', async () => {
    const gemet = { en: 'Environmental noise', sv: 'Environmental noise', de: 'Umgebungslärm' };
    for (const [lang, hh] of [['en', 'Human health and safety'], ['sv', 'Människors hälsa och säkerhet'], ['de', 'Gesundheit und Sicherheit']] as const) {
      const [m] = await datasets(['eu/geodcat-ap-2.0.0/dataset.ttl'], 'turtle', lang);
      const themes = texts(m!.themes);
      assert.ok(themes.includes(hh), `${lang}: ${themes.join(' | ')}`);
      assert.ok(themes.includes(gemet[lang]), themes.join(' | '));
      assert.ok(!themes.includes('hh') && !themes.includes('2884') && !themes.includes('GEMET 2884'), themes.join(' | '));
    }
  });

  test('DCAT-AP-SE (Swedish Polls): the ADMS publisher type is named, in sv/en/de', async () => {
    for (const [lang, label] of [['sv', 'Icke-statlig organisation'], ['en', 'Non-governmental organisation'], ['de', 'Nichtregierungsorganisation']] as const) {
      const [m] = await datasets(['se/swedishpolls_dcat-ap.rdf'], 'rdfxml', lang);
      assert.deepEqual(field(m!, 'type'), [label]);
    }
    assert.equal(vocabLabel('https://purl.org/adms/publishertype/LocalAuthority', 'sv'), 'Lokal myndighet');
  });

  test('DCAT-AP-SE (luftfartygsregistret): an unnamed publisher given as an RDF document is shown by its site', async () => {
    const g = await graphOf(['se/oppna-luftfartygsregistret_dcat-ap.rdf'], 'rdfxml');
    const ds = subjectsOfType(g, `${NS.dcat}Dataset`)[0]!;
    const m = buildDatasetModel(entryFor(g, ds), new Map(), { lang: 'en', storeBaseUrl: STORE });
    assert.equal(uriTail('https://civictech.se/owner.rdf'), 'civictech.se');
    const strings = JSON.stringify(m);
    assert.ok(!/"owner\.rdf"/.test(strings), 'no "owner.rdf" label');
    // with the catalog's agent description in a related entry, its own name wins over any fallback
    const agent = new Graph();
    agent.add(namedNode('https://civictech.se/owner.rdf'), `${NS.foaf}name`, literal('Civic Tech Sweden'));
    const related = new Map([['https://civictech.se/owner.rdf', { ...entryFor(agent, namedNode('https://civictech.se/owner.rdf')), entryId: '2' }]]);
    const named = buildDatasetModel(entryFor(g, ds), related, { lang: 'en', storeBaseUrl: STORE });
    assert.equal(named.publisher?.name?.value, 'Civic Tech Sweden');
  });

  test('DCAT-AP HVD: a licence document skos:exactMatch an EU licence carries its label; unnamed ones show their code (issue 28)', async () => {
    const files = ['eu/hvd-3.0.0/example-data_service_terms_sla.ttl', 'eu/hvd-3.0.0/example-map_licenses.ttl'];
    const all = await datasets(files, 'turtle', 'en');
    const bees = all.find((m) => m.title?.value === 'The population of bees')!;
    const licences = bees.distributions.flatMap((d) => field(d, 'license'));
    assert.ok(licences.includes(vocabLabel('http://publications.europa.eu/resource/authority/licence/CC0', 'en')!), licences.join(' | '));
    assert.ok(licences.includes('NoCommercialUseWithFees'), licences.join(' | '));
    assert.ok(!licences.some((l) => /^(FreeAndOpen|No Commercial Use With Fees|Free And Open)$/.test(l)), licences.join(' | '));
    const g = await graphOf(files, 'turtle');
    const service = buildDataServiceModel(entryFor(g, subjectsOfType(g, `${NS.dcat}DataService`)[0]!), new Map(), { lang: 'en', storeBaseUrl: STORE });
    assert.deepEqual(field(service, 'license'), ['TermsOfUse']);
  });

  test('a licence published under http and https is one value with one label', () => {
    const g = new Graph();
    const ds = namedNode('https://data.example.org/ds/1');
    g.add(ds, `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
    g.add(ds, `${NS.dcterms}license`, namedNode('http://creativecommons.org/publicdomain/zero/1.0/'));
    g.add(ds, `${NS.dcterms}license`, namedNode('https://creativecommons.org/publicdomain/zero/1.0/'));
    g.add(ds, `${NS.dcterms}license`, namedNode('https://data.example.org/licence/open'));
    g.add(namedNode('https://data.example.org/licence/open'), `${NS.dcterms}title`, literal('Öppen licens', { language: 'sv' }));
    const m = buildDatasetModel(entryFor(g, ds), new Map(), { lang: 'sv', storeBaseUrl: STORE });
    assert.deepEqual(field(m, 'license'), ['CC0 1.0', 'Öppen licens']);
  });

  test('"Conforms to" an API description a store generates (…/swagger) reads "OpenAPI"', () => {
    assert.equal(uriTail('https://demo.catalog-blocks.example/rowstore/dataset/swedishpolls/swagger'), 'OpenAPI');
  });
});
