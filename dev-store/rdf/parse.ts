/**
 * Catalog files on disk → triples (the dev store): the engine's parsers (src/catalog-engine/parse/) fed from a file
 * stream, so neither the text of a national catalog's export nor the parser's output is ever held whole (JSON-LD is
 * read whole: jsonld.js has no streaming mode), and JSON-LD contexts published next to a catalog read from disk.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { JsonLdRemoteDocument } from 'jsonld';
import { Parser } from 'n3';
import type { N3ParseError } from 'n3';
import type { Triple } from '../../src/rdf/graph.ts';
import { TermInterner, formatFromName, sniffFormat } from '../../src/catalog-engine/parse/common.ts';
import type { ParseOptions, TripleSink } from '../../src/catalog-engine/parse/common.ts';
import { parseJsonLd } from '../../src/catalog-engine/parse/jsonld.ts';
import { parseRdfXml } from '../../src/catalog-engine/parse/rdfxml.ts';
import { parseRdfTextInto as parseTextInto } from '../../src/catalog-engine/parse/text.ts';
import { turtleError } from '../../src/catalog-engine/parse/turtle.ts';

export { CatalogParseError, canonicalLang, formatFromName, sniffFormat } from '../../src/catalog-engine/parse/common.ts';
export type { ParseOptions, RdfFormat, TripleSink } from '../../src/catalog-engine/parse/common.ts';

/** All triples of a catalog text (small files, tests, exports read back). */
export async function parseRdfText(text: string, options: ParseOptions): Promise<Triple[]> {
  const out: Triple[] = [];
  await parseRdfTextInto(text, options, (t) => out.push(t));
  return out;
}

/** The triples of a catalog text, one by one into `sink`; JSON-LD contexts published next to the file read from disk. */
export function parseRdfTextInto(text: string, options: ParseOptions, sink: TripleSink): Promise<void> {
  return parseTextInto(text, { loadContext: offlineLoader(options.file), ...options }, sink);
}

/** Bytes read from a catalog file at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * The triples of a catalog file, one by one into `sink`, read as a stream (Turtle, N-Triples, RDF/XML; JSON-LD is
 * read whole: jsonld.js has no streaming mode). Errors reading the file are thrown as they are (ENOENT …).
 */
export async function parseRdfFile(file: string, options: ParseOptions, sink: TripleSink): Promise<void> {
  const format = options.format ?? formatFromName(file) ?? sniffFormat(await fileHead(file));
  if (format === 'jsonld') return parseJsonLd((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''), { loadContext: offlineLoader(file), ...options }, sink);
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  if (format === 'rdfxml') {
    try {
      await parseRdfXml(input, options, sink);
    } finally {
      input.destroy();
    }
    return;
  }
  const terms = new TermInterner(options.blankPrefix);
  try {
    await new Promise<void>((resolve, reject) => {
      input.once('error', reject);
      new Parser({ baseIRI: options.baseIri, format: 'Turtle' }).parse(input, (error, quad) => {
        if (error) {
          input.destroy();
          reject(error);
        } else if (quad) sink(terms.triple(quad));
        else resolve();
      });
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code && !(e as N3ParseError).context) throw e;
    throw turtleError(e, () => readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), options);
  }
}

/** The first few KB of a file, for sniffing its format. */
async function fileHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Remote JSON-LD contexts known to have a local copy next to the catalog (published examples). */
const KNOWN_CONTEXT_HOSTS = ['semiceu.github.io', 'www.w3.org'];

function offlineLoader(file: string) {
  return async (url: string): Promise<JsonLdRemoteDocument> => {
    let local: string | undefined;
    try {
      const u = new URL(url);
      const name = path.posix.basename(u.pathname);
      const candidate = path.join(path.dirname(path.resolve(file)), name);
      if (KNOWN_CONTEXT_HOSTS.includes(u.hostname) && name.endsWith('.jsonld') && existsSync(candidate)) local = candidate;
    } catch {
      /* not a URL: reported below */
    }
    if (!local) {
      throw new Error(
        `remote JSON-LD @context ${url} is not fetched (the dev store works offline); put a copy of it next to the catalog file or inline it`,
      );
    }
    return { contextUrl: null, documentUrl: url, document: JSON.parse(readFileSync(local, 'utf8')) };
  };
}

