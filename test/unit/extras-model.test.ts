// extrasOf (src/rich/extras.ts): showcases and ideas of a dataset from the entries of the batched lookup.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extrasInverse, extrasOf, IDEA_TYPE, SHOWCASE_TYPE } from '../../src/rich/extras.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';

await loadAllMessages();

const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> . @prefix esterms: <http://entryscape.com/terms/> . @prefix r: <${STORE}7/resource/> .
`;

async function entryOf(id: string, ttl: string, modified?: string): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/'), info: new Graph(), relations: new Graph(),
    ...(modified ? { modified } : {}),
  };
}
const mapOf = (entries: StoreEntry[]) => new Map(entries.map((e) => [e.resourceUri, e]));

describe('extrasOf', () => {
  test('showcases and ideas pointing at the dataset; title, description paragraphs, fields without title/description/source', async () => {
    const related = mapOf([
      await entryOf('50', `r:50 a esterms:Result ; dcterms:title "Kartapp"@sv, "Map app"@en ; dcterms:description """First line.

Second paragraph."""@en ;
        dcterms:source r:10 ; foaf:page <https://app.example.org/> ; dcterms:publisher r:40 ; dcat:keyword "karta"@sv ;
        dcterms:issued "2024-05-01"^^xsd:date ; <http://example.org/unknown> "hidden" .`),
      await entryOf('51', `r:51 a esterms:Idea ; dcterms:title "Combine with weather"@en ; dcterms:source r:10 .`),
      await entryOf('40', `r:40 a foaf:Organization ; foaf:name "Kommunen"@sv .`),
      await entryOf('11', `r:11 a dcat:Distribution ; dcterms:title "CSV"@en .`),
    ]);
    const { showcases, ideas } = extrasOf(R('10'), related, { lang: 'en' });
    assert.equal(showcases.length, 1);
    assert.equal(ideas.length, 1);
    const s = showcases[0]!;
    assert.equal(s.uri, R('50'));
    assert.deepEqual(s.title, { value: 'Map app', lang: 'en' });
    assert.deepEqual(s.description.map((p) => p.value), ['First line.', 'Second paragraph.']);
    assert.deepEqual(s.fields.map((f) => f.key), ['publisher', 'page', 'keyword', 'issued']);
    const page = s.fields.find((f) => f.key === 'page')!.values[0]!;
    assert.equal(page.kind === 'link' && page.href, 'https://app.example.org/');
    const publisher = s.fields.find((f) => f.key === 'publisher')!.values[0]!;
    assert.equal(publisher.kind !== 'date' && publisher.text.value, 'Kommunen', 'agent name from the related entry');
    assert.equal(ideas[0]!.fields.length, 0);
  });

  test('left out: other datasets\' extras, the relation on a nested node, other types; unsafe links stay text', async () => {
    const related = mapOf([
      await entryOf('50', `r:50 a esterms:Result ; dcterms:source r:99 .`),
      await entryOf('51', `r:51 a esterms:Result ; dcterms:relation [ dcterms:source r:10 ] .`),
      await entryOf('52', `r:52 a dcat:Dataset ; dcterms:source r:10 .`),
      await entryOf('53', `r:53 a esterms:Result ; dcterms:title "</h3><script>alert(1)</script>" ; dcterms:source r:10 ;
        foaf:page <javascript:alert(1)> .`),
    ]);
    const { showcases, ideas } = extrasOf(R('10'), related, { lang: 'en' });
    assert.deepEqual(showcases.map((s) => s.uri), [R('53')]);
    assert.equal(ideas.length, 0);
    assert.equal(showcases[0]!.title?.value, '</h3><script>alert(1)</script>');
    const page = showcases[0]!.fields.find((f) => f.key === 'page')!.values[0]!;
    assert.ok(page.kind === 'link' && page.href === undefined, 'javascript: never becomes an href');
  });

  test('newest first (entry modified), then by title; typed both ways counts as showcase', async () => {
    const related = mapOf([
      await entryOf('60', `r:60 a esterms:Result ; dcterms:title "B"@en ; dcterms:source r:10 .`, '2024-01-01T00:00:00Z'),
      await entryOf('61', `r:61 a esterms:Result ; dcterms:title "A"@en ; dcterms:source r:10 .`, '2024-01-01T00:00:00Z'),
      await entryOf('62', `r:62 a esterms:Result, esterms:Idea ; dcterms:title "Z"@en ; dcterms:source r:10 .`, '2025-06-01T00:00:00+02:00'),
    ]);
    const { showcases, ideas } = extrasOf(R('10'), related, { lang: 'en' });
    assert.deepEqual(showcases.map((s) => s.title?.value), ['Z', 'A', 'B']);
    assert.equal(ideas.length, 0);
  });

  test('extrasInverse: the option for the batched lookup', () => {
    assert.deepEqual(extrasInverse(R('10')), { predicate: 'http://purl.org/dc/terms/source', object: R('10'), rdfTypes: [SHOWCASE_TYPE, IDEA_TYPE] });
  });
});
