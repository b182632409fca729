/**
 * Catalog file → triples, handed one by one to a sink as the parser finds them. Turtle / N-Triples with n3's
 * streaming parser, RDF/XML with rdfxml-streaming-parser (a SAX parser: no document tree) under the structure checks
 * RDF/XML requires and it does not make, JSON-LD with jsonld.js under an offline document loader. Files are read as
 * a stream: neither the text of a national catalog's export nor the parser's output is ever held whole. Every
 * failure becomes a CatalogParseError naming the file and, as precisely as the parser allows, the line and column.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import type { Term, Triple } from '../../src/rdf/graph.ts';
import { jsonld, n3 } from './libs.ts';
import type { JsonLdRemoteDocument, N3ParseError, N3Quad, N3Term } from './libs.ts';
import { jsonErrorOffset, lineColumnAt } from './positions.ts';

/** Receives each triple of a parse, in document order. */
export type TripleSink = (triple: Triple) => void;

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
 * The copy is a concatenation that a search then flattens into one string of its own (dropping its references to
 * the slices; the collector then drops the concatenation's header too): ~30 bytes less per IRI and literal than a
 * slice of a flattened copy (` ${s}`.slice(1), itself a slice), which loading 200,000 datasets holds millions of.
 * The search's result is used, so the compiler cannot drop it; a value holding NUL takes the slice route.
 */
function own(s: string): string {
  if (s.length < 13) return s;
  const copy = s[0]! + s.slice(1);
  return copy.indexOf('\u0000') < 0 ? copy : (` ${s}`).slice(1);
}

/**
 * Parser terms (n3's, RDF/JS ones) → ours, one object per distinct IRI, blank node, datatype and language tag of a
 * parse: a catalog names the same publishers, themes, licences and predicates hundreds of thousands of times. The
 * maps are keyed by the owned copies (see own), so they do not keep the parser's input chunks alive either.
 */
class TermInterner {
  readonly #iris = new Map<string, Term>();
  readonly #blanks = new Map<string, Term>();
  readonly #strings = new Map<string, string>();

  /** @param blankPrefix prepended to blank node labels (labels are only unique within one parse). */
  constructor(readonly blankPrefix = '') {}

  #string(s: string): string {
    let v = this.#strings.get(s);
    if (v === undefined) {
      v = own(s);
      this.#strings.set(v, v);
    }
    return v;
  }

  /** Raw language tag → its canonical form, interned. */
  readonly #langs = new Map<string, string>();

  term(t: N3Term): Term {
    if (t.termType === 'Literal') {
      // n3's getters parse the literal's id on every call (and `datatype` makes a new term): each is read once
      const language = t.language;
      if (language) {
        let lang = this.#langs.get(language);
        if (lang === undefined) this.#langs.set(own(language), (lang = this.#string(canonicalLang(language))));
        return { termType: 'Literal', value: own(t.value), language: lang };
      }
      const dt = (t as { datatypeString?: string }).datatypeString ?? t.datatype?.value;
      return literalTerm(own(t.value), undefined, dt === undefined ? undefined : this.#string(dt));
    }
    const blank = t.termType === 'BlankNode';
    const map = blank ? this.#blanks : this.#iris;
    let term = map.get(t.value);
    if (!term) {
      const key = own(t.value);
      map.set(key, (term = blank ? { termType: 'BlankNode', value: `${this.blankPrefix}${key}` } : { termType: 'NamedNode', value: key }));
    }
    return term;
  }

  /** The subject of the previous triple: exports state a subject's triples together (one lookup per subject). */
  #lastSubject: N3Term | undefined;
  #lastSubjectValue = '';
  #lastSubjectTerm: Term | undefined;

  triple(q: N3Quad): Triple {
    const s = q.subject;
    let subject = this.#lastSubjectTerm;
    if (s !== this.#lastSubject && (s.termType !== this.#lastSubject?.termType || s.value !== this.#lastSubjectValue)) {
      subject = this.term(s);
      this.#lastSubjectValue = subject.termType === 'BlankNode' ? s.value : subject.value;
      this.#lastSubjectTerm = subject;
    }
    this.#lastSubject = s;
    return { subject: subject!, predicate: this.#string(q.predicate.value), object: this.term(q.object) };
  }
}

export interface ParseOptions {
  /** File name used in messages and to find local JSON-LD contexts. */
  file: string;
  /** Base IRI for relative IRIs. */
  baseIri: string;
  /** Force a format; default: extension, else content sniffing. */
  format?: RdfFormat;
  /** Prepended to every blank node label (the store prefixes them per context). */
  blankPrefix?: string;
}

/** All triples of a catalog text (small files, tests, exports read back). */
export async function parseRdfText(text: string, options: ParseOptions): Promise<Triple[]> {
  const out: Triple[] = [];
  await parseRdfTextInto(text, options, (t) => out.push(t));
  return out;
}

/** The triples of a catalog text, one by one into `sink`. */
export async function parseRdfTextInto(text: string, options: ParseOptions, sink: TripleSink): Promise<void> {
  const format = options.format ?? formatFromName(options.file) ?? sniffFormat(text);
  const body = text.replace(/^\uFEFF/, '');
  switch (format) {
    case 'turtle':
    case 'ntriples':
      return parseTurtle(body, options, sink); // N-Triples is a subset of Turtle: one lenient parser for both
    case 'rdfxml':
      return parseRdfXml([body], options, sink);
    case 'jsonld':
      return parseJsonLd(body, options, sink);
  }
}

/** Bytes read from a catalog file at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * The triples of a catalog file, one by one into `sink`, read as a stream (Turtle, N-Triples, RDF/XML; JSON-LD is
 * read whole: jsonld.js has no streaming mode). Errors reading the file are thrown as they are (ENOENT …).
 */
export async function parseRdfFile(file: string, options: ParseOptions, sink: TripleSink): Promise<void> {
  const format = options.format ?? formatFromName(file) ?? sniffFormat(await fileHead(file));
  if (format === 'jsonld') return parseJsonLd((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''), options, sink);
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  if (format === 'rdfxml') {
    try {
      await parseRdfXml(input, options, sink);
    } finally {
      input.destroy();
    }
    return;
  }
  const terms = new TermInterner(options.blankPrefix);
  try {
    await new Promise<void>((resolve, reject) => {
      input.once('error', reject);
      new n3.Parser({ baseIRI: options.baseIri, format: 'Turtle' }).parse(input, (error, quad) => {
        if (error) {
          input.destroy();
          reject(error);
        } else if (quad) sink(terms.triple(quad));
        else resolve();
      });
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code && !(e as N3ParseError).context) throw e;
    throw turtleError(e, () => readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), options);
  }
}

/** The first few KB of a file, for sniffing its format. */
async function fileHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A Turtle / N-Triples / N-Quads text into the sink (n3 hands out each quad: no array of all of them). */
function parseTurtle(text: string, options: ParseOptions, sink: TripleSink, format = 'Turtle'): Promise<void> {
  const terms = new TermInterner(options.blankPrefix);
  return new Promise((resolve, reject) => {
    let done = false;
    // With a callback n3 parses the string in one go, starting in a microtask; an error ends the parse.
    new n3.Parser({ baseIRI: options.baseIri, format }).parse(text, (error, quad) => {
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

/** Where an element starts (its `<`), for messages about the element as a whole. */
interface TagStart {
  line: number;
  column: number;
}

/** What the parent element makes of its child elements (RDF/XML grammar, §7.2). */
type ChildRole =
  /** rdf:RDF, parseType="Collection": any number of node elements */
  | 'nodes'
  /** a node element, parseType="Resource": property elements */
  | 'properties'
  /** a property element: at most one node element */
  | 'object'
  /** parseType="Literal": XML content, not RDF */
  | 'literal';

interface OpenElement {
  readonly name: string;
  readonly children: ChildRole;
  nodeElements: number;
}

/** The parts of rdfxml-streaming-parser's SAX parser (saxes, its own dependency) used here. */
interface Sax {
  /** 1-based line of the next character. */
  readonly line: number;
  /** 0-based column of the next character. */
  readonly column: number;
  on(event: 'error', handler: (e: Error) => void): void;
  write(text: string): void;
  close(): void;
}

/** A start tag as saxes hands it to the RDF/XML parser (namespaces resolved). */
interface SaxesTagNS {
  name: string;
  prefix: string;
  local: string;
  uri: string;
  ns: Record<string, string>;
  isSelfClosing: boolean;
  attributes: Record<string, { name: string; prefix: string; local: string; uri: string; value: string }>;
}

/**
 * rdfxml-streaming-parser fed by hand (its stream interface decodes each byte chunk on its own, which breaks a
 * character split across two chunks), its triples handed straight to the sink, every error a CatalogParseError with
 * a position, plus what it does not check but RDF/XML requires: every element in a namespace, every prefix bound,
 * and at most one node element inside a property element (the DCAT-AP.de reference example breaks that rule).
 * IRIs are taken as written, as the DOM-based parser before it did (`validateUri: false`).
 */
class StrictRdfXmlParser extends RdfXmlParser {
  readonly #file: string;
  readonly #onTriple: (q: N3Quad) => void;
  readonly #open: OpenElement[] = [];

  constructor(options: ParseOptions, onTriple: (q: N3Quad) => void) {
    super({ baseIRI: options.baseIri, trackPosition: true, validateUri: false });
    this.#file = options.file;
    this.#onTriple = onTriple;
    const sax = this.#sax();
    sax.on('error', (e) => {
      // Characters XML 1.0 does not allow (C0 controls in harvested literals) and `]]>` in text: the DOM parser
      // before took them as text, and so does this one (saxes goes on with the character); the store's own RDF/XML
      // replaces them (rdfxml-wellformed.test.ts).
      if (TOLERATED_XML_ERRORS.test(e.message)) return;
      throw this.#xmlError(e);
    });
  }

  #sax(): Sax {
    return (this as unknown as { saxParser: Sax }).saxParser;
  }

  /** Text of the document, in order. */
  feed(text: string): void {
    this.#sax().write(text);
  }

  /** End of the document: checks that every element is closed. */
  finish(): void {
    this.#sax().close();
  }

  override push(quad: unknown): boolean {
    this.#onTriple(quad as N3Quad);
    return true;
  }

  /**
   * An absolute IRI without dot segments is itself: most IRIs of an export (rdf:about, rdf:resource) skip the
   * resolution against the base.
   */
  override valueToUri(value: string, activeTag: Parameters<RdfXmlParser['valueToUri']>[1]): ReturnType<RdfXmlParser['valueToUri']> {
    if (ABSOLUTE_IRI.test(value) && !value.includes('/.') && !value.includes(':.')) return this.uriToNamedNode(value);
    return super.valueToUri(value, activeTag);
  }

  override newParseError(message: string): Error {
    const sax = this.#sax();
    return new CatalogParseError(this.#file, `RDF/XML error: ${message}`, sax.line, sax.column + 1);
  }

  protected override onTag(tag: SaxesTagNS): void {
    this.#checkStructure(tag);
    super.onTag(tag);
  }

  protected override onCloseTag(): void {
    this.#open.pop();
    super.onCloseTag();
  }

  #fail(detail: string, at: TagStart): never {
    throw new CatalogParseError(this.#file, `RDF/XML error: ${detail}`, at.line, at.column);
  }

  /**
   * Where the start tag `<name` that the parser is reading or has just read begins: found back from the parser's
   * position in its current chunk, only when a message needs it (saxes' own start-tag event costs a third of its
   * speed).
   */
  #tagStart(name: string): TagStart {
    const sax = this.#sax() as Sax & { chunk?: string; i?: number };
    const chunk = sax.chunk ?? '';
    const i = Math.min(sax.i ?? 0, chunk.length);
    const at = chunk.lastIndexOf(`<${name}`, i);
    if (at < 0) return { line: sax.line, column: sax.column + 1 };
    let newlines = 0;
    for (let k = chunk.indexOf('\n', at); k >= 0 && k < i; k = chunk.indexOf('\n', k + 1)) newlines++;
    const lineStart = chunk.lastIndexOf('\n', at - 1);
    const column = newlines > 0 || lineStart >= 0 ? at - lineStart : sax.column - (i - at) + 1;
    return { line: sax.line - newlines, column: Math.max(1, column) };
  }

  /** A saxes well-formedness error (`line:column: message`). */
  #xmlError(e: Error): CatalogParseError {
    const m = /^(\d+):(\d+): (.*)$/s.exec(e.message);
    const message = m ? m[3]! : e.message;
    const unbound = /^unbound namespace prefix: "([^"]*)"/.exec(message);
    const sax = this.#sax();
    if (unbound) {
      // saxes' state while it reads a start tag (not in its typings)
      const reading = sax as unknown as { tag?: { name: string }; attribList?: { name: string; prefix?: string }[] };
      const prefix = unbound[1]!;
      const tagName = reading.tag?.name ?? '';
      const attribute = reading.attribList?.find((a) => a.prefix === prefix || a.name.startsWith(`${prefix}:`));
      const detail = tagName.startsWith(`${prefix}:`) || !attribute
        ? `namespace prefix "${prefix}" of <${tagName}> is not declared`
        : `namespace prefix "${prefix}" of attribute ${attribute.name} is not declared`;
      const at = this.#tagStart(tagName);
      return new CatalogParseError(this.#file, `RDF/XML error: ${detail}`, at.line, at.column);
    }
    const line = m ? Number(m[1]) : sax.line;
    const column = m ? Number(m[2]) + 1 : sax.column + 1;
    return new CatalogParseError(this.#file, `RDF/XML error: XML not well-formed (${message.replace(/\.$/, '')})`, line, column);
  }

  #checkStructure(tag: SaxesTagNS): void {
    const parent = this.#open[this.#open.length - 1];
    if (parent?.children === 'literal') {
      this.#open.push({ name: tag.name, children: 'literal', nodeElements: 0 });
      return;
    }
    if (!tag.uri) this.#fail(`element <${tag.name}> has no namespace (missing xmlns declarations?)`, this.#tagStart(tag.name));
    let children: ChildRole;
    if (!parent) children = tag.uri === RDF_NS && tag.local === 'RDF' ? 'nodes' : 'properties';
    else if (parent.children === 'nodes') children = 'properties';
    else if (parent.children === 'object') {
      parent.nodeElements++;
      if (parent.nodeElements > 1) {
        this.#fail(`more than one node element inside property element <${parent.name}> (repeat node-elements inside property elements)`, this.#tagStart(tag.name));
      }
      children = 'properties';
    } else {
      // a property element
      const kind = rdfAttribute(tag, 'parseType');
      children = kind === 'Literal' ? 'literal' : kind === 'Resource' ? 'properties' : kind === 'Collection' ? 'nodes' : 'object';
    }
    this.#open.push({ name: tag.name, children, nodeElements: 0 });
  }
}

/** saxes' messages for what the previous (xmldom) reader let through as text. */
const TOLERATED_XML_ERRORS = /: (?:disallowed character\.|the string "\]\]>" is disallowed in char data\.)$/;

/** A scheme, then the rest (a colon before any slash: what relative-to-absolute-iri takes as absolute). */
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The value of the attribute `rdf:<local>` of an element. */
function rdfAttribute(tag: SaxesTagNS, local: string): string | undefined {
  for (const key in tag.attributes) {
    const a = tag.attributes[key]!;
    if (a.local === local && a.uri === RDF_NS) return a.value;
  }
  return undefined;
}

/** RDF/XML from text chunks (a file stream, or one string) into the sink. */
async function parseRdfXml(chunks: AsyncIterable<string> | Iterable<string>, options: ParseOptions, sink: TripleSink): Promise<void> {
  const terms = new TermInterner(options.blankPrefix);
  const parser = new StrictRdfXmlParser(options, (q) => sink(terms.triple(q)));
  let first = true;
  for await (const chunk of chunks) {
    parser.feed(first ? chunk.replace(/^\uFEFF/, '') : chunk);
    first = false;
  }
  parser.finish();
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

async function parseJsonLd(text: string, options: ParseOptions, sink: TripleSink): Promise<void> {
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
  return parseTurtle(nquads, options, sink, 'N-Quads');
}
