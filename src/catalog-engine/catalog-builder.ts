/**
 * One catalog's triples grouped by subject as the parser hands them out: the store's entries are made from these
 * groups (catalog.ts), so loading never scans the whole graph per entry and never holds a second copy of it (no list
 * of all triples, no relabelled or re-keyed copies). Per subject: one map lookup (a file states a subject's triples
 * together). The triples of the few predicates that give an untyped object its kind (dcat:distribution …) are listed
 * and read only if some subject has no type.
 */
import type { Term, Triple } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';

const RDF_TYPE = `${NS.rdf}type`;

/** Entry kinds by rank: a subject with types of two kinds is an entry of the earlier one. */
/** What an entry of the dev store is (read from its rdf:type; catalog.ts re-exports it). */
export type EntryKind = 'catalog' | 'series' | 'dataset' | 'dataservice' | 'distribution' | 'agent' | 'contact' | 'file' | 'other';

export const KIND_TYPES: ReadonlyArray<[EntryKind, string[]]> = [
  ['catalog', [`${NS.dcat}Catalog`]],
  ['series', [`${NS.dcat}DatasetSeries`]],
  ['dataset', [`${NS.dcat}Dataset`]],
  ['dataservice', [`${NS.dcat}DataService`]],
  ['distribution', [`${NS.dcat}Distribution`]],
  ['agent', [`${NS.foaf}Agent`, `${NS.foaf}Organization`, `${NS.foaf}Person`]],
  ['contact', [`${NS.vcard}Kind`, `${NS.vcard}Organization`, `${NS.vcard}Individual`, `${NS.vcard}Group`]],
  // EntryScape keeps visualizations (schema:diagram targets), showcases and ideas as entries of their own: the
  // landing page looks them up by resource URI / inverse dcterms:source. Ranked last, so earlier ids do not move.
  ['other', [`${NS.esterms}visualization/Visualization`, `${NS.esterms}Result`, `${NS.esterms}Idea`]],
];
export const KIND_RANK = new Map<EntryKind, number>(KIND_TYPES.map(([k], i) => [k, i]));
/** rdf:type IRI → rank of its kind. */
const TYPE_RANK = new Map<string, number>(KIND_TYPES.flatMap(([, iris], rank) => iris.map((iri): [string, number] => [iri, rank])));
/** Untyped subjects still become entries when something points at them with these predicates (→ rank of the kind). */
const INCOMING_RANK = new Map<string, number>(
  (
    [
      [`${NS.dcterms}publisher`, 'agent'],
      [`${NS.dcterms}creator`, 'agent'],
      [`${NS.dcat}contactPoint`, 'contact'],
      [`${NS.dcat}distribution`, 'distribution'],
      [`${NS.dcat}dataset`, 'dataset'],
      [`${NS.dcat}service`, 'dataservice'],
      [`${NS.dcat}accessService`, 'dataservice'],
      [`${NS.dcat}inSeries`, 'series'],
    ] as const
  ).map(([p, kind]) => [p, KIND_RANK.get(kind)!]),
);

/** The triples of one subject, in document order. */
export interface SubjectGroup {
  /** The subject; a minted blank node's group gets its minted IRI here (see CatalogBuilder.rename). */
  term: Term;
  /** Position of the subject's first triple among the subjects. */
  readonly order: number;
  triples: Triple[];
  /** Rank of the earliest entry kind among its rdf:types; -1 when none. */
  typeRank: number;
  /** Duplicate triples (a file may state one twice) removed: done once, when the group is first read. */
  unique?: boolean;
}

export class CatalogBuilder {
  /** Every subject, in order of its first triple. */
  readonly subjects: SubjectGroup[] = [];
  readonly #iris = new Map<string, SubjectGroup>();
  readonly #blanks = new Map<string, SubjectGroup>();
  /**
   * Triples whose predicate gives its object a kind (INCOMING_RANK). Read when an untyped subject's kind is first
   * asked: keyed by object at load, they were one more insert into a map of every dataset and distribution IRI.
   */
  #incomingTriples: Triple[] = [];
  /** Kind ranks (as bits) that incoming predicates give an untyped subject (made from #incomingTriples when asked). */
  #incoming: Map<SubjectGroup, number> | undefined;
  /** Triples added. */
  size = 0;
  /** The group of the previous triple's subject (a file states a subject's triples together: one lookup for them). */
  #last: SubjectGroup | undefined;

