/**
 * Reading an entry's metadata: which graph describes a node, picking literals in the UI language, labels of URI
 * values (§4.6), agents. What search rows need; the row values of the landing pages (dates, links, contact points,
 * periods, places) are in read-values.ts. No DOM.
 */
import type { Graph, Term } from '../rdf/graph.ts';
import { termKey } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import { pickLiteral } from '../rdf/literal.ts';
import type { StoreEntry } from '../store/types.ts';
import { toLang, type Lang } from '../i18n/index.ts';
import type { Agent, Text } from './model.ts';
import { decodeSafe } from './formats.ts';
import { clip, htmlText, TEXT_READ_LIMIT } from './text.ts';
import { vocabText } from './vocab.ts';

const SCHEMA_HTTPS = 'https://schema.org/';

/** The names of agents and contacts (EntryStore's `title` field indexes them too). */
const NAME_PROPERTIES = [`${NS.foaf}name`, `${NS.vcard}fn`, `${NS.vcard}organization-name`, `${NS.schema}name`, `${SCHEMA_HTTPS}name`];
/** §9.2 label properties in order, then the agent/contact names. */
export const LABEL_PROPERTIES = [`${NS.rdfs}label`, `${NS.dcterms}title`, `${NS.dc}title`, `${NS.skos}prefLabel`, ...NAME_PROPERTIES];
/** Titles: dcterms:title first (§2.1), then the other label properties. */
export const TITLE_PROPERTIES = [`${NS.dcterms}title`, ...LABEL_PROPERTIES.filter((p) => p !== `${NS.dcterms}title`)];
/** An agent's name first, then its labels. */
const AGENT_NAME_PROPERTIES = [...NAME_PROPERTIES, `${NS.rdfs}label`, `${NS.skos}prefLabel`, `${NS.dcterms}title`];

/** A subject together with the graph that describes it. */
export interface Node {
  readonly graph: Graph;
  readonly term: Term;
}

export class Reader {
  readonly lang: string;
  readonly ui: Lang;

  constructor(
    /** The landing page entry's own metadata graph (holds nested blank nodes and harvested neighbours). */
    readonly own: Graph,
    readonly related: ReadonlyMap<string, StoreEntry>,
    lang: string,
  ) {
    this.lang = lang;
    this.ui = toLang(lang) ?? 'en';
  }

  /**
   * The node for a term: a related entry's metadata when the term is that entry's resource, else the graph it was
   * found in (`within`) when that graph describes it, else the entry's own graph.
   */
  node(term: Term, within?: Graph): Node {
    if (term.termType === 'NamedNode') {
      const entry = this.related.get(term.value);
      if (entry && entry.metadata.predicates(term.value).length > 0) return { graph: entry.metadata, term };
    }
    if (within && within.predicates(term).length > 0) return { graph: within, term };
    return { graph: within && term.termType === 'BlankNode' ? within : this.own, term };
  }

  objects(n: Node, predicate: string): Term[] {
    return n.graph.objects(n.term, predicate);
  }

  /** Objects of several predicates, in predicate order, without duplicates. */
  objectsOf(n: Node, predicates: readonly string[]): Term[] {
    const seen = new Set<string>();
    const out: Term[] = [];
    for (const p of predicates) {
      for (const o of n.graph.objects(n.term, p)) {
        const k = termKey(o);
        if (!seen.has(k)) {
          seen.add(k);
          out.push(o);
        }
      }
    }
    return out;
  }

  /** The best literal of the first predicate that has literals. */
  text(n: Node, predicates: readonly string[]): Text | undefined {
    for (const p of predicates) {
      const lits = n.graph.objects(n.term, p).filter(isLiteral);
      const best = pickLiteral(lits, this.lang);
      if (best && best.value.trim()) return toText(best);
    }
    return undefined;
  }

  /**
   * Label of a URI or blank node without the last-segment fallback (§4.6 order: bundled vocabulary → related
   * entry → the node's own graph → skos:exactMatch to a bundled vocabulary). Literals are their own label.
   */
  label(term: Term, within?: Graph): Text | undefined {
    if (term.termType === 'Literal') return term.value.trim() ? toText(term) : undefined;
    const n = this.node(term, within);
    const known = (t: Term): Text | undefined => (t.termType === 'NamedNode' ? vocabText(t.value, this.lang) : undefined);
    const v = known(term);
    const text = v ? undefined : this.text(n, LABEL_PROPERTIES);
    // No label of its own: a known concept the metadata declares it the same as (a licence `skos:exactMatch` an EU one).
    return v ?? text ?? this.objects(n, `${NS.skos}exactMatch`).map(known).find(Boolean);
  }

  /**
   * Publisher / creator by URI and name, from the related entry or the graph: what result rows show. The landing
   * pages' ValueReader (read-values.ts) adds email and homepage.
   */
  agent(term: Term, within?: Graph): Agent {
    const name = this.text(this.node(term, within), AGENT_NAME_PROPERTIES) ??
      (term.termType === 'NamedNode' ? this.label(term, within) : undefined);
    return {
      ...(term.termType === 'NamedNode' ? { uri: term.value } : {}),
      ...(name ? { name } : {}),
    };
  }
}

export function isLiteral(t: Term): boolean {
  return t.termType === 'Literal';
}

/**
 * A literal as text: the one way literals reach view models. Only its first TEXT_READ_LIMIT characters are kept (a
 * 20 MB literal is read once, cheaply); the blocks cap what they render further (blocks/base/long-text.ts). `max`
 * cuts shorter, with `…`. Code points HTML forbids in text are removed (htmlText).
 */
export function toText(t: Term, max?: number): Text {
  const value = max && t.value.length > max ? `${clip(t.value, max - 1)}…` : clip(t.value, TEXT_READ_LIMIT);
  return { value: htmlText(value), lang: t.language ?? '' };
}

/**
 * §4.6 last resort, when nothing names a URI (no bundled vocabulary, no label in the metadata, no `skos:exactMatch`
 * to a known concept): the code, as written — the decoded last path segment / fragment when the URI is longer than 15
 * characters ("NoCommercialUseWithFees", "2884"), never made into words or prefixed with a scheme name (issue 28: a
 * split local name reads like a label that nobody gave). Two names that are not codes: an RDF document's site
 * instead of its file name ("https://civictech.se/owner.rdf" → "civictech.se") and "OpenAPI" for the API description
 * a store generates (`…/swagger`).
 */
export function uriTail(uri: string): string {
  const trimmed = uri.replace(/[/#]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#'));
  const tail = cut >= 0 ? decodeSafe(trimmed.slice(cut + 1)) : '';
  return htmlText(
    uri.length <= 15 || !tail ? uri
      : /\.(rdf|ttl|owl|xml)$/i.test(tail) ? uri.split('/')[2]!.replace(/^www\./, '')
      : tail == 'swagger' ? 'OpenAPI' : tail,
  );
}
