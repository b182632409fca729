/**
 * `GET {store}search?type=solr` (§2): parameters, Lucene query, sort, facets, paging, response shape.
 * Everything in the dev store is guest-readable, so ACL filtering never skips a hit.
 */
import type { DevStore } from '../catalog.ts';
import { entryGraphs } from '../entry-json.ts';
import { andInto, count, countIn, orDocs, toArray } from './bits.ts';
import type { Bits } from './bits.ts';
import { evaluate, UnknownFieldError } from './evaluate.ts';
import { fieldKind, solrDateString, textTokens } from './fields.ts';
import type { FieldKind } from './fields.ts';
import type { IndexedDoc, SearchIndex } from './index.ts';
import { parseLucene, QuerySyntaxError } from './lucene.ts';
import { pageOf } from './sort.ts';
import type { SortKey } from './sort.ts';

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

function facetValues(doc: IndexedDoc, field: string): readonly string[] {
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

/** Counts of one facet field over the hits: value → number of hit docs having it. */
type Counts = Map<string, number>;

/**
 * Few hits: read each hit doc's values. Many hits: walk the field's posting lists and count each list's docs that
 * are hits (a bit test per posting), never touching the docs. Same counts either way: a doc counts once per
 * distinct facet value, as the per-doc Set does.
 */
function countFacet(index: SearchIndex, hits: Bits, hitDocs: () => IndexedDoc[], hitCount: number, field: string, kind: FieldKind, missing: boolean) {
  const counts: Counts = new Map();
  let missingCount = 0;
  const perDoc = kind === 'collation' || hitCount <= Math.max(64, index.capacity / 32);
  if (perDoc) {
    for (const doc of hitDocs()) {
      const values = new Set(facetValues(doc, field));
      if (values.size === 0) missingCount++;
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return { counts, missingCount };
  }
  const postings = index.postingsOf(kind === 'ngram' ? 'ngram' : kind === 'text' ? 'text' : 'exact').get(field);
  for (const [value, docs] of postings ?? []) {
    const n = countIn(docs, hits);
    if (n > 0) counts.set(kind === 'date' ? solrDateString(Number(value)) : value, n);
  }
  if (missing) {
    // Docs having the field but no facet value (a text value of stop words only) are missing too.
    let having: number;
    if (kind === 'text') {
      const union = new Uint32Array(hits.length);
      for (const docs of postings?.values() ?? []) orDocs(union, docs);
      andInto(union, hits);
      having = count(union);
    } else having = countIn(index.fieldDocs.get(field) ?? [], hits);
    missingCount = hitCount - having;
  }
  return { counts, missingCount };
}

function computeFacets(index: SearchIndex, hits: Bits, hitCount: number, params: Map<string, string>, flags: { badStatus: boolean }): FacetResult[] {
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
  let docs: IndexedDoc[] | undefined;
  const hitDocs = (): IndexedDoc[] => (docs ??= toArray(hits).map((d) => index.docs[d]!).filter(Boolean));
  const out: FacetResult[] = [];
  for (const raw of spec.split(',')) {
    const name = raw.trim().replace('metadata.predicate.literal.', 'metadata.predicate.literal_s.');
    if (!name) continue;
    const kind = fieldKind(name);
    if (!kind) throw new BadRequest(`undefined facet field ${name}`);
    const { counts, missingCount } = countFacet(index, hits, hitDocs, hitCount, name, kind, missing);
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

  let hits: Bits;
  let score: (doc: number) => number;
  let keys: SortKey[];
  let facets: FacetResult[];
  let hitCount: number;
  try {
    const main = evaluate(index, parseLucene(query));
    hits = main.bits;
    score = main.score;
    for (const fq of (params.get('filterQuery') ?? '').split(',')) {
      if (!fq.trim()) continue;
      let decoded = fq;
      try {
        decoded = decodeURIComponent(fq);
      } catch {
        /* keep as is */
      }
      const filter = evaluate(index, parseLucene(decoded));
      if (hits === main.bits) hits = hits.slice();
      andInto(hits, filter.bits);
    }
    hitCount = count(hits);
    keys = parseSort(params.get('sort'));
    facets = computeFacets(index, hits, hitCount, params, flags);
  } catch (e) {
    if (e instanceof QuerySyntaxError || e instanceof UnknownFieldError || e instanceof BadRequest) {
      return { status: 400, body: { error: WRONG_PARAMETERS } };
    }
    throw e;
  }

  const { page } = pageOf(index, hits, keys, score, offset, limit);
  const jsonLd = params.get('rdfFormat') === 'application/ld+json';
  const children = [];
  for (const id of page) {
    const e = index.docs[id]!.entry;
    const graphs = await entryGraphs(store, e, jsonLd);
    children.push({ entryId: e.entryId, contextId: e.contextId, ...graphs, rights: ['readmetadata', 'readresource'] });
  }
  // Probing protection: hits but no child on this page → results 0 [quirk §2.8].
  const results = children.length === 0 ? 0 : hitCount;
  return { status: flags.badStatus ? 400 : 200, body: { resource: { children }, results, limit, offset, facetFields: facets } };
}
