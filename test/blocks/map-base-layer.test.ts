// Issue 28 point 6: maps with context. The base layer (`map-base-url` on the map or its block, or the page config's
// `mapBaseUrl`): XYZ tiles (the dev store's offline country outlines) or a WMS, its attribution as text with http(s)
// links only; the points map's initial view never clips a label; the drawn features survive forced colours; axe and
// the Nu validator stay clean.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../blocks/wms-map/wms-map.ts';
import type { PointsMapBlock, SpatialMapBlock } from '../../blocks/wms-map/wms-map.ts';
import { parseGeometry } from '../../src/dcat/spatial.ts';
import { resetParamWarnings } from '../../src/config/resolve.ts';

let storeOrigin: Promise<string> | undefined;
function devOrigin(): Promise<string> {
  storeOrigin ??= fetch('/__dev-store').then((r) => r.json()).then((info: { storeUrl: string }) => new URL(info.storeUrl).origin);
  return storeOrigin;
}
const tiles = async (): Promise<string> => `${await devOrigin()}/base/tiles/{z}/{x}/{y}.png`;
const ATTRIBUTION = 'Outlines: [Natural Earth](https://www.naturalearthdata.com/) (public domain)';
const SWEDEN = 'POLYGON((11.2 55.34, 24.15 55.34, 24.15 69.06, 11.2 69.06, 11.2 55.34))';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** Resource URLs the page has requested so far that contain `part`. */
const requested = (part: string): string[] =>
  performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes(part));

async function coverageMap(attrs: Record<string, string>, host?: HTMLElement): Promise<SpatialMapBlock> {
  const el = document.createElement('catalog-spatial-map');
  el.setAttribute('lang', 'en');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.coverage = parseGeometry(SWEDEN)!;
  const wrap = host ?? await fixture<HTMLDivElement>(html`<div></div>`);
  wrap.append(el);
  await el.loadComplete;
  return el;
}

