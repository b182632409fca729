// EntryScape Blocks markup on a page (issue 10): every markup form mounts the intended element with the intended
// parameters and renders against the dev store; nodes added later upgrade; config blocks merge into the page
// configuration in document order; unknown names and parameters warn once; the SPA handle (init, clear,
// setEntryStore, addConfig) and its readiness signal; the ARIA parameters on every block.
import './legacy-ready-before.ts';
import { startLegacyPage } from '../../entry/legacy-start.ts';
import { expect, fixture, html } from '@open-wc/testing';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import type { LegacyApi } from '../../src/legacy/ready.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { resetLegacyWarnings } from '../../src/legacy/mount.ts';
import { captureWarnings, devStore, entryById, settled, text } from './helpers.ts';
import { until } from './dataset-list.helpers.ts';

type LegacyWindow = Window & {
  __entryscape_blocks: LegacyApi;
  __entryscape_config?: unknown;
  __entryscape_blocks_ready?: Promise<unknown>;
  __entryscape_blocks_resolve?: unknown;
  __readyBefore?: Promise<unknown>;
};
const win = window as unknown as LegacyWindow;
startLegacyPage();

let storeUrl = '';
let ds1 = { entryId: '', contextId: '' };

before(async () => {
  ({ storeUrl } = await devStore());
  const e = await entryById('blocks-ds1');
  ds1 = { entryId: e.entryId, contextId: e.contextId };
});

/** The page's own configuration for each test: the dev store, English. */
beforeEach(() => {
  win.__entryscape_config = [{ entrystore: storeUrl, page_language: 'en' }];
  resetLegacyWarnings();
});
afterEach(() => win.__entryscape_blocks.clear());

/** Puts markup on the page (raw HTML, as a CMS would) and returns its wrapper. */
async function page(markup: string): Promise<HTMLElement> {
  return fixture<HTMLElement>(html`<div>${unsafeHTML(markup)}</div>`);
}

/** The element mounted in a legacy node (waits for the page's mutation observer). */
async function mountedIn(node: Element, tag: string): Promise<CatalogBlock> {
  await until(() => node.querySelector(tag) !== null, `<${tag}> in ${node.outerHTML.slice(0, 80)}`);
  return node.querySelector(tag) as CatalogBlock;
}

const attrs = (el: Element): Record<string, string> => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));

