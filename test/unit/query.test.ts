import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NS } from '../../src/rdf/namespaces.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import {
  and,
  anyOf,
  contextClause,
  escapeValue,
  field,
  literalField,
  or,
  rdfTypeClause,
  resourceClause,
  uriField,
} from '../../src/store/query.ts';
import { clauseValues, storeParams } from './store-fake.ts';

const SPECIALS = ['+', '-', '&', '|', '!', '(', ')', '{', '}', '[', ']', '^', '"', '~', '*', '?', ':', '\\', '/', ' '];
const unescape = (v: string) => v.replace(/\\(.)/gs, '$1');
/** True when every Lucene special / whitespace in `escaped` is preceded by a backslash. */
function fullyEscaped(escaped: string): boolean {
  for (let i = 0; i < escaped.length; i++) {
    const c = escaped[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (SPECIALS.includes(c) || /\s/.test(c)) return false;
  }
  return true;
}

describe('escapeValue', () => {
  test('backslash-escapes every Lucene special character and spaces', () => {
    for (const c of SPECIALS) assert.equal(escapeValue(`a${c}b`), `a\\${c}b`, `char ${JSON.stringify(c)}`);
    assert.equal(escapeValue('a\tb\nc'), 'a\\\tb\\\nc');
  });

  test('URIs with : / # ? & = + and spaces survive escape → unescape, nothing left unescaped', () => {
    const uris = [
      'http://www.w3.org/ns/dcat#Dataset',
      'https://gis.example.org/wfs?service=WFS&request=GetCapabilities',
      'https://ex.org/a+b/c d/e=f#frag',
      'urn:uuid:5c1e0f3a-8d2b-4c47-9a61-0e5f2d7b9c34',
      'https://ex.org/(x)[y]{z}^"~*!|',
      'https://exempel.se/dataset/räksmörgås/中文',
      'C:\\path\\file',
    ];
    for (const uri of uris) {
      const escaped = escapeValue(uri);
      assert.ok(fullyEscaped(escaped), escaped);
      assert.equal(unescape(escaped), uri);
    }
    assert.equal(escapeValue('http://www.w3.org/ns/dcat#Dataset'), 'http\\:\\/\\/www.w3.org\\/ns\\/dcat#Dataset');
  });

  test('leaves letters, digits, non-ASCII, dots, # and = alone', () => {
    assert.equal(escapeValue('Räksmörgås.v2#x=1_中'), 'Räksmörgås.v2#x=1_中');
  });
});

describe('clause builders', () => {
  test('field escapes only the value', () => {
    assert.equal(field('resource', 'https://a/b'), 'resource:https\\:\\/\\/a\\/b');
  });

  test('anyOf: one value bare, several OR-ed in parentheses, duplicates once, none → empty', () => {
    assert.equal(anyOf('rdfType', ['x:y']), 'rdfType:x\\:y');
    assert.equal(anyOf('tag.uri', ['a', 'b', 'a']), '(tag.uri:a OR tag.uri:b)');
    assert.equal(anyOf('tag.uri', []), '');
  });

  test('and/or drop empty clauses and parenthesise compound ones', () => {
    assert.equal(and('public:true', ''), 'public:true');
    assert.equal(and('public:true', 'title:a OR title:b'), 'public:true AND (title:a OR title:b)');
    assert.equal(and('public:true', '(a OR b)'), 'public:true AND (a OR b)');
    assert.equal(and('a', 'b', 'c'), 'a AND b AND c');
    assert.equal(or('a', 'b AND c'), 'a OR (b AND c)');
    assert.equal(and(), '');
    // an escaped space does not make a clause compound
    assert.equal(and('public:true', field('title', 'two words')), 'public:true AND title:two\\ words');
  });

  test('uriField / literalField use the predicate hash', () => {
    assert.equal(uriField(`${NS.dcat}theme`), 'metadata.predicate.uri.0ce6b231');
    assert.equal(literalField(`${NS.dcterms}identifier`), 'metadata.predicate.literal_s.9e8fc937');
  });

  test('rdfTypeClause, resourceClause, contextClause', () => {
    assert.equal(rdfTypeClause([`${NS.dcat}Dataset`]), 'rdfType:http\\:\\/\\/www.w3.org\\/ns\\/dcat#Dataset');
    assert.equal(
      rdfTypeClause([`${NS.dcat}Dataset`, `${NS.dcat}DatasetSeries`]),
      '(rdfType:http\\:\\/\\/www.w3.org\\/ns\\/dcat#Dataset OR rdfType:http\\:\\/\\/www.w3.org\\/ns\\/dcat#DatasetSeries)',
    );
    assert.equal(resourceClause(['u1', 'u2']), '(resource:u1 OR resource:u2)');
    assert.equal(contextClause('https://d.org/store/', '7'), 'context:https\\:\\/\\/d.org\\/store\\/7');
  });
});

describe('search URL (what the store decodes)', () => {
  const client = new EntryStoreClient('https://data.example.org/store');

  test('adds public:true, encodes + = & # % so EntryStore decodes the exact query', () => {
    const value = 'a+b=c&d#e%f g/ä';
    const url = client.searchUrl({ query: field(literalField(`${NS.dcterms}identifier`), value) });
    assert.ok(url.startsWith('https://data.example.org/store/search?type=solr&query='));
    assert.doesNotMatch(url.split('?')[1]!, /[+#\s]|=.*=.*=/);
    const params = storeParams(url);
    assert.equal(params.get('type'), 'solr');
    assert.equal(params.get('query'), `public:true AND metadata.predicate.literal_s.9e8fc937:${escapeValue(value)}`);
    assert.deepEqual(clauseValues(params.get('query')!, 'metadata.predicate.literal_s.9e8fc937'), [value]);
  });

  test('includePrivate leaves the query alone; empty private query becomes *:*', () => {
    assert.equal(storeParams(client.searchUrl({ query: 'title:x', includePrivate: true })).get('query'), 'title:x');
    assert.equal(storeParams(client.searchUrl({ query: '', includePrivate: true })).get('query'), '*:*');
    assert.equal(storeParams(client.searchUrl({ query: '' })).get('query'), 'public:true');
  });

  test('limit, offset, sort, facets and filter queries', () => {
    const url = client.searchUrl({
      query: rdfTypeClause([`${NS.dcat}Dataset`]),
      limit: 10,
      offset: 20,
      sort: 'title.sv asc',
      facetFields: [uriField(`${NS.dcat}theme`), uriField(`${NS.dcterms}publisher`)],
      facetLimit: 5,
      filterQueries: ['tag.literal:a,b', 'lang:sv'],
    });
    const p = storeParams(url);
    assert.equal(p.get('limit'), '10');
    assert.equal(p.get('offset'), '20');
    assert.equal(p.get('sort'), 'title.sv asc');
    assert.equal(p.get('facetFields'), 'metadata.predicate.uri.0ce6b231,metadata.predicate.uri.9259d4c1');
    assert.equal(p.get('facetLimit'), '5');
    // the store splits on commas and URL-decodes each part again: a comma inside an fq must survive
    assert.deepEqual(p.get('filterQuery')!.split(',').map(decodeURIComponent), ['tag.literal:a,b', 'lang:sv']);
  });

  test('matches the worked example request of §7 modulo the order of clauses', () => {
    const url = client.searchUrl({ query: rdfTypeClause([`${NS.dcat}Dataset`]), limit: 10 });
    const q = storeParams(url).get('query')!;
    assert.deepEqual(clauseValues(q, 'rdfType'), [`${NS.dcat}Dataset`]);
    assert.match(q, /^public:true AND /);
  });
});
