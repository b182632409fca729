/**
 * Sorting hits (§2.5) without sorting all of them on every request: the order of ALL docs for a list of sort keys is
 * computed once per index generation (cached on the index), and a page is the first `offset + limit` hits met
 * scanning that order. Small hit sets are sorted directly. Both use the one comparator below: values per key,
 * missing values placed as the schema says, ties by doc id.
 */
import { count, has, toArray } from './bits.ts';
import type { Bits } from './bits.ts';
import { fieldKind } from './fields.ts';
import { postingDocs } from './index.ts';
import type { SearchIndex } from './index.ts';

export interface SortKey {
  field: string;
  desc: boolean;
}

type SortValue = string | number | undefined;

const collators = new Map<string, Intl.Collator>();
function collatorFor(lang: string): Intl.Collator {
  const primary = lang.split('-')[0]!.toLowerCase();
  const locale = ['en', 'de', 'sv'].includes(primary) ? primary : 'und';
  let c = collators.get(locale);
  // schema.xml_default l. 176–179: ICU collation, strength primary (case and accents tie), numeric digits
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  return c;
}

/**
 * Every doc's value for a (non-score) key, by doc id, cached until the index changes. Titles come from the title
 * columns (first 50 characters); other fields from their posting lists: numbers (dates, longs) compare as numbers,
 * and a doc with several values sorts by its smallest ascending and its largest descending.
 */
function column(index: SearchIndex, key: SortKey): SortValue[] {
  if (key.field.startsWith('title_sort.')) {
    const cacheKey = `title\u0000${key.field}`;
    let col = index.derived.get(cacheKey) as SortValue[] | undefined;
    if (!col) {
      col = (index.titles.get(`title.${key.field.slice(11)}`) ?? []).map((t) => t?.slice(0, 50));
      index.derived.set(cacheKey, col);
    }
    return col;
  }
  const cacheKey = `column\u0000${key.field}\u0000${key.desc}`;
  let col = index.derived.get(cacheKey) as SortValue[] | undefined;
  if (col) return col;
  col = [];
  const kind = fieldKind(key.field);
  const numeric = kind === 'date' || kind === 'long';
  for (const [v, posting] of index.postings('exact', key.field) ?? []) {
    const x = numeric ? Number(v) : v;
    for (const d of postingDocs(posting)) {
      const cur = col[d];
      if (cur === undefined || (key.desc ? x > cur : x < cur)) col[d] = x;
    }
  }
  index.derived.set(cacheKey, col);
  return col;
}

/**
 * Title keys compare with a collator; to sort many docs, each distinct title becomes its rank among the distinct
 * titles (titles the collator calls equal share a rank), so the sort compares numbers and calls the collator
 * d·log d times for d distinct titles instead of n·log n.
 */
function collationRanks(values: SortValue[], lang: string): SortValue[] {
  const collator = collatorFor(lang);
  const distinct = [...new Set(values.filter((v): v is string => v !== undefined))].sort(collator.compare);
  const rank = new Map<string, number>();
  let r = 0;
  for (let i = 0; i < distinct.length; i++) {
    if (i > 0 && collator.compare(distinct[i - 1]!, distinct[i]!) !== 0) r++;
    rank.set(distinct[i]!, r);
  }
  return values.map((v) => (v === undefined ? undefined : rank.get(v as string)));
}

/**
 * Where a doc without the key's field goes (schema.xml_default @ c483f900): every field type has `sortMissingLast="true"`
 * (l. 49–107) except `text_sort*` (l. 176–179, the `title_sort.*` fields), which sorts as Lucene does by default:
 * missing FIRST ascending, last descending (l. 62–64). Returns -1 when the missing doc comes first.
 */
function missingOrder(key: SortKey): number {
  return key.field.startsWith('title_sort.') && !key.desc ? -1 : 1;
}

/**
 * Compares docs a and b given their key values (`va`, `vb`); `ranked` = title values are already ranks.
 * Missing values by `missingOrder`; equal → next key; all equal → doc id.
 */
function compare(keys: readonly SortKey[], va: SortValue[], vb: SortValue[], a: number, b: number, ranked: boolean): number {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const x = va[i];
    const y = vb[i];
    if (x === y) continue;
    if (x === undefined) return missingOrder(key);
    if (y === undefined) return -missingOrder(key);
    let c: number;
    if (!ranked && key.field.startsWith('title_sort.')) c = collatorFor(key.field.slice(11)).compare(String(x), String(y));
    else c = x < y ? -1 : x > y ? 1 : 0;
    if (c !== 0) return key.desc ? -c : c;
  }
  return a - b;
}

