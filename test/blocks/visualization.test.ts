// <catalog-visualization> (behaviour doc §6.2) in a real browser: bar, line and pie charts, table, map and wms, every
// state (loading, ready, failed, too large, empty), axe-clean, "Show as table" by keyboard, hostile CSV as text, the
// 1 MiB cap, the legend precedence (§1.11) and valid HTML. Files: the demo catalog's CSVs (SwedishPolls CC0, map
// centroids), generated CSV from the dev-store plugin's /__preview route, and in-memory CSV through `fetchFile`.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/visualization/visualization.ts';
import type { VisualizationBlock } from '../../blocks/visualization/visualization.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import type { WmsMapBlock } from '../../blocks/wms-map/wms-map.ts';
import type { DataPreviewBlock } from '../../blocks/data-preview/data-preview.ts';
import { text, uniqueKey } from './helpers.ts';

const POLLS = new URL('/demo/catalog/files/SwedishPolls-Polls.csv', location.href).href;
const CENTROIDS = new URL('/demo/catalog/files/demo-maps-centroids.csv', location.href).href;
const MISSING = new URL('/test/blocks/fixtures/no-such-file.csv', location.href).href;
const FILE = 'https://files.example.org/votes.csv';

const model = (m: Partial<VisualizationModel> & Pick<VisualizationModel, 'chartType'>): VisualizationModel => ({
  uri: 'https://data.example.org/store/7/resource/10',
  title: { value: 'Votes by party', lang: 'en' },
  operation: 'none',
  source: { href: FILE, caption: 'votes.csv' },
  ...m,
});

/** A fetch answering `body` (as CSV) for every request, optionally after `gate` resolves. */
const serving = (body: string, gate?: Promise<void>) => async (): Promise<Response> => {
  await gate;
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv' } });
};

const VOTES = 'Party,Votes,Region\nS,10,North\nM,"5,5",South\nS,2,South\n,1,North\nSD,NA,North\n';

async function viz(v: VisualizationModel, opts: { fetch?: typeof fetch; hl?: string; lang?: string; legend?: boolean } = {}): Promise<VisualizationBlock> {
  const el = document.createElement('catalog-visualization');
  if (opts.fetch) el.fetchFile = opts.fetch;
  el.setAttribute('lang', opts.lang ?? 'en');
  if (opts.hl) el.setAttribute('hl', opts.hl);
  if (opts.legend !== undefined) el.legend = opts.legend;
  el.visualization = v;
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  wrap.append(el);
  await el.updateComplete;
  return el;
}

async function done(el: VisualizationBlock): Promise<string> {
  const state = await el.loadComplete;
  await el.updateComplete;
  return state;
}

const $ = <T extends Element>(el: Element, sel: string): T => {
  const found = el.querySelector<T>(sel);
  if (!found) throw new Error(`no ${sel}`);
  return found;
};
const toggle = (el: Element) => $<HTMLButtonElement>(el, 'button.esbVizTableToggle');
const tableRows = (el: Element) => [...el.querySelectorAll('.esbVizTable tbody tr')].map((tr) => [...tr.children].map((c) => text(c)));

