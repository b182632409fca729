import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchRequest, normaliseTerms, sortFor, termsClause, termTokens, tokenClause } from '../../src/search/query.ts';
import {
  bucketSpellings, DEFAULT_FACETS, FACETS, facetFieldsFor, filterClause, FORMAT_BUCKETS, FORMAT_FIELDS, formatBucket,
} from '../../src/search/facets.ts';
import type { SearchSettings, SearchState } from '../../src/search/types.ts';
import { predicateHash } from '../../src/store/hash.ts';
import { escapeValue } from '../../src/store/query.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const settings: SearchSettings = { types: ['dataset'], pageSize: 10, facets: DEFAULT_FACETS, lang: 'sv' };
const state = (s: Partial<SearchState> = {}): SearchState => ({ terms: [], filters: {}, page: 1, ...s });
const q = (v: string) => escapeValue(v);

test('unfiltered: datasets only, page 1 of 10, modified desc, every facet field counted in the same request', () => {
  const r = buildSearchRequest(state(), settings);
  assert.equal(r.query, `rdfType:${q(`${DCAT}Dataset`)}`);
  assert.equal(r.limit, 10);
  assert.equal(r.offset, 0);
  assert.equal(r.sort, 'modified desc');
  assert.deepEqual(r.facetFields, facetFieldsFor(DEFAULT_FACETS));
  assert.ok(r.facetFields!.includes(`metadata.predicate.uri.${predicateHash(`${DCAT}theme`)}`));
  assert.ok(r.facetFields!.includes(`metadata.predicate.uri.${predicateHash(`${DCT}publisher`)}`));
  assert.ok(r.facetFields!.includes(`metadata.predicate.literal_s.${predicateHash(`${DCAT}keyword`)}`));
  assert.ok(r.facetLimit! >= 100);
});

test('no facets asked for: no facetFields parameter', () => {
  const r = buildSearchRequest(state(), { ...settings, facets: [] });
  assert.equal(r.facetFields, undefined);
});

test('paging: offset = (page-1) * pageSize; page below 1 counts as 1', () => {
  assert.equal(buildSearchRequest(state({ page: 3 }), settings).offset, 20);
  assert.equal(buildSearchRequest(state({ page: 2 }), { ...settings, pageSize: 25 }).offset, 25);
  assert.equal(buildSearchRequest(state({ page: 0 }), settings).offset, 0);
});

test('types: services and series are added with includeServices / typeFilter', () => {
  const r = buildSearchRequest(state(), { ...settings, types: ['dataset', 'series', 'service'] });
  assert.equal(r.query, `(rdfType:${q(`${DCAT}Dataset`)} OR rdfType:${q(`${DCAT}DatasetSeries`)} OR rdfType:${q(`${DCAT}DataService`)})`);
});

test('context restriction uses the store base URL', () => {
  const r = buildSearchRequest(state(), { ...settings, contextId: '7' }, { storeBaseUrl: 'http://s/store/' });
  assert.match(r.query, /context:http\\:\\\/\\\/s\\\/store\\\/7/);
});

test('terms: lower-cased, trimmed, split on whitespace; each token ORed over title/description/tag.literal, tokens ANDed', () => {
  assert.deepEqual(termTokens('  Buss  Linje '), ['buss', 'linje']);
  assert.deepEqual(normaliseTerms(['  Buss ', '', 'BUSS', 'tåg  väg']), ['buss', 'tåg väg']);
  assert.equal(tokenClause('buss'), '(title:buss OR description:buss OR tag.literal:buss)');
  assert.equal(termsClause(['buss linje']), '(title:buss OR description:buss OR tag.literal:buss) AND (title:linje OR description:linje OR tag.literal:linje)');
  const r = buildSearchRequest(state({ terms: ['buss', 'tåg'] }), settings);
  assert.ok(r.query.includes('(title:buss OR description:buss OR tag.literal:buss) AND (title:tåg OR description:tåg OR tag.literal:tåg)'));
});

test('terms: tokens under three characters get a trailing *, long ones are cut to 25 characters, specials escaped', () => {
  assert.equal(tokenClause('ab'), '(title:ab* OR description:ab* OR tag.literal:ab*)');
  const long = 'a'.repeat(30);
  assert.equal(tokenClause(long), `(title:${'a'.repeat(25)} OR description:${'a'.repeat(25)} OR tag.literal:${'a'.repeat(25)})`);
  assert.equal(tokenClause('a:b(c)'), '(title:a\\:b\\(c\\) OR description:a\\:b\\(c\\) OR tag.literal:a\\:b\\(c\\))');
  assert.equal(termsClause(['buss buss']), tokenClause('buss'));
});