/** Docs sorted by `keys` (no score key). */
function sortDocs(index: SearchIndex, docs: number[], keys: readonly SortKey[], ranked: boolean): number[] {
  const values = keys.map((k) => {
    const col = column(index, k);
    return docs.map((d) => col[d]);
  });
  if (ranked) keys.forEach((k, i) => k.field.startsWith('title_sort.') && (values[i] = collationRanks(values[i]!, k.field.slice(11))));
  const rows = docs.map((_, i) => values.map((v) => v[i]));
  const order = docs.map((_, i) => i);
  order.sort((i, j) => compare(keys, rows[i]!, rows[j]!, docs[i]!, docs[j]!, ranked));
  return order.map((i) => docs[i]!);
}

const specOf = (keys: readonly SortKey[]): string => keys.map((k) => `${k.field} ${k.desc ? 'desc' : 'asc'}`).join(',');

const MAX_CACHED_ORDERS = 16;

/** All live docs in `keys` order, cached until the index changes; `rank[doc]` = position. */
function fullOrder(index: SearchIndex, keys: readonly SortKey[]): { order: Int32Array; rank: Int32Array } {
  const cacheKey = `sort\u0000${specOf(keys)}`;
  let cached = index.derived.get(cacheKey) as { order: Int32Array; rank: Int32Array } | undefined;
  if (!cached) {
    const order = Int32Array.from(sortDocs(index, [...index.allDocs()], keys, true));
    const rank = new Int32Array(index.capacity).fill(-1);
    order.forEach((d, i) => (rank[d] = i));
    // a client may ask for any number of sort key lists: keep the most recent few (1 MB each at 130,000 docs)
    const kept = [...index.derived.keys()].filter((k) => k.startsWith('sort\u0000'));
    if (kept.length >= MAX_CACHED_ORDERS) index.derived.delete(kept[0]!);
    index.derived.set(cacheKey, (cached = { order, rank }));
  }
  return cached;
}

/**
 * Fewer hits than this share of all docs: sort the hits themselves rather than scanning the full order (a scan is a
 * bit test per doc, ~0.3 ms at 130,000 docs; sorting a few thousand hits with the comparator costs more).
 */
const SMALL_SHARE = 1 / 256;

/**
 * The docs of one page of `hits` in sort order. `score(doc)` is asked only when a key is `score`.
 */
export function pageOf(
  index: SearchIndex, hits: Bits, keys: readonly SortKey[], score: (doc: number) => number, offset: number, limit: number,
): { total: number; page: number[] } {
  const total = count(hits);
  const end = offset + limit;
  if (limit <= 0 || offset >= total) return { total, page: [] };
  const small = total <= Math.max(64, index.capacity * SMALL_SHARE);
  const scoreAt = keys.findIndex((k) => k.field === 'score');
  if (scoreAt < 0) {
    if (small) return { total, page: sortDocs(index, toArray(hits), keys, false).slice(offset, end) };
    return { total, page: scan(fullOrder(index, keys).order, hits, offset, end) };
  }
  const docs = toArray(hits);
  const scores = new Map<number, number>();
  for (const d of docs) scores.set(d, score(d));
  const rest = keys.slice(scoreAt + 1);
  const onlyLeadingScore = scoreAt === 0 && !rest.some((k) => k.field === 'score');
  if (onlyLeadingScore && !small) {
    const first = scores.get(docs[0]!);
    // Every hit scores the same (the usual case): the order is the rest's.
    if (docs.every((d) => scores.get(d) === first)) return { total, page: scan(fullOrder(index, rest).order, hits, offset, end) };
    const { rank } = fullOrder(index, rest);
    const desc = keys[0]!.desc;
    docs.sort((a, b) => {
      const x = scores.get(a)!;
      const y = scores.get(b)!;
      if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
      return rank[a]! - rank[b]!;
    });
    return { total, page: docs.slice(offset, end) };
  }
  // General case (score not first, or several score keys): the comparator over the hits.
  const columns = keys.map((k) => (k.field === 'score' ? undefined : column(index, k)));
  const rows = new Map<number, SortValue[]>(docs.map((d) => [d, columns.map((col) => (col ? col[d] : scores.get(d)))]));
  docs.sort((a, b) => compare(keys, rows.get(a)!, rows.get(b)!, a, b, false));
  return { total, page: docs.slice(offset, end) };
}

/** Hits offset…end-1 met scanning `order`. */
function scan(order: Int32Array, hits: Bits, offset: number, end: number): number[] {
  const out: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && seen < end; i++) {
    const d = order[i]!;
    if (!has(hits, d)) continue;
    if (seen++ >= offset) out.push(d);
  }
  return out;
}
