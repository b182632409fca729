/**
 * The Lucene (classic QueryParser) subset EntryStore clients send (§2.5): AND / OR / NOT / && / || / ! / + / -,
 * parentheses, `field:value`, `field:(a OR b)`, quoted phrases, backslash escapes, wildcards `*` `?`,
 * `*:*`, ranges `[a TO b]` `{a TO b}` (with `*`), boosts `^n`, fuzzy/proximity `~n` (parsed, ignored).
 * Default operator OR; clause occurrence follows Lucene's addClause rules (`a AND b OR c` = +a +b c).
 * Deviation: `/` is an ordinary term character (no regex queries), and ':' after a field name is literal.
 */

export type Occur = 'must' | 'should' | 'not';

export interface TermPart {
  text: string;
  /** True when the text holds unescaped wildcard characters. */
  wild: boolean;
}

export type QueryNode =
  | { type: 'bool'; clauses: { occur: Occur; node: QueryNode }[]; boost: number }
  | { type: 'term'; field: string; value: string; parts: TermPart[]; wildcard: boolean; phrase: boolean; boost: number }
  | { type: 'range'; field: string; lower: string | null; upper: string | null; includeLower: boolean; includeUpper: boolean; boost: number }
  | { type: 'all'; boost: number };

export class QuerySyntaxError extends Error {}

const TERM_STOP = new Set([' ', '\t', '\n', '\r', '\u3000', '(', ')', '^', '[', ']', '"', '{', '}', '~', ':']);