test('filters: OR within a group, AND across groups', () => {
  const themeField = `metadata.predicate.uri.${predicateHash(`${DCAT}theme`)}`;
  const licField = `metadata.predicate.uri.${predicateHash(`${DCT}license`)}`;
  const r = buildSearchRequest(state({ filters: { theme: [`${THEME}TRAN`, `${THEME}ENVI`], license: ['http://l/1'] } }), settings);
  assert.ok(r.query.includes(`(${themeField}:${q(`${THEME}TRAN`)} OR ${themeField}:${q(`${THEME}ENVI`)}) AND ((${licField}:${q('http://l/1')} OR ${licField}:${q('https://l/1')}) OR (related.${licField}:${q('http://l/1')} OR related.${licField}:${q('https://l/1')}))`), r.query);
  assert.ok(r.query.startsWith(`rdfType:${q(`${DCAT}Dataset`)} AND `));
});

test('every collection filters on its own field', () => {
  const cases: Array<[keyof typeof FACETS, string, string]> = [
    ['theme', `${THEME}ECON`, `metadata.predicate.uri.${predicateHash(`${DCAT}theme`)}`],
    ['org', 'http://org/1', `metadata.predicate.uri.${predicateHash(`${DCT}publisher`)}`],
    ['access', 'http://acc/1', `metadata.predicate.uri.${predicateHash(`${DCT}accessRights`)}`],
    ['keyword', 'buss trafik', `metadata.predicate.literal_s.${predicateHash(`${DCAT}keyword`)}`],
    ['hvd', 'http://data.europa.eu/bna/c_ac64a52d', `metadata.predicate.uri.${predicateHash('http://data.europa.eu/r5r/hvdCategory')}`],
    ['type', `${DCAT}DatasetSeries`, 'rdfType'],
  ];
  for (const [name, value, field] of cases) {
    assert.equal(filterClause(name, [value]), `${field}:${q(value)}`, name);
  }
  assert.equal(filterClause('theme', []), '');
});

test('licences are matched on the dataset and on its distributions (related.* fields), as http and https (issue 11)', () => {
  const f = `metadata.predicate.uri.${predicateHash(`${DCT}license`)}`;
  assert.deepEqual(FACETS.license.fields, [f, `related.${f}`]);
  const both = (name: string) => `(${name}:${q('http://lic/1')} OR ${name}:${q('https://lic/1')})`;
  assert.equal(filterClause('license', ['http://lic/1']), `${both(f)} OR ${both(`related.${f}`)}`);
  assert.equal(filterClause('license', ['urn:lic:1']), `${f}:${q('urn:lic:1')} OR related.${f}:${q('urn:lic:1')}`);
});

test('hvd and type facets are counted when asked for', () => {
  const r = buildSearchRequest(state(), { ...settings, facets: [...DEFAULT_FACETS, 'hvd', 'type'] });
  assert.ok(r.facetFields!.includes(`metadata.predicate.uri.${predicateHash('http://data.europa.eu/r5r/hvdCategory')}`));
  assert.ok(r.facetFields!.includes('rdfType'));
});

test('format facet counts literal and URI values of dcterms:format and dcat:mediaType, own and on distributions', () => {
  const own = [
    `metadata.predicate.literal_s.${predicateHash(`${DCT}format`)}`,
    `metadata.predicate.uri.${predicateHash(`${DCT}format`)}`,
    `metadata.predicate.literal_s.${predicateHash(`${DCAT}mediaType`)}`,
    `metadata.predicate.uri.${predicateHash(`${DCAT}mediaType`)}`,
  ];
  assert.deepEqual(new Set(facetFieldsFor(['format'])), new Set([...own, ...own.map((f) => `related.${f}`)]));
});

