/**
 * Writes a Graph as Turtle, N-Triples, RDF/XML (rdfxml.ts) or JSON-LD (expanded form: one node object per subject; or
 * EntryStore's compact form). What `<dataset-exports>` offers, loaded only when an export is asked for, and what the dev
 * store serves for every RDF format but RDF/JSON (written by rdfjson.ts: JSON carries every string as it is). Parsing (rdflib) is not needed in the
 * browser at all: EntryStore answers in RDF/JSON.
 *
 * Metadata is untrusted (issue 8: an IRI `https://evil.example/x> . <victim> dcterms:license <…INJECTED` gave a
 * Turtle file a false triple about another dataset). So before any syntax is written, every graph goes through ONE
 * rule, `exportableGraph`, the same for every format and for the CSV (blocks/dataset-exports/export-data.ts):
 *
 * - IRIs: characters no RDF syntax can carry inside an IRI are percent-encoded as UTF-8 (the IRI-to-URI mapping of
 *   RFC 3987 §3.1): controls and whitespace (C0, DEL, C1, every Unicode space and line separator), `<>"{}|^`\`,
 *   bidi formatting characters (RFC 3987 §4.1 forbids them), U+FFFE/U+FFFF and lone surrogates (as U+FFFD's bytes).
 *   Turtle's and N-Triples' IRIREF cannot hold those characters even as `\u` escapes, XML attributes cannot hold most
 *   controls, and jsonld.js drops IRIs with whitespace, so encoding is the one representation every format shares.
 *   The result is a different but harmless IRI: it still names the same web resource for every URL parser (they
 *   percent-encode the same way), and it can never close the IRI and start a new triple. Anyone who can write an
 *   IRI can write its encoded form directly, so the mapping gives no one a name they could not already use.
 * - A triple is left out (and counted, see `onLeftOut`) when it has an IRI that is not absolute (`victim`,
 *   `//host/x`, `#x`, `_:x`, `@type`, ''): every syntax would resolve it against a base the reader chooses or read it
 *   as a blank node or keyword; or an ill-formed literal: a language tag that is not `[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*`
 *   (Turtle's LANGTAG within BCP 47 lengths, what jsonld.js accepts), or rdf:langString without a tag. There is no
 *   honest rewrite of those: any other IRI, tag or type would be a claim the source did not make.
 * - Literal text: lone surrogates and characters XML 1.0 cannot hold (C0 controls but TAB, LF, CR; U+FFFE, U+FFFF)
 *   become U+FFFD in every format, so that the RDF/XML file says what the Turtle file says. Language tags are
 *   lower-cased (tags compare case-insensitively; parsers differ in whether they keep the case).
 * - Blank nodes are relabelled `b0`, `b1`, … in order of appearance: hostile labels (`a b`, `x> . <v`) cannot break
 *   the syntax, and two labels can never collapse into one node (a character-replacing rule would merge `a-b`, `a.b`).
 *
 * The writers below then escape what remains per syntax (string escapes in Turtle/N-Triples, entities in XML, JSON
 * string escapes); `iriRef` refuses to write an IRI that did not pass the rule. The `n3` package's writer is not
 * used: it writes `>`, spaces and language tags unescaped, and writes an IRI whose scheme equals a registered prefix
 * (`dcat:Dataset` as an IRI) as that prefixed name, which a reader expands to a different IRI.
 */
import { Graph, blankNode, literal, namedNode, type Term } from './graph.ts';
import { NS } from './namespaces.ts';
import { leftOutSentence, writeRdfXml } from './rdfxml.ts';

export type RdfExportFormat = 'turtle' | 'rdfxml' | 'jsonld' | 'ntriples';

export interface SerializeOptions {
  /** Called once with the number of source triples the file leaves out (never called when nothing is left out). */
  readonly onLeftOut?: (count: number) => void;
  /**
   * JSON-LD only: `expanded` (default; what `<dataset-exports>` offers) or `compact`, EntryStore's form (entrystore-api.md
   * §3.3: a `@context` of the prefixes used, native booleans and integers), which the dev store serves.
   */
  readonly jsonLdForm?: JsonLdForm;
}

export type JsonLdForm = 'expanded' | 'compact';

const RDF_TYPE = `${NS.rdf}type`;
const XSD_STRING = `${NS.xsd}string`;
const RDF_LANG_STRING = `${NS.rdf}langString`;

