/**
 * What a chart of a visualization plots (behaviour doc §6.2), from the rows of its CSV file: the x and y columns
 * found by name, then `operation` — `none` plots the pairs as given, `sum` groups by x and adds y, `count` groups
 * by x and counts rows. An empty x shows as "No label". Numbers are read robustly: `12`, `-3.5`, `3,5` (decimal
 * comma), `1 234,5` / `1,234.5` (thousands separators), `12%`; missing values (`NA`, `..`, `-`, empty) are skipped.
 * DOM-free; also the CSV points of a `map` visualization.
 */
import { isMissing, parseNumber } from '../preview/columns.ts';
import type { Operation } from './visualization.ts';

export interface ChartPoint {
  /** The x value as text ("No label" when empty). */
  readonly label: string;
  readonly value: number;
}

export interface ChartSeries {
  /** Column names for the table alternative: the x column, and the y column (or "Count" for `count`). */
  readonly xName: string;
  readonly yName: string;
  readonly points: readonly ChartPoint[];
  /** Rows left out because their y value was missing or not a number. */
  readonly skipped: number;
  /**
   * More points than MAX_CHART_POINTS: a line (ordered by x) keeps points spread evenly over its whole range, first and
   * last included; other charts keep the first ones.
   */
  readonly truncated: boolean;
  /** How many points there were before `truncated` cut them. */
  readonly total: number;
}

/** A chart draws at most this many points (bars, slices, line vertices); the rest is reported as left out. */
export const MAX_CHART_POINTS = 2000;

export type ChartProblem = 'no-x-column' | 'no-y-column';

export class ChartDataError extends Error {
  constructor(readonly problem: ChartProblem) {
    super(problem);
    this.name = 'ChartDataError';
  }
}

/** Index of the column named `name`: the exact (trimmed) header first, else the same ignoring case; -1 when absent. */
export function columnIndex(headers: readonly (string | undefined)[], name: string | undefined): number {
  const wanted = name?.trim();
  if (!wanted) return -1;
  const exact = headers.findIndex((h) => h?.trim() === wanted);
  if (exact >= 0) return exact;
  const lower = wanted.toLocaleLowerCase();
  return headers.findIndex((h) => h?.trim().toLocaleLowerCase() === lower);
}