describe('legacy markup forms', () => {
  it('data-entryscape="datasetView" with data-entryscape-<param> attributes: <dataset-view> with those parameters renders the dataset', async () => {
    const wrap = await page(`<div id="n" data-entryscape="datasetView" data-entryscape-entry="${ds1.entryId}"
      data-entryscape-context="${ds1.contextId}" data-entryscape-include-data-preview="false" data-entryscape-hl="2">Loading…</div>`);
    const node = wrap.querySelector('#n')!;
    const el = await mountedIn(node, 'dataset-view');
    expect(node.classList.contains('entryscape')).to.equal(true);
    // the placeholder text went: the element is the node's only child
    expect([...node.childNodes]).to.deep.equal([el]);
    expect(attrs(el)).to.include({ entry: ds1.entryId, context: ds1.contextId, 'include-data-preview': 'false', hl: '2' });
    expect(await settled(el)).to.equal('ready');
    expect(el.params.hl).to.equal(2);
    expect(el.params.includeDataPreview).to.equal(false);
    expect(text(el.querySelector('h2.esbTitle'))).to.equal('Bathing sites');
  });

  it('data-entryscape-block (and the legacy data-entryscape-component) name the block', async () => {
    const wrap = await page(`<div id="a" data-entryscape-block="datasetView" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>
      <div id="b" data-entryscape-component="datasetStandaloneListLayout"></div>`);
    const el = await mountedIn(wrap.querySelector('#a')!, 'dataset-view');
    expect(await settled(el)).to.equal('ready');
    await mountedIn(wrap.querySelector('#b')!, 'dataset-list-layout');
  });

  it('the single JSON attribute: <dataset-list> with its parameters (objects as JSON text)', async () => {
    const wrap = await page(`<div id="n" data-entryscape='{"block":"datasetList","limit":5,"context":"${ds1.contextId}","exclude":["org"],"hl":3}'></div>`);
    const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-list');
    expect(attrs(el)).to.include({ limit: '5', context: ds1.contextId, exclude: '["org"]', hl: '3' });
    expect(await settled(el)).to.equal('ready');
  });

  it('text/x-entryscape-json with a block: a <span class="entryscape"> after the script holds the block', async () => {
    const wrap = await page(`<script type="text/x-entryscape-json">{"block":"datasetView","entry":"${ds1.entryId}","context":"${ds1.contextId}","hl":3}</script>`);
    const script = wrap.querySelector('script')!;
    await until(() => script.nextElementSibling !== null, 'the span after the script');
    const span = script.nextElementSibling!;
    expect(span.localName).to.equal('span');
    expect(span.className).to.equal('entryscape');
    const el = span.firstElementChild as CatalogBlock;
    expect(el.localName).to.equal('dataset-view');
    expect(await settled(el)).to.equal('ready');
    expect(el.querySelector('h3.esbTitle')).not.to.equal(null);
  });

  it('text/x-entryscape-json without a block is configuration', async () => {
    await page('<script type="text/x-entryscape-json">{"hl": 4, "clicks": {"dataset": "/ds"}}</script>');
    await until(() => readPageConfig(document).hl === 4, 'the script configuration');
    expect(readPageConfig(document).clicks).to.deep.equal({ dataset: '/ds' });
  });

  it('text/x-entryscape-handlebar: <catalog-template> with the body as its htemplate', async () => {
    const body = '<h2>{{text}}</h2>{{datasetList limit="3"}}';
    const wrap = await page(`<script type="text/x-entryscape-handlebar" data-entryscape="template" data-entryscape-hl="2">${body}</script>`);
    const script = wrap.querySelector('script')!;
    await until(() => script.nextElementSibling !== null, 'the span after the script');
    const el = script.nextElementSibling!.firstElementChild!;
    expect(el.localName).to.equal('catalog-template');
    expect(el.getAttribute('htemplate')).to.equal(body);
    expect(el.getAttribute('hl')).to.equal('2');
  });

  it('data-entryscape="config" elements merge into the page configuration in document order, before the blocks mount', async () => {
    const wrap = await page(`<div data-entryscape="config" data-entryscape-hl="4" data-entryscape-registry="true"></div>
      <div data-entryscape="config" data-entryscape-hl="5"></div>
      <div id="n" data-entryscape="datasetView" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>`);
    const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-view');
    const cfg = readPageConfig(document);
    expect(cfg.hl).to.equal(5);
    expect(cfg.registry).to.equal(true);
    expect(cfg.storeUrl).to.equal(storeUrl);
    expect(await settled(el)).to.equal('ready');
    expect(el.params.hl).to.equal(5);
  });

  it('a custom block from `blocks`: the extended element, its defaults under the call-site parameters', async () => {
    (win.__entryscape_config as object[]).push({ blocks: [
      { block: 'quietView', extends: 'datasetView', includeDataPreview: false, hl: 3, clickExpand: false },
      { block: 'quieterView', extends: 'quietView', registry: true },
    ] });
    const wrap = await page(`<div id="n" data-entryscape="quieterView" data-entryscape-hl="2" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>`);
    const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-view');
    expect(attrs(el)).to.include({ hl: '2', 'include-data-preview': 'false', 'click-expand': 'false', registry: 'true' });
    expect(await settled(el)).to.equal('ready');
    expect(el.params.registry).to.equal(true);
  });

  it('a custom block extending template: <catalog-template> with the definition\'s template as htemplate', async () => {
    (win.__entryscape_config as object[]).push({ blocks: [{ block: 'myCard', extends: 'template', template: '<p class="card">{{text}}</p>', hl: 3 }] });
    const wrap = await page('<div id="n" data-entryscape="myCard" data-entryscape-hl="4"></div>');
    const el = await mountedIn(wrap.querySelector('#n')!, 'catalog-template');
    expect(attrs(el)).to.deep.equal({ htemplate: '<p class="card">{{text}}</p>', hl: '4' });
  });

  it('viewMetadata and distributionList mount <catalog-metadata> (fields / distributions)', async () => {
    const wrap = await page('<div id="a" data-entryscape="viewMetadata" data-entryscape-filterpredicates="dcterms:title"></div><div id="b" data-entryscape="distributionList"></div>');
    const a = await mountedIn(wrap.querySelector('#a')!, 'catalog-metadata');
    expect(attrs(a)).to.deep.equal({ filterpredicates: 'dcterms:title' });
    const b = await mountedIn(wrap.querySelector('#b')!, 'catalog-metadata');
    expect(attrs(b)).to.deep.equal({ shows: 'distributions' });
  });

  it('window.__entryscape_plugin_config and window.__esb_config merge before window.__entryscape_config', async () => {
    const w = window as unknown as { __esb_config?: unknown; __entryscape_plugin_config?: unknown };
    w.__entryscape_plugin_config = { hl: 2, registry: true, facetLimit: 7 };
    w.__esb_config = { hl: 3, registry: false };
    win.__entryscape_config = [{ entrystore: storeUrl, hl: 4 }];
    try {
      await win.__entryscape_blocks.init();
      const cfg = readPageConfig(document);
      expect([cfg.hl, cfg.registry, cfg.facetLimit]).to.deep.equal([4, false, 7]);
      await win.__entryscape_blocks.init();
      expect((win.__entryscape_config as unknown[]).length).to.equal(3);
    } finally {
      delete w.__esb_config;
      delete w.__entryscape_plugin_config;
    }
  });

  it('a mounted node moved elsewhere keeps its one element; a node the page removed and a new one put in its place mounts', async () => {
    const wrap = await page(`<div id="n" data-entryscape="datasetList"></div><section id="other"></section>`);
    const node = wrap.querySelector('#n')!;
    const first = await mountedIn(node, 'dataset-list');
    wrap.querySelector('#other')!.append(node);
    await win.__entryscape_blocks.init();
    expect([...node.children]).to.deep.equal([first]);
    node.remove();
    const fresh = document.createElement('div');
    fresh.setAttribute('data-entryscape', 'datasetList');
    wrap.append(fresh);
    await mountedIn(fresh, 'dataset-list');
    expect(fresh.children).to.have.length(1);
  });

  it('entrystore on a block node is page configuration (as the incumbent read it from any block)', async () => {
    win.__entryscape_config = [{ page_language: 'en' }];
    const warnings = await captureWarnings(async () => {
      const wrap = await page(`<div id="n" data-entryscape="datasetView" data-entryscape-entrystore="${storeUrl}"
        data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>`);
      const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-view');
      expect(el.hasAttribute('entrystore')).to.equal(false);
      expect(readPageConfig(document).storeUrl).to.equal(storeUrl);
      expect(await settled(el)).to.equal('ready');
    });
    expect(warnings.filter((w) => w.includes('[catalog-blocks]'))).to.deep.equal([]);
  });

  it('a node added later (a CMS widget) upgrades', async () => {
    const wrap = await page('<p>page</p>');
    const node = document.createElement('div');
    node.setAttribute('data-entryscape', 'datasetView');
    node.setAttribute('data-entryscape-entry', ds1.entryId);
    node.setAttribute('data-entryscape-context', ds1.contextId);
    wrap.append(node);
    const el = await mountedIn(node, 'dataset-view');
    expect(await settled(el)).to.equal('ready');
  });
});

