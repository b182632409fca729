import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Graph, blankNode, literal, namedNode, subjectsOfType } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { RdfParseError, readRdfJson } from '../../src/rdf/rdfjson.ts';
import { writeRdfJson } from '../../src/rdf/rdfjson-writer.ts';
import { fixture } from './store-fake.ts';

const S = 'https://data.example.org/store/7/resource/10';
const P = 'http://ex.org/p';

describe('readRdfJson', () => {
  test('reads the worked example metadata: IRIs, language and typed literals, blank nodes', () => {
    const g = readRdfJson(fixture('entry-7-10.json').metadata);
    assert.equal(g.size, 13);
    assert.deepEqual(
      g.objects(S, `${NS.dcterms}title`).map((t) => [t.value, t.language]),
      [
        ['Badplatser', 'sv'],
        ['Bathing sites', 'en'],
      ],
    );
    assert.deepEqual(g.object(S, `${NS.dcterms}modified`), literal('2025-03-10', { datatype: `${NS.xsd}date` }));
    const temporal = g.object(S, `${NS.dcterms}temporal`)!;
    assert.equal(temporal.termType, 'BlankNode');
    // the bnode object and the bnode subject are the same node
    assert.equal(g.object(temporal, `${NS.dcat}startDate`)?.value, '2010-05-01');
    assert.equal(subjectsOfType(g, `${NS.dcat}Dataset`)[0]?.value, S);
  });

  test('objects lacking type or value are skipped, the rest of the array is kept', () => {
    const g = readRdfJson({
      [S]: { [P]: [{ value: 'no type' }, { type: 'literal' }, { type: 'uri', value: 42 }, { type: 'literal', value: 'kept' }] },
    });
    assert.deepEqual(g.objects(S, P), [literal('kept')]);
  });

  test('a blank or whitespace lang means untagged; tags are lower-cased', () => {
    const g = readRdfJson({
      [S]: {
        [P]: [
          { type: 'literal', value: 'a', lang: '' },
          { type: 'literal', value: 'b', lang: '  ' },
          { type: 'literal', value: 'c', lang: 'sv-SE' },
        ],
      },
    });
    assert.deepEqual(
      g.objects(S, P).map((t) => [t.value, t.language]),
      [
        ['a', undefined],
        ['b', undefined],
        ['c', 'sv-se'],
      ],
    );
  });

  test('xsd:string and rdf:langString datatypes are dropped (plain strings), others kept', () => {
    const g = readRdfJson({
      [S]: {
        [P]: [
          { type: 'literal', value: 'a', datatype: `${NS.xsd}string` },
          { type: 'literal', value: '5312', datatype: `${NS.xsd}long` },
          { type: 'literal', value: 'b', lang: 'en', datatype: `${NS.rdf}langString` },
        ],
      },
    });
    assert.deepEqual(g.objects(S, P), [literal('a'), literal('5312', { datatype: `${NS.xsd}long` }), literal('b', { language: 'en' })]);
  });

  test('blank node labels are consistent within one document (subject and object, with or without "_:")', () => {
    const g = readRdfJson({
      [S]: { [P]: [{ type: 'bnode', value: '_:x1' }] },
      '_:x1': { [P]: [{ type: 'bnode', value: 'x2' }] },
      '_:x2': { [P]: [{ type: 'literal', value: 'deep' }] },
    });
    const b1 = g.object(S, P)!;
    assert.deepEqual(b1, blankNode('x1'));
    const b2 = g.object(b1, P)!;
    assert.deepEqual(b2, blankNode('x2'));
    assert.equal(g.object(b2, P)?.value, 'deep');
  });

  test('empty graph {} is an empty Graph; duplicate objects count once', () => {
    assert.equal(readRdfJson({}).size, 0);
    const g = readRdfJson({ [S]: { [P]: [{ type: 'uri', value: 'http://a' }, { type: 'uri', value: 'http://a' }] } });
    assert.equal(g.size, 1);
    // the same value as another kind of term, language or datatype is another object
    const mixed = readRdfJson({ [S]: { [P]: [
      { type: 'literal', value: 'http://a' }, { type: 'uri', value: 'http://a' }, { type: 'literal', value: 'http://a', lang: 'sv' },
      { type: 'literal', value: 'http://a', lang: 'SV' }, { type: 'literal', value: 'http://a', datatype: 'http://www.w3.org/2001/XMLSchema#anyURI' },
      { type: 'bnode', value: '_:http://a' }, { type: 'literal', value: 'http://a' }, { type: 'literal', value: 'http://b' },
    ] } });
    assert.deepEqual(mixed.objects(S, P).map((o) => [o.termType, o.value, o.language ?? '', o.datatype ?? '']), [
      ['Literal', 'http://a', '', ''], ['NamedNode', 'http://a', '', ''], ['Literal', 'http://a', 'sv', ''],
      ['Literal', 'http://a', '', 'http://www.w3.org/2001/XMLSchema#anyURI'], ['BlankNode', 'http://a', '', ''], ['Literal', 'http://b', '', ''],
    ]);
  });

  test('wrong shapes throw RdfParseError naming what was wrong', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /must be an object of subjects, got null/],
      [[], /got an array/],
      ['text', /got string/],
      [{ [S]: [] }, /subject <https:\/\/data\.example\.org\/store\/7\/resource\/10> must map to an object/],
      [{ [S]: { [P]: { type: 'uri', value: 'x' } } }, /<http:\/\/ex\.org\/p> must map to an array, got object/],
      [{ [S]: { [P]: ['plain string'] } }, /object of .* must be an object, got string/],
      [{ [S]: { [P]: [{ type: 'iri', value: 'x' }] } }, /unknown object type "iri"/],
      [{ '': { [P]: [] } }, /empty subject/],
      [{ '_:': { [P]: [] } }, /has no label/],
      [{ [S]: { '': [] } }, /invalid predicate/],
    ];
    for (const [input, message] of cases) {
      assert.throws(() => readRdfJson(input), (e: unknown) => e instanceof RdfParseError && message.test(e.message), JSON.stringify(input));
    }
  });
});

