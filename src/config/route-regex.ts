/**
 * Whether a `routes` regex (written by the page's editor) can make a backtracking engine run for minutes on an address
 * an attacker chooses (issue 23 point 5: `^.*(a+)+b$` on an address ending in 28 × `a` + `c` blocked the tab for
 * 126 s). A structural check of the source, no library (the candidates are a regex parser of several KB, or a JVM /
 * native checker; this sits in the first script of every page):
 *   - exponential: a repeating quantifier (`*`, `+`, `{…}`) on a group whose body holds a repeating quantifier or an
 *     alternation — `(a+)+`, `(\w+\s?)*`, `(a|aa)+`, `(?:x*){2}`;
 *   - polynomial: the number of open-ended quantifiers (`*`, `+`, `{n,}`, `{n,m}`), plus one for the scan over start
 *     positions of a regex not anchored with `^`, is the degree of the worst case; over 3 is refused (`.*a.*a.*b`).
 *     Up to 3 on the at most 2,048 characters matched (entry-location.ts) is a few seconds in the worst case.
 * Every route of the incumbent's documentation and of real sites passes (`/\/datasets\/(\d+)_(\d+)/` is degree 3).
 */
/** A quantifier that repeats: `*`, `+`, `{n}`, `{n,}`, `{n,m}` (group 1: the comma of an open count). */
const REPEAT = /[*+]|\{\d+(,)?\d*\}/y;

export function backtracksBadly(source: string): boolean {
  // per open group: does its body (nested groups included) repeat something or hold an alternation?
  const open: boolean[] = [false];
  let closed: boolean | undefined; // the group just closed, which a quantifier right here applies to
  let degree = source.startsWith('^') ? 0 : 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    REPEAT.lastIndex = i;
    const q = REPEAT.exec(source);
    if (q) {
      if (closed) return true;
      open[open.length - 1] = true;
      // `{n}` repeats a fixed number of times; the others up to a bound chosen by the address
      if ((q[0].length < 2 || q[1]) && ++degree > 3) return true;
      i += q[0].length - 1;
    } else if (c === '\\') i++;
    else if (c === '[') {
      while (++i < source.length && source[i] !== ']') if (source[i] === '\\') i++;
    } else if (c === '(') open.push(false);
    else if (c === ')' && open.length > 1) {
      closed = open.pop();
      if (closed) open[open.length - 1] = true;
      continue;
    } else if (c === '|') open[open.length - 1] = true;
    closed = undefined;
  }
  return false;
}
