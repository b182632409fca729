/**
 * Issue 23 point 6: the dev store serves a hostile catalog in every RDF format it offers (metadata `format=` and
 * `Accept`, the unknown-format Turtle quirk, the entry JSON's embedded RDF/JSON and JSON-LD), and every answer is read
 * back by an independent parser (n3, xmldom + rdflib, jsonld.js, and a plain reading of RDF/JSON). The triple SETS must
 * equal the stored graph as the export rule maps it (written out again here, as in exports-roundtrip.test.ts): no
 * forged `dcterms:license` about the victim, no unparseable file, every language tag and datatype kept.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertWellFormedXml, jsonld, n3, pct, viaRdflib, type PQuad, type PTerm } from './rdf-readers.ts';
import type { Triple } from '../../src/rdf/graph.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import { startStore } from '../store/helpers.ts';

const DCT = 'http://purl.org/dc/terms/';
const DCAT = 'http://www.w3.org/ns/dcat#';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const XSD_STRING = `${XSD}string`;
const LANG_STRING = `${RDF}langString`;
const BLANK_ID = 'https://test.example/blankId';
const DS = 'https://catalog.example/ds/1';
const DS2 = 'https://catalog.example/ds/2';
const VICTIM = 'https://victim.example/ds';
const INJECTED = 'https://evil.example/INJECTED';
const BASE = 'https://base.example/doc';

// ---- the hostile catalogs ----------------------------------------------------------------------------------------
/** IRIs as XML attribute text: a harvested RDF/XML file carries these past rdflib (which refuses only spaces). */
const HOSTILE_IRI_ATTRS = [
  `https://evil.example/x&gt;.&lt;${VICTIM}&gt;&lt;${DCT}license&gt;&lt;${INJECTED}`,
  'https://evil.example/q&quot;uote&quot;',
  `https://evil.example/nl&#10;&lt;${VICTIM}&gt;&lt;${DCT}license&gt;&lt;${INJECTED}&gt;.`,
  'https://evil.example/tab&#9;cr&#13;',
  'https://evil.example/{a}|b^c`d\\e',
  'https://evil.example/c1&#x85;del&#x7F;bidi&#x202E;',
  'https://evil.example/lt&lt;gt&gt;',
  'dcat:Dataset',
  'https://exämple.org/π?q=ü#frag',
];
const xmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const RDFXML = `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="${RDF}" xmlns:dct="${DCT}" xmlns:dcat="${DCAT}">
  <dcat:Catalog rdf:about="https://catalog.example/c"><dct:title>C</dct:title>
    <dcat:dataset rdf:resource="${DS}"/><dcat:dataset rdf:resource="${VICTIM}"/></dcat:Catalog>
  <dcat:Dataset rdf:about="${VICTIM}"><dct:title xml:lang="en">Victim</dct:title></dcat:Dataset>
  <dcat:Dataset rdf:about="${DS}">
    ${HOSTILE_IRI_ATTRS.map((iri) => `<dct:relation rdf:resource="${iri}"/>`).join('\n    ')}
    <dct:title xml:lang="en">Title "quoted" \\ back</dct:title>
    <dct:title xml:lang="sv-SE">Titel</dct:title>
    <dct:title xml:lang="de-AT">Titel (AT)</dct:title>
    <dct:description>${xmlText('line1\nline2 ]]> <!-- --> "" \\u0041 \\n')}&#13;tail&#x85;</dct:description>
    <dct:issued rdf:datatype="${XSD}date">2020-01-01</dct:issued>
    <dcat:byteSize rdf:datatype="${XSD}integer">1024</dcat:byteSize>
    <dct:extent rdf:datatype="${XSD}integer">05</dct:extent>
    <dct:valid rdf:datatype="${XSD}boolean">true</dct:valid>
    <dct:conformsTo rdf:datatype="${XSD}decimal">1.50</dct:conformsTo>
    <dct:type rdf:datatype="https://evil.example/dt&gt;.&lt;${VICTIM}&gt;&lt;${DCT}license&gt;&lt;${INJECTED}">typed</dct:type>
    <dct:spatial rdf:nodeID="a-b"/><dct:spatial rdf:nodeID="a.b"/>
  </dcat:Dataset>
  <rdf:Description rdf:nodeID="a-b"><dct:identifier>blank a-b</dct:identifier><rdf:type rdf:resource="${DCT}Location"/></rdf:Description>
  <rdf:Description rdf:nodeID="a.b"><dct:identifier>blank a.b</dct:identifier><dct:title xml:lang="sv-SE">Plats</dct:title></rdf:Description>
</rdf:RDF>
`;
// Blank nodes are named by a literal of their own (BLANK_ID), so a merge or split shows in the comparison.
const RDFXML_WITH_IDS = RDFXML.replace(/<dct:identifier>(blank [^<]+)<\/dct:identifier>/g, `<blankId xmlns="https://test.example/">$1</blankId>`);

