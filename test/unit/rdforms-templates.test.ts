/**
 * The RDForms template table (src/rdforms/templates.ts) against the incumbent's published DCAT-AP templates, and the
 * presenter (src/rdforms/present.ts) on the demo catalog's graph.
 *
 * The expected field lists below are written by hand from the published templates, not computed from the table:
 * - `dcat:OnlyDataset`, `dcat:OnlyDistribution`, `dcat:OnlyCatalog`: EntryScape's DCAT-AP bundle
 *   (entryscape `src/templates/dcat-ap/dcat-ap.json` + `dcat-ap_props.json`), the ids of the `viewMetadata` docs;
 * - `dcat:Dataset`, `dcat:Distribution`, `dcat:Catalog`, `dcat:DataService`, `dcat:DatasetSeries`,
 *   `dcat:contactPoint`, `dcat:foaf:Agent`, `dcat:dcterms:spatial_bb_da`: the DCAT-AP-SE bundle EntryScape
 *   installations use (diggsweden/DCAT-AP-SE `bundle.json`, `templates/<id>/index`).
 * Where a template has two items for one property that only differ in the vocabulary they offer an editor (the
 * deprecated `purl.org/cld/freq` frequencies next to the EU ones, the two Creative Commons / other licence choices, the
 * three format choices, the deprecated theme taxonomy), the table has one field: a viewer shows the property's values
 * once. An id both bundles define (`dcat:dcterms:spatial_bb_da`, the temporal group) has the DCAT-AP-SE items.
 * A group is written `[property, [its items' properties]]`.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fieldsOf, TEMPLATE_IDS, type FieldDef } from '../../src/rdforms/templates.ts';
import { presentTemplate, type PresentedField } from '../../src/rdforms/present.ts';
import { loadRdformsMessages } from '../../src/rdforms/strings.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';
import { Graph, termKey, type Term, type Triple } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';

const P: Record<string, string> = {
  dcterms: 'http://purl.org/dc/terms/', dcat: 'http://www.w3.org/ns/dcat#', foaf: 'http://xmlns.com/foaf/0.1/',
  adms: 'http://www.w3.org/ns/adms#', owl: 'http://www.w3.org/2002/07/owl#', schema: 'http://schema.org/',
  prov: 'http://www.w3.org/ns/prov#', locn: 'http://www.w3.org/ns/locn#', dcatap: 'http://data.europa.eu/r5r/',
  spdx: 'http://spdx.org/rdf/terms#', odrs: 'http://schema.theodi.org/odrs#', vcard: 'http://www.w3.org/2006/vcard/ns#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', org: 'https://www.w3.org/ns/org#',
};
const iri = (name: string) => P[name.slice(0, name.indexOf(':'))]! + name.slice(name.indexOf(':') + 1);

type Expected = readonly (string | readonly [string, readonly string[]])[];

const BBOX = ['dcat:centroid', 'dcat:bbox', 'locn:geometry'];
const RIGHTS = ['odrs:attributionText', 'odrs:attributionURL', 'odrs:copyrightNotice', 'odrs:copyrightStatement', 'odrs:copyrightYear',
  'odrs:copyrightHolder', 'odrs:jurisdiction', 'odrs:reuserGuidelines'];
const CHECKSUM = ['spdx:checksumValue', 'spdx:algorithm'];

const PUBLISHED: Readonly<Record<string, Expected>> = {
  'dcat:OnlyDataset': ['dcterms:title', 'dcterms:description', 'dcterms:publisher', 'adms:contactPoint', 'dcat:contactPoint', 'dcat:keyword',
    'dcat:theme', 'dcterms:identifier', 'adms:identifier', 'dcterms:issued', 'dcterms:modified', 'dcterms:language', 'dcat:landingPage',
    'dcterms:conformsTo', 'dcterms:spatial', ['dcterms:spatial', BBOX],
    ['dcterms:temporal', ['dcat:startDate', 'dcat:endDate', 'schema:startDate', 'schema:endDate']], 'dcterms:accrualPeriodicity',
    'owl:versionInfo', 'adms:versionNotes', 'dcterms:source', 'dcterms:accessRights', 'dcat:hasVersion', 'dcat:isVersionOf',
    'dcterms:relation', 'foaf:page', 'dcterms:provenance'],
  'dcat:Dataset': ['dcterms:title', 'dcterms:description', 'dcterms:publisher', 'dcterms:creator',
    ['prov:qualifiedAttribution', ['dcat:hadRole', 'prov:agent']], 'dcat:contactPoint', 'dcat:keyword', 'dcat:theme',
    'dcatap:applicableLegislation', 'dcatap:hvdCategory', 'dcterms:subject', 'dcterms:identifier', 'adms:identifier', 'dcterms:issued',
    'dcterms:modified', 'dcterms:language', 'dcat:landingPage', 'dcterms:conformsTo', 'dcterms:spatial', ['dcterms:spatial', BBOX],
    ['dcterms:temporal', ['dcat:startDate', 'dcat:endDate', 'schema:startDate', 'schema:endDate']], 'dcat:temporalResolution',
    'dcat:spatialResolutionInMeters', 'dcterms:accrualPeriodicity', 'owl:versionInfo', 'dcat:version', 'adms:versionNotes',
    'dcterms:source', 'dcterms:accessRights', ['schema:offers', ['schema:description', 'schema:mainEntityOfPage']], 'dcat:hasVersion',
    'dcterms:isReferencedBy', 'dcterms:relation', ['dcat:qualifiedRelation', ['dcat:hadRole', 'dcterms:relation']], 'foaf:page',
    ['dcterms:provenance', ['dcterms:description']], 'dcat:distribution', 'dcat:inSeries'],
  'dcat:OnlyDistribution': ['dcterms:title', 'dcterms:description', 'dcat:accessURL', 'dcat:downloadURL', 'dcterms:format', 'dcat:byteSize',
    'dcterms:language', 'dcterms:issued', 'dcterms:modified', 'adms:status', 'dcterms:license', ['dcterms:rights', RIGHTS],
    ['spdx:checksum', CHECKSUM], 'foaf:page', 'dcterms:conformsTo'],
  'dcat:Distribution': ['dcterms:title', 'dcterms:description', 'dcat:accessURL', 'dcat:downloadURL', 'dcterms:format', 'dcat:accessService',
    'dcat:temporalResolution', 'dcat:spatialResolutionInMeters', 'dcat:byteSize', 'dcterms:language', 'dcterms:issued', 'dcterms:modified',
    'adms:status', 'dcatap:availability', 'dcatap:applicableLegislation', 'dcterms:license', ['dcterms:rights', RIGHTS],
    ['spdx:checksum', CHECKSUM], 'foaf:page', 'dcterms:conformsTo'],
  'dcat:OnlyCatalog': ['dcterms:title', 'dcterms:description', 'dcterms:publisher', 'dcterms:issued', 'dcterms:language', 'dcterms:modified',
    'foaf:homepage', 'dcterms:spatial', 'dcterms:license', ['dcterms:rights', RIGHTS], 'dcterms:hasPart', 'dcterms:isPartOf',
    'dcat:themeTaxonomy'],
  'dcat:Catalog': ['dcterms:title', 'dcterms:description', 'dcterms:publisher', 'dcterms:issued', 'dcterms:language', 'dcterms:modified',
    'foaf:homepage', 'dcterms:spatial', 'dcterms:license', ['dcterms:rights', RIGHTS], 'dcterms:hasPart', 'dcterms:isPartOf',
    'dcat:catalog', 'dcat:themeTaxonomy', 'dcat:dataset', 'dcat:service'],
  'dcat:DataService': ['dcterms:title', 'dcterms:description', 'dcat:endpointURL', 'dcat:endpointDescription', 'dcterms:publisher',
    'dcat:contactPoint', 'dcterms:type', 'dcat:keyword', 'dcat:theme', 'dcatap:applicableLegislation', 'dcatap:hvdCategory',
    'dcterms:subject', 'dcterms:format', 'dcterms:conformsTo', 'dcat:servesDataset', 'dcterms:license', 'dcterms:accessRights',
    'dcat:landingPage', 'foaf:page'],
  'dcat:DatasetSeries': ['dcterms:title', 'dcterms:description', 'dcterms:publisher', 'dcat:contactPoint', 'dcat:keyword', 'dcat:theme',
    'dcatap:applicableLegislation', 'dcatap:hvdCategory', 'dcterms:subject', 'dcterms:conformsTo', 'dcterms:issued', 'dcterms:modified',
    'dcat:landingPage', 'dcterms:spatial', ['dcterms:spatial', BBOX], ['dcterms:temporal', ['dcat:startDate', 'dcat:endDate']],
    'dcterms:accrualPeriodicity', 'dcterms:relation', ['dcat:qualifiedRelation', ['dcat:hadRole', 'dcterms:relation']], 'foaf:page'],
  // supportive templates: groups with a property of their own (see presentTemplate for how they apply to an entry)
  'dcat:contactPoint': [['dcat:contactPoint', ['rdf:type', 'vcard:fn', 'vcard:hasEmail', 'vcard:hasTelephone',
    'vcard:hasAddress', 'vcard:hasURL']]],
  'dcat:foaf:Agent': [['dcterms:publisher', ['foaf:name', 'dcterms:description', 'dcterms:type', 'foaf:homepage', 'foaf:mbox',
    'org:classification', 'dcterms:identifier', 'owl:sameAs']]],
  'dcat:dcterms:spatial_bb_da': [['dcterms:spatial', BBOX]],
  // single fields named by pages (`{{view rdformsid="dcat:endpointDescription,dcat:dcterms:type_ds"}}`)
  'dcat:endpointDescription': ['dcat:endpointDescription'],
  'dcat:dcterms:type_ds': ['dcterms:type'],
};

const shape = (fields: readonly FieldDef[]): unknown[] =>
  fields.map((f) => (f.items ? [f.property, f.items.map((i) => i.property)] : f.property));
const expand = (e: Expected): unknown[] => e.map((x) => (typeof x === 'string' ? iri(x) : [iri(x[0]), x[1].map(iri)]));

describe('the template table against the incumbent\'s published template ids', () => {
  for (const [id, expected] of Object.entries(PUBLISHED)) {
    test(`${id}: its fields, in template order`, () => {
      const fields = fieldsOf(id);
      assert.ok(fields, `${id} is in the table`);
      assert.deepEqual(shape(fields), expand(expected));
    });
  }

  test('the main template ids real pages name are all there', () => {
    for (const id of ['dcat:OnlyDataset', 'dcat:Dataset', 'dcat:OnlyDistribution', 'dcat:Distribution', 'dcat:OnlyCatalog', 'dcat:Catalog',
      'dcat:DataService', 'dcat:DatasetSeries', 'dcat:contactPoint', 'dcat:foaf:Agent']) assert.ok(TEMPLATE_IDS.includes(id), id);
    assert.equal(fieldsOf('dcat:NoSuchTemplate'), undefined);
  });

  test('every field has a label in sv, en and de', async () => {
    await Promise.all((['sv', 'en', 'de'] as const).map(loadRdformsMessages));
    const missing: string[] = [];
    const visit = (f: FieldDef) => {
      for (const l of ['sv', 'en', 'de'] as const) if (msg(l, `rf.${f.label}`) === `rf.${f.label}`) missing.push(`${l} ${f.id} rf.${f.label}`);
      f.items?.forEach(visit);
    };
    for (const id of TEMPLATE_IDS) fieldsOf(id)!.forEach(visit);
    assert.deepEqual(missing, []);
  });
});

// ---- the presenter on the demo catalog (demo/catalog/demo-catalog.ttl: DCAT-AP-SE's example dataset, CC0)

const ROOT = join(import.meta.dirname, '../..');
const EX = 'https://example.com/';
let related: Map<string, StoreEntry>;
const entry = (uri: string) => related.get(uri)!;

/** An entry as the dev store makes it: the resource's triples, the blank-node closure, one level of other IRIs. */
function entryFrom(all: Graph, uri: string, entryUris: ReadonlySet<string>, n: number): StoreEntry {
  const metadata = new Graph();
  const seen = new Set<string>();
  const add = (s: Term, depth: number) => {
    if (seen.has(termKey(s))) return;
    seen.add(termKey(s));
    for (const t of [...all.triples()].filter((t: Triple) => termKey(t.subject) === termKey(s))) {
      metadata.add(t.subject, t.predicate, t.object);
      if (t.object.termType === 'BlankNode') add(t.object, depth);
      else if (t.object.termType === 'NamedNode' && depth === 0 && !entryUris.has(t.object.value)) add(t.object, 1);
    }
  };
  add({ termType: 'NamedNode', value: uri }, 0);
  return { contextId: '1', entryId: String(n), entryUri: `${EX}store/1/entry/${n}`, resourceUri: uri, metadata, info: new Graph(), relations: new Graph() };
}

