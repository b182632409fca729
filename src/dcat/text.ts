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

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", ndash: '–', mdash: '—', hellip: '…',
  laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', bull: '•', middot: '·', copy: '©',
  reg: '®', euro: '€', deg: '°', auml: 'ä', ouml: 'ö', uuml: 'ü', aring: 'å', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü',
  Aring: 'Å', szlig: 'ß', eacute: 'é', egrave: 'è', ecirc: 'ê', euml: 'ë', agrave: 'à', aacute: 'á', ccedil: 'ç',
  iuml: 'ï', oacute: 'ó', ocirc: 'ô', Eacute: 'É',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      // No NUL, no surrogates, nothing beyond Unicode: those stay as written.
      if (!code || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[ref] ?? whole;
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
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');
}

/**
 * Paragraphs of a description: split on blank lines, single line breaks kept inside a paragraph (blocks render
 * with `white-space: pre-line`), surrounding blanks trimmed, empty paragraphs dropped.
 */
export function paragraphs(text: string): string[] {
  const plain = looksLikeHtml(text) ? htmlToText(text) : text;
  return plain
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((p) => p.replace(/^\s+|\s+$/g, ''))
    .filter((p) => p.length > 0);
}
