// <catalog-wms-map> restricted by a `wms` visualization (layers, initialView) against the dev store's offline WMS, and
// <catalog-points-map> (CSV points of a `map` visualization): keyboard, labels, valid HTML.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/wms-map/wms-map.ts';
import { restrictCapabilities } from '../../blocks/wms-map/wms-map.element.ts';
import type { PointsMapBlock, WmsMapBlock } from '../../blocks/wms-map/wms-map.ts';
import type { WmsCapabilities } from '../../src/wms/capabilities.ts';

let wmsUrl: Promise<string> | undefined;
const devWms = () => (wmsUrl ??= fetch('/__dev-store').then((r) => r.json()).then((i: { storeUrl: string }) => new URL('/wms', i.storeUrl).href));
const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function wmsMap(props: Partial<WmsMapBlock>): Promise<WmsMapBlock> {
  const el = document.createElement('catalog-wms-map');
  Object.assign(el, props);
  el.setAttribute('lang', 'en');
  el.capabilitiesUrl = `${await devWms()}?service=WMS&request=GetCapabilities&version=1.3.0`;
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  wrap.append(el);
  await el.loadComplete;
  await el.updateComplete;
  return el;
}

const layerBoxes = (el: Element) => [...el.querySelectorAll<HTMLInputElement>('fieldset.esbMapLayers input')].map((b) => text(b.closest('label')));

describe('catalog-wms-map: layers and initialView', () => {
  it('without them: every named layer, the union of their boxes (unchanged behaviour)', async () => {
    const el = await wmsMap({});
    expect(el.visibleLayers).to.deep.equal(['lakes', 'sweden']);
    expect(layerBoxes(el)).to.deep.equal(['Large lakes', 'Sweden (coarse outline)']);
  });

  it('layers: only those named layers, in the switcher and the legend; the view fits them', async () => {
    const all = await wmsMap({});
    const el = await wmsMap({ layers: ['lakes', 'no-such-layer'] });
    expect(el.state).to.equal('ready');
    expect(el.visibleLayers).to.deep.equal(['lakes']);
    expect(layerBoxes(el)).to.deep.equal(['Large lakes']);
    expect([...el.querySelectorAll('.esbMapLegend img')].map((i) => i.getAttribute('alt'))).to.deep.equal(['Legend of Large lakes']);
    const lakesBox = all.capabilities!.layers.find((l) => l.name === 'lakes')!.bbox;
    expect(el.capabilities!.extent).to.deep.equal(lakesBox);
    await expect(el).to.be.accessible();
  });

  it('none of the named layers exist: all layers rather than an empty map', async () => {
    const el = await wmsMap({ layers: ['nope'] });
    expect(el.visibleLayers).to.deep.equal(['lakes', 'sweden']);
  });

  it('initialView wins over the layers\' boxes; changing layers loads again', async () => {
    const el = await wmsMap({ initialView: [12, 56, 14, 58] });
    expect(el.capabilities!.extent).to.deep.equal([12, 56, 14, 58]);
    el.layers = ['sweden'];
    await el.updateComplete;
    expect(await el.loadComplete).to.equal('ready');
    await el.updateComplete;
    expect(el.visibleLayers).to.deep.equal(['sweden']);
  });

  it('restrictCapabilities keeps the document untouched and the projection, formats and URLs', () => {
    const caps: WmsCapabilities = {
      version: '1.3.0', getMapUrl: 'https://m.example.org/wms', formats: ['image/png'], projection: 'EPSG:3857', extent: [0, 0, 10, 10],
      layers: [{ name: 'a', title: 'A', styles: [], bbox: [1, 1, 2, 2] }, { name: 'b', title: 'B', styles: [], bbox: [5, 5, 6, 6] }],
    };
    const r = restrictCapabilities(caps, ['b']);
    expect(r.layers.map((l) => l.name)).to.deep.equal(['b']);
    expect(r.extent).to.deep.equal([5, 5, 6, 6]);
    expect(r.getMapUrl).to.equal(caps.getMapUrl);
    expect(caps.layers.length).to.equal(2);
    expect(restrictCapabilities(caps, [], [3, 3, 4, 4]).extent).to.deep.equal([3, 3, 4, 4]);
    expect(restrictCapabilities(caps).extent).to.deep.equal([0, 0, 10, 10]);
  });
});

describe('catalog-points-map', () => {
  async function pointsMap(): Promise<PointsMapBlock> {
    const el = await fixture<PointsMapBlock>(html`<catalog-points-map lang="en" label="Towns" hl="3" described-by="ext"
      .points=${[{ lon: 18.07, lat: 59.33, title: '<b>Stockholm</b>' }, { lon: 11.97, lat: 57.71 }]}></catalog-points-map>`);
    await el.loadComplete;
    await el.updateComplete;
    return el;
  }

  it('a heading, the skip link, a focusable viewport named and described, zoom buttons; axe-clean', async () => {
    const el = await pointsMap();
    expect(text(el.querySelector('h3'))).to.equal('Towns');
    const viewport = el.querySelector<HTMLElement>('.esbMapViewport')!;
    expect(viewport.getAttribute('aria-label')).to.equal('Map: Towns');
    expect(viewport.getAttribute('aria-describedby')!.split(' ')[0]).to.equal('ext');
    expect(viewport.tabIndex).to.equal(0);
    expect([...el.querySelectorAll('button')].map((b) => text(b))).to.include.members(['+Zoom in', '−Zoom out']);
    expect(el.querySelector('b')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('keyboard: the skip link moves focus past the map; the viewport takes focus', async () => {
    const el = await pointsMap();
    const skip = el.querySelector<HTMLAnchorElement>('a.esbMapSkip')!;
    skip.focus();
    await sendKeys({ press: 'Enter' });
    expect(document.activeElement).to.equal(el.querySelector('.esbMapAfter'));
    const viewport = el.querySelector<HTMLElement>('.esbMapViewport')!;
    viewport.focus();
    expect(document.activeElement).to.equal(viewport);
  });
});
