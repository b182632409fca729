// <catalog-visualization> charts, issue 28: a line over dates or numbers is drawn on a time / linear scale (points 3);
// forced colours: axis text in system colours, pie slices told apart by pattern (10); a pie never shows two slices in
// one colour + pattern: beyond the distinct ones the smallest are "Other" (11); the chart's description is spoken
// once (14, Guidepup's virtual screen reader). Files are in-memory CSV through `fetchFile`.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { virtual } from '@guidepup/virtual-screen-reader/browser.js';
import '../../blocks/visualization/visualization.ts';
import type { VisualizationBlock } from '../../blocks/visualization/visualization.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import { text } from './helpers.ts';

const FILE = 'https://files.example.org/values.csv';
const model = (m: Partial<VisualizationModel> & Pick<VisualizationModel, 'chartType'>): VisualizationModel => ({
  uri: 'https://data.example.org/store/7/resource/11',
  title: { value: 'Values', lang: 'en' },
  operation: 'none',
  source: { href: FILE, caption: 'values.csv' },
  xAxis: 'x',
  yAxis: 'y',
  ...m,
});
const serving = (body: string) => async (): Promise<Response> => new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv' } });

async function viz(v: VisualizationModel, csv: string, lang = 'en'): Promise<VisualizationBlock> {
  const el = document.createElement('catalog-visualization');
  el.fetchFile = serving(csv);
  el.setAttribute('lang', lang);
  el.visualization = v;
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  wrap.append(el);
  await el.updateComplete;
  expect(await el.loadComplete).to.equal('ready');
  await el.updateComplete;
  return el;
}

const cx = (el: Element) => [...el.querySelectorAll('svg circle.esbVizMark')].map((c) => Number(c.getAttribute('cx')));
const xTicks = (el: Element) => [...el.querySelectorAll('.esbVizAxisX text')].map((t) => t.textContent);

describe('catalog-visualization: the x scale of a line (issue 28, point 3)', () => {
  it('dates: 1980, 1995, 2000, 2002 sit at distances proportional to time, year ticks', async () => {
    const el = await viz(model({ chartType: 'line' }), 'x,y\n1980,10\n1995,12\n2000,9\n2002,14\n');
    const [a, b, c, d] = cx(el) as [number, number, number, number];
    const t = [1980, 1995, 2000, 2002].map((y) => Date.UTC(y, 0, 1));
    const span = d - a;
    expect(span).to.be.greaterThan(400);
    expect(b - a).to.be.closeTo((span * (t[1]! - t[0]!)) / (t[3]! - t[0]!), 0.5);
    expect(c - a).to.be.closeTo((span * (t[2]! - t[0]!)) / (t[3]! - t[0]!), 0.5);
    expect(xTicks(el)).to.deep.equal(['1980', '1985', '1990', '1995', '2000']);
    await expect(el).to.be.accessible();
  });

  it('full dates, unsorted in the file: months as ticks, in the UI language (sv, de)', async () => {
    const csv = 'x,y\n2020-06-20,3\n2020-01-10,1\n2020-02-01,2\n';
    const sv = await viz(model({ chartType: 'line' }), csv, 'sv');
    const [a, b, c] = cx(sv) as [number, number, number];
    const day = (m: number, d: number) => Date.UTC(2020, m - 1, d);
    expect(b - a).to.be.closeTo(((c - a) * (day(2, 1) - day(1, 10))) / (day(6, 20) - day(1, 10)), 0.5);
    expect(xTicks(sv)).to.deep.equal(['feb. 2020', 'mars 2020', 'apr. 2020', 'maj 2020', 'juni 2020']);
    const de = await viz(model({ chartType: 'line' }), csv, 'de');
    expect(xTicks(de)).to.deep.equal(['Feb. 2020', 'März 2020', 'Apr. 2020', 'Mai 2020', 'Juni 2020']);
  });

  it('numbers: a linear scale (1, 2, 10), number ticks', async () => {
    const el = await viz(model({ chartType: 'line' }), 'x,y\n1,5\n2,6\n10,7\n');
    const [a, b, c] = cx(el) as [number, number, number];
    expect(b - a).to.be.closeTo((c - a) / 9, 0.5);
    expect(xTicks(el)).to.deep.equal(['2', '4', '6', '8', '10']);
  });

  it('text labels keep one place per value, in the file\'s order', async () => {
    const el = await viz(model({ chartType: 'line' }), 'x,y\nb,1\na,2\nc,3\n');
    const [a, b, c] = cx(el) as [number, number, number];
    expect(b - a).to.be.closeTo(c - b, 0.01);
    expect(xTicks(el)).to.deep.equal(['b', 'a', 'c']);
  });
});

