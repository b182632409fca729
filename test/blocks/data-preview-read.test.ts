// What the data preview reads (issue 27.3, 27.4), counted by the server: the first page of a 50 MiB CSV costs at most
// 1 MiB with and without server Range support, paging on reads more (from where it stopped when the server serves
// ranges) and shows the file's own rows, and a preview and the charts of one file fetch it once.
// Files: the dev-store plugin's /__preview route (a generated CSV whose row i is `i,row i,<i % 1000>.5`; `range=1`
// serves Range, `pace=1` sends like a steady link so that what an early stop saves is on the count).
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/data-preview/data-preview.ts';
import '../../blocks/visualization/visualization.ts';
import type { DataPreviewBlock } from '../../blocks/data-preview/data-preview.ts';
import type { VisualizationBlock } from '../../blocks/visualization/visualization.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import { text, uniqueKey } from './helpers.ts';

const MIB = 1024 * 1024;

interface Stats { bytes: number; closedEarly: boolean; requests: number; ranges: (string | null)[] }
const stats = async (key: string): Promise<Stats> => (await (await fetch(`/__preview/stats/${key}`)).json()) as Stats;
const csvUrl = (key: string, size: string, query: string) => new URL(`/__preview/csv/${key}/${size}?${query}`, location.href).href;

async function preview(src: string, pageSize?: number): Promise<DataPreviewBlock> {
  const el = await fixture<DataPreviewBlock>(html`<catalog-data-preview lang="en" label="big.csv" page-size=${pageSize ?? 10}></catalog-data-preview>`);
  el.src = src;
  await el.updateComplete;
  return el;
}

async function settled(el: DataPreviewBlock): Promise<string> {
  const state = await el.previewComplete;
  await el.updateComplete;
  return state;
}

