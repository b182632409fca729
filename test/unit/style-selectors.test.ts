// The blocks' stylesheets must not make the browser restyle a whole page for a small change. A selector with a sibling
// combinator (`+`, `~`) whose last compound is universal (`> * + *`, `:where(*)`, a bare `:not(…)`) is tested against
// every element: Chromium then marks every parent as having children affected by sibling rules, and an element
// inserted or removed anywhere (a chip, a facet value, a row) restyles the elements after it with their whole
// subtrees. Such a rule in the search layouts made a facet click restyle ~355 of a page's ~365 elements.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['blocks', 'src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of every css`…` template (interpolations replaced by a placeholder). */
function cssTexts(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bcss`((?:[^`\\]|\\.)*)`/g)) out.push(m[1]!.replace(/\$\{[^}]*\}/g, 'X'));
  return out;
}

/** Top-level pieces of `s` split at `sep` characters (not inside parentheses or brackets). */
function splitTop(s: string, test: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    if (depth === 0 && test(c)) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

/** Selectors (complex selectors) of a stylesheet text: the preludes of its rules, comments and at-rules left out. */
export function selectorsOf(cssText: string): string[] {
  const text = cssText.replace(/\/\*[^]*?\*\//g, '');
  const out: string[] = [];
  for (const m of text.matchAll(/([^{};]+)\{/g)) {
    const prelude = m[1]!.trim();
    if (!prelude || prelude.startsWith('@') || /^(from|to|\d+%)$/.test(prelude)) continue;
    out.push(...splitTop(prelude, (c) => c === ',').map((s) => s.trim()).filter(Boolean));
  }
  return out;
}

/** The last compound of a selector that has a sibling combinator, when that compound matches any element. */
export function universalSiblingSubject(selector: string): string | undefined {
  const pieces = splitTop(selector, (c) => c === '+' || c === '~');
  if (pieces.length < 2) return undefined;
  const last = splitTop(pieces.at(-1)!.trim(), (c) => c === ' ' || c === '>').filter(Boolean).at(-1)!.replace(/::?[\w-]+$/, (p) => (p.startsWith('::') ? '' : p));
  const unwrapped = last.replace(/^:(?:where|is)\((.*)\)$/, '$1').trim();
  return /^(\*|:not\(.*\))$/.test(unwrapped) ? last : undefined;
}

describe('block stylesheets: no universal subject after a sibling combinator', () => {
  it('the check itself: finds the owl selector and its :where / :not forms, not a class subject', () => {
    assert.equal(universalSiblingSubject(':where(.esbResultColumn) > :where(*) + :where(*)'), ':where(*)');
    assert.equal(universalSiblingSubject('.a > * + *'), '*');
    assert.equal(universalSiblingSubject('.a > .b ~ :not(.c)'), ':not(.c)');
    assert.equal(universalSiblingSubject(':where(.a) > :where(.esbPart) + :where(.esbPart)'), undefined);
    assert.equal(universalSiblingSubject('.a + .b::after'), undefined);
    assert.equal(universalSiblingSubject(':where(.a) :where(summary) > :where(h1, h2)'), undefined);
    assert.deepEqual(selectorsOf('/* x { */ .a, :where(.b, .c) > d { color: red } @media (max-width: X) { .e + * { margin: 0 } }'),
      ['.a', ':where(.b, .c) > d', '.e + *']);
  });

  it('every css`…` of the blocks and the engine', () => {
    const found: string[] = [];
    let checked = 0;
    for (const file of ROOTS.flatMap(sources)) {
      for (const text of cssTexts(readFileSync(file, 'utf8'))) {
        for (const selector of selectorsOf(text)) {
          checked++;
          if (universalSiblingSubject(selector)) found.push(`${file}: ${selector}`);
        }
      }
    }
    assert.ok(checked > 200, `the scan found the stylesheets (${checked} selectors)`);
    assert.deepEqual(found, []);
  });
});
