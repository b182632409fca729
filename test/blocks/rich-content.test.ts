// Rich dataset content on <dataset-view> (issue 9): each parameter turns its part on and nothing else, the parts
// stand where behaviour doc §2.1 puts them, are accessible and valid HTML in both modes, and the landing page still
// makes at most two store requests. Run alone: npx wtr --files test/blocks/rich-content.test.ts
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import { freshPage, mountOnStore } from './search-input-helpers.ts';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { headingLevels, headingsWellFormed, settled, text, withStore } from './helpers.ts';
import { addGraph, parseTurtle, RenderStore, RENDER_STORE } from './render-store.ts';

let wmsUrl: string;
async function richStore(): Promise<RenderStore> {
  wmsUrl ??= await fetch('/__dev-store').then((r) => r.json()).then((i: { storeUrl: string }) => new URL('/wms', i.storeUrl).href);
  const ttl = (await (await fetch('/test/blocks/fixtures/rich.ttl')).text())
    .replaceAll('{{ORIGIN}}', location.origin).replaceAll('{{WMS}}', wmsUrl);
  const store = new RenderStore(RENDER_STORE);
  addGraph(store, await parseTurtle(ttl));
  return store;
}

type Attrs = Record<string, string>;
async function view(attrs: Attrs = {}, lookup = 'rich-polls'): Promise<{ el: DatasetView; store: RenderStore }> {
  const store = await richStore();
  const el = await withStore<DatasetView>(store, html`<dataset-view lookup=${lookup} lang="en"></dataset-view>`);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  expect(await settled(el)).to.equal('ready');
  await el.updateComplete;
  return { el, store };
}

