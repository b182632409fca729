// Issue 23 point 5: a `routes` regex is the editor's, the address is the attacker's. `^.*(a+)+b$` on an address ending
// in 28 × `a` + `c` blocked a tab for 126 s. Routes match origin + path + query (no fragment), an address over 2,048
// characters of path + query is matched by no route, a regex that can backtrack without bound is skipped — each with
// one console warning — and every route form of the incumbent's documentation and real sites still matches.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { locateEntry } from '../../src/config/entry-location.ts';
import { backtracksBadly } from '../../src/config/route-regex.ts';
import { resetWarnings } from '../../src/config/warn.ts';

const at = (href: string) => new URL(href);

let warnings: string[];
const original = console.warn;
beforeEach(() => {
  resetWarnings();
  warnings = [];
  console.warn = (...args: unknown[]) => { warnings.push(args.map(String).join(' ')); };
});
afterEach(() => { console.warn = original; });

describe('routes: the forms real pages use keep matching', () => {
  const ENTRY = { kind: 'entry', contextId: '3', entryId: '12' };
  const FORMS: [what: string, regex: RegExp | string, href: string][] = [
    ['the documented RegExp literal', /\/datasets\/(\d+)_(\d+)/, 'https://portal.example.org/datasets/3_12'],
    ['the same with the g flag', /\/datasets\/(\d+)_(\d+)/g, 'https://portal.example.org/datasets/3_12'],
    ['its source text (JSON config)', '\\/datasets\\/(\\d+)_(\\d+)', 'https://portal.example.org/datasets/3_12?lang=sv'],
    ['anchored at the end of the path', '/datasets/(\\d+)_(\\d+)$', 'https://portal.example.org/datasets/3_12'],
    ['written with the origin (matched against the full address by the incumbent)', /^https:\/\/portal\.example\.org\/datasets\/(\d+)_(\d+)/,
      'https://portal.example.org/datasets/3_12'],
    ['with the scheme left open', '^https?://[^/]+/datasets/([^/?#]+)_(\\d+)$', 'http://portal.example.org/datasets/3_12'],
    ['reading the query', /[?&]ds=(\d+)_(\d+)/, 'https://portal.example.org/dataset?ds=3_12&lang=en'],
    ['bounded repetitions', /\/datasets\/(\d{1,6})_(\d{1,9})/, 'https://portal.example.org/datasets/3_12'],
    ['with an alternation', /\/(?:dataset|datasets|datamangd)\/(\d+)_(\d+)/, 'https://portal.example.org/datamangd/3_12'],
  ];
  for (const [what, regex, href] of FORMS) {
    it(what, () => {
      assert.deepEqual(locateEntry(at(href), {}, { routes: [{ regex, context: 1, entry: 2 }] }), ENTRY);
      assert.deepEqual(warnings, []);
    });
  }
  it('a `$` route matches on an address with a fragment (the fragment is not part of what routes match)', () => {
    const routes = [{ regex: '/datasets/(\\d+)_(\\d+)$', context: 1, entry: 2 }];
    assert.deepEqual(locateEntry(at('https://portal.example.org/datasets/3_12#esc_term=x'), {}, { routes }), ENTRY);
  });
  it('a route on the fragment matches no more (documented): the fragment keys esc_entry / esc_context still do', () => {
    const routes = [{ regex: '#/ds/(\\d+)_(\\d+)', context: 1, entry: 2 }];
    assert.deepEqual(locateEntry(at('https://portal.example.org/app#/ds/3_12'), {}, { routes }), { kind: 'none' });
    assert.deepEqual(locateEntry(at('https://portal.example.org/app#esc_entry=12&esc_context=3'), {}, { routes }), ENTRY);
  });
});