/** Literal escapes only Turtle can carry (XML 1.0 holds no NUL or C0 controls). */
const TURTLE = `@prefix dcat: <${DCAT}> . @prefix dct: <${DCT}> .
<https://catalog.example/c2> a dcat:Catalog ; dct:title "C2" ; dcat:dataset <${DS2}> .
<${DS2}> a dcat:Dataset ;
  dct:title "nul \\u0000 soh \\u0001 us \\u001F del \\u007F"@en, """triple "" quotes \\\\ and
newline"""@sv-SE ;
  dct:description "tab\\there\\r\\nCRLF \\"q\\" \\\\u0041 not an escape" , "bom \\uFEFF ls \\u2028 astral \\U0001F600" ;
  dct:issued "2021-02-03T04:05:06Z"^^<${XSD}dateTime> ;
  dct:spatial [ <${BLANK_ID}> "blank t" ; dct:title "Ort"@sv-SE ] .
`;

// ---- independent parsers ---------------------------------------------------------------------------------------
const jsonLdQuads = async (doc: unknown): Promise<PQuad[]> => new n3.Parser({ format: 'N-Quads' }).parse(await jsonld.toRDF(doc, { format: 'application/n-quads', base: BASE }));

/** RDF/JSON (Talis) read by hand: subject → predicate → [{type, value, lang?, datatype?}]. */
function rdfJsonQuads(json: Record<string, Record<string, { type: string; value: string; lang?: string; datatype?: string }[]>>): PQuad[] {
  const node = (v: string): PTerm => (v.startsWith('_:') ? { termType: 'BlankNode', value: v.slice(2) } : { termType: 'NamedNode', value: v });
  const out: PQuad[] = [];
  for (const [s, preds] of Object.entries(json)) {
    for (const [p, objects] of Object.entries(preds)) {
      for (const o of objects) {
        const object: PTerm = o.type === 'literal'
          ? { termType: 'Literal', value: o.value, ...(o.lang ? { language: o.lang } : {}), datatype: { value: o.lang ? LANG_STRING : (o.datatype ?? XSD_STRING) } }
          : node(o.type === 'bnode' ? o.value : o.value);
        if (o.type === 'uri') object.termType = 'NamedNode';
        out.push({ subject: node(s), predicate: { termType: 'NamedNode', value: p }, object });
      }
    }
  }
  return out;
}

