import assert from 'node:assert/strict';
import { entryIndicators } from '../../src/rich/indicators.ts';
import { describe, test } from 'node:test';
import { buildDatasetModel, linkedResources } from '../../src/dcat/dataset.ts';
import { entryKind } from '../../src/dcat/kind.ts';
import type { DatasetModel, Field, FieldKey, Value } from '../../src/dcat/model.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import { Graph, literal, namedNode } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const AUTH = 'http://publications.europa.eu/resource/authority/';
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> . @prefix vcard: <http://www.w3.org/2006/vcard/ns#> .
@prefix adms: <http://www.w3.org/ns/adms#> . @prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcatap: <http://data.europa.eu/r5r/> . @prefix schema: <http://schema.org/> . @prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix locn: <http://www.w3.org/ns/locn#> . @prefix esterms: <http://entryscape.com/terms/> .
@prefix r: <${STORE}7/resource/> . @prefix theme: <${AUTH}data-theme/> . @prefix freq: <${AUTH}frequency/> .
@prefix access: <${AUTH}access-right/> . @prefix language: <${AUTH}language/> .
`;

const graphOf = (ttl: string) => parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/');

async function entryOf(id: string, ttl: string, info = ''): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await graphOf(ttl), info: await graphOf(info), relations: new Graph(),
  };
}

async function relatedOf(...entries: Promise<StoreEntry>[]): Promise<Map<string, StoreEntry>> {
  return new Map((await Promise.all(entries)).map((e) => [e.resourceUri, e]));
}

const build = (e: StoreEntry, related: ReadonlyMap<string, StoreEntry> = new Map(), lang = 'sv') =>
  buildDatasetModel(e, related, { lang, storeBaseUrl: STORE });
const field = (m: { fields: readonly Field[] }, key: FieldKey) => m.fields.find((f) => f.key === key);
const texts = (f: Field | undefined) => (f?.values ?? []).map((v) => (v.kind === 'date' ? v.value : v.text.value));

const FULL = `
r:20 a dcat:Dataset ;
  dcterms:title "Cykelparkeringar"@sv, "Bicycle parking"@en ;
  dcterms:description "Första stycket.\\nRad två.\\n\\n  Andra stycket.  "@sv, "First paragraph."@en ;
  dcterms:publisher r:40 ;
  dcat:theme theme:TRAN, theme:ENVI ;
  dcat:contactPoint [ a vcard:Organization ; vcard:fn "Kundtjänst" ; vcard:hasEmail <mailto:info@example.org> ;
    vcard:hasURL <https://example.org/kontakt> ] ;
  dcat:keyword "cykel"@sv, "bike"@en, "parkering"@sv, "GIS" ;
  dcterms:identifier "ds-20" ;
  adms:identifier [ a adms:Identifier ; skos:notation "SE-123" ; adms:schemaAgency "Lantmäteriet" ] ;
  dcterms:issued "2024-01-15"^^xsd:date ;
  dcterms:modified "2024-05-03T10:15:00+02:00"^^xsd:dateTime ;
  dcterms:language language:SWE ;
  dcat:landingPage <https://example.org/cykel> ;
  dcterms:conformsTo <https://example.org/standard/parking-v2> ;
  dcterms:spatial <http://sws.geonames.org/2673730> ;
  dcterms:temporal [ a dcterms:PeriodOfTime ; dcat:startDate "2020-01-01"^^xsd:date ; dcat:endDate "2024-12-31"^^xsd:date ] ;
  dcterms:accrualPeriodicity freq:MONTHLY ;
  dcat:version "2.1" ;
  adms:versionNotes "Ny kolumn för kapacitet"@sv ;
  dcterms:source r:30 ;
  dcterms:accessRights access:PUBLIC ;
  dcat:hasVersion <https://example.org/versions/3> ;
  dcterms:isVersionOf <https://example.org/versions/1> ;
  dcat:inSeries r:50 ;
  dcterms:relation <https://example.org/related/thing> ;
  foaf:page <https://example.org/docs/manual.pdf> ;
  dcterms:provenance [ a dcterms:ProvenanceStatement ; rdfs:label "Inventerat 2023"@sv ] ;
  dcatap:applicableLegislation <http://data.europa.eu/eli/reg_impl/2023/138/oj> ;
  dcatap:hvdCategory <http://data.europa.eu/bna/c_b79e35eb> ;
  dcterms:creator r:41 ;
  schema:offers [ a schema:Offer ; schema:description "Avgift för stora uttag"@sv ] .
`;

async function fullModel(lang = 'sv'): Promise<DatasetModel> {
  const related = await relatedOf(
    entryOf('40', `r:40 a foaf:Agent ; foaf:name "Malmö stad" ; foaf:homepage <https://malmo.se/> ; foaf:mbox <mailto:kontakt@malmo.se> .`),
    entryOf('41', `r:41 a foaf:Person ; foaf:name "Anna Andersson" .`),
    entryOf('50', `r:50 a dcat:DatasetSeries ; dcterms:title "Parkering i Malmö"@sv, "Parking in Malmö"@en .`),
    entryOf('30', `r:30 a dcat:Dataset ; dcterms:title "Källdata"@sv .`),
  );
  return build(await entryOf('20', FULL), related, lang);
}

