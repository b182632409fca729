/**
 * Catalog file → triples. Turtle / N-Triples with n3, RDF/XML with xmldom (strict, with positions) + rdflib's
 * RDF/XML walker, JSON-LD with jsonld.js under an offline document loader. Every failure becomes a
 * CatalogParseError naming the file and, as precisely as the parser allows, the line and column.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { RDFParser, graph as rdflibGraph } from 'rdflib';
import type { Term, Triple } from '../../src/rdf/graph.ts';
import { jsonld, n3 } from './libs.ts';
import type { JsonLdRemoteDocument, N3ParseError, N3Quad, N3Term } from './libs.ts';
import { jsonErrorOffset, lineColumnAt } from './positions.ts';

export type RdfFormat = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';
const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

export class CatalogParseError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    const where = line === undefined ? '' : column === undefined ? `line ${line}: ` : `line ${line}, column ${column}: `;
    super(`catalog ${file}: ${where}${detail}`);
    this.name = 'CatalogParseError';
  }
}

/** Format from the file extension; undefined when the extension says nothing. */
export function formatFromName(file: string): RdfFormat | undefined {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.ttl' || ext === '.turtle' || ext === '.n3') return 'turtle';
  if (ext === '.nt') return 'ntriples';
  if (ext === '.rdf' || ext === '.xml' || ext === '.owl') return 'rdfxml';
  if (ext === '.jsonld' || ext === '.json') return 'jsonld';
  return undefined;
}

/** Format from the first significant characters (used when the extension is unknown). */
export function sniffFormat(text: string): RdfFormat {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<?xml') || /^<(?:[A-Za-z_][\w.-]*:)?RDF\b/.test(head) || /^<[A-Za-z_][\w.-]*[\s>:]/.test(head)) return 'rdfxml';
  if (head.startsWith('{') || head.startsWith('[')) return 'jsonld';
  return 'turtle';
}

/**
 * Canonical BCP 47 casing (sv-se → sv-SE) without alias replacement: parsers disagree on tag case
 * (n3 lower-cases) and EntryStore keeps tags as written, which in practice is the canonical form.
 */
export function canonicalLang(tag: string): string {
  let privateUse = false;
  return tag
    .split('-')
    .map((part, i) => {
      const p = part.toLowerCase();
      if (i === 0 || privateUse) return p;
      if (p === 'x') privateUse = true;
      if (p.length === 2) return p.toUpperCase();
      if (p.length === 4) return p[0]!.toUpperCase() + p.slice(1);
      return p;
    })
    .join('-');
}

function literalTerm(value: string, language: string | undefined, datatype: string | undefined, intern = (s: string) => s): Term {
  if (language) return { termType: 'Literal', value, language: intern(canonicalLang(language)) };
  if (datatype && datatype !== XSD_STRING && datatype !== RDF_LANG_STRING) return { termType: 'Literal', value, datatype };
  return { termType: 'Literal', value };
}

/**
 * A copy of `s` that does not point into the text it was cut from: V8 keeps substrings of 13+ characters as slices
 * of their parent string, so every IRI and literal n3 cuts from the input would keep the whole file (or each
 * streamed chunk) alive — 200 MB for a 50,000-dataset export.
 */
function own(s: string): string {
  return s.length < 13 ? s : (` ${s}`).slice(1);
}

/**
 * n3 terms → ours, one object per distinct IRI, blank node, datatype and language tag of a parse: a catalog names
 * the same publishers, themes, licences and predicates hundreds of thousands of times.
 */
class TermInterner {
  readonly #iris = new Map<string, Term>();
  readonly #blanks = new Map<string, Term>();
  readonly #strings = new Map<string, string>();