const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** What an exported IRI never contains as is (see the rule above); `\s` covers every Unicode space and line separator. */
// eslint-disable-next-line no-control-regex -- escaping control characters is the point
const IRI_UNSAFE = /[\s\u0000-\u0020<>"{}|^`\\\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Characters XML 1.0 cannot hold (TAB, LF, CR can). */
// eslint-disable-next-line no-control-regex -- escaping control characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const utf8 = new TextEncoder();
const percentEncode = (c: string): string =>
  [...utf8.encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** The IRI every export writes for `iri`, or undefined when it is refused (not absolute). */
export function exportIri(iri: string): string | undefined {
  if (!ABSOLUTE_IRI.test(iri)) return undefined;
  return iri.replace(IRI_UNSAFE, percentEncode);
}

/** Literal text as every export writes it. */
export const exportLiteralText = (value: string): string => value.replace(LONE_SURROGATE, '\uFFFD').replace(NOT_XML_CHAR, '\uFFFD');

function exportLiteral(t: Term): Term | undefined {
  const value = exportLiteralText(t.value);
  if (t.language) return LANGUAGE_TAG.test(t.language) ? literal(value, { language: t.language.toLowerCase() }) : undefined;
  if (!t.datatype || t.datatype === XSD_STRING) return literal(value);
  if (t.datatype === RDF_LANG_STRING) return undefined;
  const datatype = exportIri(t.datatype);
  return datatype === undefined ? undefined : literal(value, { datatype });
}

export interface ExportableGraph {
  readonly graph: Graph;
  /** Source triples left out by the rule. */
  readonly leftOut: number;
}

/** `g` as the exports write it (the rule in the module comment). */
export function exportableGraph(g: Graph): ExportableGraph {
  const graph = new Graph();
  const blanks = new Map<string, string>();
  const node = (t: Term): Term | undefined => {
    if (t.termType === 'Literal') return exportLiteral(t);
    if (t.termType === 'NamedNode') {
      const iri = exportIri(t.value);
      return iri === undefined ? undefined : namedNode(iri);
    }
    let label = blanks.get(t.value);
    if (label === undefined) blanks.set(t.value, (label = `b${blanks.size}`));
    return blankNode(label);
  };
  let leftOut = 0;
  for (const t of g.triples()) {
    const subject = node(t.subject);
    const predicate = exportIri(t.predicate);
    const object = node(t.object);
    if (subject && predicate !== undefined && object) graph.add(subject, predicate, object);
    else leftOut++;
  }
  return { graph, leftOut };
}

/** Serialises `g` after the export rule; what was left out is reported and, where the syntax has comments, said in the file. */
export async function serializeRdf(g: Graph, format: RdfExportFormat, options: SerializeOptions = {}): Promise<string> {
  const { graph, leftOut } = exportableGraph(g);
  let text: string;
  let left = leftOut;
  if (format === 'rdfxml') {
    const xml = writeRdfXml(graph, leftOut);
    text = xml.text;
    left += xml.leftOut;
  } else if (format === 'jsonld') text = `${JSON.stringify(writeJsonLd(graph, options.jsonLdForm ?? 'expanded'), null, 2)}\n`;
  else text = `${leftOutComment(leftOut, '#')}${format === 'turtle' ? writeTurtle(graph) : writeNTriples(graph)}`;
  if (left > 0) options.onLeftOut?.(left);
  return text;
}

/** The JSON-LD document `serializeRdf` writes, as a value (the dev store embeds it in its entry JSON); same rule, same report. */
export function jsonLdDocument(g: Graph, options: SerializeOptions = {}): unknown {
  const { graph, leftOut } = exportableGraph(g);
  if (leftOut > 0) options.onLeftOut?.(leftOut);
  return writeJsonLd(graph, options.jsonLdForm ?? 'expanded');
}

/** The comment line saying what the file leaves out ('' when nothing), for syntaxes with `#` comments. */
function leftOutComment(count: number, mark: string): string {
  if (count === 0) return '';
  return `${mark} ${leftOutSentence(count)}\n`;
}

// ---- Turtle and N-Triples --------------------------------------------------------------------------------------

/** Never true after `exportIri`; a last guard so that no path can write an IRI that ends early. */
// eslint-disable-next-line no-control-regex -- escaping control characters is the point
const IRIREF_FORBIDDEN = /[\u0000-\u0020<>"{}|^`\\]/;
/** A local name we abbreviate: a strict subset of PN_LOCAL (no dots, colons or escapes to get wrong). */
const SIMPLE_LOCAL = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const STRING_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function iriRef(iri: string): string {
  if (IRIREF_FORBIDDEN.test(iri) || !ABSOLUTE_IRI.test(iri)) throw new Error(`not an exportable IRI: ${JSON.stringify(iri)}`);
  return `<${iri}>`;
}

/** A quoted string: backslash, quote, CR, LF, TAB as ECHAR; any other C0 control or DEL as \u escape. */
function quoted(value: string): string {
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  const body = value.replace(/[\\"\u0000-\u001F\u007F]/g, (c) => STRING_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  return `"${body}"`;
}

type IriWriter = (iri: string) => string;

function termText(t: Term, iri: IriWriter): string {
  if (t.termType === 'NamedNode') return iri(t.value);
  if (t.termType === 'BlankNode') return `_:${t.value}`;
  if (t.language) return `${quoted(t.value)}@${t.language}`;
  return t.datatype ? `${quoted(t.value)}^^${iri(t.datatype)}` : quoted(t.value);
}

function writeNTriples(g: Graph): string {
  let out = '';
  for (const { subject, predicate, object } of g.triples()) {
    out += `${termText(subject, iriRef)} ${iriRef(predicate)} ${termText(object, iriRef)} .\n`;
  }
  return out;
}

function writeTurtle(g: Graph): string {
  const used = new Map<string, string>();
  const prefixes = Object.entries(NS);
  const iri: IriWriter = (value) => {
    for (const [prefix, ns] of prefixes) {
      if (value.startsWith(ns) && SIMPLE_LOCAL.test(value.slice(ns.length))) {
        used.set(prefix, ns);
        return `${prefix}:${value.slice(ns.length)}`;
      }
    }
    return iriRef(value);
  };
  let body = '';
  let subject: string | undefined;
  let predicate: string | undefined;
  for (const t of g.triples()) {
    const s = termText(t.subject, iri);
    const p = t.predicate === RDF_TYPE ? 'a' : iri(t.predicate);
    const o = termText(t.object, iri);
    if (s !== subject) body += `${subject === undefined ? '' : ' .\n\n'}${s}\n    ${p} ${o}`;
    else if (p !== predicate) body += ` ;\n    ${p} ${o}`;
    else body += `,\n        ${o}`;
    subject = s;
    predicate = p;
  }
  if (subject !== undefined) body += ' .\n';
  const header = [...used].map(([prefix, ns]) => `@prefix ${prefix}: ${iriRef(ns)} .\n`).join('');
  return `${header}${header && body ? '\n' : ''}${body}`;
}

// ---- JSON-LD ---------------------------------------------------------------------------------------------------

type JsonLdValue = { '@id': string } | { '@value': string | number | boolean; '@language'?: string; '@type'?: string };
type IriNamer = (iri: string) => string;

const XSD_BOOLEAN = `${NS.xsd}boolean`;
const XSD_INTEGER = `${NS.xsd}integer`;
/** Integers a JSON number carries exactly and a reader writes back with the same lexical form. */
const EXACT_INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/;

const jsonLdId = (t: Term, name: IriNamer): string => (t.termType === 'BlankNode' ? `_:${t.value}` : name(t.value));

function jsonLdValue(t: Term, name: IriNamer, native: boolean): JsonLdValue {
  if (t.termType !== 'Literal') return { '@id': jsonLdId(t, name) };
  if (t.language) return { '@value': t.value, '@language': t.language };
  // Native JSON only where reading it back gives the same literal (JSON-LD 1.1 §8.6: true/false, integers).
  if (native && t.datatype === XSD_BOOLEAN && (t.value === 'true' || t.value === 'false')) return { '@value': t.value === 'true' };
  if (native && t.datatype === XSD_INTEGER && EXACT_INTEGER.test(t.value)) return { '@value': Number(t.value) };
  if (t.datatype) return { '@value': t.value, '@type': name(t.datatype) };
  return { '@value': t.value };
}

/** Node objects, one per subject: `rdf:type` IRIs as `@type`, every other value in an array. */
function nodeObjects(g: Graph, name: IriNamer, native: boolean): Record<string, unknown>[] {
  const nodes = new Map<string, Record<string, unknown>>();
  for (const { subject, predicate, object } of g.triples()) {
    const id = jsonLdId(subject, name);
    let node = nodes.get(id);
    if (!node) nodes.set(id, (node = { '@id': id }));
    if (predicate === RDF_TYPE && object.termType === 'NamedNode') {
      ((node['@type'] ??= []) as string[]).push(name(object.value));
    } else {
      ((node[name(predicate)] ??= []) as JsonLdValue[]).push(jsonLdValue(object, name, native));
    }
  }
  return [...nodes.values()];
}

/**
 * Expanded: an array of node objects, no `@context`, so nothing is expanded on reading; keys are absolute IRIs after
 * the rule, never keywords (`@…`). Compact: the same nodes with IRIs of the known namespaces as `prefix:local` (the
 * strict local names of Turtle's abbreviation) and a `@context` of exactly those prefixes. A prefix whose name is the
 * scheme of some IRI of the graph is not used at all: a reader would expand that IRI (`dcat:Dataset`) with it.
 */
function writeJsonLd(g: Graph, form: JsonLdForm): unknown {
  if (form === 'expanded') return nodeObjects(g, (iri) => iri, false);
  const schemes = new Set<string>();
  const addScheme = (iri: string): void => void schemes.add(iri.slice(0, iri.indexOf(':')));
  for (const { subject, predicate, object } of g.triples()) {
    if (subject.termType === 'NamedNode') addScheme(subject.value);
    addScheme(predicate);
    if (object.termType === 'NamedNode') addScheme(object.value);
    if (object.datatype) addScheme(object.datatype);
  }
  const prefixes = Object.entries(NS).filter(([prefix]) => !schemes.has(prefix));
  const context: Record<string, string> = {};
  const name: IriNamer = (iri) => {
    for (const [prefix, ns] of prefixes) {
      if (iri.startsWith(ns) && SIMPLE_LOCAL.test(iri.slice(ns.length))) {
        context[prefix] = ns;
        return `${prefix}:${iri.slice(ns.length)}`;
      }
    }
    return iri;
  };
  const nodes = nodeObjects(g, name, true);
  if (nodes.length === 0) return {};
  return nodes.length === 1 ? { '@context': context, ...nodes[0] } : { '@context': context, '@graph': nodes };
}
