/**
 * Catalog text → triples, handed one by one to a sink as the parser finds them: Turtle / N-Triples with n3, RDF/XML
 * with rdfxml-streaming-parser under the structure checks RDF/XML requires, JSON-LD with jsonld.js. Each parser is
 * imported when a text of its format comes, so a page reading a Turtle file never downloads the other two.
 * Every failure is a CatalogParseError naming the file and, as precisely as the parser allows, the line and column.
 */
import type { Triple } from '../../rdf/graph.ts';
import { formatFromName, sniffFormat } from './common.ts';
import type { ParseOptions, TripleSink } from './common.ts';

export { CatalogParseError, canonicalLang, formatFromName, sniffFormat } from './common.ts';
export type { ParseOptions, RdfFormat, TripleSink } from './common.ts';

/** All triples of a catalog text (small files, tests, exports read back). */
export async function parseRdfText(text: string, options: ParseOptions): Promise<Triple[]> {
  const out: Triple[] = [];
  await parseRdfTextInto(text, options, (t) => out.push(t));
  return out;
}

/** The triples of a catalog text, one by one into `sink`. */
export async function parseRdfTextInto(text: string, options: ParseOptions, sink: TripleSink): Promise<void> {
  const format = options.format ?? formatFromName(options.file) ?? sniffFormat(text);
  const body = text.replace(/^\uFEFF/, '');
  switch (format) {
    case 'turtle':
    case 'ntriples':
      return (await import('./turtle.ts')).parseTurtle(body, options, sink); // N-Triples is a subset of Turtle: one lenient parser for both
    case 'rdfxml':
      return (await import('./rdfxml.ts')).parseRdfXml([body], options, sink);
    case 'jsonld':
      return (await import('./jsonld.ts')).parseJsonLd(body, options, sink);
  }
}

