// The one module of the `n3` package the exports use (its Turtle / N-Triples writer), imported by path so a bundle
// takes the writer alone (about 5 KB gzip) and not the parser, store and stream classes of the package index.
declare module 'n3/src/N3Writer.js' {
  export default class N3Writer {
    constructor(options?: { prefixes?: Record<string, string>; format?: string });
    addQuad(subject: unknown, predicate: unknown, object: unknown): void;
    end(done: (error: unknown, result: string) => void): void;
  }
}
declare module 'n3/src/N3DataFactory.js' {
  const DataFactory: {
    namedNode(iri: string): unknown;
    blankNode(label?: string): unknown;
    literal(value: string, languageOrDatatype?: string | unknown): unknown;
  };
  export default DataFactory;
}
