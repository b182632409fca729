/** RDF/XML with rdfxml-streaming-parser (a SAX parser: no document tree), under the structure checks RDF/XML requires. */
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import type { N3Quad } from 'n3';
import { CatalogParseError, RDF_NS, TermInterner } from './common.ts';
import type { ParseOptions, TripleSink } from './common.ts';

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
export async function parseRdfXml(chunks: AsyncIterable<string> | Iterable<string>, options: ParseOptions, sink: TripleSink): Promise<void> {
  const terms = new TermInterner(options.blankPrefix);
  const parser = new StrictRdfXmlParser(options, (q) => sink(terms.triple(q)));
  let first = true;
  for await (const chunk of chunks) {
    parser.feed(first ? chunk.replace(/^\uFEFF/, '') : chunk);
    first = false;
  }
  parser.finish();
}