describe('catalog-visualization: bar chart', () => {
  it('title heading, an SVG chart named by the title, the caption "Source: …", axe-clean', async () => {
    const states: string[] = [];
    document.addEventListener('catalog-visualization-state', (e) => states.push((e as CustomEvent<{ state: string }>).detail.state));
    const el = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes', operation: 'sum' }), { fetch: serving(VOTES), hl: '3' });
    expect(await done(el)).to.equal('ready');
    expect(states).to.include.members(['loading', 'ready']);
    expect(text($(el, 'h3.esbVizTitle'))).to.equal('Votes by party');
    const chart = $(el, 'svg.esbVizChart');
    expect(chart.getAttribute('role')).to.equal('img');
    expect(chart.getAttribute('aria-label')).to.equal('Votes by party');
    expect(text(el.querySelector(`#${chart.getAttribute('aria-describedby')}`))).to.match(/^Bar chart of 3 values\./);
    expect(el.querySelectorAll('svg rect.esbVizMark').length).to.equal(3);
    expect([...el.querySelectorAll('svg rect.esbVizMark title')].map((t) => t.textContent)).to.deep.equal(['S: 12', 'M: 5.5', 'No label: 1']);
    expect(text($(el, 'figcaption.esbVizCaption'))).to.equal('Source: votes.csv');
    expect(text($(el, '.esbVizNote'))).to.equal('1 rows without a number were left out.');
    expect(el.series!.points.map((p) => p.label)).to.deep.equal(['S', 'M', 'No label']);
    await expect(el).to.be.accessible();
  });

  it('"Show as table": a button with aria-expanded that reveals a real table of the plotted values, by keyboard', async () => {
    const el = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes', operation: 'sum' }), { fetch: serving(VOTES) });
    await done(el);
    const button = toggle(el);
    expect(text(button)).to.equal('Show as table');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    const region = $<HTMLElement>(el, `#${button.getAttribute('aria-controls')}`);
    expect(region.hidden).to.equal(true);
    button.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(region.hidden).to.equal(false);
    expect(text($(el, '.esbVizTable caption'))).to.equal('Values of Votes by party');
    expect([...el.querySelectorAll('.esbVizTable thead th')].map((th) => [text(th), th.getAttribute('scope')]))
      .to.deep.equal([['Party', 'col'], ['Votes', 'col']]);
    expect(tableRows(el)).to.deep.equal([['S', '12'], ['M', '5.5'], ['No label', '1']]);
    expect(el.querySelector('.esbVizTable tbody th')!.getAttribute('scope')).to.equal('row');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(region.hidden).to.equal(true);
    expect(document.activeElement).to.equal(button);
  });

  it('default heading level 2; numbers in the UI language (sv: decimal comma), Swedish strings', async () => {
    const el = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes', operation: 'none' }), { fetch: serving(VOTES), lang: 'sv' });
    await done(el);
    expect(el.querySelector('h2.esbVizTitle')).to.not.equal(null);
    expect(text(toggle(el))).to.equal('Visa som tabell');
    expect(text($(el, 'figcaption'))).to.equal('Källa: votes.csv');
    toggle(el).click();
    await el.updateComplete;
    expect(tableRows(el)).to.deep.equal([['S', '10'], ['M', '5,5'], ['S', '2'], ['Ingen etikett', '1']]);
  });
});

describe('catalog-visualization: line and pie', () => {
  it('line chart of a real file (2,600 polls): one path, no dots beyond 200 points, table alternative', async () => {
    const el = await viz(model({ chartType: 'line', title: { value: 'S in the polls', lang: 'en' }, xAxis: 'PublDate', yAxis: 'S', source: { href: POLLS, caption: 'Polls' } }));
    expect(await done(el)).to.equal('ready');
    expect(el.querySelectorAll('svg path.esbVizLine').length).to.equal(1);
    expect($(el, 'svg path.esbVizLine').getAttribute('d')).to.match(/^M[\d.]+,[\d.]+L/);
    expect(el.series!.points.length).to.be.greaterThan(2000 - 1);
    expect(el.querySelectorAll('svg circle').length).to.equal(0);
    expect($(el, 'svg').getAttribute('aria-label')).to.equal('S in the polls');
    await expect(el).to.be.accessible();
  });

  it('pie chart with count: one slice per group, a key naming them, shares in the marks\' titles', async () => {
    const el = await viz(model({ chartType: 'pie', xAxis: 'Region', operation: 'count' }), { fetch: serving(VOTES) });
    expect(await done(el)).to.equal('ready');
    expect(el.querySelectorAll('svg path.esbVizSlice').length).to.equal(2);
    expect([...el.querySelectorAll('.esbVizKey li')].map((li) => text(li))).to.deep.equal(['North', 'South']);
    expect([...el.querySelectorAll('svg path.esbVizSlice title')].map((t) => t.textContent)).to.deep.equal(['North: 3 (60 %)', 'South: 2 (40 %)']);
    expect(text(el.querySelector(`#${$(el, 'svg.esbVizChart').getAttribute('aria-describedby')}`))).to.match(/^Pie chart of 2 values/);
    toggle(el).click();
    await el.updateComplete;
    expect([...el.querySelectorAll('.esbVizTable thead th')].map((th) => text(th))).to.deep.equal(['Region', 'Count']);
    await expect(el).to.be.accessible();
  });

  it('a pie of only zero or negative values is "empty", with a download link', async () => {
    const el = await viz(model({ chartType: 'pie', xAxis: 'a', yAxis: 'b' }), { fetch: serving('a,b\nx,0\ny,-2\n') });
    expect(await done(el)).to.equal('empty');
    expect(text($(el, '[role="status"]'))).to.equal('The file has no values to draw.');
    expect($(el, 'a.esbVizDownload').getAttribute('href')).to.equal(FILE);
  });
});