test('format buckets: MIME literals, names, extensions, EU file-type and IANA URIs share a bucket', () => {
  for (const raw of ['text/csv', 'CSV', '.csv', 'csv', 'text/csv; charset=utf-8',
    'http://publications.europa.eu/resource/authority/file-type/CSV', 'https://www.iana.org/assignments/media-types/text/csv']) {
    assert.equal(formatBucket(raw), 'csv', raw);
  }
  assert.equal(formatBucket('application/vnd.ms-excel'), 'xls');
  assert.equal(formatBucket('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 'xls');
  assert.equal(formatBucket('http://publications.europa.eu/resource/authority/file-type/WMS_SRVC'), 'wms');
  assert.equal(formatBucket('application/geo+json'), 'geojson');
  assert.equal(formatBucket('application/json'), 'json');
  assert.equal(formatBucket('text/turtle'), 'rdf');
  assert.equal(formatBucket('Esri Shapefile'), 'shp');
  assert.equal(formatBucket('parquet'), 'other');
  assert.ok(Object.keys(FORMAT_BUCKETS).length >= 19);
});

test('a bucket selection is one OR clause over every spelling in every format field', () => {
  const clause = filterClause('format', ['csv']);
  const s = bucketSpellings('csv');
  for (const prefix of ['', 'related.']) {
    assert.ok(clause.includes(`${prefix}${FORMAT_FIELDS.formatLiteral}:(${s.formatLiteral.map(q).join(' OR ')})`), prefix);
    assert.ok(clause.includes(`${prefix}${FORMAT_FIELDS.mediaTypeLiteral}:(${s.mediaTypeLiteral.map(q).join(' OR ')})`), prefix);
    assert.ok(clause.includes(`${prefix}${FORMAT_FIELDS.formatUri}:(${s.formatUri.map(q).join(' OR ')})`), prefix);
    assert.ok(clause.includes(`${prefix}${FORMAT_FIELDS.mediaTypeUri}:(${s.mediaTypeUri.map(q).join(' OR ')})`), prefix);
  }
  assert.ok(s.formatLiteral.includes('CSV') && s.formatLiteral.includes('.csv') && s.formatLiteral.includes('text/csv'));
  assert.ok(s.formatUri.includes('http://publications.europa.eu/resource/authority/file-type/CSV'));
  assert.ok(!clause.includes(' AND '), 'no AND inside one bucket');
  assert.ok(encodeURIComponent(clause).length < 4000, `short enough for a URL (${encodeURIComponent(clause).length})`);
});

test('bucket selection adds spellings seen in earlier counts; "other" matches only seen unknown spellings', () => {
  const seen = { [FORMAT_FIELDS.formatLiteral]: ['Csv', 'parquet', 'CSV'], [`related.${FORMAT_FIELDS.formatUri}`]: ['http://x/geoparquet'] };
  assert.ok(filterClause('format', ['csv'], seen).includes(' OR Csv)'));
  assert.ok(!filterClause('format', ['csv'], seen).includes('parquet'));
  assert.equal(filterClause('format', ['other'], seen),
    `(${FORMAT_FIELDS.formatLiteral}:parquet OR related.${FORMAT_FIELDS.formatUri}:${q('http://x/geoparquet')})`);
  assert.match(filterClause('format', ['other']), /catalog\\-blocks\\-none/);
});

test('two buckets are ORed', () => {
  const both = filterClause('format', ['csv', 'json']);
  assert.ok(both.includes(`${FORMAT_FIELDS.formatLiteral}:(csv OR CSV`) && both.includes(`${FORMAT_FIELDS.formatLiteral}:(json OR JSON`));
  assert.ok(both.includes(') OR ('));
});

test('sort: state choice, then sortOrder (title, + as space), else modified desc; bad sortOrder ignored', (t) => {
  t.mock.method(console, 'warn', () => {});
  assert.equal(sortFor(state({ sort: 'title' }), settings), 'title.sv asc,title.nolang asc');
  assert.equal(sortFor(state({ sort: 'modified' }), { ...settings, sortOrder: 'title' }), 'modified desc');
  assert.equal(sortFor(state(), { ...settings, sortOrder: 'title', lang: 'de' }), 'title.de asc,title.nolang asc');
  assert.equal(sortFor(state(), { ...settings, sortOrder: 'modified+asc' }), 'modified asc');
  assert.equal(sortFor(state(), { ...settings, sortOrder: 'metadata.predicate.literal_s.3e2f60da desc, title.sv+asc' }),
    'metadata.predicate.literal_s.3e2f60da desc,title.sv asc');
  assert.equal(sortFor(state(), { ...settings, sortOrder: 'drop table' }), 'modified desc');
  assert.equal(sortFor(state(), settings), 'modified desc');
  assert.equal(buildSearchRequest(state({ sort: 'title' }), { ...settings, lang: 'en' }).sort, 'title.en asc,title.nolang asc');
});
