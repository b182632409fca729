/**
 * JSON parsing that keeps 64-bit ids exact. `JSON.parse` turns 9223372036854775807 into 9223372036854775808;
 * so before parsing, the number token after each id key is wrapped in quotes, giving the exact decimal string.
 * The scan follows JSON's string rules, so a key-like text inside a string value is never touched.
 */

const WS = new Set([' ', '\t', '\n', '\r']);

/**
 * Returns `text` with the number value of every `"key": <number>` (for the given keys, at any depth) quoted.
 * `marker` is put in front of the digits inside the quotes (lets a checker tell a quoted number from a string).
 */
export function quoteIdNumbers(text: string, keys: readonly string[] = ['jobId'], marker = ''): string {
  const wanted = new Set(keys);
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch !== '"') {
      i++;
      continue;
    }
    // A string: find its end, honouring backslash escapes.
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    const end = i; // index of the closing quote
    i++;
    const name = safeDecode(text.slice(start, end + 1));
    if (name === undefined || !wanted.has(name)) continue;
    // A key only when a colon follows.
    let j = i;
    while (j < text.length && WS.has(text[j]!)) j++;
    if (text[j] !== ':') continue;
    j++;
    while (j < text.length && WS.has(text[j]!)) j++;
    const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(j, j + 64));
    if (!m) continue;
    out += `${text.slice(copied, j)}"${marker}${m[0]}"`;
    copied = j + m[0].length;
    i = copied;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function safeDecode(jsonString: string): string | undefined {
  try {
    return JSON.parse(jsonString) as string;
  } catch {
    return undefined;
  }
}

/** `JSON.parse` with the numbers of the id keys (default `jobId`) kept as exact decimal strings. */
export function parseJsonKeepingIds(text: string, keys: readonly string[] = ['jobId']): unknown {
  return JSON.parse(quoteIdNumbers(text, keys));
}
