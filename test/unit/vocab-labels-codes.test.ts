// Issue 28 point 4: codes where labels belong. Over the demo catalog and the large real catalogs (shared/fixtures),
// every theme / spatial / licence / keyword IRI a dataset or distribution uses is labelled in sv, en and de as the
// metadata and the EU vocabularies name it: no "<scheme> <number>" (GEMET 2884), no ISO country code where the EU
// country authority names the country, no URI local name split into words ("Free And Open"). A code shows only when
// nothing names it, and then as the code itself ("2884", "NoCommercialUseWithFees").
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { buildDatasetModel } from '../../src/dcat/dataset.ts';
import type { DatasetModel, FieldKey, Value } from '../../src/dcat/model.ts';
import { uriTail } from '../../src/dcat/read.ts';
import { loadAllVocabularies, loadVocabulariesFor, vocabLabel } from '../../src/dcat/vocab.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { Graph, literal, namedNode, subjectsOfType, type Term } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { parseRdf, type RdfFormat } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { SKIP_NO_SHARED, sharedDirUrl } from '../shared-fixtures.ts';

const COUNTRY = 'http://publications.europa.eu/resource/authority/country/';
const GEMET = 'http://www.eionet.europa.eu/gemet/concept/';
const STORE = 'https://data.example.org/store/';
const LANGS = ['sv', 'en', 'de'] as const;

describe('the EU country authority and GEMET are bundled, loaded only for their IRIs', () => {
  test('country SWE: Sverige / Sweden / Schweden; GEMET 2884: English and German names, Swedish pages read the English one', async () => {
    await loadVocabulariesFor([`${COUNTRY}SWE`, `${GEMET}2884`], 'sv');
    assert.equal(vocabLabel(`${COUNTRY}SWE`, 'sv'), 'Sverige');
    await loadVocabulariesFor([`${COUNTRY}SWE`, `${GEMET}2884`, `${GEMET}3780`], 'de');
    assert.equal(vocabLabel(`${COUNTRY}SWE`, 'de'), 'Schweden');
    assert.equal(vocabLabel(`${GEMET}2884`, 'de'), 'Umgebungslärm');
    assert.equal(vocabLabel(`${GEMET}3780`, 'de'), 'Grundwasser');
    await loadVocabulariesFor([`${COUNTRY}DEU`, `${GEMET}2884`], 'en');
    assert.equal(vocabLabel(`${COUNTRY}DEU`, 'en'), 'Germany');
    assert.equal(vocabLabel(`${GEMET}2884`, 'en'), 'Environmental noise');
    assert.equal(vocabLabel(`https://www.eionet.europa.eu/gemet/concept/2884/`, 'sv'), 'Environmental noise');
  });

  test('nothing names it: the code itself, never split words nor a scheme name before a number', () => {
    assert.equal(uriTail('https://data.exampleMS.gov/resource/NoCommercialUseWithFees'), 'NoCommercialUseWithFees');
    assert.equal(uriTail('https://orgea.exampleMS.gov/api/documentation/TermsOfUse'), 'TermsOfUse');
    assert.equal(uriTail('http://www.eionet.europa.eu/gemet/concept/99999'), '99999');
  });
});

// ---- every IRI of the demo catalog and the large fixtures -------------------------------------------------------

const entryFor = (g: Graph, s: Term): StoreEntry =>
  ({ contextId: '1', entryId: '1', entryUri: `${STORE}1/entry/1`, resourceUri: s.value, metadata: g, info: new Graph(), relations: new Graph() });

async function graphOf(path: URL, format: RdfFormat): Promise<Graph> {
  const text = readFileSync(path, 'utf8').replace(/^prefix\s+(\S*:)\s*(<[^>]*>)\s*$/gim, '@prefix $1 $2 .');
  return parseRdf(text, format, 'https://fixtures.example.org/');
}

const FIELDS: readonly FieldKey[] = ['theme', 'spatial', 'license', 'keyword'] as FieldKey[];
const DIR = sharedDirUrl('fixtures/dcat');
const CATALOGS: ReadonlyArray<readonly [URL, RdfFormat]> = [
  [new URL('../../demo/catalog/demo-catalog.ttl', import.meta.url), 'turtle'],
  [new URL('large/antwerpen-dcat.xml', DIR), 'rdfxml'],
  [new URL('de/rostock-catalog.rdf', DIR), 'rdfxml'],
  [new URL('se/civictech-se_dcat-ap.rdf', DIR), 'rdfxml'],
  [new URL('se/swedishpolls_dcat-ap.rdf', DIR), 'rdfxml'],
  [new URL('se/dcat-ap-se_exempel_rekommenderat.ttl', DIR), 'turtle'],
  [new URL('eu/geodcat-ap-2.0.0/dataset.ttl', DIR), 'turtle'],
  [new URL('eu/hvd-3.0.0/example-data_service_terms_sla.ttl', DIR), 'turtle'],
];
const skip = !existsSync(DIR) && SKIP_NO_SHARED;

