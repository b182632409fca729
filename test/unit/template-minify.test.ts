// The build's template minifiers (vite.config.ts): smaller Lit templates that render the same, line count kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minifyCssTemplates } from '../../scripts/minify-css-templates.mjs';
import { minifyHtmlTemplates } from '../../scripts/minify-html-templates.mjs';

const lines = (s: string) => s.split('\n').length;

test('css templates: comments and indentation go, strings, interpolations, descendant pseudo-classes stay', () => {
  const src = "const s = css`\n  /* why */\n  .a :hover,\n  .b > .c {\n    content: '  x  ';\n    margin: 0 ${unsafeCSS(v)};\n  }\n`;\n";
  const out = minifyCssTemplates(src);
  assert.equal(out, "const s = css`\n\n.a :hover,\n.b>.c{\ncontent:'  x  ';\nmargin:0 ${unsafeCSS(v)};\n}\n`;\n");
  assert.equal(lines(out), lines(src));
  assert.equal(minifyCssTemplates('const x = `  a  `;'), 'const x = `  a  `;', 'other templates untouched');
});

test('html templates: indentation between markup goes, attribute values, inline spaces and <pre> stay', () => {
  const src = 'const t = html`<ul>\n    <li title="a\n      b">${x} ${html`<b>\n      y</b>`}</li>\n  </ul>`;\nconst p = html`<pre>\n  k</pre>`;\n';
  const out = minifyHtmlTemplates(src);
  assert.equal(out, 'const t = html`<ul>\n<li title="a\n      b">${x} ${html`<b>\ny</b>`}</li>\n</ul>`;\nconst p = html`<pre>\n  k</pre>`;\n');
  assert.equal(lines(out), lines(src));
});