describe('legacy warnings', () => {
  it('an unknown block name: nothing mounted and exactly one warning naming it (two nodes)', async () => {
    const warnings = await captureWarnings(async () => {
      const wrap = await page('<div id="a" data-entryscape="mapView"></div><div id="b" data-entryscape="mapView"></div><div id="c" data-entryscape="datasetList"></div>');
      await mountedIn(wrap.querySelector('#c')!, 'dataset-list');
      expect(wrap.querySelector('#a')!.children).to.have.length(0);
    });
    const ours = warnings.filter((w) => w.includes('mapView'));
    expect(ours).to.deep.equal(['[catalog-blocks] block "mapView" is not supported; nothing is rendered for it']);
  });

  it('an unknown parameter: the block mounts, exactly one warning naming the parameter', async () => {
    const warnings = await captureWarnings(async () => {
      const wrap = await page(`<div id="a" data-entryscape="datasetList" data-entryscape-expand-tooltip="More"></div>
        <div id="b" data-entryscape='{"block":"datasetList","expandTooltip":"More","limit":3,"rowhead":"<b>{{text}}</b>","label":"Datasets"}'></div>`);
      await mountedIn(wrap.querySelector('#a')!, 'dataset-list');
      await mountedIn(wrap.querySelector('#b')!, 'dataset-list');
    });
    const ours = warnings.filter((w) => w.includes('[catalog-blocks] parameter'));
    expect(ours).to.deep.equal(['[catalog-blocks] parameter "expandTooltip" of block "datasetList" is not supported; it has no effect']);
  });
});

