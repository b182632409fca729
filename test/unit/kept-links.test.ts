// KeptLinks (blocks/search-base/kept-links.ts): the one link cache of the search blocks (row links, facet value links).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KeptLinks } from '../../blocks/search-base/kept-links.ts';

test('a link is built once while every part of its context is the same; any changed part drops them all', () => {
  const links = new KeptLinks(10);
  let built = 0;
  const build = (href: string) => () => `${href}#${++built}`;
  const state = { page: 1 };
  assert.equal(links.href([state, 'a'], 'k', build('x')), 'x#1');
  assert.equal(links.href([state, 'a'], 'k', build('x')), 'x#1', 'same context: kept');
  assert.equal(links.href([state, 'a'], 'other', build('y')), 'y#2');
  // an equal but other object is another context (a new search state), and so is another address
  assert.equal(links.href([{ page: 1 }, 'a'], 'k', build('x')), 'x#3');
  assert.equal(links.href([state, 'b'], 'k', build('x')), 'x#4');
  assert.equal(links.href([state, 'b', 'c'], 'k', build('x')), 'x#5', 'a longer context is another one');
  assert.equal(links.href([state, 'b', 'c'], 'other', build('y')), 'y#6', 'the links of the old context were dropped');
});

test('at most `max` links are kept, the oldest goes first', () => {
  const links = new KeptLinks(3);
  let built = 0;
  const ctx = ['same'];
  for (const k of ['a', 'b', 'c', 'd']) links.href(ctx, k, () => `${k}${++built}`);
  assert.equal(links.href(ctx, 'd', () => 'new'), 'd4');
  assert.equal(links.href(ctx, 'b', () => 'new'), 'b2');
  assert.equal(links.href(ctx, 'a', () => 'rebuilt'), 'rebuilt', 'the oldest was dropped');
});

test('the list and the facets keep their links with it, and no search block keeps links another way', () => {
  for (const file of ['blocks/dataset-list/search-list.ts', 'blocks/dataset-facets/facets.ts']) {
    const src = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    assert.match(src, /new KeptLinks\(/, file);
    assert.doesNotMatch(src, /#hrefs\b|hrefs\.get\(|hrefs: new Map/, file);
  }
});