describe('buildDatasetModel: the parts above "Further information"', () => {
  test('title in the UI language, description paragraphs, publisher, themes', async () => {
    const sv = await fullModel('sv');
    assert.deepEqual(sv.title, { value: 'Cykelparkeringar', lang: 'sv' });
    assert.deepEqual(sv.description, [{ value: 'Första stycket.\nRad två.', lang: 'sv' }, { value: 'Andra stycket.', lang: 'sv' }]);
    assert.equal(sv.publisher?.name?.value, 'Malmö stad');
    assert.equal(sv.publisher?.homepage, 'https://malmo.se/');
    assert.equal(sv.publisher?.email, 'mailto:kontakt@malmo.se');
    assert.equal(sv.publisher?.uri, R('40'));
    assert.deepEqual(sv.themes.map((v) => v.kind === 'link' && [v.text.value, v.uri]), [
      ['Transport', `${AUTH}data-theme/TRAN`], ['Miljö', `${AUTH}data-theme/ENVI`],
    ]);
    const en = await fullModel('en');
    assert.equal(en.title?.value, 'Bicycle parking');
    assert.deepEqual(en.description.map((p) => p.value), ['First paragraph.']);
    assert.deepEqual(en.themes.map((v) => v.kind !== 'date' && v.text.value), ['Transport', 'Environment']);
    assert.equal(sv.uri, R('20'));
    assert.equal(sv.entryId, '20');
    assert.equal(sv.contextId, '7');
    assert.equal(sv.kind, 'dataset');
  });

  test('title falls back to other label properties; none → undefined (block shows "Untitled dataset")', async () => {
    assert.equal(build(await entryOf('20', `r:20 a dcat:Dataset ; rdfs:label "Etikett" .`)).title?.value, 'Etikett');
    assert.equal(build(await entryOf('20', `r:20 a dcat:Dataset ; dcat:keyword "x" .`)).title, undefined);
  });

  test('several titles: exact language, then same primary language, then English, then untagged', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:title "Utan språk", "English"@en, "Svenska"@sv-SE, "Deutsch"@de .`);
    assert.equal(build(e, new Map(), 'sv').title?.value, 'Svenska');
    assert.equal(build(e, new Map(), 'de').title?.value, 'Deutsch');
    const noEn = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:title "Utan språk", "Suomi"@fi .`);
    assert.equal(build(noEn, new Map(), 'sv').title?.value, 'Utan språk');
  });
});

