/**
 * Parsing Turtle, RDF/XML, JSON-LD and N-Triples through rdflib (~100 KB gzip), by dynamic import. No browser block
 * needs it (EntryStore answers in RDF/JSON and the exports write with serialize.ts); tools and tests use it.
 */
import { Graph, blankNode, namedNode, type Term } from './graph.ts';
import { NS } from './namespaces.ts';
import { RdfParseError, makeLiteral } from './rdfjson.ts';

export type RdfFormat = 'turtle' | 'rdfxml' | 'jsonld' | 'ntriples';

const PARSE_TYPES: Record<RdfFormat, string> = {
  turtle: 'text/turtle',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
  ntriples: 'text/turtle', // N-Triples is a subset of Turtle; rdflib's own N-Triples path is N-Quads only
};
const FORMAT_NAMES: Record<RdfFormat, string> = { turtle: 'Turtle', rdfxml: 'RDF/XML', jsonld: 'JSON-LD', ntriples: 'N-Triples' };

/** The few rdflib members used here, typed structurally so rdflib's types stay out of ours. */
interface RdfTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
  elements?: RdfTerm[];
}
interface RdfStatement {
  subject: RdfTerm;
  predicate: RdfTerm;
  object: RdfTerm;
}
interface RdfStore {
  statements: RdfStatement[];
  add(s: unknown, p: unknown, o: unknown): void;
}
interface Rdflib {
  graph(): RdfStore;
  sym(iri: string): unknown;
  blankNode(label: string): unknown;
  literal(value: string, languageOrDatatype?: unknown): unknown;
  parse(text: string, store: RdfStore, base: string, type: string, callback: (err: unknown) => void): void;
  RDFParser: new (store: RdfStore) => { parse(doc: unknown, base: string, why: unknown): unknown };
}

let rdflib: Promise<Rdflib> | undefined;
function loadRdflib(): Promise<Rdflib> {
  rdflib ??= import('rdflib').then((m) => {
    const mod = m as unknown as Rdflib & { default?: Rdflib };
    return typeof mod.parse === 'function' ? mod : mod.default!;
  });
  return rdflib;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** rdflib's Turtle parser reports "Line N of <base>: …"; xmldom "[line:N,col:M]"; browsers "line N". */
function lineOf(message: string): number | undefined {
  const m = /\bline[: ]\s*(\d+)/i.exec(message);
  return m ? Number(m[1]) : undefined;
}

function syntaxError(format: RdfFormat, e: unknown): RdfParseError {
  const full = messageOf(e);
  const line = lineOf(full);
  const raw = full
    .replace(/^(SyntaxError|Error): /, '')
    .replace(/^Line \d+ of <[^>]*>: /, '')
    .replace(/\s*@#\[line:\d+,col:\d+\]/, '')
    .replace(/ while trying to parse <[^>]*> as \S+$/, '')
    .trim();
  const where = line === undefined ? '' : ` at line ${line}`;
  return new RdfParseError(`${FORMAT_NAMES[format]} syntax error${where}: ${raw}`, { line, cause: e });
}

type XmlDomParser = new (options: object) => { parseFromString(text: string, type: string): unknown };

/** xmldom (rdflib's own dependency) when it can be imported directly; undefined in layouts that hide it (pnpm). */
async function xmldomParser(): Promise<XmlDomParser | undefined> {
  try {
    return (await import('@xmldom/xmldom')).DOMParser as unknown as XmlDomParser;
  } catch {
    return undefined;
  }
}

/**
 * An XML DOM for rdflib's RDF/XML parser, failing loudly: browsers embed a <parsererror> and xmldom only warns.
 * Undefined when no strict parser is available; rdflib then parses leniently itself.
 */
async function parseXml(text: string): Promise<unknown> {
  if (typeof globalThis.DOMParser === 'function') {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const problem = doc.getElementsByTagName('parsererror')[0];
    if (problem) throw syntaxError('rdfxml', problem.textContent ?? 'not well-formed XML');
    return doc;
  }
  const Parser = await xmldomParser();
  if (!Parser) return undefined;
  const problems: string[] = [];
  const report = (msg: string) => problems.push(msg);
  const doc = new Parser({
    locator: {},
    errorHandler: { warning: report, error: report, fatalError: report },
  }).parseFromString(text, 'application/xml');
  if (problems.length) throw syntaxError('rdfxml', problems[0]!.replace(/^\[xmldom \w+\]\s*/, ''));
  return doc;
}

/** rdflib keeps `\u00e5`-style escapes (legal in Turtle/N-Triples IRIs) verbatim; a backslash is never part of an IRI. */
function unescapeIri(iri: string): string {
  if (!iri.includes('\\')) return iri;
  return iri.replace(/\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g, (_, short?: string, long?: string) =>
    String.fromCodePoint(parseInt((short ?? long)!, 16)),
  );
}

/** Converts one rdflib term; collections (Turtle `( … )`, JSON-LD `@list`) become rdf:first/rest chains. */
function toTerm(t: RdfTerm, graph: Graph): Term {
  switch (t.termType) {
    case 'NamedNode':
      return namedNode(unescapeIri(t.value));
    case 'BlankNode':
      return blankNode(t.value);
    case 'Literal':
      return makeLiteral(t.value, t.language, t.datatype?.value);
    case 'Collection': {
      const head = blankNode(`_list${t.value}`);
      let node: Term = head;
      const items = t.elements ?? [];
      if (items.length === 0) return namedNode(`${NS.rdf}nil`);
      items.forEach((item, i) => {
        graph.add(node, `${NS.rdf}first`, toTerm(item, graph));
        const next = i === items.length - 1 ? namedNode(`${NS.rdf}nil`) : blankNode(`_list${t.value}_${i + 1}`);
        graph.add(node, `${NS.rdf}rest`, next);
        node = next;
      });
      return head;
    }
    default:
      throw new RdfParseError(`Unsupported RDF term type ${t.termType}`);
  }
}

/** Parses `text` into a Graph (blank node labels as rdflib assigned them). Syntax errors → RdfParseError with `line`. */
export async function parseRdf(text: string, format: RdfFormat, baseIri: string): Promise<Graph> {
  const rdf = await loadRdflib();
  const store = rdf.graph();
  try {
    const xml = format === 'rdfxml' ? await parseXml(text) : undefined;
    if (xml) {
      new rdf.RDFParser(store).parse(xml, baseIri, rdf.sym(baseIri));
    } else {
      await new Promise<void>((resolve, reject) => {
        rdf.parse(text, store, baseIri, PARSE_TYPES[format], (err) => (err ? reject(err) : resolve()));
      });
    }
  } catch (e) {
    throw e instanceof RdfParseError ? e : syntaxError(format, e);
  }
  const graph = new Graph();
  for (const st of store.statements) {
    graph.add(toTerm(st.subject, graph), st.predicate.value, toTerm(st.object, graph));
  }
  return graph;
}
