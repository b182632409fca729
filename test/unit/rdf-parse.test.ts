import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Graph, blankNode, literal, namedNode, termKey, type Triple } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { parseRdf, type RdfFormat } from '../../src/rdf/parse.ts';
import { serializeRdf } from '../../src/rdf/serialize.ts';
import { RdfParseError } from '../../src/rdf/rdfjson.ts';
import { SHARED_FIXTURES, SKIP_NO_SHARED } from '../shared-fixtures.ts';

const BASE = 'http://example.org/';
const SE = `${SHARED_FIXTURES}/dcat/se/`;
const haveShared = existsSync(SE);

/** Triples with blank nodes replaced by a placeholder (labels differ between parsers). */
const shape = (g: Graph) =>
  [...g.triples()]
    .map((t: Triple) => `${t.subject.termType === 'BlankNode' ? '_' : t.subject.value} ${t.predicate} ${t.object.termType === 'BlankNode' ? '_' : termKey(t.object)}`)
    .sort();

const TURTLE = `@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<ds1> a dcat:Dataset ;
  dct:title "Badplatser"@sv-SE, "Bathing sites"@en ;
  dct:issued "2020-01-01"^^xsd:date ;
  dct:temporal [ a dct:PeriodOfTime ; dcat:startDate "2010-05-01"^^xsd:date ] .
`;

