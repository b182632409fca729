// The maps with a base layer (issue 28 point 6) under a strict policy: `style-src 'none'` and Trusted Types (only
// Lit's policy). OpenLayers lays out through element.style (CSSOM, allowed); the attribution is Lit text, never HTML.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PointsMapBlock, SpatialMapBlock } from '../../blocks/wms-map/wms-map.ts';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = "style-src 'none'; require-trusted-types-for 'script'; trusted-types lit-html";
document.head.append(meta);

describe('maps with a base layer under style-src \'none\' and Trusted Types', () => {
  before(async () => {
    await import('../../blocks/wms-map/wms-map.ts');
  });

  it('coverage map on XYZ tiles and points map on a WMS, with attributions: no policy violation', async () => {
    const origin = await fetch('/__dev-store').then((r) => r.json()).then((i: { storeUrl: string }) => new URL(i.storeUrl).origin);
    performance.clearResourceTimings(); // the buffer (250 entries) is full of the test's modules
    const root = await fixture<HTMLDivElement>(html`<div map-base-attribution="Outlines: [Natural Earth](https://www.naturalearthdata.com/)"></div>`);
    const coverage = document.createElement('catalog-spatial-map') as SpatialMapBlock;
    coverage.setAttribute('lang', 'en');
    coverage.setAttribute('map-base-url', `${origin}/base/tiles/{z}/{x}/{y}.png`);
    coverage.setAttribute('geometry', 'POLYGON((11.2 55.34, 24.15 55.34, 24.15 69.06, 11.2 69.06, 11.2 55.34))');
    const points = document.createElement('catalog-points-map') as PointsMapBlock;
    points.setAttribute('lang', 'en');
    points.setAttribute('map-base-url', `${origin}/wms?SERVICE=WMS&LAYERS=sweden`);
    points.points = [{ lon: 13.08, lat: 58.92, title: 'Vänern' }];
    root.append(coverage, points);
    await coverage.loadComplete;
    await points.loadComplete;
    const names = () => performance.getEntriesByType('resource').map((e) => e.name);
    await waitUntil(() => names().some((n) => n.includes('/base/tiles/')) && names().some((n) => n.includes('/wms?')),
      'base layers requested', { timeout: 10000 });
    await waitUntil(() => root.querySelectorAll('.ol-viewport canvas').length >= 2, 'drawn', { timeout: 10000 });
    expect(root.querySelectorAll('.esbMapAttribution a').length).to.equal(2);
    expect(violations).to.deep.equal([]);
  });
});
