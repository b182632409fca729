/**
 * The part of rdfxml-streaming-parser the RDF/XML reader uses (src/catalog-engine/parse/rdfxml.ts). Its own typings
 * reference Node's (readable-stream), which would bring `node:*` modules and Node globals into the browser program:
 * tsconfig.browser.json maps the package here, as it does papaparse.
 */
/** The parser's state of an open element (opaque here: passed back to the parser as it was given). */
export interface IActiveTag {
  readonly [key: string]: unknown;
}
export interface RdfXmlNamedNode {
  readonly termType: 'NamedNode';
  readonly value: string;
}
export declare class RdfXmlParser {
  constructor(options?: { baseIRI?: string; trackPosition?: boolean; validateUri?: boolean });
  push(quad: unknown): boolean;
  newParseError(message: string): Error;
  valueToUri(value: string, activeTag: IActiveTag): RdfXmlNamedNode;
  uriToNamedNode(uri: string): RdfXmlNamedNode;
  protected onTag(tag: unknown): void;
  protected onCloseTag(): void;
}
