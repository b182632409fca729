// Global keys of EntryScape Blocks pages (issue 10 point 2) on the search blocks, against the dev store (the demo,
// blocks, hostile and paging catalogs, each in its own context): `context` (one and a list) scopes the list AND the
// facet counts, `limit` / `limitOptions`, `sortOptions` in the sort select, `baseFilter` (never in the URL),
// `minimumSearchLength`, facet `exclude` and `facetLimit`, the URL prefix, and `blocks` overrides of built-in names
// with call-site attributes winning. The page configuration is `window.__entryscape_config`, as on those pages.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/dataset-search/dataset-search.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import type { MultiSearchBlock } from '../../blocks/dataset-multi-search/multi-search.ts';
import '../../blocks/catalog-sort-select/sort-select.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import type { DatasetFacets } from '../../blocks/dataset-facets/dataset-facets.ts';
import type { SimpleSearchBlock } from '../../blocks/dataset-search/simple-search.ts';
import type { SortSelect } from '../../blocks/catalog-sort-select/sort-select.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { resetScopes, type SearchScope } from '../../src/search/scope.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import { devStore, entryById, text } from './helpers.ts';
import { blocksContextId, pagingContextId, rowTitles, rows, until } from './dataset-list.helpers.ts';

const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
type ConfigWindow = Window & { __entryscape_config?: unknown };

function pageConfig(config: unknown): void {
  (window as ConfigWindow).__entryscape_config = config;
}

let n = 0;
const freshScope = (): string => `gk${Date.now().toString(36)}x${++n}`;
const pagePath = location.pathname;

/** A list (and optional parts) of one fresh scope; waits until the list shows its first results. */
async function mount(parts: (scope: string, storeUrl: string) => ReturnType<typeof html>, name = freshScope()): Promise<{ root: HTMLElement; list: DatasetList; scope: SearchScope }> {
  const { storeUrl } = await devStore();
  const root = await fixture<HTMLElement>(html`<div>${parts(name, storeUrl)}</div>`);
  const list = root.querySelector('dataset-list') as DatasetList;
  expect(await list.loadComplete).to.equal('ready');
  const scope = list.searchScope;
  await scope.settled();
  for (const el of root.querySelectorAll('*')) await (el as CatalogBlock).updateComplete;
  return { root, list, scope };
}

const listOnly = (attrs: { limit?: string; context?: string; namedclick?: string } = {}) => (scope: string, storeUrl: string) =>
  html`<dataset-list store-url=${storeUrl} scope=${scope} lang="en" limit=${attrs.limit ?? 'inherit'}
    context=${attrs.context ?? 'inherit'}></dataset-list>`;

const withFacets = (facetAttrs: Record<string, string> = {}) => (scope: string, storeUrl: string) => html`
  <dataset-facets store-url=${storeUrl} scope=${scope} lang="en" exclude=${facetAttrs.exclude ?? 'inherit'}></dataset-facets>
  <dataset-list store-url=${storeUrl} scope=${scope} lang="en"></dataset-list>`;

const values = (facets: Element, group: string): string[] =>
  [...facets.querySelectorAll(`.collection_${group} .facetLabel`)].map((e) => text(e));
const counts = (facets: Element, group: string): number[] =>
  [...facets.querySelectorAll(`.collection_${group} .esbFacets__occurence`)].map((e) => Number(/\d+/.exec(e.textContent ?? '')?.[0]));

