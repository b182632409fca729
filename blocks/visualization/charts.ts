/**
 * Bar, line and pie charts as SVG (the only module that imports the charting code: a lazy chunk of its own).
 * Geometry comes from d3-shape (pie slices, arcs, line paths) and d3-array (round axis ticks); the SVG is a Lit
 * `svg` template, so every label is a text node (no markup from the data is ever parsed), nothing uses innerHTML
 * (Trusted Types) and nothing sets a style attribute (a strict CSP `style-src` is fine): colours are SVG
 * presentation attributes and classes, which the block's stylesheet and forced-colors mode can override.
 *
 * Accessibility: the `<svg>` is `role="img"` named by the caller; marks carry a `<title>` ("label: value") for
 * pointer users; the data itself is offered as a real table by the block ("Show as table"). A line over dates or
 * numbers sits on a time or linear scale (src/rich/chart-scale.ts). Pie slices differ in colour AND pattern (never by
 * colour alone; in forced-colors mode the stylesheet repaints the patterns in system colours), and a pie shows at
 * most PALETTE.length slices: beyond that the smallest are one "Other" slice (`pieParts`).
 */
import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { arc as d3arc, line as d3line, pie as d3pie, type PieArcDatum } from 'd3-shape';
import { extent, nice, ticks } from 'd3-array';
import type { ChartPoint } from '../../src/rich/chart-data.ts';
import { xScale } from '../../src/rich/chart-scale.ts';

export type DrawnChart = 'bar' | 'line' | 'pie';

export interface ChartOptions {
  /** Accessible name of the chart (the visualization's title). */
  readonly label: string;
  /** id of an element describing the chart (its kind, number of values, where the table is). */
  readonly describedBy?: string;
  /** Number formatting of the axis and the marks' titles. */
  readonly format: (n: number) => string;
  /** UI language (date ticks). */
  readonly lang: string;
  /** Prefix of the ids of the chart's patterns (unique on the page). */
  readonly idPrefix: string;
}

/** Colours with at least 3:1 contrast against white, told apart also by colour-blind people (Okabe–Ito based). */
export const PALETTE = ['#0b5cad', '#d55e00', '#007a5e', '#b3157b', '#6b4e00', '#5a3fa0', '#a50000', '#00617a'];

const W = 640;
const H = 320;
const M = { top: 12, right: 16, bottom: 56, left: 64 };
const MAX_X_LABELS = 16;
const MAX_X_TICKS = 8;