describe('writeRdfJson', () => {
  test('round-trips through readRdfJson (lang xor datatype, bnodes as "_:label")', () => {
    const g = new Graph();
    g.add(namedNode(S), P, literal('hej', { language: 'sv' }));
    g.add(namedNode(S), P, literal('5', { datatype: `${NS.xsd}integer` }));
    g.add(namedNode(S), P, literal('plain'));
    g.add(namedNode(S), `${NS.dcterms}temporal`, blankNode('t'));
    g.add(blankNode('t'), `${NS.dcat}startDate`, literal('2010-05-01', { datatype: `${NS.xsd}date` }));
    const json = writeRdfJson(g);
    assert.deepEqual(json[S]![P], [
      { type: 'literal', value: 'hej', lang: 'sv' },
      { type: 'literal', value: '5', datatype: `${NS.xsd}integer` },
      { type: 'literal', value: 'plain' },
    ]);
    assert.deepEqual(json[S]![`${NS.dcterms}temporal`], [{ type: 'bnode', value: '_:t' }]);
    assert.ok(json['_:t']);
    const back = readRdfJson(JSON.parse(JSON.stringify(json)));
    assert.deepEqual([...back.triples()], [...g.triples()]);
  });

  test('the worked example survives read → write → read unchanged', () => {
    const original = fixture('entry-7-10.json').metadata;
    const g = readRdfJson(original);
    assert.deepEqual(writeRdfJson(g), original);
  });

  test('a "__proto__" subject stays an ordinary key', () => {
    const g = new Graph();
    g.add(namedNode('__proto__'), P, literal('x'));
    const json = writeRdfJson(g);
    assert.ok(Object.hasOwn(json, '__proto__'));
    assert.equal(readRdfJson(JSON.parse(JSON.stringify(json))).size, 1);
  });
});
