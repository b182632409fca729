// Issue 8 points 3 and 6: a hostile catalog graph through every export format of <dataset-exports> (Turtle, N-Triples,
// RDF/XML, JSON-LD, CSV), each file read back by an independent parser (n3, rdflib, jsonld, xmldom, csv-parse).
// The parse must give EXACTLY the source triples as the export rule maps them (written out again here, independently
// of src/rdf/serialize.ts): IRIs with characters RDF syntaxes cannot carry are percent-encoded (RFC 3987 §3.1), triples
// with a non-absolute IRI, an ill-formed language tag or an ill-formed literal are left out (and counted), literal
// characters no XML 1.0 document can hold become U+FFFD. No injected triple, no merged blank nodes, no file that
// fails to parse. CSV: one row per exportable dataset, 12 cells each, every formula-leading cell neutralised.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertWellFormedXml, jsonld, n3, pct, viaRdflib, type PQuad, type PTerm } from './rdf-readers.ts';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { Graph, blankNode, literal, namedNode, type Term } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { serializeRdf, type RdfExportFormat } from '../../src/rdf/serialize.ts';
import { csvField } from '../../blocks/dataset-exports/csv.ts';
import { CSV_COLUMNS, resultCsv } from '../../blocks/dataset-exports/export-data.ts';
import type { StoreEntry } from '../../src/store/types.ts';



const BASE = 'https://base.example/doc';