before(async () => {
  const ttl = await readFile(join(ROOT, 'demo/catalog/demo-catalog.ttl'), 'utf8');
  const all = await parseRdf(ttl, 'turtle', 'https://demo.catalog-blocks.example/');
  const uris = ['dataset1', 'publisher1', 'contactpoint1', 'distribution1', 'distribution2', 'dataservice1'].map((s) => EX + s);
  uris.push('http://www.example.org/dataset/12345678-9abc-4729-9044-f4d4ceaed491');
  const set = new Set(uris);
  related = new Map(uris.map((u, i) => [u, entryFrom(all, u, set, i + 1)]));
  await Promise.all([loadAllVocabularies(), ...(['sv', 'en', 'de'] as const).map(loadRdformsMessages)]);
});

/** What a reader sees: label → values (a date as `date:<lexical>`, a group as its own label → values). */
type Seen = [string, unknown[]][];
const seen = (fields: readonly PresentedField[]): Seen => fields.map((f) => [f.label, f.values.map((v) => {
  switch (v.kind) {
    case 'group': return seen(v.fields);
    case 'date': return `date:${v.value}`;
    default: return v.text.value;
  }
})]);
const present = (uri: string, id: string, lang: Lang, filterPredicates?: string) =>
  presentTemplate(entry(uri), related, id, { lang, filterPredicates });

