// Production builds only (vite.config.ts): the CSS inside Lit `css` template literals loses its comments and
// indentation. Line breaks stay (as the separators they are) so the source maps of the untouched code stay right.
// Quoted CSS strings (`content: ' '`) and `${…}` interpolations are copied as written; a template whose
// interpolations contain a backtick or braces is left alone.

const CSS_TEMPLATE = /\bcss`((?:[^`\\$]|\\.|\$(?!\{)|\$\{[^`{}]*\})*)`/g;
/** No whitespace is needed next to these (outside strings): `a { b: c; }` → `a{b:c;}`. */
const TIGHT = new Set(['{', '}', ';', ',', ':', '>']);

/** The minified text of one template (the part between the backticks). */
export function minifyCssTemplateText(text) {
  let out = '';
  let pendingSpace = '';
  const emit = (s) => {
    if (pendingSpace) {
      const prev = out.at(-1);
      const tight = out === '' || TIGHT.has(prev) || TIGHT.has(s[0]);
      // a colon starts a pseudo-class in a selector: `.a :hover` differs from `.a:hover`, keep that space
      out += s[0] === ':' ? pendingSpace.replace(/ $/, ' ') : tight ? pendingSpace.replace(/ /g, '') : pendingSpace;
      pendingSpace = '';
    }
    out += s;
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return text;
      const lines = text.slice(i, end + 2).split('\n').length - 1;
      pendingSpace = addSpace(pendingSpace, lines);
      i = end + 2;
    } else if (/\s/.test(c)) {
      let j = i;
      while (j < text.length && /\s/.test(text[j])) j++;
      pendingSpace = addSpace(pendingSpace, text.slice(i, j).split('\n').length - 1);
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return text;
      emit(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === '$' && text[i + 1] === '{') {
      const end = text.indexOf('}', i);
      emit(text.slice(i, end + 1));
      i = end + 1;
    } else if (c === '\\') {
      emit(text.slice(i, i + 2));
      i += 2;
    } else {
      emit(c);
      i++;
    }
  }
  // trailing whitespace: keep only its line breaks
  return out + pendingSpace.replace(/ /g, '');
}

/** Whitespace so far plus a run with `lines` line breaks: all the line breaks, or one space when there are none. */
function addSpace(pending, lines) {
  const breaks = pending.replace(/ /g, '') + '\n'.repeat(lines);
  return breaks || ' ';
}

/** `code` with every `css` template minified (unchanged when there is none). */
export function minifyCssTemplates(code) {
  return code.replace(CSS_TEMPLATE, (whole, text) => `css\`${minifyCssTemplateText(text)}\``);
}
