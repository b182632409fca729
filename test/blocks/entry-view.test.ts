// The core entry blocks (issue 26) in the browser with hostile and missing metadata: <catalog-entry-view> keeps
// metadata as text, links and images only to http(s), an image that fails to load shows the fallback, the slider's
// strings follow the page language, and a template's {{image}} shows the template's entry.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/entry-view/entry-view.ts';
import '../../blocks/template/template.ts';
import type { CatalogEntryView } from '../../blocks/entry-view/entry-view.ts';
import { MemoryStore, graphOf, literal, DCAT, DCTERMS, RDF_TYPE } from './memory-store.ts';
import { devStore, settled, text } from './helpers.ts';
import { until } from './dataset-list.helpers.ts';

const BASE = 'https://store.example.org/store/';
const DS = 'https://data.example.org/ds/1';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const HOSTILE = '<img src=x onerror="window.__pwnedEv=1">';
/** Addresses that answer 404 (an image that fails to load); a data: URL must never become an image source. */
const BROKEN = `${location.origin}/no-such-image-${Date.now()}.png`;
const LOGO = `${location.origin}/no-such-logo-${Date.now()}.png`;

function store(): MemoryStore {
  const s = new MemoryStore(BASE);
  s.add('7', '42', DS, graphOf(DS, [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}title`, literal('Träd i staden', { language: 'sv' })],
    [`${DCTERMS}description`, literal(HOSTILE, { language: 'en' })],
    [`${DCAT}landingPage`, 'javascript:alert(1)'],
    [`${FOAF}depiction`, BROKEN],
    [`${FOAF}depiction`, 'data:image/png;base64,iVBORw0KGgo='],
    [`${FOAF}logo`, LOGO],
  ]));
  return s;
}

async function view(attrs: Record<string, string>): Promise<CatalogEntryView> {
  const el = document.createElement('catalog-entry-view') as CatalogEntryView;
  for (const [k, v] of Object.entries({ entry: '42', context: '7', lang: 'en', ...attrs })) el.setAttribute(k, v);
  const provider = await fixture(html`<catalog-store-provider .store=${store()}></catalog-store-provider>`);
  provider.append(el);
  await settled(el);
  return el;
}

describe('<catalog-entry-view>', () => {
  it('text: hostile metadata stays text; a title in another language than the page gets its lang', async () => {
    const el = await view({ kind: 'text', content: '${dcterms:description}' });
    expect(text(el.querySelector('.esbText'))).to.equal(HOSTILE);
    expect(el.querySelector('.esbText img')).to.equal(null);
    expect((window as { __pwnedEv?: number }).__pwnedEv).to.equal(undefined);
    const title = await view({ kind: 'text' });
    expect(text(title.querySelector('.esbText'))).to.equal('Träd i staden');
    expect(title.querySelector('.esbText')!.getAttribute('lang')).to.equal('sv');
  });

  it('an unknown kind shows the text and says so once in the console', async () => {
    const warned: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => { warned.push(args.map(String).join(' ')); };
    try {
      const el = await view({ kind: 'carousel' });
      expect(text(el.querySelector('.esbText'))).to.equal('Träd i staden');
      el.requestUpdate();
      await el.updateComplete;
    } finally {
      console.warn = original;
    }
    expect(warned.filter((w) => w.includes('kind="carousel"'))).to.have.length(1);
  });

  it('link: a javascript: value of property= gives no link, only the text', async () => {
    const el = await view({ kind: 'link', property: 'dcat:landingPage' });
    expect(el.querySelector('a')).to.equal(null);
    expect(text(el.querySelector('.esbText'))).to.equal('Träd i staden');
  });

  it('image: only http(s) sources from metadata; one that fails to load shows the fallback, with the alt text', async () => {
    // a fallback that loads: the dev store's WMS legend image
    const { storeUrl } = await devStore();
    const fallback = new URL('../wms?service=WMS&request=GetLegendGraphic&version=1.3.0&format=image/png&layer=lakes', storeUrl).href;
    const el = await view({ kind: 'image', fallback, width: '120' });
    expect(el.querySelector('img')!.getAttribute('alt')).to.equal('Träd i staden');
    await until(() => el.querySelector('img')?.getAttribute('src') === fallback && el.querySelector('img')!.complete, 'the fallback after the error');
    const img = el.querySelector('img')!;
    expect(img.naturalWidth).to.be.greaterThan(0);
    expect(img.getAttribute('alt')).to.equal('Träd i staden');
    expect(img.style.width).to.equal('120px');
    // without a fallback a failed image is removed (no broken-image icon)
    const bare = await view({ kind: 'image' });
    await until(() => bare.querySelector('img') === null, 'no image after the failure');
  });

  it('slider: data: values are no slides; two images make a carousel with Swedish labels and buttons', async () => {
    const one = await view({ kind: 'slider' });
    expect(one.querySelector('.esbSlider, .esbSlide')).to.equal(null);
    const el = await view({ kind: 'slider', lang: 'sv', property: 'foaf:depiction, foaf:logo' });
    await until(() => el.querySelector('.esbSliderNext')?.textContent?.trim() === 'Nästa bild', 'the Swedish strings');
    expect([...el.querySelectorAll('.esbSlide')].map((s) => s.getAttribute('aria-label'))).to.deep.equal(['1 av 2', '2 av 2']);
    expect(text(el.querySelector('.esbSliderPrev'))).to.equal('Föregående bild');
    expect(el.querySelector('.esbSlider')!.getAttribute('aria-label')).to.equal('Bilder: Träd i staden');
    el.querySelector<HTMLButtonElement>('.esbSliderNext')!.click();
    await el.updateComplete;
    expect([...el.querySelectorAll<HTMLElement>('.esbSlide')].map((s) => s.hidden)).to.deep.equal([true, false]);
  });

  it('a template\'s {{image}} shows the template\'s entry', async () => {
    const s = store();
    const el = document.createElement('catalog-template');
    el.setAttribute('htemplate', '<div class="tpl">{{text}} {{image}}</div>');
    for (const [k, v] of Object.entries({ entry: '42', context: '7', lang: 'en' })) el.setAttribute(k, v);
    const provider = await fixture(html`<catalog-store-provider .store=${s}></catalog-store-provider>`);
    provider.append(el);
    await until(() => !!el.querySelector('.tpl catalog-entry-view img'), 'the nested image');
    const nested = el.querySelector('catalog-entry-view')!;
    expect(nested.getAttribute('kind')).to.equal('image');
    expect(nested.getAttribute('entry')).to.equal('42');
    expect(nested.querySelector('img')!.getAttribute('src')).to.equal(BROKEN);
  });
});
