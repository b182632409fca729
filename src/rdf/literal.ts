/**
 * Choosing which of several language-tagged values to show. Order of preference: the exact tag, then the same
 * primary language in either direction (`sv-SE` for `sv` and `sv` for `sv-SE`), then English, then untagged values,
 * then whatever comes first. Tags compare case-insensitively.
 */
import type { Term } from './graph.ts';

const tagOf = (t: Term): string => (t.termType === 'Literal' ? (t.language ?? '').toLowerCase() : '');
const primaryOf = (tag: string): string => tag.split('-')[0]!;

/** The preference tests, best first; each says whether a term's tag belongs to that group. */
function preferenceTests(lang: string): Array<(tag: string) => boolean> {
  const want = lang.trim().toLowerCase();
  const primary = primaryOf(want);
  return [
    (tag) => tag === want,
    (tag) => tag !== '' && primaryOf(tag) === primary,
    (tag) => primaryOf(tag) === 'en',
    (tag) => tag === '',
  ];
}

/** The single best value for `lang`, or undefined when there are no terms. */
export function pickLiteral(terms: readonly Term[], lang: string): Term | undefined {
  for (const test of preferenceTests(lang)) {
    const hit = terms.find((t) => test(tagOf(t)));
    if (hit) return hit;
  }
  return terms[0];
}

/**
 * For multi-valued properties (keywords): every value of the best language group, plus the untagged values,
 * in their original order. Falls back to the language group of the first value.
 */
export function pickLiterals(terms: readonly Term[], lang: string): Term[] {
  if (terms.length === 0) return [];
  const tests = preferenceTests(lang);
  const best = tests.find((test) => terms.some((t) => test(tagOf(t)))) ?? ((tag: string) => tag === tagOf(terms[0]!));
  return terms.filter((t) => {
    const tag = tagOf(t);
    return tag === '' || best(tag);
  });
}
