// <catalog-wms-map> against the dev store's offline WMS (1.1.1 and 1.3.0), hostile capabilities, failure state,
// keyboard use, and <catalog-spatial-map> with its text alternative.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/wms-map/wms-map.ts';
import type { PointsMapBlock, SpatialMapBlock, WmsMapBlock } from '../../blocks/wms-map/wms-map.ts';

let wmsUrl: Promise<string> | undefined;
/** The dev store's WMS endpoint (same server the block tests use for the store). */
function devWms(): Promise<string> {
  wmsUrl ??= fetch('/__dev-store').then((r) => r.json()).then((info: { storeUrl: string }) => new URL('/wms', info.storeUrl).href);
  return wmsUrl;
}

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function wmsMap(capabilitiesUrl: string, extra: Partial<WmsMapBlock> = {}, attrs = ''): Promise<WmsMapBlock> {
  const el = document.createElement('catalog-wms-map');
  Object.assign(el, extra);
  for (const a of attrs.split(' ').filter(Boolean)) {
    const [k, v] = a.split('=');
    el.setAttribute(k!, v ?? '');
  }
  el.setAttribute('lang', 'en');
  el.capabilitiesUrl = capabilitiesUrl;
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  wrap.append(el);
  await el.loadComplete;
  await el.updateComplete;
  return el;
}

/** A fetch that answers one capabilities document, whatever is asked. */
const answering = (xml: string, status = 200) => async (): Promise<Response> =>
  new Response(xml, { status, headers: { 'Content-Type': 'text/xml' } });

const HOSTILE = `<?xml version="1.0"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">
 <Service><Title>&lt;img src=x onerror="window.__pwned=1"&gt;</Title></Service>
 <Capability><Request><GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="https://maps.invalid/wms?"/></Get></HTTP></DCPType></GetMap></Request>
  <Layer><Title>Root</Title><CRS>EPSG:4326</CRS>
   <Layer><Name>evil</Name><Title>&lt;script&gt;window.__pwned=2&lt;/script&gt;</Title>
    <EX_GeographicBoundingBox><westBoundLongitude>11</westBoundLongitude><eastBoundLongitude>13</eastBoundLongitude><southBoundLatitude>55</southBoundLatitude><northBoundLatitude>57</northBoundLatitude></EX_GeographicBoundingBox>
    <Style><Name>s</Name><LegendURL><OnlineResource xlink:href="javascript:window.__pwned=3"/></LegendURL></Style></Layer>
   <Layer><Name>good</Name><Title>Good</Title>
    <Style><Name>s</Name><LegendURL><OnlineResource xlink:href="http://legend.invalid/good.png"/></LegendURL></Style></Layer>
  </Layer></Capability></WMS_Capabilities>`;

