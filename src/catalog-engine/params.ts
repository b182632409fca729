/**
 * EntryStore's request parameter parsing (§2.1, `Util.parseRequest`): the text after the *last* `?` is split on
 * `&`, each pair on `=` (a raw `=` inside a value truncates it), values form-decoded (`+` → space) except
 * `format` / `rdfFormat` where `+` survives; keys without `=` have value ""; duplicate keys: last wins.
 */
const KEEP_PLUS = new Set(['format', 'rdfFormat']);

function decode(s: string, keepPlus: boolean): string {
  const spaced = keepPlus ? s : s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

export function parseParams(rawUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const q = rawUrl.lastIndexOf('?');
  if (q < 0) return out;
  for (const pair of rawUrl.slice(q + 1).split('&')) {
    if (!pair) continue;
    const parts = pair.split('=');
    const key = decode(parts[0]!, false);
    out.set(key, parts.length > 1 ? decode(parts[1]!, KEEP_PLUS.has(key)) : '');
  }
  return out;
}

/** Path part of a request URL (before the first `?`). */
export function pathOf(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  return q < 0 ? rawUrl : rawUrl.slice(0, q);
}