export function parseLucene(input: string, defaultField = 'all'): QueryNode {
  let i = 0;
  const s = input;

  const ws = (): void => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  const keyword = (word: string): boolean => {
    if (!s.startsWith(word, i)) return false;
    const next = s[i + word.length];
    const boundary = next === undefined || /\s/.test(next) || (word === 'NOT' && next === '(') || ((word === 'AND' || word === 'OR') && next === '(');
    if (!boundary) return false;
    i += word.length;
    return true;
  };

  /** Reads a term token; `allowColon` inside values (after `field:`). */
  const readTerm = (allowColon: boolean): TermPart[] | undefined => {
    const parts: TermPart[] = [];
    let cur = '';
    let curWild = false;
    const flush = (wild: boolean): void => {
      if (cur) parts.push({ text: cur, wild: curWild });
      cur = '';
      curWild = wild;
    };
    const start = i;
    while (i < s.length) {
      const c = s[i]!;
      if (c === '\\') {
        if (i + 1 >= s.length) throw new QuerySyntaxError('dangling backslash');
        if (curWild) flush(false);
        cur += s[i + 1];
        i += 2;
        continue;
      }
      if (TERM_STOP.has(c) && !(allowColon && c === ':')) break;
      if ((c === '+' || c === '-' || c === '!') && i === start) break;
      const wild = c === '*' || c === '?';
      if (wild !== curWild) flush(wild);
      cur += c;
      i++;
    }
    flush(false);
    return i === start ? undefined : parts;
  };

  const readNumberSuffix = (): number | undefined => {
    const m = /^\d+(?:\.\d+)?|^\.\d+/.exec(s.slice(i));
    if (!m) return undefined;
    i += m[0].length;
    return Number(m[0]);
  };

  const modifiers = (): number => {
    let boost = 1;
    for (;;) {
      if (s[i] === '^') {
        i++;
        const n = readNumberSuffix();
        if (n === undefined) throw new QuerySyntaxError('boost without number');
        boost = n;
      } else if (s[i] === '~') {
        i++;
        readNumberSuffix();
      } else return boost;
    }
  };

  const readRangeBound = (): string | null => {
    ws();
    if (s[i] === '"') return readQuoted();
    let out = '';
    while (i < s.length && !/\s/.test(s[i]!) && s[i] !== ']' && s[i] !== '}') {
      if (s[i] === '\\' && i + 1 < s.length) {
        out += s[i + 1];
        i += 2;
      } else out += s[i++];
    }
    if (!out) throw new QuerySyntaxError('empty range bound');
    return out === '*' ? null : out;
  };

  const readQuoted = (): string => {
    i++; // opening quote
    let out = '';
    while (i < s.length && s[i] !== '"') {
      if (s[i] === '\\' && i + 1 < s.length) {
        out += s[i + 1];
        i += 2;
      } else out += s[i++];
    }
    if (s[i] !== '"') throw new QuerySyntaxError('unterminated phrase');
    i++;
    return out;
  };

  const range = (field: string): QueryNode => {
    const includeLower = s[i] === '[';
    i++;
    const lower = readRangeBound();
    ws();
    if (!keyword('TO')) throw new QuerySyntaxError('range without TO');
    const upper = readRangeBound();
    ws();
    const close = s[i];
    if (close !== ']' && close !== '}') throw new QuerySyntaxError('unterminated range');
    i++;
    return { type: 'range', field, lower, upper, includeLower, includeUpper: close === ']', boost: modifiers() };
  };

  let depth = 0;
  const valueFor = (field: string): QueryNode => {
    const c = s[i];
    if (c === '(') {
      if (++depth > 100) throw new QuerySyntaxError('too deeply nested');
      i++;
      const node = clauses(field, true);
      if (s[i] !== ')') throw new QuerySyntaxError('missing )');
      i++;
      depth--;
      node.boost = modifiers();
      return node;
    }
    if (c === '[' || c === '{') return range(field);
    if (c === '"') {
      const value = readQuoted();
      return { type: 'term', field, value, parts: [{ text: value, wild: false }], wildcard: false, phrase: true, boost: modifiers() };
    }
    const parts = readTerm(true);
    if (!parts) throw new QuerySyntaxError(`missing value for ${field}`);
    const value = parts.map((p) => p.text).join('');
    if (field === '*' && value === '*') return { type: 'all', boost: modifiers() };
    return { type: 'term', field, value, parts, wildcard: parts.some((p) => p.wild), phrase: false, boost: modifiers() };
  };

  const clause = (field: string): QueryNode => {
    const c = s[i];
    if (c === '(' || c === '[' || c === '{' || c === '"') return valueFor(field);
    const save = i;
    const parts = readTerm(false);
    if (!parts) throw new QuerySyntaxError(`unexpected ${c === undefined ? 'end of query' : `"${c}"`}`);
    if (s[i] === ':' && parts.length > 0) {
      const name = parts.map((p) => p.text).join('');
      i++;
      return valueFor(name);
    }
    i = save;
    return valueFor(field);
  };

  const clauses = (field: string, nested: boolean): QueryNode & { type: 'bool' } => {
    const list: { occur: Occur; node: QueryNode }[] = [];
    for (;;) {
      ws();
      if (i >= s.length || s[i] === ')') break;
      let conj: 'and' | 'or' | undefined;
      if (keyword('AND') || (s.startsWith('&&', i) && ((i += 2), true))) conj = 'and';
      else if (keyword('OR') || (s.startsWith('||', i) && ((i += 2), true))) conj = 'or';
      ws();
      let mod: 'req' | 'not' | undefined;
      if (s[i] === '+') {
        mod = 'req';
        i++;
      } else if (s[i] === '-' || s[i] === '!') {
        mod = 'not';
        i++;
      } else if (keyword('NOT')) mod = 'not';
      ws();
      if (i >= s.length || s[i] === ')') {
        if (conj || mod) throw new QuerySyntaxError('operator without operand');
        break;
      }
      const node = clause(field);
      // Lucene QueryParser.addClause with default operator OR.
      if (list.length > 0 && conj === 'and') {
        const prev = list[list.length - 1]!;
        if (prev.occur !== 'not') prev.occur = 'must';
      }
      let occur: Occur = 'should';
      if (mod === 'not') occur = 'not';
      else if (mod === 'req' || conj === 'and') occur = 'must';
      list.push({ occur, node });
    }
    if (!nested && i < s.length) throw new QuerySyntaxError('unbalanced )');
    return { type: 'bool', clauses: list, boost: 1 };
  };

  const root = clauses(defaultField, false);
  if (root.clauses.length === 0) throw new QuerySyntaxError('empty query');
  return root;
}
