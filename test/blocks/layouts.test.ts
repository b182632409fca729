// The search layouts (behaviour doc §2.4–§2.8) against the dev store's paging catalog: each renders its supportive
// parts in light DOM, all in one scope, with the layout's parameters passed as `inherit` — checked per parameter,
// generated from the parameter table (paramsOf(layout)) — heading levels without skips, "Clear all filters",
// the compact and portal variants, isolation of two scopes and sharing between sibling parts, axe per layout and
// state, and W3C Nu validity in both HTML modes.
import { expect, fixture, html } from '@open-wc/testing';
import { attributeName, paramsOf, type BlockName, type ParamSpec } from '../../src/config/params.ts';
import { defaultOf } from '../../src/config/resolve.ts';
import { scopeFor } from '../../src/search/scope.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import type { SearchLayout } from '../../blocks/search-base/layout.ts';
import type { DatasetExports } from '../../blocks/dataset-exports/dataset-exports.ts';
import '../../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts';
import '../../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
import '../../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';
import '../../blocks/dataset-exports/dataset-exports.ts';
import { devStore, entryById, fileStoreUrl, headingLevels, headingsWellFormed, setPageUrl, storeMode, text } from './helpers.ts';

const LAYOUTS: ReadonlyArray<{ tag: string; legacy: string; block: BlockName; search: string; facets: boolean }> = [
  { tag: 'dataset-simple-search-layout', legacy: 'esb-datasetsimplesearchlayout', block: 'datasetSimpleSearchLayout', search: 'dataset-search', facets: false },
  { tag: 'dataset-multi-search-layout', legacy: 'esb-datasetmultisearchlayout', block: 'datasetMultiSearchLayout', search: 'dataset-multi-search', facets: false },
  { tag: 'dataset-facet-search-layout', legacy: 'esb-datasetfacetsearchlayout', block: 'datasetFacetSearchLayout', search: 'dataset-multi-search', facets: true },
  { tag: 'dataset-compact-facet-search-layout', legacy: 'esb-datasetcompactfacetsearchlayout', block: 'datasetCompactFacetSearchLayout', search: 'dataset-multi-search', facets: true },
  { tag: 'dataset-facet-search-portal-layout', legacy: 'esb-datasetfacetsearchportallayout', block: 'datasetFacetSearchPortalLayout', search: 'dataset-multi-search', facets: true },
];

let n = 0;
const freshScope = (): string => `lay${Date.now().toString(36)}x${++n}`;

async function until(predicate: () => boolean, what: string): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > 8000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

let pagingContext: string;
let storeUrl: string;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
  pagingContext = (await entryById('paging-01')).contextId;
});

let restoreUrl: () => void;
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

/** Creates a layout in a fresh fixture (own scope unless `scope` is given as null) and waits for its first render. */
async function layout(tag: string, attrs: Record<string, string | null> = {}): Promise<SearchLayout> {
  const el = document.createElement(tag) as SearchLayout;
  const all: Record<string, string | null> = { 'store-url': storeUrl, context: pagingContext, lang: 'en', scope: freshScope(), ...attrs };
  for (const [k, v] of Object.entries(all)) if (v !== null) el.setAttribute(k, v);
  const wrapper = await fixture(html`<div></div>`);
  wrapper.append(el);
  expect(await el.loadComplete).to.equal('ready');
  return el;
}

