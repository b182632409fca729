/**
 * Writes a Graph as Turtle, N-Triples (the `n3` package's writer, about 5 KB gzip), RDF/XML (rdfxml.ts) or JSON-LD
 * (expanded form, written here: one node object per subject). What `<dataset-exports>` offers; loaded only when an RDF
 * export is asked for. Parsing (rdflib, ~100 KB gzip) is not needed in the browser at all: EntryStore answers in RDF/JSON.
 */
import N3Writer from 'n3/src/N3Writer.js';
import DataFactory from 'n3/src/N3DataFactory.js';
import type { Graph, Term } from './graph.ts';
import { NS } from './namespaces.ts';
import { writeRdfXml } from './rdfxml.ts';

export type RdfExportFormat = 'turtle' | 'rdfxml' | 'jsonld' | 'ntriples';

const RDF_TYPE = `${NS.rdf}type`;
const XSD_STRING = `${NS.xsd}string`;
const RDF_LANG_STRING = `${NS.rdf}langString`;

/** Serialises `g`; blank nodes keep their labels (made safe for each syntax). */
export async function serializeRdf(g: Graph, format: RdfExportFormat): Promise<string> {
  if (format === 'rdfxml') return writeRdfXml(g);
  if (format === 'jsonld') return writeJsonLd(g);
  return writeN3(g, format);
}

/** A blank node label every syntax accepts (PN_LOCAL-safe, not starting with a digit or dash). */
function bnodeLabel(label: string): string {
  const safe = label.replace(/^_:/, '').replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(safe) ? safe : `b${safe}`;
}

function n3Term(t: Term): unknown {
  if (t.termType === 'NamedNode') return DataFactory.namedNode(t.value);
  if (t.termType === 'BlankNode') return DataFactory.blankNode(bnodeLabel(t.value));
  if (t.language) return DataFactory.literal(t.value, t.language);
  return DataFactory.literal(t.value, t.datatype && t.datatype !== XSD_STRING ? DataFactory.namedNode(t.datatype) : undefined);
}

function writeN3(g: Graph, format: 'turtle' | 'ntriples'): Promise<string> {
  const writer = format === 'turtle'
    ? new N3Writer({ prefixes: { ...NS } })
    : new N3Writer({ format: 'N-Triples' });
  for (const { subject, predicate, object } of g.triples()) {
    writer.addQuad(n3Term(subject), DataFactory.namedNode(predicate), n3Term(object));
  }
  return new Promise((resolve, reject) => writer.end((error, result) => (error ? reject(error) : resolve(result))));
}

type JsonLdValue = { '@id': string } | { '@value': string; '@language'?: string; '@type'?: string };

function jsonLdId(t: Term): string {
  return t.termType === 'BlankNode' ? `_:${bnodeLabel(t.value)}` : t.value;
}

function jsonLdValue(t: Term): JsonLdValue {
  if (t.termType !== 'Literal') return { '@id': jsonLdId(t) };
  if (t.language) return { '@value': t.value, '@language': t.language };
  if (t.datatype && t.datatype !== XSD_STRING && t.datatype !== RDF_LANG_STRING) return { '@value': t.value, '@type': t.datatype };
  return { '@value': t.value };
}

/** Expanded JSON-LD: an array of node objects, `rdf:type` IRIs as `@type`, every other value in an array. */
function writeJsonLd(g: Graph): string {
  const nodes = new Map<string, Record<string, unknown>>();
  for (const { subject, predicate, object } of g.triples()) {
    const id = jsonLdId(subject);
    let node = nodes.get(id);
    if (!node) nodes.set(id, (node = { '@id': id }));
    if (predicate === RDF_TYPE && object.termType !== 'Literal') {
      ((node['@type'] ??= []) as string[]).push(jsonLdId(object));
    } else {
      ((node[predicate] ??= []) as JsonLdValue[]).push(jsonLdValue(object));
    }
  }
  return `${JSON.stringify([...nodes.values()], null, 2)}\n`;
}
