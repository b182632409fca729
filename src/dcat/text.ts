/**
 * Turning description literals into paragraphs of plain text. Metadata text is never interpreted as HTML by the
 * blocks (Lit renders it as text). Some catalogs (Antwerp's, exported from an HTML editor) put markup *into* the
 * literal; shown raw, that is a wall of tags, so markup-looking text is reduced to its plain text here: tags are
 * dropped (block tags become line or paragraph breaks) and character references decoded. The result is still only
 * ever rendered as text, so a decoded `<script>` stays visible characters, never markup.
 */

const HTML_TAG = /<\/?(?:p|div|br|span|strong|b|em|i|u|ul|ol|li|a|h[1-6]|table|thead|tbody|tr|td|th|font|section|article|blockquote|pre|code|hr|img)\b[^>]*>/i;

/** True when a literal carries HTML markup as text (a known tag, not just a stray `<`). */
export function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text);
}

// Each entry is a name followed by its character (`amp&`). A Map, not an object: `&constructor;` or `&__proto__;` in a
// description stay as written instead of decoding to whatever Object.prototype holds under that name.
const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map(
  (
    'nbsp\u00a0 amp& lt< gt> quot" apos\' ndash– mdash— hellip… laquo« raquo» lsquo‘ rsquo’ ldquo“ rdquo” bull• middot· copy© ' +
    'reg® euro€ deg° aumlä oumlö uumlü aringå AumlÄ OumlÖ UumlÜ AringÅ szligß eacuteé egraveè ecircê eumlë agraveà aacuteá ' +
    'ccedilç iumlï oacuteó ocircô EacuteÉ'
  ).split(' ').map((entry) => [entry.slice(0, -1), entry.slice(-1)]),
);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      // `#x1F` → Number('0x1F'), `#65` → Number('065') (decimal: Number knows no octal)
      const code = Number(`0${ref.slice(1)}`);
      // No NUL, no surrogates, nothing beyond Unicode: those stay as written.
      if (!code || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES.get(ref) ?? whole;
  });
}

/** HTML-as-text → plain text with `\n` for line breaks and `\n\n` between blocks. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<\/?(?:p|div|h[1-6]|ul|ol|table|tr|section|article|blockquote|pre|hr)\b[^>]*>/gi, '\n\n')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\u00a0/g, ' ')
    // a run of blanks becomes one space; a single space, the common case, is left alone (no replacement per word)
    .replace(/\t[ \t]*| [ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');
}

/**
 * Most characters of one literal the blocks ever render; "Show more" reveals up to here, then says the text was cut.
 * Catalogs have been seen with 20 MB descriptions: rendered whole they cost 4–5 s and 120–160 MB of heap per block.
 * 100,000 characters (about 15,000 words, 40 printed pages) is longer than any genuine description and renders in
 * milliseconds.
 */
export const TEXT_HARD_LIMIT = 100_000;
/**
 * A description on a landing page: about 1,500 words, several screens, which holds every ordinary description
 * whole; only pasted documents and generated dumps get "Show more".
 */
export const LANDING_TEXT_LIMIT = 10_000;
/**
 * A description in a collapsed result row (CSS shows 3 lines of it) and one value in a metadata list: 1,000
 * characters fill far more than 3 lines of any column and keep a page of 10 rows small; the row title links to the
 * landing page, which has the rest.
 */
export const ROW_TEXT_LIMIT = 1_000;
/**
 * Text inside a heading, a link or a tag (titles, names, link labels), where no button may go: genuine titles are
 * far shorter; anything longer is cut with `…`.
 */
export const INLINE_TEXT_LIMIT = 500;
/** A facet value or filter chip label (a 100 KB keyword made facet columns a million pixels wide); full in `title`. */
export const FACET_LABEL_LIMIT = 200;
/**
 * How much of a literal is read at all (before normalising): markup and blank lines only shrink a text, and four
 * times the limit leaves room for markup-heavy HTML descriptions while a 20 MB literal costs no more than 400 KB.
 */
export const TEXT_READ_LIMIT = 4 * TEXT_HARD_LIMIT;

