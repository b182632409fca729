// Issue 23 point 3: a link target written in the page configuration (global `clicks` by any name, a block's `click`,
// a template's `click`, `${…}` templates after filling) passes the one URL rule of src/dcat/safe.ts: http, https,
// mailto and relative references that resolve to http(s). Anything else: ONE console warning naming the key, and the
// row links to the default landing link (the current page + ?esc_entry=…&esc_context=…).
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { landingHref } from '../../src/config/links.ts';
import { safeConfiguredHref } from '../../src/dcat/safe.ts';
import { resetWarnings } from '../../src/config/warn.ts';

const current = new URL('https://portal.example.org/katalog/sida?lang=sv#esc_term=x');
const target = { uri: 'https://data.example.org/ds/1', entryId: '12', contextId: '3' };
/** The default landing link of `target` on `current` (written here, not computed by the code under test). */
const DEFAULT = '/katalog/sida?lang=sv&esc_entry=12&esc_context=3';

/** Targets that would run script (or load a document the page does not control) if they became an href. */
const HOSTILE = [
  'javascript:window.__xss=1',
  'javascript:__xss()//',
  ' JaVaScRiPt:__xss()',
  'java\tscript:__xss()',
  'java\nscript:__xss()',
  '\u0000javascript:__xss()',
  'java\u0000script:__xss()',
  '\u200bjavascript:__xss()',
  '\ufeffjavascript:__xss()',
  'data:text/html,<script>__xss()</script>',
  'DATA:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://portal.example.org/0b5c',
  'ftp://files.example.org/x',
  'javascript:__xss(${entry})',
  'javascript:__xss(${context})',
];

/** The scheme of `href` as a browser on `current` resolves it. */
const schemeOf = (href: string) => new URL(href, current).protocol;

describe('safeConfiguredHref (src/dcat/safe.ts)', () => {
  it('keeps http, https, mailto and relative targets that resolve to http(s), as written', () => {
    assert.equal(safeConfiguredHref('https://portal.example.org/ds?x=1#y', current), 'https://portal.example.org/ds?x=1#y');
    assert.equal(safeConfiguredHref('HTTP://Portal.example.org/Ds', current), 'http://portal.example.org/Ds');
    assert.equal(safeConfiguredHref('/datasets/3_12', current), '/datasets/3_12');
    assert.equal(safeConfiguredHref('dataset.html#esc_entry=1', current), 'dataset.html#esc_entry=1');
    assert.equal(safeConfiguredHref('?esc_entry=1', current), '?esc_entry=1');
    assert.equal(safeConfiguredHref('  /datasets/1 ', current), '/datasets/1');
    assert.equal(safeConfiguredHref('mailto:data@example.org', current), 'mailto:data@example.org');
    // an encoded colon is no scheme: a relative path (what `${uri}` gives for any uri)
    assert.equal(safeConfiguredHref('javascript%3A__xss()', current), 'javascript%3A__xss()');
  });
  it('a protocol-relative target is http(s) on an http(s) page: allowed (an editor may link to any web page)', () => {
    assert.equal(safeConfiguredHref('//other.example.org/x', current), '//other.example.org/x');
  });
  it('refuses every other scheme, also hidden behind invisible characters or case', () => {
    for (const v of HOSTILE) assert.equal(safeConfiguredHref(v, current), undefined, JSON.stringify(v));
  });
  it('a relative target on a page that is not http(s) (file:, about:) is refused: it would not resolve to http(s)', () => {
    assert.equal(safeConfiguredHref('/datasets/1', new URL('file:///tmp/page.html')), undefined);
  });
  it('refuses an empty or unparsable target', () => {
    for (const v of ['', '   ', 'http://', 'https:', 'mailto:', 'mailto:a@b.org,c@d.org']) assert.equal(safeConfiguredHref(v, current), undefined, JSON.stringify(v));
  });
});

