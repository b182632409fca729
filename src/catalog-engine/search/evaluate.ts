/**
 * Evaluates a parsed Lucene query against the index → the matching docs (a bitmap) and, on demand, a score per doc.
 * Score = sum of the boosts (default 1) of the matched positive clauses — no tf-idf; with the default sort
 * `score desc, modified desc` it ranks entries matching more query terms first, ties by modified date.
 * Pure negative groups (`(NOT a)`) match everything but `a` at any depth (Solr does this at top level).
 *
 * Sets are bitmaps built from posting lists, so `public:true AND rdfType:X AND facet:v` costs words, not docs.
 * Scores are only computed for the docs a sort by score asks for: a bool node keeps its clauses' matches and adds
 * their scores in the order the map-based evaluator did (required clauses smallest first, then the optional
 * ones), so sums of fractional boosts round the same way.
 */
import { andInto, andNotInto, count, emptyBits, has, orDocs, orInto } from './bits.ts';
import type { Bits } from './bits.ts';
import { fieldKind, ngramMatches, parseSolrDate, textTokens, wildcardSource } from './fields.ts';
import type { FieldKind } from './fields.ts';
import { postingDocs } from './index.ts';
import type { PostingKind, SearchIndex } from './index.ts';
import type { QueryNode } from './lucene.ts';

export class UnknownFieldError extends Error {}

/** Ngram term clauses whose docs are kept (oldest dropped first). */
const TERM_CACHE_SIZE = 512;

export interface Matched {
  /** The matching docs. Never modified once returned (it may be a cached bitmap of the index): combine copies. */
  readonly bits: Bits;
  /** Score of a doc in `bits`. */
  score(doc: number): number;
}

export function evaluate(index: SearchIndex, node: QueryNode, now = Date.now()): Matched {
  return new Evaluator(index, now).eval(node);
}

function constant(bits: Bits, boost: number): Matched {
  return { bits, score: () => boost };
}

/**
 * The text a wildcard term must contain once its leading and trailing `*` are dropped, when that is plain text
 * (undefined when a `?` or an inner `*` remains).
 */
function literalCore(parts: readonly { text: string; wild: boolean }[]): string | undefined {
  let from = 0;
  let to = parts.length;
  while (from < to && parts[from]!.wild && /^\*+$/.test(parts[from]!.text)) from++;
  while (to > from && parts[to - 1]!.wild && /^\*+$/.test(parts[to - 1]!.text)) to--;
  const inner = parts.slice(from, to);
  return inner.some((p) => p.wild) ? undefined : inner.map((p) => p.text).join('');
}

class Evaluator {
  constructor(
    readonly index: SearchIndex,
    readonly now: number,
  ) {}

  eval(node: QueryNode): Matched {
    switch (node.type) {
      case 'all':
        return constant(this.index.liveBits(), node.boost);
      case 'bool':
        return this.#bool(node);
      case 'term':
        return constant(this.#term(node), node.boost);
      case 'range':
        return constant(this.#range(node), node.boost);
    }
  }

  #bool(node: QueryNode & { type: 'bool' }): Matched {
    const must = node.clauses.filter((c) => c.occur === 'must').map((c) => this.eval(c.node));
    const should = node.clauses.filter((c) => c.occur === 'should').map((c) => this.eval(c.node));
    const not = node.clauses.filter((c) => c.occur === 'not').map((c) => this.eval(c.node));
    let bits: Bits;
    let sized: { m: Matched; n: number }[] = [];
    if (must.length > 0) {
      sized = must.map((m) => ({ m, n: count(m.bits) })).sort((a, b) => a.n - b.n); // stable, as the map version
      bits = sized[0]!.m.bits.slice();
      for (const { m } of sized.slice(1)) andInto(bits, m.bits);
    } else if (should.length > 0) {
      bits = should[0]!.bits.slice();
      for (const sh of should.slice(1)) orInto(bits, sh.bits);
    } else {
      bits = this.index.liveBits().slice();
    }
    for (const n of not) andNotInto(bits, n.bits);
    const required = sized.map((s) => s.m);
    const boost = node.boost;
    const score = (doc: number): number => {
      let sum: number | undefined;
      for (const m of required) sum = sum === undefined ? m.score(doc) : sum + m.score(doc);
      for (const sh of should) if (has(sh.bits, doc)) sum = sum === undefined ? sh.score(doc) : sum + sh.score(doc);
      const s = sum ?? 0;
      return boost !== 1 ? s * boost : s;
    };
    return { bits, score };
  }

  #kind(field: string): FieldKind {
    const kind = fieldKind(field);
    if (!kind) throw new UnknownFieldError(`undefined field ${field}`);
    return kind;
  }