describe('catalog-visualization: states', () => {
  it('loading: a polite status until the file is there', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const el = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes' }), { fetch: serving(VOTES, gate) });
    expect(el.state).to.equal('loading');
    expect(text($(el, '[role="status"]'))).to.equal('Loading the visualization…');
    expect(text($(el, 'h2'))).to.equal('Votes by party');
    await expect(el).to.be.accessible();
    release();
    expect(await done(el)).to.equal('ready');
    expect(text($(el, '[role="status"]'))).to.equal('');
  });

  it('failed: HTTP 404 → the message and a download link; never blank', async () => {
    const el = await viz(model({ chartType: 'bar', xAxis: 'a', yAxis: 'b', source: { href: MISSING, caption: 'x.csv' } }));
    expect(await done(el)).to.equal('failed');
    expect(text($(el, '.esbError'))).to.equal('The visualization could not be loaded.');
    expect($(el, 'a.esbVizDownload').getAttribute('href')).to.equal(MISSING);
    expect(el.querySelector('svg')).to.equal(null);
    expect(text($(el, 'h2'))).to.equal('Votes by party');
    await expect(el).to.be.accessible();
  });

  it('failed: a column that is not in the file', async () => {
    const noColumn = await viz(model({ chartType: 'line', xAxis: 'Year', yAxis: 'Votes' }), { fetch: serving(VOTES) });
    expect(await done(noColumn)).to.equal('failed');
  });
  it('failed: an HTML page instead of CSV', async () => {
    const page = await viz(model({ chartType: 'bar', xAxis: 'a', yAxis: 'b' }), { fetch: serving('<!doctype html><title>x</title>') });
    expect(await done(page)).to.equal('failed');
  });
  it('failed: no source at all (chart, table) and a wms without a service', async () => {
    const none = await viz(model({ chartType: 'bar', xAxis: 'a', yAxis: 'b', source: undefined }));
    expect(await done(none)).to.equal('failed');
    expect(text($(none, '.esbError'))).to.equal('The visualization could not be loaded.');
    expect(none.querySelector('a')).to.equal(null);
    const table = await viz(model({ chartType: 'table', source: undefined }));
    expect(await done(table)).to.equal('failed');
    const wms = await viz(model({ chartType: 'wms', source: undefined }));
    expect(await done(wms)).to.equal('failed');
  });

  it('the 1 MiB cap: a 50 MiB file is "too large" and its download stops early', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const key = uniqueKey('viz-big');
    const src = new URL(`/__preview/csv/${key}/50`, location.href).href;
    const el = await viz(model({ chartType: 'bar', xAxis: 'name', yAxis: 'value', source: { href: src, caption: 'big.csv' } }));
    expect(await done(el)).to.equal('tooLarge');
    expect(text($(el, '.esbError'))).to.equal('The file is too large to draw: charts read at most 1 MiB.');
    expect($(el, 'a.esbVizDownload').getAttribute('href')).to.equal(src);
    const stats = (await (await fetch(`/__preview/stats/${key}`)).json()) as { bytes: number; closedEarly: boolean };
    expect(stats.closedEarly).to.equal(true);
    expect(stats.bytes).to.be.below(50 * 1024 * 1024);
    await expect(el).to.be.accessible();
  });

  it('a file just under 1 MiB is drawn (the cap is not lower than it should be)', async () => {
    const rows = Array.from({ length: 150000 }, (_, i) => `r${i % 30},${i % 7}`).join('\n');
    const csv = `k,v\n${rows}\n`;
    expect(csv.length).to.be.below(1024 * 1024).and.above(800 * 1024);
    const el = await viz(model({ chartType: 'bar', xAxis: 'k', yAxis: 'v', operation: 'sum' }), { fetch: serving(csv) });
    expect(await done(el)).to.equal('ready');
    expect(el.series!.points.length).to.equal(30);
  });

  it('hostile CSV: markup and formulas stay text, javascript: never becomes a link', async () => {
    const csv = 'name,value\n"<img src=x onerror=""window.__vizPwned=1"">",1\n"=HYPERLINK(""javascript:alert(1)"",""x"")",2\njavascript:window.__vizPwned=2,3\n"<script>window.__vizPwned=3</script>",4\n';
    const el = await viz(model({ chartType: 'bar', xAxis: 'name', yAxis: 'value' }), { fetch: serving(csv) });
    expect(await done(el)).to.equal('ready');
    toggle(el).click();
    await el.updateComplete;
    expect(tableRows(el).map((r) => r[0])).to.deep.equal([
      '<img src=x onerror="window.__vizPwned=1">', '=HYPERLINK("javascript:alert(1)","x")', 'javascript:window.__vizPwned=2', '<script>window.__vizPwned=3</script>',
    ]);
    expect(el.querySelectorAll('img, script, foreignObject').length).to.equal(0);
    expect([...el.querySelectorAll('a')].every((a) => /^https?:/.test(a.getAttribute('href') ?? ''))).to.equal(true);
    expect((window as { __vizPwned?: number }).__vizPwned).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('a javascript: source (hostile model) is never fetched nor linked', async () => {
    let fetched = false;
    const el = await viz(model({ chartType: 'bar', xAxis: 'a', yAxis: 'b', source: { href: 'javascript:alert(1)', caption: 'x' } }),
      { fetch: async () => { fetched = true; return new Response('a,b\n1,2'); } });
    expect(await done(el)).to.equal('failed');
    expect(fetched).to.equal(false);
    expect(el.querySelector('a')).to.equal(null);
  });

  it('two instances never share ids', async () => {
    const a = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes' }), { fetch: serving(VOTES) });
    const b = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes' }), { fetch: serving(VOTES) });
    await Promise.all([done(a), done(b)]);
    const ids = (el: Element) => [...el.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids(a).filter((id) => ids(b).includes(id))).to.deep.equal([]);
  });
});

