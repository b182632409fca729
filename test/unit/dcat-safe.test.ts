import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mailtoHref, safeHref } from '../../src/dcat/safe.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

/** Values an attacker can put in any URL-valued metadata property. */
const HOSTILE = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  '\u0000javascript:alert(1)',
  'java\u0000script:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u200bjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  '/relative/path',
  'relative.html',
  'http://',
  'https:',
  'mailto:',
  'mailto:?subject=x',
  '',
  '   ',
];

describe('safeHref', () => {
  test('keeps absolute http, https and mailto URLs', () => {
    assert.equal(safeHref('https://example.org/a?b=1#c'), 'https://example.org/a?b=1#c');
    assert.equal(safeHref('http://example.org'), 'http://example.org/');
    assert.equal(safeHref('HTTPS://EXAMPLE.org/X'), 'https://example.org/X');
    assert.equal(safeHref('mailto:info@example.org'), 'mailto:info@example.org');
  });

  test('trims surrounding whitespace and control characters', () => {
    assert.equal(safeHref('  https://example.org/x \n'), 'https://example.org/x');
    assert.equal(safeHref('\u0000\u001fhttps://example.org/x'), 'https://example.org/x');
  });

  test('rejects every hostile or relative value', () => {
    for (const v of HOSTILE) assert.equal(safeHref(v), undefined, JSON.stringify(v));
    assert.equal(safeHref(undefined), undefined);
  });

  test('inner spaces are percent-encoded, never turn a URL into something else', () => {
    assert.equal(safeHref('https://example.org/a b'), 'https://example.org/a%20b');
  });
});

describe('mailtoHref', () => {
  test('accepts a bare address or any-case mailto: prefix', () => {
    assert.equal(mailtoHref('info@example.org'), 'mailto:info@example.org');
    assert.equal(mailtoHref('mailto:info@example.org'), 'mailto:info@example.org');
    assert.equal(mailtoHref(' MAILTO:info@example.org '), 'mailto:info@example.org');
  });

  test('rejects non-addresses and other schemes', () => {
    for (const v of ['javascript:alert(1)@x.se', 'info@example', 'not an address', 'a@b@c.se', 'x@y.se?subject=hi', '', undefined]) {
      assert.equal(mailtoHref(v), undefined, String(v));
    }
  });
});
