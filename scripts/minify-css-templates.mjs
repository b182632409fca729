// Production builds only (vite.config.ts): the CSS inside Lit `css` template literals loses its comments, indentation
// and line breaks. The line breaks taken out of a template are put back right after it (outside the string, where
// they are JavaScript white space the minifier drops), so the code after it keeps its lines and its source map.
// Quoted CSS strings (`content: ' '`) and `${…}` interpolations are copied as written; a template whose
// interpolations contain a backtick or braces is left alone.

const CSS_TEMPLATE = /\bcss`((?:[^`\\$]|\\.|\$(?!\{)|\$\{[^`{}]*\})*)`/g;
/** No whitespace is needed next to these (outside strings): `a { b: c; }` → `a{b:c;}`. */
const TIGHT = new Set(['{', '}', ';', ',', ':', '>']);

/**
 * The minified text of one template (the part between the backticks) and how many line breaks it lost (0 when the
 * text is returned as written).
 */
export function minifyCssTemplateText(text) {
  let removedBreaks = 0;
  let out = '';
  let pendingSpace = '';
  const emit = (s) => {
    if (pendingSpace) {
      const prevTight = out === '' || TIGHT.has(out.at(-1));
      // a colon starts a pseudo-class in a selector: `.a :hover` differs from `.a:hover`, keep a space there
      const keepSpace = s[0] === ':' ? !prevTight : !prevTight && !TIGHT.has(s[0]);
      removedBreaks += pendingSpace.split('\n').length - 1;
      out += keepSpace ? ' ' : '';
      pendingSpace = '';
    }
    // the last declaration of a block needs no semicolon: `a:b;}` → `a:b}`
    if (s === '}' && out.endsWith(';')) out = out.slice(0, -1);
    out += s;
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return { text, removedBreaks: 0 };
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
      if (j >= text.length) return { text, removedBreaks: 0 };
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
  return { text: out, removedBreaks: removedBreaks + pendingSpace.split('\n').length - 1 };
}

/** Whitespace so far plus a run with `lines` line breaks: all the line breaks, or one space when there are none. */
function addSpace(pending, lines) {
  const breaks = pending.replace(/ /g, '') + '\n'.repeat(lines);
  return breaks || ' ';
}

/** `code` with every `css` template minified (unchanged when there is none). */
export function minifyCssTemplates(code) {
  return code.replace(CSS_TEMPLATE, (whole, text) => {
    const min = minifyCssTemplateText(text);
    return `css\`${min.text}\`${'\n'.repeat(min.removedBreaks)}`;
  });
}