describe('routes: a hostile address cannot drive a catastrophic backtrack', () => {
  it('the ReDoS route of the report is skipped with one warning naming it (also where it would match)', () => {
    const routes = [{ regex: '^.*(a+)+b$', lookup: 'x' }];
    for (let i = 0; i < 5; i++) {
      // short enough to finish quickly even on a regex engine that tried it
      assert.deepEqual(locateEntry(at(`https://portal.example.org/${'a'.repeat(12)}c`), {}, { routes }), { kind: 'none' });
      // would match: the route is skipped, not just failing
      assert.deepEqual(locateEntry(at('https://portal.example.org/aab'), {}, { routes }), { kind: 'none' });
    }
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /\[catalog-blocks\] routes: \/\^\.\*\(a\+\)\+b\$\/ is skipped/);
  });
  it('the next route still applies after a skipped one', () => {
    const routes = [{ regex: /(\w+\s?)*$/, entry: 1 }, { regex: /\/datasets\/(\d+)_(\d+)/, context: 1, entry: 2 }];
    assert.deepEqual(locateEntry(at('https://portal.example.org/datasets/3_12'), {}, { routes }), { kind: 'entry', contextId: '3', entryId: '12' });
    assert.equal(warnings.length, 1);
  });
  it('an address over 2,048 characters of path + query is matched by no route, with one warning', () => {
    const routes = [{ regex: /\/datasets\/(\d+)_(\d+)/, context: 1, entry: 2 }];
    const long = `https://portal.example.org/datasets/3_12?q=${'x'.repeat(2048)}`;
    assert.deepEqual(locateEntry(at(long), {}, { routes }), { kind: 'none' });
    assert.deepEqual(locateEntry(at(long), {}, { routes }), { kind: 'none' });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /routes: an address over 2048 characters/);
    // at the bound it still matches (2,048 characters of path + query)
    const path = '/datasets/3_12?q=';
    const atBound = `https://portal.example.org${path}${'x'.repeat(2048 - path.length)}`;
    assert.equal(new URL(atBound).pathname.length + new URL(atBound).search.length, 2048);
    assert.deepEqual(locateEntry(at(atBound), {}, { routes }), { kind: 'entry', contextId: '3', entryId: '12' });
  });
  it('a malformed escape in a captured group is kept as written, never thrown', () => {
    const routes = [{ regex: '/ds/([^/?]+)$', lookup: 1 }];
    const loc = locateEntry(at('https://portal.example.org/ds/%E0%A4'), {}, { routes });
    assert.equal(loc.kind === 'lookup' ? loc.value : loc.kind, '%E0%A4');
    assert.equal((locateEntry(at('https://portal.example.org/ds/a%20b'), {}, { routes }) as { value?: string }).value, 'a b');
  });
  it('a page without routes is not warned about its long address', () => {
    locateEntry(at(`https://portal.example.org/p?q=${'x'.repeat(5000)}`), {}, {});
    assert.deepEqual(warnings, []);
  });
});

describe('backtracksBadly', () => {
  it('refuses nested and alternating repeated groups (exponential) and over 3 unbounded quantifiers (polynomial)', () => {
    for (const s of ['^.*(a+)+b$', '(a*)*', '(\\w+\\s?)*$', '(a|aa)+', '(?:a+){2,}', '((ab)*c)*', '(.*a){12}', '(?:x*){2}',
      '^(?<n>\\d+)+$', '([a-z]+\\/?)+$', '(a+?)+?', '.*a.*a.*b', '^.*a.*a.*a.*b$', '\\d+\\d+\\d+x']) assert.equal(backtracksBadly(s), true, s);
  });
  it('passes flat routes, escaped or bracketed parentheses, optional groups and exact counts', () => {
    for (const s of ['\\/datasets\\/(\\d+)_(\\d+)', '^https?:\\/\\/[^/]+\\/datasets\\/([^/?#]+)$', '\\(a+\\)+', '[(a+)+]', '[\\]a+]+x',
      '(\\d{1,6})_(\\d+)', '(?:dataset|datasets)/(\\d+)', '(a|b)?', 'katalog/([a-z]+)$', '(\\d{4})', '(a+?)?b',
      '^.*/datasets/([^/]+)/([^/]+)$', '\\d+\\d+x']) assert.equal(backtracksBadly(s), false, s);
  });
});