// ---- the export rule, written out independently ----------------------------------------------------------------
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- the rule is about control characters
const IRI_UNSAFE = /[\s\u0000-\u0020<>"{}|^`\\\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex -- the rule is about control characters
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const mappedIri = (iri: string): string => iri.replace(LONE_SURROGATE, pct).replace(IRI_UNSAFE, pct);

function asPTerm(t: Triple['object'], mapped: boolean): PTerm {
  if (t.termType === 'NamedNode') return { termType: 'NamedNode', value: mapped ? mappedIri(t.value) : t.value };
  if (t.termType === 'BlankNode') return { termType: 'BlankNode', value: t.value };
  const value = mapped ? t.value.replace(LONE_SURROGATE, '\uFFFD').replace(NOT_XML, '\uFFFD') : t.value;
  if (t.language) return { termType: 'Literal', value, language: t.language, datatype: { value: LANG_STRING } };
  return { termType: 'Literal', value, datatype: { value: t.datatype ? (mapped ? mappedIri(t.datatype) : t.datatype) : XSD_STRING } };
}
const expectedQuads = (triples: readonly Triple[], mapped: boolean): PQuad[] =>
  triples.map((t) => ({ subject: asPTerm(t.subject, mapped), predicate: asPTerm({ termType: 'NamedNode', value: t.predicate }, mapped), object: asPTerm(t.object, mapped) }));

/** Canonical N-Triples-like text of each triple, sorted; blank nodes named by their BLANK_ID literal(s). */
function canon(quads: readonly PQuad[]): string[] {
  const names = new Map<string, string[]>();
  for (const q of quads) if (q.subject.termType === 'BlankNode' && q.predicate.value === BLANK_ID) names.set(q.subject.value, [...(names.get(q.subject.value) ?? []), q.object.value].sort());
  const term = (t: PTerm): string => {
    if (t.termType === 'NamedNode') return `<${JSON.stringify(t.value)}>`;
    if (t.termType === 'BlankNode') return `_:${names.get(t.value)?.join('+') ?? `?${t.value}`}`;
    const lang = (t.language ?? '').toLowerCase();
    return `${JSON.stringify(t.value)}@${lang}^^${lang ? LANG_STRING : (t.datatype?.value ?? XSD_STRING)}`;
  };
  return quads.map((q) => `${term(q.subject)} ${term(q.predicate)} ${term(q.object)}`).sort();
}

// ---- the store ---------------------------------------------------------------------------------------------------
let s: StoreServer;
let entries: Entry[];
before(async () => {
  s = await startStore([{ file: 'hostile.rdf', text: RDFXML_WITH_IDS }, { file: 'controls.ttl', text: TURTLE }]);
  entries = [DS, DS2].map((iri) => s.store.entriesByResource(iri).find((e) => e.kind === 'dataset')!);
});
after(() => s.close());

async function get(url: string, accept?: string): Promise<string> {
  const res = await fetch(url, accept ? { headers: { Accept: accept } } : {});
  assert.equal(res.status, 200, url);
  return res.text();
}
const metadata = (e: Entry, format: string): Promise<string> => get(`${e.metadataUri}?format=${encodeURIComponent(format)}`);

function canonicalBoolean(q: PQuad): PQuad {
  const o = q.object;
  if (o.termType !== 'Literal' || o.datatype?.value !== `${XSD}boolean` || !/^[01]$/.test(o.value)) return q;
  return { ...q, object: { ...o, value: o.value === '1' ? 'true' : 'false' } };
}

type Reader = { name: string; mapped: boolean; read: (e: Entry) => Promise<PQuad[]> };
const READERS: Reader[] = [
  { name: 'format=text/turtle, n3 Turtle', mapped: true, read: async (e) => new n3.Parser({ format: 'Turtle', baseIRI: BASE }).parse(await metadata(e, 'text/turtle')) },
  { name: 'format=text/turtle, rdflib Turtle', mapped: true, read: async (e) => viaRdflib(await metadata(e, 'text/turtle'), 'text/turtle', BASE) },
  { name: 'Accept: text/turtle, n3 Turtle', mapped: true, read: async (e) => new n3.Parser({ format: 'Turtle', baseIRI: BASE }).parse(await get(e.metadataUri, 'text/turtle')) },
  { name: 'format=application/n-triples, n3 N-Triples (strict)', mapped: true, read: async (e) => new n3.Parser({ format: 'N-Triples' }).parse(await metadata(e, 'application/n-triples')) },
  { name: 'format=text/rdf+n3, n3 N3', mapped: true, read: async (e) => new n3.Parser({ format: 'N3', baseIRI: BASE }).parse(await metadata(e, 'text/rdf+n3')) },
  { name: 'format=application/trig, n3 TriG', mapped: true, read: async (e) => new n3.Parser({ format: 'TriG', baseIRI: BASE }).parse(await metadata(e, 'application/trig')) },
  { name: 'format=text/n-triples (unknown: Turtle [quirk]), n3 Turtle', mapped: true, read: async (e) => new n3.Parser({ format: 'Turtle', baseIRI: BASE }).parse(await metadata(e, 'text/n-triples')) },
  {
    name: 'format=application/rdf+xml, xmldom + rdflib',
    mapped: true,
    read: async (e) => {
      const xml = await metadata(e, 'application/rdf+xml');
      assertWellFormedXml(xml);
      return viaRdflib(xml, 'application/rdf+xml', BASE);
    },
  },
  { name: 'default (RDF/XML), xmldom + rdflib', mapped: true, read: async (e) => viaRdflib(await get(e.metadataUri), 'application/rdf+xml', BASE) },
  { name: 'format=application/ld+json, jsonld.js', mapped: true, read: async (e) => jsonLdQuads(JSON.parse(await metadata(e, 'application/ld+json'))) },
  {
    name: 'format=application/ld+json, rdflib JSON-LD',
    mapped: true,
    // rdflib reads the native JSON `true` as "1"^^xsd:boolean: the same value, so it is compared as the canonical "true".
    read: async (e) => (await viaRdflib(await metadata(e, 'application/ld+json'), 'application/ld+json', BASE)).map(canonicalBoolean),
  },
  { name: 'entry JSON rdfFormat=application/ld+json (embedded metadata), jsonld.js', mapped: true, read: async (e) => jsonLdQuads(JSON.parse(await get(`${e.entryUri}?includeAll&format=application/json&rdfFormat=${encodeURIComponent('application/ld+json')}`)).metadata) },
  { name: 'format=application/json (RDF/JSON, as stored)', mapped: false, read: async (e) => rdfJsonQuads(JSON.parse(await metadata(e, 'application/json'))) },
  { name: 'format=application/rdf+json (RDF/JSON, as stored)', mapped: false, read: async (e) => rdfJsonQuads(JSON.parse(await metadata(e, 'application/rdf+json'))) },
  { name: 'entry JSON includeAll (embedded RDF/JSON, as stored)', mapped: false, read: async (e) => rdfJsonQuads(JSON.parse(await get(`${e.entryUri}?includeAll&format=application/json`)).metadata) },
];

describe('dev store exports: a hostile catalog round-trips through every format the store serves (issue 23 point 6)', () => {
  test('the fixture is hostile: the store holds IRIs with > " newline tab, NUL and C0 literals, sv-SE tags, blank nodes', () => {
    const [ds, ds2] = entries.map((e) => e.metadata);
    const iris = ds!.filter((t) => t.object.termType === 'NamedNode').map((t) => t.object.value);
    for (const c of ['>', '"', '\n', '\t', '\r', '{', '\\', '\u0085', '\u202E']) assert.ok(iris.some((i) => i.includes(c)), JSON.stringify(c));
    assert.ok(iris.includes('dcat:Dataset'));
    assert.ok(ds!.some((t) => t.object.datatype?.includes('>')), 'a datatype IRI with ">"');
    const literals = ds2!.filter((t) => t.object.termType === 'Literal').map((t) => t.object.value).join('');
    for (const c of ['\u0000', '\u0001', '\u001F', '\u007F', '"', '\\', '\n']) assert.ok(literals.includes(c), JSON.stringify(c));
    assert.ok([...ds!, ...ds2!].some((t) => t.object.language === 'sv-SE'));
    assert.equal([...ds!, ...ds2!].filter((t) => t.predicate === BLANK_ID).length, 3, 'three blank nodes, each named by its BLANK_ID');
  });

  for (const reader of READERS) {
    test(`${reader.name}: exactly the stored triples${reader.mapped ? ' as the export rule maps them' : ''}; no forged triple`, async () => {
      for (const e of entries) {
        const quads = await reader.read(e);
        const got = canon(quads);
        const want = canon(expectedQuads(e.metadata, reader.mapped));
        assert.deepEqual(got.filter((t) => !want.includes(t)), [], `${e.resourceUri}: no triple that is not in the store`);
        assert.deepEqual(want.filter((t) => !got.includes(t)), [], `${e.resourceUri}: no stored triple missing`);
        assert.equal(quads.some((q) => q.subject.value === VICTIM || q.object.value === INJECTED), false, 'nothing about the victim, INJECTED nobody\'s object');
      }
      // Language tags and datatypes, named here (not taken from the store): a writer that drops them fails.
      const titles = (await reader.read(entries[0]!)).filter((q) => q.predicate.value === `${DCT}title` && q.subject.value === DS);
      assert.deepEqual(titles.map((q) => `${q.object.value}@${q.object.language?.toLowerCase()}`).sort(), ['Titel (AT)@de-at', 'Titel@sv-se', 'Title "quoted" \\ back@en']);
      const issued = (await reader.read(entries[0]!)).find((q) => q.predicate.value === `${DCT}issued`);
      assert.deepEqual([issued?.object.value, issued?.object.datatype?.value], ['2020-01-01', `${XSD}date`]);
    });
  }
});

describe('the issue\'s own example, alone', () => {
  test('an IRI object "x>.<victim><license><INJECTED" gives one dct:relation triple in Turtle and N-Triples, nothing about the victim', async () => {
    const iri = `https://evil.example/x>.<${VICTIM}><${DCT}license><${INJECTED}`;
    const xml = `<rdf:RDF xmlns:rdf="${RDF}" xmlns:dct="${DCT}" xmlns:dcat="${DCAT}"><dcat:Dataset rdf:about="${DS}"><dct:relation rdf:resource="${xmlText(iri).replace(/>/g, '&gt;')}"/></dcat:Dataset></rdf:RDF>`;
    const one = await startStore([{ file: 'one.rdf', text: xml }]);
    try {
      const e = one.store.entriesByResource(DS).find((x) => x.kind === 'dataset')!;
      for (const [format, parser] of [['text/turtle', 'Turtle'], ['application/n-triples', 'N-Triples']] as const) {
        const text = await get(`${e.metadataUri}?format=${encodeURIComponent(format)}`);
        const quads = new n3.Parser({ format: parser, baseIRI: BASE }).parse(text);
        assert.deepEqual(
          quads.filter((q) => q.predicate.value !== `${RDF}type`).map((q) => [q.subject.value, q.predicate.value, q.object.value]),
          [[DS, `${DCT}relation`, mappedIri(iri)]],
          format,
        );
      }
    } finally {
      await one.close();
    }
  });
});
