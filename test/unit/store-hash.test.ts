import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { expand } from '../../src/rdf/namespaces.ts';
import { md5Hex, predicateHash } from '../../src/store/hash.ts';

/** entrystore-api.md §2.4, every row of the table (prefixed names expand with src/rdf/namespaces.ts). */
const TABLE: Array<[string, string]> = [
  ['dcat:theme', '0ce6b231'],
  ['dcterms:title', '3f2ae919'],
  ['dcat:keyword', 'a6424133'],
  ['dcterms:description', 'feda1d30'],
  ['dcat:distribution', 'd55bce60'],
  ['dcterms:publisher', '9259d4c1'],
  ['dcat:accessURL', 'e9031057'],
  ['dcterms:creator', 'abcbc6c6'],
  ['dcat:downloadURL', 'bbec72e1'],
  ['dcterms:format', 'b5d28d0a'],
  ['dcat:mediaType', 'fa92e9b0'],
  ['dcterms:license', '3494e2ce'],
  ['dcat:byteSize', 'c5e9a52e'],
  ['dcterms:accessRights', '23fc4665'],
  ['dcat:contactPoint', 'e3aae312'],
  ['dcterms:rights', 'e2a95adc'],
  ['dcat:landingPage', '3ea4d1b0'],
  ['dcterms:type', 'd14a9e5e'],
  ['dcat:inSeries', '0f683595'],
  ['dcterms:accrualPeriodicity', 'ede522fd'],
  ['dcat:accessService', '079e8ccf'],
  ['dcterms:subject', '256bd150'],
  ['dcat:servesDataset', 'f044933d'],
  ['dcterms:conformsTo', '957f77a7'],
  ['dcat:endpointURL', '65253240'],
  ['dcterms:issued', 'c86e1300'],
  ['dcat:dataset', '1a6410ea'],
  ['dcterms:modified', '3e2f60da'],
  ['foaf:name', '893797ba'],
  ['dcterms:identifier', '9e8fc937'],
  ['foaf:page', 'a545e9ae'],
  ['dcterms:language', 'd105e7f7'],
  ['foaf:homepage', '0d30180e'],
  ['dcterms:spatial', 'c6e46bff'],
  ['foaf:mbox', '6ffd1ddc'],
  ['dcterms:temporal', '74d2396c'],
  ['vcard:fn', '3b8b50bc'],
  ['dcterms:source', '0db2db6b'],
  ['vcard:hasEmail', 'ba95f733'],
  ['adms:status', '11f04157'],
  ['dcatap:hvdCategory', 'a8c277a7'],
  ['adms:identifier', '486a444f'],
  ['dcatap:applicableLegislation', '82f80949'],
  ['schema:offers', 'f0e83287'],
  ['rdf:type', 'c74e2b73'],
  ['schema:diagram', '65093f49'],
  ['dcat:startDate', '73dbf469'],
  ['dcat:endDate', '7d01e96c'],
];

const nodeMd5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('predicateHash', () => {
  test(`matches all ${TABLE.length} hashes of the entrystore-api.md §2.4 table`, () => {
    const wrong = TABLE.filter(([name, h8]) => predicateHash(expand(name)) !== h8).map(([name]) => name);
    assert.deepEqual(wrong, []);
    assert.equal(TABLE.length, 48);
  });

  test('is the first 8 hex chars of the full MD5', () => {
    const iri = expand('dcat:theme');
    assert.equal(predicateHash(iri), md5Hex(iri).slice(0, 8));
    assert.match(predicateHash(iri), /^[0-9a-f]{8}$/);
  });
});

describe('md5Hex', () => {
  test('RFC 1321 test suite', () => {
    assert.equal(md5Hex(''), 'd41d8cd98f00b204e9800998ecf8427e');
    assert.equal(md5Hex('a'), '0cc175b9c0f1b6a831c399e269772661');
    assert.equal(md5Hex('abc'), '900150983cd24fb0d6963f7d28e17f72');
    assert.equal(md5Hex('message digest'), 'f96b697d7cb7938d525a2f31aaf161d0');
    assert.equal(md5Hex('abcdefghijklmnopqrstuvwxyz'), 'c3fcd3d76192e4007dfb496cca67e13b');
    assert.equal(
      md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890'),
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  test('agrees with node:crypto at every padding boundary (0–200 bytes)', () => {
    for (let n = 0; n <= 200; n++) {
      const s = 'x'.repeat(n);
      assert.equal(md5Hex(s), nodeMd5(s), `length ${n}`);
    }
  });

  test('agrees with node:crypto on random strings incl. non-ASCII (UTF-8 bytes are hashed)', () => {
    const alphabet = ['a', 'Z', '9', ' ', '/', ':', '#', 'å', 'ä', 'ö', 'Ü', 'ß', '€', '中', '文', '😀', '\u0000', '\n'];
    for (let i = 0; i < 300; i++) {
      const bytes = randomBytes(1 + (i % 97));
      const s = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
      assert.equal(md5Hex(s), nodeMd5(s), JSON.stringify(s));
    }
    const iri = 'http://example.org/ns#färg/中文/😀';
    assert.equal(predicateHash(iri), nodeMd5(iri).slice(0, 8));
  });

  test('a large input (100 kB) matches node:crypto', () => {
    const s = 'Räksmörgås '.repeat(10_000);
    assert.equal(md5Hex(s), nodeMd5(s));
  });
});