/** The colour a system colour keyword resolves to right now. */
function systemColour(keyword: string): string {
  const probe = document.createElement('span');
  probe.style.color = keyword;
  document.body.append(probe);
  const c = getComputedStyle(probe).color;
  probe.remove();
  return c;
}

/** What a slice or swatch looks like: its fill and, for a pattern fill, the pattern's marks with their computed colours. */
function look(shape: SVGElement): string {
  const fill = getComputedStyle(shape).fill;
  const ref = /url\("?#([^")]+)"?\)/.exec(fill)?.[1];
  if (!ref) return fill;
  const pattern = shape.ownerDocument.getElementById(ref);
  expect(pattern, `pattern ${ref}`).to.not.equal(null);
  return [...pattern!.querySelectorAll('*')].map((m) => {
    const s = getComputedStyle(m);
    return `${m.localName}[${['d', 'cx', 'cy', 'r', 'width', 'height'].map((a) => m.getAttribute(a) ?? '').join(',')}] fill=${s.fill} stroke=${s.stroke}`;
  }).join(' ');
}

const PIE21 = `x,y\n${Array.from({ length: 21 }, (_, i) => `Party ${i + 1},${i === 0 ? 300 : i < 7 ? 100 - i : 10 + i}`).join('\n')}\n`;

describe('catalog-visualization: a pie never shows two slices alike (issue 28, point 11)', () => {
  it('21 values: the 7 largest and "Other (14 values)", each slice and key entry its own colour and pattern; the table keeps all 21', async () => {
    const el = await viz(model({ chartType: 'pie', title: { value: 'Seats', lang: 'en' } }), PIE21);
    const slices = [...el.querySelectorAll<SVGPathElement>('svg.esbVizChart path.esbVizSlice')];
    const swatches = [...el.querySelectorAll<SVGElement>('.esbVizKey li svg .esbVizSwatch')];
    expect(slices.length).to.equal(8);
    expect([...el.querySelectorAll('.esbVizKey li')].map((li) => text(li))).to.deep.equal([
      'Party 1', 'Party 2', 'Party 3', 'Party 4', 'Party 5', 'Party 6', 'Party 7', 'Other (14 values)',
    ]);
    const looks = slices.map(look);
    expect(new Set(looks).size).to.equal(8);
    expect(swatches.map(look)).to.deep.equal(looks);
    expect(slices[7]!.querySelector('title')!.textContent).to.equal('Other (14 values): 329 (27 %)');
    expect(text(el.querySelector(`#${el.querySelector('svg.esbVizChart')!.getAttribute('aria-describedby')}`)))
      .to.equal('Pie chart of 21 values; the 14 smallest are shown together as "Other". The values are also in the table of "Show as table".');
    el.querySelector<HTMLButtonElement>('button.esbVizTableToggle')!.click();
    await el.updateComplete;
    expect(el.querySelectorAll('.esbVizTable tbody tr').length).to.equal(21);
    await expect(el).to.be.accessible();
  });

  it('"Other" in Swedish and German', async () => {
    const sv = await viz(model({ chartType: 'pie' }), PIE21, 'sv');
    expect(text(sv.querySelector('.esbVizKey li:last-child'))).to.equal('Övriga (14 värden)');
    const de = await viz(model({ chartType: 'pie' }), PIE21, 'de');
    expect(text(de.querySelector('.esbVizKey li:last-child'))).to.equal('Sonstige (14 Werte)');
  });

  it('8 values or fewer: every value its own slice, none grouped', async () => {
    const csv = `x,y\n${Array.from({ length: 8 }, (_, i) => `v${i},${i + 1}`).join('\n')}\n`;
    const el = await viz(model({ chartType: 'pie' }), csv);
    const slices = [...el.querySelectorAll<SVGPathElement>('svg.esbVizChart path.esbVizSlice')];
    expect(slices.length).to.equal(8);
    expect(new Set(slices.map(look)).size).to.equal(8);
    expect(text(el.querySelector('.esbVizKey li:last-child'))).to.equal('v7');
  });
});

