/** Turtle, N-Triples and N-Quads with n3's parser. */
import { Parser } from 'n3';
import type { N3ParseError } from 'n3';
import { CatalogParseError, TermInterner } from './common.ts';
import type { ParseOptions, TripleSink } from './common.ts';

/** A Turtle / N-Triples / N-Quads text into the sink (n3 hands out each quad: no array of all of them). */
export function parseTurtle(text: string, options: ParseOptions, sink: TripleSink, format = 'Turtle'): Promise<void> {
  const terms = new TermInterner(options.blankPrefix);
  return new Promise((resolve, reject) => {
    let done = false;
    // With a callback n3 parses the string in one go, starting in a microtask; an error ends the parse.
    new Parser({ baseIRI: options.baseIri, format }).parse(text, (error, quad) => {
      if (done) return;
      if (error) {
        done = true;
        reject(turtleError(error, () => text, options));
      } else if (quad) sink(terms.triple(quad));
      else {
        done = true;
        resolve();
      }
    });
  });
}

export function turtleError(e: unknown, text: () => string, options: ParseOptions): CatalogParseError {
  const err = e as N3ParseError;
  const line = err.context?.line;
  const detail = (err.message || String(e)).replace(/ on line \d+\.?$/, '');
  let column: number | undefined;
  if (line !== undefined) {
    const quoted = /"([^"]+)"/.exec(detail)?.[1];
    const lineText = text().split(/\r?\n/)[line - 1] ?? '';
    const at = quoted ? lineText.indexOf(quoted) : -1;
    if (at >= 0) column = at + 1;
  }
  return new CatalogParseError(options.file, `Turtle syntax error: ${detail}`, line, column);
}

