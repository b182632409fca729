// Production builds only (vite.config.ts): in Lit `html` templates, a run of whitespace that holds line breaks and
// lies between markup (outside quoted attribute values) becomes just those line breaks. Rendering does not change:
// such a run is collapsible white space (one space, or line breaks under `white-space: pre-line`, which keeps them),
// and the line count stays, so the source maps of the untouched code stay right. Templates are found with the
// TypeScript parser (nested templates in `${…}` included); a template with <pre> or <textarea> is left alone.
import ts from 'typescript';

/** Minifies the literal parts of one template in order; `state` carries the tag/quote context across `${…}`. */
function minifyParts(parts) {
  const state = { inTag: false, quote: '' };
  return parts.map((text) => {
    let out = '';
    for (let i = 0; i < text.length; ) {
      const c = text[i];
      if (state.quote) {
        if (c === state.quote) state.quote = '';
        out += c;
        i++;
      } else if (/\s/.test(c)) {
        let j = i;
        while (j < text.length && /\s/.test(text[j])) j++;
        const run = text.slice(i, j);
        const breaks = run.split('\n').length - 1;
        out += breaks > 0 ? '\n'.repeat(breaks) : run;
        i = j;
      } else {
        if (state.inTag) {
          if (c === '"' || c === "'") state.quote = c;
          else if (c === '>') state.inTag = false;
        } else if (c === '<' && /[a-zA-Z/!]/.test(text[i + 1] ?? '')) state.inTag = true;
        // an escape sequence is copied whole (`\`` must not be split)
        if (c === '\\') {
          out += text.slice(i, i + 2);
          i += 2;
          continue;
        }
        out += c;
        i++;
      }
    }
    return out;
  });
}

/** `code` (TypeScript) with every `html` template minified (unchanged when there is none). */
export function minifyHtmlTemplates(code, fileName = 'x.ts') {
  if (!code.includes('html`')) return code;
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  /** [start, end, replacement] of literal texts (between the delimiters), in source order. */
  const edits = [];
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'html') {
      const t = node.template;
      const lits = ts.isNoSubstitutionTemplateLiteral(t) ? [t] : [t.head, ...t.templateSpans.map((s) => s.literal)];
      // the raw text of a literal is between its opening delimiter (` or }) and closing one (` or ${)
      const ranges = lits.map((l) => {
        const start = l.getStart(sf) + 1;
        const end = l.end - (l.kind === ts.SyntaxKind.TemplateHead || l.kind === ts.SyntaxKind.TemplateMiddle ? 2 : 1);
        return [start, end];
      });
      const texts = ranges.map(([s, e]) => code.slice(s, e));
      if (!texts.some((x) => /<(pre|textarea)\b/i.test(x))) {
        minifyParts(texts).forEach((text, i) => edits.push([ranges[i][0], ranges[i][1], text]));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [s, e, text] of edits) out = out.slice(0, s) + text + out.slice(e);
  return out;
}