describe('the presenter: triples in, labels and values out', () => {
  test('dcat:OnlyDataset on "Libraries in Sweden", in English: the fields with values, in template order', () => {
    const out = present(`${EX}dataset1`, 'dcat:OnlyDataset', 'en');
    assert.deepEqual(out.unknown, []);
    assert.deepEqual(seen(out.fields), [
      ['Title', ['Libraries in Sweden']],
      ['Description', ['Plats och öppettider för alla bibliotek i Sverige']],
      ['Publisher', ['Exempel organisation']],
      ['Contact point', ['Öppna data gruppen på exempel organisationen', 'oppnadata@exemple.com', '+46012345678']],
      ['Keyword', ['library']],
      ['Category', ['Education, culture and sport']],
      ['Release date', ['date:2020-01-01']],
      ['Spatial coverage', ['Sweden']],
      ['Time period', [[['Start', ['date:2010-01-01']], ['End', ['date:2012-01-01']]]]],
      ['Access rights', ['Public']],
    ]);
  });

  test('the same in Swedish and German: labels of the UI language, literals picked for it', () => {
    assert.deepEqual(seen(present(`${EX}dataset1`, 'dcat:OnlyDataset', 'sv').fields).map(([l, v]) => [l, v.length === 1 ? v[0] : v.length]), [
      ['Titel', 'Bibliotek i Sverige'],
      ['Beskrivning', 'Plats och öppettider för alla bibliotek i Sverige'],
      ['Utgivare', 'Exempel organisation'],
      ['Kontaktuppgift', 3],
      ['Nyckelord', 'bibliotek'],
      ['Kategori', 'Utbildning, kultur och sport'],
      ['Utgivningsdatum', 'date:2020-01-01'],
      ['Geografisk täckning', 'Sweden'],
      ['Tidsperiod', [['Start', ['date:2010-01-01']], ['Slut', ['date:2012-01-01']]]],
      ['Åtkomsträttigheter', 'Offentlig'],
    ]);
    const de = seen(present(`${EX}dataset1`, 'dcat:OnlyDataset', 'de').fields);
    assert.deepEqual(de.map(([l]) => l), ['Titel', 'Beschreibung', 'Herausgeber', 'Kontakt', 'Schlagwort', 'Kategorie',
      'Veröffentlichungsdatum', 'Räumliche Abdeckung', 'Zeitraum', 'Zugriffsrechte']);
    assert.deepEqual(de[5], ['Kategorie', ['Bildung, Kultur und Sport']]);
  });

  test('filterpredicates leaves out the fields of those properties (prefixed names, as pages write them)', () => {
    const out = present(`${EX}dataset1`, 'dcat:OnlyDataset', 'en', 'dcterms:title, dcterms:description,dcat:theme,dcterms:publisher');
    assert.deepEqual(seen(out.fields).map(([l]) => l), ['Contact point', 'Keyword', 'Release date', 'Spatial coverage', 'Time period', 'Access rights']);
    // inside groups too
    const inner = present(`${EX}dataset1`, 'dcat:OnlyDataset', 'en', 'dcat:endDate');
    assert.deepEqual(seen(inner.fields).find(([l]) => l === 'Time period'), ['Time period', [[['Start', ['date:2010-01-01']]]]]);
  });

  test('dcat:Distribution on a distribution entry', () => {
    assert.deepEqual(seen(present(`${EX}distribution1`, 'dcat:Distribution', 'en').fields), [
      ['Description', ['En förteckning över bibliotek inklusive namn, plats, adress och öppettider.']],
      ['Access URL', ['http://example.com/download']],
      ['Download URL', ['http://example.com/download']],
      ['Format', ['text/csv']],
      ['Availability', ['experimental']],
      ['Licence', ['CC0 1.0']],
    ]);
  });

  test('dcat:Dataset (DCAT-AP-SE) also lists the distributions, by their titles or descriptions', () => {
    const out = seen(present(`${EX}dataset1`, 'dcat:Dataset', 'sv').fields);
    assert.deepEqual(out.map(([l]) => l), ['Titel', 'Beskrivning', 'Utgivare', 'Kontaktuppgift', 'Nyckelord', 'Kategori', 'Utgivningsdatum',
      'Geografisk täckning', 'Tidsperiod', 'Åtkomsträttigheter', 'Distribution']);
    assert.equal(out.at(-1)![1].length, 2);
  });

  test('the bounding-box template on a dataset: its geometry as coordinates, not WKT', () => {
    const out = present('http://www.example.org/dataset/12345678-9abc-4729-9044-f4d4ceaed491', 'dcat:dcterms:spatial_bb_da', 'en');
    assert.deepEqual(seen(out.fields), [['Geographical area', [[['Geographic shape', ['West 7.28, South 52.57, East 7.31, North 52.58']]]]]]);
  });

  test('dcat:contactPoint on a contact entry: its own sub-fields, the address as a group', () => {
    assert.deepEqual(seen(present(`${EX}contactpoint1`, 'dcat:contactPoint', 'sv').fields), [['Kontaktuppgift', [[
      ['Typ', ['Organisation']],
      ['Namn', ['Öppna data gruppen på exempel organisationen']],
      ['E-postadress', ['oppnadata@exemple.com']],
      ['Telefon', ['+46012345678']],
      ['Adress', [[['Land', ['Sverige']], ['Postort', ['Teststaden']], ['Postnummer', ['70000']], ['Gatuadress', ['exempelgatan 1']]]]],
    ]]]]);
  });

  test('a comma list of field ids (as the national portal writes it) shows those fields', () => {
    assert.deepEqual(seen(present(`${EX}dataservice1`, 'dcat:endpointDescription,dcat:dcterms:type_ds', 'en').fields),
      [['Endpoint description', ['http://example.com/apidescription']]]);
  });

  test('an unknown id is reported and shows nothing; known ids beside it still show', () => {
    const out = present(`${EX}dataset1`, 'dcat:NoSuchTemplate', 'en');
    assert.deepEqual(out.unknown, ['dcat:NoSuchTemplate']);
    assert.deepEqual(out.fields, []);
    const mixed = present(`${EX}dataservice1`, 'dcat:NoSuchField, dcat:endpointDescription', 'en');
    assert.deepEqual(mixed.unknown, ['dcat:NoSuchField']);
    assert.deepEqual(seen(mixed.fields).map(([l]) => l), ['Endpoint description']);
  });

  test('links are safe links, values are text', () => {
    const out = present(`${EX}distribution1`, 'dcat:Distribution', 'en');
    const access = out.fields.find((f) => f.label === 'Access URL')!.values[0]!;
    assert.equal(access.kind, 'link');
    assert.equal(access.kind === 'link' && access.href, 'http://example.com/download');
  });
});
