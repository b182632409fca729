// <dataset-list-layout> (DL, behaviour doc §2.3) and <esb-datasetlistlayout>: every DL parameter of the table
// reaches the list inside (generated from paramsOf('datasetListLayout')), hl default 1, a private scope that never
// reads or writes search state in the URL fragment, esc_page with pageInUrl, sharing a scope when `scope` is given.
import { expect } from '@open-wc/testing';
import type { DatasetListLayout } from '../../blocks/dataset-list-layout/dataset-list-layout.ts';
import { paramsOf, type ParamSpec } from '../../src/config/params.ts';
import { scopeFor } from '../../src/search/scope.ts';
import { devStore, setPageUrl, settled, text } from './helpers.ts';
import { block, freshScope, pagingContextId, rowTitles, rows, until } from './dataset-list.helpers.ts';

async function layout(attrs: Record<string, string> = {}, tag = 'dataset-list-layout'): Promise<DatasetListLayout> {
  const { storeUrl } = await devStore();
  const el = await block<DatasetListLayout>(tag, { 'store-url': storeUrl, context: await pagingContextId(), lang: 'en', ...attrs });
  expect(await settled(el)).to.equal('ready');
  return el;
}

/** A valid value for `spec` that differs from its DL default. */
function nonDefault(spec: ParamSpec): [string, boolean | number | string] {
  switch (spec.type) {
    case 'boolean':
      return spec.defaults.DL === true ? ['false', false] : ['true', true];
    case 'number':
      return ['3', 3];
    case 'string':
      return ['title', 'title'];
  }
}

describe('dataset-list-layout: parameters (generated from the parameter table)', () => {
  for (const spec of paramsOf('datasetListLayout')) {
    it(`${spec.name}: set on the layout, the list inside gets it through inherit`, async () => {
      const [raw, parsed] = nonDefault(spec);
      const attr = spec.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const el = await layout({ [attr]: raw });
      expect(el.params[spec.name]).to.equal(parsed);
      expect(el.list!.params[spec.name]).to.equal(parsed);
    });
  }

  it('defaults: hl 1 (one h1 per row title), clickExpand true, sortOrder modified desc', async () => {
    const el = await layout();
    expect(el.list!.params.hl).to.equal(1);
    expect(new Set(rows(el).map((r) => r.querySelector('.esbRowTitle')!.localName))).to.deep.equal(new Set(['h1']));
    expect(el.list!.params.clickExpand).to.equal(true);
    expect(rowTitles(el)[0]).to.equal('Paging dataset 25');
  });

  it('catalog-block-state reaches the host once the list is ready (not before)', async () => {
    const { storeUrl } = await devStore();
    const seen: string[] = [];
    const host = document.createElement('div');
    host.addEventListener('catalog-block-state', (e) => seen.push(`${(e.target as Element).localName}:${(e as CustomEvent<{ state: string }>).detail.state}`));
    document.body.append(host);
    const el = document.createElement('dataset-list-layout') as DatasetListLayout;
    el.setAttribute('store-url', storeUrl);
    el.setAttribute('context', await pagingContextId());
    host.append(el);
    await el.updateComplete;
    expect(seen).to.deep.equal([]);
    expect(await settled(el)).to.equal('ready');
    expect(seen).to.deep.equal(['dataset-list:ready']);
    host.remove();
  });

  it('hl="2" (a host page with its own title): rows h2', async () => {
    const el = await layout({ hl: '2' });
    expect(rows(el)[0]!.querySelector('.esbRowTitle')!.localName).to.equal('h2');
  });

  it('sort-order="title" orders the list by title', async () => {
    const el = await layout({ 'sort-order': 'title' });
    expect(rowTitles(el)[0]).to.equal('Paging dataset 01');
  });

  it('the legacy tag <esb-datasetlistlayout> works the same (old lower-case attribute names too)', async () => {
    const el = await layout({ sortorder: 'title' }, 'esb-datasetlistlayout');
    expect(rowTitles(el)[0]).to.equal('Paging dataset 01');
    expect(el.querySelector('nav.entryPagination')).to.exist;
    await expect(el).to.be.accessible();
  });
});

describe('dataset-list-layout: scope and URL', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('does not bind to search state in the URL fragment (esc_term of the page is ignored, fragment kept)', async () => {
    restore = setPageUrl('', '#esc_term=nosuchwordanywhere&other=1');
    const el = await layout({ 'page-in-url': 'true' });
    expect(rows(el)).to.have.length(10);
    el.querySelector<HTMLButtonElement>('nav.entryPagination .esbPage--next')!.click();
    await until(() => rowTitles(el)[0] === 'Paging dataset 15', 'page 2');
    expect(location.hash).to.equal('#esc_term=nosuchwordanywhere&other=1');
  });

  it('page-in-url: esc_page in the query string, page 1 without it; back restores', async () => {
    restore = setPageUrl('');
    const el = await layout({ 'page-in-url': 'true' });
    const next = el.querySelector('nav.entryPagination .esbPage--next')!;
    expect(next.localName).to.equal('a');
    expect(new URL(next.getAttribute('href')!, location.href).searchParams.get('esc_page')).to.equal('2');
    (next as HTMLElement).click();
    await until(() => rowTitles(el)[0] === 'Paging dataset 15', 'page 2');
    expect(new URL(location.href).searchParams.get('esc_page')).to.equal('2');
    history.back();
    await until(() => rowTitles(el)[0] === 'Paging dataset 25', 'back to page 1');
  });

  it('page-in-url: an esc_page past the end shows the last page and corrects the URL (replaceState)', async () => {
    restore = setPageUrl('?esc_page=9');
    const historyLength = history.length;
    const el = await layout({ 'page-in-url': 'true' });
    await until(() => rowTitles(el)[0] === 'Paging dataset 05' && el.state === 'ready', 'last page');
    expect(new URL(location.href).searchParams.get('esc_page')).to.equal('3');
    expect(history.length).to.equal(historyLength);
  });

  it('two layouts on a page page independently (private scopes)', async () => {
    const a = await layout();
    const b = await layout();
    a.querySelector<HTMLButtonElement>('nav.entryPagination .esbPage--next')!.click();
    await until(() => rowTitles(a)[0] === 'Paging dataset 15', 'a on page 2');
    expect(rowTitles(b)[0]).to.equal('Paging dataset 25');
  });

  it('scope="<name>": the list shares that scope with <dataset-results>', async () => {
    const name = freshScope();
    const el = await layout({ scope: name });
    const { storeUrl } = await devStore();
    const results = await block('dataset-results', { 'store-url': storeUrl, scope: name, lang: 'en' });
    await until(() => text(results.querySelector('.esbResults')) === 'Showing all 25 datasets', 'count');
    expect(scopeFor(document, name, el.store).results!.total).to.equal(25);
  });

  it('store-url, lang and strict-standard-html of the layout reach the list', async () => {
    const el = await layout({ lang: 'de', 'strict-standard-html': 'true' });
    expect(el.list!.uiLang).to.equal('de');
    expect(el.list!.strict).to.equal(true);
    expect(el.list!.storeBaseUrl).to.equal(el.storeBaseUrl);
    expect(rowTitles(el)[0]).to.equal('Blättern 25');
  });
});
