/**
 * The dev store's search as it was before the index (issue 13.13), kept as a brute-force oracle: every query node is
 * evaluated by reading each document's stored fields (no posting lists, no bitmaps, no cached orders), scores are
 * summed in maps, all hits are sorted with the comparator and facets are counted doc by doc. The indexed search must
 * answer exactly like this.
 */
import { fieldKind, ngramMatches, parseSolrDate, solrDateString, textTokens, wildcardSource } from '../../src/catalog-engine/search/fields.ts';
import type { DocFields } from '../../src/catalog-engine/search/document.ts';
import type { SearchIndex } from '../../src/catalog-engine/search/index.ts';
import { parseLucene } from '../../src/catalog-engine/search/lucene.ts';
import type { QueryNode } from '../../src/catalog-engine/search/lucene.ts';
import { parseSort } from '../../src/catalog-engine/search/search.ts';

type Hits = Map<number, number>;

/** A document as the old index kept it: id + every field's values (rebuilt from the entry). */
interface IndexedDoc {
  readonly id: number;
  readonly fields: DocFields;
}

const docsCache = new WeakMap<SearchIndex, { generation: number; docs: IndexedDoc[] }>();
function liveDocs(index: SearchIndex): IndexedDoc[] {
  const cached = docsCache.get(index);
  if (cached?.generation === index.generation) return cached.docs;
  const docs = index.docs.filter((d) => d !== undefined).map((d) => ({ id: d.id, fields: index.fieldsOf(d.id) }));
  docsCache.set(index, { generation: index.generation, docs });
  return docs;
}

function valuesOf(doc: IndexedDoc, field: string): readonly string[] {
  return doc.fields.get(field) ?? [];
}

function termMatches(doc: IndexedDoc, node: QueryNode & { type: 'term' }, now: number): boolean {
  const { field, value } = node;
  const kind = fieldKind(field);
  if (!kind) throw new Error(`undefined field ${field}`);
  const values = valuesOf(doc, field);
  if (node.wildcard && value === '*') return doc.fields.get(field) !== undefined;
  switch (kind) {
    case 'string':
    case 'collation':
      if (node.wildcard) {
        const re = new RegExp(`^${wildcardSource(node.parts)}$`, 's');
        return values.some((v) => re.test(v));
      }
      return values.includes(value);
    case 'boolean':
      return values.includes(value.toLowerCase() === 'true' ? 'true' : 'false');
    case 'date':
      return values.includes(String(parseSolrDate(value, now)));
    case 'long':
      return values.includes(String(parseInt(value, 10)));
    case 'ngram': {
      const lower = values.map((v) => v.toLowerCase());
      if (node.phrase) {
        const phrase = value.toLowerCase().trim().replace(/\s+/g, ' ');
        return lower.some((v) => phrase.length >= 3 && v.replace(/\s+/g, ' ').includes(phrase));
      }
      if (node.wildcard) {
        const src = wildcardSource(node.parts.map((p) => ({ ...p, text: p.text.toLowerCase() }))).replace(/^(?:\.\*)+|(?:\.\*)+$/g, '');
        const re = new RegExp(src, 's');
        return lower.some((v) => re.test(v));
      }
      const tokens = value.toLowerCase().split(/\s+/).filter(Boolean);
      return lower.some((v) => tokens.some((t) => ngramMatches(v, t)));
    }
    case 'text': {
      const lists = values.map(textTokens);
      if (node.wildcard) {
        const re = new RegExp(`^${wildcardSource(node.parts.map((p) => ({ ...p, text: p.text.toLowerCase() })))}$`, 's');
        return lists.some((l) => l.some((t) => re.test(t)));
      }
      const tokens = textTokens(value);
      if (tokens.length === 0) return false;
      if (!node.phrase || tokens.length === 1) return lists.some((l) => l.some((t) => tokens.includes(t)));
      return lists.some((list) => list.some((_, k) => tokens.every((t, j) => list[k + j] === t)));
    }
  }
}

function rangeMatches(doc: IndexedDoc, node: QueryNode & { type: 'range' }, now: number): boolean {
  const kind = fieldKind(node.field)!;
  if (node.lower === null && node.upper === null) return doc.fields.get(node.field) !== undefined;
  const raw = valuesOf(doc, node.field);
  const values = kind === 'ngram' ? raw.map((v) => v.toLowerCase()) : kind === 'text' ? raw.flatMap(textTokens) : raw;
  if (kind === 'date' || kind === 'long') {
    const conv = (b: string | null) => (b === null ? undefined : kind === 'date' ? parseSolrDate(b, now)! : Number(b));
    const lo = conv(node.lower);
    const hi = conv(node.upper);
    return values.some((v) => {
      const n = Number(v);
      return (lo === undefined || (node.includeLower ? n >= lo : n > lo)) && (hi === undefined || (node.includeUpper ? n <= hi : n < hi));
    });
  }
  const { lower, upper } = node;
  return values.some((v) => (lower === null || (node.includeLower ? v >= lower : v > lower)) && (upper === null || (node.includeUpper ? v <= upper : v < upper)));
}

