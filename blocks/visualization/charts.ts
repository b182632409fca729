/**
 * Bar, line and pie charts as SVG (the only module that imports the charting code: a lazy chunk of its own).
 * Geometry comes from d3-shape (pie slices, arcs, line paths) and d3-array (round axis ticks); the SVG is a Lit
 * `svg` template, so every label is a text node (no markup from the data is ever parsed), nothing uses innerHTML
 * (Trusted Types) and nothing sets a style attribute (a strict CSP `style-src` is fine): colours are SVG
 * presentation attributes and classes, which the block's stylesheet and forced-colors mode can override.
 *
 * Accessibility: the `<svg>` is `role="img"` named by the caller; marks carry a `<title>` ("label: value") for
 * pointer users; the data itself is offered as a real table by the block ("Show as table").
 */
import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { arc as d3arc, line as d3line, pie as d3pie, type PieArcDatum } from 'd3-shape';
import { extent, nice, ticks } from 'd3-array';
import type { ChartPoint } from '../../src/rich/chart-data.ts';

export type DrawnChart = 'bar' | 'line' | 'pie';

export interface ChartOptions {
  /** Accessible name of the chart (the visualization's title). */
  readonly label: string;
  /** id of an element describing the chart (its kind, number of values, where the table is). */
  readonly describedBy?: string;
  /** Number formatting of the axis and the marks' titles. */
  readonly format: (n: number) => string;
}

/** Colours with at least 3:1 contrast against white, told apart also by colour-blind people (Okabe–Ito based). */
export const PALETTE = ['#0b5cad', '#d55e00', '#007a5e', '#b3157b', '#6b4e00', '#5a3fa0', '#a50000', '#00617a'];

const W = 640;
const H = 320;
const M = { top: 12, right: 16, bottom: 56, left: 64 };
const MAX_X_LABELS = 16;

export function drawChart(type: DrawnChart, points: readonly ChartPoint[], o: ChartOptions): TemplateResult {
  if (type === 'pie') return pieChart(points, o);
  return xyChart(type, points, o);
}

/** The <svg> element is an `html` template (its parts are `svg` templates): Lit parses them in the right namespace. */
function frame(o: ChartOptions, body: SVGTemplateResult, cls: string): TemplateResult {
  return html`<svg class="esbVizChart ${cls}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid meet" role="img"
    aria-label=${o.label} aria-describedby=${o.describedBy ?? nothing} focusable="false">${body}</svg>`;
}

/** Short axis label (long category names are cut with an ellipsis; the table has them whole). */
function short(text: string, max = 14): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function xyChart(type: 'bar' | 'line', points: readonly ChartPoint[], o: ChartOptions): TemplateResult {
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const [lo = 0, hi = 0] = extent(points, (p) => p.value);
  // Bars start at zero; a line may float, but zero is included when it is near.
  let min = type === 'bar' ? Math.min(0, lo) : lo;
  let max = type === 'bar' ? Math.max(0, hi) : hi;
  if (min === max) [min, max] = min === 0 ? [0, 1] : [Math.min(0, min), Math.max(0, max)];
  [min, max] = nice(min, max, 5);
  const yOf = (v: number): number => M.top + innerH - ((v - min) / (max - min)) * innerH;
  const n = Math.max(1, points.length);
  const band = innerW / n;
  const xOf = (i: number): number => M.left + band * i + band / 2;
  const every = Math.max(1, Math.ceil(n / MAX_X_LABELS));
  const yTicks = ticks(min, max, 5);
  const axis = svg`
    <g class="esbVizAxis esbVizAxisY">${yTicks.map((t) => svg`
      <line class="esbVizGrid" x1=${M.left} x2=${W - M.right} y1=${yOf(t)} y2=${yOf(t)}></line>
      <text x=${M.left - 6} y=${yOf(t)} dy="0.32em" text-anchor="end">${o.format(t)}</text>`)}
    </g>
    <g class="esbVizAxis esbVizAxisX">
      <line x1=${M.left} x2=${W - M.right} y1=${yOf(Math.max(min, Math.min(0, max)))} y2=${yOf(Math.max(min, Math.min(0, max)))}></line>
      ${points.map((p, i) => (i % every === 0 ? svg`<text x=${xOf(i)} y=${H - M.bottom + 16}
        text-anchor=${n > 6 ? 'end' : 'middle'} transform=${n > 6 ? `rotate(-35 ${xOf(i)} ${H - M.bottom + 16})` : nothing}>${short(p.label)}</text>` : null))}
    </g>`;
  if (type === 'bar') {
    const width = Math.max(1, band * 0.8);
    const base = yOf(Math.max(min, Math.min(0, max)));
    const bars = points.map((p, i) => {
      const top = yOf(p.value);
      return svg`<rect class="esbVizMark" x=${xOf(i) - width / 2} y=${Math.min(top, base)} width=${width}
        height=${Math.max(0.5, Math.abs(base - top))} fill=${PALETTE[0]}><title>${p.label}: ${o.format(p.value)}</title></rect>`;
    });
    return frame(o, svg`${axis}<g class="esbVizBars">${bars}</g>`, 'esbVizBar');
  }
  const path = d3line<ChartPoint>().x((_, i) => xOf(i)).y((p) => yOf(p.value))(points as ChartPoint[]) ?? '';
  const dots = points.length <= 200
    ? points.map((p, i) => svg`<circle class="esbVizMark" cx=${xOf(i)} cy=${yOf(p.value)} r="3.5" fill=${PALETTE[0]}><title>${p.label}: ${o.format(p.value)}</title></circle>`)
    : [];
  return frame(o, svg`${axis}<path class="esbVizLine" d=${path} fill="none" stroke=${PALETTE[0]} stroke-width="2.5"></path>${dots}`, 'esbVizLineChart');
}

/** Slices of positive values only (a pie cannot show negative parts); the key beside it lists them. */
export function pieSlices(points: readonly ChartPoint[]): ChartPoint[] {
  return points.filter((p) => p.value > 0);
}

function pieChart(points: readonly ChartPoint[], o: ChartOptions): TemplateResult {
  const slices = pieSlices(points);
  const radius = H / 2 - 8;
  const arcs = d3pie<ChartPoint>().value((p) => p.value).sort(null)(slices);
  const shape = d3arc<PieArcDatum<ChartPoint>>().innerRadius(0).outerRadius(radius);
  const total = slices.reduce((s, p) => s + p.value, 0);
  return frame(o, svg`<g transform="translate(${W / 2} ${H / 2})">${arcs.map((a, i) => svg`<path class="esbVizMark esbVizSlice"
    d=${shape(a) ?? ''} fill=${PALETTE[i % PALETTE.length]} stroke="#fff" stroke-width="1.5"><title>${a.data.label}: ${o.format(a.data.value)} (${Math.round((a.data.value / total) * 100)} %)</title></path>`)}</g>`, 'esbVizPie');
}
