/** The metadata format table (§3.3): MIME → the engine's writer (rdf/serialize.ts) + file extension; unknown → Turtle labelled as asked [quirk]. */
import type { Triple } from '../../src/rdf/graph.ts';
import { negotiate } from '../http/negotiate.ts';
import { toRdfJson, writeRdf } from '../../src/catalog-engine/write.ts';

interface Format {
  ext: string;
  write: (triples: readonly Triple[]) => string | Promise<string>;
}

const json = (t: readonly Triple[]) => JSON.stringify(toRdfJson(t), null, 2);
const turtle = (t: readonly Triple[]) => writeRdf(t, 'turtle');

export const RDF_FORMATS: Readonly<Record<string, Format>> = {
  'application/rdf+xml': { ext: 'rdf', write: (t) => writeRdf(t, 'rdfxml') },
  'application/json': { ext: 'json', write: json },
  'application/rdf+json': { ext: 'rj', write: json },
  'text/turtle': { ext: 'ttl', write: turtle },
  'application/n-triples': { ext: 'nt', write: (t) => writeRdf(t, 'ntriples') },
  'application/ld+json': { ext: 'jsonld', write: (t) => writeRdf(t, 'jsonld') },
  // Turtle is valid N3 and valid TriG (default graph only).
  'text/rdf+n3': { ext: 'n3', write: turtle },
  'application/trig': { ext: 'trig', write: turtle },
};

export interface Rendered {
  contentType: string;
  ext: string;
  body: string;
}

/**
 * `format` parameter wins (unknown value → Turtle body labelled with the requested type), else Accept
 * negotiation over the table, else `fallback` (RDF/XML).
 */
export async function renderGraph(
  triples: readonly Triple[],
  format: string | undefined,
  accept: string | undefined,
  fallback = 'application/rdf+xml',
): Promise<Rendered> {
  if (format) {
    const known = RDF_FORMATS[format];
    if (known) return { contentType: format, ext: known.ext, body: await known.write(triples) };
    // Only a well-formed MIME type is echoed into the header.
    const label = /^[\w.+-]+\/[\w.+-]+$/.test(format) ? format : 'text/turtle';
    return { contentType: label, ext: 'rdf', body: await turtle(triples) };
  }
  const chosen = negotiate(accept, Object.keys(RDF_FORMATS)) ?? fallback;
  const f = RDF_FORMATS[chosen]!;
  return { contentType: chosen, ext: f.ext, body: await f.write(triples) };
}

export function withCharset(contentType: string): string {
  return /^(text\/|application\/(json|ld\+json|rdf\+json|rdf\+xml|n-triples|trig))/.test(contentType) ? `${contentType}; charset=utf-8` : contentType;
}
