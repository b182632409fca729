// Issue 28 point 4 in the search facets: a licence document of the publisher's own that says what it is
// (`skos:exactMatch` the EU CC0) reads as that licence in the page's language; a licence that nothing names reads as
// its code, as written, never split into words ("No Commercial Use With Fees"). INSPIRE themes (a chunk of their own
// since they left the search strings) still read as their names. Against the real dev store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStoreServer, type StoreServer } from '../../dev-store/server.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { ccName } from '../../src/search/view.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';

const FEES = 'https://data.exampleMS.gov/resource/NoCommercialUseWithFees';
const FREE = 'https://data.exampleMS.gov/resource/FreeAndOpen';
/** CC0 by its short name (a search page names it without the EU licence names, view.ts ccName), by hand. */
const CC0 = 'CC0 1.0';
/** The INSPIRE registry's names of the theme Hydrography, by hand. */
const HYDROGRAPHY = { sv: 'Hydrografi', en: 'Hydrography', de: 'Gewässernetz' };

/** A small geodata catalog: one dataset with an INSPIRE theme and a licence document that names itself. */
const GEO_CATALOG = `@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<https://geo.example/catalog> a dcat:Catalog ; dcat:dataset <https://geo.example/ds/rivers> .
<https://geo.example/ds/rivers> a dcat:Dataset ; dcterms:title "Rivers"@en ;
  dcat:theme <http://inspire.ec.europa.eu/theme/hy> ; dcat:distribution <https://geo.example/ds/rivers/gml> .
<https://geo.example/ds/rivers/gml> a dcat:Distribution ; dcat:accessURL <https://geo.example/rivers.gml> ;
  dcterms:license <https://geo.example/licence/open> .
<https://geo.example/licence/open> a dcterms:LicenseDocument ; rdfs:label "Öppen licens för geodata"@sv, "Open geodata licence"@en .
`;

describe('licence and theme facet labels over catalogs in the dev store', () => {
  let server: StoreServer;
  before(async () => {
    await loadAllMessages();
    const dir = mkdtempSync(join(tmpdir(), 'geo-'));
    writeFileSync(join(dir, 'geo.ttl'), GEO_CATALOG);
    server = await createStoreServer({ catalogs: ['demo/catalog/demo-catalog.ttl', join(dir, 'geo.ttl')], port: 0, solrRelated: true });
  });
  after(() => server?.close());

  const facet = async (lang: 'sv' | 'en' | 'de', name: 'license' | 'theme') => {
    const scope = new SearchScope({ store: new EntryStoreClient(server.url) });
    scope.configure({ facets: [name], lang, types: ['dataset'] });
    await scope.settled();
    assert.equal(scope.status, 'ready', String(scope.error));
    const values = scope.results!.facets.find((g) => g.name === name)!.values;
    const label = (uri: string) => values.find((v) => v.value === uri || v.value === uri.replace(/^https:/, 'http:'));
    return { values, label, all: values.map((v) => `${v.value} → ${v.label} (${v.labelLang ?? ''})`).join('\n') };
  };

  for (const lang of ['sv', 'en', 'de'] as const) {
    test(`${lang}: FreeAndOpen (exactMatch the EU CC0) reads as CC0 1.0; NoCommercialUseWithFees as its code; none as split words`, async () => {
      const { values, label, all } = await facet(lang, 'license');
      assert.equal(label(FREE)?.label, CC0, all);
      assert.equal(label(FEES)?.label, 'NoCommercialUseWithFees', all);
      assert.ok(values.every((v) => !/^(Free And Open|No Commercial Use With Fees|Terms Of Use)$/.test(v.label)), all);
    });

    test(`${lang}: a licence document's own name in the page's language (else another, marked)`, async () => {
      const { label, all } = await facet(lang, 'license');
      const own = label('https://geo.example/licence/open');
      if (lang === 'sv') assert.deepEqual([own?.label, own?.labelLang ?? 'sv'], ['Öppen licens för geodata', 'sv'], all);
      else assert.deepEqual([own?.label, own?.labelLang], ['Open geodata licence', 'en'], all);
    });

    test(`${lang}: the INSPIRE theme hy reads as ${HYDROGRAPHY[lang]}`, async () => {
      const { label, all } = await facet(lang, 'theme');
      assert.equal(label('http://inspire.ec.europa.eu/theme/hy')?.label, HYDROGRAPHY[lang], all);
    });
  }

  test('the EU Creative Commons codes by their short names; other EU licences and look-alikes: none', () => {
    const eu = 'http://publications.europa.eu/resource/authority/licence/';
    assert.deepEqual(['CC0', 'CC_BY', 'CC_BY_4_0', 'CC_BYSA_4_0', 'CC_BYNCSA_3_0', 'CC_BYNCND_2_5', 'CC_BYND_1_0', 'CC_BYNC'].map((c) => ccName(eu + c)),
      ['CC0 1.0', 'CC BY 4.0', 'CC BY 4.0', 'CC BY-SA 4.0', 'CC BY-NC-SA 3.0', 'CC BY-NC-ND 2.5', 'CC BY-ND 1.0', 'CC BY-NC 4.0']);
    assert.deepEqual(['EUPL_1_2', 'ODC_BL', 'CC_BYSANC', 'CC0x', 'CC_BY_4'].map((c) => ccName(eu + c)), [undefined, undefined, undefined, undefined, undefined]);
    assert.equal(ccName('https://example.org/licence/CC0'), undefined);
  });
});
