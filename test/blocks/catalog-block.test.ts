// The shared block base: where the store comes from (own attribute, provider, page config), legacy tag names and
// attribute forms, guarded registration, properties set from JS, `inherit` between nested blocks, adopted styles,
// focus ring and reduced motion.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { countingStore, devStore, faultControl, faultStoreUrl, settled, text, uniqueKey, withStore } from './helpers.ts';

let storeUrl: string;
let closedStoreUrl: string;
before(async () => ({ storeUrl, closedStoreUrl } = await devStore()));

describe('catalog block base: store', () => {
  it('blocks inside <catalog-store-provider store-url> use the provider store', async () => {
    const root = await fixture(html`<catalog-store-provider store-url=${storeUrl}>
      <dataset-view lookup="blocks-ds1"></dataset-view>
    </catalog-store-provider>`);
    const el = root.querySelector<DatasetView>('dataset-view')!;
    expect(await settled(el)).to.equal('ready');
    expect(el.store.baseUrl).to.equal(storeUrl);
  });

  it("a block's own store-url wins over the provider", async () => {
    const root = await fixture(html`<catalog-store-provider store-url=${closedStoreUrl}>
      <dataset-view lookup="blocks-ds1" store-url=${storeUrl}></dataset-view>
    </catalog-store-provider>`);
    expect(await settled(root.querySelector('dataset-view')!)).to.equal('ready');
  });

  it('without attribute or provider, the page config data-store-url is used', async () => {
    const root = await fixture(html`<div>
      <div data-portal-config data-store-url=${storeUrl}></div>
      <dataset-view lookup="blocks-ds2"></dataset-view>
    </div>`);
    const el = root.querySelector<DatasetView>('dataset-view')!;
    expect(await settled(el)).to.equal('ready');
    expect(text(el.querySelector('h1'))).to.equal('Cykelparkeringar');
  });

  it('blocks sharing one provider share its cache: a second view of the same dataset costs no request', async () => {
    const { store, requests } = countingStore(storeUrl);
    const first = await withStore<DatasetView>(store, html`<dataset-view lookup="blocks-ds2"></dataset-view>`);
    await settled(first);
    const before = requests.length;
    const second = await withStore<DatasetView>(store, html`<dataset-view lookup="blocks-ds2"></dataset-view>`);
    await settled(second);
    expect(requests.length).to.equal(before);
  });

  it('a provider whose store-url changes hands the new store to its blocks', async () => {
    const key = uniqueKey('hold');
    const root = await fixture(html`<catalog-store-provider store-url=${faultStoreUrl('hold', key)}>
      <dataset-view lookup="blocks-ds1"></dataset-view>
    </catalog-store-provider>`);
    const el = root.querySelector<DatasetView>('dataset-view')!;
    expect(el.state).to.equal('loading');
    root.setAttribute('store-url', storeUrl);
    expect(await settled(el)).to.equal('ready');
    await faultControl('release', key);
  });
});

