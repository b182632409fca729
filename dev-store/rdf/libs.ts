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
    /** Streaming: one call per quad, then (null, null) at the end, or one call with the error. */
    parse(input: NodeJS.ReadableStream, callback: (error: Error | null, quad: N3Quad | null) => void): void;
  };
  Writer: new (options?: { prefixes?: Record<string, string>; format?: string }) => {
    addQuad(q: N3Quad): void;
    end(callback: (error: Error | null, result: string) => void): void;
  };
  DataFactory: {
    namedNode(v: string): N3Term;
    blankNode(v: string): N3Term;
    literal(v: string, langOrDatatype?: string | N3Term): N3Term;
    quad(s: N3Term, p: N3Term, o: N3Term): N3Quad;
  };
}

export interface JsonLdRemoteDocument {
  contextUrl: string | null;
  documentUrl: string;
  document: unknown;
}
export interface JsonLdModule {
  toRDF(doc: unknown, options: { format: 'application/n-quads'; base?: string; documentLoader: (url: string) => Promise<JsonLdRemoteDocument> }): Promise<string>;
  fromRDF(nquads: string, options: { format: 'application/n-quads'; useNativeTypes?: boolean }): Promise<unknown>;
  compact(doc: unknown, context: unknown, options: { documentLoader: (url: string) => Promise<JsonLdRemoteDocument> }): Promise<Record<string, unknown>>;
}

export const n3 = require('n3') as N3Module;
export const jsonld = require('jsonld') as JsonLdModule;
