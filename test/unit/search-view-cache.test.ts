/**
 * What a search scope keeps between answers (issue 13 point 11): row view models by entry and `modified`, and
 * facet groups whose counts did not change. Kept means the same object; a changed entry or new counts are read again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SearchScope } from '../../src/search/scope.ts';
import { Graph, literal, namedNode } from '../../src/rdf/graph.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { FakeStore, FakeWindow, ORG, setSort, THEME, toggle } from './search-fakes.ts';

await loadAllMessages();

const DCT = 'http://purl.org/dc/terms/';

/** The fake store's entries with a `modified` date, as every EntryStore entry has. */
class DatedStore extends FakeStore {
  /** Agent lookups fail while set (publisher names then fall back). */
  agentsDown = false;

  constructor() {
    super();
    this.entries.forEach((e, i) => (this.entries[i] = { ...e, modified: '2024-01-01T00:00:00Z' }));
  }

  override getEntriesByResourceUris(uris: readonly string[]): Promise<Map<string, StoreEntry>> {
    if (this.agentsDown) {
      this.lookups.push([...uris]);
      return Promise.reject(new Error('agents unreachable'));
    }
    return super.getEntriesByResourceUris(uris);
  }

  /** Entry `id` edited in the store: a new title and a later `modified`. */
  edit(id: string, title: string, modified: string): void {
    const i = this.entries.findIndex((e) => e.entryId === id);
    const old = this.entries[i]!;
    const metadata = new Graph();
    for (const t of old.metadata.triples()) if (t.predicate !== `${DCT}title`) metadata.add(t.subject, t.predicate, t.object);
    metadata.add(namedNode(old.resourceUri), `${DCT}title`, literal(title, { language: 'sv' }));
    this.entries[i] = { ...old, metadata, modified };
  }
}

function setup(store = new DatedStore()) {
  const scope = new SearchScope({ store, window: new FakeWindow() });
  scope.configure({ facets: ['theme', 'org', 'type'], types: ['dataset', 'service'], lang: 'sv' });
  return { store, scope };
}

const row = (scope: SearchScope, id: string) => scope.results!.rows.find((r) => r.entry.entryId === id)!;
const group = (scope: SearchScope, name: string) => scope.results!.facets.find((g) => g.name === name)!;

test('a row shown again with the same modified is not read again; an edited entry is', async () => {
  const { store, scope } = setup();
  await scope.settled();
  const before = row(scope, '1');
  assert.equal(before.title?.value, 'Busslinjer');

  setSort(scope, 'title');
  await scope.settled();
  assert.equal(store.searches.length, 2);
  const kept = row(scope, '1');
  assert.equal(kept, before, 'same entry, same modified: the same view model');
  const kept2 = row(scope, '2');

  store.edit('1', 'Busslinjer 2025', '2025-03-01T00:00:00Z');
  toggle(scope, 'theme', `${THEME}TRAN`);
  await scope.settled();
  assert.equal(store.searches.length, 3, 'a new state: the store is asked');
  const edited = row(scope, '1');
  assert.notEqual(edited, before);
  assert.equal(edited.title?.value, 'Busslinjer 2025', 'the changed entry is read again, not served stale');
  assert.equal(edited.entry.modified, '2025-03-01T00:00:00Z');
  assert.deepEqual(edited.description.map((d) => d.value), ['Om Busslinjer.', 'Mer text.']);
  // another row of this answer was not edited: still its first view model
  assert.equal(row(scope, '2').title?.value, 'Trafikbuller');
  assert.equal(row(scope, '2'), kept2);
});

test('a kept row asks for its publisher name again (agents known later replace the fallback)', async () => {
  const store = new DatedStore();
  store.agentsDown = true;
  const { scope } = setup(store);
  await scope.settled();
  const before = row(scope, '1');
  assert.equal(before.publisher, undefined, 'no agent entry: no name from the store');

  store.agentsDown = false;
  setSort(scope, 'title');
  await scope.settled();
  const after = row(scope, '1');
  assert.equal(after.publisher, 'Trafikverket');
  assert.equal(after.description, before.description, 'the rest of the row is kept');
  assert.equal(row(scope, '5').publisher, 'Blank AB', 'a name from the entry itself stays');
});

test('a facet group whose counts did not change is kept; new counts build it again', async () => {
  const { scope } = setup();
  await scope.settled();
  const type = group(scope, 'type');
  assert.deepEqual(type.values.map((v) => [v.label, v.count]), [['Datamängd', 6], ['Datatjänst', 1]]);

  setSort(scope, 'title');
  await scope.settled();
  assert.equal(group(scope, 'type'), type, 'a sort changes no count: the same group');

  toggle(scope, 'theme', `${THEME}ENVI`);
  await scope.settled();
  const narrowed = group(scope, 'type');
  assert.notEqual(narrowed, type);
  assert.deepEqual(narrowed.values.map((v) => [v.label, v.count]), [['Datamängd', 3]]);
  // org labels come from agents and are always built again (cheap, and their labels can change)
  assert.deepEqual(group(scope, 'org').values.map((v) => v.value), [ORG(1), ORG(2)]);
});

test('a sort or another page of the same filters asks for rows only: the counts seen are shown; new filters or terms are counted', async () => {
  const { store, scope } = setup();
  await scope.settled();
  assert.ok(store.searches[0]!.request.facetFields?.length, 'the first search asks for counts');
  const counts = scope.results!.facets.map((g) => [g.name, g.values.map((v) => [v.value, v.count])]);
  const total = scope.results!.total;

  setSort(scope, 'title');
  await scope.settled();
  assert.equal(store.searches.length, 2);
  assert.equal(store.searches[1]!.request.facetFields, undefined, 'a sort: no counts asked for');
  assert.equal(store.searches[1]!.request.sort?.startsWith('title'), true);
  assert.deepEqual(scope.results!.facets.map((g) => [g.name, g.values.map((v) => [v.value, v.count])]), counts, 'the counts seen');
  assert.equal(scope.results!.total, total);

  toggle(scope, 'theme', `${THEME}ENVI`);
  await scope.settled();
  assert.ok(store.searches[2]!.request.facetFields?.length, 'a filter: counted again');
  const filtered = scope.results!.facets.map((g) => [g.name, g.values.map((v) => [v.value, v.count])]);
  assert.notDeepEqual(filtered, counts);

  // the filtered result sorted another way: its counts are known, only rows are asked for
  setSort(scope, 'modified');
  await scope.settled();
  assert.equal(store.searches.length, 4);
  assert.equal(store.searches[3]!.request.facetFields, undefined);
  assert.equal(store.searches[3]!.request.sort?.startsWith('modified'), true);
  assert.deepEqual(scope.results!.facets.map((g) => [g.name, g.values.map((v) => [v.value, v.count])]), filtered);
  assert.deepEqual(scope.results!.rows.map((r) => r.entry.entryId).sort(), ['2', '3', '6'], 'the rows of the filter');
});
