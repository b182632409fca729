/**
 * Issue 11: a licence written both `http://` and `https://` is ONE facet value (point 3) whose count adds the two up
 * and whose filter matches both, also in the real dev store over two real catalogs that each use one spelling of CC0;
 * what the counts count when data services can be among the results (point 4).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreServer, type StoreServer } from '../../dev-store/server.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { and, field, or, rdfTypeClause } from '../../src/store/query.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { FACETS, filterClause } from '../../src/search/facets.ts';
import { readState, writeState } from '../../src/search/url.ts';
import { countsOf, groupCounts, buildGroup, unsureValues } from '../../src/search/view.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import type { SearchState } from '../../src/search/types.ts';
import { SKIP_NO_SHARED, sharedFixture } from '../shared-fixtures.ts';

const CC0 = 'http://creativecommons.org/publicdomain/zero/1.0/';
const CC0_S = 'https://creativecommons.org/publicdomain/zero/1.0/';
const BY = 'http://creativecommons.org/licenses/by/4.0/';
const [OWN, RELATED] = FACETS.license.fields as [string, string];
const DATASET = 'http://www.w3.org/ns/dcat#Dataset';
const SERVICE = 'http://www.w3.org/ns/dcat#DataService';
const blank = (filters: SearchState['filters'] = {}): SearchState => ({ terms: [], filters, page: 1 });

describe('licence http/https spellings: one facet value', () => {
  test('both spellings and both fields are one value: its count is a lower bound, the largest (issue 28 point 1: sums count a dataset twice)', () => {
    const facets = [
      { name: OWN, values: [{ name: CC0, count: 3 }, { name: CC0_S, count: 4 }, { name: BY, count: 2 }] },
      { name: RELATED, values: [{ name: CC0_S, count: 5 }, { name: BY, count: 2 }] },
    ];
    assert.deepEqual([...groupCounts('license', facets)], [[CC0, 5], [BY, 2]]);
    // both are counted in several places: the store is asked for their counts (scope.ts), unless one place holds all
    assert.deepEqual(unsureValues('license', facets, 9), [CC0, BY]);
    assert.deepEqual(unsureValues('license', facets, 5), [BY], 'a value counted in every result is exact');
    assert.deepEqual(unsureValues('license', [{ name: RELATED, values: [{ name: CC0_S, count: 5 }] }], 9), []);
  });

  test('the group lists one CC0 value, labelled, selected whichever spelling was asked for', () => {
    const group = buildGroup(
      { name: 'license', state: blank({ license: [CC0] }), total: 9, current: [], withoutGroup: [{ name: OWN, values: [{ name: CC0, count: 1 }, { name: CC0_S, count: 8 }] }] },
      { lang: 'en', agents: new Map() },
    );
    assert.deepEqual(group.values.map((v) => [v.value, v.count, v.selected]), [[CC0, 9, true]]);
  });

  test('the filter matches both spellings in both fields, whichever spelling it is given', () => {
    const clause = filterClause('license', [CC0]);
    for (const f of [OWN, RELATED]) for (const uri of [CC0, CC0_S]) assert.ok(clause.includes(field(f, uri)), `${f} ${uri}`);
    assert.equal(filterClause('license', [CC0_S]), clause);
    // other URI facets keep their one spelling
    assert.equal(filterClause('theme', ['http://x.example/t']), `${field(FACETS.theme.fields[0]!, 'http://x.example/t')}`);
  });

  test('an address with the https spelling reads as the http one (one selected value, toggled off by it)', () => {
    const url = writeState(new URL('https://portal.example/'), blank({ license: [CC0_S] }));
    assert.ok(url.hash.includes('esc_license'), url.href);
    assert.deepEqual(readState(url).filters.license, [CC0]);
  });
});

describe('what the counts count', () => {
  test('datasets (and series) only: datasets; with data services: results; a type selection narrows it', () => {
    assert.equal(countsOf(blank(), { types: ['dataset'] }), undefined);
    assert.equal(countsOf(blank(), { types: ['dataset', 'series'] }), undefined);
    assert.equal(countsOf(blank(), { types: ['dataset', 'service'] }), 'results');
    assert.equal(countsOf(blank({ type: [DATASET] }), { types: ['dataset', 'series', 'service'] }), undefined);
    assert.equal(countsOf(blank({ type: [SERVICE] }), { types: ['dataset', 'series', 'service'] }), 'results');
  });
});

const shared = sharedFixture;
// civictech writes CC0 as https://…, OpenUmeå as http://…
const HTTPS_CATALOG = shared('dcat/se/civictech-se_dcat-ap.rdf');
const HTTP_CATALOG = shared('dcat/se/openumea_dcat_2015.rdf');

describe('two real catalogs, one with each CC0 spelling, in the dev store', { skip: HTTPS_CATALOG && HTTP_CATALOG ? false : SKIP_NO_SHARED }, () => {
  let server: StoreServer;
  let client: EntryStoreClient;
  let scope: SearchScope;
  before(async () => {
    await loadAllMessages();
    // related indexing on, as EntryScape configures EntryStore: without it the Licence group is left out (README)
    server = await createStoreServer({ catalogs: [HTTPS_CATALOG!, HTTP_CATALOG!], port: 0, solrRelated: true });
    client = new EntryStoreClient(server.url);
    scope = new SearchScope({ store: client });
    scope.configure({ facets: ['license'], lang: 'en', types: ['dataset'] });
    await scope.settled();
  });
  after(() => server?.close());

  /** Datasets whose own or related licence is exactly `uri` (one spelling), asked of the store directly. */
  async function withSpelling(uri: string): Promise<number> {
    const answer = await client.search({ query: and(rdfTypeClause([DATASET]), or(field(OWN, uri), field(RELATED, uri))), limit: 1 });
    return answer.total;
  }

  test('one "CC0 1.0" value; its count is the datasets of both spellings; clicking it gives exactly that many', async () => {
    const http = await withSpelling(CC0);
    const https = await withSpelling(CC0_S);
    assert.ok(http > 0 && https > 0, `both spellings occur (http ${http}, https ${https})`);
    const values = scope.results!.facets.find((g) => g.name === 'license')!.values;
    const cc0 = values.filter((v) => v.label === 'CC0 1.0');
    assert.equal(cc0.length, 1, values.map((v) => `${v.label} ${v.value}`).join(', '));
    assert.equal(cc0[0]!.value, CC0);
    assert.equal(cc0[0]!.count, http + https);
    scope.update(blank({ license: [cc0[0]!.value] }), { history: 'none' });
    await scope.settled();
    assert.equal(scope.status, 'ready', String(scope.error));
    assert.equal(scope.results!.total, http + https);
    const resources = new Set(scope.results!.rows.map((r) => r.entry.resourceUri));
    assert.equal(resources.size, Math.min(10, http + https));
  });
});
