/**
 * The search engine against the real dev store (HTTP, EntryStoreClient): totals and facet counts of real catalogs.
 * Skipped when ../shared/fixtures is not present.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createStoreServer, type StoreServer } from '../../dev-store/server.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { DEFAULT_FACETS } from '../../src/search/facets.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import type { SearchState } from '../../src/search/types.ts';
import { SKIP_NO_SHARED, sharedFixture } from '../shared-fixtures.ts';

const shared = sharedFixture;
const CIVICTECH = shared('dcat/se/civictech-se_dcat-ap.rdf');
const ROSTOCK = shared('dcat/de/rostock-catalog.rdf');
const DATASET = 'http://www.w3.org/ns/dcat#Dataset';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

async function datasetsInFile(file: string): Promise<number> {
  const g = await parseRdf(readFileSync(file, 'utf8'), 'rdfxml', 'http://example.org/');
  return [...g.triples()].filter((t) => t.predicate === RDF_TYPE && t.object.value === DATASET).length;
}

/**
 * Requests other than the count-only searches (limit 1, no facets) that facet values counted in several fields cost
 * (src/search/view.ts unsureValues): those are the only extra requests, and each is small.
 */
function rowSearches(requests: readonly string[]): string[] {
  const countOnly = requests.filter((u) => u.includes('/search?') && /[?&]limit=1(&|$)/.test(u) && !u.includes('facetFields') && u.includes('rdfType'));
  return requests.filter((u) => !countOnly.includes(u));
}

const blank = (filters: SearchState['filters'] = {}): SearchState => ({ terms: [], filters, page: 1 });

function suite(name: string, file: string | undefined, lang: 'sv' | 'de') {
  describe(`search over the ${name} catalog in the dev store`, { skip: file ? false : SKIP_NO_SHARED }, () => {
    let server: StoreServer;
    let requests: string[];
    let scope: SearchScope;
    let expected: number;

    before(async () => {
      await loadAllMessages();
      // distributions indexed with their datasets, as EntryScape configures a store (entrystore.solr.related=on)
      server = await createStoreServer({ catalogs: [file!], port: 0, solrRelated: true });
      requests = [];
      const client = new EntryStoreClient(server.url, {
        fetch: (input, init) => {
          requests.push(String(input));
          return fetch(input, init);
        },
      });
      scope = new SearchScope({ store: client });
      scope.configure({ facets: [...DEFAULT_FACETS, 'hvd'], lang, types: ['dataset'] });
      expected = await datasetsInFile(file!);
      await scope.settled();
    });
    after(() => server?.close());

    test('unfiltered total = the dcat:Dataset subjects of the file; first load = one search + one agent batch (+ counts)', () => {
      assert.equal(scope.status, 'ready', String(scope.error));
      assert.equal(scope.results!.total, expected);
      assert.equal(scope.results!.rows.length, Math.min(10, expected));
      assert.equal(rowSearches(requests).length, 2);
      assert.ok(scope.results!.rows.every((r) => r.title && r.publisher), 'titles and publisher names');
      const org = scope.results!.facets.find((g) => g.name === 'org')!;
      assert.ok(org.values.length > 0 && org.values.every((v) => !/^https?:/.test(v.label)), 'publisher labels are names');
    });

    test('clicking (filtering by) each theme value gives exactly its count, one request each (+ counts)', async () => {
      const themes = scope.results!.facets.find((g) => g.name === 'theme')!.values;
      assert.ok(themes.length > 0);
      assert.ok(themes.every((v) => !/^https?:/.test(v.label)), 'theme labels from the vocabulary');
      for (const v of themes) {
        const before = requests.length;
        scope.update(blank({ theme: [v.value] }), { history: 'none' });
        await scope.settled();
        assert.equal(scope.results!.total, v.count, v.label);
        assert.equal(rowSearches(requests.slice(before)).length, 1, `one request for ${v.label}`);
      }
      scope.update(blank(), { history: 'none' });
      await scope.settled();
    });

    test('keyword, licence and format values: clicking gives their count (issue 28 point 1: formats too)', async () => {
      const unfiltered = scope.results!;
      for (const name of ['keyword', 'license', 'format'] as const) {
        const values = unfiltered.facets.find((g) => g.name === name)!.values.slice(0, 4);
        assert.ok(values.length > 0, name);
        for (const v of values) {
          scope.update(blank({ [name]: [v.value] }), { history: 'none' });
          await scope.settled();
          assert.equal(scope.results!.total, v.count, `${name} ${v.label}`);
        }
      }
      scope.update(blank(), { history: 'none' });
      await scope.settled();
      assert.equal(scope.results!.total, expected);
    });

    test('a state already seen costs no request', async () => {
      const before = requests.length;
      scope.update(blank(), { history: 'none' });
      const theme = scope.results!.facets.find((g) => g.name === 'theme')!.values[0]!;
      scope.update(blank({ theme: [theme.value] }), { history: 'none' });
      await scope.settled();
      scope.update(blank(), { history: 'none' });
      await scope.settled();
      assert.equal(requests.length, before);
    });

    test('terms: every hit contains each token in its title, description or keywords', async () => {
      const word = scope.results!.rows[0]!.title!.value.split(/\s+/).find((w) => w.length >= 4)!.toLowerCase();
      scope.update({ terms: [word], filters: {}, page: 1 }, { history: 'none' });
      await scope.settled();
      assert.ok(scope.results!.total >= 1);
      for (const row of scope.results!.rows) {
        const g = row.entry.metadata;
        const text = [...g.triples()].filter((t) => t.subject.value === row.entry.resourceUri && t.object.termType === 'Literal')
          .map((t) => t.object.value.toLowerCase()).join(' ');
        assert.ok(text.includes(word), `${row.title?.value} contains ${word}`);
      }
      scope.update(blank(), { history: 'none' });
      await scope.settled();
    });

    test('paging and title sort', async () => {
      scope.update({ terms: [], filters: {}, sort: 'title', page: 1 }, { history: 'none' });
      await scope.settled();
      const titles = scope.results!.rows.map((r) => r.title?.value ?? '');
      const sorted = [...titles].sort(new Intl.Collator(lang).compare);
      assert.deepEqual(titles, sorted);
      if (expected > 10) {
        scope.update((s) => ({ ...s, page: 2 }), { history: 'none' });
        await scope.settled();
        assert.equal(scope.results!.pageCount, Math.ceil(expected / 10));
        const second = scope.results!.rows.map((r) => r.title?.value ?? '');
        assert.ok(second.every((t) => !titles.includes(t) || titles.filter((x) => x === t).length === 0 || t === ''));
        assert.ok(new Intl.Collator(lang).compare(titles.at(-1)!, second[0]!) <= 0);
      }
    });
  });
}

suite('civictech-se', CIVICTECH, 'sv');
suite('Rostock', ROSTOCK, 'de');
