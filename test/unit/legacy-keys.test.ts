// Issue 26 points 4–6: the configuration keys real migrated pages carry, resolved by the one page configuration
// (`entrystore_base` of the vendor's CMS plugin, `data-lang` on our script tag), and the two things a migrated page is
// told once when it forgot them (no store, no language).
import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readPageConfig, useLoaderScript } from '../../src/config/page-config.ts';
import { resetWarnings } from '../../src/config/warn.ts';
import { warnPageGaps, type CheckedDocument } from '../../src/legacy/page-checks.ts';
import { warnings } from './template-helpers.ts';
import { applyOlderMeanings } from '../../src/legacy/older-meanings.ts';
import type { LegacyCall } from '../../src/legacy/parse.ts';
import { overridesLoading } from '../../src/config/block-overrides-loader.ts';
import { collectionLabel, collectionNames, customFacetNames } from '../../src/search/collections.ts';
import { defineCollections } from '../../src/search/page-keys.ts';
import { useQueryTemplate } from '../../src/search/query-template.ts';
import { FACETS, facetOf } from '../../src/search/facets.ts';
import { readState, writeState } from '../../src/search/url.ts';
import { searchQuery, tokenClause } from '../../src/search/query.ts';
import { buildGroup } from '../../src/search/view.ts';
import { offeredCollections } from '../../src/search/settings.ts';
import { predicateHash } from '../../src/store/hash.ts';

type Obj = Record<string, unknown>;

/** A document stand-in: window configuration, `<html lang>`, elements matching `[store-url]`. */
function docWith(win: Obj = {}, htmlLang = '', storeElements = 0): CheckedDocument {
  return {
    baseURI: 'https://www.example.org/data/page.html',
    defaultView: win as unknown as Window & typeof globalThis,
    documentElement: { getAttribute: (n: string) => (n === 'lang' ? htmlLang : null) } as unknown as HTMLElement,
    querySelectorAll: ((sel: string) => (sel.includes('data-portal-config') ? [] : Array(storeElements).fill({}))) as unknown as Document['querySelectorAll'],
  };
}

/** A legacy node stand-in, inside an element with `lang` = `lang` (none: ''). */
const nodeIn = (lang = ''): Element => ({ closest: (s: string) => (s === '[lang]' && lang ? { getAttribute: () => lang } : null) }) as unknown as Element;

beforeEach(() => {
  resetWarnings();
  useLoaderScript(undefined);
});

