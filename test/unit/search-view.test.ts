import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildGroup, groupCounts, unsureValues, valueLabel } from '../../src/search/view.ts';
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

test('a bucket counted in several spellings: its count is asked for; until then it shows no number, then the exact one (issue 28 point 1)', () => {
  // text/csv 3 and CSV 2 in one field, the EU CSV URI 4 in another: 4 to 9 datasets, at most the total
  assert.deepEqual(unsureValues('format', formatFacets, 9), ['csv']);
  assert.deepEqual(unsureValues('format', formatFacets, 4), [], 'every result is a CSV one');
  const waiting = buildGroup({ name: 'format', state: state(), total: 9, current: formatFacets }, ctx);
  assert.deepEqual(waiting.values.filter((v) => v.counting).map((v) => v.value), ['csv']);
  const asked: string[] = [];
  const known = buildGroup({ name: 'format', state: state(), total: 9, current: formatFacets, exact: (v) => (asked.push(v), 6) }, ctx);
  assert.deepEqual(asked, ['csv'], 'only the unsure value is looked up');
  assert.deepEqual(known.values.map((v) => [v.value, v.count, v.counting ?? false]), [
    ['csv', 6, false], ['xls', 2, false], ['json', 1, false], ['other', 1, false],
  ]);
  // a single selection shows the result total (exact) and asks nothing
  const one = buildGroup({ name: 'format', state: state({ filters: { format: ['csv'] } }), total: 7, current: formatFacets }, ctx);
  assert.deepEqual(one.values.filter((v) => v.value === 'csv').map((v) => [v.count, v.counting ?? false]), [[7, false]]);
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

test('row publishers (issue 13 point 11: a name read once per answer): each row gets its own publisher, per language and agent set', async () => {
  const { rowPublisher } = await import('../../src/search/view.ts');
  const { Graph, namedNode, blankNode, literal } = await import('../../src/rdf/graph.ts');
  const DCT = 'http://purl.org/dc/terms/';
  const FOAF = 'http://xmlns.com/foaf/0.1/';
  const entry = (id: string, g: InstanceType<typeof Graph>, res = `https://x.example/${id}`) =>
    ({ contextId: '1', entryId: id, entryUri: `https://s.example/1/entry/${id}`, resourceUri: res, metadata: g, info: new Graph(), relations: new Graph() });
  const agent = (uri: string, names: [string, string][]) => {
    const g = new Graph();
    for (const [name, lang] of names) g.add(namedNode(uri), `${FOAF}name`, literal(name, { language: lang }));
    return entry(uri, g, uri);
  };
  const row = (id: string, publisher: 'a' | 'b' | { blank: string } | { own: string }) => {
    const g = new Graph();
    const s = namedNode(`https://x.example/${id}`);
    if (typeof publisher === 'string') g.add(s, `${DCT}publisher`, namedNode(`https://org.example/${publisher}`));
    else if ('blank' in publisher) {
      g.add(s, `${DCT}publisher`, blankNode('p'));
      g.add(blankNode('p'), `${FOAF}name`, literal(publisher.blank));
    } else {
      // a publisher IRI no agent entry was found for: named by this entry's own graph
      g.add(s, `${DCT}publisher`, namedNode('https://org.example/c'));
      g.add(namedNode('https://org.example/c'), `${FOAF}name`, literal(publisher.own));
    }
    return entry(id, g);
  };
  const agents = new Map([
    ['https://org.example/a', agent('https://org.example/a', [['Verket A', 'sv'], ['Agency A', 'en']])],
    ['https://org.example/b', agent('https://org.example/b', [['Verket B', 'sv']])],
  ]);
  const rows = [row('1', 'a'), row('2', 'b'), row('3', 'a'), row('4', { blank: 'Blank AB' }), row('5', { blank: 'Annan AB' }),
    row('6', { own: 'Eget namn 1' }), row('7', { own: 'Eget namn 2' })];
  assert.deepEqual(rows.map((r) => rowPublisher(r, agents, 'en')),
    ['Agency A', 'Verket B', 'Agency A', 'Blank AB', 'Annan AB', 'Eget namn 1', 'Eget namn 2']);
  assert.deepEqual(rows.slice(0, 3).map((r) => rowPublisher(r, agents, 'sv')), ['Verket A', 'Verket B', 'Verket A']);
  // another answer's agents (here: A renamed) are read again
  const renamed = new Map([...agents, ['https://org.example/a', agent('https://org.example/a', [['Agency A2', 'en']])]]);
  assert.equal(rowPublisher(rows[0]!, renamed, 'en'), 'Agency A2');
  assert.equal(rowPublisher(rows[0]!, agents, 'en'), 'Agency A');
});