describe('buildDatasetModel: "Further information"', () => {
  test('every row of the behaviour table, in order, publisher/title/description/theme not repeated', async () => {
    const m = await fullModel();
    assert.deepEqual(m.fields.map((f) => f.key), [
      'contactPoint', 'keyword', 'identifier', 'otherIdentifier', 'issued', 'modified', 'language', 'landingPage',
      'conformsTo', 'spatial', 'temporal', 'accrualPeriodicity', 'version', 'versionNotes', 'source', 'accessRights',
      'hasVersion', 'isVersionOf', 'inSeries', 'relation', 'page', 'provenance', 'applicableLegislation', 'hvdCategory',
      'creator', 'fee',
    ]);
  });

  test('empty rows are omitted', async () => {
    const m = build(await entryOf('20', `r:20 a dcat:Dataset ; dcterms:title "T" ; dcat:keyword "a" ; dcterms:identifier "" .`));
    assert.deepEqual(m.fields.map((f) => f.key), ['keyword']);
  });

  test('values: contact point, identifiers, dates, vocabulary labels, series, creator, fee', async () => {
    const m = await fullModel('sv');
    assert.deepEqual(field(m, 'contactPoint')?.values, [
      { kind: 'text', text: { value: 'Kundtjänst', lang: '' } },
      { kind: 'link', text: { value: 'info@example.org', lang: '' }, href: 'mailto:info@example.org' },
      { kind: 'link', text: { value: 'https://example.org/kontakt', lang: '' }, href: 'https://example.org/kontakt' },
    ]);
    assert.deepEqual(texts(field(m, 'keyword')), ['cykel', 'parkering', 'GIS']);
    assert.deepEqual(texts(field(m, 'identifier')), ['ds-20']);
    assert.deepEqual(texts(field(m, 'otherIdentifier')), ['SE-123 (Lantmäteriet)']);
    assert.deepEqual(field(m, 'issued')?.values, [{ kind: 'date', value: '2024-01-15', precision: 'day' }]);
    assert.deepEqual(field(m, 'modified')?.values, [{ kind: 'date', value: '2024-05-03T10:15:00+02:00', precision: 'time' }]);
    assert.deepEqual(texts(field(m, 'language')), ['Svenska']);
    assert.deepEqual(field(m, 'landingPage')?.values[0], {
      kind: 'link', text: { value: 'https://example.org/cykel', lang: '' }, href: 'https://example.org/cykel', uri: 'https://example.org/cykel',
    });
    assert.deepEqual(texts(field(m, 'conformsTo')), ['parking-v2']);
    assert.deepEqual(texts(field(m, 'temporal')), ['1 januari 2020 – 31 december 2024']);
    assert.deepEqual(texts(field(m, 'accrualPeriodicity')), ['Månatligen']);
    assert.deepEqual(texts(field(m, 'version')), ['2.1']);
    assert.deepEqual(texts(field(m, 'versionNotes')), ['Ny kolumn för kapacitet']);
    assert.deepEqual(texts(field(m, 'accessRights')), ['Offentlig']);
    assert.deepEqual(field(m, 'inSeries')?.values, [
      { kind: 'entry', text: { value: 'Parkering i Malmö', lang: 'sv' }, resourceUri: R('50'), contextId: '7', entryId: '50' },
    ]);
    assert.deepEqual(field(m, 'source')?.values, [
      { kind: 'entry', text: { value: 'Källdata', lang: 'sv' }, resourceUri: R('30'), contextId: '7', entryId: '30' },
    ]);
    assert.deepEqual(texts(field(m, 'provenance')), ['Inventerat 2023']);
    assert.deepEqual(texts(field(m, 'applicableLegislation')), ['Genomförandeförordning (EU) 2023/138']);
    assert.deepEqual(texts(field(m, 'hvdCategory')), ['Rörlighet']);
    assert.deepEqual(texts(field(m, 'creator')), ['Anna Andersson']);
    assert.deepEqual(texts(field(m, 'fee')), ['Avgift för stora uttag']);
  });

  test('vocabulary labels follow the UI language (en, de)', async () => {
    const en = await fullModel('en');
    assert.deepEqual(texts(field(en, 'accrualPeriodicity')), ['Monthly']);
    assert.deepEqual(texts(field(en, 'accessRights')), ['Public']);
    assert.deepEqual(texts(field(en, 'language')), ['Swedish']);
    assert.deepEqual(texts(field(en, 'hvdCategory')), ['Mobility']);
    assert.deepEqual(texts(field(en, 'temporal')), ['January 1, 2020 – December 31, 2024']);
    const de = await fullModel('de');
    assert.deepEqual(texts(field(de, 'accrualPeriodicity')), ['Monatlich']);
    assert.deepEqual(texts(field(de, 'accessRights')), ['Öffentlich']);
    assert.deepEqual(texts(field(de, 'language')), ['Schwedisch']);
    assert.deepEqual(de.themes.map((v) => v.kind !== 'date' && v.text.value), ['Verkehr', 'Umwelt']);
  });

  test('keywords: the best language group plus untagged values; sv-SE counts as sv', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcat:keyword "umeå"@sv-SE, "luft"@sv-SE, "air"@en, "NO2" .`);
    assert.deepEqual(texts(field(build(e, new Map(), 'sv'), 'keyword')), ['umeå', 'luft', 'NO2']);
    assert.deepEqual(texts(field(build(e, new Map(), 'en'), 'keyword')), ['air', 'NO2']);
    assert.deepEqual(texts(field(build(e, new Map(), 'de'), 'keyword')), ['air', 'NO2']);
  });

  test('label of a URI value: related entry → own graph → last segment (URI > 15 chars) → the URI', async () => {
    const e = await entryOf('20', `
      r:20 a dcat:Dataset ; dcterms:conformsTo r:60, <https://example.org/std/inspire-2019>, <https://example.org/std/named>, <http://x.se/a> .
      <https://example.org/std/named> dcterms:title "Named standard"@en .`);
    const related = await relatedOf(entryOf('60', `r:60 rdfs:label "Standard från katalogen"@sv .`));
    assert.deepEqual(texts(field(build(e, related), 'conformsTo')), ['Standard från katalogen', 'inspire-2019', 'Named standard', 'http://x.se/a']);
  });

  test('typed dates keep their precision; untyped date-like literals stay text', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ;
      dcterms:issued "2021"^^xsd:gYear ; dcterms:modified "2021-06"^^xsd:gYearMonth ;
      dcterms:temporal [ dcat:startDate "2019-03-01T00:00:00Z"^^xsd:dateTime ] .`);
    const m = build(e);
    assert.deepEqual(field(m, 'issued')?.values, [{ kind: 'date', value: '2021', precision: 'year' }]);
    assert.deepEqual(field(m, 'modified')?.values, [{ kind: 'date', value: '2021-06', precision: 'month' }]);
    assert.deepEqual(texts(field(m, 'temporal')), ['från 1 mars 2019']);
    const untyped = build(await entryOf('20', `r:20 a dcat:Dataset ; dcterms:issued "2014-11-26" ; dcterms:modified "2024-01-01"^^xsd:date .`));
    assert.deepEqual(field(untyped, 'issued')?.values, [{ kind: 'text', text: { value: '2014-11-26', lang: '' } }]);
    // A datatype that lies about its value: the lexical form decides, unreadable stays text.
    const wrong = build(await entryOf('20', `r:20 a dcat:Dataset ; dcterms:issued "2020-05-05"^^xsd:dateTime ; dcterms:modified "last year"^^xsd:date .`));
    assert.deepEqual(field(wrong, 'issued')?.values, [{ kind: 'date', value: '2020-05-05', precision: 'day' }]);
    assert.deepEqual(texts(field(wrong, 'modified')), ['last year']);
  });

  test('temporal: open-ended periods read "from …" / "until …" in the UI language', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:temporal [ dcat:endDate "2030-06-30"^^xsd:date ] .`);
    assert.deepEqual(texts(field(build(e, new Map(), 'en'), 'temporal')), ['until June 30, 2030']);
    assert.deepEqual(texts(field(build(e, new Map(), 'de'), 'temporal')), ['bis 30. Juni 2030']);
    const schemaDates = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:temporal [ schema:startDate "1905-03-01"^^xsd:date ; schema:endDate "2013-01-05"^^xsd:date ] .`);
    assert.deepEqual(texts(field(build(schemaDates, new Map(), 'en'), 'temporal')), ['March 1, 1905 – January 5, 2013']);
  });

  test('spatial: names shown, geometries never dumped', async () => {
    const wkt = `POLYGON((${Array.from({ length: 5000 }, (_, i) => `${i} ${i}`).join(',')}))`;
    const e = await entryOf('20', `r:20 a dcat:Dataset ;
      dcterms:spatial [ a dcterms:Location ; locn:geometry "${wkt}" ] ,
                      [ a dcterms:Location ; skos:prefLabel "Skåne"@sv ] ,
                      "${wkt}" , "Malmö kommun" .`);
    const values = texts(field(build(e), 'spatial'));
    assert.deepEqual(values, ['Geometri', 'Skåne', 'Malmö kommun']);
    assert.deepEqual(texts(field(build(e, new Map(), 'en'), 'spatial')), ['Geometry', 'Skåne', 'Malmö kommun']);
  });

  test('descriptions with HTML markup become plain text; nothing is interpreted', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:description """<strong>PLANON</strong>&nbsp;<div><em>AG VESPA</em></div><div><p>Een <a href="javascript:alert(1)">park</a> &amp; meer<br/>regel twee</p><script>alert(1)</script></div>""" .`);
    const m = build(e);
    assert.deepEqual(m.description.map((p) => p.value), ['PLANON', 'AG VESPA', 'Een park & meer\nregel twee']);
    // Literal text that only mentions < and > is left alone.
    const plain = build(await entryOf('20', `r:20 a dcat:Dataset ; dcterms:description "a < b and c > d" .`));
    assert.deepEqual(plain.description.map((p) => p.value), ['a < b and c > d']);
  });

  test('in series without the series entry at hand: an entry value labelled from the graph, no ids', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcat:inSeries <https://data.gov.gr/id/datasetseries/BeePopulation> .
      <https://data.gov.gr/id/datasetseries/BeePopulation> a dcat:DatasetSeries ; dcterms:title "Bee population"@en .`);
    assert.deepEqual(field(build(e), 'inSeries')?.values, [
      { kind: 'entry', text: { value: 'Bee population', lang: 'en' }, resourceUri: 'https://data.gov.gr/id/datasetseries/BeePopulation' },
    ]);
  });

  test('publisher as a blank node in the own graph (harvested data)', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:publisher [ a foaf:Organization ; foaf:name "Stad Antwerpen" ; foaf:mbox "opendata@antwerpen.be" ] .`);
    const m = build(e);
    assert.deepEqual(m.publisher, { name: { value: 'Stad Antwerpen', lang: '' }, email: 'mailto:opendata@antwerpen.be' });
  });
});

describe('hostile metadata never becomes a link', () => {
  const HOSTILE = ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', '\u0000javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x'];

  function hostileEntry(): StoreEntry {
    const g = new Graph();
    const ds = namedNode(R('20'));
    const dist = namedNode(R('11'));
    const pub = namedNode(R('40'));
    const cp = namedNode('https://example.org/cp');
    const svc = namedNode('https://example.org/svc');
    g.add(ds, `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
    g.add(ds, `${NS.dcterms}publisher`, pub);
    g.add(ds, `${NS.dcat}contactPoint`, cp);
    g.add(ds, `${NS.dcat}distribution`, dist);
    g.add(dist, `${NS.rdf}type`, namedNode(`${NS.dcat}Distribution`));
    g.add(dist, `${NS.dcat}accessService`, svc);
    for (const h of HOSTILE) {
      for (const term of [namedNode(h), literal(h)]) {
        for (const p of ['dcat:landingPage', 'foaf:page', 'dcterms:identifier', 'dcterms:conformsTo', 'dcterms:source', 'dcterms:license']) {
          g.add(ds, expandName(p), term);
        }
        for (const p of ['dcat:downloadURL', 'dcat:accessURL', 'dcterms:conformsTo', 'foaf:page', 'dcterms:license']) g.add(dist, expandName(p), term);
        g.add(pub, `${NS.foaf}homepage`, term);
        g.add(pub, `${NS.foaf}mbox`, term);
        g.add(cp, `${NS.vcard}hasEmail`, term);
        g.add(cp, `${NS.vcard}hasURL`, term);
        g.add(svc, `${NS.dcat}endpointDescription`, term);
      }
      g.add(dist, `${NS.dcterms}conformsTo`, literal(`${h}/swagger`));
    }
    g.add(cp, `${NS.vcard}hasEmail`, literal('mailto:ok@example.org'));
    return { contextId: '7', entryId: '20', entryUri: '', resourceUri: R('20'), metadata: g, info: new Graph(), relations: new Graph() };
  }

  function expandName(n: string): string {
    const [p, local] = n.split(':') as [keyof typeof NS, string];
    return NS[p] + local;
  }

  /** Every URL-valued member anywhere in the model. */
  function hrefs(x: unknown, out: string[] = []): string[] {
    if (Array.isArray(x)) x.forEach((v) => hrefs(v, out));
    else if (x && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (['href', 'accessUrl', 'apiDescription', 'endpointDescription', 'homepage', 'email'].includes(k) && typeof v === 'string') out.push(v);
        else hrefs(v, out);
      }
    }
    return out;
  }

  test('landing page, page, identifier, homepage, email, download/access URLs, API descriptions', () => {
    for (const lang of ['sv', 'en']) {
      const m = buildDatasetModel(hostileEntry(), new Map(), { lang, storeBaseUrl: STORE });
      const all = hrefs(m);
      assert.ok(all.length > 0, 'expected the one safe mailto link');
      for (const h of all) {
        assert.match(h, /^(https?:\/\/|mailto:)/i, h);
        assert.equal(safeHref(h), h);
        assert.doesNotMatch(h.toLowerCase(), /javascript|vbscript|data:/);
      }
      assert.deepEqual(all, ['mailto:ok@example.org']);
      assert.deepEqual(m.distributions[0]!.files, []);
      assert.equal(m.distributions[0]!.accessUrl, undefined);
      assert.equal(m.distributions[0]!.apiDescription, undefined);
      // The hostile text is still shown, as text.
      const landing = m.fields.find((f) => f.key === 'landingPage')!;
      assert.ok(landing.values.some((v: Value) => v.kind !== 'date' && v.text.value.includes('javascript:alert(1)')));
    }
  });
});