describe('legacy parameters are never handlers', () => {
  it('data-entryscape-onclick / "onmouseover" in JSON: no event handler attribute, one warning each, nothing runs', async () => {
    const w = window as unknown as { __legacyPwned?: number };
    const warnings = await captureWarnings(async () => {
      const wrap = await page(`<div id="a" data-entryscape="datasetList" data-entryscape-onclick="window.__legacyPwned=1"></div>
        <div id="b" data-entryscape='{"block":"datasetList","onmouseover":"window.__legacyPwned=2","style":"display:none"}'></div>`);
      const a = await mountedIn(wrap.querySelector('#a')!, 'dataset-list');
      const b = await mountedIn(wrap.querySelector('#b')!, 'dataset-list');
      expect([...a.attributes].map((x) => x.name)).to.deep.equal([]);
      expect([...b.attributes].map((x) => x.name)).to.deep.equal([]);
      a.click();
      b.dispatchEvent(new MouseEvent('mouseover'));
    });
    expect(w.__legacyPwned).to.equal(undefined);
    expect(warnings.filter((x) => x.includes('[catalog-blocks] parameter'))).to.deep.equal([
      '[catalog-blocks] parameter "onclick" of block "datasetList" is not supported; it has no effect',
      '[catalog-blocks] parameter "onmouseover" of block "datasetList" is not supported; it has no effect',
      '[catalog-blocks] parameter "style" of block "datasetList" is not supported; it has no effect',
    ]);
  });
});