describe('the store of a migrated page', () => {
  test('entrystore_base (the CMS plugin\'s key in __entryscape_plugin_config) is the store', () => {
    const page = readPageConfig(docWith({ __entryscape_config: [{ entrystore_base: 'https://admin.example.se/store' }] }) as Document);
    assert.equal(page.storeUrl, 'https://admin.example.se/store');
  });

  test('a later entrystore wins over the plugin\'s entrystore_base; in one object entrystore wins too', () => {
    const later = readPageConfig(docWith({ __entryscape_config: [{ entrystore_base: 'https://a/store' }, { entrystore: 'https://b/store' }] }) as Document);
    assert.equal(later.storeUrl, 'https://b/store');
    const same = readPageConfig(docWith({ __entryscape_config: [{ entrystore: 'https://b/store', entrystore_base: 'https://a/store' }] }) as Document);
    assert.equal(same.storeUrl, 'https://b/store');
  });

  test('the old object form entrystore: { repository } is the store', () => {
    const page = readPageConfig(docWith({ __entryscape_config: { entrystore: { repository: 'https://c/store/' } } }) as Document);
    assert.equal(page.storeUrl, 'https://c/store/');
  });

  test('a legacy page naming no store is told once, with the URL it will read', () => {
    const doc = docWith({ __entryscape_config: [{ page_language: 'sv' }] });
    const seen = warnings(() => {
      warnPageGaps(doc, [nodeIn()]);
      warnPageGaps(doc, [nodeIn()]);
    });
    assert.equal(seen.length, 1, seen.join('\n'));
    assert.match(seen[0]!, /^\[catalog-blocks\] no store is configured .*https:\/\/www\.example\.org\/store\//);
  });

  test('no store warning with entrystore_base, with entrystore, or with a block of its own store; none without legacy nodes', () => {
    const seen = warnings(() => {
      warnPageGaps(docWith({ __entryscape_config: [{ entrystore_base: 'https://a/store', page_language: 'sv' }] }), [nodeIn()]);
      warnPageGaps(docWith({ __entryscape_config: [{ entrystore: 'https://a/store', page_language: 'sv' }] }), [nodeIn()]);
      warnPageGaps(docWith({ __entryscape_config: [{ page_language: 'sv' }] }, '', 1), [nodeIn()]);
      warnPageGaps(docWith({}), []);
    });
    assert.deepEqual(seen, []);
  });
});

describe('the language of a migrated page', () => {
  const store = { entrystore: 'https://a/store' };

  test('data-lang on our script tag is the page language', () => {
    useLoaderScript({ getAttribute: (n: string) => (n === 'data-lang' ? 'sv' : null) });
    assert.equal(readPageConfig(docWith({ __entryscape_config: [store] }) as Document).lang, 'sv');
  });

  test('page_language wins over the script tag\'s data-lang (the page is more specific than a site-wide tag)', () => {
    useLoaderScript({ getAttribute: (n: string) => (n === 'data-lang' ? 'sv' : null) });
    assert.equal(readPageConfig(docWith({ __entryscape_config: [{ ...store, page_language: 'en' }] }) as Document).lang, 'en');
  });

  test('a page naming no language at all gets exactly one warning', () => {
    const doc = docWith({ __entryscape_config: [store] });
    const seen = warnings(() => {
      warnPageGaps(doc, [nodeIn(), nodeIn()]);
      warnPageGaps(doc, [nodeIn()]);
    });
    assert.equal(seen.length, 1, seen.join('\n'));
    assert.match(seen[0]!, /^\[catalog-blocks\] this page names no language .*follow the visitor's browser/);
  });

  test('no language warning with page_language, data-lang on the script, <html lang>, or lang on every block', () => {
    const seen = warnings(() => {
      warnPageGaps(docWith({ __entryscape_config: [{ ...store, page_language: 'sv' }] }), [nodeIn()]);
      warnPageGaps(docWith({ __entryscape_config: [store] }, 'sv'), [nodeIn()]);
      warnPageGaps(docWith({ __entryscape_config: [store] }), [nodeIn('sv'), nodeIn('de')]);
      useLoaderScript({ getAttribute: (n: string) => (n === 'data-lang' ? 'sv' : null) });
      warnPageGaps(docWith({ __entryscape_config: [store] }), [nodeIn()]);
    });
    assert.deepEqual(seen, []);
  });

  test('one block without a language on a page that names none: warned', () => {
    const seen = warnings(() => warnPageGaps(docWith({ __entryscape_config: [store] }), [nodeIn('sv'), nodeIn()]));
    assert.equal(seen.length, 1);
  });
});

describe('datasetSearch on a 0.x page is the result list', () => {
  const call = (block: string, params: Obj = {}) => ({ block, params });
  const blocksOf = (calls: { block: string }[]) => calls.map((c) => c.block);

  test('a 0.x search page (simpleSearch, facets, datasetSearch): datasetSearch becomes the list', () => {
    const calls = [call('simpleSearch'), call('facets'), call('datasetSearch')];
    applyOlderMeanings(calls, {}, false);
    assert.deepEqual(blocksOf(calls), ['simpleSearch', 'facets', 'datasetList']);
  });

  test('a parameter only a list takes (rowhead, limit, facets) makes it the list even beside a 1.x list', () => {
    for (const p of [{ rowhead: '<h4>{{text}}</h4>' }, { limit: 5 }, { facets: true }]) {
      const calls = [call('datasetSearch', p), call('datasetList')];
      applyOlderMeanings(calls, {}, false);
      assert.deepEqual(blocksOf(calls), ['datasetList', 'datasetList'], JSON.stringify(p));
    }
  });

  test('a 1.x page keeps the search box: beside a list, a layout, a list already on the page, or with click', () => {
    const cases: [LegacyCall[], boolean][] = [
      [[call('datasetSearch'), call('datasetResults'), call('datasetList')], false],
      [[call('datasetSearch'), call('datasetFacetSearchLayout')], false],
      [[call('datasetSearch')], true],
      [[call('datasetSearch', { namedclick: 'search' })], false],
      [[call('datasetSearch', { click: '/sok' })], false],
    ];
    for (const [calls, listShown] of cases) {
      applyOlderMeanings(calls, {}, listShown);
      assert.equal(calls[0]!.block, 'datasetSearch', JSON.stringify(calls));
    }
  });

  test('a custom block extending a list counts as a list on the page', async () => {
    await overridesLoading({ blocks: [{ block: 'x' }] });
    const calls = [call('datasetSearch'), call('cityDatasets')];
    applyOlderMeanings(calls, { blocks: [{ block: 'cityDatasets', extends: 'datasetList' }] }, false);
    assert.equal(calls[0]!.block, 'datasetSearch');
  });

  test('a page whose blocks define datasetSearch gets its definition, not this rule', async () => {
    await overridesLoading({ blocks: [{ block: 'x' }] });
    const calls = [call('datasetSearch')];
    applyOlderMeanings(calls, { blocks: [{ block: 'datasetSearch', placeholder: 'Sök' }] }, false);
    assert.equal(calls[0]!.block, 'datasetSearch');
  });
});

describe('custom facet collections (the collections key)', () => {
  const FOAF = 'http://xmlns.com/foaf/0.1/';
  const SKR = 'https://opendata.example.se/terms/';
  const collections = [
    { type: 'facet', name: 'theme', label: 'Tema', property: 'dcat:theme', nodetype: 'uri', templatesource: 'dcat:theme-isa' },
    { type: 'facet', name: 'sex', label: { sv: 'Kön', en: 'Sex' }, property: 'foaf:gender', nodetype: 'literal', related: true, limit: 5,
      vocab: { male: { sv: 'Man', en: 'Male' }, female: { sv: 'Kvinna' } } },
    { type: 'facet', name: 'situation', label: 'Läge', property: 'skr:situation', nodetype: 'uri' },
    { type: 'search', name: 'cp', label: 'Kontakt', property: 'dcat:contactPoint', nodetype: 'uri', includeAsFacet: false },
    { type: 'range', name: 'year', label: 'År', property: 'dcterms:issued' },
  ];
  const namespaces = { skr: SKR };

  test('each definition becomes a collection: built-in names keep the built-in facet, unsupported types are warned once and left out', () => {
    const seen = warnings(() => {
      assert.equal(defineCollections(collections, namespaces), true);
      assert.equal(defineCollections(collections, namespaces), false, 'the same definitions: nothing changed');
    });
    assert.deepEqual(collectionNames().slice(-3), ['sex', 'situation', 'cp']);
    assert.equal(collectionNames().filter((n) => n === 'theme').length, 1);
    assert.deepEqual(customFacetNames(), ['sex', 'situation'], 'includeAsFacet: false is not shown by default');
    assert.deepEqual(seen, ['[catalog-blocks] the facet collection "year" of type "range" is not supported; it is left out']);
    assert.equal(facetOf('theme'), FACETS.theme);
  });

  test('the fields counted and filtered: the property\'s (prefix from the page namespaces), related.* with related: true', () => {
    defineCollections(collections, namespaces);
    assert.deepEqual(facetOf('sex').fields, [`related.metadata.predicate.literal_s.${predicateHash(`${FOAF}gender`)}`]);
    assert.deepEqual(facetOf('situation').fields, [`metadata.predicate.uri.${predicateHash(`${SKR}situation`)}`]);
    assert.equal(facetOf('sex').shownBeforeMore, 5);
  });

  test('a selection is written to the URL as esc_<name> and read back; it filters the search (AND across groups)', () => {
    defineCollections(collections, namespaces);
    const state = { terms: [], filters: { sex: ['female'], situation: [`${SKR}indoor`], theme: ['http://publications.europa.eu/resource/authority/data-theme/EDUC'] }, page: 1 };
    const url = writeState(new URL('https://www.example.org/konst#top'), state);
    assert.match(url.hash, /esc_sex=female/);
    assert.match(url.hash, /esc_situation=https:\/\/opendata\.example\.se\/terms\/indoor/);
    assert.deepEqual(readState(url).filters, state.filters);
    const q = searchQuery(state, { types: ['dataset'], pageSize: 10, facets: [], lang: 'sv' });
    assert.ok(q.includes(`related.metadata.predicate.literal_s.${predicateHash(`${FOAF}gender`)}:female`), q);
    assert.ok(q.includes(`metadata.predicate.uri.${predicateHash(`${SKR}situation`)}:`), q);
  });

  test('values are labelled from vocab in the UI language, literals as they are, URIs by their last part; headings from label', () => {
    defineCollections(collections, namespaces);
    const field = facetOf('sex').fields[0]!;
    const group = buildGroup({ name: 'sex', state: { terms: [], filters: {}, page: 1 }, total: 9,
      current: [{ name: field, values: [{ name: 'male', count: 5 }, { name: 'female', count: 3 }, { name: 'km', count: 1 }] }] },
    { lang: 'en', agents: new Map() });
    assert.deepEqual(group.values.map((v) => [v.label, v.count, v.labelLang]), [['Male', 5, 'en'], ['Kvinna', 3, 'sv'], ['km', 1, undefined]]);
    assert.deepEqual(collectionLabel('sex', 'sv'), { text: 'Kön' });
    assert.deepEqual(collectionLabel('situation', 'en'), { text: 'Läge' });
    assert.deepEqual(collectionLabel('sex', 'de'), { text: 'Sex', lang: 'en' });
  });

  test('facet include / exclude and baseFilter know the custom names', () => {
    defineCollections(collections, namespaces);
    const seen = warnings(() => assert.deepEqual(offeredCollections(['theme', 'sex', 'situation'], undefined, 'situation'), ['theme', 'sex']));
    assert.deepEqual(seen, []);
  });
});

describe('the query key: which fields a search term is looked for in', () => {
  test('without query: title, description and tag.literal, as before', () => {
    useQueryTemplate(undefined);
    assert.equal(tokenClause('buss'), '(title:buss OR description:buss OR tag.literal:buss)');
  });

  test('query names the fields; 1 = the term, 2 = term+ (prefix), 3 = term* (the term or a prefix), a string "type,boost"', () => {
    useQueryTemplate({ title: 1, 'metadata.predicate.literal_s.abc123': 3, description: 'term+,2' });
    assert.equal(tokenClause('buss'), '(title:buss OR metadata.predicate.literal_s.abc123:buss* OR metadata.predicate.literal_s.abc123:buss OR description:buss*^2)');
    useQueryTemplate({ title: { type: '*term*', boost: 4 } });
    assert.equal(tokenClause('bu:s'), '(title:*bu\\:s^4 OR title:bu\\:s*^4 OR title:*bu\\:s*^4 OR title:bu\\:s^4)');
    useQueryTemplate(undefined);
  });

  test('field names that are not Solr field names, and includes/excludes, are left out with one warning', () => {
    resetWarnings();
    const seen = warnings(() => useQueryTemplate({ 'title OR public:false': 1, description: { type: 'term', includes: '^a' } }));
    assert.equal(tokenClause('buss'), '(description:buss)');
    assert.equal(seen.length, 2, seen.join('\n'));
    useQueryTemplate(undefined);
  });
});
