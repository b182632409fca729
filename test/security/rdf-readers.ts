/**
 * The independent RDF readers the export round-trip tests compare against (typed structurally: none of them ships
 * TypeScript declarations we could rely on): n3, rdflib, jsonld.js and xmldom. Shared by exports-roundtrip.test.ts
 * (the blocks' writers) and store-exports-roundtrip.test.ts (what the dev store serves).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface PTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}
export interface PQuad {
  subject: PTerm;
  predicate: PTerm;
  object: PTerm;
}
export const n3 = require('n3') as { Parser: new (o: { format: string; baseIRI?: string }) => { parse(text: string): PQuad[] } };
export const jsonld = require('jsonld') as { toRDF(doc: unknown, o: { format: 'application/n-quads'; base?: string }): Promise<string> };
const rdflib = require('rdflib') as {
  graph(): { statements: PQuad[] };
  parse(text: string, store: unknown, base: string, type: string, cb: (err: unknown) => void): void;
};
const { DOMParser: XmlDomParser } = require('@xmldom/xmldom') as {
  DOMParser: new (o: object) => { parseFromString(text: string, type: string): unknown };
};

/** `text` of media type `type` read by rdflib against `base`. */
export function viaRdflib(text: string, type: string, base: string): Promise<PQuad[]> {
  const store = rdflib.graph();
  return new Promise((resolve, reject) =>
    rdflib.parse(text, store, base, type, (e) => (e ? reject(e instanceof Error ? e : new Error(String(e))) : resolve(store.statements))),
  );
}

/** xmldom with every warning and error made fatal: the RDF/XML must be well-formed XML 1.0. */
export function assertWellFormedXml(text: string): void {
  const problems: string[] = [];
  const report = (m: string) => problems.push(m);
  new XmlDomParser({ locator: {}, errorHandler: { warning: report, error: report, fatalError: report } }).parseFromString(text, 'application/xml');
  assert.deepEqual(problems, [], 'RDF/XML is well-formed XML');
}

/** A character as UTF-8 percent-escapes (how the export rule maps a character an IRI may not hold). */
export const pct = (c: string): string => [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