export function drawChart(type: DrawnChart, points: readonly ChartPoint[], o: ChartOptions & { readonly other: (n: number) => string }): TemplateResult {
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
  const scale = xScale(points.map((p) => p.label), {
    continuous: type === 'line', lang: o.lang, format: o.format, maxTicks: MAX_X_TICKS, maxLabels: MAX_X_LABELS, bandLabel: short,
  });
  const xAt = (at: number): number => M.left + at * innerW;
  const xOf = (i: number): number => xAt(scale.at[i]!);
  // Labels that would not fit side by side are turned.
  const turned = scale.ticks.reduce((w, t) => w + t.label.length * 7 + 12, 0) > innerW;
  const yTicks = ticks(min, max, 5);
  const axis = svg`
    <g class="esbVizAxis esbVizAxisY">${yTicks.map((t) => svg`
      <line class="esbVizGrid" x1=${M.left} x2=${W - M.right} y1=${yOf(t)} y2=${yOf(t)}></line>
      <text x=${M.left - 6} y=${yOf(t)} dy="0.32em" text-anchor="end">${o.format(t)}</text>`)}
    </g>
    <g class="esbVizAxis esbVizAxisX">
      <line x1=${M.left} x2=${W - M.right} y1=${yOf(Math.max(min, Math.min(0, max)))} y2=${yOf(Math.max(min, Math.min(0, max)))}></line>
      ${scale.ticks.map((t) => svg`${scale.kind === 'band' ? nothing : svg`<line class="esbVizTick" x1=${xAt(t.at)} x2=${xAt(t.at)}
        y1=${H - M.bottom} y2=${H - M.bottom + 5}></line>`}<text x=${xAt(t.at)} y=${H - M.bottom + 16}
        text-anchor=${turned ? 'end' : 'middle'} transform=${turned ? `rotate(-35 ${xAt(t.at)} ${H - M.bottom + 16})` : nothing}>${t.label}</text>`)}
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

export interface PieParts {
  /** What the pie draws, in the file's order; the last one is "Other" when `grouped` > 0. */
  readonly slices: readonly ChartPoint[];
  /** How many values the "Other" slice holds (0: none grouped). */
  readonly grouped: number;
}

/**
 * The slices of a pie: every positive value when there are at most PALETTE.length of them; else the
 * PALETTE.length - 1 largest (in the file's order) and one slice `other(n)` adding up the n others, so no two
 * slices ever share a colour and pattern. The table alternative still lists every value.
 */
export function pieParts(points: readonly ChartPoint[], other: (n: number) => string): PieParts {
  const positive = pieSlices(points);
  if (positive.length <= PALETTE.length) return { slices: positive, grouped: 0 };
  const keep = new Set(positive.map((p, i) => ({ p, i })).sort((a, b) => b.p.value - a.p.value || a.i - b.i)
    .slice(0, PALETTE.length - 1).map(({ i }) => i));
  const rest = positive.filter((_, i) => !keep.has(i));
  return {
    slices: [...positive.filter((_, i) => keep.has(i)), { label: other(rest.length), value: rest.reduce((s, p) => s + p.value, 0) }],
    grouped: rest.length,
  };
}

const TILE = 10;
/** One pattern per palette colour: solid, hatched /, hatched \, horizontal, vertical, crossed +, dotted, crossed x. */
const MARKS: readonly (SVGTemplateResult | null)[] = [
  null,
  svg`<path d="M-1,1 l2,-2 M0,10 l10,-10 M9,11 l2,-2"></path>`,
  svg`<path d="M-1,9 l2,2 M0,0 l10,10 M9,-1 l2,2"></path>`,
  svg`<path d="M0,5 h10"></path>`,
  svg`<path d="M5,0 v10"></path>`,
  svg`<path d="M0,5 h10 M5,0 v10"></path>`,
  svg`<circle cx="5" cy="5" r="2"></circle>`,
  svg`<path d="M0,10 l10,-10 M0,0 l10,10"></path>`,
];

/**
 * Pattern `i` (colour and marks) with the given id, for a slice or a key swatch (`scale`: of its tile; the pie's
 * tiles are larger so the marks stay apart when the chart is drawn small). The background carries the
 * colour; white marks on it; in forced-colors mode the stylesheet paints the background Canvas (CanvasText for the
 * solid one) and the marks CanvasText.
 */
export function patternDef(id: string, i: number, scale = 1): SVGTemplateResult {
  const k = i % PALETTE.length;
  return svg`<pattern class="esbVizPattern" id=${id} patternUnits="userSpaceOnUse" width=${TILE} height=${TILE}
    patternTransform=${scale === 1 ? nothing : `scale(${scale})`}>
    <rect class=${MARKS[k] ? 'esbVizPatBg' : 'esbVizPatBg esbVizPatSolid'} width=${TILE} height=${TILE} fill=${PALETTE[k]!}></rect>
    <g class="esbVizPatMarks" fill="#fff" stroke="#fff" stroke-width="1.5">${MARKS[k] ?? nothing}</g></pattern>`;
}

function pieChart(points: readonly ChartPoint[], o: ChartOptions & { readonly other: (n: number) => string }): TemplateResult {
  const { slices } = pieParts(points, o.other);
  const radius = H / 2 - 8;
  const arcs = d3pie<ChartPoint>().value((p) => p.value).sort(null)(slices as ChartPoint[]);
  const shape = d3arc<PieArcDatum<ChartPoint>>().innerRadius(0).outerRadius(radius);
  const total = slices.reduce((s, p) => s + p.value, 0);
  const pid = (i: number) => `${o.idPrefix}-p${i}`;
  return frame(o, svg`<defs>${arcs.map((_, i) => patternDef(pid(i), i, 1.6))}</defs>
    <g transform="translate(${W / 2} ${H / 2})">${arcs.map((a, i) => svg`<path class="esbVizSlice"
    d=${shape(a) ?? ''} fill="url(#${pid(i)})" stroke="#fff" stroke-width="1.5"><title>${a.data.label}: ${o.format(a.data.value)} (${Math.round((a.data.value / total) * 100)} %)</title></path>`)}</g>`, 'esbVizPie');
}
