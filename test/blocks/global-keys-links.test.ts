// Global keys of EntryScape Blocks pages (issue 10 point 2) on links and landing pages, against the dev store:
// `clicks` with any name and a list's `namedclick` / `click` (also from a `blocks` override), dataportal.se's
// `dataservice-link`, `${context}`/`${entry}` templates, `routes` given as a RegExp object (the documented form),
// `entrystore` without a trailing slash, `page_language` and `strictStandardHtml`, all from `window.__entryscape_config`.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-view/dataset-view.ts';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { resetScopes } from '../../src/search/scope.ts';
import { devStore, entryById, text } from './helpers.ts';
import { pagingContextId, rowByTitle, rows } from './dataset-list.helpers.ts';

type ConfigWindow = Window & { __entryscape_config?: unknown };
const pageConfig = (config: unknown): void => {
  (window as ConfigWindow).__entryscape_config = config;
};
let n = 0;
const freshScope = (): string => `gl${Date.now().toString(36)}x${++n}`;
const pagePath = location.pathname;

async function list(attrs: Record<string, string> = {}): Promise<DatasetList> {
  const { storeUrl } = await devStore();
  const el = document.createElement('dataset-list') as DatasetList;
  for (const [k, v] of Object.entries({ 'store-url': storeUrl, scope: freshScope(), lang: 'en', ...attrs })) el.setAttribute(k, v);
  const root = await fixture<HTMLElement>(html`<div></div>`);
  root.append(el);
  expect(await el.loadComplete).to.equal('ready');
  await el.updateComplete;
  return el;
}

const hrefOf = (el: Element, title: string): string => rowByTitle(el, title).querySelector('a.esbRowTitleLink')!.getAttribute('href')!;

describe('global keys on links and landing pages', () => {
  afterEach(() => {
    delete (window as ConfigWindow).__entryscape_config;
    resetScopes(document);
    history.replaceState(null, '', pagePath);
  });

  it('namedclick picks a clicks route of any name; ${context}_${entry} filled in', async () => {
    const ctx = await pagingContextId();
    const e = await entryById('paging-25');
    pageConfig({ context: ctx, clicks: { dataset: '/ds', 'dataset-page': '/portal/datasets/${context}_${entry}' } });
    const el = await list({ namedclick: 'dataset-page' });
    expect(hrefOf(el, 'Paging dataset 25')).to.equal(`/portal/datasets/${e.contextId}_${e.entryId}`);
  });

  it('without namedclick the dataset route applies (the custom name is not used)', async () => {
    const e = await entryById('paging-25');
    pageConfig({ context: await pagingContextId(), clicks: { dataset: '/ds', 'dataset-page': '/portal/${entry}' } });
    const el = await list();
    expect(hrefOf(el, 'Paging dataset 25')).to.equal(`/ds#esc_entry=${e.entryId}&esc_context=${e.contextId}`);
  });

  it('namedclick from a blocks override of datasetList; a click attribute wins over it', async () => {
    const e = await entryById('paging-25');
    pageConfig({
      context: await pagingContextId(),
      clicks: { 'dataset-page': '/portal/${entry}' },
      blocks: [{ block: 'datasetList', namedclick: 'dataset-page' }],
    });
    expect(hrefOf(await list(), 'Paging dataset 25')).to.equal(`/portal/${e.entryId}`);
    resetScopes(document);
    expect(hrefOf(await list({ click: '/own?id=${entry}' }), 'Paging dataset 25')).to.equal(`/own?id=${e.entryId}`);
  });

  it('a data service row uses dataservice-link when no dataservice route is given', async () => {
    pageConfig({ context: await pagingContextId(), clicks: { dataset: '/ds', 'dataservice-link': '/api-page' }, limit: 100 });
    const el = await list({ 'include-services': 'true' });
    const service = rows(el).find((r) => r.querySelector('a.esbRowTitleLink')?.getAttribute('href')?.startsWith('/api-page#'));
    expect(service, 'a row linking to /api-page').to.not.equal(undefined);
    expect(rows(el).filter((r) => r.querySelector('a.esbRowTitleLink')?.getAttribute('href')?.startsWith('/ds#'))).to.have.length(25);
  });

  it('routes with a RegExp object locate the landing page entry', async () => {
    const e = await entryById('paging-07');
    const { storeUrl } = await devStore();
    pageConfig({ routes: [{ regex: /\/gk-datasets\/(\d+)_(\d+)$/, context: 1, entry: 2 }] });
    history.replaceState(null, '', `/gk-datasets/${e.contextId}_${e.entryId}`);
    const view = await fixture<CatalogBlock>(html`<dataset-view store-url=${storeUrl} lang="en"></dataset-view>`);
    expect(await view.loadComplete).to.equal('ready');
    expect(text(view.querySelector('h1'))).to.equal('Paging dataset 07');
  });

  it('a blocks override of datasetView changes <dataset-view> defaults; its attributes still win', async () => {
    const e = await entryById('paging-07');
    const { storeUrl } = await devStore();
    pageConfig({ blocks: [{ block: 'datasetView', hl: 3 }] });
    const view = await fixture<CatalogBlock>(html`<dataset-view store-url=${storeUrl} lang="en" context=${e.contextId}
      entry=${e.entryId}></dataset-view>`);
    expect(await view.loadComplete).to.equal('ready');
    expect(view.querySelector('h3')?.textContent?.trim()).to.equal('Paging dataset 07');
    expect(view.querySelector('h1')).to.equal(null);
    const own = await fixture<CatalogBlock>(html`<dataset-view store-url=${storeUrl} lang="en" context=${e.contextId}
      entry=${e.entryId} hl="2"></dataset-view>`);
    expect(await own.loadComplete).to.equal('ready');
    expect(own.querySelector('h2')?.textContent?.trim()).to.equal('Paging dataset 07');
  });

  it('entrystore without a trailing slash, page_language and strictStandardHtml from the page', async () => {
    const { storeUrl } = await devStore();
    pageConfig([{ entrystore: storeUrl.replace(/\/$/, ''), context: await pagingContextId() }, { page_language: 'sv', strictStandardHtml: true }]);
    const el = document.createElement('dataset-list') as DatasetList;
    el.setAttribute('scope', freshScope());
    (await fixture<HTMLElement>(html`<div></div>`)).append(el);
    expect(await el.loadComplete).to.equal('ready');
    expect(el.storeBaseUrl).to.equal(storeUrl.endsWith('/') ? storeUrl : `${storeUrl}/`);
    expect(el.uiLang).to.equal('sv');
    expect(el.strict).to.equal(true);
    expect(rows(el).map((r) => text(r.querySelector('.esbRowTitle')))).to.include('Bläddring 25');
  });
});