/** Waits until `probe` returns something truthy (a rendered part of a lazily loaded chunk). */
async function until<T>(probe: () => T | null | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const spatialValues = (el: Element) =>
  [...el.querySelectorAll('.esbFurtherInfo dt')].find((dt) => text(dt) === 'Spatial coverage')?.parentElement;

describe('rich content: every parameter off', () => {
  it('adds no rich part, and a bounding box reads as its coordinates, not the word "Geometry"', async () => {
    const { el, store } = await view();
    expect(el.querySelector('.esbAutoMaps, catalog-preview-toggle, catalog-wms-map, catalog-spatial-map, .esbIndicators')).to.equal(null);
    const dds = [...el.querySelectorAll('.esbFurtherInfo dd')].map((d) => text(d));
    expect(dds).to.include('West 11.1, South 55.3, East 24.2, North 69.1');
    expect(dds).to.include('Sweden');
    expect(dds).to.not.include('Geometry');
    expect(store.calls.filter((c) => !c.startsWith('lookupByLiteral'))).to.have.length.at.most(1);
  });

  it('a dataset without geometry and every parameter off renders as before (no rich chunk needed)', async () => {
    const { el } = await view({}, 'rich-plain');
    expect(text(el.querySelector('h1'))).to.equal('A dataset with nothing rich');
    expect(el.querySelector('.esbCoverageText, catalog-preview-toggle')).to.equal(null);
  });
});

describe('rich content: includeDataPreview', () => {
  it('gives the CSV row (only) a "Preview data" button that opens an accessible paged table, focus kept', async () => {
    const { el } = await view({ 'include-data-preview': 'true' });
    const toggles = await until(() => { const t = el.querySelectorAll('catalog-preview-toggle'); return t.length ? t : null; }, 'preview control');
    expect(toggles).to.have.length(1);
    const row = toggles[0]!.closest('li')!;
    expect(text(row.querySelector('.esbRowTitle'))).to.equal('Polls CSV');
    const button = await until(() => toggles[0]!.querySelector<HTMLButtonElement>('button.esbPreviewButton'), 'button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(text(button)).to.equal('Preview data: Polls CSV');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => button.getAttribute('aria-expanded') === 'true', 'expanded');
    const region = el.querySelector(`#${button.getAttribute('aria-controls')}`)!;
    expect(region.hasAttribute('hidden')).to.equal(false);
    const table = await until(() => region.querySelector('catalog-data-preview table'), 'preview table', 20_000);
    expect(table.querySelectorAll('tbody tr')).to.have.length(10);
    // the table shows its first page while the rest of the file streams in: the count is final when parsing ends
    await until(() => text(region).includes('of 2,636'), 'every row counted', 20_000);
    expect(document.activeElement).to.equal(button);
    await expect(el).to.be.accessible();
    // Closing keeps the built table (no second download) and hides it.
    button.click();
    await until(() => button.getAttribute('aria-expanded') === 'false', 'collapsed');
    expect(region.hasAttribute('hidden')).to.equal(true);
    expect(region.querySelector('table')).to.equal(table);
  });
});

describe('rich content: includeAutoVisualizations and legend', () => {
  it('shows one WMS map under "Map" after the distributions, and the bounding box as a small map', async () => {
    const { el } = await view({ 'include-auto-visualizations': 'true', hl: '2' });
    const section = await until(() => el.querySelector('section.esbAutoMaps'), 'map section');
    expect(text(section.querySelector('h3'))).to.equal('Map');
    const maps = section.querySelectorAll('catalog-wms-map');
    expect(maps).to.have.length(1);
    // Order: distributions, then the map, then further information.
    const order = [...el.querySelectorAll('.esbDistributions, .esbAutoMaps, .esbFurtherInfo')].map((s) => s.className.split(' ')[0]);
    expect(order).to.deep.equal(['esbDistributions', 'esbAutoMaps', 'esbFurtherInfo']);
    const map = maps[0] as HTMLElement & { loadComplete: Promise<string> };
    await until(() => customElements.get('catalog-wms-map'), 'map element');
    expect(await map.loadComplete).to.equal('ready');
    expect(map.querySelector('.esbMapLegend')).to.exist;
    const coverage = await until(() => spatialValues(el)?.querySelector('catalog-spatial-map'), 'coverage map');
    expect(coverage).to.exist;
    expect(headingsWellFormed(headingLevels(el), 2)).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('legend="false" hides the legend of auto maps (the parameter wins)', async () => {
    const { el } = await view({ 'include-auto-visualizations': 'true', legend: 'false' });
    const map = await until(() => el.querySelector<HTMLElement & { loadComplete: Promise<string> }>('catalog-wms-map'), 'map');
    await until(() => customElements.get('catalog-wms-map'), 'map element');
    expect(await map.loadComplete).to.equal('ready');
    expect(map.querySelector('.esbMapLegend')).to.equal(null);
  });
});

describe('rich content: inside an expanded list row', () => {
  beforeEach(() => freshPage());

  it('the row built on first expansion holds the preview control, the map section and the coverage text', async () => {
    const store = await richStore();
    const { el } = await mountOnStore<HTMLElement>(store,
      html`<dataset-list lang="en" include-data-preview="true" include-auto-visualizations="true"></dataset-list>`, { contextId: 'r' });
    const row = [...el.querySelectorAll<HTMLElement>('li.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'Swedish opinion polls')!;
    expect(row.querySelector('catalog-preview-toggle'), 'nothing before the first expansion').to.equal(null);
    row.querySelector<HTMLButtonElement>('button.esbRowExpandButton')!.click();
    const map = await until(() => row.querySelector('section.esbAutoMaps catalog-wms-map'), 'map in the row');
    expect(map).to.exist;
    expect(row.querySelectorAll('catalog-preview-toggle')).to.have.length(1);
    expect(await until(() => row.querySelector('catalog-spatial-map'), 'coverage map')).to.exist;
    // Headings inside the row continue the list's levels (row title h2 → sections h3).
    expect(row.querySelector('section.esbAutoMaps > h3')).to.exist;
    await expect(el).to.be.accessible();
  });
});

describe('rich content in two opened rows (issue 11 point 8)', () => {
  it('the "Visualizations" regions of two open rows are named after their datasets; axe (landmark-unique) clean', async () => {
    const store = await richStore();
    const { el } = await mountOnStore<HTMLElement>(store,
      html`<dataset-list lang="en" include-visualizations="true"></dataset-list>`, { contextId: 'r' });
    const rows = ['Swedish opinion polls', 'Opinion polls, second series'].map((title) =>
      [...el.querySelectorAll<HTMLElement>('li.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === title)!);
    for (const row of rows) row.querySelector<HTMLButtonElement>('button.esbRowExpandButton')!.click();
    const sections = await Promise.all(rows.map((row) => until(() => row.querySelector('section.esbVisualizations'), 'visualizations in the row')));
    const names = sections.map((s) => s.getAttribute('aria-labelledby')!.split(' ').map((id) => text(document.getElementById(id))).join(' '));
    expect(names).to.deep.equal(['Visualizations Swedish opinion polls', 'Visualizations Opinion polls, second series']);
    await Promise.all(rows.map((row) => until(() => row.querySelector('catalog-visualization svg, catalog-visualization table'), 'a drawn visualization')));
    await expect(el).to.be.accessible();
  });
});

describe('rich content: valid HTML (Nu validator) in both modes', () => {
  for (const strict of [true, false]) {
    it(`strictStandardHtml=${strict}, every parameter on, preview open`, async function () {
      (this as { timeout(ms: number): void }).timeout(60_000);
      const attrs: Attrs = {
        'include-data-preview': 'true', 'include-auto-visualizations': 'true', 'include-indicators': 'true',
        'include-extras': 'true', 'include-visualizations': 'true', 'include-tabbed-visualizations': 'true',
      };
      if (strict) attrs['strict-standard-html'] = 'true';
      const { el } = await view(attrs);
      const button = await until(() => el.querySelector<HTMLButtonElement>('button.esbPreviewButton'), 'preview button');
      button.click();
      await until(() => el.querySelector('catalog-data-preview table'), 'preview table', 20_000);
      await until(() => customElements.get('catalog-visualization'), 'visualization element');
      await Promise.all([...el.querySelectorAll<Viz>('section.esbVisualizations catalog-visualization')].map((v) => v.loadComplete));
      const map = await until(() => el.querySelector<Viz>('catalog-wms-map'), 'map', 20_000);
      await until(() => customElements.get('catalog-wms-map'), 'map element');
      await map.loadComplete;
      const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Rich</title></head><body><main><div>${el.innerHTML}</div></main></body></html>`;
      const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
      const messages = ((await res.json()) as { messages: { type: string; subType?: string; message: string; extract?: string }[] }).messages;
      const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
      expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
    });
  }
});

type Viz = HTMLElement & { loadComplete: Promise<string> };

describe('rich content: visualizations', () => {
  it('includeVisualizations: a "Visualizations" section LAST, one visualization per schema:diagram, drawn', async () => {
    const { el } = await view({ 'include-visualizations': 'true' });
    const section = await until(() => el.querySelector('section.esbVisualizations'), 'visualizations section');
    expect(text(section.querySelector('h2'))).to.equal('Visualizations');
    expect(el.querySelector('.esbDatasetView')!.lastElementChild).to.equal(section);
    const vizs = [...section.querySelectorAll<Viz>('catalog-visualization')];
    expect(vizs).to.have.length(2);
    await until(() => customElements.get('catalog-visualization'), 'visualization element');
    expect(await vizs[0]!.loadComplete).to.equal('ready');
    expect(text(vizs[0]!.querySelector('h3'))).to.equal('Polls per company');
    expect(vizs[0]!.querySelector('svg')).to.exist;
    expect(vizs[0]!.querySelector('button.esbVizTableToggle')).to.exist;
    // The second one too (each element waits for the feature's strings, not only the first to ask for them).
    expect(await vizs[1]!.loadComplete).to.equal('ready');
    expect(await until(() => vizs[1]!.querySelector('catalog-wms-map'), 'the second visualization drawn')).to.exist;
    expect(el.querySelector('catalog-visualization-tabs'), 'tabs are their own parameter').to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('includeTabbedVisualizations: tabs after the themes and before the distributions', async () => {
    const { el } = await view({ 'include-tabbed-visualizations': 'true' });
    const tabs = await until(() => el.querySelector('catalog-visualization-tabs'), 'tabs');
    const order = [...el.querySelectorAll('catalog-visualization-tabs, .esbDistributions')].map((n) => n.localName);
    expect(order).to.deep.equal(['catalog-visualization-tabs', 'section']);
    await until(() => tabs.querySelectorAll('[role="tab"]').length === 2, 'two tabs');
    expect(el.querySelector('section.esbVisualizations')).to.equal(null);
  });

  it('no auto map for a service a wms visualization already shows (both parameters on)', async () => {
    const { el } = await view({ 'include-visualizations': 'true', 'include-auto-visualizations': 'true' });
    await until(() => el.querySelector('section.esbVisualizations'), 'visualizations');
    expect(el.querySelector('section.esbAutoMaps')).to.equal(null);
  });
});

describe('rich content: JSON-LD for search engines', () => {
  const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')];

  it('a dataset page puts ONE schema.org Dataset in <head> (every parameter off), removed with the block', async () => {
    const before = scripts().length;
    const { el } = await view();
    const added = await until(() => (scripts().length === before + 1 ? scripts().at(-1) : null), 'JSON-LD script');
    const data = JSON.parse(added.text) as Record<string, unknown>;
    expect(data['@type']).to.equal('Dataset');
    expect(data.name).to.equal('Swedish opinion polls');
    expect(JSON.stringify(data.distribution)).to.include('SwedishPolls-Polls.csv');
    el.closest('catalog-store-provider')!.remove();
    expect(scripts()).to.have.length(before);
  });

  it('indicators: a row of badges under the title (access rights, frequency, licence)', async () => {
    const { el } = await view({ 'include-indicators': 'true' });
    const list = await until(() => el.querySelector('.esbHeader ul.esbIndicators'), 'indicators');
    const items = [...list.querySelectorAll('li.indicator')].map((li) => text(li));
    expect(items.some((t) => /public/i.test(t)), items.join(' | ')).to.equal(true);
    expect(items.some((t) => /month/i.test(t)), items.join(' | ')).to.equal(true);
    expect(list.querySelectorAll('[aria-hidden="true"]').length).to.be.at.least(items.length);
    await expect(el).to.be.accessible();
  });
});