const part = <T extends Element = CatalogBlock>(el: Element, selector: string): T => {
  const found = el.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector} in <${el.localName}>`);
  return found;
};

/** Waits until the layout's list shows rows and (facet layouts) the facets show groups. */
async function loaded(el: SearchLayout, facets: boolean): Promise<void> {
  const list = part(el, 'dataset-list');
  expect(await list.loadComplete).to.equal('ready');
  await until(() => el.querySelectorAll('.entryList > li').length > 0, 'rows');
  if (facets) await until(() => el.querySelectorAll('.esbFacets__collection').length > 0, 'facet groups');
  await el.updateComplete;
}

const childTags = (el: Element): string[] =>
  [...el.querySelectorAll('*')].filter((c) => c.localName.includes('-') && c !== el && !c.closest('.entryList')).map((c) => c.localName);

describe('layouts: composition', () => {
  it('simple: dataset-search → dataset-results → dataset-list (sort select only with include-sorting)', async () => {
    const el = await layout('dataset-simple-search-layout');
    expect(childTags(el)).to.deep.equal(['dataset-search', 'dataset-results', 'dataset-list']);
    const sorted = await layout('dataset-simple-search-layout', { 'include-sorting': 'true' });
    expect(childTags(sorted)).to.deep.equal(['dataset-search', 'catalog-sort-select', 'dataset-results', 'dataset-list']);
  });

  it('multi: dataset-multi-search → sort → dataset-results → dataset-list', async () => {
    const el = await layout('dataset-multi-search-layout', { 'include-sorting': 'true' });
    expect(childTags(el).filter((t) => !t.startsWith('catalog-') || t === 'catalog-sort-select')).to.deep.equal([
      'dataset-multi-search', 'catalog-sort-select', 'dataset-results', 'dataset-list',
    ]);
  });

  it('facet: responsiveness, an aside with "Filter" and the facets, a main column with search, sort, results, list', async () => {
    const el = await layout('dataset-facet-search-layout', { 'include-sorting': 'true' });
    const tags = childTags(el);
    expect(tags.indexOf('facet-search-responsiveness')).to.equal(0);
    const aside = part(el, 'aside.esbFacetColumn');
    expect(aside.querySelector('dataset-facets')).to.not.equal(null);
    expect(text(aside.querySelector('.esbFilterHeading'))).to.equal('Filter');
    expect(aside.getAttribute('aria-labelledby')).to.equal(aside.querySelector('.esbFilterHeading')!.id);
    const main = part(el, '.esbResultColumn');
    expect([...main.children].map((c) => c.localName).filter((t) => t.includes('-'))).to.deep.equal([
      'dataset-multi-search', 'catalog-sort-select', 'dataset-results', 'dataset-list',
    ]);
    expect(part(el, 'facet-search-responsiveness').getAttribute('controls')).to.equal(aside.id);
  });

  for (const l of LAYOUTS) {
    it(`${l.tag}: every part joins the layout's scope and store; a layout without scope uses "default"`, async () => {
      const scope = freshScope();
      const el = await layout(l.tag, { scope });
      const parts = [...el.querySelectorAll(`${l.search}, dataset-results, dataset-list, dataset-facets, facet-search-responsiveness`)];
      expect(parts.length).to.equal(l.facets ? 5 : 3);
      for (const p of parts) {
        expect(p.getAttribute('scope'), p.localName).to.equal(scope);
        expect(p.getAttribute('store-url'), p.localName).to.equal(storeUrl);
      }
      expect(el.searchScope.name).to.equal(scope);
      const plain = await layout(l.tag, { scope: null });
      expect(plain.searchScope.name).to.equal('default');
      expect(part(plain, 'dataset-list').getAttribute('scope')).to.equal('default');
    });

    it(`${l.legacy} renders the same composition as <${l.tag}>`, async () => {
      const legacy = await layout(l.legacy);
      const modern = await layout(l.tag);
      expect(childTags(legacy)).to.deep.equal(childTags(modern));
    });
  }
});

/** A valid raw value different from the layout default and what it parses to. */
function sample(spec: ParamSpec, block: BlockName): { raw: string; parsed: boolean | number | string } {
  const def = defaultOf(block, spec);
  switch (spec.type) {
    case 'boolean':
      return def === true ? { raw: 'false', parsed: false } : { raw: 'true', parsed: true };
    case 'number':
      return { raw: '3', parsed: 3 };
    case 'string':
      return spec.name === 'sortOrder' ? { raw: 'title', parsed: 'title' } : { raw: '800px', parsed: '800px' };
  }
}

/** Which part receives a parameter (as `inherit`) — or how else the layout applies it. */
function receiver(name: string): string {
  switch (name) {
    case 'break':
      return 'facet-search-responsiveness';
    case 'hvdFilter':
      return 'dataset-facets';
    case 'includeSorting':
      return 'catalog-sort-select';
    default:
      return 'dataset-list';
  }
}