describe('catalog-wms-map with the dev store WMS', () => {
  for (const version of ['1.1.1', '1.3.0']) {
    it(`GetCapabilities ${version}: a map with both layers in the switcher and their legends`, async () => {
      const wms = await devWms();
      const el = await wmsMap(`${wms}?service=WMS&request=GetCapabilities&version=${version}`);
      expect(el.state).to.equal('ready');
      expect(el.capabilities!.version).to.equal(version);
      const boxes = [...el.querySelectorAll<HTMLInputElement>('fieldset.esbMapLayers input[type=checkbox]')];
      expect(boxes.map((b) => text(b.closest('label')))).to.deep.equal(['Large lakes', 'Sweden (coarse outline)']);
      expect(boxes.every((b) => b.checked)).to.equal(true);
      expect(text(el.querySelector('fieldset.esbMapLayers legend'))).to.equal('Layers');
      const imgs = [...el.querySelectorAll<HTMLImageElement>('.esbMapLegend img')];
      expect(imgs.length).to.equal(2);
      for (const img of imgs) {
        expect(img.src.startsWith(`${wms}?`)).to.equal(true);
        expect(img.alt).to.match(/^Legend of /);
      }
      // OpenLayers drew into the focusable, labelled viewport (no base layer needed)
      const viewport = el.querySelector<HTMLElement>('.esbMapViewport')!;
      expect(viewport.getAttribute('tabindex')).to.equal('0');
      expect(viewport.getAttribute('aria-label')).to.equal('Map: Dev store WMS');
      await waitUntil(() => viewport.querySelector('.ol-viewport'), 'OpenLayers viewport');
      expect(viewport.getBoundingClientRect().height).to.equal(300);
      // the initial view is the union of the layer boxes: Sweden's middle
      const [x, y] = el.view!.center!;
      const lon = (x! / 6378137) * (180 / Math.PI);
      const lat = (2 * Math.atan(Math.exp(y! / 6378137)) - Math.PI / 2) * (180 / Math.PI);
      expect(lon).to.be.within(14, 20);
      expect(lat).to.be.within(59, 65);
      // GetMap images arrive from the dev store (one per visible layer)
      await waitUntil(() => el.imagesDrawn >= 2, 'GetMap images drawn');
      expect(el.querySelector('.esbMapLayerFailed')).to.equal(null);
      await expect(el).to.be.accessible();
    });
  }

  it('a layer is switched off and on again by keyboard; its legend follows', async () => {
    const wms = await devWms();
    const el = await wmsMap(`${wms}?service=WMS&request=GetCapabilities&version=1.3.0`);
    const lakes = el.querySelector<HTMLInputElement>('fieldset.esbMapLayers input')!;
    lakes.focus();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(lakes.checked).to.equal(false);
    expect(el.visibleLayers).to.deep.equal(['sweden']);
    expect(el.querySelectorAll('.esbMapLegend img').length).to.equal(1);
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(el.visibleLayers).to.deep.equal(['lakes', 'sweden']);
  });

  it('keyboard: Skip map moves past the map; the viewport pans with arrows; the zoom buttons work with Enter', async () => {
    const wms = await devWms();
    const el = await wmsMap(`${wms}?service=WMS&request=GetCapabilities&version=1.1.1`);
    const skip = el.querySelector<HTMLAnchorElement>('a.esbMapSkip')!;
    expect(text(skip)).to.equal('Skip map');
    skip.focus();
    await sendKeys({ press: 'Enter' });
    expect(document.activeElement?.id).to.equal(`${el.idPrefix}-after`);
    // Tab order: skip link → viewport → zoom in → zoom out
    skip.focus();
    await sendKeys({ press: 'Tab' });
    const viewport = el.querySelector<HTMLElement>('.esbMapViewport')!;
    expect(document.activeElement).to.equal(viewport);
    const before = el.view!.center![0]!;
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => el.view!.center![0]! > before, 'the map panned east');
    await sendKeys({ press: 'Tab' });
    const zoomIn = document.activeElement as HTMLButtonElement;
    expect(zoomIn.localName).to.equal('button');
    expect(text(zoomIn)).to.contain('Zoom in');
    const zoom = el.view!.zoom!;
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.view!.zoom! > zoom + 0.5, 'zoomed in');
    await sendKeys({ press: 'Tab' });
    expect(text(document.activeElement)).to.contain('Zoom out');
  });

  it('capabilities are read without DOMParser (a Trusted Types sink under require-trusted-types-for)', async () => {
    const wms = await devWms();
    const original = DOMParser.prototype.parseFromString;
    let called = 0;
    DOMParser.prototype.parseFromString = function () {
      called++;
      throw new TypeError('This document requires a TrustedHTML assignment.');
    };
    try {
      const el = await wmsMap(`${wms}?service=WMS&request=GetCapabilities&version=1.3.0`);
      expect(el.state).to.equal('ready');
      expect(called).to.equal(0);
    } finally {
      DOMParser.prototype.parseFromString = original;
    }
  });

  it('a map made while hidden opens on its extent once shown', async () => {
    const wms = await devWms();
    const el = document.createElement('catalog-wms-map');
    el.setAttribute('lang', 'en');
    el.capabilitiesUrl = `${wms}?service=WMS&request=GetCapabilities`;
    const wrap = await fixture<HTMLDivElement>(html`<div hidden></div>`);
    wrap.append(el);
    await el.loadComplete;
    wrap.hidden = false;
    await waitUntil(() => {
      const [x] = el.view?.center ?? [];
      return x !== undefined && (x / 6378137) * (180 / Math.PI) > 14;
    }, 'fitted to Sweden after being shown');
  });

  it('legend="false" hides the legend', async () => {
    const wms = await devWms();
    const el = await wmsMap(`${wms}?service=WMS&request=GetCapabilities`, {}, 'legend=false');
    expect(el.state).to.equal('ready');
    expect(el.querySelector('.esbMapLegend')).to.equal(null);
  });

  it('an HTTP error (a ServiceException) gives the failure state with a link to the service', async () => {
    const wms = await devWms();
    const el = await wmsMap(`${wms}?service=WMS&request=GetNothing`, { serviceUrl: wms });
    expect(el.state).to.equal('failed');
    const failed = el.querySelector('.esbMapFailed')!;
    expect(text(failed)).to.contain('The map could not be loaded.');
    expect(failed.querySelector('a')!.getAttribute('href')).to.equal(wms);
    await expect(el).to.be.accessible();
  });

  it('an unreachable service fails too (network error), the link falls back to the capabilities URL', async () => {
    const el = await wmsMap('http://127.0.0.1:9/wms?service=WMS&request=GetCapabilities');
    expect(el.state).to.equal('failed');
    expect(el.problem).to.equal('network');
    expect(el.querySelector('.esbMapFailed a')!.getAttribute('href')).to.equal('http://127.0.0.1:9/wms?service=WMS&request=GetCapabilities');
  });
});

