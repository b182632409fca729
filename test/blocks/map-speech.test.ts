// Issue 28 points 9, 13, 14 (maps): what a screen reader speaks of the maps (each phrase once), the points map's
// description of its places, and each map's name (no two map landmarks under one name).
import { expect, fixture, html } from '@open-wc/testing';
import { virtual } from '@guidepup/virtual-screen-reader/browser.js';
import '../../blocks/wms-map/wms-map.ts';
import '../../blocks/visualization/visualization.ts';
import type { SpatialMapBlock, WmsMapBlock } from '../../blocks/wms-map/wms-map.ts';
import type { VisualizationBlock } from '../../blocks/visualization/visualization.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import { parseGeometry } from '../../src/dcat/spatial.ts';

const CENTROIDS = new URL('/demo/catalog/files/demo-maps-centroids.csv', location.href).href;
const KEYS = 'Use the arrow keys to move the map and + or − to zoom.';

let wmsUrl: Promise<string> | undefined;
function devWms(): Promise<string> {
  wmsUrl ??= fetch('/__dev-store').then((r) => r.json()).then((info: { storeUrl: string }) => new URL('/wms', info.storeUrl).href);
  return wmsUrl;
}

const pointsViz = (title: string): VisualizationModel => ({
  uri: `https://data.example.org/viz/${encodeURIComponent(title)}`,
  title: { value: title, lang: 'en' },
  chartType: 'map', operation: 'none', xAxis: 'longitude', yAxis: 'latitude', featureTitle: 'name',
  source: { href: CENTROIDS, caption: 'centroids.csv' },
});

/** Every phrase the virtual screen reader speaks walking `root` from start to end. */
async function spokenWalk(root: HTMLElement, steps = 200): Promise<string[]> {
  await virtual.start({ container: root });
  try {
    for (let i = 0; i < steps; i++) {
      await virtual.next();
      const log = await virtual.spokenPhraseLog();
      if (log.at(-1) === 'end of document' || log.at(-1) === 'end of main') break;
    }
    return await virtual.spokenPhraseLog();
  } finally {
    await virtual.stop();
  }
}

/**
 * How often `words` is spoken, leaving out the reader's "end of …" echoes (it repeats a container's name and
 * description when it leaves it: that is the reader's way of marking the boundary, not a second reading).
 */
const count = (phrases: string[], words: string): number =>
  phrases.filter((p) => !p.startsWith('end of ') && p.includes(words)).length;

async function page(): Promise<{ root: HTMLElement; spatial: SpatialMapBlock; wms: WmsMapBlock; viz: VisualizationBlock }> {
  const root = await fixture<HTMLElement>(html`<main lang="en"></main>`);
  const spatial = document.createElement('catalog-spatial-map');
  spatial.setAttribute('lang', 'en');
  spatial.coverage = parseGeometry('POLYGON((11.2 55.34, 24.15 55.34, 24.15 69.06, 11.2 69.06, 11.2 55.34))')!;
  const wms = document.createElement('catalog-wms-map');
  wms.setAttribute('lang', 'en');
  wms.capabilitiesUrl = `${await devWms()}?service=WMS&request=GetCapabilities&version=1.3.0`;
  const viz = document.createElement('catalog-visualization');
  viz.setAttribute('lang', 'en');
  viz.visualization = pointsViz('Lakes and islands');
  root.append(spatial, wms, viz);
  await spatial.loadComplete;
  await wms.loadComplete;
  await viz.loadComplete;
  await viz.updateComplete;
  await (viz.querySelector('catalog-points-map') as unknown as { loadComplete: Promise<void> }).loadComplete;
  return { root, spatial, wms, viz };
}

describe('maps are spoken once (issue 28 point 14)', () => {
  it('the keyboard hint once per map, the coverage text once, in a walk through the page', async () => {
    const { root, spatial } = await page();
    const phrases = await spokenWalk(root);
    expect(count(phrases, KEYS), phrases.join('\n')).to.equal(3);
    expect(count(phrases, spatial.coverageText!), phrases.join('\n')).to.equal(1);
  });

  it('the hint is reachable: focusing a map says its name and the hint', async () => {
    const { root } = await page();
    const viewport = root.querySelector<HTMLElement>('catalog-spatial-map .esbMapViewport')!;
    const ref = (viewport.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '');
    expect(ref.join(' ')).to.include(KEYS);
  });
});

describe('the points map describes its places (issue 28 point 9)', () => {
  it('count and names of the places, in en, sv and de', async () => {
    for (const [lang, words] of [
      ['en', ['5 places', 'Vänern', 'Vättern', 'Öland']],
      ['sv', ['5 platser', 'Vänern']],
      ['de', ['5 Orten', 'Vänern']],
    ] as const) {
      const root = await fixture<HTMLElement>(html`<div></div>`);
      const viz = document.createElement('catalog-visualization');
      viz.setAttribute('lang', lang);
      viz.visualization = pointsViz('Lakes and islands');
      root.append(viz);
      await viz.loadComplete;
      await viz.updateComplete;
      const map = viz.querySelector('catalog-points-map') as unknown as HTMLElement & { loadComplete: Promise<void> };
      await map.loadComplete;
      const viewport = map.querySelector('.esbMapViewport')!;
      const described = (viewport.getAttribute('aria-describedby') ?? '').split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      for (const w of words) expect(described, lang).to.include(w);
      expect(described).to.not.include('Show as table.');
    }
  });
});

describe('each map has a name of its own (issue 28 point 13)', () => {
  it('the same visualization twice (tabs and section) gives no two landmarks of one name', async () => {
    const root = await fixture<HTMLElement>(html`<div></div>`);
    for (let i = 0; i < 2; i++) {
      const viz = document.createElement('catalog-visualization');
      viz.setAttribute('lang', 'en');
      viz.visualization = pointsViz('Lakes and islands');
      root.append(viz);
      await viz.loadComplete;
      await viz.updateComplete;
      await (viz.querySelector('catalog-points-map') as unknown as { loadComplete: Promise<void> }).loadComplete;
    }
    const landmarks = [...root.querySelectorAll('[role=region], section[aria-label], section[aria-labelledby]')]
      .map((el) => el.getAttribute('aria-label'));
    expect(new Set(landmarks).size).to.equal(landmarks.length);
    const viewports = [...root.querySelectorAll('.esbMapViewport')];
    expect(viewports.map((v) => v.getAttribute('aria-label'))).to.deep.equal(['Map: Lakes and islands', 'Map: Lakes and islands']);
  });
});
