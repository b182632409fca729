/**
 * `GET {store}search?type=solr` (§2): parameters, Lucene query, sort, facets, paging, response shape.
 * Everything in the dev store is guest-readable, so ACL filtering never skips a hit.
 */
import type { DevStore } from '../catalog.ts';
import { entryGraphs } from '../entry-json.ts';
import { evaluate, UnknownFieldError } from './evaluate.ts';
import { fieldKind, solrDateString, textTokens } from './fields.ts';
import type { IndexedDoc, SearchIndex } from './index.ts';
import { parseLucene, QuerySyntaxError } from './lucene.ts';

export interface SearchOutcome {
  status: number;
  body: unknown;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
export const DEFAULT_FACET_LIMIT = 100;
export const MAX_FACET_LIMIT = 1000;
const WRONG_PARAMETERS = 'Search failed due to wrong parameters';

class BadRequest extends Error {}

interface SortKey {
  field: string;
  desc: boolean;
}

/** Integer parameter; a non-integer gives status 400 with the default value [quirk §2.1]. */
function intParam(params: Map<string, string>, name: string, fallback: number, flags: { badStatus: boolean }): number {
  const raw = params.get(name);
  if (raw === undefined) return fallback;
  if (!/^[+-]?\d+$/.test(raw.trim())) {
    flags.badStatus = true;
    return fallback;
  }
  return parseInt(raw, 10);
}

export function parseSort(sort: string | undefined): SortKey[] {
  if (sort === undefined) return [{ field: 'score', desc: true }, { field: 'modified', desc: true }];
  const keys: SortKey[] = [];
  for (const item of sort.split(',')) {
    const parts = item.trim().split(' ');
    if (parts.length !== 2 || !parts[0]) continue; // silently ignored, as EntryStore does
    const field = parts[0].startsWith('title.') ? `title_sort.${parts[0].slice(6)}` : parts[0];
    if (field !== 'score') {
      const kind = fieldKind(field);
      if (!kind || kind === 'ngram' || kind === 'text') throw new BadRequest(`cannot sort on ${field}`);
    }
    keys.push({ field, desc: parts[1]!.toLowerCase() === 'desc' });
  }
  return keys.length > 0 ? keys : [{ field: 'score', desc: true }];
}

const collators = new Map<string, Intl.Collator>();
function collatorFor(lang: string): Intl.Collator {
  const primary = lang.split('-')[0]!.toLowerCase();
  const locale = ['en', 'de', 'sv'].includes(primary) ? primary : 'und';
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale)));
  return c;
}

function sortValue(doc: IndexedDoc, key: SortKey, scores: Map<number, number>): string | number | undefined {
  if (key.field === 'score') return scores.get(doc.id) ?? 0;
  if (key.field.startsWith('title_sort.')) return doc.fields.get(`title.${key.field.slice(11)}`)?.[0]?.slice(0, 50);
  const values = doc.fields.get(key.field);
  if (!values || values.length === 0) return undefined;
  const kind = fieldKind(key.field);
  if (kind === 'date' || kind === 'long') {
    const nums = values.map(Number);
    return key.desc ? Math.max(...nums) : Math.min(...nums);
  }
  // Multi-valued strings: asc sorts by the smallest value, desc by the largest.
  return values.reduce((a, b) => ((key.desc ? b > a : b < a) ? b : a));
}

function sortDocs(docs: IndexedDoc[], keys: SortKey[], scores: Map<number, number>): IndexedDoc[] {
  const cache = new Map<number, (string | number | undefined)[]>();
  const valuesOf = (d: IndexedDoc) => {
    let v = cache.get(d.id);
    if (!v) cache.set(d.id, (v = keys.map((k) => sortValue(d, k, scores))));
    return v;
  };
  return docs.sort((a, b) => {
    const va = valuesOf(a);
    const vb = valuesOf(b);
    for (const [i, key] of keys.entries()) {
      const x = va[i];
      const y = vb[i];
      if (x === y) continue;
      if (x === undefined) return 1; // missing values last, either direction
      if (y === undefined) return -1;
      let c: number;
      if (key.field.startsWith('title_sort.')) c = collatorFor(key.field.slice(11)).compare(String(x), String(y));
      else c = x < y ? -1 : x > y ? 1 : 0;
      if (c !== 0) return key.desc ? -c : c;
    }
    return a.id - b.id;
  });
}

function facetValues(doc: IndexedDoc, field: string): string[] {
  const kind = fieldKind(field);
  if (kind === 'collation') return doc.fields.get(`title.${field.slice(11)}`)?.slice(0, 1) ?? [];
  const values = doc.fields.get(field) ?? [];
  if (kind === 'date') return values.map((v) => solrDateString(Number(v)));
  if (kind === 'text') return values.flatMap(textTokens);
  if (kind === 'ngram') return values.map((v) => v.toLowerCase());
  return values;
}

