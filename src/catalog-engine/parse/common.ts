/**
 * What every catalog parser shares: the error with a position, the formats and how one is recognised, and the
 * conversion of a parser's terms into ours (one object per distinct IRI of a parse). Browser-safe: the dev store
 * (Node, files read as streams) and the file store (a Web Worker, a fetched text) parse with the same code.
 */
import type { Term, Triple } from '../../rdf/graph.ts';
import type { JsonLdRemoteDocument } from 'jsonld';
import type { N3Quad, N3Term } from 'n3';

/** Receives each triple of a parse, in document order. */
export type TripleSink = (triple: Triple) => void;

export type RdfFormat = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';
export const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

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

/** Format from the file name or URL path's extension; undefined when the extension says nothing. */
export function formatFromName(file: string): RdfFormat | undefined {
  const ext = /(\.[^./\\?#]*)(?:[?#].*)?$/.exec(file)?.[1]?.toLowerCase();
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

export function literalTerm(value: string, language: string | undefined, datatype: string | undefined, intern = (s: string) => s): Term {
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
export class TermInterner {
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
  /** Reads a remote JSON-LD `@context` (default: none is read, the parse fails naming it). */
  loadContext?: (url: string) => Promise<JsonLdRemoteDocument>;
}

