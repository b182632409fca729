/** Graph writers: RDF/JSON (§4 writer rules), N-Triples, Turtle (n3), RDF/XML (the engine's, flat), JSON-LD (jsonld.js, compact). */
import { Graph, type Term, type Triple } from '../../src/rdf/graph.ts';
import { writeRdfXml } from '../../src/rdf/rdfxml.ts';
import { exportableGraph } from '../../src/rdf/serialize.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { jsonld, n3 } from './libs.ts';
import type { N3Term } from './libs.ts';

export type RdfJson = Record<string, Record<string, RdfJsonObject[]>>;
export interface RdfJsonObject {
  type: 'uri' | 'literal' | 'bnode';
  value: string;
  lang?: string;
  datatype?: string;
}

const subjectKey = (t: Term): string => (t.termType === 'BlankNode' ? `_:${t.value}` : t.value);

/** Talis RDF/JSON: `lang` when tagged, no datatype for xsd:string / rdf:langString, bnodes `_:id`. */
export function toRdfJson(triples: readonly Triple[]): RdfJson {
  const out: RdfJson = {};
  for (const t of triples) {
    const s = (out[subjectKey(t.subject)] ??= {});
    const list = (s[t.predicate] ??= []);
    const o = t.object;
    let obj: RdfJsonObject;
    if (o.termType === 'NamedNode') obj = { type: 'uri', value: o.value };
    else if (o.termType === 'BlankNode') obj = { type: 'bnode', value: `_:${o.value}` };
    else if (o.language) obj = { type: 'literal', value: o.value, lang: o.language };
    else if (o.datatype && o.datatype !== `${NS.xsd}string`) obj = { type: 'literal', value: o.value, datatype: o.datatype };
    else obj = { type: 'literal', value: o.value };
    if (!list.some((x) => x.type === obj.type && x.value === obj.value && x.lang === obj.lang && x.datatype === obj.datatype)) list.push(obj);
  }
  return out;
}

function ntEscape(s: string): string {
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  return s.replace(/[\\"\n\r\t\u0000-\u001f]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

function ntIri(iri: string): string {
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  return `<${iri.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}>`;
}

function ntTerm(t: Term): string {
  if (t.termType === 'NamedNode') return ntIri(t.value);
  if (t.termType === 'BlankNode') return `_:${t.value.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const lex = `"${ntEscape(t.value)}"`;
  if (t.language) return `${lex}@${t.language}`;
  if (t.datatype && t.datatype !== `${NS.xsd}string`) return `${lex}^^${ntIri(t.datatype)}`;
  return lex;
}

export function toNTriples(triples: readonly Triple[]): string {
  return triples.map((t) => `${ntTerm(t.subject)} ${ntIri(t.predicate)} ${ntTerm(t.object)} .\n`).join('');
}

function toN3(t: Term): N3Term {
  const f = n3.DataFactory;
  if (t.termType === 'NamedNode') return f.namedNode(t.value);
  if (t.termType === 'BlankNode') return f.blankNode(t.value.replace(/[^A-Za-z0-9_-]/g, '_'));
  if (t.language) return f.literal(t.value, t.language);
  return f.literal(t.value, t.datatype ? f.namedNode(t.datatype) : undefined);
}

/** Prefixes actually used by the graph (keeps output small and readable). */
function usedPrefixes(triples: readonly Triple[]): Record<string, string> {
  const iris = new Set<string>();
  for (const t of triples) {
    iris.add(t.predicate);
    if (t.object.termType === 'NamedNode') iris.add(t.object.value);
    if (t.subject.termType === 'NamedNode') iris.add(t.subject.value);
  }
  const out: Record<string, string> = {};
  for (const [p, ns] of Object.entries(NS)) for (const i of iris) if (i.startsWith(ns) && /^[A-Za-z_][\w-]*$/.test(i.slice(ns.length))) out[p] = ns;
  return out;
}

export function toTurtle(triples: readonly Triple[]): Promise<string> {
  const writer = new n3.Writer({ prefixes: usedPrefixes(triples), format: 'Turtle' });
  for (const t of triples) writer.addQuad(n3.DataFactory.quad(toN3(t.subject), n3.DataFactory.namedNode(t.predicate), toN3(t.object)));
  return new Promise((resolve, reject) => writer.end((err, result) => (err ? reject(err) : resolve(result))));
}

/**
 * RDF/XML by the engine's writer (src/rdf/rdfxml.ts behind the export rule of src/rdf/serialize.ts), so the store
 * and `<dataset-exports>` write the same file. Harvested literals carry controls XML 1.0 cannot hold (U+0001,
 * U+000B): they become U+FFFD; a predicate's element name is the longest XML NCName at the end of its IRI
 * (`ns#sträcka`, `ns#å`); a predicate with none is left out and said in a comment, never an HTTP 500.
 */
export function toRdfXml(triples: readonly Triple[]): string {
  const graph = new Graph();
  for (const t of triples) graph.add(t.subject, t.predicate, t.object);
  const { graph: exportable, leftOut } = exportableGraph(graph);
  return writeRdfXml(exportable, leftOut).text;
}

/** JSON-LD, compacted with the used prefixes only, native types (§3.3). */
export async function toJsonLd(triples: readonly Triple[]): Promise<Record<string, unknown>> {
  const expanded = await jsonld.fromRDF(toNTriples(triples), { format: 'application/n-quads', useNativeTypes: true });
  return jsonld.compact(expanded, usedPrefixes(triples), {
    documentLoader: async (url) => {
      throw new Error(`no remote contexts: ${url}`);
    },
  });
}