describe('the base layer under the maps (issue 28 point 6)', () => {
  beforeEach(() => {
    performance.clearResourceTimings();
    resetParamWarnings();
  });

  it('map-base-url with XYZ tiles: the dev store\'s outline tiles are drawn under the coverage, with the attribution', async () => {
    const el = await coverageMap({ 'map-base-url': await tiles(), 'map-base-attribution': ATTRIBUTION });
    await waitUntil(() => requested('/base/tiles/').length > 0, 'tiles requested', { timeout: 10000 });
    expect(requested('/base/tiles/')[0]).to.match(/\/base\/tiles\/\d+\/\d+\/\d+\.png$/);
    expect(el.querySelector('.esbMapViewport .esbMapBase')).to.not.equal(null);
    const p = el.querySelector('.esbMapAttribution')!;
    expect(text(p)).to.equal('Outlines: Natural Earth (public domain)');
    expect(p.querySelector('a')!.getAttribute('href')).to.equal('https://www.naturalearthdata.com/');
    await expect(el).to.be.accessible();
  });

  it('the page configuration (data-map-base-url) and the enclosing block\'s attribute are read too', async () => {
    const config = document.createElement('div');
    config.setAttribute('data-portal-config', '');
    config.setAttribute('data-map-base-url', await tiles());
    config.setAttribute('data-map-base-attribution', 'Page outlines');
    config.hidden = true;
    document.body.append(config);
    try {
      const el = await coverageMap({});
      expect(el.baseLayer()).to.deep.equal({ kind: 'xyz', url: await tiles() });
      expect(text(el.querySelector('.esbMapAttribution'))).to.equal('Page outlines');
    } finally {
      config.remove();
    }
    const block = await fixture<HTMLElement>(html`<div map-base-url="/base/{z}/{x}/{y}.png" map-base-attribution="Block outlines"></div>`);
    const inner = await coverageMap({}, block);
    expect(inner.baseLayer()).to.deep.equal({ kind: 'xyz', url: new URL('/base/{z}/{x}/{y}.png', location.href).href.replace(/%7B/g, '{').replace(/%7D/g, '}') });
    expect(text(inner.querySelector('.esbMapAttribution'))).to.equal('Block outlines');
  });

  it('a WMS as base layer: GetMap requests with its LAYERS under the coverage', async () => {
    const wms = `${await devOrigin()}/wms?SERVICE=WMS&VERSION=1.3.0&LAYERS=sweden&FORMAT=image/png`;
    const el = await coverageMap({ 'map-base-url': wms });
    await waitUntil(() => requested('/wms?').length > 0, 'GetMap requested', { timeout: 10000 });
    const url = new URL(requested('/wms?')[0]!);
    const q = Object.fromEntries([...url.searchParams].map(([k, v]) => [k.toUpperCase(), v]));
    expect(q).to.include({ SERVICE: 'WMS', REQUEST: 'GetMap', LAYERS: 'sweden', VERSION: '1.3.0' });
    expect(el.querySelector('.esbMapAttribution')).to.equal(null);
  });

  it('hostile attribution stays text; only http(s) targets become links', async () => {
    const el = await coverageMap({
      'map-base-url': await tiles(),
      'map-base-attribution': '[click](javascript:window.__pwned=1) <img src=x onerror="window.__pwned=2"> [ok](http://ok.example/)',
    });
    const p = el.querySelector('.esbMapAttribution')!;
    expect(p.querySelector('img')).to.equal(null);
    expect([...p.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['http://ok.example/']);
    expect(text(p)).to.include('<img src=x');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('a URL that is neither tiles nor a WMS, or not http(s): one warning, the plain background, no attribution', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...a: unknown[]) => warnings.push(a.join(' '));
    try {
      for (const bad of ['javascript:alert(1)//{z}/{x}/{y}', 'https://tiles.example.org/world.png']) {
        const el = await coverageMap({ 'map-base-url': bad, 'map-base-attribution': 'Nobody' });
        expect(el.baseLayer()).to.equal(undefined);
        expect(el.querySelector('.esbMapBase')).to.equal(null);
        expect(el.querySelector('.esbMapAttribution')).to.equal(null);
      }
    } finally {
      console.warn = warn;
    }
    expect(warnings.filter((w) => w.includes('[catalog-blocks]') && w.includes('map-base-url'))).to.have.length(2);
  });

  it('nothing configured: no base layer, no attribution (the plain background, as before)', async () => {
    const el = await coverageMap({});
    expect(el.baseLayer()).to.equal(undefined);
    expect(el.querySelector('.esbMapBase')).to.equal(null);
    expect(el.querySelector('.esbMapAttribution')).to.equal(null);
  });
});

describe('the points map\'s initial view never clips a label (issue 28 point 6)', () => {
  const POINTS = [
    { lon: 13.0813, lat: 58.9223, title: 'Vänern' },
    { lon: 14.4521, lat: 58.2358, title: 'Vättern' },
    { lon: 16.7027, lat: 62.8258, title: 'Sweden mainland' },
    { lon: 18.5617, lat: 57.4945, title: 'Gotland' },
    { lon: 16.75, lat: 56.775, title: 'Öland' },
    { lon: 11.0, lat: 58.0, title: 'A westernmost place' },
  ];
  for (const width of [1280, 390]) {
    it(`${width} px: every label's box lies inside the map`, async () => {
      const wrap = await fixture<HTMLDivElement>(html`<div style="width:${width - 32}px"></div>`);
      const el = document.createElement('catalog-points-map') as PointsMapBlock;
      el.setAttribute('lang', 'en');
      el.points = POINTS;
      wrap.append(el);
      await el.loadComplete;
      await waitUntil(() => el.drawnAt(0, 0)?.pixel && el.drawnAt(0, 0)?.size?.[0], 'drawn and sized', { timeout: 10000 });
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = '12px sans-serif';
      for (const p of POINTS) {
        const { pixel, size } = el.drawnAt(p.lon, p.lat)!;
        const half = ctx.measureText(p.title).width / 2;
        const [x, y] = pixel!;
        // the label is centred 12 px above the point, 12 px high (+3 px halo)
        expect(x! - half - 3, `${p.title} left`).to.be.at.least(0);
        expect(x! + half + 3, `${p.title} right`).to.be.at.most(size![0]!);
        expect(y! - 12 - 6 - 3, `${p.title} top`).to.be.at.least(0);
        expect(y! + 6, `${p.title} bottom`).to.be.at.most(size![1]!);
      }
    });
  }
});

describe('maps under forced colours (issue 28)', () => {
  afterEach(() => emulateMedia({ forcedColors: 'none' }));

  it('the coverage outline is drawn in the system text colour, not the accent blue', async () => {
    await emulateMedia({ forcedColors: 'active' });
    const probe = document.createElement('span');
    probe.style.color = 'CanvasText';
    document.body.append(probe);
    const canvasText = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
    probe.remove();
    const el = await coverageMap({});
    await waitUntil(() => el.querySelector('.esbMapFeatures canvas, canvas.esbMapFeatures'), 'features drawn', { timeout: 10000 });
    const canvas = el.querySelector<HTMLCanvasElement>('.esbMapFeatures canvas, canvas.esbMapFeatures')!;
    await waitUntil(() => {
      const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] === 255) return true;
      return false;
    }, 'opaque pixels', { timeout: 10000 });
    const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let text = 0;
    let blue = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]! < 250) continue;
      const px = [d[i]!, d[i + 1]!, d[i + 2]!];
      if (px.every((c, k) => Math.abs(c - canvasText[k]!) <= 2)) text++;
      if (Math.abs(px[0]! - 11) <= 2 && Math.abs(px[1]! - 92) <= 2 && Math.abs(px[2]! - 173) <= 2) blue++;
    }
    expect(blue, 'accent-blue pixels').to.equal(0);
    expect(text, 'CanvasText pixels of the outline').to.be.greaterThan(100);
  });
});

describe('maps with a base layer: valid HTML (Nu validator)', function () {
  (this as { timeout(ms: number): void }).timeout(180000);
  it('coverage and points maps with the attribution', async () => {
    const coverage = await coverageMap({ 'map-base-url': await tiles(), 'map-base-attribution': ATTRIBUTION });
    const wrap = await fixture<HTMLDivElement>(html`<div map-base-url=${await tiles()} map-base-attribution=${ATTRIBUTION}></div>`);
    const points = document.createElement('catalog-points-map') as PointsMapBlock;
    points.setAttribute('lang', 'en');
    points.points = [{ lon: 13.08, lat: 58.92, title: 'Vänern' }];
    wrap.append(points);
    await points.loadComplete;
    await expect(points).to.be.accessible();
    const body = [coverage, points].map((b) => `<div class="host">${b.innerHTML}</div>`).join('\n');
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Maps</title></head><body><main><h2>Maps</h2>${body}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const messages = ((await res.json()) as { messages: { type: string; subType?: string; message: string; extract?: string }[] }).messages;
    expect(messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
  });
});
