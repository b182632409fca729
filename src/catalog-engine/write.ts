/**
 * The dev store writes with the engine's writers, so the store and `<dataset-exports>` write the same files: RDF/JSON by
 * src/rdf/rdfjson.ts, every other syntax by src/rdf/serialize.ts behind its export rule (hostile IRIs percent-encoded,
 * ill-formed triples left out and said in a comment; issue 23 point 6). RDF/JSON is the store's own representation and
 * is written as the store holds the graph: JSON escapes every string, and the blocks read exactly what a real
 * EntryStore would send them.
 */
import { Graph, type Triple } from '../rdf/graph.ts';
import { writeRdfJson } from '../rdf/rdfjson-writer.ts';
import { jsonLdDocument, serializeRdf, type RdfExportFormat } from '../rdf/serialize.ts';

function graphOf(triples: readonly Triple[]): Graph {
  const g = new Graph();
  for (const t of triples) g.add(t.subject, t.predicate, t.object);
  return g;
}

/** Talis RDF/JSON (§4): `lang` when tagged, no datatype for plain strings, blank nodes as `_:label`. */
export const toRdfJson = (triples: readonly Triple[]): Record<string, Record<string, object[]>> => writeRdfJson(graphOf(triples));

/** JSON-LD in EntryStore's compact form (§3.3), as a value for the entry JSON's embedded graphs. */
export const toJsonLd = (triples: readonly Triple[]): unknown => jsonLdDocument(graphOf(triples), { jsonLdForm: 'compact' });

/** Turtle, N-Triples, RDF/XML or compact JSON-LD text. */
export function writeRdf(triples: readonly Triple[], format: RdfExportFormat): Promise<string> {
  return serializeRdf(graphOf(triples), format, { jsonLdForm: 'compact' });
}