/**
 * What HTML forbids in text (Infra "control" other than tab, LF, FF, CR; "noncharacter"), plus lone surrogates, which
 * cannot even be encoded as UTF-8. Harvested catalogs carry U+0001, U+0002, U+000B inside literals; the Nu validator
 * rejects a page holding them.
 */
const NOT_HTML_TEXT = /(?![\t\n\f\r])\p{Cc}|\p{Noncharacter_Code_Point}|\p{Cs}/gu;
/**
 * A code unit outside the ranges that are always fine in HTML text: every one NOT_HTML_TEXT can start at (controls,
 * surrogates, noncharacters) and a few harmless ones (form feed, U+FDF0 and above), which then take the exact check.
 */
const MAYBE_NOT_HTML_TEXT = /[^\t\n\r -~\xa0-\ud7ff\ue000-\ufdcf]/;

/**
 * `text` without the code points HTML forbids: vertical tab and next line become a line break (they separate words),
 * lone surrogates U+FFFD, other controls and noncharacters are dropped. Every literal passes here on its way to a
 * view model (toText in read.ts), and so do URI tails shown as labels.
 */
export function htmlText(text: string): string {
  // Nearly every literal is clean: a plain character class finds out about 7× faster than the Unicode expression.
  return MAYBE_NOT_HTML_TEXT.test(text)
    ? text.replace(NOT_HTML_TEXT, (c) => (c === '\v' || c === '\x85' ? '\n' : /\p{Cs}/u.test(c) ? '\ufffd' : ''))
    : text;
}

/** `text` cut to at most `max` UTF-16 units, never between the halves of a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max > 0 && /[\ud800-\udbff]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/** `text` cut to at most `max` characters, at a space when one is near the end, with `…` (only when it was cut). */
export function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = clip(text, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > cut.length - 30 && space > 0 ? cut.slice(0, space) : cut}…`;
}

/** Total characters of a list of texts. */
export function textLength(texts: readonly { readonly value: string }[]): number {
  let n = 0;
  for (const t of texts) n += t.value.length;
  return n;
}

/**
 * The first `max` characters of a list of texts (paragraphs): whole texts while they fit, the one that does not cut
 * at a word with `…`, the rest dropped. `cut` tells whether anything was left out.
 */
export function takeChars<T extends { readonly value: string }>(texts: readonly T[], max: number): { shown: T[]; cut: boolean } {
  const shown: T[] = [];
  let left = max;
  for (const t of texts) {
    if (t.value.length <= left) {
      shown.push(t);
      left -= t.value.length;
      continue;
    }
    if (left > 0) shown.push({ ...t, value: clipWords(t.value, left) });
    return { shown, cut: true };
  }
  return { shown, cut: false };
}

/**
 * Paragraphs of a description: split on blank lines, single line breaks kept inside a paragraph (blocks render
 * with `white-space: pre-line`), surrounding blanks trimmed, empty paragraphs dropped. Only the first
 * TEXT_READ_LIMIT characters are read; the result holds at most TEXT_HARD_LIMIT + 1 characters, so a total above
 * TEXT_HARD_LIMIT (`wasCut`) means the text was longer than what any block shows.
 */
export function paragraphs(text: string): string[] {
  const read = clip(text, TEXT_READ_LIMIT);
  const plain = looksLikeHtml(read) ? htmlToText(read) : read;
  const all = plain
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const out: string[] = [];
  let left = TEXT_HARD_LIMIT + 1;
  for (const p of all) {
    if (left <= 0) break;
    out.push(clip(p, left));
    left -= p.length;
  }
  // A markup-heavy text cut while reading can end up shorter than the limit: at least say that it goes on.
  if (read.length < text.length && left > 0 && out.length) out[out.length - 1] += '…';
  return out;
}

/** True when a text (its paragraphs) was longer than TEXT_HARD_LIMIT and what the blocks have of it is cut. */
export function wasCut(texts: readonly { readonly value: string }[]): boolean {
  return textLength(texts) > TEXT_HARD_LIMIT;
}
