// The build's template minifiers (vite.config.ts): smaller Lit templates that render the same, line count kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minifyCssTemplates } from '../../scripts/minify-css-templates.mjs';
import { minifyHtmlTemplates } from '../../scripts/minify-html-templates.mjs';

const lines = (s: string) => s.split('\n').length;

test('css templates: comments, indentation and line breaks go, strings, interpolations, descendant pseudo-classes stay', () => {
  const src = "const s = css`\n  /* why */\n  .a :hover,\n  .b > .c {\n    content: '  x  ';\n    margin: 0 ${unsafeCSS(v)};\n  }\n`;\n";
  const out = minifyCssTemplates(src);
  // the template's 7 line breaks come after it, where they are JavaScript white space
  assert.equal(out, "const s = css`.a :hover,.b>.c{content:'  x  ';margin:0 ${unsafeCSS(v)}}`\n\n\n\n\n\n\n;\n");
  assert.equal(lines(out), lines(src));
  assert.equal(minifyCssTemplates('const x = `  a  `;'), 'const x = `  a  `;', 'other templates untouched');
});

test('html templates: indentation between markup goes, attribute values, inline spaces and <pre> stay', () => {
  const src = 'const t = html`<ul>\n    <li title="a\n      b">${x} ${html`<b>\n      y</b>`}</li>\n  </ul>`;\nconst p = html`<pre>\n  k</pre>`;\n';
  const out = minifyHtmlTemplates(src);
  assert.equal(out, 'const t = html`<ul>\n<li title="a\n      b">${x} ${html`<b>\ny</b>`}</li>\n</ul>`;\nconst p = html`<pre>\n  k</pre>`;\n');
  assert.equal(lines(out), lines(src));
});

// Every `css` template of the code base, minified by the build, means what it says as written: lightningcss (a CSS
// parser and minifier, independent of ours) turns both into the same minified style sheet. Interpolations become one
// placeholder identifier each, as they would stand in the CSS.
test('css templates of the code base: the build minifies each one without changing its meaning (lightningcss)', async () => {
  const { transform } = await import('lightningcss');
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = join(import.meta.dirname, '../..');
  const files = ['blocks', 'src'].flatMap((dir) => readdirSync(join(root, dir), { recursive: true }).map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(root, dir, f)));
  const template = /\bcss`((?:[^`\\$]|\\.|\$(?!\{)|\$\{[^`{}]*\})*)`/g;
  let checked = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const minified = [...minifyCssTemplates(source).matchAll(template)].map((m) => m[1]!);
    const written = [...source.matchAll(template)].map((m) => m[1]!);
    assert.equal(minified.length, written.length, file);
    written.forEach((css, i) => {
      let n = 0;
      const plain = (text: string) => { n = 0; return text.replace(/\$\{[^}]*\}/g, () => `_i${n++}_`); };
      // lightningcss keeps values with var() as written; white space around their commas means nothing in CSS
      const sheet = (text: string) => transform({ filename: 'x.css', code: Buffer.from(plain(text)), minify: true, errorRecovery: true })
        .code.toString().replace(/\s*,\s*/g, ',');
      assert.equal(sheet(minified[i]!), sheet(css), `${file}, css template ${i + 1}`);
      checked++;
    });
  }
  assert.ok(checked >= 15, `only ${checked} templates found`);
});
