/**
 * The parts of n3 and jsonld.js (neither ships TypeScript declarations) the catalog parsers use. Ambient, for every
 * program that reads the parsers (tsconfig.node.json includes this file for the dev store).
 */
declare module 'n3' {
  export interface N3Term {
    termType: 'NamedNode' | 'BlankNode' | 'Literal' | 'DefaultGraph' | 'Variable' | 'Quad';
    value: string;
    language?: string;
    datatype?: { value: string };
  }
  export interface N3Quad {
    subject: N3Term;
    predicate: N3Term;
    object: N3Term;
    graph: N3Term;
  }
  export interface N3ParseError extends Error {
    context?: { line?: number; token?: { type?: string; value?: string; prefix?: string } | null; previousToken?: unknown };
  }
  /** What n3's parser reads from: a string, or anything with the stream events it listens to (`data`, `end`, `error`). */
  export interface N3TextSource {
    on(event: string, listener: (...args: never[]) => void): unknown;
  }
  export class Parser {
    constructor(options?: { baseIRI?: string; format?: string; blankNodePrefix?: string });
    parse(text: string): N3Quad[];
    /**
     * One call per quad, then (null, null) at the end, or one call with the error. A string is parsed at once
     * (synchronously), a stream as its chunks arrive.
     */
    parse(input: string | N3TextSource, callback: (error: Error | null, quad: N3Quad | null) => void): void;
  }
}

declare module 'jsonld' {
  export interface JsonLdRemoteDocument {
    contextUrl: string | null;
    documentUrl: string;
    document: unknown;
  }
  export function toRDF(
    doc: unknown,
    options: { format: 'application/n-quads'; base?: string; documentLoader: (url: string) => Promise<JsonLdRemoteDocument> },
  ): Promise<string>;
  const jsonld: { toRDF: typeof toRDF };
  export default jsonld;
}