describe('SPA handle', () => {
  it('readiness: a promise made before the runtime was resolved with the handle', async () => {
    expect(await win.__readyBefore).to.equal(win.__entryscape_blocks);
  });

  it('readiness: a promise made after the runtime resolves as soon as its resolve is assigned', async () => {
    win.__entryscape_blocks_ready = new Promise((resolve) => { win.__entryscape_blocks_resolve = resolve; });
    expect(await win.__entryscape_blocks_ready).to.equal(win.__entryscape_blocks);
  });

  it('clear() removes what was mounted and puts placeholders back; init() mounts again', async () => {
    const wrap = await page(`<div id="n" data-entryscape="datasetView" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}">Loading…</div>`);
    const node = wrap.querySelector('#n')!;
    await mountedIn(node, 'dataset-view');
    await win.__entryscape_blocks.clear();
    expect(node.querySelector('dataset-view')).to.equal(null);
    expect(node.textContent).to.equal('Loading…');
    expect(node.classList.contains('entryscape')).to.equal(false);
    await win.__entryscape_blocks.init();
    const el = node.querySelector('dataset-view') as CatalogBlock;
    expect(el).not.to.equal(null);
    expect(await settled(el)).to.equal('ready');
  });

  it('clear() forgets configuration the legacy layer added; init(config) merges config and re-renders mounted blocks', async () => {
    const wrap = await page(`<div data-entryscape="config" data-entryscape-hl="4"></div>
      <div id="n" data-entryscape="datasetView" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>`);
    const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-view');
    expect(await settled(el)).to.equal('ready');
    expect(el.params.hl).to.equal(4);
    await win.__entryscape_blocks.clear();
    expect(readPageConfig(document).hl).to.equal(undefined);
    // the SPA's next view: the same markup, new configuration given to init
    await win.__entryscape_blocks.init({ hl: 3 });
    const again = wrap.querySelector('#n > dataset-view') as CatalogBlock;
    expect(await settled(again)).to.equal('ready');
    // the config node (document order) comes after init's config: hl 4 wins again
    expect(again.params.hl).to.equal(4);
    await win.__entryscape_blocks.addConfig({ hl: 5 });
    await again.updateComplete;
    expect(again.pageConfig.hl).to.equal(5);
    expect(again.params.hl).to.equal(5);
    // addConfig configures the session: the next view keeps it (the view's config node is gone with clear), also
    // when the page replaces its configuration before init()
    await win.__entryscape_blocks.clear();
    expect(readPageConfig(document).hl).to.equal(5);
    wrap.querySelector('[data-entryscape="config"]')!.remove();
    win.__entryscape_config = [{ entrystore: storeUrl, page_language: 'en' }];
    await win.__entryscape_blocks.init();
    expect(readPageConfig(document).hl).to.equal(5);
  });

  it('with global spa: true nothing mounts until init(); a custom block configured by init(config) then mounts', async () => {
    win.__entryscape_config = [{ entrystore: storeUrl, page_language: 'en', spa: true }];
    const wrap = await page(`<div id="n" data-entryscape="lateView" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>
      <div id="m" data-entryscape="datasetList"></div>`);
    // the page's observer has seen the nodes: an observer made now is called after it for a later mutation
    await new Promise<void>((resolve) => {
      const probe = new MutationObserver(() => { probe.disconnect(); resolve(); });
      probe.observe(wrap, { childList: true });
      wrap.append(document.createElement('p'));
    });
    expect(wrap.querySelector('#m')!.children).to.have.length(0);
    await win.__entryscape_blocks.init({ blocks: [{ block: 'lateView', extends: 'datasetView', hl: 3 }] });
    const el = wrap.querySelector('#n > dataset-view') as CatalogBlock;
    expect(el.getAttribute('hl')).to.equal('3');
    expect(await settled(el)).to.equal('ready');
    expect(wrap.querySelector('#m > dataset-list')).not.to.equal(null);
  });

  it('a node naming a block the configuration defines only later is mounted by the next init()', async () => {
    const warnings = await captureWarnings(async () => {
      const wrap = await page('<div id="n" data-entryscape="cityList"></div><div id="m" data-entryscape="datasetList"></div>');
      await mountedIn(wrap.querySelector('#m')!, 'dataset-list');
      expect(wrap.querySelector('#n')!.children).to.have.length(0);
      await win.__entryscape_blocks.init({ blocks: [{ block: 'cityList', extends: 'datasetList', limit: 2 }] });
      expect(wrap.querySelector('#n > dataset-list')!.getAttribute('limit')).to.equal('2');
    });
    expect(warnings.filter((w) => w.includes('cityList'))).to.deep.equal(['[catalog-blocks] block "cityList" is not supported; nothing is rendered for it']);
  });

  it('setEntryStore(url) points every block at that store', async () => {
    win.__entryscape_config = [{ page_language: 'en' }];
    const wrap = await page(`<div id="n" data-entryscape="datasetView" data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>`);
    const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-view');
    await win.__entryscape_blocks.setEntryStore(storeUrl.replace(/\/$/, ''));
    await el.updateComplete;
    expect(el.storeBaseUrl).to.equal(storeUrl);
    expect(await settled(el)).to.equal('ready');
    expect(text(el.querySelector('.esbTitle'))).to.equal('Bathing sites');
  });
});

