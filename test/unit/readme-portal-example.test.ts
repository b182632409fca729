/**
 * Issue 11 point 10: the README's portal-builder example must not skip a heading level below the break width, where
 * the filter column (and its h2) sits behind the "Filters" button: the list's row titles (h{hl}) need an h{hl-1} of
 * their own before them inside the results region. Read from the README as a reader copies it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('### Composing a portal from supportive blocks'));
const example = /```html\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

test('the portal example gives the result rows a heading one level up inside <main>, not only in the filter column', () => {
  assert.ok(example.includes('<dataset-list'), 'the example is found');
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(example)?.[1] ?? '';
  const list = /<dataset-list\b[^>]*\bhl="(\d)"/.exec(main);
  assert.ok(list, 'the list with its hl is inside <main>');
  const rowLevel = Number(list[1]);
  const before = main.slice(0, list.index);
  const levels = [...before.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
  assert.ok(levels.includes(rowLevel - 1), `an h${rowLevel - 1} before the h${rowLevel} rows inside <main> (found ${levels.join(', ') || 'none'})`);
});