for (const l of LAYOUTS) {
  describe(`parameters of ${l.block} reach its parts (generated from the parameter table)`, () => {
    for (const spec of paramsOf(l.block)) {
      const { raw, parsed } = sample(spec, l.block);
      const to = receiver(spec.name);
      it(`${spec.name}="${raw}" on <${l.tag}> → ${to}`, async () => {
        const el = await layout(l.tag, { [attributeName(spec.name)]: raw });
        if (spec.name === 'includeSorting') {
          expect(el.querySelector('catalog-sort-select')).to.not.equal(null);
          const plain = await layout(l.tag);
          expect(plain.querySelector('catalog-sort-select')).to.equal(null);
          return;
        }
        const child = part(el, to);
        expect(child.getAttribute(attributeName(spec.name))).to.match(/^inherit/);
        expect(child.params[spec.name]).to.equal(parsed);
        if (spec.name === 'typeFilter') expect(part(el, 'dataset-facets').params.typeFilter).to.equal(true);
      });
    }
  });
}

describe('layouts: headings (hl)', () => {
  for (const l of LAYOUTS) {
    it(`${l.tag}: default hl 2 → row titles h2${l.facets ? ', "Filter" h2, facet groups h3' : ''}; no level skipped`, async () => {
      const el = await layout(l.tag);
      await loaded(el, l.facets);
      expect([...el.querySelectorAll('.esbRowTitle')].every((h) => h.localName === 'h2')).to.equal(true);
      if (l.facets) {
        expect(part(el, '.esbFilterHeading').localName).to.equal('h2');
        const groups = [...el.querySelectorAll('.esbFacets__facetHeader')];
        expect(groups.length).to.be.greaterThan(0);
        expect(groups.every((h) => h.localName === 'h3')).to.equal(true);
      }
      expect(headingsWellFormed(headingLevels(el), 2), headingLevels(el).join()).to.equal(true);
    });
  }

  it('hl="3" on the facet layout: "Filter" h3, groups h4, row titles h3', async () => {
    const el = await layout('dataset-facet-search-layout', { hl: '3' });
    await loaded(el, true);
    expect(part(el, '.esbFilterHeading').localName).to.equal('h3');
    expect(el.querySelector('.esbFacets__facetHeader')!.localName).to.equal('h4');
    expect(el.querySelector('.esbRowTitle')!.localName).to.equal('h3');
  });

  it('changing hl on a rendered layout re-renders its parts with the new inherited value', async () => {
    const el = await layout('dataset-simple-search-layout');
    await loaded(el, false);
    el.setAttribute('hl', '4');
    await until(() => el.querySelector('.esbRowTitle')?.localName === 'h4', 'h4 row titles');
  });
});

describe('layouts: page configuration and language', () => {
  it('a page-level hl (data-portal-config data-hl="3") reaches the parts through the layout', async () => {
    const config = await fixture(html`<div data-portal-config data-hl="3" hidden></div>`);
    try {
      const el = await layout('dataset-facet-search-layout');
      expect(el.params.hl).to.equal(3);
      expect(part(el, 'dataset-list').params.hl).to.equal(3);
      await loaded(el, true);
      expect(part(el, '.esbFilterHeading').localName).to.equal('h3');
      expect(el.querySelector('.esbRowTitle')!.localName).to.equal('h3');
    } finally {
      config.remove();
    }
  });

  it('lang="sv" on the layout: every part speaks Swedish (Filter heading, sort label, clear all)', async () => {
    const el = await layout('dataset-facet-search-layout', { lang: 'sv', 'include-sorting': 'true' });
    await loaded(el, true);
    for (const p of el.querySelectorAll('dataset-facets, dataset-multi-search, dataset-results, dataset-list, catalog-sort-select')) {
      expect(p.getAttribute('lang'), p.localName).to.equal('sv');
    }
    expect(text(part(el, '.esbFilterHeading'))).to.equal('Filtrera');
    await until(() => text(el.querySelector('catalog-sort-select label')) === 'Sortera efter', 'Swedish sort label');
    el.searchScope.update((s) => ({ ...s, filters: { theme: ['http://publications.europa.eu/resource/authority/data-theme/EDUC'] } }));
    await until(() => text(el.querySelector('.esbClearAllButton')) === 'Rensa alla filter', 'Swedish clear all');
  });
});

