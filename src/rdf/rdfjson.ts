/**
 * Talis RDF/JSON (entrystore-api.md §4) ⇄ Graph. This is how EntryStore embeds every graph in its JSON, so the
 * reader runs on every page load: no rdflib here.
 */
import { Graph, blankNode, literal, namedNode, type Term } from './graph.ts';
import { NS } from './namespaces.ts';

/** Malformed RDF in any syntax. `line` is set when the parser reported where. */
export class RdfParseError extends Error {
  readonly line?: number;
  constructor(message: string, options?: { line?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RdfParseError';
    if (options?.line !== undefined) this.line = options.line;
  }
}

/** Datatypes that mean "plain string" and are therefore not kept on a Term. */
const PLAIN_DATATYPES = new Set([`${NS.xsd}string`, `${NS.rdf}langString`]);

/** A JSON object (not null, not an array); the store client reads its answers with it too. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** What a JSON value is, for error messages: `null`, `an array`, `string` … (the store client's messages too). */
export const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

function subjectTerm(key: string): Term {
  if (key.startsWith('_:')) {
    if (key.length === 2) throw new RdfParseError('RDF/JSON: blank node subject "_:" has no label');
    return blankNode(key.slice(2));
  }
  if (key === '') throw new RdfParseError('RDF/JSON: empty subject');
  return namedNode(key);
}

/** Builds a literal; a blank language tag counts as none, tags are lower-cased (they are case-insensitive). */
export function makeLiteral(value: string, language?: string, datatype?: string): Term {
  const lang = language?.trim().toLowerCase();
  if (lang) return literal(value, { language: lang });
  return datatype && !PLAIN_DATATYPES.has(datatype) ? literal(value, { datatype }) : literal(value);
}

function objectTerm(o: Record<string, unknown>, where: string): Term | undefined {
  const { type, value } = o;
  if (typeof type !== 'string' || typeof value !== 'string') return undefined;
  switch (type) {
    case 'uri':
      return namedNode(value);
    case 'bnode': {
      const label = value.startsWith('_:') ? value.slice(2) : value;
      if (!label) throw new RdfParseError(`RDF/JSON: blank node object without label at ${where}`);
      return blankNode(label);
    }
    case 'literal':
      return makeLiteral(
        value,
        typeof o.lang === 'string' ? o.lang : undefined,
        typeof o.datatype === 'string' ? o.datatype : undefined,
      );
    default:
      throw new RdfParseError(`RDF/JSON: unknown object type "${type}" at ${where}`);
  }
}

/**
 * Reads RDF/JSON into a Graph. Objects lacking `type` or `value` are skipped (as EntryStore's own reader does);
 * anything else that is not the documented shape throws RdfParseError naming the offending subject/predicate.
 */
export function readRdfJson(json: unknown): Graph {
  if (!isRecord(json)) throw new RdfParseError(`RDF/JSON must be an object of subjects, got ${describe(json)}`);
  const graph = new Graph();
  for (const [subjectKey, predicates] of Object.entries(json)) {
    const subject = subjectTerm(subjectKey);
    if (!isRecord(predicates)) {
      throw new RdfParseError(`RDF/JSON: subject <${subjectKey}> must map to an object of predicates, got ${describe(predicates)}`);
    }
    for (const [predicate, objects] of Object.entries(predicates)) {
      const where = `<${subjectKey}> <${predicate}>`;
      if (predicate === '' || predicate.startsWith('_:')) throw new RdfParseError(`RDF/JSON: invalid predicate at ${where}`);
      if (!Array.isArray(objects)) throw new RdfParseError(`RDF/JSON: ${where} must map to an array, got ${describe(objects)}`);
      for (const o of objects) {
        if (!isRecord(o)) throw new RdfParseError(`RDF/JSON: object of ${where} must be an object, got ${describe(o)}`);
        const object = objectTerm(o, where);
        if (object) graph.add(subject, predicate, object);
      }
    }
  }
  return graph;
}