const THOUSANDS_SPACE = /^[+\-−]?\d{1,3}(?:[\s\u00a0\u202f']\d{3})+(?:[.,]\d+)?%?$/;
const COMMA_THOUSANDS = /^[+\-−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?$/;
const DOT_THOUSANDS = /^[+\-−]?\d{1,3}(?:\.\d{3})+(?:,\d+)?%?$/;

/**
 * The number a cell holds, else undefined. Besides what the preview reads (`parseNumber`), thousands separators:
 * spaces, non-breaking spaces and apostrophes (`1 234,5`), commas with a decimal point (`1,234.5`) and dots with a
 * decimal comma (`1.234,5`). `1,234` alone stays 1.234 (a decimal comma is far more common in this catalog's files).
 */
export function chartNumber(cell: string | undefined): number | undefined {
  if (cell === undefined || isMissing(cell)) return undefined;
  const t = cell.trim();
  const plain = parseNumber(t);
  if (plain !== undefined) return plain;
  let normal: string | undefined;
  if (THOUSANDS_SPACE.test(t)) normal = t.replace(/[\s\u00a0\u202f']/g, '');
  else if (COMMA_THOUSANDS.test(t) && t.includes('.')) normal = t.replace(/,/g, '');
  else if (DOT_THOUSANDS.test(t)) normal = t.replace(/\./g, '');
  return normal === undefined ? undefined : parseNumber(normal);
}

export interface SeriesSpec {
  readonly xAxis?: string | undefined;
  readonly yAxis?: string | undefined;
  readonly operation: Operation;
  /** Label of an empty x value, in the UI language ("No label"). */
  readonly noLabel: string;
  /** Name of the y column of a `count` chart ("Count"). */
  readonly countName: string;
  /**
   * Order the points by x when every x is a number or an ISO date (a line over time reads left to right even when
   * the file lists the newest row first); other x values keep the file's order.
   */
  readonly sortX?: boolean;
}

/**
 * The points to plot. Throws `ChartDataError` when the x column (or, except for `count`, the y column) is not in
 * the header. Groups (`sum`, `count`) keep the order in which their x value first appears.
 */
export function chartSeries(headers: readonly (string | undefined)[], rows: readonly (readonly string[])[], spec: SeriesSpec): ChartSeries {
  const x = columnIndex(headers, spec.xAxis);
  if (x < 0) throw new ChartDataError('no-x-column');
  const counting = spec.operation === 'count';
  const y = counting ? -1 : columnIndex(headers, spec.yAxis);
  if (!counting && y < 0) throw new ChartDataError('no-y-column');
  const xName = headers[x]!.trim();
  const yName = counting ? spec.countName : headers[y]!.trim();
  const labelOf = (row: readonly string[]): string => row[x]?.trim() || spec.noLabel;
  let skipped = 0;
  if (spec.operation === 'none') {
    const points: ChartPoint[] = [];
    for (const row of rows) {
      const value = chartNumber(row[y]);
      if (value === undefined) skipped++;
      else points.push({ label: labelOf(row), value });
    }
    return cut(xName, yName, spec.sortX ? byX(points, spec.noLabel) : points, skipped, spec.sortX);
  }
  const groups = new Map<string, number>();
  for (const row of rows) {
    const label = labelOf(row);
    if (counting) {
      groups.set(label, (groups.get(label) ?? 0) + 1);
      continue;
    }
    const value = chartNumber(row[y]);
    if (value === undefined) {
      skipped++;
      continue;
    }
    groups.set(label, (groups.get(label) ?? 0) + value);
  }
  const grouped = [...groups].map(([label, value]) => ({ label, value }));
  return cut(xName, yName, spec.sortX ? byX(grouped, spec.noLabel) : grouped, skipped, spec.sortX);
}

const ISO_DATE = /^\d{4}(-\d{2}(-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

/**
 * Sorted by x when every x is a number or an ISO date (stable), else as given. Points without an x ("NA", empty →
 * "No label") do not prevent it: they follow the sorted ones, in the file's order.
 */
function byX(points: ChartPoint[], noLabel: string): ChartPoint[] {
  const missing = points.filter((p) => p.label === noLabel || isMissing(p.label));
  const known = points.filter((p) => !missing.includes(p));
  if (known.length === 0) return points;
  if (known.every((p) => ISO_DATE.test(p.label))) {
    return [...known.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)), ...missing];
  }
  const keys = known.map((p) => chartNumber(p.label));
  if (keys.every((k) => k !== undefined)) {
    return [...known.map((p, i) => ({ p, k: keys[i]! })).sort((a, b) => a.k - b.k).map(({ p }) => p), ...missing];
  }
  return points;
}

/** At most MAX_CHART_POINTS: a line's spread evenly over its range (its newest values too), else the first ones. */
function cut(xName: string, yName: string, points: ChartPoint[], skipped: number, spread?: boolean): ChartSeries {
  const total = points.length;
  const truncated = total > MAX_CHART_POINTS;
  const kept = !truncated ? points
    : spread ? Array.from({ length: MAX_CHART_POINTS }, (_, i) => points[Math.round((i * (total - 1)) / (MAX_CHART_POINTS - 1))]!)
      : points.slice(0, MAX_CHART_POINTS);
  return { xName, yName, points: kept, skipped, truncated, total };
}

export interface MapPoint {
  readonly lon: number;
  readonly lat: number;
  /** The featureTitle column's value, if any. */
  readonly title?: string;
}

/** A map draws at most this many points. */
export const MAX_MAP_POINTS = 5000;

/**
 * The points of a `map` visualization: x = longitude, y = latitude (degrees, decimal comma allowed), the
 * featureTitle column as label. Rows whose coordinates are missing or out of range are skipped (and counted).
 * Throws `ChartDataError` when the x or y column is missing.
 */
export function mapPoints(
  headers: readonly (string | undefined)[],
  rows: readonly (readonly string[])[],
  spec: { readonly xAxis?: string | undefined; readonly yAxis?: string | undefined; readonly featureTitle?: string | undefined },
): { points: MapPoint[]; skipped: number; truncated: boolean } {
  const x = columnIndex(headers, spec.xAxis);
  if (x < 0) throw new ChartDataError('no-x-column');
  const y = columnIndex(headers, spec.yAxis);
  if (y < 0) throw new ChartDataError('no-y-column');
  const t = columnIndex(headers, spec.featureTitle);
  const points: MapPoint[] = [];
  let skipped = 0;
  for (const row of rows) {
    const lon = chartNumber(row[x]);
    const lat = chartNumber(row[y]);
    if (lon === undefined || lat === undefined || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
      skipped++;
      continue;
    }
    const title = t >= 0 ? row[t]?.trim() : undefined;
    points.push({ lon, lat, ...(title ? { title } : {}) });
  }
  const truncated = points.length > MAX_MAP_POINTS;
  return { points: truncated ? points.slice(0, MAX_MAP_POINTS) : points, skipped, truncated };
}