  /** Adds one triple (the parser's sink). */
  readonly add = (t: Triple): void => {
    this.size++;
    const s = t.subject;
    let group = this.#last;
    if (group?.term !== s) {
      const map = s.termType === 'BlankNode' ? this.#blanks : this.#iris;
      group = map.get(s.value);
      if (!group) {
        group = { term: s, order: this.subjects.length, triples: [], typeRank: -1 };
        map.set(s.value, group);
        this.subjects.push(group);
        this.#incoming = undefined;
      }
      this.#last = group;
    }
    group.triples.push(t);
    const o = t.object;
    if (o.termType !== 'NamedNode' && o.termType !== 'BlankNode') return;
    if (t.predicate === RDF_TYPE && o.termType === 'NamedNode') {
      const rank = TYPE_RANK.get(o.value);
      if (rank !== undefined && (group.typeRank < 0 || rank < group.typeRank)) group.typeRank = rank;
    }
    if (INCOMING_RANK.has(t.predicate)) {
      this.#incomingTriples.push(t);
      this.#incoming = undefined;
    }
  };

  /** The group of a subject (an IRI or blank node), if it has triples. */
  group(term: Term): SubjectGroup | undefined {
    if (term.termType === 'BlankNode') return this.#blanks.get(term.value);
    return term.termType === 'NamedNode' ? this.#iris.get(term.value) : undefined;
  }

  /** Rank of the subject's entry kind: its types first, else what points at it; -1 when neither says. */
  kindRank(group: SubjectGroup): number {
    if (group.typeRank >= 0) return group.typeRank;
    const bits = this.#incomingRanks().get(group);
    return bits ? 31 - Math.clz32(bits & -bits) : -1;
  }

  /** Untyped subject → kind ranks (as bits) that incoming predicates give it. */
  #incomingRanks(): Map<SubjectGroup, number> {
    if (this.#incoming) return this.#incoming;
    const ranks = new Map<SubjectGroup, number>();
    for (const t of this.#incomingTriples) {
      const target = this.group(t.object);
      if (!target || target.typeRank >= 0) continue; // typed: its types say its kind
      ranks.set(target, (ranks.get(target) ?? 0) | (1 << INCOMING_RANK.get(t.predicate)!));
    }
    return (this.#incoming = ranks);
  }

  /**
   * Gives blank nodes their minted IRIs: their groups are found under the IRI from now on, and every triple naming
   * one of them (as subject or object) is replaced by one naming the IRI. One pass over the triples, only when a
   * catalog has blank-node datasets (or catalogs, series, services, distributions).
   */
  rename(minted: ReadonlyMap<SubjectGroup, Term>): void {
    if (minted.size === 0) return;
    this.#incomingRanks(); // keyed by group: still right once blank nodes are found under their IRIs
    const byLabel = new Map<string, Term>();
    for (const [group, iri] of minted) {
      byLabel.set(group.term.value, iri);
      this.#blanks.delete(group.term.value);
      group.term = iri;
      const existing = this.#iris.get(iri.value);
      if (existing) {
        // an IRI subject of the file already has this IRI: one group, as one graph would have it
        existing.triples.push(...group.triples);
        existing.unique = false;
        group.triples = [];
      } else this.#iris.set(iri.value, group);
    }
    const swap = (t: Term): Term => (t.termType === 'BlankNode' ? (byLabel.get(t.value) ?? t) : t);
    for (const group of this.subjects) {
      const list = group.triples;
      for (let i = 0; i < list.length; i++) {
        const t = list[i]!;
        if (t.subject.termType !== 'BlankNode' && t.object.termType !== 'BlankNode') continue;
        const subject = swap(t.subject);
        const object = swap(t.object);
        if (subject !== t.subject || object !== t.object) list[i] = { subject, predicate: t.predicate, object };
      }
    }
  }

  /** The group's triples without repeats (RDF graphs are sets). */
  triplesOf(group: SubjectGroup): Triple[] {
    if (!group.unique) {
      group.triples = withoutRepeats(group.triples);
      group.unique = true;
    }
    return group.triples;
  }
}

function sameTerm(a: Term, b: Term): boolean {
  return a === b || (a.termType === b.termType && a.value === b.value && a.language === b.language && a.datatype === b.datatype);
}

/** Short lists compared pairwise (no key strings), long ones (a catalog's 50,000 dcat:dataset) through a set. */
function withoutRepeats(list: Triple[]): Triple[] {
  if (list.length <= 32) {
    let out: Triple[] | undefined;
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      let repeat = false;
      for (let j = 0; j < i && !repeat; j++) {
        const u = list[j]!;
        repeat = u.predicate === t.predicate && sameTerm(u.object, t.object) && sameTerm(u.subject, t.subject);
      }
      if (repeat) out ??= list.slice(0, i);
      else out?.push(t);
    }
    return out ?? list;
  }
  const seen = new Set<string>();
  const out: Triple[] = [];
  for (const t of list) {
    const o = t.object;
    const key = `${t.predicate}\u0000${o.termType}\u0000${o.value}\u0000${o.language ?? ''}\u0000${o.datatype ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out.length === list.length ? list : out;
}
