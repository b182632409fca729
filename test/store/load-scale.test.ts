// Issue 27 point 5: the dev store loads a national catalog in linear work, from Turtle, N-Triples and RDF/XML alike,
// streaming (no document tree, no whole text), without second copies of the graph. Counts only, no timings: the
// work unit is every element a loop or an array helper visits (iterator steps of arrays, maps and sets; elements
// scanned by includes/indexOf/some/find/filter/map/forEach/slice …), counted by patching those built-ins while the
// store loads and indexes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { generateCatalog } from '../../scripts/generate-catalog.mjs';
import { DevStore } from '../../src/catalog-engine/catalog.ts';
import { loadCatalogs } from '../../dev-store/load-catalogs.ts';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import { CatalogParseError, parseRdfFile, parseRdfText } from '../../dev-store/rdf/parse.ts';
import { SearchIndex } from '../../src/catalog-engine/search/index.ts';
import type { Term, Triple } from '../../src/rdf/graph.ts';
import { viaRdflib } from '../security/rdf-readers.ts';
import type { PQuad, PTerm } from '../security/rdf-readers.ts';
import { ANTWERPEN, ROSTOCK, sharedFixture, skipUnless } from '../shared-fixtures.ts';
import { localFixture } from './helpers.ts';

const STORE = 'http://localhost:8080/store/';
const LOCAL = `${STORE}1/resource/`;
const dir = mkdtempSync(path.join(tmpdir(), 'load-scale-'));

/** Elements visited by loops and array helpers while `fn` runs. */
async function work(fn: () => Promise<void>): Promise<number> {
  let count = 0;
  const restore: (() => void)[] = [];
  const patch = (proto: object, name: string, cost: (self: unknown) => number): void => {
    const original = (proto as Record<string, (...a: unknown[]) => unknown>)[name]!;
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        count += cost(this);
        return original.apply(this, args);
      },
    });
    restore.push(() => Object.defineProperty(proto, name, { configurable: true, writable: true, value: original }));
  };
  for (const iterable of [[], new Map(), new Set()]) patch(Object.getPrototypeOf((iterable as Iterable<unknown>)[Symbol.iterator]()), 'next', () => 1);
  const length = (self: unknown): number => (self as unknown[]).length;
  for (const name of ['includes', 'indexOf', 'lastIndexOf', 'some', 'every', 'find', 'findIndex', 'filter', 'map', 'forEach', 'reduce', 'flatMap', 'slice', 'concat', 'join', 'sort']) {
    patch(Array.prototype, name, length);
  }
  try {
    await fn();
  } finally {
    for (const r of restore) r();
  }
  return count;
}

/** Loads and indexes one catalog file (what the store does before its first answer). */
async function load(file: string): Promise<DevStore> {
  const store = new DevStore(STORE, new Date('2026-01-01T00:00:00Z'));
  await loadCatalogs(store, [file]);
  new SearchIndex(store);
  return store;
}

async function generated(datasets: number, format: 'nt' | 'ttl' | 'rdf'): Promise<string> {
  return (await generateCatalog({ datasets, seed: 1, format, out: path.join(dir, `gen-${datasets}.${format}`) })).file;
}

/** The generated catalog as an EntryScape export names its resources: the store's own resource URIs (custom ids). */
async function generatedLocal(datasets: number): Promise<string> {
  const text = readFileSync(await generated(datasets, 'nt'), 'utf8').replace(/https:\/\/dataportal\.example\.se\/(catalog|dataset|distribution|organization)\/?/g, `${LOCAL}$1-`);
  const file = path.join(dir, `local-${datasets}.nt`);
  writeFileSync(file, text);
  return file;
}

const key = (t: Term): string => (t.termType === 'BlankNode' ? '_' : t.termType === 'Literal' ? `"${t.value}"@${t.language ?? ''}^^${t.datatype ?? ''}` : `<${t.value}>`);
const tripleKey = (t: Triple): string => `${key(t.subject)} <${t.predicate}> ${key(t.object)}`;

/** An entry as a reader of the store sees it: ids, kind, dates, metadata (blank node labels left out). */
function entryView(e: Entry): string {
  return [`${e.entryId} ${e.kind} ${e.entryType} ${e.resourceUri} ${e.created.toISOString()} ${e.modified.toISOString()}`, ...e.metadata.map(tripleKey).sort()].join('\n');
}