describe('layouts: behaviour', () => {
  it('facet layout: "Clear all filters" appears with an active filter and clears every filter (terms stay)', async () => {
    const el = await layout('dataset-facet-search-layout');
    await loaded(el, true);
    expect(el.querySelector('.esbClearAllButton')).to.equal(null);
    expect(el.querySelector('.esbFacets__clearAll'), 'the facets do not show a second one').to.equal(null);
    const scope = el.searchScope;
    scope.update((s) => ({ ...s, terms: ['paging'], filters: { theme: ['http://publications.europa.eu/resource/authority/data-theme/EDUC'] } }));
    await until(() => el.querySelector('.esbClearAllButton') !== null, 'clear all');
    await expect(el).to.be.accessible();
    el.querySelector<HTMLButtonElement>('.esbClearAllButton')!.click();
    await until(() => Object.keys(scope.state.filters).length === 0, 'filters cleared');
    expect(scope.state.terms).to.deep.equal(['paging']);
    await until(() => el.querySelector('.esbClearAllButton') === null, 'button gone');
  });

  it('the parts of every layout stand a gap (--cb-gap, 1rem) apart; the first part and the one after the skip link have none', async () => {
    const gap = (e: Element | null) => (e ? getComputedStyle(e).marginTop : 'missing');
    for (const l of LAYOUTS) {
      const el = await layout(l.tag);
      await loaded(el, l.facets);
      const root = el.querySelector('.esbSearchLayout')!;
      const parts = [...root.children].filter((c) => !c.classList.contains('esbSkipLink'));
      expect(gap(parts[0]!), `${l.tag}: the first part`).to.equal('0px');
      for (const part of parts.slice(1)) expect(gap(part), `${l.tag}: ${part.localName}.${part.className}`).to.equal('16px');
      if (l.facets) {
        const column = [...el.querySelector('.esbResultColumn')!.children];
        expect(gap(column[0]!), `${l.tag}: the search at the top of the result column`).to.equal('0px');
        for (const part of column.slice(1)) expect(gap(part), `${l.tag}: ${part.localName} in the result column`).to.equal('16px');
        // the clear-all paragraph comes with a filter, right below the search (its own margin: 0), a gap above the next
        el.searchScope.update((s) => ({ ...s, filters: { theme: ['http://publications.europa.eu/resource/authority/data-theme/EDUC'] } }));
        await until(() => el.querySelector('.esbClearAll') !== null, 'clear all');
        expect(gap(el.querySelector('.esbClearAll')), `${l.tag}: clear all`).to.equal('0px');
        expect(gap(el.querySelector('.esbClearAll + *')), `${l.tag}: the part after clear all`).to.equal('16px');
      }
      el.style.setProperty('--cb-gap', '2rem');
      expect(gap(parts[1]!), `${l.tag}: --cb-gap themes it`).to.equal('32px');
      el.parentElement!.remove();
    }
  });

  it('compact layout: facet groups are <details> disclosures with the group label in <summary>', async () => {
    const el = await layout('dataset-compact-facet-search-layout');
    await loaded(el, true);
    expect(part(el, 'dataset-facets').getAttribute('variant')).to.equal('compact');
    const details = [...el.querySelectorAll('details.esbFacets__collection')];
    expect(details.length).to.be.greaterThan(0);
    expect(details[0]!.querySelector('summary .esbFacets__facetHeader')).to.not.equal(null);
    const description = el.querySelector<HTMLElement>('.esbRowDescription');
    if (description) expect(getComputedStyle(description).display).to.equal('none');
  });

  it('portal layout: registry mode, no sort select, no Type facet, no services even when asked', async () => {
    const el = await layout('dataset-facet-search-portal-layout', { 'include-sorting': 'true', 'type-filter': 'true', 'include-services': 'true' });
    await loaded(el, true);
    expect(el.querySelector('catalog-sort-select')).to.equal(null);
    const list = part(el, 'dataset-list');
    expect(list.params.registry).to.equal(true);
    expect(list.params.typeFilter).to.not.equal(true);
    expect(list.params.includeServices).to.not.equal(true);
    expect(el.querySelector('.collection_type')).to.equal(null);
  });

  it('two layouts with distinct scopes never interfere (state, results, URL keys)', async () => {
    const a = await layout('dataset-simple-search-layout', { scope: 'alpha' + freshScope() });
    const b = await layout('dataset-simple-search-layout', { scope: 'beta' + freshScope() });
    await loaded(a, false);
    await loaded(b, false);
    a.searchScope.update((s) => ({ ...s, terms: ['number 07'] }));
    await until(() => a.querySelectorAll('.entryList > li').length === 1, 'a filtered');
    expect(b.searchScope.state.terms).to.deep.equal([]);
    expect(b.querySelectorAll('.entryList > li').length).to.equal(10);
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get(`esc_${a.searchScope.name}_term`)).to.be.a('string');
    expect([...hash.keys()].some((k) => k.includes(b.searchScope.name))).to.equal(false);
  });

  it('sibling parts with the same scope share one search (portal-builder composition)', async () => {
    const scope = freshScope();
    // A store-wide search where a theme narrows: the dev store's catalogs together; the file store reads one file, and
    // the paging catalog's datasets all have one theme, so there it reads the demo catalog (several themes).
    const wide = storeMode === 'file' ? fileStoreUrl('demo/catalog/demo-catalog.ttl') : storeUrl;
    const root = await fixture(html`<div>
      <header><dataset-multi-search store-url=${wide} scope=${scope} lang="en"></dataset-multi-search></header>
      <div>
        <aside><dataset-facets store-url=${wide} scope=${scope} lang="en"></dataset-facets></aside>
        <main>
          <dataset-results store-url=${wide} scope=${scope} lang="en"></dataset-results>
          <dataset-list store-url=${wide} scope=${scope} lang="en"></dataset-list>
          <dataset-exports store-url=${wide} scope=${scope} lang="en"></dataset-exports>
        </main>
      </div>
    </div>`);
    const list = part(root, 'dataset-list');
    expect(await list.loadComplete).to.equal('ready');
    await until(() => root.querySelectorAll('.esbFacets__collection').length > 0, 'facets');
    const shared = scopeFor(document, scope, list.store);
    const results = part(root, 'dataset-results');
    const before = text(results);
    const all = shared.results!.total;
    // A theme value that narrows the result.
    const link = [...root.querySelectorAll<HTMLAnchorElement>('.collection_theme a.esbFacets__optionLink')].find(
      (a) => Number(/\d+/.exec(text(a.querySelector('.esbFacets__occurence')))?.[0]) < all,
    )!;
    expect(link, 'a narrowing theme value').to.not.equal(undefined);
    link.click();
    await until(() => (shared.state.filters.theme?.length ?? 0) === 1, 'facet selected');
    await until(() => text(results) !== before && shared.status === 'ready', 'results updated');
    expect(shared.results!.total).to.be.lessThan(all);
    expect(root.querySelectorAll('.entryList > li').length).to.equal(Math.min(10, shared.results!.total));
    expect(part<DatasetExports>(root, 'dataset-exports').searchScope).to.equal(shared);
  });
});

