// Text limits (issue 8 point 11): literals are read only up to TEXT_READ_LIMIT, descriptions hold at most
// TEXT_HARD_LIMIT + 1 characters (more means "cut"), and the helpers that cap rendered text never split a surrogate
// pair and say when they cut.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clip, clipWords, paragraphs, takeChars, textLength, wasCut, TEXT_HARD_LIMIT, TEXT_READ_LIMIT,
} from '../../src/dcat/text.ts';
import { toText } from '../../src/dcat/read.ts';
import { literal } from '../../src/rdf/graph.ts';

const MB20 = 20 * 1024 * 1024;

describe('clip and clipWords', () => {
  test('clip keeps short text, cuts long text, never between surrogate halves', () => {
    assert.equal(clip('abc', 5), 'abc');
    assert.equal(clip('abcdef', 3), 'abc');
    assert.equal(clip('ab😀cd', 3), 'ab'); // 😀 is two UTF-16 units at 2..3
    assert.equal(clip('ab😀cd', 4), 'ab😀');
    assert.equal(clip('abc', 0), '');
  });

  test('clipWords: at most max characters, `…` only when cut, at a space when one is near', () => {
    assert.equal(clipWords('short', 10), 'short');
    const cut = clipWords('word '.repeat(100), 52);
    assert.ok(cut.length <= 52, `${cut.length}`);
    assert.ok(cut.endsWith('word…'), cut);
    const token = clipWords('x'.repeat(1000), 200);
    assert.equal(token.length, 200);
    assert.ok(token.endsWith('…'));
  });
});

describe('takeChars', () => {
  const texts = [{ value: 'a'.repeat(10), lang: 'en' }, { value: 'b'.repeat(10), lang: 'en' }, { value: 'c'.repeat(10), lang: 'en' }];
  test('whole paragraphs while they fit, the next one cut with `…`, the rest dropped', () => {
    const { shown, cut } = takeChars(texts, 15);
    assert.equal(cut, true);
    assert.deepEqual(shown.map((p) => p.value), ['a'.repeat(10), `${'b'.repeat(4)}…`]);
    assert.equal(shown[1]!.lang, 'en');
    assert.ok(textLength(shown) <= 15);
  });
  test('everything when it fits', () => {
    assert.deepEqual(takeChars(texts, 30), { shown: texts, cut: false });
  });
});

describe('paragraphs of a huge description', () => {
  test('a 20 MB literal gives at most TEXT_HARD_LIMIT + 1 characters, marked as cut', () => {
    const huge = 'Lorem ipsum dolor sit amet. '.repeat(Math.ceil(MB20 / 28));
    const out = paragraphs(huge);
    assert.equal(textLength(out.map((value) => ({ value }))), TEXT_HARD_LIMIT + 1);
    assert.equal(wasCut(out.map((value) => ({ value }))), true);
  });

  test('many paragraphs: the paragraphs after the limit are dropped', () => {
    const out = paragraphs('Paragraph text.\n\n'.repeat(100_000));
    assert.ok(out.length < 10_000, `${out.length}`);
    assert.equal(wasCut(out.map((value) => ({ value }))), true);
  });

  test('an ordinary description is unchanged and not cut', () => {
    const out = paragraphs('First.\r\n\r\nSecond line\nsame paragraph.');
    assert.deepEqual(out, ['First.', 'Second line\nsame paragraph.']);
    assert.equal(wasCut(out.map((value) => ({ value }))), false);
  });

  test('entity names that are Object.prototype keys stay as written; real entities decode', () => {
    assert.deepEqual(paragraphs('<p>a &constructor; b &__proto__; c &toString; &auml;</p>'), ['a &constructor; b &__proto__; c &toString; ä']);
  });

  test('markup-heavy text cut while reading still ends with `…`', () => {
    const html = '<p><span class="x"></span>word</p>'.repeat(Math.ceil((TEXT_READ_LIMIT * 2) / 35));
    const out = paragraphs(html);
    assert.ok(out.at(-1)!.endsWith('…'));
    assert.ok(textLength(out.map((value) => ({ value }))) <= TEXT_HARD_LIMIT + 2);
  });
});

describe('toText', () => {
  test('keeps only the first TEXT_READ_LIMIT characters of a literal', () => {
    assert.equal(toText(literal('x'.repeat(MB20))).value.length, TEXT_READ_LIMIT);
    assert.equal(toText(literal('short', { language: 'en' })).value, 'short');
    assert.equal(toText(literal('abcdef'), 4).value, 'abc…');
  });
});

describe('paragraphs: blanks (issue 13 point 11, the faster blank handling)', () => {
  // The plain definition the faster expressions must keep (the code before): in HTML text every run of spaces and
  // tabs is one space, no space stays next to a line break, and paragraphs are trimmed of JavaScript whitespace.
  const referenceParagraphs = (html: string): string[] =>
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/?p\b[^>]*>/gi, '\n\n')
      .replace(/\u00a0/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\r\n?/g, '\n')
      .split(/\n[ \t]*\n\s*/)
      .map((p) => p.replace(/^\s+|\s+$/g, ''))
      .filter((p) => p.length > 0);
  const pieces = ['<p>', '</p>', '<br>', ' ', '  ', '\t', ' \t ', '\t\t', '\u00a0', 'a', 'word', '\n', '\n\n', '\r\n', '\u2003', '\u3000', '\ufeff', '\v'];
  let seed = 7;
  // (the high bits of the generator: its low bits repeat after a few steps)
  const next = (): number => Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 65536);
  test('2,000 random HTML texts of blanks, words and breaks: the same paragraphs as the plain definition', () => {
    for (let i = 0; i < 2000; i++) {
      const html = '<p>' + Array.from({ length: 1 + (next() % 24) }, () => pieces[next() % pieces.length]).join('');
      assert.deepEqual(paragraphs(html), referenceParagraphs(html), JSON.stringify(html));
    }
  });
});
