// Legacy markup (issue 10): how `data-entryscape…` attributes, the JSON attribute and the two script forms are read
// into block calls, the jQuery-style value coercion, and which element each incumbent block name mounts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { camelParam, coerce, dataParams, readLegacyNode, type LegacyElement } from '../../src/legacy/parse.ts';
import { BLOCK_TAGS, tagOf } from '../../src/legacy/names.ts';
import { attributeFor } from '../../src/legacy/mount.ts';
import { warnings } from './template-helpers.ts';

/** A stand-in element: tag, attributes in order, text. */
function node(localName: string, attrs: Record<string, string>, text = ''): LegacyElement {
  const list = Object.entries(attrs).map(([name, value]) => ({ name, value }));
  return { localName, attributes: list, textContent: text, getAttribute: (n) => attrs[n] ?? null };
}


describe('legacy parameter names and values', () => {
  test('names are camel-cased the jQuery .data() way', () => {
    assert.equal(camelParam('include-data-preview'), 'includeDataPreview');
    assert.equal(camelParam('hl'), 'hl');
    assert.equal(camelParam('click-expand'), 'clickExpand');
    // attribute names are lower case in HTML: the letter after the prefix stays lower case
    assert.equal(camelParam('Limit'), 'limit');
  });

  test('values: "true"/"false" → booleans, numbers that print back the same → numbers, JSON objects/arrays, else text', () => {
    assert.equal(coerce('true'), true);
    assert.equal(coerce('false'), false);
    assert.equal(coerce('null'), null);
    assert.equal(coerce('5'), 5);
    assert.equal(coerce('-2.5'), -2.5);
    assert.equal(coerce('010'), '010');
    assert.equal(coerce('1e3'), '1e3');
    assert.equal(coerce(''), '');
    assert.equal(coerce('True'), 'True');
    assert.deepEqual(coerce('{"a":[1,2]}'), { a: [1, 2] });
    assert.deepEqual(coerce('["org","format"]'), ['org', 'format']);
    assert.equal(coerce('{not json}'), '{not json}');
    assert.equal(coerce('org,format'), 'org,format');
  });

  test('every data-entryscape-<param> attribute becomes a parameter; other attributes and the name keys do not', () => {
    const el = node('div', {
      'data-entryscape': 'datasetView', 'data-entryscape-block': 'x', 'data-entryscape-component': 'y',
      'data-entryscape-include-data-preview': 'false', 'data-entryscape-hl': '3', class: 'a', 'data-other': '1',
    });
    assert.deepEqual(dataParams(el), { includeDataPreview: false, hl: 3 });
  });
});

describe('legacy markup forms → block calls', () => {
  test('data-entryscape="<block>" with one attribute per parameter', () => {
    const calls = readLegacyNode(node('div', { 'data-entryscape': 'datasetView', 'data-entryscape-include-data-preview': 'false', 'data-entryscape-limit': '5' }));
    assert.deepEqual(calls, [{ block: 'datasetView', params: { includeDataPreview: false, limit: 5 } }]);
  });

  test('data-entryscape-block and the legacy data-entryscape-component name the block too', () => {
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape-block': 'datasetList', 'data-entryscape-limit': '4' })),
      [{ block: 'datasetList', params: { limit: 4 } }]);
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape-component': 'datasetResults' })),
      [{ block: 'datasetResults', params: {} }]);
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape': 'true', 'data-entryscape-block': 'datasetSearch' })),
      [{ block: 'datasetSearch', params: {} }]);
  });

  test('the single JSON attribute; attributes beside it add to it; no block → configuration', () => {
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape': '{"block":"datasetList","limit":5,"exclude":["org"]}', 'data-entryscape-hl': '3' })),
      [{ block: 'datasetList', params: { limit: 5, exclude: ['org'], hl: 3 } }]);
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape': '{"component":"datasetView"}' })), [{ block: 'datasetView', params: {} }]);
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape': '{"entrystore":"https://s/store"}' })),
      [{ block: 'config', params: { entrystore: 'https://s/store' } }]);
  });

  test('data-entryscape="config" elements are configuration', () => {
    assert.deepEqual(readLegacyNode(node('div', { 'data-entryscape': 'config', 'data-entryscape-entrystore': 'https://s/store/', 'data-entryscape-context': '1' })),
      [{ block: 'config', params: { entrystore: 'https://s/store/', context: 1 } }]);
  });

  test('text/x-entryscape-json: a block, configuration without `block`, and arrays of both', () => {
    const script = (body: string) => node('script', { type: 'text/x-entryscape-json' }, body);
    assert.deepEqual(readLegacyNode(script('{"block":"datasetView","hl":2}')), [{ block: 'datasetView', params: { hl: 2 } }]);
    assert.deepEqual(readLegacyNode(script('{"context":"1"}')), [{ block: 'config', params: { context: '1' } }]);
    const named = node('script', { type: 'text/x-entryscape-json', 'data-entryscape': 'datasetView' }, '{"hl":2}');
    assert.deepEqual(readLegacyNode(named), [{ block: 'datasetView', params: { hl: 2 } }]);
    assert.deepEqual(readLegacyNode(script('[{"block":"config","page_language":"en"},{"block":"datasetList"}]')),
      [{ block: 'config', params: { page_language: 'en' } }, { block: 'datasetList', params: {} }]);
  });

  test('text/x-entryscape-handlebar: the body is the htemplate of a template block (or of the block it names)', () => {
    const body = '<h2>{{text}}</h2>';
    assert.deepEqual(readLegacyNode(node('script', { type: 'text/x-entryscape-handlebar', 'data-entryscape': 'template' }, body)),
      [{ block: 'template', params: { htemplate: body } }]);
    assert.deepEqual(readLegacyNode(node('script', { type: 'text/x-entryscape-handlebar', 'data-entryscape-hl': '2' }, body)),
      [{ block: 'template', params: { hl: 2, htemplate: body } }]);
    assert.deepEqual(readLegacyNode(node('script', { type: 'text/x-entryscape-handlebar', 'data-entryscape': 'myRow' }, body)),
      [{ block: 'myRow', params: { htemplate: body } }]);
  });

  test('broken JSON and a node naming no block: nothing, and one warning saying why', () => {
    let calls: unknown;
    const w1 = warnings(() => { calls = readLegacyNode(node('script', { type: 'text/x-entryscape-json' }, '{block:')); });
    assert.deepEqual(calls, []);
    assert.equal(w1.length, 1);
    assert.match(w1[0]!, /^\[catalog-blocks\] the JSON of a text\/x-entryscape-json script could not be parsed/);
    const w2 = warnings(() => { calls = readLegacyNode(node('div', { 'data-entryscape': '{"block":' })); });
    assert.deepEqual(calls, []);
    assert.equal(w2.length, 1);
    const w3 = warnings(() => { calls = readLegacyNode(node('div', { 'data-entryscape': '' })); });
    assert.deepEqual(calls, []);
    assert.match(w3[0]!, /^\[catalog-blocks\] a data-entryscape element names no block/);
    // read again (an SPA's init()): no second warning
    assert.deepEqual(warnings(() => readLegacyNode(node('script', { type: 'text/x-entryscape-json' }, '{block:'))), []);
  });
});