function evaluate(index: SearchIndex, node: QueryNode, now: number): Hits {
  const docs = liveDocs(index);
  const fromTest = (test: (d: IndexedDoc) => boolean, score: number): Hits => new Map(docs.filter(test).map((d) => [d.id, score]));
  switch (node.type) {
    case 'all':
      return fromTest(() => true, node.boost);
    case 'term':
      return fromTest((d) => termMatches(d, node, now), node.boost);
    case 'range':
      return fromTest((d) => rangeMatches(d, node, now), node.boost);
    case 'bool': {
      const must = node.clauses.filter((c) => c.occur === 'must').map((c) => evaluate(index, c.node, now));
      const should = node.clauses.filter((c) => c.occur === 'should').map((c) => evaluate(index, c.node, now));
      const not = node.clauses.filter((c) => c.occur === 'not').map((c) => evaluate(index, c.node, now));
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
      } else out = fromTest(() => true, 0);
      for (const n of not) for (const d of n.keys()) out.delete(d);
      if (node.boost !== 1) for (const [d, sc] of out) out.set(d, sc * node.boost);
      return out;
    }
  }
}

function sortValue(doc: IndexedDoc, field: string, desc: boolean, scores: Hits): string | number | undefined {
  if (field === 'score') return scores.get(doc.id) ?? 0;
  if (field.startsWith('title_sort.')) return doc.fields.get(`title.${field.slice(11)}`)?.[0]?.slice(0, 50);
  const values = doc.fields.get(field);
  if (!values || values.length === 0) return undefined;
  const kind = fieldKind(field);
  if (kind === 'date' || kind === 'long') {
    const nums = values.map(Number);
    return desc ? Math.max(...nums) : Math.min(...nums);
  }
  return values.reduce((a, b) => ((desc ? b > a : b < a) ? b : a));
}

function collator(lang: string): Intl.Collator {
  const primary = lang.split('-')[0]!.toLowerCase();
  return new Intl.Collator(['en', 'de', 'sv'].includes(primary) ? primary : 'und', { sensitivity: 'base', numeric: true });
}

function facetValues(doc: IndexedDoc, field: string): readonly string[] {
  const kind = fieldKind(field);
  if (kind === 'collation') return doc.fields.get(`title.${field.slice(11)}`)?.slice(0, 1) ?? [];
  const values = valuesOf(doc, field);
  if (kind === 'date') return values.map((v) => solrDateString(Number(v)));
  if (kind === 'text') return values.flatMap(textTokens);
  if (kind === 'ngram') return values.map((v) => v.toLowerCase());
  return values;
}

export interface ReferenceAnswer {
  results: number;
  /** doc ids of the page, in order */
  page: number[];
  facetFields: { name: string; valueCount: number; values: ({ name: string; count: number } | { count: number })[] }[];
}

/** The reference answer for valid parameters (no error handling: tests only send valid queries here). */
export function referenceSearch(index: SearchIndex, params: Map<string, string>, now = Date.now()): ReferenceAnswer {
  let hits = evaluate(index, parseLucene(params.get('query')!), now);
  for (const fq of (params.get('filterQuery') ?? '').split(',')) {
    if (!fq.trim()) continue;
    const filter = evaluate(index, parseLucene(decodeURIComponent(fq)), now);
    hits = new Map([...hits].filter(([d]) => filter.has(d)));
  }
  const keys = parseSort(params.get('sort'));
  const byId = new Map(liveDocs(index).map((d) => [d.id, d]));
  const docs = [...hits.keys()].map((d) => byId.get(d)!);
  const values = new Map(docs.map((d) => [d.id, keys.map((k) => sortValue(d, k.field, k.desc, hits))]));
  docs.sort((a, b) => {
    const va = values.get(a.id)!;
    const vb = values.get(b.id)!;
    for (const [i, key] of keys.entries()) {
      const x = va[i];
      const y = vb[i];
      if (x === y) continue;
      // text_sort (title_sort.*) has no sortMissingLast: missing first ascending; every other type: missing last
      const missingFirst = key.field.startsWith('title_sort.') && !key.desc ? -1 : 1;
      if (x === undefined) return missingFirst;
      if (y === undefined) return -missingFirst;
      const c = key.field.startsWith('title_sort.') ? collator(key.field.slice(11)).compare(String(x), String(y)) : x < y ? -1 : x > y ? 1 : 0;
      if (c !== 0) return key.desc ? -c : c;
    }
    return a.id - b.id;
  });
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 50);
  const page = docs.slice(offset, offset + limit).map((d) => d.id);

  const facetFields: ReferenceAnswer['facetFields'] = [];
  const spec = params.get('facetFields');
  const minCount = Number(params.get('facetMinCount') ?? 1);
  const facetLimit = Number(params.get('facetLimit') ?? 100);
  const missing = params.get('facetMissing') === 'true';
  const matchSpec = params.get('facetMatches');
  const matches = matchSpec ? new RegExp(`^(?:${matchSpec})$`, 's') : undefined;
  for (const raw of spec ? spec.split(',') : []) {
    const name = raw.trim().replace('metadata.predicate.literal.', 'metadata.predicate.literal_s.');
    const counts = new Map<string, number>();
    let missingCount = 0;
    for (const doc of docs) {
      const vs = new Set(facetValues(doc, name));
      if (vs.size === 0) missingCount++;
      for (const v of vs) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const out: ReferenceAnswer['facetFields'][number]['values'] = [...counts]
      .filter(([v, c]) => c >= minCount && (!matches || matches.test(v)))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, facetLimit)
      .map(([v, c]) => ({ name: v, count: c }));
    if (missing) out.push({ count: missingCount });
    facetFields.push({ name, valueCount: out.length, values: out });
  }
  return { results: page.length === 0 ? 0 : docs.length, page, facetFields };
}