  #string(s: string): string {
    let v = this.#strings.get(s);
    if (v === undefined) this.#strings.set(s, (v = own(s)));
    return v;
  }

  term(t: N3Term): Term {
    if (t.termType === 'Literal') {
      const lang = t.language ? this.#string(t.language) : undefined;
      const dt = t.datatype?.value;
      return literalTerm(own(t.value), lang, dt === undefined ? undefined : this.#string(dt), (l) => this.#string(l));
    }
    const map = t.termType === 'BlankNode' ? this.#blanks : this.#iris;
    let term = map.get(t.value);
    if (!term) map.set(t.value, (term = { termType: t.termType === 'BlankNode' ? 'BlankNode' : 'NamedNode', value: own(t.value) }));
    return term;
  }

  /** Drops the maps: their keys are n3's strings, slices of the input (see own). */
  clear(): void {
    this.#iris.clear();
    this.#blanks.clear();
    this.#strings.clear();
  }

  triple(q: N3Quad): Triple {
    return { subject: this.term(q.subject), predicate: this.#string(q.predicate.value), object: this.term(q.object) };
  }
}

export interface ParseOptions {
  /** File name used in messages and to find local JSON-LD contexts. */
  file: string;
  /** Base IRI for relative IRIs. */
  baseIri: string;
  /** Force a format; default: extension, else content sniffing. */
  format?: RdfFormat;
}

export async function parseRdfText(text: string, options: ParseOptions): Promise<Triple[]> {
  const format = options.format ?? formatFromName(options.file) ?? sniffFormat(text);
  const body = text.replace(/^\uFEFF/, '');
  switch (format) {
    case 'turtle':
    case 'ntriples':
      return parseTurtle(body, options); // N-Triples is a subset of Turtle: one lenient parser for both
    case 'rdfxml':
      return parseRdfXml(body, options);
    case 'jsonld':
      return parseJsonLd(body, options);
  }
}

function parseTurtle(text: string, options: ParseOptions, format = 'Turtle'): Triple[] {
  try {
    const quads = new n3.Parser({ baseIRI: options.baseIri, format }).parse(text);
    const terms = new TermInterner();
    const triples = quads.map((q) => terms.triple(q));
    terms.clear();
    return triples;
  } catch (e) {
    throw turtleError(e, () => text, options);
  }
}

/**
 * A Turtle / N-Triples file streamed through n3: neither the file's text nor n3's quads are held whole, which is
 * what a national catalog's export (hundreds of MB) needs. Same triples and errors as parseRdfText on its text.
 */
export async function parseTurtleFile(file: string, options: ParseOptions): Promise<Triple[]> {
  const terms = new TermInterner();
  const out: Triple[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const input = createReadStream(file);
      input.once('error', reject);
      new n3.Parser({ baseIRI: options.baseIri, format: 'Turtle' }).parse(input, (error, quad) => {
        if (error) {
          input.destroy();
          reject(error);
        } else if (quad) out.push(terms.triple(quad));
        else resolve();
      });
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code && !(e as N3ParseError).context) throw e;
    throw turtleError(e, () => readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), options);
  } finally {
    terms.clear();
  }
  return out;
}

function turtleError(e: unknown, text: () => string, options: ParseOptions): CatalogParseError {
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

/** `@#[line:3,col:2]` as xmldom appends to its messages. */
function xmldomPosition(message: string): { line?: number; column?: number } {
  const m = /@#\[line:(\d+),col:(\d+)\]/.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : {};
}

interface LocatedNode {
  lineNumber?: number;
  columnNumber?: number;
}

function parseRdfXml(text: string, options: ParseOptions): Triple[] {
  const fail = (detail: string, at?: LocatedNode | { line?: number; column?: number }): never => {
    const pos = at && 'lineNumber' in at ? { line: at.lineNumber, column: at.columnNumber } : (at as { line?: number; column?: number } | undefined);
    throw new CatalogParseError(options.file, `RDF/XML error: ${detail}`, pos?.line, pos?.column);
  };
  // xmldom catches what a handler throws and reports it again: keep the first problem only.
  let firstProblem: unknown;
  const xmlProblem = (m: string): void => {
    if (firstProblem) throw firstProblem;
    try {
      fail(`XML not well-formed (${m.replace(/@#\[line:.*$/s, '').replace(/^\[xmldom \w+\]\s*/, '').trim()})`, xmldomPosition(m));
    } catch (e) {
      firstProblem = e;
      throw e;
    }
  };
  // Strict: rdflib's own XML step is lenient (an unclosed element silently yields other triples).
  const doc = new DOMParser({ locator: {}, errorHandler: { warning: xmlProblem, error: xmlProblem, fatalError: xmlProblem } }).parseFromString(
    text,
    'application/xml',
  );
  if (firstProblem) throw firstProblem;
  const root = doc.documentElement;
  if (!root) fail('no root element', { line: 1 });
  checkRdfXmlStructure(root!, fail);
  const kb = rdflibGraph();
  try {
    new RDFParser(kb).parse(doc as unknown as Parameters<RDFParser['parse']>[0], options.baseIri, kb.sym(options.baseIri));
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^Error:\s*/, '') : String(e);
    // rdflib does not say where; locate the quoted offending value (an IRI) in the source when it names one.
    const quoted = /"([^"]+)"/.exec(detail)?.[1];
    const at = quoted ? text.indexOf(quoted) : -1;
    fail(detail, at >= 0 ? lineColumnAt(text, at) : undefined);
  }
  return kb.statements.map((st) => ({
    subject: rdflibTerm(st.subject as unknown as RdflibTerm),
    predicate: st.predicate.value,
    object: rdflibTerm(st.object as unknown as RdflibTerm),
  }));
}

