// The benches' catalog multiplier (scripts/bench-catalog.mjs multiplyCatalog; bench-file-store and bench-search-libs
// measure the Antwerp catalog ×4 and ×16 with it): each copy is a catalog's worth of new datasets, distributions and
// data services, sharing the catalog, the agents and the vocabularies, as one catalog that size would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { multiplyCatalog } from '../../scripts/bench-catalog.mjs';
import { parseRdfText } from '../../src/catalog-engine/parse/text.ts';

const TTL = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
<https://ex.org/catalog> a dcat:Catalog ; dcat:dataset <https://ex.org/ds/parks>, _:b .
<https://ex.org/ds/parks> a dcat:Dataset ; dcterms:title "Parken"@nl ; dcterms:publisher <https://ex.org/city> ;
  dcat:theme <http://publications.europa.eu/resource/authority/data-theme/ENVI> ; dcat:distribution <https://ex.org/dist/parks-csv> .
<https://ex.org/dist/parks-csv> a dcat:Distribution ; dcterms:format "CSV" .
_:b a dcat:Dataset ; dcterms:title "Bevolking"@nl ; dcterms:publisher <https://ex.org/city> .
<https://ex.org/city> dcterms:title "Stad" .`;

const DCAT_DATASET = 'http://www.w3.org/ns/dcat#Dataset';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

test('×3 gives three times the datasets, each copy with its own dataset and distribution IRIs and blank nodes', async () => {
  const triples = await parseRdfText(TTL, { file: 'cat.ttl', baseIri: 'https://ex.org/' });
  const { triples: out, datasets } = multiplyCatalog(triples, 3);
  assert.equal(datasets, 6);
  assert.equal(out.length, 3 * triples.length);
  const datasetSubjects = out.filter((t) => t.predicate === RDF_TYPE && t.object.value === DCAT_DATASET).map((t) => t.subject);
  const named = datasetSubjects.filter((s) => s.termType === 'NamedNode').map((s) => s.value).sort();
  assert.deepEqual(named, ['https://ex.org/ds/parks', 'https://ex.org/ds/parks-copy2', 'https://ex.org/ds/parks-copy3']);
  const blanks = new Set(datasetSubjects.filter((s) => s.termType === 'BlankNode').map((s) => s.value));
  assert.equal(blanks.size, 3, 'three distinct blank-node datasets');
  // copy 3's dataset links copy 3's distribution; the catalog lists every copy's datasets
  assert.ok(out.some((t) => t.subject.value === 'https://ex.org/ds/parks-copy3' && t.predicate === 'http://www.w3.org/ns/dcat#distribution' && t.object.value === 'https://ex.org/dist/parks-csv-copy3'));
  assert.equal(out.filter((t) => t.subject.value === 'https://ex.org/catalog' && t.predicate === 'http://www.w3.org/ns/dcat#dataset').length, 6);
  // shared: the catalog, the publisher and the theme keep their IRIs; literals are copied as they are
  assert.ok(!out.some((t) => /catalog-copy|city-copy|ENVI-copy/.test(t.subject.value + t.object.value)));
  assert.equal(out.filter((t) => t.object.termType === 'Literal' && t.object.value === 'Parken' && t.object.language === 'nl').length, 3);
});

test('×1 is the catalog itself', async () => {
  const triples = await parseRdfText(TTL, { file: 'cat.ttl', baseIri: 'https://ex.org/' });
  const { triples: out, datasets } = multiplyCatalog(triples, 1);
  assert.equal(datasets, 2);
  assert.deepEqual(out, triples);
});

test('distinctText: literals of those predicates on a copy\'s own resources end with " #k", other literals stay as they are', async () => {
  const triples = await parseRdfText(TTL, { file: 'cat.ttl', baseIri: 'https://ex.org/' });
  const { triples: out } = multiplyCatalog(triples, 3, { distinctText: ['http://purl.org/dc/terms/title'] });
  const titlesOf = (s: string) => out.filter((t) => t.subject.value === s && t.predicate === 'http://purl.org/dc/terms/title').map((t) => [t.object.value, t.object.language]);
  assert.deepEqual(titlesOf('https://ex.org/ds/parks'), [['Parken', 'nl']]);
  assert.deepEqual(titlesOf('https://ex.org/ds/parks-copy2'), [['Parken #2', 'nl']]);
  assert.deepEqual(titlesOf('https://ex.org/ds/parks-copy3'), [['Parken #3', 'nl']]);
  // the blank-node dataset is each copy's own too; the shared publisher says the same in every copy
  const blankTitles = out.filter((t) => t.subject.termType === 'BlankNode' && t.predicate === 'http://purl.org/dc/terms/title').map((t) => t.object.value).sort();
  assert.deepEqual(blankTitles, ['Bevolking', 'Bevolking #2', 'Bevolking #3']);
  assert.deepEqual(titlesOf('https://ex.org/city').map(([v]) => v), ['Stad', 'Stad', 'Stad']);
  assert.deepEqual(out.filter((t) => t.predicate === 'http://purl.org/dc/terms/format').map((t) => t.object.value), ['CSV', 'CSV', 'CSV']);
});
