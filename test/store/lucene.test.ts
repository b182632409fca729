import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldKind, parseSolrDate, predicateHash, stem, textTokens } from '../../src/catalog-engine/search/fields.ts';
import { parseLucene, QuerySyntaxError } from '../../src/catalog-engine/search/lucene.ts';
import type { QueryNode } from '../../src/catalog-engine/search/lucene.ts';

/** Compact rendering of a parsed query: +must -not should, field:value, [range]. */
function show(n: QueryNode): string {
  switch (n.type) {
    case 'all':
      return '*:*';
    case 'term':
      return `${n.field}:${n.phrase ? `"${n.value}"` : n.value}${n.wildcard ? '(w)' : ''}${n.boost !== 1 ? `^${n.boost}` : ''}`;
    case 'range':
      return `${n.field}:${n.includeLower ? '[' : '{'}${n.lower ?? '*'} TO ${n.upper ?? '*'}${n.includeUpper ? ']' : '}'}`;
    case 'bool':
      return `(${n.clauses.map((c) => `${c.occur === 'must' ? '+' : c.occur === 'not' ? '-' : ''}${show(c.node)}`).join(' ')})`;
  }
}

describe('Lucene subset parser', () => {
  test('classic operator semantics: a AND b OR c = +a +b c; a OR b AND c = a +b +c', () => {
    assert.equal(show(parseLucene('a AND b OR c')), '(+all:a +all:b all:c)');
    assert.equal(show(parseLucene('a OR b AND c')), '(all:a +all:b +all:c)');
    assert.equal(show(parseLucene('a && b || !c')), '(+all:a +all:b -all:c)');
  });

  test('NOT(…) without space, +/- modifiers, nested groups and field groups', () => {
    assert.equal(show(parseLucene('public:true AND NOT(tag.uri:x)')), '(+public:true -(tag.uri:x))');
    assert.equal(show(parseLucene('+a -b c')), '(+all:a -all:b all:c)');
    assert.equal(show(parseLucene('resource:(u1 OR u2)')), '((resource:u1 resource:u2))');
  });

  test('escapes: the full Lucene set and spaces become literal characters', () => {
    const n = parseLucene('resource:https\\://ex.org/a\\ b\\(1\\)\\*\\?\\[\\]\\{\\}\\^\\~\\"\\!\\&\\|\\+\\-\\\\') as any;
    assert.equal(n.clauses[0].node.value, 'https://ex.org/a b(1)*?[]{}^~"!&|+-\\');
    assert.equal(n.clauses[0].node.wildcard, false);
  });

  test('wildcards, *:*, field exists, phrases, boosts, fuzzy', () => {
    assert.equal(show(parseLucene('title:ba* OR *:*')), '(title:ba*(w) *:*)');
    assert.equal(show(parseLucene('title.de:*^1')), '(title.de:*(w))');
    assert.equal(show(parseLucene('"water quality"~2^3')), '(all:"water quality"^3)');
    assert.equal(show(parseLucene('lake~1')), '(all:lake)');
  });

  test('ranges: inclusive / exclusive, *, quoted bounds, dates with colons', () => {
    assert.equal(show(parseLucene('modified:[2024-01-01T00:00:00.000Z TO *]')), '(modified:[2024-01-01T00:00:00.000Z TO *])');
    assert.equal(show(parseLucene('x:{a TO "b c"]')), '(x:{a TO b c])');
  });

  test('syntax errors', () => {
    for (const bad of ['(a', 'a)', 'title:', 'x:[a b]', '"open', 'a AND', 'x^', `${'('.repeat(500)}a${')'.repeat(500)}`]) {
      assert.throws(() => parseLucene(bad), QuerySyntaxError, bad);
    }
  });
});

describe('fields and analysis', () => {
  test('field kinds incl. dynamic fields; unknown → undefined', () => {
    assert.equal(fieldKind('rdfType'), 'string');
    assert.equal(fieldKind('title.sv-SE'), 'ngram');
    assert.equal(fieldKind('description.en'), 'text');
    assert.equal(fieldKind('metadata.predicate.literal.3f2ae919'), 'ngram');
    assert.equal(fieldKind('metadata.predicate.integer.c5e9a52e'), 'long');
    assert.equal(fieldKind('related.metadata.predicate.uri.0ce6b231'), 'string');
    assert.equal(fieldKind('title_sort.sv'), 'collation');
    assert.equal(fieldKind('nosuch'), undefined);
  });

  test('predicate hashes match the contract table (§2.4)', () => {
    assert.equal(predicateHash('http://www.w3.org/ns/dcat#theme'), '0ce6b231');
    assert.equal(predicateHash('http://purl.org/dc/terms/modified'), '3e2f60da');
    assert.equal(predicateHash('http://purl.org/dc/terms/identifier'), '9e8fc937');
  });

  test('text analysis: lower case, stop words, plural stemming', () => {
    assert.deepEqual(textTokens('The Lakes and Beaches of Cities'), ['lake', 'beache', 'city']);
    assert.equal(stem('boxes'), 'boxe');
    assert.equal(stem('status'), 'status');
  });

  test('Solr date math', () => {
    const now = Date.parse('2025-05-17T13:45:10.500Z');
    assert.equal(parseSolrDate('NOW', now), now);
    assert.equal(new Date(parseSolrDate('NOW-1YEAR/DAY', now)!).toISOString(), '2024-05-17T00:00:00.000Z');
    assert.equal(new Date(parseSolrDate('2024-01-31T00:00:00Z+1MONTH', now)!).toISOString(), '2024-03-02T00:00:00.000Z');
    assert.equal(new Date(parseSolrDate('2024-01-01', now)!).toISOString(), '2024-01-01T00:00:00.000Z');
    assert.equal(parseSolrDate('yesterday', now), undefined);
  });
});