describe('catalog block base: elements and attributes', () => {
  it('the legacy tag <esb-datasetview> with old lower-case attribute names works', async () => {
    const el = await fixture<CatalogBlock>(html`<esb-datasetview store-url=${storeUrl} lookup="blocks-ds1" clickexpand="false" hl="2"></esb-datasetview>`);
    expect(await settled(el)).to.equal('ready');
    expect(el.params.clickExpand).to.equal(false);
    expect(el.querySelector('h2.esbTitle')).to.exist;
    expect(el.querySelector('.esbRowClickExpand')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('loading the define module again does not throw (guarded registration)', async () => {
    await import(`../../blocks/dataset-view/dataset-view.ts?again=${Date.now()}`);
    await import(`../../blocks/dataservice-view/dataservice-view.ts?again=${Date.now()}`);
    expect(customElements.get('dataset-view')).to.be.a('function');
    expect(customElements.get('esb-dataserviceview')).to.be.a('function');
  });

  it('a parameter set as a JS property reflects to its attribute and re-renders', async () => {
    const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds2"></dataset-view>`);
    await settled(el);
    (el as unknown as { hl: string }).hl = '3';
    await el.updateComplete;
    expect(el.getAttribute('hl')).to.equal('3');
    expect(el.querySelector('h3.esbTitle')).to.exist;
  });

  it('changing the lang attribute re-renders in the new language', async () => {
    const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>`);
    await settled(el);
    el.setAttribute('lang', 'sv');
    await el.updateComplete;
    await settled(el);
    expect(text(el.querySelector('h1'))).to.equal('Badplatser');
  });

  it('changing <html lang> re-renders blocks that follow it', async () => {
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'en';
      const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>`);
      await settled(el);
      document.documentElement.lang = 'de';
      await new Promise((r) => setTimeout(r, 0));
      await el.updateComplete;
      await settled(el);
      expect(text(el.querySelector('.esbDistributions h2'))).to.equal('Distributionen');
      expect(text(el.querySelector('h1'))).to.equal('Badestellen');
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('parameters are read once per update (issue 13 point 11) and again at the next: attribute and page configuration changes reach params', async () => {
    const config = document.createElement('div');
    config.setAttribute('data-portal-config', '');
    config.hidden = true;
    document.body.append(config);
    try {
      const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds2" hl="3"></dataset-view>`);
      await settled(el);
      expect(el.params.hl).to.equal(3);
      expect(el.params.pageInUrl).to.equal(undefined);
      el.setAttribute('hl', '4');
      await el.updateComplete;
      expect(el.params.hl).to.equal(4);
      expect(el.querySelector('h4.esbTitle')).to.exist;
      // a page setting: read at the block's next update
      config.setAttribute('data-page-in-url', 'true');
      el.requestUpdate();
      await el.updateComplete;
      expect(el.params.pageInUrl).to.equal(true);
    } finally {
      config.remove();
    }
  });

  it('inherit: a nested block takes the enclosing block\'s effective parameter', async () => {
    const outer = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds2" hl="3">
      <dataservice-view store-url=${storeUrl} lookup="blocks-svc1" hl="inherit"></dataservice-view>
    </dataset-view>`);
    const inner = outer.querySelector<CatalogBlock>('dataservice-view')!;
    await Promise.all([settled(outer), settled(inner)]);
    expect(inner.params.hl).to.equal(3);
    expect(inner.querySelector('h3.esbTitle')).to.exist;
  });
});

describe('catalog block base: styles', () => {
  it('block styles are adopted into the document once, with low specificity', async () => {
    const el = await fixture(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds2"></dataset-view>`);
    await settled(el);
    const sheets = document.adoptedStyleSheets.filter((s) => [...s.cssRules].some((r) => r.cssText.includes('esbSpinner')));
    expect(sheets).to.have.length(1);
    await fixture(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds2"></dataset-view>`);
    expect(document.adoptedStyleSheets.filter((s) => [...s.cssRules].some((r) => r.cssText.includes('esbSpinner')))).to.have.length(1);
    expect(document.querySelectorAll('style').length, 'no <style> elements').to.equal(0);
    expect(el.querySelector('[style]'), 'no inline style attributes').to.equal(null);

    // Low specificity: a host rule of type selectors only, placed before the block sheets in the cascade (so only
    // specificity can let it win), overrides what the block styles set on the block and on every element inside it.
    const host = new CSSStyleSheet();
    host.replaceSync(`dataset-view, dataset-view * { color: rgb(1, 2, 3); line-height: 31px; padding-top: 7px; margin-top: 5px; font-weight: 300; text-decoration-line: overline; }`);
    document.adoptedStyleSheets = [host, ...document.adoptedStyleSheets];
    try {
      const elements = [el, ...el.querySelectorAll('*')];
      expect(elements.length).to.be.above(10);
      const lost = elements.flatMap((e) => {
        const cs = getComputedStyle(e);
        const got = [cs.color, cs.lineHeight, cs.paddingTop, cs.marginTop, cs.fontWeight, cs.textDecorationLine];
        return got.join('|') === 'rgb(1, 2, 3)|31px|7px|5px|300|overline' ? [] : [`${e.localName}.${[...e.classList].join('.')}: ${got.join('|')}`];
      });
      expect(lost, 'elements where a block rule beats a host type selector').to.deep.equal([]);
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== host);
    }
  });

  it('keyboard focus on the expand button shows a visible focus ring', async () => {
    const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>`);
    await settled(el);
    const first = el.querySelector<HTMLAnchorElement>('a')!;
    first.focus();
    const button = el.querySelector<HTMLButtonElement>('button.esbExpandButton')!;
    for (let i = 0; i < 20 && document.activeElement !== button; i++) await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(button);
    const style = getComputedStyle(button);
    expect(style.outlineStyle).to.equal('solid');
    expect(parseFloat(style.outlineWidth)).to.be.at.least(2);
  });

  it('prefers-reduced-motion: the spinner does not spin', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const key = uniqueKey('hold');
      const el = document.createElement('dataset-view');
      el.setAttribute('store-url', faultStoreUrl('hold', key));
      el.setAttribute('lookup', 'blocks-ds1');
      (await fixture(html`<div></div>`)).append(el);
      await (el as CatalogBlock).updateComplete;
      expect(getComputedStyle(el.querySelector('.esbSpinner')!).animationName).to.equal('none');
      await faultControl('release', key);
      await settled(el);
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
