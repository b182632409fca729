// entryIndicators (src/rich/indicators.ts), the one reader of indicators: a search row's from the entry's own graph,
// a landing page's with its related entries too (a licence given only on a distribution entry of its own).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { entryIndicators } from '../../src/rich/indicators.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const AUTH = 'http://publications.europa.eu/resource/authority/';
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> . @prefix schema: <http://schema.org/> .
@prefix dcatap: <http://data.europa.eu/r5r/> . @prefix r: <${STORE}7/resource/> . @prefix access: <${AUTH}access-right/> .
@prefix freq: <${AUTH}frequency/> .
`;
async function entryOf(id: string, ttl: string): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/'), info: new Graph(), relations: new Graph(),
  };
}

const CASES: Record<string, string> = {
  everything: `r:1 a dcat:Dataset ; dcterms:accessRights access:PUBLIC ; dcterms:accrualPeriodicity freq:ANNUAL ;
    dcterms:license <https://creativecommons.org/licenses/by-sa/4.0/> ; dcatap:applicableLegislation <http://data.europa.eu/eli/reg_impl/2023/138/oj> ;
    dcterms:subject <http://example.org/national> ; schema:offers [ schema:price "10" ] .`,
  licenceOnNestedDistribution: `r:1 a dcat:Dataset ; dcat:distribution [ a dcat:Distribution ; dcterms:license <http://creativecommons.org/publicdomain/zero/1.0/> ] .`,
  unknownValues: `r:1 a dcat:Dataset ; dcterms:accessRights <http://example.org/unknown-right> ; dcterms:license <http://example.org/lic> ;
    dcatap:applicableLegislation <http://data.europa.eu/eli/reg/2016/679/oj> .`,
  restricted: `r:1 a dcat:Dataset ; dcterms:accessRights access:RESTRICTED .`,
  nothing: `r:1 a dcat:Dataset .`,
};

describe('entryIndicators', () => {
  for (const [name, ttl] of Object.entries(CASES)) {
    test(`the same indicators in every UI language, each labelled in it: ${name}`, async () => {
      const e = await entryOf('1', ttl);
      const [en, sv, de] = (['en', 'sv', 'de'] as const).map((lang) => entryIndicators(e, lang));
      assert.deepEqual(sv!.map((i) => i.key), en!.map((i) => i.key));
      assert.deepEqual(de!.map((i) => i.key), en!.map((i) => i.key));
      for (const list of [en!, sv!, de!]) for (const i of list) assert.ok(i.text.value && !/^https?:/.test(i.text.value), i.text.value);
    });
  }

  test('values: access label + URI, CC variant, HVD, national, fee; unknown values leave no indicator', async () => {
    const all = entryIndicators(await entryOf('1', CASES.everything!), 'en');
    assert.deepEqual(all.map((i) => i.key), ['access', 'frequency', 'license', 'hvd', 'national', 'fee']);
    assert.equal(all[0]!.uri, `${AUTH}access-right/PUBLIC`);
    assert.equal(all[0]!.text.value, 'Public');
    assert.equal(all[2]!.variant, 'by-sa');
    assert.equal(all[2]!.text.value, 'CC BY-SA 4.0');
    assert.equal(all[3]!.text.value, 'High-value dataset');
    assert.equal(entryIndicators(await entryOf('1', CASES.licenceOnNestedDistribution!), 'en')[0]!.variant, 'zero');
    assert.deepEqual(entryIndicators(await entryOf('1', CASES.unknownValues!), 'en'), []);
  });

  test('a data service: service types, comma-joined; same as its landing model', async () => {
    const e = await entryOf('2', `r:2 a dcat:DataService ; dcterms:type <http://example.org/t1>, <http://example.org/t2> ;
      dcterms:accessRights access:NON_PUBLIC .`);
    // Labels only from bundled vocabularies or the graph: the example types have none here.
    const withLabels = await entryOf('3', `r:3 a dcat:DataService ; dcterms:type <http://example.org/t1> ; dcterms:accessRights access:NON_PUBLIC .
      <http://example.org/t1> <http://www.w3.org/2000/01/rdf-schema#label> "Download service"@en .`);
    assert.deepEqual(entryIndicators(e, 'en').map((i) => i.key), ['access']);
    const ind = entryIndicators(withLabels, 'en');
    assert.deepEqual(ind.map((i) => [i.key, i.text.value]), [['access', 'Non-public'], ['serviceType', 'Download service']]);
  });

  test('a licence on a distribution entry of its own: seen with the related entries (landing), not from the row alone', async () => {
    const e = await entryOf('1', `r:1 a dcat:Dataset ; dcat:distribution r:11 .`);
    const dist = await entryOf('11', `r:11 a dcat:Distribution ; dcterms:license <http://creativecommons.org/publicdomain/zero/1.0/> .`);
    assert.deepEqual(entryIndicators(e, 'en'), []);
    const landing = entryIndicators(e, 'en', new Map([[dist.resourceUri, dist]]));
    assert.deepEqual(landing.map((i) => [i.key, i.variant]), [['license', 'zero']]);
  });
});