describe('kind and linked resources', () => {
  test('entryKind from rdf:type; a series is not a plain dataset', async () => {
    assert.equal(entryKind(await entryOf('20', `r:20 a dcat:Dataset .`)), 'dataset');
    assert.equal(entryKind(await entryOf('20', `r:20 a dcat:Dataset, dcat:DatasetSeries .`)), 'series');
    assert.equal(entryKind(await entryOf('20', `r:20 a dcat:DataService .`)), 'service');
    assert.equal(entryKind(await entryOf('20', `r:20 a esterms:IndependentDataService .`)), 'service');
    assert.equal(entryKind(await entryOf('20', `r:20 a foaf:Agent .`)), 'other');
    assert.equal(build(await entryOf('20', `r:20 a dcat:DatasetSeries ; dcterms:title "S" .`)).kind, 'series');
  });

  test('linkedResources: every URI the page resolves in one lookup, deduplicated, no blank nodes, not itself', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ;
      dcat:distribution r:11, r:12, [ a dcat:Distribution ; dcat:accessService r:70 ] ;
      dcterms:publisher r:40 ; dcterms:creator r:40, r:41 ; dcat:contactPoint r:42, [ vcard:fn "x" ] ;
      dcat:inSeries r:50 ; dcterms:source r:30 ; dcterms:relation r:20 ;
      dcat:theme theme:TRAN .
      r:11 dcat:accessService r:71 .`);
    assert.deepEqual(linkedResources(e).sort(), [R('11'), R('12'), R('30'), R('40'), R('41'), R('42'), R('50'), R('70'), R('71')].sort());
  });
});

describe('indicators (§6.6)', () => {
  test('access rights, frequency, licence with CC variant, HVD, national, fee', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ;
      dcterms:accessRights access:RESTRICTED ; dcterms:accrualPeriodicity freq:WEEKLY ;
      dcatap:applicableLegislation <http://data.europa.eu/eli/reg_impl/2023/138/oj> ;
      dcterms:subject <https://example.org/national> ; schema:offers [ schema:price "10" ] ;
      dcat:distribution r:11 .
      r:11 a dcat:Distribution ; dcterms:license <https://creativecommons.org/licenses/by-sa/4.0/> .`);
    const ind = entryIndicators(e, 'en');
    assert.deepEqual(ind.map((i) => [i.key, i.text.value, i.variant]), [
      ['access', 'Restricted', undefined], ['frequency', 'Weekly', undefined], ['license', 'CC BY-SA 4.0', 'by-sa'],
      ['hvd', 'High-value dataset', undefined], ['national', 'National dataset', undefined], ['fee', 'Fee', undefined],
    ]);
    assert.equal(ind[0]!.uri, `${AUTH}access-right/RESTRICTED`);
  });

  test('values without a known label and legislation other than the HVD regulation give no indicator', async () => {
    const e = await entryOf('20', `r:20 a dcat:Dataset ; dcterms:accessRights <https://example.org/rights/custom-xyz> ;
      dcatap:applicableLegislation <http://data.europa.eu/eli/dir/2019/1024/oj> .`);
    assert.deepEqual(entryIndicators(e, 'en'), []);
  });
});