describe('landingHref: every configured form of a target goes through the URL rule', () => {
  let warnings: string[];
  const original = console.warn;
  beforeEach(() => {
    resetWarnings();
    warnings = [];
    console.warn = (...args: unknown[]) => { warnings.push(args.map(String).join(' ')); };
  });
  afterEach(() => { console.warn = original; });

  /** Each form: the key the warning must name, and the landingHref call that reads a hostile `v` through it. */
  const FORMS: [key: string, call: (v: string) => string][] = [
    ['clicks.dataset', (v) => landingHref('dataset', target, { clicks: { dataset: v } }, current)],
    ['clicks.dataservice', (v) => landingHref('dataservice', target, { clicks: { dataservice: v } }, current)],
    ['clicks.dataservice-link', (v) => landingHref('dataservice', target, { clicks: { 'dataservice-link': v } }, current)],
    // a block's namedclick names any entry of the clicks map
    ['clicks.publisher', (v) => landingHref('publisher', target, { clicks: { publisher: v } }, current)],
    // data-entryscape-click, a JSON attribute's "click", a template's {{link click="…"}}
    ['click', (v) => landingHref('dataset', target, { clicks: { dataset: '/ok' } }, current, v)],
    // with the keys in the query string
    ['clicks.dataset', (v) => landingHref('dataset', target, { clicks: { dataset: v }, urlQueryParameters: true }, current)],
  ];

  for (const [key, call] of FORMS) {
    it(`${key}: a hostile target falls back to the default landing link`, () => {
      for (const v of HOSTILE) {
        const href = call(v);
        assert.ok(['http:', 'https:'].includes(schemeOf(href)), `${JSON.stringify(v)} → ${href}`);
        assert.equal(href, DEFAULT, JSON.stringify(v));
      }
    });
    it(`${key}: one console warning naming the key, however many rows and values`, () => {
      for (let row = 0; row < 20; row++) call('javascript:__xss()//');
      for (const v of HOSTILE) call(v);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0]!, new RegExp(`\\b${key.replace('.', '\\.')}\\b`));
      assert.match(warnings[0]!, /\[catalog-blocks\]/);
    });
  }

  it('a ${…} template is judged after filling: a template that fills to javascript: is refused', () => {
    const href = landingHref('dataset', target, { clicks: { dataset: 'javascript:__xss(${entry})' } }, current);
    assert.equal(href, DEFAULT);
    assert.equal(warnings.length, 1);
  });
  it('a ${uri} template with a javascript: uri from the metadata gives no javascript: link (values are encoded)', () => {
    const hostile = { uri: 'javascript:__xss()//', entryId: '12', contextId: '3' };
    for (const t of ['${uri}', '/view?u=${uri}', 'https://portal.example.org/view/${uri}']) {
      const href = landingHref('dataset', hostile, { clicks: { dataset: t } }, current);
      assert.ok(['http:', 'https:'].includes(schemeOf(href)), `${t} → ${href}`);
    }
    assert.equal(landingHref('dataset', hostile, { clicks: { dataset: '${uri}' } }, current), 'javascript%3A__xss()%2F%2F');
  });
  it('safe targets are unchanged: paths, absolute URLs, templates, mailto, protocol-relative', () => {
    const page = (dataset: string) => ({ clicks: { dataset } });
    assert.equal(landingHref('dataset', target, page('/datasets/'), current), '/datasets/#esc_entry=12&esc_context=3');
    assert.equal(landingHref('dataset', target, page('https://other.example.org/d?a=1'), current), 'https://other.example.org/d?a=1#esc_entry=12&esc_context=3');
    assert.equal(landingHref('dataset', target, page('/datasets/${context}_${entry}'), current), '/datasets/3_12');
    assert.equal(landingHref('dataset', target, page('//other.example.org/d'), current), 'https://other.example.org/d#esc_entry=12&esc_context=3');
    assert.equal(landingHref('dataset', target, page('mailto:data@example.org'), current), 'mailto:data@example.org');
    assert.deepEqual(warnings, []);
  });
});