  #term(node: QueryNode & { type: 'term' }): Bits {
    const { field, value } = node;
    const kind = this.#kind(field);
    // `field:*` = has any value (Solr turns a lone * into an exists query).
    if (node.wildcard && value === '*') return this.index.fieldBits(field);
    const exact = (v: string): Bits => this.index.postingBits('exact', field, v, true);
    switch (kind) {
      case 'string':
      case 'collation':
        if (node.wildcard) return this.#scan('exact', field, new RegExp(`^${wildcardSource(node.parts)}$`, 's'));
        return exact(value);
      case 'boolean':
        return exact(value.toLowerCase() === 'true' ? 'true' : 'false');
      case 'date': {
        const ms = parseSolrDate(value, this.now);
        if (ms === undefined) throw new UnknownFieldError(`invalid date ${value}`);
        return exact(String(ms));
      }
      case 'long': {
        if (!/^[+-]?\d+$/.test(value)) throw new UnknownFieldError(`invalid number ${value}`);
        return exact(String(parseInt(value, 10)));
      }
      case 'ngram':
        return this.#ngram(field, node);
      case 'text':
        return this.#text(field, node);
    }
  }

  /** Union of the posting lists whose value passes `test`. */
  #scanValues(kind: PostingKind, field: string, test: (v: string) => boolean): Bits {
    const out = emptyBits(this.index.capacity);
    for (const [v, docs] of this.index.postings(kind, field) ?? []) {
      if (test(v)) orDocs(out, docs);
    }
    return out;
  }

  #scan(kind: PostingKind, field: string, re: RegExp): Bits {
    return this.#scanValues(kind, field, (v) => re.test(v));
  }

  #ngram(field: string, node: QueryNode & { type: 'term' }): Bits {
    const key = `${field}\u0000${node.phrase ? 'p' : 't'}\u0000${JSON.stringify(node.parts)}`;
    const cache = this.index.termCache;
    let bits = cache.get(key);
    if (!bits) {
      if (cache.size >= TERM_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, (bits = this.#ngramScan(field, node)));
    }
    return bits;
  }

  #ngramScan(field: string, node: QueryNode & { type: 'term' }): Bits {
    if (node.phrase) {
      const phrase = node.value.toLowerCase().trim().replace(/\s+/g, ' ');
      return this.#scanValues('ngram', field, (v) => phrase.length >= 3 && v.replace(/\s+/g, ' ').includes(phrase));
    }
    if (node.wildcard) {
      // A gram matching the pattern exists ⇔ (roughly) the value contains the pattern's core.
      const lowered = node.parts.map((p) => ({ ...p, text: p.text.toLowerCase() }));
      const core = literalCore(lowered);
      // a literal core without whitespace lies inside one chunk of the value
      if (core !== undefined && core !== '' && !/\s/.test(core)) return this.#scanValues('chunks', field, (c) => c.includes(core));
      const re = new RegExp(wildcardSource(lowered).replace(/^(?:\.\*)+|(?:\.\*)+$/g, ''), 's');
      return this.#scanValues('ngram', field, (v) => re.test(v));
    }
    const tokens = node.value.toLowerCase().split(/\s+/).filter(Boolean);
    return this.#scanValues('chunks', field, (c) => tokens.some((tok) => ngramMatches(c, tok)));
  }

  #text(field: string, node: QueryNode & { type: 'term' }): Bits {
    const capacity = this.index.capacity;
    const postings = this.index.postings('text', field);
    if (!postings) return emptyBits(capacity);
    if (node.wildcard) {
      const re = new RegExp(`^${wildcardSource(node.parts.map((p) => ({ ...p, text: p.text.toLowerCase() })))}$`, 's');
      return this.#scan('text', field, re);
    }
    const tokens = textTokens(node.value);
    if (tokens.length === 0) return emptyBits(capacity);
    if (!node.phrase || tokens.length === 1) {
      if (tokens.length === 1) return this.index.postingBits('text', field, tokens[0]!, true);
      const out = emptyBits(capacity);
      for (const tok of tokens) orInto(out, this.index.postingBits('text', field, tok, true));
      return out;
    }
    // Phrase: all tokens, consecutive, inside one value.
    const candidates = this.index.postingBits('text', field, tokens[0]!, false);
    for (const tok of tokens.slice(1)) andInto(candidates, this.index.postingBits('text', field, tok, true));
    const out = emptyBits(capacity);
    for (const d of postingDocs(postings.get(tokens[0]!) ?? [])) {
      if (!has(candidates, d)) continue;
      const values = this.index.fieldsOf(d).get(field) ?? [];
      if (values.some((v) => {
        const list = textTokens(v);
        return list.some((_, k) => tokens.every((t, j) => list[k + j] === t));
      })) out[d >>> 5]! |= 1 << (d & 31);
    }
    return out;
  }

  #range(node: QueryNode & { type: 'range' }): Bits {
    const kind = this.#kind(node.field);
    if (node.lower === null && node.upper === null) return this.index.fieldBits(node.field);
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
    return this.#scanValues(kind === 'ngram' ? 'ngram' : kind === 'text' ? 'text' : 'exact', node.field, cmp);
  }
}