describe('layouts: accessibility (axe) per layout and state', () => {
  for (const l of LAYOUTS) {
    it(`${l.tag}: loaded, and with a term that matches nothing`, async () => {
      const el = await layout(l.tag, { 'include-sorting': 'true' });
      await loaded(el, l.facets);
      await expect(el).to.be.accessible();
      el.searchScope.update((s) => ({ ...s, terms: ['nothingmatchesthis'] }));
      await until(() => el.searchScope.status === 'ready' && el.searchScope.results?.total === 0, 'no hits');
      await until(() => el.querySelector('.esbListEmpty') !== null, 'empty text');
      await expect(el).to.be.accessible();
    });
  }
});

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
}

describe('layouts: HTML validity (Nu validator)', function () {
  // Ten layouts with expanded rows, then ONE Java run of the validator (both modes in one document, so the suite
  // adds a single validator run to a busy machine): slow, not timed.
  (this as { timeout(ms: number): void }).timeout(90000);
  it('strictStandardHtml true and false: every layout, rows expanded, plus the export buttons — no validation errors', async () => {
    const els: Element[] = [];
    for (const strict of [true, false]) {
      for (const l of LAYOUTS) {
        const el = await layout(l.tag, { 'include-sorting': 'true', ...(strict ? { 'strict-standard-html': 'true' } : {}) });
        await loaded(el, l.facets);
        el.querySelector<HTMLButtonElement>('button.esbRowExpandButton')?.click();
        els.push(el);
      }
    }
    const exports = await fixture(html`<dataset-exports store-url=${storeUrl} scope=${freshScope()} lang="en"></dataset-exports>`);
    els.push(exports);
    await until(() => els.every((el) => !el.querySelector('.esbRowExpand [aria-busy="true"]')), 'expanded rows');
    await Promise.all(els.map((e) => (e as SearchLayout).updateComplete));
    const body = els.map((e) => `<div class="host">${e.innerHTML}</div>`).join('\n');
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Layouts</title></head><body><main>${body}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const messages = ((await res.json()) as { messages: VnuMessage[] }).messages;
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
    expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
  });
});