describe('catalog-wms-map with hostile capabilities', () => {
  it('hostile titles stay text; a javascript: LegendURL gives no image, an http one does', async () => {
    const el = await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', { fetchCapabilities: answering(HOSTILE) });
    expect(el.state).to.equal('ready');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(el.querySelector('script')).to.equal(null);
    expect(el.querySelector('.esbMapViewport')!.getAttribute('aria-label')).to.equal('Map: <img src=x onerror="window.__pwned=1">');
    expect(text(el.querySelector('fieldset'))).to.contain('<script>window.__pwned=2</script>');
    const imgs = [...el.querySelectorAll<HTMLImageElement>('img')];
    expect(imgs.map((i) => i.getAttribute('src'))).to.deep.equal(['http://legend.invalid/good.png']);
    expect(imgs[0]!.alt).to.equal('Legend of Good');
  });

  it('an XML entity-expansion bomb is refused: failure state, nothing expanded', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
      <WMS_Capabilities version="1.3.0"><Service><Title>&d;</Title></Service></WMS_Capabilities>`;
    const el = await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', { fetchCapabilities: answering(bomb) });
    expect(el.state).to.equal('failed');
    expect(el.problem).to.equal('doctype');
    expect(text(el)).to.not.contain('aaaa');
  });

  it('a capabilities document over 2 MiB is not read to the end: failure state', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`<!-- ${'x'.repeat(64 * 1024)} -->`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(pulled === 1 ? new TextEncoder().encode('<WMS_Capabilities version="1.3.0">') : chunk);
      },
    });
    const el = await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', {
      fetchCapabilities: async () => new Response(endless, { headers: { 'Content-Type': 'text/xml' } }),
    });
    expect(el.state).to.equal('failed');
    expect(el.problem).to.equal('too-large');
    expect(pulled).to.be.below(100, 'reading stopped at the cap');
  });

  it('an ISO-8859-1 capabilities document (XML declaration) keeps its letters', async () => {
    const xml = HOSTILE.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>').replace('<Title>Good</Title>', '<Title>Sjöar och älvar</Title>');
    const latin1 = Uint8Array.from([...xml].map((c) => c.charCodeAt(0)));
    const el = await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', {
      fetchCapabilities: async () => new Response(latin1, { headers: { 'Content-Type': 'text/xml' } }),
    });
    expect(el.state).to.equal('ready');
    expect(text(el.querySelector('fieldset'))).to.contain('Sjöar och älvar');
  });

  it('a capabilities URL that is not http(s) is never fetched', async () => {
    let fetched = 0;
    const el = await wmsMap('javascript:alert(1)', { fetchCapabilities: async () => { fetched++; return new Response(''); } });
    expect(el.state).to.equal('failed');
    expect(fetched).to.equal(0);
    expect(el.querySelector('.esbMapFailed a')).to.equal(null);
  });

  it('a service that never answers gives the failure state after the timeout', async () => {
    const hanging = (_u: string, init: RequestInit): Promise<Response> => new Promise((_r, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
    const el = await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', { fetchCapabilities: hanging, timeoutMs: 50 });
    expect(el.state).to.equal('failed');
    expect(el.problem).to.equal('timeout');
    expect(text(el.querySelector('.esbMapFailed'))).to.contain('The map could not be loaded.');
  });

  it('capabilities are fetched without credentials', async () => {
    let init: RequestInit | undefined;
    await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', {
      fetchCapabilities: async (_u, i) => { init = i; return new Response(HOSTILE); },
    });
    expect(init!.credentials).to.equal('omit');
  });

  it('Swedish strings', async () => {
    const wms = await devWms();
    const el = document.createElement('catalog-wms-map');
    el.capabilitiesUrl = `${wms}?service=WMS&request=GetCapabilities`;
    el.setAttribute('lang', 'sv');
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    wrap.append(el);
    await el.loadComplete;
    await el.updateComplete;
    expect(text(el.querySelector('a.esbMapSkip'))).to.equal('Hoppa över kartan');
    expect(text(el.querySelector('fieldset legend'))).to.equal('Lager');
  });
});

describe('catalog-spatial-map', () => {
  it('draws a bbox polygon with its coordinates as text right after the map (read once: not also its description)', async () => {
    const el = await fixture<SpatialMapBlock>(html`<catalog-spatial-map lang="en" hl="3"
      geometry="POLYGON((11.1 55.3, 24.2 55.3, 24.2 69.1, 11.1 69.1, 11.1 55.3))"
      datatype="http://www.opengis.net/ont/geosparql#wktLiteral"></catalog-spatial-map>`);
    await el.loadComplete;
    const p = el.querySelector('.esbMapCoverageText')!;
    expect(text(p)).to.equal('West 11.1, South 55.3, East 24.2, North 69.1');
    const viewport = el.querySelector<HTMLElement>('.esbMapViewport')!;
    expect(viewport.getAttribute('aria-describedby')!.split(' ')).to.not.include(p.id);
    expect(viewport.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(text(el.querySelector('h3'))).to.equal('Spatial coverage');
    await waitUntil(() => viewport.querySelector('canvas'), 'drawn');
    await expect(el).to.be.accessible();
  });

  // Drawing failing (the map chunk not loading, OpenLayers throwing) used to be an unhandled rejection from an async
  // updated() and an empty viewport; found by the lint rule no-misused-promises (issue 13 point 9).
  for (const tag of ['catalog-spatial-map', 'catalog-points-map']) {
    it(`${tag}: a map that cannot be drawn says so, with no unhandled rejection`, async () => {
      const rejections: unknown[] = [];
      const onRejection = (e: PromiseRejectionEvent) => rejections.push(e.reason);
      window.addEventListener('unhandledrejection', onRejection);
      try {
        const el = document.createElement(tag) as HTMLElement & { loadComplete: Promise<void>; points?: unknown };
        el.setAttribute('lang', 'en');
        el.setAttribute('geometry', 'ENVELOPE(11.1, 24.2, 69.1, 55.3)');
        el.points = [{ lon: 18.07, lat: 59.33, title: 'Stockholm' }];
        // the drawing step throws, as a failed chunk load would
        Object.defineProperty(el, 'viewportElement', { value: () => { throw new Error('no map today'); } });
        (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
        await el.loadComplete;
        await waitUntil(() => el.querySelector('.esbMapFailed'), 'failure shown');
        expect(text(el.querySelector('.esbMapFailed'))).to.equal('The map could not be loaded.');
        await new Promise((r) => setTimeout(r, 50));
        expect(rejections).to.deep.equal([]);
      } finally {
        window.removeEventListener('unhandledrejection', onRejection);
      }
    });
  }

  it('a background WMS is drawn under the coverage; a failing one leaves the plain background', async () => {
    const wms = await devWms();
    const el = document.createElement('catalog-spatial-map');
    el.setAttribute('lang', 'en');
    el.setAttribute('geometry', 'ENVELOPE(11.1, 24.2, 69.1, 55.3)');
    el.setAttribute('background-capabilities-url', `${wms}?service=WMS&request=GetCapabilities`);
    (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
    await el.loadComplete;
    expect(el.background!.layers.map((l) => l.name)).to.deep.equal(['lakes', 'sweden']);
    const broken = document.createElement('catalog-spatial-map');
    broken.setAttribute('lang', 'en');
    broken.setAttribute('geometry', 'ENVELOPE(11.1, 24.2, 69.1, 55.3)');
    broken.setAttribute('background-capabilities-url', `${wms}?service=WMS&request=Nothing`);
    (await fixture<HTMLDivElement>(html`<div></div>`)).append(broken);
    await broken.loadComplete;
    expect(broken.background).to.equal(undefined);
    expect(text(broken.querySelector('.esbMapCoverageText'))).to.equal('West 11.1, South 55.3, East 24.2, North 69.1');
    await waitUntil(() => broken.querySelector('.esbMapViewport canvas'), 'the coverage is drawn anyway');
  });

  it('a point in German; an unreadable geometry renders nothing', async () => {
    const el = await fixture<SpatialMapBlock>(html`<catalog-spatial-map lang="de" geometry='{"type":"Point","coordinates":[18.07,59.33]}'></catalog-spatial-map>`);
    await el.loadComplete;
    expect(text(el.querySelector('.esbMapCoverageText'))).to.equal('Länge 18,07, Breite 59,33');
    const bad = await fixture<SpatialMapBlock>(html`<catalog-spatial-map lang="en" geometry="POLYGON((oops"></catalog-spatial-map>`);
    await bad.loadComplete;
    expect(bad.children.length).to.equal(0);
  });
});

describe('a map moved on the page (taken off and put back)', () => {
  // Issue 24.6: the maps load through the one LoadController and draw once rendered; the coverage and points maps
  // used to stay blank once moved (their map was disposed on leaving and never drawn again).
  const makers: Record<string, () => Promise<HTMLElement & { loadComplete: Promise<unknown> }>> = {
    'catalog-wms-map': () => wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', { fetchCapabilities: answering(HOSTILE) }),
    'catalog-spatial-map': () => fixture<SpatialMapBlock>(html`<catalog-spatial-map lang="en" geometry="ENVELOPE(11.1, 24.2, 69.1, 55.3)"></catalog-spatial-map>`),
    'catalog-points-map': () => fixture<PointsMapBlock>(html`<catalog-points-map lang="en" .points=${[{ lon: 18.07, lat: 59.33 }]}></catalog-points-map>`),
  };
  for (const [tag, make] of Object.entries(makers)) {
    it(`${tag}: drawn again where it is put`, async () => {
      const el = await make();
      await el.loadComplete;
      await waitUntil(() => el.querySelector('.esbMapViewport .ol-viewport'), 'drawn');
      const elsewhere = await fixture<HTMLDivElement>(html`<div></div>`);
      elsewhere.append(el);
      await el.loadComplete;
      await waitUntil(() => el.querySelector('.esbMapViewport .ol-viewport'), 'drawn again after the move');
      expect(el.querySelectorAll('.ol-viewport').length).to.equal(1);
    });
  }
});

describe('map markup is valid HTML (Nu validator)', function () {
  // The validator is a Java process started on first use: its start-up is not the block's time.
  (this as { timeout(ms: number): void }).timeout(180000);
  it('ready, failed, hostile and coverage maps, OpenLayers DOM included', async () => {
    const wms = await devWms();
    const ready = await wmsMap(`${wms}?service=WMS&request=GetCapabilities&version=1.3.0`, {}, 'hl=3');
    await waitUntil(() => ready.imagesDrawn >= 2, 'drawn');
    const failed = await wmsMap(`${wms}?service=WMS&request=GetNothing`, { serviceUrl: wms });
    const hostile = await wmsMap('https://maps.invalid/wms?request=GetCapabilities&service=WMS', { fetchCapabilities: answering(HOSTILE) });
    const coverage = await fixture<SpatialMapBlock>(html`<catalog-spatial-map lang="en" hl="3"
      geometry="ENVELOPE(11.1, 24.2, 69.1, 55.3)"></catalog-spatial-map>`);
    await coverage.loadComplete;
    const body = [ready, failed, hostile, coverage].map((b) => `<div class="host">${b.innerHTML}</div>`).join('\n');
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Maps</title></head><body><main><h2>Maps</h2>${body}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const messages = ((await res.json()) as { messages: { type: string; subType?: string; message: string; extract?: string }[] }).messages;
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
    expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
  });
});
