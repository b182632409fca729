// The template interpreter (issue 10, point 4) without a DOM: parsing, where holes sit in the markup, every helper,
// inherit, escaping of hostile values, and one warning per unsupported helper. toHtml escapes values the way Lit's
// commit does, so a value that became markup would show up unescaped here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderTemplate, templateUsesEntry } from '../../src/legacy/template/index.ts';
import { compileProgram } from '../../src/legacy/template/markup.ts';
import { parseTemplate } from '../../src/legacy/template/parse.ts';
import { templateParam } from '../../src/legacy/template/param.ts';
import { usesEntry } from '../../src/legacy/template/uses-entry.ts';
import { ctxOf, entryOf, hostWith, literal, toHtml, warnings, DCAT, DCT } from './template-helpers.ts';

const ENVI = 'http://publications.europa.eu/resource/authority/data-theme/ENVI';
const entry = entryOf([
  [`${DCT}title`, literal('Trees', { language: 'en' })],
  [`${DCT}title`, literal('Träd', { language: 'sv' })],
  [`${DCT}description`, literal('<script>alert(1)</script>', { language: 'en' })],
  [`${DCAT}keyword`, literal('oak', { language: 'en' })],
  [`${DCAT}keyword`, literal('elm', { language: 'en' })],
  [`${DCAT}keyword`, literal('ek', { language: 'sv' })],
  [`${DCAT}theme`, ENVI],
  [`${DCAT}landingPage`, 'javascript:alert(1)'],
  [`${DCT}identifier`, literal('id-1')],
]);
const render = (src: string, over = {}) => toHtml(renderTemplate(src, ctxOf({ entry, ...over })));

describe('labelProperties (the incumbent\'s page key)', () => {
  const SCHEMA = 'http://schema.org/';
  const named = entryOf([
    [`${DCT}title`, literal('Tree register', { language: 'en' })],
    [`${SCHEMA}name`, literal('Municipal trees', { language: 'en' })],
    [`${DCAT}theme`, ENVI],
  ]);
  it('names the entry by the listed properties first, the standard title after them', () => {
    assert.equal(toHtml(renderTemplate('<p>{{text}}</p>', ctxOf({ entry: named, page: { labelProperties: ['schema:name'] } }))).includes('Municipal trees'), true);
    assert.equal(toHtml(renderTemplate('<p>{{text}}</p>', ctxOf({ entry: named, page: { labelProperties: 'schema:name, dcterms:title' } }))).includes('Municipal trees'), true);
    // without the key, or naming a property the entry lacks: the standard title
    assert.equal(toHtml(renderTemplate('<p>{{text}}</p>', ctxOf({ entry: named }))).includes('Tree register'), true);
    assert.equal(toHtml(renderTemplate('<p>{{text}}</p>', ctxOf({ entry: named, page: { labelProperties: ['foaf:nick'] } }))).includes('Tree register'), true);
    assert.equal(toHtml(renderTemplate('<p>{{text}}</p>', ctxOf({ entry: named, page: { labelProperties: ['schema:name'] } }))).includes('Tree register'), false);
  });
});