/** An element of xmldom's document (typed without the DOM library in tsconfig.node.json, with it in tsconfig.json). */
type XmlElement = NonNullable<ReturnType<DOMParser['parseFromString']>['documentElement']>;

interface RdflibTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}

function rdflibTerm(t: RdflibTerm): Term {
  if (t.termType === 'Literal') return literalTerm(t.value, t.language, t.datatype?.value);
  if (t.termType === 'BlankNode') return { termType: 'BlankNode', value: t.value };
  return { termType: 'NamedNode', value: t.value };
}

/**
 * What rdflib does not check but RDF/XML requires: every prefix bound, and at most one node element
 * inside a property element (the DCAT-AP.de reference example breaks that rule).
 */
function checkRdfXmlStructure(root: XmlElement, fail: (detail: string, at?: LocatedNode) => never): void {
  const elementChildren = (el: XmlElement): XmlElement[] => {
    const out: XmlElement[] = [];
    for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as XmlElement);
    return out;
  };
  const checkNames = (el: XmlElement): void => {
    if (el.prefix && !el.namespaceURI) fail(`namespace prefix "${el.prefix}" of <${el.tagName}> is not declared`, el as unknown as LocatedNode);
    if (!el.prefix && !el.namespaceURI) fail(`element <${el.tagName}> has no namespace (missing xmlns declarations?)`, el as unknown as LocatedNode);
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes[i]!;
      if (a.prefix && a.prefix !== 'xmlns' && a.prefix !== 'xml' && !a.namespaceURI) {
        fail(`namespace prefix "${a.prefix}" of attribute ${a.name} is not declared`, el as unknown as LocatedNode);
      }
    }
  };
  const nodeElement = (el: XmlElement): void => {
    checkNames(el);
    for (const child of elementChildren(el)) propertyElement(child);
  };
  const propertyElement = (el: XmlElement): void => {
    checkNames(el);
    const parseType = el.getAttributeNS(RDF_NS, 'parseType');
    if (parseType === 'Literal') return;
    const children = elementChildren(el);
    if (parseType === 'Resource') {
      for (const child of children) propertyElement(child);
      return;
    }
    if (parseType === 'Collection') {
      for (const child of children) nodeElement(child);
      return;
    }
    if (children.length > 1) {
      fail(`more than one node element inside property element <${el.tagName}> (repeat node-elements inside property elements)`, children[1] as unknown as LocatedNode);
    }
    if (children[0]) nodeElement(children[0]);
  };
  checkNames(root);
  if (root.namespaceURI === RDF_NS && root.localName === 'RDF') for (const child of elementChildren(root)) nodeElement(child);
  else nodeElement(root);
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

async function parseJsonLd(text: string, options: ParseOptions): Promise<Triple[]> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const pos = lineColumnAt(text, jsonErrorOffset(text));
    throw new CatalogParseError(options.file, `JSON syntax error: ${(e as Error).message.split('\n')[0]}`, pos.line, pos.column);
  }
  let nquads: string;
  try {
    nquads = await jsonld.toRDF(doc, { format: 'application/n-quads', base: options.baseIri, documentLoader: offlineLoader(options.file) });
  } catch (e) {
    const err = e as Error & { details?: { cause?: Error; url?: string } };
    const cause = err.details?.cause?.message;
    // Our own offline-loader message says it all; jsonld.js wraps it in a long generic text.
    const detail = cause?.startsWith('remote JSON-LD @context') ? cause : cause && !err.message.includes(cause) ? `${err.message}: ${cause}` : err.message;
    // Point at the @context that failed when the message names a URL, else at the first @context.
    const url = err.details?.url ?? /(https?:\/\/[^\s"']+)/.exec(detail)?.[1];
    let at = url ? text.indexOf(url) : -1;
    if (at < 0) at = text.indexOf('"@context"');
    const pos = at >= 0 ? lineColumnAt(text, at) : undefined;
    throw new CatalogParseError(options.file, `JSON-LD error: ${detail}`, pos?.line, pos?.column);
  }
  return parseTurtle(nquads, options, 'N-Quads');
}
