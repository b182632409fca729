/**
 * Lucene query building for EntryStore's `search?type=solr` (entrystore-api.md §2.5). Values are backslash-escaped
 * for the full Lucene special set, so any URI or literal can be matched exactly; URL encoding happens later, once,
 * when the adapter builds the request URL.
 */
import { NS } from '../rdf/namespaces.ts';
import { predicateHash } from './hash.ts';

/** Lucene specials `+ - & | ! ( ) { } [ ] ^ " ~ * ? : \ /` and whitespace. */
const LUCENE_SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/\s]/g;

/** Backslash-escapes every Lucene special character (incl. `:`, `/`, parentheses and spaces). */
export function escapeValue(value: string): string {
  return value.replace(LUCENE_SPECIAL, (c) => `\\${c}`);
}

/** `name:value` with the value matched literally. */
export function field(name: string, value: string): string {
  return `${name}:${escapeValue(value)}`;
}

/** `(name:a OR name:b)`; one value gives a bare clause; no values give '' (no constraint, dropped by `and`). */
export function anyOf(name: string, values: readonly string[]): string {
  const unique = [...new Set(values)];
  if (unique.length <= 1) return unique.length ? field(name, unique[0]!) : '';
  return `(${unique.map((v) => field(name, v)).join(' OR ')})`;
}

/** True when the clause has whitespace outside an escape or a top-level parenthesised group. */
function needsGroup(clause: string): boolean {
  let depth = 0;
  for (let i = 0; i < clause.length; i++) {
    const c = clause[i]!;
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /\s/.test(c)) return true;
  }
  return false;
}

function join(operator: 'AND' | 'OR', clauses: readonly string[]): string {
  const parts = clauses.map((c) => c.trim()).filter((c) => c !== '');
  if (parts.length <= 1) return parts[0] ?? '';
  return parts.map((c) => (needsGroup(c) ? `(${c})` : c)).join(` ${operator} `);
}

/** Joins clauses with AND; empty clauses are dropped, compound ones are parenthesised so precedence is kept. */
export function and(...clauses: string[]): string {
  return join('AND', clauses);
}

/** Joins clauses with OR (same rules as `and`). */
export function or(...clauses: string[]): string {
  return join('OR', clauses);
}

/** Solr field holding the URI objects of `predicateIri` (any subject of the metadata graph). */
export function uriField(predicateIri: string): string {
  return `metadata.predicate.uri.${predicateHash(predicateIri)}`;
}

/** Solr field holding the exact literal values of `predicateIri`. */
export function literalField(predicateIri: string): string {
  return `metadata.predicate.literal_s.${predicateHash(predicateIri)}`;
}

/** Entries whose resource has any of these `rdf:type`s (e.g. `dcat:Dataset`). */
export function rdfTypeClause(iris: readonly string[]): string {
  return anyOf('rdfType', iris);
}

/** Entries in one context: the Solr `context` field holds the context resource URI `{store}{ctx}`. */
export function contextClause(storeBaseUrl: string, contextId: string): string {
  return field('context', `${storeBaseUrl}${contextId}`);
}

/** Entries whose resource URI is one of `uris`. */
export function resourceClause(uris: readonly string[]): string {
  return anyOf('resource', uris);
}

/**
 * Entries whose metadata has `<?> <predicate> <object>` and whose resource has one of `rdfTypes`:
 * `metadata.predicate.uri.<h8>:<object> AND (rdfType:<t1> OR rdfType:<t2>)`. The predicate field holds URI objects
 * of ANY subject in the graph (entrystore-api.md §2.2), so callers check the subject themselves.
 */
export function inverseClause(inverse: { readonly predicate: string; readonly object: string; readonly rdfTypes: readonly string[] }): string {
  return and(field(uriField(inverse.predicate), inverse.object), rdfTypeClause(inverse.rdfTypes));
}

/**
 * The batched lookup: entries with one of `uris` as resource OR matching one of the inverse clauses, e.g.
 * `(resource:u1 OR resource:u2) OR (metadata.predicate.uri.0db2db6b:<dataset> AND (rdfType:<t1> OR rdfType:<t2>))`.
 * Plain nested Lucene boolean groups of exact `string` fields, as in §2.5 (what ESJS sends, nested once more):
 * EntryStore hands the query unchanged to Solr's standard parser, which accepts any nesting of AND/OR groups.
 */
export function batchClause(uris: readonly string[], inverseClauses: readonly string[] = []): string {
  return or(resourceClause(uris), ...inverseClauses);
}

/** The predicate a lookup by identifier uses when none is given. */
export const DEFAULT_LOOKUP_PREDICATE = `${NS.dcterms}identifier`;