describe('loading work grows linearly with the catalog', () => {
  const SIZES = [250, 500] as const;
  for (const format of ['nt', 'ttl', 'rdf'] as const) {
    test(`${format}: twice the datasets, at most 2.2× the work`, async () => {
      const files = [await generated(SIZES[0], format), await generated(SIZES[1], format)];
      await load(files[0]!); // modules and their caches warm
      const [small, large] = [await work(() => load(files[0]!).then(() => undefined)), await work(() => load(files[1]!).then(() => undefined))];
      assert.ok(small > 10_000, `the counter sees the load (${small})`);
      assert.ok(large <= 2.2 * small, `${SIZES[0]} datasets: ${small} elements visited, ${SIZES[1]}: ${large} (×${(large / small).toFixed(2)})`);
    });
  }

  test('an export naming its resources by the store’s own URIs (custom entry ids): at most 2.2× the work', async () => {
    const files = [await generatedLocal(SIZES[0]), await generatedLocal(SIZES[1])];
    const store = await load(files[0]!);
    assert.ok(store.getEntry('1', 'dataset-7'), 'the datasets keep their ids');
    const [small, large] = [await work(() => load(files[0]!).then(() => undefined)), await work(() => load(files[1]!).then(() => undefined))];
    assert.ok(large <= 2.2 * small, `${SIZES[0]} datasets: ${small} elements visited, ${SIZES[1]}: ${large} (×${(large / small).toFixed(2)})`);
  });
});

describe('the search index built at load', () => {
  // At 200,000 datasets the index's posting tables (a JS Map per field: value → docs) were most of the load's
  // superlinear cost: inserting into tables of 500,000+ keys and the collections of a heap they fill grew ×6–8 for ×4
  // the data. Fields whose postings are those of other fields (`metadata.object.uri`: every `…uri.<h>`;
  // `…literal.<h>`: the lower-cased `…literal_s.<h>`; `uri`, `resource`: the store's own lookups; `title.<lang>`: the
  // lower-cased title column) are derived when a query first asks, not built per document.
  test('holds at most 9 posting-table entries per document (was 15.9: 7 of them copies of other fields)', async () => {
    const store = new DevStore(STORE, new Date('2026-01-01T00:00:00Z'));
    await loadCatalogs(store, [await generated(500, 'nt')]);
    const index = new SearchIndex(store);
    let entries = 0;
    for (const tables of [index.exact, index.ngram, index.text]) for (const table of tables.values()) entries += table.size;
    const docs = index.docs.length;
    assert.ok(docs > 1000, `${docs} documents`);
    assert.ok(entries <= 9 * docs, `${entries} posting-table entries for ${docs} documents (${(entries / docs).toFixed(2)} per document)`);
  });
});

describe('Turtle, N-Triples and RDF/XML of one catalog make the same store', () => {
  test('the generated catalog in the three formats: same entries, ids, dates and metadata', async () => {
    const views: string[][] = [];
    for (const format of ['nt', 'ttl', 'rdf'] as const) views.push([...(await load(await generated(120, format))).entries()].map(entryView));
    assert.equal(views[0]!.length, 120 + 1 + 21 + views[0]!.filter((v) => / distribution /.test(v.split('\n')[0]!)).length);
    assert.deepEqual(views[1], views[0], 'Turtle = N-Triples');
    assert.deepEqual(views[2], views[0], 'RDF/XML = N-Triples');
  });
});

/**
 * A parse's triple set (a triple stated twice counts once) as comparable strings: blank nodes as `_` (labels differ
 * between parsers), language tags lower-cased.
 */
function tripleBag(quads: { subject: PTerm | Term; predicate: string; object: PTerm | Term }[]): string[] {
  const labelled = (t: PTerm | Term): string => (t.termType === 'BlankNode' ? `_:${t.value}` : term(t));
  const unique = new Map(quads.map((q) => [`${labelled(q.subject)} ${q.predicate} ${labelled(q.object)}`, q]));
  return [...unique.values()].map((q) => `${term(q.subject)} <${q.predicate}> ${term(q.object)}`).sort();
  function term(t: PTerm | Term): string {
    if (t.termType === 'BlankNode') return '_';
    if (t.termType !== 'Literal') return `<${t.value}>`;
    const dt = typeof t.datatype === 'string' ? t.datatype : t.datatype?.value;
    const lang = t.language?.toLowerCase() ?? '';
    const plain = !dt || dt.endsWith('#string') || dt.endsWith('#langString');
    return `${JSON.stringify(t.value)}@${lang}^^${plain ? '' : dt}`;
  }
}
const rdflibBag = (quads: PQuad[]): string[] => tripleBag(quads.map((q) => ({ subject: q.subject, predicate: q.predicate.value, object: q.object })));

