/**
 * `GET {store}search?type=solr` (§2): parameters, Lucene query, sort, facets, paging, response shape.
 * Everything in the dev store is guest-readable, so ACL filtering never skips a hit.
 */
import type { DevStore } from '../catalog.ts';
import { entryGraphs } from '../entry-json.ts';
import { andInto, count, countIn, orDocs, toArray } from './bits.ts';
import type { Bits } from './bits.ts';
import { evaluate, UnknownFieldError } from './evaluate.ts';
import { fieldKind, solrDateString } from './fields.ts';
import type { FieldKind } from './fields.ts';
import { postingDocs } from './index.ts';
import type { SearchIndex } from './index.ts';
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

/** Java's `String.split(sep)` for a one-character separator: trailing empty strings are dropped, leading ones kept. */
function javaSplit(text: string, sep: string): string[] {
  const parts = text.split(sep);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.length === 1 && parts[0] === '' && text !== '' ? [] : parts;
}

/**
 * `sort` exactly as EntryStore's SearchResource.searchSolr reads it (ES `rest/resources/SearchResource.java` l. 372–390
 * @ c483f900): split on `,`, each item on one space, items of other than two parts silently dropped (so `a asc, b asc`
 * loses `b`: " b asc" is three parts), `title.` rewritten to `title_sort.`, an order other than asc/desc read as asc.
 * Absent → `score desc, modified desc`; present but nothing usable → Solr's default, score.
 */
export function parseSort(sort: string | undefined): SortKey[] {
  if (sort === undefined) return [{ field: 'score', desc: true }, { field: 'modified', desc: true }];
  const keys: SortKey[] = [];
  for (const item of javaSplit(sort, ',')) {
    const parts = javaSplit(item, ' ');
    if (parts.length !== 2) continue;
    const field = parts[0]!.startsWith('title.') ? parts[0]!.replaceAll('title.', 'title_sort.') : parts[0]!;
    if (field !== 'score') {
      const kind = fieldKind(field);
      if (!kind || kind === 'ngram' || kind === 'text') throw new BadRequest(`cannot sort on ${field}`);
    }
    keys.push({ field, desc: parts[1]!.toLowerCase() === 'desc' });
  }
  return keys.length > 0 ? keys : [{ field: 'score', desc: true }];
}

interface FacetResult {
  name: string;
  valueCount: number;
  values: ({ name: string; count: number } | { count: number })[];
}

/** Counts of one facet field over the hits: facet value → number of hit docs having it. */
type Counts = [string, number][];

/**
 * One facet field's posting lists packed for counting (cached on the index until it changes): its facet values
 * (lower-cased for ngram fields, word tokens for text fields, Solr's date string for dates) in ascending order, and
 * the docs of value v at docs[starts[v]] … docs[starts[v + 1] - 1].
 */
interface FacetColumn {
  values: string[];
  starts: Int32Array;
  docs: Int32Array;
  /** Values most docs share keep their bitmap: counted by popcount of (bitmap ∧ hits), a word at a time. */
  dense: (Bits | undefined)[];
}

function facetColumn(index: SearchIndex, field: string, kind: FieldKind): FacetColumn {
  const cacheKey = `facet\u0000${field}`;
  const cached = index.derived.get(cacheKey) as FacetColumn | undefined;
  if (cached) return cached;
  const postings = [...(index.postings(kind === 'ngram' ? 'ngram' : kind === 'text' ? 'text' : 'exact', field) ?? [])]
    .map(([v, p]) => {
      const bits = typeof p !== 'number' && !Array.isArray(p) ? (p as Bits) : undefined;
      return { value: kind === 'date' ? solrDateString(Number(v)) : v, docs: bits ? [] : postingDocs(p), bits };
    })
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const starts = new Int32Array(postings.length + 1);
  let total = 0;
  postings.forEach((p, i) => {
    starts[i] = total;
    total += p.docs.length;
  });
  starts[postings.length] = total;
  const docs = new Int32Array(total);
  postings.forEach((p, i) => docs.set(p.docs, starts[i]!));
  const column = { values: postings.map((p) => p.value), starts, docs, dense: postings.map((p) => p.bits) };
  index.derived.set(cacheKey, column);
  return column;
}

/**
 * Counts each value's docs that are hits (a bit test per posting), never touching the docs: a doc counts once per
 * distinct facet value. The result is in value order. A title sort field counts each hit's title in that language.
 */
function countFacet(index: SearchIndex, hits: Bits, hitCount: number, field: string, kind: FieldKind, missing: boolean) {
  if (kind === 'collation') {
    const column = index.titles.get(`title.${field.slice(11)}`) ?? [];
    const counts = new Map<string, number>();
    let missingCount = 0;
    for (const d of toArray(hits)) {
      const v = column[d];
      if (v === undefined) missingCount++;
      else counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return { counts: [...counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)), missingCount };
  }
  const { values, starts, docs, dense } = facetColumn(index, field, kind);
  const counts: Counts = [];
  for (let v = 0; v < values.length; v++) {
    const bits = dense[v];
    if (bits) {
      const n = countIn(bits, hits);
      if (n > 0) counts.push([values[v]!, n]);
      continue;
    }
    let n = 0;
    for (let i = starts[v]!, end = starts[v + 1]!; i < end; i++) {
      const d = docs[i]!;
      if ((hits[d >>> 5]! & (1 << (d & 31))) !== 0) n++;
    }
    if (n > 0) counts.push([values[v]!, n]);
  }
  let missingCount = 0;
  if (missing) {
    // Docs having the field but no facet value (a text value of stop words only) are missing too.
    let having: number;
    if (kind === 'text') {
      const union = new Uint32Array(hits.length);
      orDocs(union, docs);
      for (const bits of dense) if (bits) orDocs(union, bits);
      andInto(union, hits);
      having = count(union);
    } else having = countIn(index.fieldBits(field), hits);
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
  const out: FacetResult[] = [];
  for (const raw of spec.split(',')) {
    const name = raw.trim().replace('metadata.predicate.literal.', 'metadata.predicate.literal_s.');
    if (!name) continue;
    const kind = fieldKind(name);
    if (!kind) throw new BadRequest(`undefined facet field ${name}`);
    const { counts, missingCount } = countFacet(index, hits, hitCount, name, kind, missing);
    // counts come in value order: a stable sort by count keeps equal counts in value order
    const values: FacetResult['values'] = counts
      .filter(([v, c]) => c >= minCount && (!matches || matches.test(v)))
      .sort((a, b) => b[1] - a[1])
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
  // SearchResource.represent (l. 99–107): `query` is mandatory and checked for length before the type is looked at
  const query = params.get('query');
  if (query === undefined) return { status: 400, body: { error: "Mandatory parameter 'query' is missing" } };
  if (query.length < 3) return { status: 400, body: { error: 'Query too short' } };
  const flags = { badStatus: false };
  let limit = intParam(params, 'limit', DEFAULT_LIMIT, flags);
  if (limit < 0) limit = DEFAULT_LIMIT;
  limit = Math.min(limit, maxLimit);
  const offset = Math.max(0, intParam(params, 'offset', 0, flags));
  if (type.toLowerCase() !== 'solr') {
    return { status: 200, body: { resource: { children: [] }, results: -1, limit, offset, facetFields: [] } };
  }

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