interface FacetResult {
  name: string;
  valueCount: number;
  values: ({ name: string; count: number } | { count: number })[];
}

function computeFacets(index: SearchIndex, hits: Iterable<number>, params: Map<string, string>, flags: { badStatus: boolean }): FacetResult[] {
  const spec = params.get('facetFields');
  if (!spec) return [];
  let limit = intParam(params, 'facetLimit', DEFAULT_FACET_LIMIT, flags);
  if (limit < 1) limit = DEFAULT_FACET_LIMIT;
  limit = Math.min(limit, MAX_FACET_LIMIT);
  const minCount = Math.max(0, intParam(params, 'facetMinCount', 1, flags));
  const missing = params.get('facetMissing') === 'true';
  let matches: RegExp | undefined;
  const matchSpec = params.get('facetMatches');
  if (matchSpec) {
    try {
      matches = new RegExp(`^(?:${matchSpec})$`, 's');
    } catch {
      throw new BadRequest('bad facetMatches');
    }
  }
  const hitDocs = [...hits].map((d) => index.docs[d]!).filter(Boolean);
  const out: FacetResult[] = [];
  for (const raw of spec.split(',')) {
    const name = raw.trim().replace('metadata.predicate.literal.', 'metadata.predicate.literal_s.');
    if (!name) continue;
    if (!fieldKind(name)) throw new BadRequest(`undefined facet field ${name}`);
    const counts = new Map<string, number>();
    let missingCount = 0;
    for (const doc of hitDocs) {
      const values = new Set(facetValues(doc, name));
      if (values.size === 0) missingCount++;
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const values: FacetResult['values'] = [...counts]
      .filter(([v, c]) => c >= minCount && (!matches || matches.test(v)))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, limit)
      .map(([v, c]) => ({ name: v, count: c }));
    // The missing bucket has no name: org.json drops the null key [quirk §2.7].
    if (missing) values.push({ count: missingCount });
    out.push({ name, valueCount: values.length, values });
  }
  return out;
}

/** `maxLimit`: the largest page size served (EntryStore's 100 unless a benchmark asks for more, `--max-limit`). */
export async function runSearch(
  store: DevStore, index: SearchIndex, params: Map<string, string>, maxLimit = MAX_LIMIT,
): Promise<SearchOutcome> {
  const type = params.get('type');
  if (type === undefined) return { status: 400, body: { error: "Mandatory parameter 'type' is missing" } };
  const query = params.get('query');
  const flags = { badStatus: false };
  let limit = intParam(params, 'limit', DEFAULT_LIMIT, flags);
  if (limit < 0) limit = DEFAULT_LIMIT;
  limit = Math.min(limit, maxLimit);
  const offset = Math.max(0, intParam(params, 'offset', 0, flags));
  if (type.toLowerCase() !== 'solr') {
    return { status: 200, body: { resource: { children: [] }, results: -1, limit, offset, facetFields: [] } };
  }
  if (query === undefined) return { status: 400, body: { error: "Mandatory parameter 'query' is missing" } };
  if (query.length < 3) return { status: 400, body: { error: 'Query too short' } };

  let hits: Map<number, number>;
  let keys: SortKey[];
  let facets: FacetResult[];
  try {
    hits = evaluate(index, parseLucene(query));
    for (const fq of (params.get('filterQuery') ?? '').split(',')) {
      if (!fq.trim()) continue;
      let decoded = fq;
      try {
        decoded = decodeURIComponent(fq);
      } catch {
        /* keep as is */
      }
      const filter = evaluate(index, parseLucene(decoded));
      for (const d of [...hits.keys()]) if (!filter.has(d)) hits.delete(d);
    }
    keys = parseSort(params.get('sort'));
    facets = computeFacets(index, hits.keys(), params, flags);
  } catch (e) {
    if (e instanceof QuerySyntaxError || e instanceof UnknownFieldError || e instanceof BadRequest) {
      return { status: 400, body: { error: WRONG_PARAMETERS } };
    }
    throw e;
  }

  const docs = sortDocs(
    [...hits.keys()].map((d) => index.docs[d]!).filter(Boolean),
    keys,
    hits,
  );
  const page = docs.slice(offset, offset + limit);
  const jsonLd = params.get('rdfFormat') === 'application/ld+json';
  const children = [];
  for (const doc of page) {
    const e = doc.entry;
    const graphs = await entryGraphs(store, e, jsonLd);
    children.push({ entryId: e.entryId, contextId: e.contextId, ...graphs, rights: ['readmetadata', 'readresource'] });
  }
  // Probing protection: hits but no child on this page → results 0 [quirk §2.8].
  const results = children.length === 0 ? 0 : docs.length;
  return { status: flags.badStatus ? 400 : 200, body: { resource: { children }, results, limit, offset, facetFields: facets } };
}
