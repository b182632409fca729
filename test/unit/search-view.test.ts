import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildGroup, groupCounts, valueLabel } from '../../src/search/view.ts';
import { FORMAT_FIELDS } from '../../src/search/facets.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';
import type { SearchState } from '../../src/search/types.ts';

await Promise.all([loadAllMessages(), loadAllVocabularies()]);
const ctx = { lang: 'en' as const, agents: new Map() };
const state = (s: Partial<SearchState> = {}): SearchState => ({ terms: [], filters: {}, page: 1, ...s });
const formatFacets = [
  { name: FORMAT_FIELDS.formatLiteral, values: [{ name: 'text/csv', count: 3 }, { name: 'CSV', count: 2 }, { name: 'parquet', count: 1 }, { name: 'application/vnd.ms-excel', count: 2 }] },
  { name: FORMAT_FIELDS.formatUri, values: [{ name: 'http://publications.europa.eu/resource/authority/file-type/CSV', count: 4 }] },
  { name: FORMAT_FIELDS.mediaTypeUri, values: [{ name: 'https://www.iana.org/assignments/media-types/application/json', count: 1 }] },
];

test('format spellings gather into buckets; a bucket counts the largest count among its spellings', () => {
  const counts = groupCounts('format', formatFacets);
  assert.deepEqual(Object.fromEntries(counts), { csv: 4, other: 1, xls: 2, json: 1 });
});

test('facet values: count desc, then label; labels from buckets, "Other formats" in the page language', () => {
  const g = buildGroup({ name: 'format', state: state(), total: 9, current: formatFacets }, ctx);
  assert.deepEqual(g.values.map((v) => [v.value, v.label, v.count]), [
    ['csv', 'CSV', 4], ['xls', 'Excel', 2], ['json', 'JSON', 1], ['other', 'Other formats', 1],
  ]);
  assert.ok(g.values.every((v) => !v.selected));
});

test('a single selected value shows the result total; selected values with no count are still listed', () => {
  const one = buildGroup({ name: 'format', state: state({ filters: { format: ['csv'] } }), total: 5, current: formatFacets }, ctx);
  assert.equal(one.values.find((v) => v.value === 'csv')!.count, 5);
  assert.equal(one.values.find((v) => v.value === 'csv')!.selected, true);
  const missing = buildGroup({ name: 'keyword', state: state({ filters: { keyword: ['x', 'y'] } }), total: 0, current: [] }, ctx);
  assert.deepEqual(missing.values.map((v) => [v.value, v.count, v.selected]), [['x', 0, true], ['y', 0, true]]);
});

test('values with count 0 from the store are dropped; type facet keeps only the three DCAT types', () => {
  const g = buildGroup({
    name: 'type', state: state(), total: 3,
    current: [{ name: 'rdfType', values: [
      { name: 'http://www.w3.org/ns/dcat#Dataset', count: 3 }, { name: 'http://entrystore.org/terms/NamedResource', count: 3 },
      { name: 'http://www.w3.org/ns/dcat#DatasetSeries', count: 0 },
    ] }],
  }, ctx);
  assert.deepEqual(g.values.map((v) => [v.label, v.count]), [['Dataset', 3]]);
});

test('labels: vocabularies in the page language, agents by foaf:name, literals as written, last URI segment otherwise', () => {
  assert.deepEqual(valueLabel('theme', 'http://publications.europa.eu/resource/authority/data-theme/ENVI', { ...ctx, lang: 'sv' }), { label: 'Miljö', labelLang: 'sv' });
  assert.equal(valueLabel('license', 'http://creativecommons.org/licenses/by/4.0/', ctx).label, 'CC BY 4.0');
  assert.equal(valueLabel('access', 'http://publications.europa.eu/resource/authority/access-right/PUBLIC', ctx).label, 'Public');
  assert.equal(valueLabel('keyword', 'Kollektivtrafik', ctx).label, 'Kollektivtrafik');
  assert.equal(valueLabel('format', 'image', { ...ctx, lang: 'sv' }).label, 'Bild');
  assert.equal(valueLabel('format', 'image', ctx).label, 'Image');
  assert.equal(valueLabel('format', 'csv', { ...ctx, lang: 'de' }).label, 'CSV');
  assert.equal(valueLabel('format', 'other', { ...ctx, lang: 'de' }).labelLang, 'de');
  assert.equal(valueLabel('org', 'https://example.org/agents/kommunen', ctx).label, 'kommunen');
  assert.equal(valueLabel('hvd', 'http://data.europa.eu/bna/c_ac64a52d', ctx).label, 'Geospatial');
  assert.equal(valueLabel('type', 'http://www.w3.org/ns/dcat#DatasetSeries', { ...ctx, lang: 'de' }).label, 'Datensatzserie');
});
