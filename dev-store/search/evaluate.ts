/**
 * Evaluates a parsed Lucene query against the index → matching doc ids with a score.
 * Score = sum of the boosts (default 1) of the matched positive clauses — no tf-idf; with the default sort
 * `score desc, modified desc` it ranks entries matching more query terms first, ties by modified date.
 * Pure negative groups (`(NOT a)`) match everything but `a` at any depth (Solr does this at top level).
 */
import { fieldKind, ngramMatches, parseSolrDate, textTokens, wildcardSource } from './fields.ts';
import type { FieldKind } from './fields.ts';
import type { SearchIndex } from './index.ts';
import type { QueryNode } from './lucene.ts';

export class UnknownFieldError extends Error {}

type Hits = Map<number, number>;

export function evaluate(index: SearchIndex, node: QueryNode, now = Date.now()): Hits {
  return new Evaluator(index, now).eval(node);
}

class Evaluator {
  constructor(
    readonly index: SearchIndex,
    readonly now: number,
  ) {}

  eval(node: QueryNode): Hits {
    switch (node.type) {
      case 'all':
        return this.#fromSet(this.index.allDocs(), node.boost);
      case 'bool':
        return this.#bool(node);
      case 'term':
        return this.#fromSet(this.#term(node), node.boost);
      case 'range':
        return this.#fromSet(this.#range(node), node.boost);
    }
  }