describe('RDF/XML, streamed: the triples the DOM-based reader (rdflib) found before', () => {
  const FIXTURES: [string, string | undefined][] = [
    ['tiny.rdf', localFixture('tiny.rdf')],
    ['rostock-catalog.rdf', sharedFixture('dcat/de/rostock-catalog.rdf') && ROSTOCK],
    ['antwerpen-dcat.xml', sharedFixture('dcat/large/antwerpen-dcat.xml') && ANTWERPEN],
    ['civictech-se_dcat-ap.rdf', sharedFixture('dcat/se/civictech-se_dcat-ap.rdf')],
    ['swedishpolls_dcat-ap.rdf', sharedFixture('dcat/se/swedishpolls_dcat-ap.rdf')],
    ['geodcat-ap dataset.rdf', sharedFixture('dcat/eu/geodcat-ap-2.0.0/dataset.rdf')],
  ];
  for (const [name, file] of FIXTURES) {
    test(name, skipUnless(file), async () => {
      const base = LOCAL;
      const streamed: Triple[] = [];
      await parseRdfFile(file!, { file: file!, baseIri: base }, (t) => streamed.push(t));
      const expected = rdflibBag(await viaRdflib(readFileSync(file!, 'utf8'), 'application/rdf+xml', base));
      assert.ok(expected.length >= 5);
      assert.deepEqual(tripleBag(streamed), expected);
    });
  }

  test('a character split across two chunks of the file stays whole', async () => {
    // an ö starts at the last byte of the first 1 MiB chunk
    const head = '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dct="http://purl.org/dc/terms/">\n<rdf:Description rdf:about="https://example.org/a"><dct:description>';
    const between = '</dct:description><dct:title>';
    const filler = 'x'.repeat((1 << 20) - 1 - Buffer.byteLength(head) - between.length);
    const file = path.join(dir, 'split.rdf');
    writeFileSync(file, `${head}${filler}${between}${'ö'.repeat(8)}</dct:title></rdf:Description>\n</rdf:RDF>\n`);
    assert.deepEqual(readFileSync(file).subarray((1 << 20) - 1, (1 << 20) + 1), Buffer.from('ö'), 'setup: an ö straddles the boundary');
    const titles: string[] = [];
    await parseRdfFile(file, { file, baseIri: LOCAL }, (t) => t.predicate.endsWith('title') && titles.push(t.object.value));
    assert.deepEqual(titles, ['öööööööö']);
  });

  test('a file that ends inside an element: XML error with its position', async () => {
    const file = path.join(dir, 'truncated.rdf');
    writeFileSync(file, '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dct="http://purl.org/dc/terms/">\n  <rdf:Description rdf:about="https://example.org/a">\n    <dct:title>cut');
    await assert.rejects(parseRdfFile(file, { file, baseIri: LOCAL }, () => {}), (e: unknown) => {
      assert.ok(e instanceof CatalogParseError);
      assert.match(e.message, /truncated\.rdf: line 4, column \d+: RDF\/XML error: XML not well-formed/);
      return true;
    });
  });

  test('C0 controls and `]]>` in text (not XML 1.0, found in harvested files) load as text, as the DOM-based reader took them', async () => {
    const text = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dct="http://purl.org/dc/terms/">\n  <rdf:Description rdf:about="https://example.org/a"><dct:title>a\u0001b ]]> c</dct:title></rdf:Description>\n</rdf:RDF>\n';
    const triples = await parseRdfText(text, { file: 'x.rdf', baseIri: LOCAL });
    assert.deepEqual(triples.map((t) => t.object.value), ['a\u0001b ]]> c']);
  });

  test('an element outside any namespace is refused, at the element', async () => {
    const text = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n  <rdf:Description rdf:about="https://example.org/a">\n    <title>x</title>\n  </rdf:Description>\n</rdf:RDF>\n';
    await assert.rejects(parseRdfText(text, { file: 'x.rdf', baseIri: LOCAL }), /x\.rdf: line 3, column 5: RDF\/XML error: element <title> has no namespace/);
  });
});

describe('the loaded store holds one copy of the graph', () => {
  test('one Triple object per triple, one term object per IRI, across all entries', async () => {
    const store = await load(await generated(200, 'nt'));
    const triples = new Set<Triple>();
    const keys = new Set<string>();
    const iris = new Map<string, Set<Term>>();
    for (const e of store.entries()) {
      for (const t of e.metadata) {
        triples.add(t);
        keys.add(`${e.entryId} ${tripleKey(t)}`);
        for (const term of [t.subject, t.object]) {
          if (term.termType !== 'NamedNode') continue;
          let objects = iris.get(term.value);
          if (!objects) iris.set(term.value, (objects = new Set()));
          objects.add(term);
        }
      }
    }
    assert.ok(triples.size > 5000);
    // a triple shared by two entries' metadata (a described non-entry IRI) is the same object in both
    const perEntry = [...store.entries()].reduce((n, e) => n + e.metadata.length, 0);
    assert.equal(keys.size, perEntry, 'no triple twice in one entry');
    assert.ok(triples.size <= perEntry);
    const copies = [...iris].filter(([, objects]) => objects.size > 1).map(([iri]) => iri);
    assert.deepEqual(copies.slice(0, 5), [], 'IRIs with more than one term object');
  });

  test('a triple stated twice in the file is in the metadata once', async () => {
    const file = path.join(dir, 'twice.nt');
    const ds = '<https://example.org/ds> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/dcat#Dataset> .\n';
    const title = '<https://example.org/ds> <http://purl.org/dc/terms/title> "Vatten"@sv .\n';
    writeFileSync(file, `${ds}${title}${title}${ds}`);
    const store = await load(file);
    assert.deepEqual(store.entriesByResource('https://example.org/ds')[0]!.metadata.map(tripleKey), [
      '<https://example.org/ds> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/dcat#Dataset>',
      '<https://example.org/ds> <http://purl.org/dc/terms/title> "Vatten"@sv^^',
    ]);
  });
});