describe('catalog-visualization: forced colours (issue 28, point 10)', () => {
  afterEach(async () => {
    await emulateMedia({ forcedColors: 'none' } as Parameters<typeof emulateMedia>[0]);
  });

  it('axis text and lines in system colours; the line and dots in CanvasText', async () => {
    const el = await viz(model({ chartType: 'line' }), 'x,y\n1980,10\n1995,12\n2000,9\n2002,14\n');
    await emulateMedia({ forcedColors: 'active' } as Parameters<typeof emulateMedia>[0]);
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const canvasText = systemColour('CanvasText');
    expect(canvasText).to.not.equal(systemColour('Canvas'));
    const texts = [...el.querySelectorAll('svg.esbVizChart text')];
    expect(texts.length).to.be.greaterThan(5);
    for (const t of texts) expect(getComputedStyle(t).fill, t.textContent ?? '').to.equal(canvasText);
    expect(getComputedStyle(el.querySelector('path.esbVizLine')!).stroke).to.equal(canvasText);
    expect(getComputedStyle(el.querySelector('circle.esbVizMark')!).fill).to.equal(canvasText);
    expect(getComputedStyle(el.querySelector('.esbVizAxisX line')!).stroke).to.equal(canvasText);
  });

  it('pie: every slice and its key swatch look different (pattern), none is only CanvasText', async () => {
    const el = await viz(model({ chartType: 'pie' }), PIE21);
    await emulateMedia({ forcedColors: 'active' } as Parameters<typeof emulateMedia>[0]);
    const slices = [...el.querySelectorAll<SVGPathElement>('svg.esbVizChart path.esbVizSlice')];
    const swatches = [...el.querySelectorAll<SVGElement>('.esbVizKey li svg .esbVizSwatch')];
    const looks = slices.map(look);
    expect(new Set(looks).size).to.equal(slices.length);
    expect(swatches.map(look)).to.deep.equal(looks);
    const allowed = new Set([systemColour('CanvasText'), systemColour('Canvas'), 'none']);
    for (const l of looks) for (const c of l.match(/rgba?\([^)]*\)|none/g) ?? []) expect(allowed.has(c), `${c} in ${l}`).to.equal(true);
  });
});

describe('catalog-visualization: the chart description is spoken once (issue 28, point 14)', () => {
  for (const type of ['bar', 'line', 'pie'] as const) {
    it(`${type}: reading the block from start to end`, async () => {
      const el = await viz(model({ chartType: type }), 'x,y\n1980,10\n1995,12\n2000,9\n2002,14\n');
      const phrase = `${type[0]!.toUpperCase()}${type.slice(1)} chart of 4 values`;
      await virtual.start({ container: el });
      try {
        // to the end of the block (its figure ends it; the reader would start again from the top)
        for (let i = 0; i < 200 && (await virtual.lastSpokenPhrase()) !== 'end of figure'; i++) await virtual.next();
        const log = await virtual.spokenPhraseLog();
        expect(log.at(-1)).to.equal('end of figure');
        expect(log).to.include('button, Show as table, 1 control, not expanded');
        // ("end of image, …" only repeats where the reader leaves the chart: not a second reading)
        expect(log.filter((p) => p.includes(phrase) && !p.startsWith('end of')), log.join(' | ')).to.have.length(1);
      } finally {
        await virtual.stop();
      }
    });
  }
});

describe('catalog-visualization: charts stay valid HTML (Nu validator)', () => {
  it('a line on a time scale and a grouped pie with patterns', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const lineEl = await viz(model({ chartType: 'line' }), 'x,y\n1980,10\n1995,12\n2000,9\n2002,14\n');
    const pieEl = await viz(model({ chartType: 'pie' }), PIE21);
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>charts</title></head><body><main>${lineEl.outerHTML}${pieEl.outerHTML}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const { messages } = (await res.json()) as { messages: { type: string; subType?: string; message: string; extract?: string }[] };
    expect(messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => `${m.message} ${m.extract ?? ''}`)).to.deep.equal([]);
  });
});

describe('catalog-visualization: a long line keeps its whole range', () => {
  // 3,000 years of values (newest first in the file, as poll files often are): more than the 2,000 points drawn
  const csv = `x,y\n${Array.from({ length: 3000 }, (_, i) => `${4999 - i},${i % 7}`).join('\n')}\n`;
  it('the first and the newest x are ticks of the axis, and the note says how many are drawn (sv, en, de)', async () => {
    for (const [lang, note] of [
      ['sv', '2 000 av 3 000 värden ritas, jämnt fördelade från det första till det sista.'],
      ['en', '2,000 of 3,000 values are drawn, spread evenly from the first to the last.'],
      ['de', '2.000 von 3.000 Werten werden gezeichnet, gleichmäßig verteilt vom ersten bis zum letzten.'],
    ] as const) {
      const el = await viz(model({ chartType: 'line' }), csv, lang);
      const ticks = xTicks(el).map((t) => Number(t?.replace(/\D/g, '')));
      // the axis spans 2000 … 4999 (with only the first 2,000 rows of the file it spanned 3000 … 4999)
      expect(Math.min(...ticks)).to.be.lessThan(2500);
      expect(Math.max(...ticks)).to.be.at.least(4500);
      const notes = [...el.querySelectorAll('.esbVizNote')].map((p) => text(p));
      expect(notes, notes.join(' | ')).to.include(note);
    }
  });
});