describe('template parsing and markup positions', () => {
  it('a hole in text is a child, in an attribute value the whole attribute, in a tag name an inline token', () => {
    const c = compileProgram(parseTemplate('<h{{hinc}} class="a {{x}} b">{{y}}</h{{hinc}}>')!);
    assert.deepEqual(c.slots.map((s) => s.kind), ['inline', 'attr', 'child', 'inline']);
    const attr = c.slots[1] as Extract<(typeof c.slots)[number], { kind: 'attr' }>;
    assert.equal(attr.name, 'class');
    assert.equal(attr.parts[0], 'a ');
    assert.equal(c.statics[1], ' class="');
  });
  it('holes in comments, <script>, <style> and in Lit binding attributes are dropped', () => {
    const c = compileProgram(parseTemplate('<!-- {{a}} --><script>var x="{{b}}"</script><style>{{c}}</style><i .x="{{d}}" @click="{{e}}"></i>')!);
    assert.deepEqual(c.slots.map((s) => s.kind), ['drop', 'drop', 'drop', 'drop', 'drop']);
  });
  it('the same program gives the same strings array (Lit caches its template by identity) with a raw property', () => {
    const a = renderTemplate('<p>{{text}}</p>', ctxOf({ entry }));
    const b = renderTemplate('<p>{{text}}</p>', ctxOf({ entry }));
    assert.equal(a.strings, b.strings);
    assert.ok(Object.hasOwn(a.strings, 'raw'));
    assert.ok(Object.isFrozen(a.strings));
  });
  it('a source that does not parse renders nothing and warns once', () => {
    const seen = warnings(() => {
      assert.equal(render('{{#ifprop "x"}}open'), '');
      render('{{#ifprop "x"}}open');
    });
    assert.equal(seen.filter((w) => w.includes('could not be parsed')).length, 1);
  });
  it('usesEntry and templateUsesEntry tell entry templates from compositions', () => {
    assert.equal(usesEntry('<h1>{{text}}</h1>'), true);
    assert.equal(usesEntry('{{#eachprop "dcat:keyword"}}{{/eachprop}}'), true);
    assert.equal(usesEntry('<div>{{datasetList}}{{facets}}</div>'), false);
    assert.equal(templateUsesEntry('{{viewMetadata}}'), true);
    assert.equal(templateUsesEntry('{{datasetResults}}'), false);
  });
});

