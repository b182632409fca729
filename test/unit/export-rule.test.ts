// The export rule of src/rdf/serialize.ts case by case (the hostile round trip through every format and parser is
// test/security/exports-roundtrip.test.ts), the Turtle / N-Triples / RDF/XML text it produces, and the CSV formula check.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvField, isFormulaLike } from '../../blocks/dataset-exports/csv.ts';
import { Graph, blankNode, literal, namedNode } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { exportIri, exportLiteralText, exportableGraph, serializeRdf } from '../../src/rdf/serialize.ts';

const DS = 'https://example.org/ds';

describe('export rule: IRIs', () => {
  test('characters no RDF syntax can carry in an IRI are percent-encoded as UTF-8; others stay', () => {
    assert.equal(exportIri('https://e.x/a b'), 'https://e.x/a%20b');
    assert.equal(exportIri('https://e.x/x> . <v'), 'https://e.x/x%3E%20.%20%3Cv');
    assert.equal(exportIri('https://e.x/"{}|^`\\'), 'https://e.x/%22%7B%7D%7C%5E%60%5C');
    assert.equal(exportIri('https://e.x/\n\t\u0000\u007F\u0085\u00A0\u2028\u3000'), 'https://e.x/%0A%09%00%7F%C2%85%C2%A0%E2%80%A8%E3%80%80');
    assert.equal(exportIri('https://e.x/\u202Eexe'), 'https://e.x/%E2%80%AEexe', 'bidi override (RFC 3987 §4.1)');
    assert.equal(exportIri('https://e.x/\uD800'), 'https://e.x/%EF%BF%BD', 'a lone surrogate as U+FFFD');
    assert.equal(exportIri('https://exämple.org/π/😀?q=ü#f'), 'https://exämple.org/π/😀?q=ü#f');
    assert.equal(exportIri('https://e.x/%3E'), 'https://e.x/%3E', 'existing escapes are kept');
    assert.equal(exportIri('dcat:Dataset'), 'dcat:Dataset');
  });

  test('IRIs that are not absolute are refused', () => {
    for (const iri of ['', 'victim', '//victim.example/x', '#f', '../up', '_:b0', '@type', ' https://e.x/', '1http://e.x/']) {
      assert.equal(exportIri(iri), undefined, JSON.stringify(iri));
    }
  });
});

describe('export rule: graphs', () => {
  test('triples with a refused IRI, an ill-formed language tag or rdf:langString without a tag are left out and counted', () => {
    const g = new Graph();
    const ds = namedNode(DS);
    g.add(ds, `${NS.dcterms}title`, literal('ok', { language: 'SV-se' }));
    g.add(ds, `${NS.dcterms}title`, literal('bad tag', { language: 'en> . <x' }));
    g.add(ds, `${NS.dcterms}title`, literal('too long subtag', { language: 'en-abcdefghi' }));
    g.add(ds, `${NS.dcterms}title`, literal('no tag', { datatype: `${NS.rdf}langString` }));
    g.add(ds, `${NS.dcterms}relation`, namedNode('relative'));
    g.add(namedNode('relative'), `${NS.dcterms}title`, literal('x'));
    g.add(ds, 'relative-predicate', literal('x'));
    g.add(ds, `${NS.dcterms}extent`, literal('1', { datatype: 'relative-type' }));
    g.add(ds, `${NS.dcterms}extent`, literal('2', { datatype: `${NS.xsd}string` }));
    const { graph, leftOut } = exportableGraph(g);
    assert.equal(leftOut, 7);
    assert.deepEqual([...graph.triples()].map((t) => [t.object.value, t.object.language, t.object.datatype]), [
      ['ok', 'sv-se', undefined],
      ['2', undefined, undefined],
    ]);
  });

  test('literal text: lone surrogates and characters XML 1.0 cannot hold become U+FFFD; TAB, LF, CR, quotes stay', () => {
    assert.equal(exportLiteralText('a\u0000b\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uD800'), 'a\uFFFDb\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD');
    assert.equal(exportLiteralText('t\tl\nc\r"""\\😀\u007F'), 't\tl\nc\r"""\\😀\u007F');
  });

  test('blank nodes are relabelled b0, b1, … so that hostile labels never merge or break the syntax', () => {
    const g = new Graph();
    for (const label of ['a-b', 'a.b', 'x> . <v']) g.add(namedNode(DS), `${NS.dcat}distribution`, blankNode(label));
    g.add(blankNode('a.b'), `${NS.dcterms}title`, literal('second'));
    const { graph } = exportableGraph(g);
    assert.deepEqual([...graph.triples()].map((t) => (t.object.termType === 'BlankNode' ? t.object.value : `${t.subject.value}:${t.object.value}`)), [
      'b0', 'b1', 'b2', 'b1:second',
    ]);
  });
});

