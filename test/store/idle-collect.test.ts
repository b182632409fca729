// Issue 27 point 5: the full collections that give a big load's garbage back to the system run once the store is
// idle, not before its first answer (they are a few seconds of CPU at 50,000 datasets that no answer needs).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DevStore } from '../../src/catalog-engine/catalog.ts';
import { loadCatalogs } from '../../dev-store/load-catalogs.ts';
import { IdleCollector } from '../../dev-store/idle-collect.ts';

const until = async (done: () => boolean): Promise<void> => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe('IdleCollector', () => {
  test('collects once, after the quiet time, not when made', async () => {
    let runs = 0;
    const idle = new IdleCollector(20, () => runs++);
    assert.equal(runs, 0, 'nothing collected while the store starts answering');
    await until(() => idle.done);
    await new Promise((r) => setTimeout(r, 40));
    assert.equal(runs, 1);
  });

  test('a request starts the wait again; after the collection requests change nothing', async () => {
    let runs = 0;
    const idle = new IdleCollector(30, () => runs++);
    idle.busy();
    assert.equal(runs, 0);
    await until(() => idle.done);
    idle.busy();
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(runs, 1);
  });

  test('a closed store does not collect', async () => {
    let runs = 0;
    const idle = new IdleCollector(10, () => runs++);
    idle.cancel();
    await new Promise((r) => setTimeout(r, 40));
    assert.equal(runs, 0);
  });
});

// The same issue made the relations (§3.6) without a table of every entry's three URIs: a relation to an entry's
// entry or metadata URI, and to its resource URI, still reaches it.
describe('relations found from the store’s own lookups', () => {
  test('a store-internal triple naming another entry’s resource, entry or metadata URI is a relation of that entry', async () => {
    const S = 'http://localhost:8080/store/';
    const text = `@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dct: <http://purl.org/dc/terms/> .
<${S}1/resource/a> a dcat:Dataset ; dct:references <${S}1/entry/b>, <${S}1/metadata/b>, <${S}1/resource/b>, <${S}1/entry/nosuch> .
<${S}1/resource/b> a dcat:Dataset .`;
    const store = new DevStore(S, new Date('2026-01-01T00:00:00Z'));
    await loadCatalogs(store, [{ file: 'x.ttl', text }]);
    const b = store.getEntry('1', 'b')!;
    assert.deepEqual(b.relations.map((t) => `${t.subject.value} ${t.predicate} ${t.object.value}`), [
      `${S}1/resource/a http://purl.org/dc/terms/references ${S}1/entry/b`,
      `${S}1/resource/a http://purl.org/dc/terms/references ${S}1/metadata/b`,
      `${S}1/resource/a http://purl.org/dc/terms/references ${S}1/resource/b`,
    ]);
    assert.deepEqual(store.getEntry('1', 'a')!.relations, []);
  });
});
