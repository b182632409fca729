/**
 * Where a chart puts its x values (issue 28, point 3): a line over dates sits on a time scale (1980, 1995, 2000 and
 * 2002 at distances proportional to time), a line over numbers on a linear scale, anything else one place per value
 * in the file's order. Ticks are round for the span: years (1, 2, 5, 10 … apart), months (1, 2, 3, 6), days (1, 2,
 * 7, 14) or hours, labelled with Intl.DateTimeFormat in the UI language — no date library (a time-scale dependency
 * would cost more than this file; the charts are a lazy chunk). Dates are read as UTC so every visitor sees the same
 * ticks. Pure and DOM-free.
 */
import { ticks as numberTicks } from 'd3-array';
import { chartNumber } from './chart-data.ts';

export type XScaleKind = 'time' | 'linear' | 'band';

export interface XTick {
  /** Position from 0 (left end of the plot) to 1 (right end). */
  readonly at: number;
  readonly label: string;
}

export interface XScale {
  readonly kind: XScaleKind;
  /** Position of each value, from 0 to 1, in the order given. */
  readonly at: readonly number[];
  readonly ticks: readonly XTick[];
}

const ISO = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

/** Epoch milliseconds of an ISO date (`2002`, `2002-05`, `2002-05-17`, `2002-05-17T10:30[:00][Z|+02:00]`), else undefined. No zone = UTC. */
export function dateValue(label: string): number | undefined {
  const m = ISO.exec(label.trim());
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', frac = '', zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return undefined;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${zone ? (zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z'}`;
  const t = Date.parse(iso);
  // (2002-02-31 is not a date: Date.parse would roll it over into March)
  if (!Number.isFinite(t) || (!zone && new Date(t).getUTCDate() !== day)) return undefined;
  return t;
}

type Unit = 'year' | 'month' | 'day' | 'hour';
const STEPS: readonly [Unit, number][] = [
  ['hour', 1], ['hour', 3], ['hour', 6], ['hour', 12],
  ['day', 1], ['day', 2], ['day', 7], ['day', 14],
  ['month', 1], ['month', 2], ['month', 3], ['month', 6],
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((n): [Unit, number] => ['year', n]),
];

/** Tick times of one step between lo and hi (inclusive), aligned to round values (years divisible by the step, …). */
function timeTicks(lo: number, hi: number, unit: Unit, step: number, limit: number): number[] {
  const out: number[] = [];
  const start = new Date(lo);
  let t: number;
  if (unit === 'year') {
    let y = start.getUTCFullYear();
    if (Date.UTC(y, 0, 1) < lo) y++;
    y = Math.ceil(y / step) * step;
    for (; (t = Date.UTC(y, 0, 1)) <= hi && out.length <= limit; y += step) out.push(t);
  } else if (unit === 'month') {
    let k = start.getUTCFullYear() * 12 + start.getUTCMonth();
    if (Date.UTC(Math.floor(k / 12), k % 12, 1) < lo) k++;
    k = Math.ceil(k / step) * step;
    for (; (t = Date.UTC(Math.floor(k / 12), k % 12, 1)) <= hi && out.length <= limit; k += step) out.push(t);
  } else {
    const size = unit === 'day' ? 86_400_000 : 3_600_000;
    let n = Math.ceil(lo / size);
    if (unit === 'hour') n = Math.ceil(n / step) * step;
    for (; (t = n * size) <= hi && out.length <= limit; n += step) out.push(t);
  }
  return out;
}

const FORMATS: Record<Unit, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  month: { year: 'numeric', month: 'short' },
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  hour: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
};

/** At most `max` round ticks between lo and hi (lo < hi), labelled in `lang`; a span shorter than an hour: its two ends. */
export function dateTicks(lo: number, hi: number, lang: string, max: number): XTick[] {
  const label = (unit: Unit, times: readonly number[]): XTick[] => {
    const format = new Intl.DateTimeFormat(lang, { ...FORMATS[unit], timeZone: 'UTC' });
    return times.map((t) => ({ at: (t - lo) / (hi - lo), label: format.format(t) }));
  };
  for (const [unit, step] of STEPS) {
    const found = timeTicks(lo, hi, unit, step, max);
    if (found.length > 0 && found.length <= max) return label(unit, found);
  }
  return label('hour', [lo, hi]);
}

export interface XScaleOptions {
  /** Place dates and numbers by value (a line); false: one place per value (bars). */
  readonly continuous: boolean;
  readonly lang: string;
  /** Number format of the linear scale's ticks. */
  readonly format: (n: number) => string;
  /** At most this many ticks on a time or linear scale (default 8). */
  readonly maxTicks?: number;
  /** At most this many labels on a band scale (default 16). */
  readonly maxLabels?: number;
  /** Label of a band tick (default: the value itself). */
  readonly bandLabel?: (label: string) => string;
}

/** The x scale of `labels` (the chart's x values, in the order drawn). */
export function xScale(labels: readonly string[], o: XScaleOptions): XScale {
  const max = o.maxTicks ?? 8;
  const n = labels.length;
  if (o.continuous && n > 0) {
    const dates = labels.map(dateValue);
    if (dates.every((d) => d !== undefined)) return continuous('time', dates as number[], labels, (lo, hi) => dateTicks(lo, hi, o.lang, max));
    const numbers = labels.map((l) => chartNumber(l));
    if (numbers.every((v) => v !== undefined)) {
      return continuous('linear', numbers as number[], labels, (lo, hi) => roundTicks(lo, hi, max)
        .map((t) => ({ at: (t - lo) / (hi - lo), label: o.format(t) })));
    }
  }
  const every = Math.max(1, Math.ceil(n / (o.maxLabels ?? 16)));
  const at = labels.map((_, i) => (i + 0.5) / Math.max(1, n));
  return {
    kind: 'band',
    at,
    ticks: labels.flatMap((l, i) => (i % every === 0 ? [{ at: at[i]!, label: o.bandLabel ? o.bandLabel(l) : l }] : [])),
  };
}

/** At most `max` round numbers between lo and hi (d3's `ticks` takes its count as a hint only). */
function roundTicks(lo: number, hi: number, max: number): number[] {
  for (let count = max; count > 1; count--) {
    const found = numberTicks(lo, hi, count);
    if (found.length <= max) return found;
  }
  return [lo, hi];
}

/** Positions by value; the ticks of the span (one value alone: in the middle, labelled as in the file). */
function continuous(kind: 'time' | 'linear', values: readonly number[], labels: readonly string[], ticks: (lo: number, hi: number) => XTick[]): XScale {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const at = values.map((v) => (hi > lo ? (v - lo) / (hi - lo) : 0.5));
  return { kind, at, ticks: hi > lo ? ticks(lo, hi) : [{ at: 0.5, label: labels[0]! }] };
}