describe('export text', () => {
  const sample = (): Graph => {
    const g = new Graph();
    g.add(namedNode(DS), `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
    g.add(namedNode(DS), `${NS.dcterms}title`, literal('Say """hi"""\\\n', { language: 'en' }));
    g.add(namedNode(DS), `${NS.dcterms}relation`, namedNode('https://e.x/a b'));
    g.add(namedNode(DS), `${NS.dcterms}relation`, namedNode('dcat:Dataset'));
    g.add(namedNode(DS), `${NS.dcterms}relation`, namedNode('not-absolute'));
    g.add(namedNode(DS), 'https://e.x/vocab/1', literal('no element name'));
    return g;
  };

  test('Turtle: prefixes for plain local names, `a`, escaped strings, full IRIs otherwise, the left-out count as a comment', async () => {
    const counts: number[] = [];
    const ttl = await serializeRdf(sample(), 'turtle', { onLeftOut: (n) => counts.push(n) });
    assert.deepEqual(counts, [1]);
    assert.equal(ttl, [
      '# 1 statement was left out: a non-absolute IRI, an ill-formed language tag or literal.',
      '@prefix dcat: <http://www.w3.org/ns/dcat#> .',
      '@prefix dcterms: <http://purl.org/dc/terms/> .',
      '',
      '<https://example.org/ds>',
      '    a dcat:Dataset ;',
      '    dcterms:title "Say \\"\\"\\"hi\\"\\"\\"\\\\\\n"@en ;',
      '    dcterms:relation <https://e.x/a%20b>,',
      '        <dcat:Dataset> ;',
      '    <https://e.x/vocab/1> "no element name" .',
      '',
    ].join('\n'));
  });

  test('N-Triples: one line per triple, full IRIs', async () => {
    const nt = (await serializeRdf(sample(), 'ntriples')).split('\n');
    assert.equal(nt[0], '# 1 statement was left out: a non-absolute IRI, an ill-formed language tag or literal.');
    assert.equal(nt[1], `<${DS}> <${NS.rdf}type> <${NS.dcat}Dataset> .`);
    assert.equal(nt.length, 1 + 5 + 1, 'comment, 5 triples, final newline');
  });

  test('RDF/XML: a predicate with no XML element name is left out and counted with the rest', async () => {
    const counts: number[] = [];
    const xml = await serializeRdf(sample(), 'rdfxml', { onLeftOut: (n) => counts.push(n) });
    assert.deepEqual(counts, [2]);
    assert.match(xml, /<!-- 2 statements were left out: .*a predicate RDF\/XML cannot write as an element name\. -->/);
    assert.doesNotMatch(xml, /no element name/);
    assert.match(xml, /rdf:resource="https:\/\/e\.x\/a%20b"/);
  });

  test('JSON-LD: keys and ids are the mapped IRIs; nothing is reported when nothing is left out', async () => {
    const g = new Graph();
    g.add(namedNode('https://e.x/s p'), `${NS.dcterms}title`, literal('x'));
    let called = false;
    const doc = JSON.parse(await serializeRdf(g, 'jsonld', { onLeftOut: () => (called = true) })) as Record<string, unknown>[];
    assert.deepEqual(doc, [{ '@id': 'https://e.x/s%20p', [`${NS.dcterms}title`]: [{ '@value': 'x' }] }]);
    assert.equal(called, false);
  });
});

describe('CSV formula check', () => {
  test('= + - @ first after leading spaces, controls and invisible characters, after NFKC; TAB or CR first', () => {
    for (const v of ['=1', '+1', '-1', '@x', ' =1', '\n=1', '\r\n@x', '\t', '\rx', '＝1', '＋1', '－1', '＠x', '﹦1', '\u3000=1', '\u200B=1', '\uFEFF-1', '\u202E=1']) {
      assert.equal(isFormulaLike(v), true, JSON.stringify(v));
      assert.ok(csvField(v).replace(/^"/, '').startsWith("'"), JSON.stringify(v));
    }
    for (const v of ['', 'a=1', '1-2', 'x@e.org', '2014-07-08', ' text', '−1 (U+2212)']) {
      assert.equal(isFormulaLike(v), false, JSON.stringify(v));
    }
    assert.equal(csvField(' =1,2'), `"' =1,2"`);
  });
});