describe('catalog-visualization: table, map and wms', () => {
  it('table: the data preview of the file (10 MiB cap), named by the source', async () => {
    const el = await viz(model({ chartType: 'table', source: { href: POLLS, caption: 'Polls.csv', fetchHref: `${POLLS}?nostats` } }));
    expect(await done(el)).to.equal('ready');
    const preview = $<DataPreviewBlock>(el, 'catalog-data-preview');
    expect(preview.src).to.equal(`${POLLS}?nostats`);
    expect(preview.getAttribute('download-href')).to.equal(POLLS);
    expect(await preview.previewComplete).to.equal('ready');
    await preview.updateComplete;
    expect(text($(preview, 'caption'))).to.equal('Preview of Polls.csv');
    expect(text($(el, 'figcaption'))).to.equal('Source: Polls.csv');
    await expect(el).to.be.accessible();
  });

  it('map: CSV rows as points with their labels; skip link, focusable viewport, the points as a table', async () => {
    const el = await viz(model({
      chartType: 'map', title: { value: 'Lakes and towns', lang: 'en' }, xAxis: 'longitude', yAxis: 'latitude', featureTitle: 'name',
      source: { href: CENTROIDS, caption: 'centroids.csv' },
    }));
    expect(await done(el)).to.equal('ready');
    const map = $<HTMLElement & { loadComplete: Promise<void>; points: unknown[] }>(el, 'catalog-points-map');
    await map.loadComplete;
    expect(el.points!.length).to.be.greaterThan(1);
    expect(el.points![0]).to.deep.include({ title: 'Vänern', lon: 13.0813, lat: 58.9223 });
    expect(text($(map, 'a.esbMapSkip'))).to.equal('Skip map');
    const viewport = $<HTMLElement>(map, '.esbMapViewport');
    expect(viewport.tabIndex).to.equal(0);
    expect(viewport.getAttribute('aria-label')).to.equal('Map: Lakes and towns');
    expect(viewport.querySelector('.ol-viewport')).to.not.equal(null);
    toggle(el).click();
    await el.updateComplete;
    expect(tableRows(el)[0]).to.deep.equal(['Vänern', '13.0813', '58.9223']);
    expect([...el.querySelectorAll('.esbVizTable thead th')].map((th) => text(th))).to.deep.equal(['Name', 'Longitude', 'Latitude']);
    await expect(el).to.be.accessible();
  });

  it('map: a file without valid coordinates is "empty"', async () => {
    const el = await viz(model({ chartType: 'map', xAxis: 'x', yAxis: 'y' }), { fetch: serving('x,y\nNA,NA\n500,1\n') });
    expect(await done(el)).to.equal('empty');
  });

  let wmsUrl: Promise<string> | undefined;
  const devWms = () => (wmsUrl ??= fetch('/__dev-store').then((r) => r.json()).then((i: { storeUrl: string }) => new URL('/wms', i.storeUrl).href));

  it('wms: the WMS map restricted to the visualization\'s layers and initial view', async () => {
    const wms = await devWms();
    const el = await viz(model({ chartType: 'wms', title: { value: 'Lakes', lang: 'en' }, source: undefined, wms: { serviceUrl: wms, layers: ['lakes'], initialView: [11, 55, 24, 69] } }));
    expect(await done(el)).to.equal('ready');
    const map = $<WmsMapBlock>(el, 'catalog-wms-map');
    expect(map.capabilitiesUrl).to.equal(`${wms}?request=GetCapabilities&service=WMS`);
    expect(await map.loadComplete).to.equal('ready');
    await map.updateComplete;
    expect(map.visibleLayers).to.deep.equal(['lakes']);
    expect(map.capabilities!.extent).to.deep.equal([11, 55, 24, 69]);
    expect(map.legend).to.equal(true);
    expect(map.querySelector('.esbMapLegend')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('legend (§1.11): the parameter wins over esviz:legendControl, which wins over the default (shown)', async () => {
    const wms = await devWms();
    const w = (legendControl: boolean | undefined) => model({
      chartType: 'wms', source: undefined, wms: { serviceUrl: wms, layers: [] }, ...(legendControl === undefined ? {} : { legendControl }),
    });
    const cases: [boolean | undefined, boolean | undefined, boolean][] = [
      [undefined, undefined, true], [undefined, false, false], [undefined, true, true], [true, false, true], [false, true, false],
    ];
    for (const [param, control, shown] of cases) {
      const el = await viz(w(control), param === undefined ? {} : { legend: param });
      await done(el);
      const map = $<WmsMapBlock>(el, 'catalog-wms-map');
      await map.loadComplete;
      await map.updateComplete;
      expect(el.legendShown, `legend=${param} control=${control}`).to.equal(shown);
      expect(map.querySelector('.esbMapLegend') !== null, `legend=${param} control=${control}`).to.equal(shown);
    }
  });

  it('the legend attribute: "false" hides, "true" shows, absent = unset', async () => {
    const el = await fixture<VisualizationBlock>(html`<catalog-visualization legend="false"></catalog-visualization>`);
    expect(el.legend).to.equal(false);
    el.setAttribute('legend', 'true');
    expect(el.legend).to.equal(true);
    el.removeAttribute('legend');
    expect(el.legend).to.equal(undefined);
  });
});

describe('catalog-visualization: valid HTML (Nu validator)', () => {
  interface VnuMessage { type: string; subType?: string; message: string; extract?: string }
  async function errorsOf(label: string, el: Element): Promise<string[]> {
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${label}</title></head><body><main>${el.outerHTML}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const { messages } = (await res.json()) as { messages: VnuMessage[] };
    return messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => `${label}: ${m.message} ${m.extract ?? ''}`);
  }

  it('bar (table shown), line, pie, failed, map', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const errors: string[] = [];
    const bar = await viz(model({ chartType: 'bar', xAxis: 'Party', yAxis: 'Votes' }), { fetch: serving(VOTES) });
    await done(bar);
    toggle(bar).click();
    await bar.updateComplete;
    errors.push(...await errorsOf('bar', bar));
    const line = await viz(model({ chartType: 'line', xAxis: 'Party', yAxis: 'Votes' }), { fetch: serving(VOTES) });
    await done(line);
    errors.push(...await errorsOf('line', line));
    const pie = await viz(model({ chartType: 'pie', xAxis: 'Party', operation: 'count' }), { fetch: serving(VOTES) });
    await done(pie);
    errors.push(...await errorsOf('pie', pie));
    const failed = await viz(model({ chartType: 'bar', xAxis: 'a', yAxis: 'b', source: { href: MISSING, caption: 'x' } }));
    await done(failed);
    errors.push(...await errorsOf('failed', failed));
    const map = await viz(model({ chartType: 'map', xAxis: 'longitude', yAxis: 'latitude', featureTitle: 'name', source: { href: CENTROIDS, caption: 'c' } }));
    await done(map);
    await (map.querySelector('catalog-points-map') as unknown as { loadComplete: Promise<void> }).loadComplete;
    errors.push(...await errorsOf('map', map));
    expect(errors).to.deep.equal([]);
  });
});
