/** JSON-LD with jsonld.js (to N-Quads, then n3), never fetching a remote @context unless the caller lets it. */
import type { JsonLdRemoteDocument } from 'jsonld';
import { CatalogParseError } from './common.ts';
import type { ParseOptions, TripleSink } from './common.ts';
import { jsonErrorOffset, lineColumnAt } from './positions.ts';
import { parseTurtle } from './turtle.ts';

async function refuseRemoteContext(url: string): Promise<JsonLdRemoteDocument> {
  throw new Error(`remote JSON-LD @context ${url} is not fetched; inline the context in the file`);
}

export async function parseJsonLd(text: string, options: ParseOptions, sink: TripleSink): Promise<void> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const pos = lineColumnAt(text, jsonErrorOffset(text));
    throw new CatalogParseError(options.file, `JSON syntax error: ${(e as Error).message.split('\n')[0]}`, pos.line, pos.column);
  }
  let nquads: string;
  try {
    nquads = await (await import('jsonld')).default.toRDF(doc, { format: 'application/n-quads', base: options.baseIri, documentLoader: options.loadContext ?? refuseRemoteContext });
  } catch (e) {
    const err = e as Error & { details?: { cause?: Error; url?: string } };
    const cause = err.details?.cause?.message;
    // Our own offline-loader message says it all; jsonld.js wraps it in a long generic text.
    const detail = cause?.startsWith('remote JSON-LD @context') ? cause : cause && !err.message.includes(cause) ? `${err.message}: ${cause}` : err.message;
    // Point at the @context that failed when the message names a URL, else at the first @context.
    const url = err.details?.url ?? /(https?:\/\/[^\s"']+)/.exec(detail)?.[1];
    let at = url ? text.indexOf(url) : -1;
    if (at < 0) at = text.indexOf('"@context"');
    const pos = at >= 0 ? lineColumnAt(text, at) : undefined;
    throw new CatalogParseError(options.file, `JSON-LD error: ${detail}`, pos?.line, pos?.column);
  }
  return parseTurtle(nquads, options, sink, 'N-Quads');
}