describe('incumbent block names → our elements', () => {
  /** Every tag a file under blocks/ defines (as scripts/entries.mjs blockTagFiles finds them). */
  function definedTags(): Set<string> {
    const dir = join(import.meta.dirname, '../../blocks');
    const tags = new Set<string>();
    for (const rel of readdirSync(dir, { recursive: true }).map(String)) {
      if (!rel.endsWith('.ts') || rel.endsWith('.test.ts')) continue;
      for (const m of readFileSync(join(dir, rel), 'utf8').matchAll(/customElements\.define\(\s*['"]([a-z][a-z0-9]*-[a-z0-9-]*)['"]/g)) tags.add(m[1]!);
    }
    return tags;
  }

  test('the opendata blocks and their documented aliases map to our elements', () => {
    assert.equal(tagOf('datasetView'), 'dataset-view');
    assert.equal(tagOf('datasetStandaloneListLayout'), 'dataset-list-layout');
    assert.equal(tagOf('facets_sv'), 'facets-sv');
    assert.equal(tagOf('simpleSearch'), 'dataset-search');
    assert.equal(tagOf('searchList'), 'dataset-list');
    assert.equal(tagOf('template'), 'catalog-template');
    assert.equal(tagOf('viewMetadata'), 'catalog-metadata');
    assert.equal(tagOf('distributionList'), 'catalog-metadata');
    assert.equal(tagOf('toString'), undefined);
    assert.equal(tagOf('nope'), undefined);
  });

  test('every mapped element exists under blocks/ ', () => {
    const tags = definedTags();
    for (const [name, tag] of Object.entries(BLOCK_TAGS)) {
      assert.ok(tags.has(tag), `${name} → <${tag}> is not defined by any block`);
    }
  });

  test('the blocks of the parameter table, the supportive blocks and the base blocks all have an element', () => {
    const names = ['datasetView', 'dataserviceView', 'datasetListLayout', 'datasetSimpleSearchLayout', 'datasetMultiSearchLayout',
      'datasetFacetSearchLayout', 'datasetCompactFacetSearchLayout', 'datasetFacetSearchPortalLayout', 'datasetList', 'datasetResults',
      'datasetSearch', 'datasetMultiSearch', 'datasetFacets', 'facets_sv', 'facetSearchResponsiveness', 'datasetExports',
      'template', 'simpleSearch', 'multiSearch', 'results', 'searchList', 'facets', 'viewMetadata', 'distributionList'];
    for (const name of names) assert.ok(tagOf(name), `${name} has no element`);
  });

  test('parameter attribute names: kebab case, template keys in lower case', () => {
    assert.equal(attributeFor('includeDataPreview'), 'include-data-preview');
    assert.equal(attributeFor('hl'), 'hl');
    assert.equal(attributeFor('lookupURI'), 'lookup-uri');
    assert.equal(attributeFor('templateFilterNoResults'), 'templatefilternoresults');
    assert.equal(attributeFor('rowhead'), 'rowhead');
    assert.equal(attributeFor('page_language'), 'page_language');
  });
});
