/**
 * Solr field names, their types and analysis (entrystore-api.md §2.2–2.4), as the dev store emulates them:
 * - string: exact, case-sensitive; wildcards and lexicographic ranges.
 * - ngram: the query token (whitespace split, lower-cased) must be a 3–25 char substring of the lower-cased value.
 * - text: word tokens (letters/digits), lower-cased, English stop words dropped, plural "s" stemming
 *   (Harman's S-stemmer: -ies → -y, -es → -e, -s → '' — simpler than Solr's Porter stemmer).
 */
import { md5Hex } from '../../store/hash.ts';

export type FieldKind = 'string' | 'ngram' | 'text' | 'date' | 'long' | 'boolean' | 'collation';

const STRING_FIELDS = new Set([
  'uri', 'resource', 'context', 'rdfType', 'graphType', 'entryType', 'resourceType', 'tag.uri', 'lang', 'email',
  'creator', 'contributors', 'lists', 'status', 'profile', 'projectType', 'username', 'contextname',
  'metadata.object.uri', 'acl.admin', 'acl.metadata.r', 'acl.metadata.rw', 'acl.resource.r', 'acl.resource.rw',
]);

/** Type of a (possibly dynamic) field name; undefined = Solr would say "undefined field". */
export function fieldKind(name: string): FieldKind | undefined {
  if (STRING_FIELDS.has(name)) return 'string';
  if (name === 'public') return 'boolean';
  if (name === 'created' || name === 'modified') return 'date';
  if (name === 'all' || name === 'metadata.object.literal') return 'text';
  if (name === 'title' || name === 'description' || name === 'tag.literal') return 'ngram';
  if (/^(?:title|tag\.literal)\.[^.\s]+$/.test(name)) return 'ngram';
  if (/^description\.[^.\s]+$/.test(name)) return 'text';
  if (/^title_sort\.[^.\s]+$/.test(name)) return 'collation';
  const m = /^(?:related\.)?metadata\.predicate\.(uri|literal_s|literal|literal_t|integer|date)\.[0-9a-f]{1,32}$/.exec(name);
  if (m) return ({ uri: 'string', literal_s: 'string', literal: 'ngram', literal_t: 'text', integer: 'long', date: 'date' } as const)[m[1] as 'uri'];
  return undefined;
}

/** §2.4: first 8 hex chars of MD5 over the UTF-8 bytes of the full predicate IRI. */
const hashes = new Map<string, string>();
export function predicateHash(iri: string): string {
  let h = hashes.get(iri);
  if (h === undefined) hashes.set(iri, (h = md5Hex(iri).slice(0, 8)));
  return h;
}

/** Lucene's default English stop words (StandardAnalyzer / StopAnalyzer). */
const STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

export function stem(word: string): string {
  if (word.length > 3 && word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('es') && !/(?:aes|ees|oes)$/.test(word)) return word.slice(0, -1);
  if (word.length > 2 && word.endsWith('s') && !/(?:us|ss)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Text analysis: words → lower case → stop words removed → stemmed. */
export function textTokens(value: string): string[] {
  const words = value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP_WORDS.has(w)).map(stem);
}

/** Does an ngram field value (already lower-cased) match one query token? */
export function ngramMatches(lowerValue: string, token: string): boolean {
  return token.length >= 3 && token.length <= 25 && lowerValue.includes(token);
}

/** Lucene wildcard (`*`, `?`, with escaped parts already literal) → RegExp source. */
export function wildcardSource(parts: readonly { text: string; wild: boolean }[]): string {
  return parts
    .map((p) => (p.wild ? p.text.replace(/\*/g, '.*').replace(/\?/g, '.') : p.text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
}

const UNIT_MS: Record<string, number> = { MILLI: 1, SECOND: 1000, MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000, DATE: 86_400_000 };

function normaliseUnit(u: string): string {
  const up = u.toUpperCase().replace(/S$/, '');
  return up === 'MILLISECOND' ? 'MILLI' : up;
}

function roundDown(d: Date, unit: string): Date {
  const r = new Date(d.getTime());
  if (unit === 'YEAR') r.setUTCMonth(0, 1);
  if (unit === 'MONTH') r.setUTCDate(1);
  if (unit === 'YEAR' || unit === 'MONTH' || unit === 'DAY' || unit === 'DATE') r.setUTCHours(0, 0, 0, 0);
  else if (unit === 'HOUR') r.setUTCMinutes(0, 0, 0);
  else if (unit === 'MINUTE') r.setUTCSeconds(0, 0);
  else if (unit === 'SECOND') r.setUTCMilliseconds(0);
  return r;
}

/**
 * Solr date value with date math: `NOW`, `NOW-1YEAR`, `NOW/DAY`, `2024-01-01T00:00:00Z+1MONTH`.
 * Lenient: a date without time (`2024-01-01`) is accepted too. Undefined when not a date.
 */
export function parseSolrDate(expr: string, now = Date.now()): number | undefined {
  const m = /^(NOW|-?\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?)?)?(?:Z|[+-]\d{2}:\d{2})?)((?:[+-]\d+[A-Za-z]+|\/[A-Za-z]+)*)$/.exec(expr.trim());
  if (!m) return undefined;
  let d: Date;
  if (m[1] === 'NOW') d = new Date(now);
  else {
    const base = /^-?\d{4}(?:-\d{2}(?:-\d{2})?)?$/.test(m[1]!) ? `${m[1]!.length === 4 ? `${m[1]}-01-01` : m[1]!.length === 7 ? `${m[1]}-01` : m[1]}T00:00:00Z` : m[1]!;
    d = new Date(/(?:Z|[+-]\d{2}:\d{2})$/.test(base) ? base : `${base}Z`);
  }
  if (Number.isNaN(d.getTime())) return undefined;
  for (const op of m[2]!.match(/[+-]\d+[A-Za-z]+|\/[A-Za-z]+/g) ?? []) {
    if (op.startsWith('/')) {
      const unit = normaliseUnit(op.slice(1));
      if (!['YEAR', 'MONTH', 'DAY', 'DATE', 'HOUR', 'MINUTE', 'SECOND', 'MILLI'].includes(unit)) return undefined;
      d = roundDown(d, unit);
      continue;
    }
    const [, sign, n, u] = /^([+-])(\d+)([A-Za-z]+)$/.exec(op)!;
    const amount = Number(n) * (sign === '-' ? -1 : 1);
    const unit = normaliseUnit(u!);
    if (unit === 'YEAR') d.setUTCFullYear(d.getUTCFullYear() + amount);
    else if (unit === 'MONTH') d.setUTCMonth(d.getUTCMonth() + amount);
    else if (UNIT_MS[unit]) d = new Date(d.getTime() + amount * UNIT_MS[unit]!);
    else return undefined;
  }
  return d.getTime();
}

/** Solr's string form of a stored date (facets): `2025-03-10T00:00:00Z` (ms only when non-zero). */
export function solrDateString(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}