describe('ARIA parameters', () => {
  it('label, describedby, live and title on a block element → its ARIA attributes, a labelled region; axe-clean', async () => {
    const wrap = await page(`<p id="d">About the dataset</p><dataset-view label="The dataset" describedby="d" live="polite" title="Dataset"
      store-url="${storeUrl}" entry="${ds1.entryId}" context="${ds1.contextId}" lang="en"></dataset-view>`);
    const el = wrap.querySelector('dataset-view') as CatalogBlock;
    expect(await settled(el)).to.equal('ready');
    expect(attrs(el)).to.include({ 'aria-label': 'The dataset', 'aria-describedby': 'd', 'aria-live': 'polite', title: 'Dataset', role: 'region' });
    await expect(wrap).to.be.accessible();
  });

  it('from legacy parameters: labelledby → aria-labelledby; an invalid live value is not written', async () => {
    const wrap = await page(`<h2 id="h">Datasets</h2><div id="n" data-entryscape="datasetList" data-entryscape-labelledby="h" data-entryscape-live="loud"></div>`);
    const el = await mountedIn(wrap.querySelector('#n')!, 'dataset-list');
    await el.updateComplete;
    expect(el.getAttribute('aria-labelledby')).to.equal('h');
    expect(el.getAttribute('role')).to.equal('region');
    expect(el.hasAttribute('aria-live')).to.equal(false);
  });

  it('the mounted page with ARIA parameters is valid HTML (Nu validator)', async () => {
    const wrap = await page(`<h2 id="h">Dataset</h2><div id="n" data-entryscape="datasetView" data-entryscape-labelledby="h" data-entryscape-describedby="h"
      data-entryscape-live="polite" data-entryscape-title="One dataset" data-entryscape-include-data-preview="false"
      data-entryscape-entry="${ds1.entryId}" data-entryscape-context="${ds1.contextId}"></div>
      <script type="text/x-entryscape-json">{"block":"datasetView","label":"Another","entry":"${ds1.entryId}","context":"${ds1.contextId}","hl":3}</script>`);
    const els = [await mountedIn(wrap.querySelector('#n')!, 'dataset-view')];
    await until(() => wrap.querySelectorAll('dataset-view').length === 2, 'both blocks');
    els.push(wrap.querySelectorAll<CatalogBlock>('dataset-view')[1]!);
    for (const el of els) expect(await settled(el)).to.equal('ready');
    expect(attrs(els[0]!)).to.include({ 'aria-labelledby': 'h', 'aria-describedby': 'h', 'aria-live': 'polite', title: 'One dataset', role: 'region' });
    expect(attrs(els[1]!)).to.include({ 'aria-label': 'Another', role: 'region' });
    // The attribute form (the script form's <span class="entryscape"> is the incumbent's and phrasing content: a
    // block's <div> inside it is not valid HTML, so it is left out here).
    const body = `${wrap.querySelector('#h')!.outerHTML}${wrap.querySelector('#n')!.outerHTML}`;
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Legacy</title></head><body><main>${body}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    const messages = ((await res.json()) as { messages: { type: string; subType?: string; message: string; extract?: string }[] }).messages;
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
    expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
    // (axe on the first block: the same dataset shown twice repeats its section names)
    await expect(wrap.querySelector('#n')).to.be.accessible();
  });

  it('no ARIA parameter: no role and no ARIA attribute on the element', async () => {
    const wrap = await page(`<dataset-view store-url="${storeUrl}" entry="${ds1.entryId}" context="${ds1.contextId}"></dataset-view>`);
    const el = wrap.querySelector('dataset-view') as CatalogBlock;
    await el.updateComplete;
    expect([...el.attributes].filter((a) => a.name === 'role' || a.name.startsWith('aria-'))).to.have.length(0);
  });
});