describe('parseRdf', () => {
  test('Turtle: relative IRIs against the base, language tags lower-cased, typed literals, blank nodes linked', async () => {
    const g = await parseRdf(TURTLE, 'turtle', BASE);
    const ds = `${BASE}ds1`;
    assert.equal(g.size, 7);
    assert.ok(g.has(ds, `${NS.rdf}type`, `${NS.dcat}Dataset`));
    assert.deepEqual(g.objects(ds, `${NS.dcterms}title`).map((t) => t.language).sort(), ['en', 'sv-se']);
    assert.deepEqual(g.object(ds, `${NS.dcterms}issued`), literal('2020-01-01', { datatype: `${NS.xsd}date` }));
    const period = g.object(ds, `${NS.dcterms}temporal`)!;
    assert.equal(period.termType, 'BlankNode');
    assert.equal(g.object(period, `${NS.dcat}startDate`)?.value, '2010-05-01');
  });

  test('RDF/XML of the same data gives the same triples', async () => {
    const xml = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="${NS.rdf}" xmlns:dcat="${NS.dcat}" xmlns:dct="${NS.dcterms}">
  <dcat:Dataset rdf:about="ds1">
    <dct:title xml:lang="sv-SE">Badplatser</dct:title>
    <dct:title xml:lang="en">Bathing sites</dct:title>
    <dct:issued rdf:datatype="http://www.w3.org/2001/XMLSchema#date">2020-01-01</dct:issued>
    <dct:temporal><dct:PeriodOfTime><dcat:startDate rdf:datatype="http://www.w3.org/2001/XMLSchema#date">2010-05-01</dcat:startDate></dct:PeriodOfTime></dct:temporal>
  </dcat:Dataset>
</rdf:RDF>`;
    assert.deepEqual(shape(await parseRdf(xml, 'rdfxml', BASE)), shape(await parseRdf(TURTLE, 'turtle', BASE)));
  });

  test('JSON-LD with a context, language value and a blank node', async () => {
    const doc = JSON.stringify({
      '@context': { dct: NS.dcterms, dcat: NS.dcat },
      '@id': 'http://ex.org/ds',
      '@type': 'dcat:Dataset',
      'dct:title': { '@value': 'Badplatser', '@language': 'sv' },
      'dct:publisher': { 'http://xmlns.com/foaf/0.1/name': 'Kommunen' },
    });
    const g = await parseRdf(doc, 'jsonld', BASE);
    assert.equal(g.size, 4);
    assert.ok(g.has('http://ex.org/ds', `${NS.rdf}type`, `${NS.dcat}Dataset`));
    assert.deepEqual(g.object('http://ex.org/ds', `${NS.dcterms}title`), literal('Badplatser', { language: 'sv' }));
    const publisher = g.object('http://ex.org/ds', `${NS.dcterms}publisher`)!;
    assert.equal(publisher.termType, 'BlankNode');
    assert.equal(g.object(publisher, `${NS.foaf}name`)?.value, 'Kommunen');
  });

  test('N-Triples (read as Turtle), incl. \\u escapes in IRIs and literals', async () => {
    const nt = [
      '<http://ex.org/a> <http://ex.org/p> "rad 1\\nrad 2"@sv .',
      '<http://ex.org/a> <http://ex.org/q> <http://dbpedia.org/page/Ume\\u00e5> .',
      '_:b1 <http://ex.org/p> "5"^^<http://www.w3.org/2001/XMLSchema#integer> .',
      '<http://ex.org/a> <http://ex.org/r> _:b1 .',
    ].join('\n');
    const g = await parseRdf(nt, 'ntriples', BASE);
    assert.equal(g.size, 4);
    assert.equal(g.object('http://ex.org/a', 'http://ex.org/p')?.value, 'rad 1\nrad 2');
    assert.equal(g.object('http://ex.org/a', 'http://ex.org/q')?.value, 'http://dbpedia.org/page/Umeå');
    const b = g.object('http://ex.org/a', 'http://ex.org/r')!;
    assert.equal(g.object(b, 'http://ex.org/p')?.value, '5');
  });

  test('Turtle collections become rdf:first/rdf:rest chains ending in rdf:nil', async () => {
    const g = await parseRdf('<http://ex.org/a> <http://ex.org/p> ( "x" <http://ex.org/y> ) .', 'turtle', BASE);
    const head = g.object('http://ex.org/a', 'http://ex.org/p')!;
    assert.equal(head.termType, 'BlankNode');
    assert.equal(g.object(head, `${NS.rdf}first`)?.value, 'x');
    const second = g.object(head, `${NS.rdf}rest`)!;
    assert.equal(g.object(second, `${NS.rdf}first`)?.value, 'http://ex.org/y');
    assert.equal(g.object(second, `${NS.rdf}rest`)?.value, `${NS.rdf}nil`);
  });

  test('broken Turtle → RdfParseError with the line number', async () => {
    const broken = '@prefix ex: <http://ex.org/> .\nex:a ex:b "ok" .\nex:c ex:d ex:e ex:f .\n';
    await assert.rejects(parseRdf(broken, 'turtle', BASE), (e: unknown) => {
      assert.ok(e instanceof RdfParseError);
      assert.equal(e.line, 3);
      assert.match(e.message, /^Turtle syntax error at line 3: /);
      return true;
    });
  });

  test('broken RDF/XML and JSON-LD → RdfParseError', async () => {
    const xml = `<rdf:RDF xmlns:rdf="${NS.rdf}">\n<rdf:Description rdf:about="a">\n</rdf:RDF>`;
    await assert.rejects(parseRdf(xml, 'rdfxml', BASE), (e: unknown) => e instanceof RdfParseError && /^RDF\/XML syntax error/.test(e.message));
    await assert.rejects(parseRdf('{"@id": ', 'jsonld', BASE), (e: unknown) => e instanceof RdfParseError && /^JSON-LD syntax error/.test(e.message));
  });

  test('DCAT-AP-SE example: Turtle and RDF/XML give the same 67 triples', { skip: !haveShared && SKIP_NO_SHARED }, async () => {
    const ttl = await parseRdf(readFileSync(`${SE}dcat-ap-se_exempel_rekommenderat.ttl`, 'utf8'), 'turtle', BASE);
    const rdf = await parseRdf(readFileSync(`${SE}dcat-ap-se_exempel_rekommenderat.rdf`, 'utf8'), 'rdfxml', BASE);
    assert.equal(ttl.size, 67);
    assert.equal(rdf.size, 67);
    assert.deepEqual(shape(rdf), shape(ttl));
  });
});

describe('serializeRdf', () => {
  const sample = () => {
    const g = new Graph();
    g.add(namedNode('http://ex.org/ds'), `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
    g.add(namedNode('http://ex.org/ds'), `${NS.dcterms}title`, literal('Bad & "strand" <1>', { language: 'sv' }));
    g.add(namedNode('http://ex.org/ds'), `${NS.dcterms}temporal`, blankNode('t1'));
    g.add(blankNode('t1'), `${NS.rdf}type`, namedNode(`${NS.dcterms}PeriodOfTime`));
    g.add(blankNode('t1'), `${NS.dcat}startDate`, literal('2010-05-01', { datatype: `${NS.xsd}date` }));
    g.add(namedNode('http://ex.org/ds'), 'http://ex.org/vocab/2-size', literal('rad 1\nrad 2'));
    return g;
  };

  for (const format of ['turtle', 'rdfxml', 'jsonld', 'ntriples'] as RdfFormat[]) {
    test(`${format}: parse(serialize(g)) has the same triples, typed blank nodes included`, async () => {
      const g = sample();
      const text = await serializeRdf(g, format);
      assert.deepEqual(shape(await parseRdf(text, format, BASE)), shape(g));
    });
  }

  test('DCAT-AP-SE example survives every format', { skip: !haveShared && SKIP_NO_SHARED }, async () => {
    const g = await parseRdf(readFileSync(`${SE}dcat-ap-se_exempel_rekommenderat.ttl`, 'utf8'), 'turtle', BASE);
    for (const format of ['turtle', 'rdfxml', 'jsonld', 'ntriples'] as RdfFormat[]) {
      assert.deepEqual(shape(await parseRdf(await serializeRdf(g, format), format, BASE)), shape(g), format);
    }
  });
});
