/**
 * A search of other entry types than datasets (issue 26: the open-data extension's showcase and idea blocks, and the
 * core `searchList` with `rdftype`): `rdfTypes` replaces the dataset types in the query, `pointingAt` keeps only
 * entries whose metadata names a resource with a predicate (the incumbent's `relationinverse`: showcases of a dataset).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchRequest } from '../../src/search/query.ts';
import type { SearchSettings, SearchState } from '../../src/search/types.ts';
import { predicateHash } from '../../src/store/hash.ts';
import { escapeValue } from '../../src/store/query.ts';

const RESULT = 'http://entryscape.com/terms/Result';
const IDEA = 'http://entryscape.com/terms/Idea';
const SOURCE = 'http://purl.org/dc/terms/source';
const DATASET_URI = 'https://demo.catalog-blocks.example/dataset/demo-maps';
const settings: SearchSettings = { types: ['dataset'], pageSize: 10, facets: [], lang: 'en' };
const state = (s: Partial<SearchState> = {}): SearchState => ({ terms: [], filters: {}, page: 1, ...s });

test('rdfTypes: the query asks for those types instead of datasets', () => {
  assert.equal(buildSearchRequest(state(), { ...settings, rdfTypes: [RESULT] }).query, `rdfType:${escapeValue(RESULT)}`);
  assert.equal(buildSearchRequest(state(), { ...settings, rdfTypes: [RESULT, IDEA] }).query,
    `(rdfType:${escapeValue(RESULT)} OR rdfType:${escapeValue(IDEA)})`);
});

test('rdfTypes empty: the dataset types as before', () => {
  assert.equal(buildSearchRequest(state(), { ...settings, rdfTypes: [] }).query, `rdfType:${escapeValue('http://www.w3.org/ns/dcat#Dataset')}`);
});

test('pointingAt: only entries whose metadata has <predicate> <object>, ANDed with types and terms', () => {
  const r = buildSearchRequest(state({ terms: ['map'] }), { ...settings, rdfTypes: [IDEA], pointingAt: { predicate: SOURCE, object: DATASET_URI } });
  assert.equal(r.query, [
    `rdfType:${escapeValue(IDEA)}`,
    `metadata.predicate.uri.${predicateHash(SOURCE)}:${escapeValue(DATASET_URI)}`,
    '(title:map OR description:map OR tag.literal:map)',
  ].join(' AND '));
});
