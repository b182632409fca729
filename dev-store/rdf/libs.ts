/**
 * Typed handles on the CommonJS RDF libraries that ship without TypeScript declarations (n3, jsonld).
 * Loaded through createRequire so the project needs no ambient `declare module` (which could clash with
 * another part of the project declaring the same module).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

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
export interface N3Module {
  Parser: new (options?: { baseIRI?: string; format?: string; blankNodePrefix?: string }) => {
    parse(text: string): N3Quad[];
    /**
     * One call per quad, then (null, null) at the end, or one call with the error. A string is parsed at once
     * (synchronously), a stream as its chunks arrive.
     */
    parse(input: string | NodeJS.ReadableStream, callback: (error: Error | null, quad: N3Quad | null) => void): void;
  };
}

export interface JsonLdRemoteDocument {
  contextUrl: string | null;
  documentUrl: string;
  document: unknown;
}
export interface JsonLdModule {
  toRDF(doc: unknown, options: { format: 'application/n-quads'; base?: string; documentLoader: (url: string) => Promise<JsonLdRemoteDocument> }): Promise<string>;
}

export const n3 = require('n3') as N3Module;
export const jsonld = require('jsonld') as JsonLdModule;
