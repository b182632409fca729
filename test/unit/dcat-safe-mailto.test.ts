// mailto: links built from metadata (issue 8 point 4): only ever one plain address. The query and fragment are
// dropped; encoded control characters (header injection), whitespace and several recipients are refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mailtoHref, safeHref } from '../../src/dcat/safe.ts';

/** Values whose query or fragment must go, leaving the one address. */
const QUERY_DROPPED: ReadonlyArray<readonly [string, string]> = [
  ['mailto:victim@example.org?bcc=spy@evil.example&subject=Hello&body=Click%20here', 'mailto:victim@example.org'],
  ['mailto:victim@example.org?to=other@evil.example', 'mailto:victim@example.org'],
  ['mailto:victim@example.org?cc=a@evil.example', 'mailto:victim@example.org'],
  ['MAILTO:victim@example.org?BCC=a@evil.example', 'mailto:victim@example.org'],
  ['mailto:victim@example.org?', 'mailto:victim@example.org'],
  ['mailto:victim@example.org#frag', 'mailto:victim@example.org'],
  ['mailto:victim@example.org?subject=x#frag', 'mailto:victim@example.org'],
  ['mailto:victim@example.org\n?bcc=a@evil.example', 'mailto:victim@example.org'],
  ['mailto:victim@example.org?body=%0D%0ABcc:%20spy@evil.example', 'mailto:victim@example.org'],
  ['  mailto:victim@example.org?subject=x  ', 'mailto:victim@example.org'],
];

/** Values that must not become links at all. */
const REFUSED = [
  'mailto:victim@example.org%0D%0ABcc:spy@evil.example',
  'mailto:victim@example.org%0d%0abcc:spy@evil.example',
  'mailto:victim@example.org%0ABcc:spy@evil.example',
  'mailto:victim@example.org%0D',
  'mailto:victim%00@example.org',
  'mailto:victim@example.org%09',
  'mailto:victim@example.org%7F',
  'mailto:victim@example.org%C2%85', // U+0085 next line
  'mailto:victim@example.org%E2%80%A8', // U+2028 line separator
  'mailto:vic%20tim@example.org',
  'mailto:victim@exa mple.org',
  'mailto:victim@example.org,spy@evil.example',
  'mailto:victim@example.org;spy@evil.example',
  'mailto:victim@example.org%2Cspy@evil.example',
  'mailto:victim@example.org%3Bspy@evil.example',
  'mailto:victim@example.org%3Fbcc=spy@evil.example',
  'mailto:a@b@example.org',
  'mailto:victim@',
  'mailto:@example.org',
  'mailto:?to=victim@example.org',
  'mailto:?bcc=spy@evil.example',
  'mailto:%',
  'mailto:victim%E0@example.org', // malformed percent-encoding
  'mailto:"victim"@example.org',
  'mailto:<victim@example.org>',
  'mailto:victim@[127.0.0.1]',
];

describe('safeHref: mailto', () => {
  test('a plain address is kept', () => {
    assert.equal(safeHref('mailto:info@example.org'), 'mailto:info@example.org');
    assert.equal(safeHref('mailto:first.last+tag@sub.example.org'), 'mailto:first.last+tag@sub.example.org');
    assert.equal(safeHref("mailto:o'brien@example.org"), "mailto:o'brien@example.org");
    assert.equal(safeHref('mailto:%61nna@example.org'), 'mailto:anna@example.org');
    assert.equal(safeHref('mailto:åsa@exempel.se'), 'mailto:%C3%A5sa@exempel.se');
  });

  test('query and fragment are dropped, the address stays', () => {
    for (const [input, out] of QUERY_DROPPED) assert.equal(safeHref(input), out, JSON.stringify(input));
  });

  test('encoded control characters, whitespace and several recipients are refused', () => {
    for (const v of REFUSED) assert.equal(safeHref(v), undefined, JSON.stringify(v));
  });

  test('no mailto href ever carries a query, a fragment or an encoded control character', () => {
    for (const v of [...QUERY_DROPPED.map(([i]) => i), ...REFUSED]) {
      const href = safeHref(v);
      if (href === undefined) continue;
      assert.doesNotMatch(href, /[?#]|%0[0-9a-f]|%1[0-9a-f]|%7f|[,;\s]/i, JSON.stringify(v));
    }
  });

  test('http(s) URLs keep their query and fragment', () => {
    assert.equal(safeHref('https://example.org/a?mailto=x&b=1#c'), 'https://example.org/a?mailto=x&b=1#c');
  });
});

describe('mailtoHref: contact addresses', () => {
  test('the same rules apply to bare and prefixed addresses', () => {
    assert.equal(mailtoHref('info@example.org'), 'mailto:info@example.org');
    for (const v of [
      'victim@example.org%0D%0ABcc:spy@evil.example',
      'mailto:victim@example.org%0ABcc:spy@evil.example',
      'victim@example.org,spy@evil.example',
      'vic,tim@example.org',
      'vic;tim@example.org',
      'vic%2Ctim@example.org',
      'mailto:victim@example.org?bcc=spy@evil.example',
      'victim@example.org#x',
    ]) {
      assert.equal(mailtoHref(v), undefined, v);
    }
  });
});
