import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { DCAT, getJson, localFixture, RDF_TYPE, searchUrl, esc, startStore } from './helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

const datasetsIn = (s: StoreServer, ctx: string) => [...s.store.contexts.get(ctx)!.entries.values()].filter((e) => e.kind === 'dataset');
const tripleCount = (s: StoreServer, ctx: string) => {
  const keys = new Set<string>();
  for (const e of s.store.contexts.get(ctx)!.entries.values()) for (const t of e.metadata) keys.add(JSON.stringify(t));
  return keys.size;
};

describe('loading each format', () => {
  let s: StoreServer;
  before(async () => {
    s = await startStore([localFixture('catalog.ttl'), localFixture('tiny.nt'), localFixture('tiny.jsonld'), localFixture('tiny.rdf')]);
  });
  after(() => s.close());

  test('each file becomes its own context, ids 1..n', () => {
    assert.deepEqual([...s.store.contexts.keys()], ['1', '2', '3', '4']);
    assert.equal(s.store.contexts.get('1')!.alias, 'catalog');
  });

  test('Turtle: datasets, distributions, agent, service become entries; blank contact point stays nested', () => {
    const kinds = [...s.store.contexts.get('1')!.entries.values()].map((e) => e.kind).sort();
    assert.deepEqual(kinds, ['agent', 'catalog', 'dataservice', 'dataset', 'dataset', 'dataset', 'dataset', 'distribution', 'distribution', 'distribution']);
    const ds1 = s.store.entriesByResource('https://example.org/ds/1')[0]!;
    const cp = ds1.metadata.find((t) => t.predicate === `${DCAT}contactPoint`)!.object;
    assert.equal(cp.termType, 'BlankNode');
    assert.ok(ds1.metadata.some((t) => t.subject.value === cp.value && t.predicate.endsWith('#fn')), 'contact point bnode closure included');
  });

  test('metadata graph excludes other entries\u2019 triples but keeps a described licence (non-entry IRI)', () => {
    const ds1 = s.store.entriesByResource('https://example.org/ds/1')[0]!;
    assert.ok(!ds1.metadata.some((t) => t.subject.value === 'https://example.org/dist/1a'));
    assert.ok(!ds1.metadata.some((t) => t.subject.value === 'https://example.org/org/kommun'));
    assert.ok(ds1.metadata.some((t) => t.subject.value === 'https://example.org/licence/open'));
  });

  test('a relative IRI in the file becomes a Local entry with that id', () => {
    const e = s.store.getEntry('1', 'local-ds')!;
    assert.ok(e);
    assert.equal(e.entryType, 'Local');
    assert.equal(e.resourceUri, `${s.url}1/resource/local-ds`);
  });

  test('N-Triples: blank-node distribution gets a minted resource URI', () => {
    const dists = [...s.store.contexts.get('2')!.entries.values()].filter((e) => e.kind === 'distribution');
    assert.equal(dists.length, 1);
    assert.match(dists[0]!.resourceUri, new RegExp(`^${s.url}2/resource/\\d+$`));
    const ds = s.store.entriesByResource('https://example.org/nt/ds')[0]!;
    assert.ok(ds.metadata.some((t) => t.predicate === `${DCAT}distribution` && t.object.value === dists[0]!.resourceUri));
  });

  test('JSON-LD: dataset and publisher', () => {
    assert.equal(datasetsIn(s, '3').length, 1);
    assert.equal(s.store.entriesByResource('https://example.org/jsonld/org')[0]!.kind, 'agent');
  });

  test('RDF/XML: blank-node dataset minted, nested blank distribution minted too', () => {
    const entries = [...s.store.contexts.get('4')!.entries.values()];
    assert.deepEqual(entries.map((e) => e.kind).sort(), ['dataset', 'distribution']);
    for (const e of entries) assert.equal(e.resourceUri, `${s.url}4/resource/${e.entryId}`);
  });
});