type Parser = (text: string) => Promise<PQuad[]>;
const PARSERS: Record<RdfExportFormat, Record<string, Parser>> = {
  turtle: {
    'n3 Turtle': async (t) => new n3.Parser({ format: 'Turtle', baseIRI: BASE }).parse(t),
    'rdflib Turtle': (t) => viaRdflib(t, 'text/turtle', BASE),
  },
  ntriples: {
    'n3 N-Triples (strict)': async (t) => new n3.Parser({ format: 'N-Triples' }).parse(t),
    'rdflib Turtle': (t) => viaRdflib(t, 'text/turtle', BASE),
  },
  rdfxml: {
    'xmldom + rdflib RDF/XML': (t) => {
      assertWellFormedXml(t);
      return viaRdflib(t, 'application/rdf+xml', BASE);
    },
  },
  jsonld: {
    'jsonld.js toRDF': async (t) => new n3.Parser({ format: 'N-Quads' }).parse(await jsonld.toRDF(JSON.parse(t), { format: 'application/n-quads', base: BASE })),
    'rdflib JSON-LD': (t) => viaRdflib(t, 'application/ld+json', BASE),
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The export rule, written out independently.
const XSD_STRING = `${NS.xsd}string`;
const LANG_STRING = `${NS.rdf}langString`;
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const LANGTAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const IRI_UNSAFE = /[\s\u0000-\u0020<>"{}|^`\\\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]/g;
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function expectedIri(iri: string): string | undefined {
  if (!ABSOLUTE.test(iri)) return undefined;
  return iri.replace(LONE_SURROGATE, pct).replace(IRI_UNSAFE, pct);
}

const BLANK_ID = 'https://test.example/blankId';

/** Canonical text of a triple; blank nodes are named by their `BLANK_ID` literal(s), so merged nodes show. */
function canonTerm(t: PTerm, blankNames: Map<string, string>): string {
  if (t.termType === 'NamedNode') return `<${JSON.stringify(t.value)}>`;
  if (t.termType === 'BlankNode') return `_:${blankNames.get(t.value) ?? `?${t.value}`}`;
  const lang = (t.language ?? '').toLowerCase();
  const dt = lang ? LANG_STRING : (t.datatype?.value ?? XSD_STRING);
  return `${JSON.stringify(t.value)}@${lang}^^${dt}`;
}
function canon(quads: readonly PQuad[]): string[] {
  const names = new Map<string, string[]>();
  for (const q of quads) {
    if (q.subject.termType === 'BlankNode' && q.predicate.value === BLANK_ID) {
      names.set(q.subject.value, [...(names.get(q.subject.value) ?? []), q.object.value].sort());
    }
  }
  const blankNames = new Map([...names].map(([k, v]) => [k, v.join('+')]));
  return [...new Set(quads.map((q) => `${canonTerm(q.subject, blankNames)} ${canonTerm(q.predicate, blankNames)} ${canonTerm(q.object, blankNames)}`))].sort();
}

/**
 * jsonld.js (so rdflib's JSON-LD too) rewrites EVERY xsd:double lexical form to its canonical form ("1e3" → "1.0E3"),
 * although the JSON-LD 1.1 algorithm does that only for JSON numbers; the value is the same, so it is compared so.
 */
function jsonLdDouble(q: PQuad): PQuad {
  const o = q.object;
  if (o.termType !== 'Literal' || o.datatype?.value !== `${NS.xsd}double`) return q;
  return { subject: q.subject, predicate: q.predicate, object: { termType: 'Literal', value: Number(o.value) === 1000 ? '1e3' : o.value, datatype: o.datatype } };
}

/** rdflib reads the native JSON `true` of compact JSON-LD as "1"^^xsd:boolean: the same value, compared as "true". */
function rdflibBoolean(q: PQuad): PQuad {
  const o = q.object;
  if (o.termType !== 'Literal' || o.datatype?.value !== `${NS.xsd}boolean` || !/^[01]$/.test(o.value)) return q;
  return { ...q, object: { ...o, value: o.value === '1' ? 'true' : 'false' } };
}

/** The source graph as the rule maps it: what every parse must give (blank nodes keep their source labels). */
function expectedQuads(g: Graph): PQuad[] {
  const out: PQuad[] = [];
  const mapNode = (t: Term): PTerm | undefined => {
    if (t.termType === 'BlankNode') return { termType: 'BlankNode', value: t.value };
    if (t.termType === 'NamedNode') {
      const v = expectedIri(t.value);
      return v === undefined ? undefined : { termType: 'NamedNode', value: v };
    }
    const value = t.value.replace(LONE_SURROGATE, '\uFFFD').replace(NOT_XML, '\uFFFD');
    if (t.language) return LANGTAG.test(t.language) ? { termType: 'Literal', value, language: t.language.toLowerCase(), datatype: { value: LANG_STRING } } : undefined;
    if (t.datatype === LANG_STRING) return undefined;
    const dt = t.datatype ? expectedIri(t.datatype) : XSD_STRING;
    return dt === undefined ? undefined : { termType: 'Literal', value, datatype: { value: dt } };
  };
  for (const { subject, predicate, object } of g.triples()) {
    const s = mapNode(subject);
    const p = mapNode(namedNode(predicate));
    const o = mapNode(object);
    if (s && p && o) out.push({ subject: s, predicate: p, object: o });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The hostile catalog graph.
const { dcterms, dcat, rdf, xsd } = NS;
const VICTIM = 'https://victim.example/ds';
const INJECTED = 'https://evil.example/INJECTED';
const DS = 'https://catalog.example/ds/1';
const inject = (lead: string): string => `${lead}> . <${VICTIM}> <${dcterms}license> <${INJECTED}`;

/** Absolute IRIs with characters Turtle / N-Triples / XML / JSON cannot carry as they are (mapped, not refused). */
const HOSTILE_IRIS = [
  inject('https://evil.example/x'),
  'https://evil.example/a b',
  'https://evil.example/q"uote',
  `https://evil.example/nl\n<${VICTIM}> <${dcterms}license> <${INJECTED}> .`,
  'https://evil.example/{a}|b^c`d\\e',
  'https://evil.example/tab\there\r',
  'https://exämple.org/π/日本?q=ü#frag',
  'https://example.org/emoji/😀',
  'https://evil.example/ctl\u0000\u0001\u001f\u007f\u0085',
  'https://evil.example/bidi\u202Egnp.exe',
  'https://evil.example/lone\uD800x\uDC00',
  'https://evil.example/nonchar\uFFFE',
  'dcat:Dataset', // its scheme is a Turtle prefix name: must not be read back as the dcat namespace IRI
  'xsd:string',
  'urn:x:1',
  `https://evil.example/]]></rdf:Description><rdf:Description rdf:about="${VICTIM}">`,
  'https://evil.example/%3E already encoded',
  `https://evil.example/x"}, {"@id": "${VICTIM}`,
  'https://evil.example/ends-in-digit/1',
  'https://evil.example/unicode\u00A0spaces\u3000and\u2028lines\u2029',
  `${NS.rdf}li`,
  `${NS.rdf}Description`,
  `${NS.rdf}about`,
  'http://www.w3.org/2000/xmlns/foo',
  // Absolute IRIs no reader may normalise: dot segments, case, stray percent signs, odd schemes.
  'https://e.example/a/../b/./c', 'HTTPS://E.EXAMPLE/A', 'https://e.example/%', 'https://e.example/%zz%7e',
  'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@[::1]:8080/?a#b#c',
];
/** Not absolute: cannot be written without a base the reader chooses (or is a JSON-LD keyword / blank node id). */
const REFUSED_IRIS = ['victim', '', `//victim.example/ds`, '#frag', '_:b0', '@type', '../up', ` ${VICTIM}`];

const HOSTILE_LITERALS = [
  'triple quotes """ and "" and "',
  'back\\slash \\u0041 \\n',
  'line1\nline2\r\nline3\r',
  'tab\there',
  `every control: ${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('')}\u007F\u0085`,
  'lone surrogates \uD800 and \uDC00 and a pair 😀',
  'nonchars \uFFFE\uFFFF',
  `</dcterms:description></rdf:Description><rdf:Description rdf:about="${VICTIM}"><dcterms:license rdf:resource="${INJECTED}"/>`,
  ']]> <!-- --> &amp; &lt;',
  `"> . <${VICTIM}> <${dcterms}license> <${INJECTED}> . <x> <y> "`,
  `"@id": "${VICTIM}"`,
  'line separators \u2028 \u2029 \u0085 and a BOM \uFEFF',
  '',
];

const LANGUAGE_TAGS = ['en', 'en-US', 'EN-gb', `en> . <${VICTIM}> <${dcterms}license> <${INJECTED}`, '1x', 'en"', 'en--x', 'en us', 'sv-'];
const DATATYPED: [string, string][] = [
  ['1', `${xsd}integer`],
  [`1 . <${VICTIM}> <${dcterms}license> <${INJECTED}> .`, `${xsd}integer`],
  ['true', `${xsd}boolean`],
  ['1.5', `${xsd}decimal`],
  ['1e3', `${xsd}double`],
  ['plain', XSD_STRING],
  ['no tag', LANG_STRING], // ill-formed: rdf:langString needs a language tag
  ['typed', inject('https://evil.example/dt')],
  ['typed', 'https://evil.example/dt with space'],
  ['typed', 'relative-datatype'],
];
const BLANK_LABELS = ['a-b', 'a.b', 'a_b', 'a b', `x> . <${VICTIM}`, '1', '_:z', 'é', 'b0', 'b1'];

function hostileGraph(): Graph {
  const g = new Graph();
  const ds = namedNode(DS);
  g.add(ds, `${rdf}type`, namedNode(`${dcat}Dataset`));
  g.add(namedNode(VICTIM), `${rdf}type`, namedNode(`${dcat}Dataset`));
  g.add(namedNode(VICTIM), `${dcterms}title`, literal('Victim', { language: 'en' }));
  [...HOSTILE_IRIS, ...REFUSED_IRIS].forEach((iri, i) => {
    g.add(namedNode(iri), `${dcterms}title`, literal(`iri ${i}`));
    g.add(ds, `${dcterms}relation`, namedNode(iri));
    g.add(ds, iri, literal(`as predicate ${i}`));
    g.add(ds, `${dcterms}type`, literal(`typed ${i}`, { datatype: iri }));
  });
  HOSTILE_LITERALS.forEach((v) => g.add(ds, `${dcterms}description`, literal(v)));
  LANGUAGE_TAGS.forEach((tag, i) => g.add(ds, `${dcterms}alternative`, literal(`tagged ${i}`, { language: tag })));
  DATATYPED.forEach(([v, dt]) => g.add(ds, `${dcterms}extent`, literal(v, { datatype: dt })));
  BLANK_LABELS.forEach((label, i) => {
    const b = blankNode(label);
    g.add(ds, `${dcat}distribution`, b);
    g.add(b, BLANK_ID, literal(`blank ${i}`));
    g.add(b, `${rdf}type`, namedNode(`${dcat}Distribution`));
    g.add(b, `${dcterms}title`, literal(HOSTILE_LITERALS[i % HOSTILE_LITERALS.length]!, { language: 'en' }));
    if (i > 0) g.add(b, `${dcterms}relation`, blankNode(BLANK_LABELS[i - 1]!));
  });
  return g;
}

const source = hostileGraph();
const expected = expectedQuads(source);
const expectedCanon = canon(expected);

/** Predicates RDF/XML cannot write (no XML name at the end of the IRI): the RDF/XML export leaves those triples out. */
const NO_XML_NAME = new Set(
  [
    ...[DS, ...HOSTILE_IRIS].map(expectedIri).filter((iri): iri is string => !!iri && !/[A-Za-z_\u00C0-\u02FF\u0370-\u1FFF][\w.\-\u00B7\u00C0-\u02FF\u0370-\u1FFF]*$/.test(iri)),
    // RDF/XML syntax names cannot be property elements; no prefix may be bound to the xmlns namespace.
    `${NS.rdf}li`, `${NS.rdf}Description`, `${NS.rdf}about`, 'http://www.w3.org/2000/xmlns/foo',
  ],
);

describe('exports: a hostile catalog graph round-trips through every RDF format', () => {
  test('the fixture is hostile enough: refused triples exist, mapped IRIs differ from their source', () => {
    assert.ok(source.size > 150, `source has ${source.size} triples`);
    assert.ok(expected.length < source.size, 'some triples are refused by the rule');
    assert.equal(expectedIri(inject('https://evil.example/x'))!.includes('>'), false);
    assert.ok(NO_XML_NAME.size >= 2, [...NO_XML_NAME].join(' '));
  });

  for (const format of Object.keys(PARSERS) as RdfExportFormat[]) {
    for (const [name, parse] of Object.entries(PARSERS[format])) {
      test(`${format} read back by ${name}: exactly the source triples as mapped, no injected triple`, async () => {
        const left: number[] = [];
        const text = await serializeRdf(source, format, { onLeftOut: (n) => left.push(n) });
        const quads = await parse(text);
        const got = canon(format === 'jsonld' ? quads.map(jsonLdDouble) : quads);
        const want = format === 'rdfxml' ? canon(expected.filter((q) => !NO_XML_NAME.has(q.predicate.value))) : expectedCanon;
        assert.deepEqual(got.filter((t) => !want.includes(t)), [], 'no triple that is not in the source');
        assert.deepEqual(want.filter((t) => !got.includes(t)), [], 'no source triple missing');
        assert.equal(quads.length, want.length, 'same number of triples (no blank nodes merged or split)');
        // The victim is described by exactly what the source says about it.
        const victim = quads.filter((q) => q.subject.value === VICTIM);
        assert.deepEqual(victim.map((q) => q.predicate.value).sort(), [`${rdf}type`, `${dcterms}title`].sort());
        assert.equal(quads.some((q) => q.object.value === INJECTED), false, 'INJECTED is nobody\'s object');
        assert.equal(quads.some((q) => q.subject.termType === 'NamedNode' && !ABSOLUTE.test(q.subject.value)), false);
        assert.equal(quads.some((q) => q.subject.value === `${dcat}Dataset` || q.subject.value === XSD_STRING), false, 'no IRI re-read as a prefixed name');
        // What was left out is said: in the callback and, where the syntax has comments, in the file.
        const refused = source.size - expected.length + (format === 'rdfxml' ? expected.length - want.length : 0);
        assert.deepEqual(left, [refused]);
        if (format !== 'jsonld') assert.match(text, new RegExp(`${refused} statements? (were|was) left out`));
      });
    }
  }

  // The compact JSON-LD the dev store serves (EntryStore's form, issue 23 point 6): prefixes in a @context, native types.
  for (const [name, parse] of Object.entries(PARSERS.jsonld)) {
    test(`compact jsonld read back by ${name}: exactly the source triples as mapped; no IRI read as a prefixed name`, async () => {
      const text = await serializeRdf(source, 'jsonld', { jsonLdForm: 'compact' });
      const doc = JSON.parse(text) as { '@context': Record<string, string> };
      assert.ok(Object.keys(doc['@context']).includes('dcterms'), 'prefixes are used');
      // IRIs of scheme "dcat" and "xsd" are in the graph, so those prefixes must not be.
      assert.deepEqual(Object.keys(doc['@context']).filter((p) => p === 'dcat' || p === 'xsd'), []);
      const got = canon((await parse(text)).map(jsonLdDouble).map(rdflibBoolean));
      assert.deepEqual(got.filter((t) => !expectedCanon.includes(t)), [], 'no triple that is not in the source');
      assert.deepEqual(expectedCanon.filter((t) => !got.includes(t)), [], 'no source triple missing');
    });
  }

  // The issue's own examples, one at a time, so that a failure names the hole.
  const ALL_PARSES = Object.entries(PARSERS).flatMap(([format, parsers]) =>
    Object.entries(parsers).map(([name, parse]) => ({ format: format as RdfExportFormat, name, parse })),
  );
  const oneTriple = (s: string, p: string, o: Term): Graph => {
    const g = new Graph();
    g.add(namedNode(s), p, o);
    return g;
  };

  test('issue 8 example: an IRI object with "> . <victim> …" gives one triple about the dataset, none about the victim', async () => {
    const g = oneTriple(DS, `${dcterms}relation`, namedNode(inject('https://evil.example/x')));
    for (const { format, name, parse } of ALL_PARSES) {
      const quads = await parse(await serializeRdf(g, format));
      assert.deepEqual(quads.map((q) => [q.subject.value, q.predicate.value, q.object.value]), [[DS, `${dcterms}relation`, expectedIri(inject('https://evil.example/x'))]], `${format} / ${name}`);
    }
  });

  test('a hostile language tag ("en> . <victim> …") leaves its triple out of every format, with no injected triple', async () => {
    const g = oneTriple(DS, `${dcterms}title`, literal('x', { language: `en> . <${VICTIM}> <${dcterms}license> <${INJECTED}` }));
    g.add(namedNode(DS), `${dcterms}title`, literal('kept', { language: 'EN' }));
    for (const { format, name, parse } of ALL_PARSES) {
      const quads = await parse(await serializeRdf(g, format));
      assert.deepEqual(quads.map((q) => [q.subject.value, q.object.value, q.object.language]), [[DS, 'kept', 'en']], `${format} / ${name}`);
    }
  });

  test('an IRI whose scheme is a Turtle prefix name (dcat:Dataset) is read back as itself, not as the dcat namespace IRI', async () => {
    const g = oneTriple(DS, `${rdf}type`, namedNode('dcat:Dataset'));
    for (const { format, name, parse } of ALL_PARSES) {
      const quads = await parse(await serializeRdf(g, format));
      assert.deepEqual(quads.map((q) => q.object.value), ['dcat:Dataset'], `${format} / ${name}`);
    }
  });

  test('blank node labels from hostile input never collide: 10 labels, 10 blank nodes in every format', async () => {
    for (const format of ['turtle', 'ntriples', 'jsonld', 'rdfxml'] as const) {
      const quads = await Object.values(PARSERS[format])[0]!(await serializeRdf(source, format));
      const blanks = new Set(quads.filter((q) => q.subject.termType === 'BlankNode').map((q) => q.subject.value));
      assert.equal(blanks.size, BLANK_LABELS.length, format);
    }
  });

  test('no export format carries an IRI the Turtle export refuses or writes differently', async () => {
    const turtleIris = new Set((await PARSERS.turtle['n3 Turtle']!(await serializeRdf(source, 'turtle'))).flatMap((q) => [q.subject, q.predicate, q.object]).filter((t) => t.termType === 'NamedNode').map((t) => t.value));
    for (const format of ['ntriples', 'jsonld', 'rdfxml'] as const) {
      const quads = await Object.values(PARSERS[format])[0]!(await serializeRdf(source, format));
      const iris = quads.flatMap((q) => [q.subject, q.predicate, q.object]).filter((t) => t.termType === 'NamedNode').map((t) => t.value);
      assert.deepEqual(iris.filter((i) => !turtleIris.has(i)), [], format);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// CSV
const FORMULA_PAYLOADS = [
  '=HYPERLINK("https://evil.example","x")', '+1+1', '-1+1', '@SUM(A1)', ' =1+1', '  +cmd', '\n=1+1', '\r\n=1+1', '\t=1',
  '\r=1', '\t', '\rplain', '＝1+1', '＋1', '－1', '＠SUM(A1)', '﹦1', '\u3000=1', '\u00A0=1', '\u200B=1', '\uFEFF=1', '\u202E=1',
  ' \n\t＝cmd|\' /C calc\'!A0',
];
const HARMLESS = ['plain', 'a=1', '1-2', 'x@example.org', '2014-07-08', 'Ärende', '', ' spaced out', 'https://a.example/?q=1'];

/** Whether a spreadsheet might read `cell` as a formula (or a cell starting with TAB / CR). */
const formulaLeading = (cell: string): boolean =>
  /^[\t\r]/.test(cell) || /^[=+\-@]/.test(cell.normalize('NFKC').replace(/^[\s\p{Cc}\p{Cf}\p{Z}]+/u, ''));

describe('exports: CSV cells and rows from hostile metadata', () => {
  test('every formula-leading cell gets the standard leading apostrophe; other cells are unchanged', () => {
    for (const v of FORMULA_PAYLOADS) {
      assert.ok(formulaLeading(v), JSON.stringify(v));
      const [[cell]] = parseCsvSync(csvField(v), { record_delimiter: '\r\n' }) as string[][];
      assert.equal(cell, `'${v}`, JSON.stringify(v));
    }
    for (const v of HARMLESS) {
      assert.ok(!formulaLeading(v), JSON.stringify(v));
      const records = parseCsvSync(`${csvField(v)}\r\n`, { record_delimiter: '\r\n' }) as string[][];
      assert.equal(records[0]?.[0] ?? '', v, JSON.stringify(v));
    }
  });

  function entry(resourceUri: string, build: (g: Graph, s: Term) => void): StoreEntry {
    const metadata = new Graph();
    build(metadata, namedNode(resourceUri));
    return { contextId: '1', entryId: resourceUri.length.toString(), entryUri: 'https://store.example/store/1/entry/1', resourceUri, metadata, info: new Graph(), relations: new Graph() };
  }

  test('the CSV export: one row per exportable dataset, 12 cells each, IRIs as the RDF exports write them, formulas neutralised', async () => {
    const hostile = inject('https://evil.example/x');
    const landing = 'https://evil.example/land ing>"x';
    const a = entry(hostile, (g, s) => {
      g.add(s, `${rdf}type`, namedNode(`${dcat}Dataset`));
      g.add(s, `${dcterms}title`, literal(FORMULA_PAYLOADS[0]!, { language: 'en' }));
      g.add(s, `${dcterms}description`, literal(' =1+1'));
      FORMULA_PAYLOADS.forEach((k) => g.add(s, `${dcat}keyword`, literal(k, { language: 'en' })));
      g.add(s, `${dcat}landingPage`, namedNode(landing));
      g.add(s, `${dcterms}issued`, literal('-1', { datatype: `${xsd}date` }));
    });
    const refused = entry('not-absolute', (g, s) => {
      g.add(s, `${rdf}type`, namedNode(`${dcat}Dataset`));
      g.add(s, `${dcterms}title`, literal('refused dataset', { language: 'en' }));
    });
    const ok = entry('https://catalog.example/ds/ok', (g, s) => {
      g.add(s, `${rdf}type`, namedNode(`${dcat}Dataset`));
      g.add(s, `${dcterms}title`, literal('＝HYPERLINK("x")', { language: 'en' }));
    });
    const text = await resultCsv({ total: 3, entries: [a, refused, ok], related: new Map() }, 'en', 'https://store.example/store/');
    const records = parseCsvSync(text, { bom: true, record_delimiter: '\r\n' }) as string[][];
    assert.equal(records.length, 1 + 2, 'header + the two datasets with absolute IRIs');
    assert.ok(records.every((r) => r.length === CSV_COLUMNS.length));
    const cells = records.flat();
    assert.deepEqual(cells.filter((c) => formulaLeading(c)), [], 'no cell starts (after spaces, NFKC) with = + - @ or TAB/CR');
    const resource = CSV_COLUMNS.findIndex(([k]) => k === 'resource');
    const landingPage = CSV_COLUMNS.findIndex(([k]) => k === 'landingPage');
    assert.deepEqual(records.slice(1).map((r) => r[resource]), [expectedIri(hostile), 'https://catalog.example/ds/ok']);
    assert.equal(records[1]![landingPage], expectedIri(landing));
    assert.equal(cells.some((c) => c.includes('refused dataset')), false);
    assert.equal(records[1]![0], `'${FORMULA_PAYLOADS[0]}`);
    assert.equal(records[2]![0], `'＝HYPERLINK("x")`);
  });
});