const status = (el: Element) => text(el.querySelector('[role="status"]'));
const column = (el: Element, n: number) => [...el.querySelectorAll('tbody tr')].map((tr) => text(tr.children[n]));
/** The ids and values the generated file has in rows `from`…`to`. */
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const values = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${(from + i) % 1000}.5`);

describe('catalog-data-preview reads what it shows', function () {
  (this as { timeout(ms: number): void }).timeout(60000);

  for (const [server, query] of [['ignores Range', 'pace=1'], ['serves Range', 'range=1&pace=1']] as const) {
    it(`the first page of a 50 MiB CSV from a server that ${server}: at most 1 MiB sent, one request, the first rows shown`, async () => {
      const key = uniqueKey('first-page');
      const el = await preview(csvUrl(key, '50', query));
      expect(await settled(el)).to.equal('ready');
      expect(column(el, 0)).to.deep.equal(ids(1, 10));
      expect(column(el, 2)).to.deep.equal(values(1, 10));
      expect(status(el)).to.match(/^Rows 1–10 of the first [\d,]+ read\. The file has more rows: the next pages read them\.$/);
      el.remove();
      const s = await stats(key);
      expect(s.requests).to.equal(1);
      expect(s.bytes).to.be.at.most(MIB);
      if (query.includes('range')) expect(s.ranges[0]).to.match(/^bytes=0-\d+$/);
    });
  }

  it('paging on past the rows read asks for the next bytes (a Range from where it stopped) and shows the rows of the file', async () => {
    const key = uniqueKey('page-on-range');
    // rows of about 2 KB: the first read holds some 260 rows, so page 4 (rows 301–400) needs more of the file
    const el = await preview(csvUrl(key, '50', 'range=1&pad=2000'), 100);
    expect(await settled(el)).to.equal('ready');
    const firstRead = el.table!.rows.length;
    expect(firstRead).to.be.within(200, 300);
    const next = el.querySelector<HTMLButtonElement>('.esbPreviewNext')!;
    for (let i = 0; i < 3; i++) {
      next.click();
      await settled(el);
    }
    expect(el.table!.rows.length).to.be.above(400);
    expect(column(el, 0)).to.deep.equal(ids(301, 400));
    expect(column(el, 2)).to.deep.equal(values(301, 400));
    expect(status(el)).to.match(/^Rows 301–400 of the first [\d,]+ read/);
    el.remove();
    const s = await stats(key);
    // page 3 (rows 201–300) and page 4 each read on: every request starts where the one before ended
    expect(s.requests).to.be.within(2, 4);
    const ranges = s.ranges.map((r) => /^bytes=(\d+)-(\d+)$/.exec(r ?? '')!.slice(1).map(Number));
    expect(ranges[0]![0]).to.equal(0);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).to.equal(ranges[i - 1]![1]! + 1, `request ${i + 1} starts where request ${i} ended`);
    expect(s.bytes).to.be.at.most(MIB);
  });

  it('paging on from a server that ignores Range: a new request skips what was read; the right rows show', async () => {
    const key = uniqueKey('page-on-plain');
    const el = await preview(csvUrl(key, '50', 'pad=2000&pace=1'), 100);
    expect(await settled(el)).to.equal('ready');
    const next = el.querySelector<HTMLButtonElement>('.esbPreviewNext')!;
    for (let i = 0; i < 3; i++) {
      next.click();
      await settled(el);
    }
    expect(column(el, 0)).to.deep.equal(ids(301, 400));
    expect(column(el, 2)).to.deep.equal(values(301, 400));
    el.remove();
    const s = await stats(key);
    // the second request starts again from the first byte (the server sends no ranges); the first was stopped
    expect(s.requests).to.equal(2);
    expect(s.ranges[1]).to.match(/^bytes=\d+-\d+$/, 'still asked as a range, should the server learn it');
    expect(s.bytes).to.be.at.most(3 * MIB);
  });

  it('sorting and filtering say they apply to the rows read so far', async () => {
    const key = uniqueKey('sample');
    const el = await preview(csvUrl(key, '50', 'range=1'));
    await settled(el);
    el.querySelector<HTMLButtonElement>('thead th:nth-child(3) button')!.click();
    await el.updateComplete;
    expect(status(el)).to.match(/^Rows 1–10 of the first [\d,]+ read\. Sorting and filtering apply to the rows read so far; the next pages read more of the file\.$/);
    // descending by value within the rows read: 999.5 first
    el.querySelector<HTMLButtonElement>('thead th:nth-child(3) button')!.click();
    await el.updateComplete;
    expect(column(el, 2)[0]).to.equal('999.5');
    expect(text(el.querySelector('.esbPreviewPage'))).to.match(/^Page 1 of [\d,]+ or more$/);
    el.remove();
  });
});

describe('one fetch per file per page', function () {
  (this as { timeout(ms: number): void }).timeout(60000);

  const model = (chartType: VisualizationModel['chartType'], src: string, m: Partial<VisualizationModel> = {}): VisualizationModel => ({
    uri: `https://data.example.org/store/7/resource/${chartType}`,
    title: { value: `A ${chartType} chart`, lang: 'en' },
    chartType, operation: 'none', source: { href: src, caption: 'rows.csv' }, ...m,
  });

  for (const [server, query] of [['ignores Range', ''], ['serves Range', 'range=1']] as const) {
    it(`a preview and three charts of one CSV (server ${server}): one request`, async () => {
      const key = uniqueKey('shared');
      const src = csvUrl(key, '0', `kib=256&${query}`);
      const root = await fixture<HTMLDivElement>(html`<div></div>`);
      const charts = [
        model('bar', src, { xAxis: 'value', operation: 'count' }),
        model('line', src, { xAxis: 'id', yAxis: 'value' }),
        model('pie', src, { xAxis: 'value', operation: 'count' }),
      ].map((v) => {
        const el = document.createElement('catalog-visualization') as VisualizationBlock;
        el.setAttribute('lang', 'en');
        el.visualization = v;
        root.append(el);
        return el;
      });
      const p = document.createElement('catalog-data-preview') as DataPreviewBlock;
      p.setAttribute('lang', 'en');
      p.src = src;
      root.append(p);
      expect(await Promise.all(charts.map((c) => c.loadComplete))).to.deep.equal(['ready', 'ready', 'ready']);
      expect(await p.previewComplete).to.equal('ready');
      await p.updateComplete;
      // every reader read the whole file: the line chart has a point per row, the preview counts them all
      const rows = p.table!.rows.length;
      expect(rows).to.be.above(10000);
      expect(charts[1]!.series!.points.length).to.equal(Math.min(rows, 2000));
      expect(status(p)).to.equal(`Rows 1–10 of ${rows.toLocaleString('en')}`);
      root.remove();
      const s = await stats(key);
      expect(s.requests).to.equal(1);
    });
  }
});