describe('template helpers', () => {
  it('text: the title in the UI language; content= fills ${prefix:name}', () => {
    assert.equal(render('{{text}}'), 'Trees');
    assert.equal(render('{{text}}', { lang: 'sv' }), 'Träd');
    assert.equal(render('{{text content="${dcterms:identifier} (${dcat:keyword})"}}'), 'id-1 (oak)');
  });
  it('text (issue 26): ${prop|fallback}, the built-in ${title} / ${description} / ${label}, property=, fallback=', () => {
    assert.equal(render('{{text content="${dcterms:issued|unknown} / ${dcterms:identifier|x}"}}'), 'unknown / id-1');
    assert.equal(render('{{text content="${title}: ${description}"}}'), 'Trees: <script>alert(1)</script>'.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    assert.equal(render('{{text content="${label}"}}', { lang: 'sv' }), 'Träd');
    assert.equal(render('{{text property="dcterms:identifier"}}'), 'id-1');
    assert.equal(render('{{text property="dcterms:issued" fallback="no date"}}'), 'no date');
    assert.equal(render('{{text content="${dcterms:issued}" fallback="no date"}}'), 'no date');
  });
  it('prop: value, render=label (vocabulary or URI tail), render=md5, fallback', () => {
    assert.equal(render('{{prop "dcterms:identifier"}}'), 'id-1');
    assert.equal(render('{{prop "dcat:theme"}}'), ENVI);
    assert.equal(render('{{prop "dcat:theme" render="label"}}'), 'ENVI');
    assert.match(render('{{prop "dcat:theme" render="md5"}}'), /^[0-9a-f]{32}$/);
    assert.equal(render('{{prop "dcat:nothing" fallback="–"}}'), '–');
  });
  it('eachprop: values of the best language, separator, limit, value/label/md5 inside, else branch', () => {
    assert.equal(render('{{#eachprop "dcat:keyword" separator=", "}}{{value}}{{/eachprop}}'), 'oak, elm');
    assert.equal(render('{{#eachprop "dcat:keyword" limit=1}}[{{label}}]{{/eachprop}}'), '[oak]');
    assert.match(render('{{#eachprop "dcat:keyword"}}<i class="md5_{{md5}}"></i>{{/eachprop}}'), /^<i class="md5_[0-9a-f]{32}"><\/i><i class="md5_[0-9a-f]{32}"><\/i>$/);
    assert.equal(render('{{#eachprop "dcat:nothing"}}x{{else}}none{{/eachprop}}'), 'none');
    assert.equal(render('{{#eachprop "dcat:keyword" separator="|"}}{{/eachprop}}'), 'oak|elm');
  });
  it('ifprop: presence, uri=, literal=, min=, invert=, else', () => {
    assert.equal(render('{{#ifprop "dcat:theme"}}y{{else}}n{{/ifprop}}'), 'y');
    assert.equal(render(`{{#ifprop "dcat:theme" uri="${ENVI}"}}y{{else}}n{{/ifprop}}`), 'y');
    assert.equal(render('{{#ifprop "dcat:theme" uri="http://x.org/other"}}y{{else}}n{{/ifprop}}'), 'n');
    assert.equal(render('{{#ifprop "dcat:keyword" literal="elm"}}y{{else}}n{{/ifprop}}'), 'y');
    assert.equal(render('{{#ifprop "dcat:keyword" min=3}}y{{else}}n{{/ifprop}}'), 'y');
    assert.equal(render('{{#ifprop "dcat:keyword" min=4}}y{{else}}n{{/ifprop}}'), 'n');
    assert.equal(render('{{#ifprop "dcat:distribution" invert="true"}}y{{else}}n{{/ifprop}}'), 'y');
  });
  it('link / namedclick: a link to the landing page through clicks', () => {
    assert.equal(render('{{link}}'), '<a href=/?esc_entry=42&amp;esc_context=7>Trees</a>');
    const page = { clicks: { dataset: '/data/${entry}/${context}' } };
    assert.equal(render('{{#link namedclick="dataset"}}<b>go</b>{{/link}}', { page }), '<a href=/data/42/7><b>go</b></a>');
    assert.equal(render('<a href="{{link}}">x</a>', { page }), '<a href="http://localhost/data/42/7">x</a>');
    const named = { clicks: { 'dataservice-link': '/svc/${entry}', datasets: '/ds?x=1' } };
    assert.equal(render('{{link namedclick="dataservice-link"}}', { page: named }), '<a href=/svc/42>Trees</a>');
    assert.equal(render('{{link}}', { page: named, params: { namedclick: 'dataservice-link' } }), '<a href=/svc/42>Trees</a>');
    assert.equal(render('{{link click="/own/${context}/${entry}"}}', { page: named }), '<a href=/own/7/42>Trees</a>');
  });
  it('resourceURI, entryURI, metadataURI, body, resultsize, nls, hinc', () => {
    assert.equal(render('{{resourceURI}}'), 'https://data.example.org/ds/1');
    assert.equal(render('{{entryURI}}'), 'https://store.example.org/store/7/entry/42');
    assert.equal(render('{{metadataURI}}'), 'https://store.example.org/store/7/metadata/42');
    assert.equal(render('<main>{{body}}</main>', { body: 'LIST' }), '<main>LIST</main>');
    assert.equal(render('<b>{{resultsize}}</b>', { resultsize: 2636 }), '<b>2,636</b>');
    assert.equal(render('{{nls "state.retry"}}'), 'Try again');
    assert.equal(render('<h{{hinc}}>t</h{{hinc}}>', { hl: 5 }), '<h6>t</h6>');
    assert.equal(render('<h{{hinc}}>t</h{{hinc}}>', { hl: 6 }), '<h6>t</h6>');
  });
  it('nested blocks: our element with the hash as attributes; inherit and inherit:key; JSON values', () => {
    const params = { hl: 3, clickExpand: false, filterPredicates: 'dcterms:title' };
    const out = render('{{datasetList hl="inherit" limit=5 registry="inherit"}}{{viewMetadata filterpredicates="inherit:filterPredicates"}}{{facets exclude="[\\"org\\"]"}}', { params });
    assert.equal(out, '<dataset-list hl="3" limit="5"></dataset-list>'
      + '<catalog-metadata filterpredicates="dcterms:title" shows="fields" entry="42" context="7" hl="2"></catalog-metadata>'
      + '<dataset-facets exclude="[&quot;org&quot;]"></dataset-facets>');
  });
  it('a custom block of the page config renders its base element with its defaults under the hash', () => {
    const page = { blocks: [{ block: 'myList', extends: 'datasetList', limit: 20, clickExpand: false }] };
    assert.equal(render('{{myList limit=3}}', { page }), '<dataset-list limit="3" click-expand="false"></dataset-list>');
  });
  it('nested search blocks join the host scope', () => {
    assert.equal(render('{{datasetResults}}', { host: hostWith({ scope: 'a' }) }), '<dataset-results scope="a"></dataset-results>');
  });
});

describe('template escaping and links', () => {
  it('hostile values are text in children and attributes, also with {{{triple}}}', () => {
    assert.equal(render('<p>{{prop "dcterms:description"}}</p>'), '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    assert.equal(render('<p>{{{prop "dcterms:description"}}}</p>'), '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    assert.equal(render('<p title="{{prop "dcterms:description"}}">x</p>'), '<p title="&lt;script&gt;alert(1)&lt;/script&gt;">x</p>');
  });
  it('URL attributes: javascript: from metadata is left out; http(s), mailto and author-relative links stay', () => {
    assert.equal(render('<a href="{{prop "dcat:landingPage"}}">x</a>'), '<a href="">x</a>');
    assert.equal(render('<a href="javascript:{{prop "dcterms:identifier"}}">x</a>'), '<a href="">x</a>');
    assert.equal(render('<a href="{{resourceURI}}">x</a>'), '<a href="https://data.example.org/ds/1">x</a>');
    assert.equal(render('<a href="/view?id={{prop "dcterms:identifier"}}">x</a>'), '<a href="http://localhost/view?id=id-1">x</a>');
  });
  it('event handler and style attributes never take a value', () => {
    const seen = warnings(() => assert.equal(render('<b onclick="go(\'{{text}}\')" style="color:{{text}}">x</b>'), '<b onclick="" style="">x</b>'));
    assert.ok(seen.some((w) => w.includes('"onclick"')));
  });
  it('partials are left out with one warning; {{this}} inside eachprop is the value', () => {
    const seen = warnings(() => assert.equal(render('a{{> header}}b{{> header}}'), 'ab'));
    assert.equal(seen.filter((w) => w.includes('partials')).length, 1);
    assert.equal(render('{{#eachprop "dcat:keyword" separator="+"}}{{this}}{{/eachprop}}'), 'oak+elm');
  });
  it('an unsupported helper renders nothing and warns once, naming it', () => {
    const seen = warnings(() => {
      assert.equal(render('a{{frobnicateU1}}b{{#frobnicateU1}}x{{/frobnicateU1}}c'), 'abc');
      render('{{frobnicateU1}}');
    });
    assert.deepEqual(seen.filter((w) => w.includes('frobnicateU1')), ['[catalog-blocks] template: unsupported helper "frobnicateU1"; it renders nothing']);
  });
});

describe('template parameters', () => {
  it('attribute first (lower-case or kebab), then the defaults of the page blocks definitions', () => {
    const page = { blocks: [{ block: 'datasetList', rowhead: '<b>{{text}}</b>' }] };
    assert.equal(templateParam(hostWith({ rowhead: 'A' }), 'rowhead', page, 'datasetList'), 'A');
    assert.equal(templateParam(hostWith({ 'template-filter': 'B' }), 'templateFilter', page, 'datasetResults'), 'B');
    assert.equal(templateParam(hostWith(), 'rowhead', page, 'datasetList'), '<b>{{text}}</b>');
    assert.equal(templateParam(hostWith(), 'rowexpand', page, 'datasetList'), undefined);
  });
});
