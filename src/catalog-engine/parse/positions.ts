/** Source positions for error messages (1-based line and column). */

export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/**
 * Offset of the first JSON syntax error (V8's JSON.parse message has no position any more).
 * A small recursive-descent scan; returns text.length when the error is "unexpected end".
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  class Stop extends Error {
    constructor(readonly at: number) {
      super('json');
    }
  }
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (s: string): void => {
    if (text.startsWith(s, i)) i += s.length;
    else throw new Stop(i);
  };
  const str = (): void => {
    expect('"');
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const n = text[i + 1];
        if (n === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Stop(i);
          i += 6;
        } else if (n !== undefined && '"\\/bfnrt'.includes(n)) i += 2;
        else throw new Stop(i);
      } else if (c < ' ') throw new Stop(i);
      else i++;
    }
    throw new Stop(i);
  };
  const num = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0].length === 0 || m[0] === '-') throw new Stop(i);
    i += m[0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        str();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else throw new Stop(i);
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else throw new Stop(i);
      }
    } else if (c === '"') str();
    else if (c === 't') expect('true');
    else if (c === 'f') expect('false');
    else if (c === 'n') expect('null');
    else num();
  };
  try {
    value();
    ws();
    return i < text.length ? i : text.length;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    throw e;
  }
}