  #fromSet(docs: Iterable<number>, score: number): Hits {
    const out: Hits = new Map();
    for (const d of docs) out.set(d, score);
    return out;
  }

  #bool(node: QueryNode & { type: 'bool' }): Hits {
    const must = node.clauses.filter((c) => c.occur === 'must').map((c) => this.eval(c.node));
    const should = node.clauses.filter((c) => c.occur === 'should').map((c) => this.eval(c.node));
    const not = node.clauses.filter((c) => c.occur === 'not').map((c) => this.eval(c.node));
    let out: Hits;
    if (must.length > 0) {
      must.sort((a, b) => a.size - b.size);
      out = new Map(must[0]);
      for (const m of must.slice(1)) {
        for (const [d, sc] of out) {
          const other = m.get(d);
          if (other === undefined) out.delete(d);
          else out.set(d, sc + other);
        }
      }
      for (const sh of should) for (const [d, sc] of sh) if (out.has(d)) out.set(d, out.get(d)! + sc);
    } else if (should.length > 0) {
      out = new Map();
      for (const sh of should) for (const [d, sc] of sh) out.set(d, (out.get(d) ?? 0) + sc);
    } else {
      out = this.#fromSet(this.index.allDocs(), 0);
    }
    for (const n of not) for (const d of n.keys()) out.delete(d);
    if (node.boost !== 1) for (const [d, sc] of out) out.set(d, sc * node.boost);
    return out;
  }

  #kind(field: string): FieldKind {
    const kind = fieldKind(field);
    if (!kind) throw new UnknownFieldError(`undefined field ${field}`);
    return kind;
  }

  #term(node: QueryNode & { type: 'term' }): Set<number> {
    const { field, value } = node;
    const kind = this.#kind(field);
    // `field:*` = has any value (Solr turns a lone * into an exists query).
    if (node.wildcard && value === '*') return new Set(this.index.fieldDocs.get(field) ?? []);
    switch (kind) {
      case 'string':
      case 'collation':
        if (node.wildcard) return this.#scanExact(field, new RegExp(`^${wildcardSource(node.parts)}$`, 's'));
        return new Set(this.index.exact.get(field)?.get(value) ?? []);
      case 'boolean':
        return new Set(this.index.exact.get(field)?.get(value.toLowerCase() === 'true' ? 'true' : 'false') ?? []);
      case 'date': {
        const ms = parseSolrDate(value, this.now);
        if (ms === undefined) throw new UnknownFieldError(`invalid date ${value}`);
        return new Set(this.index.exact.get(field)?.get(String(ms)) ?? []);
      }
      case 'long': {
        if (!/^[+-]?\d+$/.test(value)) throw new UnknownFieldError(`invalid number ${value}`);
        return new Set(this.index.exact.get(field)?.get(String(parseInt(value, 10))) ?? []);
      }
      case 'ngram':
        return this.#ngram(field, node);
      case 'text':
        return this.#text(field, node);
    }
  }

  #scanExact(field: string, re: RegExp): Set<number> {
    const out = new Set<number>();
    for (const [v, docs] of this.index.exact.get(field) ?? []) if (re.test(v)) for (const d of docs) out.add(d);
    return out;
  }

  #ngram(field: string, node: QueryNode & { type: 'term' }): Set<number> {
    const values = this.index.ngram.get(field);
    const out = new Set<number>();
    if (!values) return out;
    let tests: ((v: string) => boolean)[];
    if (node.phrase) {
      const phrase = node.value.toLowerCase().trim().replace(/\s+/g, ' ');
      tests = [(v) => phrase.length >= 3 && v.replace(/\s+/g, ' ').includes(phrase)];
    } else if (node.wildcard) {
      // A gram matching the pattern exists ⇔ (roughly) the value contains the pattern's core.
      const src = wildcardSource(node.parts.map((p) => ({ ...p, text: p.text.toLowerCase() }))).replace(/^(?:\.\*)+|(?:\.\*)+$/g, '');
      const re = new RegExp(src, 's');
      tests = [(v) => re.test(v)];
    } else {
      tests = node.value.toLowerCase().split(/\s+/).filter(Boolean).map((tok) => (v: string) => ngramMatches(v, tok));
    }
    for (const [v, docs] of values) if (tests.some((t) => t(v))) for (const d of docs) out.add(d);
    return out;
  }

  #text(field: string, node: QueryNode & { type: 'term' }): Set<number> {
    const postings = this.index.text.get(field);
    const out = new Set<number>();
    if (!postings) return out;
    if (node.wildcard) {
      const re = new RegExp(`^${wildcardSource(node.parts.map((p) => ({ ...p, text: p.text.toLowerCase() })))}$`, 's');
      for (const [tok, docs] of postings) if (re.test(tok)) for (const d of docs) out.add(d);
      return out;
    }
    const tokens = textTokens(node.value);
    if (tokens.length === 0) return out;
    if (!node.phrase || tokens.length === 1) {
      for (const tok of tokens) for (const d of postings.get(tok) ?? []) out.add(d);
      return out;
    }
    // Phrase: all tokens, consecutive, inside one value.
    let candidates = new Set(postings.get(tokens[0]!) ?? []);
    for (const tok of tokens.slice(1)) {
      const docs = postings.get(tok);
      candidates = new Set([...candidates].filter((d) => docs?.has(d)));
    }
    for (const d of candidates) {
      const lists = this.index.docs[d]?.tokens.get(field) ?? [];
      if (lists.some((list) => list.some((_, k) => tokens.every((t, j) => list[k + j] === t)))) out.add(d);
    }
    return out;
  }

  #range(node: QueryNode & { type: 'range' }): Set<number> {
    const kind = this.#kind(node.field);
    if (node.lower === null && node.upper === null) return new Set(this.index.fieldDocs.get(node.field) ?? []);
    let cmp: (v: string) => boolean;
    if (kind === 'date' || kind === 'long') {
      const conv = (b: string | null): number | undefined => {
        if (b === null) return undefined;
        const n = kind === 'date' ? parseSolrDate(b, this.now) : /^[+-]?\d+$/.test(b) ? Number(b) : undefined;
        if (n === undefined) throw new UnknownFieldError(`invalid range bound ${b}`);
        return n;
      };
      const lo = conv(node.lower);
      const hi = conv(node.upper);
      cmp = (v) => {
        const n = Number(v);
        return (lo === undefined || (node.includeLower ? n >= lo : n > lo)) && (hi === undefined || (node.includeUpper ? n <= hi : n < hi));
      };
    } else {
      const lower = node.lower;
      const upper = node.upper;
      cmp = (v) => (lower === null || (node.includeLower ? v >= lower : v > lower)) && (upper === null || (node.includeUpper ? v <= upper : v < upper));
    }
    const source = kind === 'ngram' ? this.index.ngram : kind === 'text' ? this.index.text : this.index.exact;
    const out = new Set<number>();
    for (const [v, docs] of source.get(node.field) ?? []) if (cmp(v)) for (const d of docs) out.add(d);
    return out;
  }
}