/** Every (uri, shown text, lang) of the theme / spatial / licence / keyword rows of a dataset and its distributions. */
function iriValues(m: DatasetModel): Array<{ uri: string; text: string; lang: string }> {
  const out: Array<{ uri: string; text: string; lang: string }> = [];
  const take = (fields: DatasetModel['fields'], themes?: readonly Value[]) => {
    for (const f of fields) if (FIELDS.includes(f.key)) push(f.values);
    if (themes) push(themes);
  };
  const push = (values: readonly Value[]) => {
    for (const v of values) if (v.kind === 'link' && v.uri) out.push({ uri: v.uri, text: v.text.value, lang: v.text.lang });
  };
  take(m.fields, m.themes);
  for (const d of m.distributions) take(d.fields);
  return out;
}

/** A CamelCase local name with spaces put between its words ("FreeAndOpen" → "Free And Open"). */
const splitWords = (name: string): string => name.replace(/\B[A-Z]/g, ' $&');
const localName = (uri: string): string => decodeURIComponent(uri.replace(/[/#]+$/, '').replace(/^.*[/#]/, ''));

describe('labels over the demo catalog and the large fixture catalogs, sv/en/de', { skip }, () => {
  test('no "<scheme> <number>", no ISO country code, no split local name; GEMET, countries and exactMatch licences named', async () => {
    await Promise.all([loadAllMessages(), loadAllVocabularies()]);
    let checked = 0;
    const seen = new Map<string, Set<string>>();
    for (const [file, format] of CATALOGS) {
      const g = await graphOf(file, format);
      for (const s of subjectsOfType(g, `${NS.dcat}Dataset`)) {
        for (const lang of LANGS) {
          const m = buildDatasetModel(entryFor(g, s), new Map(), { lang, storeBaseUrl: STORE });
          for (const v of iriValues(m)) {
            checked++;
            const where = `${file.pathname.split('/').pop()} ${s.value} ${lang}: ${v.uri} → "${v.text}"`;
            assert.doesNotMatch(v.text, /^[A-Za-z]+ \d+$/, where);
            const name = localName(v.uri);
            if (/[a-z][A-Z]/.test(name)) assert.notEqual(v.text, splitWords(name), where);
            if (v.uri.startsWith(COUNTRY)) assert.notEqual(v.text, name, where);
            if (v.uri.includes('/gemet/concept/')) assert.notEqual(v.text, name, where);
            const key = `${file.pathname.split('/').pop()} ${v.uri} ${lang}`;
            seen.set(key, (seen.get(key) ?? new Set()).add(`${v.text}|${v.lang}`));
          }
        }
      }
    }
    assert.ok(checked > 1000, `${checked} values`);
    const at = (uri: string, lang: string, file = 'demo-catalog.ttl') => [...(seen.get(`${file} ${uri} ${lang}`) ?? [])];
    // the names the issue asks for
    assert.deepEqual(at(`${COUNTRY}SWE`, 'sv'), ['Sverige|sv']);
    assert.deepEqual(at(`${COUNTRY}SWE`, 'de'), ['Schweden|de']);
    assert.deepEqual(at(`${GEMET}2884`, 'en'), ['Environmental noise|en']);
    assert.deepEqual(at(`${GEMET}2884`, 'de'), ['Umgebungslärm|de']);
    assert.deepEqual(at(`${GEMET}2884`, 'sv'), ['Environmental noise|en'], 'no Swedish GEMET name is bundled: the English one, in lang="en"');
    assert.deepEqual(at('https://data.exampleMS.gov/resource/FreeAndOpen', 'sv'), ['Creative Commons CC0 1.0 universell|sv']);
    assert.deepEqual(at('https://data.exampleMS.gov/resource/NoCommercialUseWithFees', 'en'), ['NoCommercialUseWithFees|']);
    assert.deepEqual(at('http://sws.geonames.org/2661886', 'sv'), ['Sverige|sv']);
    assert.deepEqual(at('http://sws.geonames.org/2661886', 'de'), ['Schweden|de']);
    assert.deepEqual(at('http://sws.geonames.org/2661886', 'sv', 'swedishpolls_dcat-ap.rdf'), ['Sverige|sv'], '"Sverige"@se, "Sweden"@en');
    // the HVD example without its licence mapping file: nothing names the licence, so its code shows, as written
    assert.deepEqual(at('https://data.exampleMS.gov/resource/FreeAndOpen', 'en', 'example-data_service_terms_sla.ttl'), ['FreeAndOpen|']);
  });

  test('a GeoNames place is matched to an EU country only by an exact name in the same language', () => {
    const g = new Graph();
    const ds = namedNode('https://data.example.org/ds/1');
    g.add(ds, `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
    g.add(ds, `${NS.dcterms}spatial`, namedNode('https://sws.geonames.org/2673730'));
    g.add(namedNode('https://sws.geonames.org/2673730'), `${NS.rdfs}label`, literal('Stockholm', { language: 'en' }));
    const m = buildDatasetModel(entryFor(g, ds), new Map(), { lang: 'sv', storeBaseUrl: STORE });
    assert.deepEqual(iriValues(m).map((v) => `${v.text}|${v.lang}`), ['Stockholm|en']);
  });
});