describe('shared fixtures', () => {
  const ttl = sharedFixture('dcat/se/dcat-ap-se_exempel_rekommenderat.ttl');
  const rdf = sharedFixture('dcat/se/dcat-ap-se_exempel_rekommenderat.rdf');
  test('DCAT-AP-SE example: .ttl and .rdf give the same entries and triples', skipUnless(ttl, rdf), async () => {
    const s = await startStore([ttl!, rdf!]);
    try {
      const summary = (ctx: string) =>
        [...s.store.contexts.get(ctx)!.entries.values()].map((e) => `${e.kind} ${e.resourceUri}`).sort();
      assert.deepEqual(summary('1'), summary('2'));
      assert.equal(tripleCount(s, '1'), 67);
      assert.equal(tripleCount(s, '2'), 67);
    } finally {
      await s.close();
    }
  });

  const civic = sharedFixture('dcat/se/civictech-se_dcat-ap.rdf');
  test('harvested dataset keeps its own URI as resource URI (Link entry)', skipUnless(civic), async () => {
    const s = await startStore([civic!]);
    try {
      const uri = 'https://github.com/civictechsweden/oppna-luftfartygsregistret';
      const e = s.store.entriesByResource(uri)[0]!;
      assert.equal(e.entryType, 'Link');
      const { body } = await getJson(`${e.entryUri}?includeAll&format=application/json`);
      assert.deepEqual(body.info[e.entryUri][RDF_TYPE], [{ type: 'uri', value: 'http://entrystore.org/terms/Link' }]);
      assert.deepEqual(body.info[e.entryUri]['http://entrystore.org/terms/resource'], [{ type: 'uri', value: uri }]);
      const res = await fetch(`${s.url}${e.contextId}/resource/${e.entryId}`, { redirect: 'manual' });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), uri);
    } finally {
      await s.close();
    }
  });

  const antwerp = sharedFixture('dcat/large/antwerpen-dcat.xml');
  test('Antwerp: 491 blank-node datasets get minted URIs and are searchable', skipUnless(antwerp), async () => {
    const s = await startStore([antwerp!]);
    try {
      const datasets = datasetsIn(s, '1');
      assert.equal(datasets.length, 491);
      assert.equal(datasets.filter((e) => e.resourceUri === `${s.url}1/resource/${e.entryId}` && e.entryType === 'Local').length, 491);
      assert.equal([...s.store.contexts.get('1')!.entries.values()].filter((e) => e.kind === 'distribution').length, 2884);
      const { body } = await getJson(searchUrl(s.url, `rdfType:${esc(`${DCAT}Dataset`)} AND public:true`, { limit: 1 }));
      assert.equal(body.results, 491);
      // No blank node left where a dataset was: the catalog points at minted IRIs.
      const catalog = [...s.store.contexts.get('1')!.entries.values()].find((e) => e.kind === 'catalog')!;
      const targets = catalog.metadata.filter((t) => t.predicate === `${DCAT}dataset`).map((t) => t.object);
      assert.equal(targets.length, 491);
      assert.ok(targets.every((o) => o.termType === 'NamedNode' && o.value.startsWith(`${s.url}1/resource/`)));
    } finally {
      await s.close();
    }
  });

  const rostock = sharedFixture('dcat/de/rostock-catalog.rdf');
  test('Rostock (1.9 MB RDF/XML) loads with 100 datasets and 773 distributions', skipUnless(rostock), async () => {
    const s = await startStore([rostock!]);
    try {
      assert.equal(datasetsIn(s, '1').length, 100);
      assert.equal([...s.store.contexts.get('1')!.entries.values()].filter((e) => e.kind === 'distribution').length, 773);
    } finally {
      await s.close();
    }
  });

  const beeJsonLd = sharedFixture('dcat/eu/dcat-ap-3.0.1/example-bee-population-dataset-series-combined.jsonld');
  test('JSON-LD with the remote SEMIC @context uses the local context.jsonld next to it (no network)', skipUnless(beeJsonLd), async () => {
    const s = await startStore([beeJsonLd!]);
    try {
      const kinds = [...s.store.contexts.get('1')!.entries.values()].map((e) => e.kind);
      assert.ok(kinds.includes('series'));
      assert.ok(kinds.filter((k) => k === 'dataset').length >= 2);
    } finally {
      await s.close();
    }
  });

  test('JSON-LD with a remote @context and no local copy fails with a clear message', skipUnless(beeJsonLd), async () => {
    const text = readFileSync(beeJsonLd!, 'utf8');
    await assert.rejects(startStore([{ file: localFixture('remote-context.jsonld'), text }]), (e: Error) => {
      assert.match(e.message, /^catalog .*remote-context\.jsonld: line 2, column \d+: .*remote JSON-LD @context https:\/\/semiceu\.github\.io\/.* is not fetched/);
      return true;
    });
  });
});
