/**
 * A small indexed RDF graph. It is what every block reads from: EntryStore answers in RDF/JSON,
 * which `readRdfJson` turns into a Graph without loading rdflib (kept out of the initial bundle).
 */
export type TermType = 'NamedNode' | 'BlankNode' | 'Literal';

export interface Term {
  readonly termType: TermType;
  /** IRI, blank node label (without `_:`), or lexical form. */
  readonly value: string;
  /** Language tag of a literal, lower-cased as written ('' when untagged). */
  readonly language?: string;
  /** Datatype IRI of a literal (absent for plain / language-tagged strings). */
  readonly datatype?: string;
}

export interface Triple {
  readonly subject: Term;
  readonly predicate: string;
  readonly object: Term;
}

export const namedNode = (value: string): Term => ({ termType: 'NamedNode', value });
export const blankNode = (value: string): Term => ({ termType: 'BlankNode', value });
// (one object literal per shape, no spreads: a search answer's metadata is thousands of literals)
export const literal = (value: string, { language, datatype }: { language?: string; datatype?: string } = {}): Term =>
  language
    ? datatype ? { termType: 'Literal', value, language, datatype } : { termType: 'Literal', value, language }
    : datatype ? { termType: 'Literal', value, datatype } : { termType: 'Literal', value };

/** Key of a subject term inside the index: IRIs as is, blank nodes as `_:label`. */
export function termKey(t: Term): string {
  if (t.termType === 'BlankNode') return `_:${t.value}`;
  if (t.termType === 'Literal') return `"${t.value}"@${t.language ?? ''}^^${t.datatype ?? ''}`;
  return t.value;
}

export class Graph {
  #bySubject = new Map<string, Map<string, Term[]>>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  add(subject: Term, predicate: string, object: Term): void {
    const sk = termKey(subject);
    let preds = this.#bySubject.get(sk);
    if (!preds) this.#bySubject.set(sk, (preds = new Map()));
    let objs = preds.get(predicate);
    if (!objs) preds.set(predicate, (objs = []));
    // (values first: unequal strings differ in length or early, so no key is built for most)
    if (objs.some((o) => o.value === object.value && termKey(o) === termKey(object))) return;
    objs.push(object);
    this.#size++;
  }

  /** Adds every triple of another graph (used to merge an entry's metadata with related entries). */
  addAll(other: Graph): void {
    for (const t of other.triples()) this.add(t.subject, t.predicate, t.object);
  }

  /** Objects of `subject predicate ?o`. Subject may be an IRI string or a Term. */
  objects(subject: Term | string, predicate: string): Term[] {
    const sk = typeof subject === 'string' ? subject : termKey(subject);
    return this.#bySubject.get(sk)?.get(predicate) ?? [];
  }

  /** First object of `subject predicate ?o`, if any. */
  object(subject: Term | string, predicate: string): Term | undefined {
    return this.objects(subject, predicate)[0];
  }

  /** Predicates used with this subject. */
  predicates(subject: Term | string): string[] {
    const sk = typeof subject === 'string' ? subject : termKey(subject);
    return [...(this.#bySubject.get(sk)?.keys() ?? [])];
  }

  has(subject: Term | string, predicate: string, object?: Term | string): boolean {
    const objs = this.objects(subject, predicate);
    if (object === undefined) return objs.length > 0;
    const ok = typeof object === 'string' ? object : termKey(object);
    return objs.some((o) => termKey(o) === ok);
  }

  *triples(): IterableIterator<Triple> {
    for (const [sk, preds] of this.#bySubject) {
      const subject = sk.startsWith('_:') ? blankNode(sk.slice(2)) : namedNode(sk);
      for (const [predicate, objs] of preds) for (const object of objs) yield { subject, predicate, object };
    }
  }
}

/** Subjects of `?s predicate object`: a scan (the blocks never ask this, so no object index is kept for it). */
export function subjectsOf(graph: Graph, predicate: string, object: Term | string): Term[] {
  const ok = typeof object === 'string' ? object : termKey(object);
  return [...graph.triples()].filter((t) => t.predicate === predicate && termKey(t.object) === ok).map((t) => t.subject);
}

/** Subjects having `rdf:type` = the given class IRI. */
export const subjectsOfType = (graph: Graph, classIri: string): Term[] => subjectsOf(graph, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type', classIri);