describe('global keys on the search blocks', () => {
  before(() => loadMessages('en'));
  afterEach(() => {
    delete (window as ConfigWindow).__entryscape_config;
    resetScopes(document);
    history.replaceState(null, '', pagePath);
  });

  describe('context', () => {
    it('a global context scopes the list and the facet counts to that context', async () => {
      const paging = await pagingContextId();
      pageConfig({ context: paging });
      const { root, scope } = await mount(withFacets());
      expect(scope.results!.total).to.equal(25);
      const facets = root.querySelector('dataset-facets') as DatasetFacets;
      // every paging dataset has the theme EDUC; the demo catalog's other themes are not counted
      expect(values(facets, 'theme')).to.deep.equal(['Education, culture and sport']);
      expect(counts(facets, 'theme')).to.deep.equal([25]);
      expect(values(facets, 'org')).to.deep.equal(['Paging Agency']);
    });

    it('without it every context is searched (more datasets, more themes)', async () => {
      const { root, scope } = await mount(withFacets());
      expect(scope.results!.total).to.be.greaterThan(25);
      expect(values(root.querySelector('dataset-facets')!, 'theme').length).to.be.greaterThan(1);
    });

    it('a list of contexts: datasets of any of them (an OR), as many as each alone', async () => {
      const [paging, blocks] = [await pagingContextId(), await blocksContextId()];
      pageConfig({ context: blocks });
      const alone = (await mount(listOnly())).scope.results!.total;
      expect(alone).to.be.greaterThan(0);
      pageConfig({ context: [paging, blocks] });
      const { scope } = await mount(listOnly());
      expect(scope.results!.total).to.equal(25 + alone);
    });

    it('the block attribute wins over the global context', async () => {
      pageConfig({ context: await blocksContextId() });
      const { scope } = await mount(listOnly({ context: await pagingContextId() }));
      expect(scope.results!.total).to.equal(25);
    });
  });

  describe('limit, limitOptions and blocks overrides', () => {
    it('global limit is the page size', async () => {
      pageConfig({ context: await pagingContextId(), limit: 5 });
      const { list } = await mount(listOnly());
      expect(rows(list)).to.have.length(5);
      expect(text(list.querySelector('.entryPagination'))).to.contain('1–5 of 25');
    });

    it('limitOptions: the first is the page size', async () => {
      pageConfig({ context: await pagingContextId(), limitOptions: [20, 50] });
      const { list } = await mount(listOnly());
      expect(rows(list)).to.have.length(20);
    });

    it('a blocks override of datasetList sets the default; the call-site attribute wins', async () => {
      pageConfig({ context: await pagingContextId(), limit: 9, blocks: [{ block: 'datasetList', limit: 4 }] });
      expect(rows((await mount(listOnly())).list)).to.have.length(4);
      expect(rows((await mount(listOnly({ limit: '6' }))).list)).to.have.length(6);
    });

    it('a layout hands limit down to its list (override of the layout name)', async () => {
      pageConfig({ context: await pagingContextId(), blocks: [{ block: 'datasetFacetSearchLayout', limit: 3 }] });
      const { storeUrl } = await devStore();
      const root = await fixture<HTMLElement>(html`<dataset-facet-search-layout store-url=${storeUrl} scope=${freshScope()}
        lang="en"></dataset-facet-search-layout>`);
      await (root as CatalogBlock).updateComplete;
      const list = root.querySelector('dataset-list') as DatasetList;
      await until(() => !!list, 'the list');
      expect(await list.loadComplete).to.equal('ready');
      expect(rows(list)).to.have.length(3);
    });
  });

  describe('sortOptions', () => {
    it('the sort select offers the page options; the first is the default; a choice sorts and writes esc_sort', async () => {
      pageConfig({
        context: await pagingContextId(),
        sortOptions: [{ label: { en: 'Title', sv: 'Titel' }, value: 'title.en+asc' }, { label: 'Newest', value: 'modified+desc' }],
      });
      const { root, list, scope } = await mount((scope, storeUrl) => html`
        <catalog-sort-select store-url=${storeUrl} scope=${scope} lang="en"></catalog-sort-select>
        <dataset-list store-url=${storeUrl} scope=${scope} lang="en"></dataset-list>`);
      const select = root.querySelector('catalog-sort-select') as SortSelect;
      await select.updateComplete;
      const control = select.querySelector('select')!;
      expect([...control.options].map((o) => o.textContent?.trim())).to.deep.equal(['Title', 'Newest']);
      expect(control.value).to.equal('title.en+asc');
      expect(rowTitles(list)[0]).to.equal('Paging dataset 01');
      control.dispatchEvent(new Event('pointerdown'));
      control.value = 'modified+desc';
      control.dispatchEvent(new Event('change'));
      await until(() => scope.status === 'ready' && rowTitles(list)[0] === 'Paging dataset 25', 'the newest first');
      expect(location.hash).to.contain(`esc_${scope.name}_sort=modified+desc`);
    });
  });

  describe('baseFilter', () => {
    it('always applied (counts too) and never written to the URL', async () => {
      pageConfig({ baseFilter: { org: 'https://paging.example.org/pub1' } });
      const { root, scope } = await mount(withFacets());
      expect(scope.results!.total).to.equal(25);
      const facets = root.querySelector('dataset-facets')!;
      expect(counts(facets, 'theme')).to.deep.equal([25]);
      // a selection writes itself, not the base filter
      (facets.querySelector('.collection_theme a.esbFacets__optionLink') as HTMLAnchorElement).click();
      await until(() => location.hash.includes(`esc_${scope.name}_theme=`), 'the URL');
      await scope.settled();
      expect(decodeURIComponent(location.hash)).to.not.contain('paging.example.org');
      expect(scope.results!.total).to.equal(25);
    });
  });

  describe('facets: exclude, facetLimit', () => {
    it('exclude by collection name; from a blocks override of datasetFacets, the attribute winning', async () => {
      pageConfig({ blocks: [{ block: 'datasetFacets', exclude: 'theme,org,license,access' }] });
      let { root } = await mount(withFacets());
      const groups = () => [...root.querySelectorAll('dataset-facets .esbFacets__collection')].map((g) => /collection_(\w+)/.exec(g.className)![1]);
      expect(groups()).to.not.include.members(['theme', 'org']);
      expect(groups()).to.include('keyword');
      resetScopes(document);
      ({ root } = await mount(withFacets({ exclude: 'keyword' })));
      expect(groups()).to.include.members(['theme', 'org']);
      expect(groups()).to.not.include('keyword');
    });

    it('the multi search suggests from the collections a blocks override of datasetMultiSearch leaves (exclude)', async () => {
      pageConfig({ context: await pagingContextId(), blocks: [{ block: 'datasetMultiSearch', exclude: 'org,format,license,access,keyword' }] });
      const { root, scope } = await mount((scope, storeUrl) => html`
        <dataset-multi-search store-url=${storeUrl} scope=${scope} lang="en"></dataset-multi-search>
        <dataset-list store-url=${storeUrl} scope=${scope} lang="en"></dataset-list>`);
      const el = root.querySelector('dataset-multi-search') as MultiSearchBlock;
      expect(el.collections).to.deep.equal(['theme']);
      expect(scope.settings.facets).to.deep.equal(['theme']);
      // (the suggestions code loads when the box gets focus)
      el.input!.focus();
      await el.updateComplete;
      el.text = 'educ';
      expect(el.suggestions.filter((s) => s.kind === 'facet').map((s) => s.collection)).to.deep.equal(['theme']);
    });

    it('facetLimit: at most that many values per group', async () => {
      const { root: before } = await mount(withFacets());
      expect(values(before.querySelector('dataset-facets')!, 'theme').length).to.be.greaterThan(2);
      resetScopes(document);
      pageConfig({ facetLimit: 2 });
      const { root, scope } = await mount(withFacets());
      expect(values(root.querySelector('dataset-facets')!, 'theme')).to.have.length(2);
      expect(scope.settings.facetLimit).to.equal(2);
    });
  });

  describe('minimumSearchLength and the URL prefix', () => {
    async function search(input: HTMLInputElement, el: SimpleSearchBlock, value: string): Promise<void> {
      input.value = value;
      input.dispatchEvent(new Event('input'));
      el.search();
      await el.updateComplete;
    }

    it('minimumSearchLength (global) replaces 3: shorter terms do not search and say so', async () => {
      pageConfig({ context: await pagingContextId(), minimumSearchLength: 5 });
      const { root, scope } = await mount((scope, storeUrl) => html`
        <dataset-search store-url=${storeUrl} scope=${scope} lang="en"></dataset-search>
        <dataset-list store-url=${storeUrl} scope=${scope} lang="en"></dataset-list>`);
      const el = root.querySelector('dataset-search') as SimpleSearchBlock;
      const input = el.querySelector('input')!;
      await search(input, el, 'pagi');
      expect(el.problem).to.equal('tooShort');
      expect(text(el.querySelector('.esbSearchHint'))).to.contain('5');
      expect(scope.state.terms).to.deep.equal([]);
      await search(input, el, 'paging');
      expect(scope.state.terms).to.deep.equal(['paging']);
    });

    it('hashParamsPrefix: written search state, facet links and the state read use it', async () => {
      const paging = await pagingContextId();
      pageConfig({ context: paging, hashParamsPrefix: 'cat_' });
      const { root, scope } = await mount(withFacets());
      const key = `cat_${scope.name}_theme=`;
      const link = root.querySelector('dataset-facets .collection_theme a.esbFacets__optionLink') as HTMLAnchorElement;
      expect(link.getAttribute('href')).to.contain(`#${key}`);
      expect(link.getAttribute('href')).to.not.contain('esc_');
      link.click();
      await until(() => location.hash.includes(key), 'the URL');
      expect(location.hash).to.not.contain('esc_');
      await scope.settled();
      expect(scope.state.filters.theme).to.deep.equal([`${THEME}EDUC`]);
      // a link written by hand with the prefix is read on load
      resetScopes(document);
      const name = freshScope();
      history.replaceState(null, '', `${pagePath}#cat_${name}_term=dataset%2001`);
      const again = await mount(listOnly(), name);
      expect(again.scope.state.terms).to.deep.equal(['dataset 01']);
    });
  });

  it('the page lists a dataset of the context it names (entry check)', async () => {
    const e = await entryById('paging-01');
    expect(e.contextId).to.equal(await pagingContextId());
  });
});
