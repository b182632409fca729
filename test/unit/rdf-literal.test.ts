import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { literal, namedNode, type Term } from '../../src/rdf/graph.ts';
import { pickLiteral, pickLiterals } from '../../src/rdf/literal.ts';

const l = (value: string, language?: string): Term => literal(value, language ? { language } : undefined);
const values = (terms: Term[]) => terms.map((t) => t.value);

describe('pickLiteral', () => {
  test('exact tag wins over everything', () => {
    const terms = [l('en', 'en'), l('plain'), l('sv-SE', 'sv-se'), l('sv', 'sv')];
    assert.equal(pickLiteral(terms, 'sv')?.value, 'sv');
    assert.equal(pickLiteral(terms, 'sv-SE')?.value, 'sv-SE');
  });

  test('sv-SE counts as sv and sv as sv-SE (primary subtag, case-insensitive)', () => {
    assert.equal(pickLiteral([l('en', 'en'), l('svensk', 'sv-SE')], 'sv')?.value, 'svensk');
    assert.equal(pickLiteral([l('en', 'en'), l('svensk', 'sv')], 'sv-SE')?.value, 'svensk');
    assert.equal(pickLiteral([l('en', 'en'), l('svensk', 'SV')], 'sv-se')?.value, 'svensk');
    assert.equal(pickLiteral([l('finlandssvensk', 'sv-FI'), l('en', 'en')], 'sv-SE')?.value, 'finlandssvensk');
  });

  test('a different language sharing no primary subtag is not a match ("se" is not "sv")', () => {
    assert.equal(pickLiteral([l('samiska', 'se'), l('english', 'en')], 'sv')?.value, 'english');
  });

  test('falls back to English (incl. en-GB), then untagged, then the first value', () => {
    assert.equal(pickLiteral([l('deutsch', 'de'), l('plain'), l('english', 'en-GB')], 'sv')?.value, 'english');
    assert.equal(pickLiteral([l('deutsch', 'de'), l('plain')], 'sv')?.value, 'plain');
    assert.equal(pickLiteral([l('deutsch', 'de'), l('français', 'fr')], 'sv')?.value, 'deutsch');
  });

  test('untagged literals are a fallback, never preferred over the wanted language', () => {
    assert.equal(pickLiteral([l('plain'), l('deutsch', 'de')], 'de')?.value, 'deutsch');
  });

  test('no terms → undefined; IRIs count as untagged', () => {
    assert.equal(pickLiteral([], 'sv'), undefined);
    assert.equal(pickLiteral([l('deutsch', 'de'), namedNode('http://x')], 'sv')?.value, 'http://x');
  });
});

describe('pickLiterals', () => {
  test('all values of the best language group plus untagged ones, in original order', () => {
    const keywords = [l('bad', 'sv'), l('bath', 'en'), l('vatten', 'sv'), l('EU'), l('Wasser', 'de')];
    assert.deepEqual(values(pickLiterals(keywords, 'sv')), ['bad', 'vatten', 'EU']);
    assert.deepEqual(values(pickLiterals(keywords, 'en')), ['bath', 'EU']);
    assert.deepEqual(values(pickLiterals(keywords, 'fi')), ['bath', 'EU']);
  });

  test('sv-SE request takes the sv group (and vice versa)', () => {
    assert.deepEqual(values(pickLiterals([l('a', 'sv'), l('b', 'en'), l('c', 'sv')], 'sv-SE')), ['a', 'c']);
    assert.deepEqual(values(pickLiterals([l('a', 'sv-SE'), l('b', 'en')], 'sv')), ['a']);
  });

  test('only untagged → all of them; no match at all → the group of the first value', () => {
    assert.deepEqual(values(pickLiterals([l('x'), l('y')], 'sv')), ['x', 'y']);
    assert.deepEqual(values(pickLiterals([l('a', 'de'), l('b', 'fr'), l('c', 'de')], 'sv')), ['a', 'c']);
    assert.deepEqual(pickLiterals([], 'sv'), []);
  });
});
