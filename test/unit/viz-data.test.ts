// src/rich/chart-data.ts: what a chart plots (operation none/sum/count, "No label", robust numbers) and the CSV points of a map.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chartNumber, chartSeries, columnIndex, ChartDataError, mapPoints, MAX_CHART_POINTS } from '../../src/rich/chart-data.ts';

const spec = { noLabel: 'No label', countName: 'Count' };
const HEAD = ['Party', 'Votes', 'Region'];
const ROWS = [
  ['S', '10', 'North'],
  ['M', '5,5', 'South'],
  ['S', '2', 'South'],
  ['', '1', 'North'],
  ['SD', 'NA', 'North'],
  ['M', '1 000,5', 'North'],
];

describe('chartNumber', () => {
  test('plain, negative, decimal comma, exponent, percent', () => {
    assert.deepEqual(['12', '-3.5', '3,5', '−2', '1e3', '12%', ' 7 '].map(chartNumber), [12, -3.5, 3.5, -2, 1000, 12, 7]);
  });
  test('thousands separators: space, no-break space, apostrophe, 1,234.5 and 1.234,5', () => {
    assert.deepEqual(['1 234', '1\u00a0234,5', "1'234'567", '1,234.5', '1.234,5', '12.345.678'].map(chartNumber),
      [1234, 1234.5, 1234567, 1234.5, 1234.5, 12345678]);
  });
  test('missing and non-numbers: undefined (NA, N/A, .., -, empty, text, formulas)', () => {
    for (const v of ['NA', 'n/a', '..', '-', '', '  ', 'abc', '=1+1', '1 2 3', '12abc', undefined]) assert.equal(chartNumber(v), undefined, String(v));
  });
});

describe('columnIndex', () => {
  test('exact trimmed header first, then ignoring case; absent → -1', () => {
    assert.equal(columnIndex([' Year ', 'year'], 'year'), 1);
    assert.equal(columnIndex(['Year', 'b'], ' YEAR '), 0);
    assert.equal(columnIndex(['a', undefined], 'b'), -1);
    assert.equal(columnIndex(['a'], undefined), -1);
  });
});

describe('chartSeries', () => {
  test('none: the pairs as given, empty x = "No label", rows without a number skipped and counted', () => {
    const s = chartSeries(HEAD, ROWS, { ...spec, xAxis: 'Party', yAxis: 'Votes', operation: 'none' });
    assert.deepEqual(s.points, [
      { label: 'S', value: 10 }, { label: 'M', value: 5.5 }, { label: 'S', value: 2 }, { label: 'No label', value: 1 }, { label: 'M', value: 1000.5 },
    ]);
    assert.equal(s.skipped, 1);
    assert.equal(s.xName, 'Party');
    assert.equal(s.yName, 'Votes');
    assert.equal(s.truncated, false);
  });
  test('sum: grouped by x in first-seen order', () => {
    const s = chartSeries(HEAD, ROWS, { ...spec, xAxis: 'party', yAxis: 'VOTES', operation: 'sum' });
    assert.deepEqual(s.points, [{ label: 'S', value: 12 }, { label: 'M', value: 1006 }, { label: 'No label', value: 1 }]);
    assert.equal(s.skipped, 1);
  });
  test('count: rows per x, no y column needed, y named "Count"', () => {
    const s = chartSeries(HEAD, ROWS, { ...spec, xAxis: 'Region', operation: 'count' });
    assert.deepEqual(s.points, [{ label: 'North', value: 4 }, { label: 'South', value: 2 }]);
    assert.equal(s.yName, 'Count');
    assert.equal(s.skipped, 0);
  });
  test('missing columns throw ChartDataError with the problem', () => {
    assert.throws(() => chartSeries(HEAD, ROWS, { ...spec, xAxis: 'Nope', yAxis: 'Votes', operation: 'none' }),
      (e: unknown) => e instanceof ChartDataError && e.problem === 'no-x-column');
    assert.throws(() => chartSeries(HEAD, ROWS, { ...spec, xAxis: 'Party', operation: 'sum' }),
      (e: unknown) => e instanceof ChartDataError && e.problem === 'no-y-column');
  });
  test('markup and formulas stay as they are (text for the renderer to escape)', () => {
    const s = chartSeries(['x', 'y'], [['<img src=x onerror=alert(1)>', '1'], ['=HYPERLINK("javascript:alert(1)")', '2']],
      { ...spec, xAxis: 'x', yAxis: 'y', operation: 'none' });
    assert.deepEqual(s.points.map((p) => p.label), ['<img src=x onerror=alert(1)>', '=HYPERLINK("javascript:alert(1)")']);
  });
  test(`more than ${MAX_CHART_POINTS} points: the first ones, marked truncated`, () => {
    const rows = Array.from({ length: MAX_CHART_POINTS + 5 }, (_, i) => [String(i), String(i)]);
    const s = chartSeries(['x', 'y'], rows, { ...spec, xAxis: 'x', yAxis: 'y', operation: 'none' });
    assert.equal(s.points.length, MAX_CHART_POINTS);
    assert.equal(s.truncated, true);
    assert.equal(s.total, MAX_CHART_POINTS + 5);
  });
  test(`a line over time with more than ${MAX_CHART_POINTS} points: spread over the whole range, the newest drawn`, () => {
    // 5,000 days from 2000-01-01, in reverse file order (newest first, as poll files often are)
    const day = (i: number) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);
    const rows = Array.from({ length: 5000 }, (_, i) => [day(4999 - i), String(4999 - i)]);
    const s = chartSeries(['date', 'y'], rows, { ...spec, xAxis: 'date', yAxis: 'y', operation: 'none', sortX: true });
    assert.equal(s.points.length, MAX_CHART_POINTS);
    assert.equal(s.truncated, true);
    assert.equal(s.total, 5000);
    assert.deepEqual([s.points[0], s.points.at(-1)], [{ label: '2000-01-01', value: 0 }, { label: '2013-09-08', value: 4999 }]);
    // in order, evenly spaced: every step 2 or 3 days (5,000 / 2,000 = 2.5)
    const steps = s.points.slice(1).map((p, i) => p.value - s.points[i]!.value);
    assert.deepEqual([...new Set(steps)].sort(), [2, 3]);
  });
});

describe('mapPoints', () => {
  test('x = longitude, y = latitude, featureTitle as title; bad rows skipped', () => {
    const r = mapPoints(['name', 'lon', 'lat'], [
      ['Stockholm', '18,07', '59,33'], ['', '11.97', '57.71'], ['Nowhere', 'NA', '1'], ['Mars', '200', '10'], ['Pole', '0', '-95'],
    ], { xAxis: 'lon', yAxis: 'lat', featureTitle: 'name' });
    assert.deepEqual(r.points, [{ lon: 18.07, lat: 59.33, title: 'Stockholm' }, { lon: 11.97, lat: 57.71 }]);
    assert.equal(r.skipped, 3);
    assert.equal(r.truncated, false);
  });
  test('without featureTitle the points have no title; a missing coordinate column throws', () => {
    assert.deepEqual(mapPoints(['x', 'y'], [['1', '2']], { xAxis: 'x', yAxis: 'y' }).points, [{ lon: 1, lat: 2 }]);
    assert.throws(() => mapPoints(['x'], [['1']], { xAxis: 'x', yAxis: 'y' }), ChartDataError);
  });
});

describe('chartSeries sortX (line charts)', () => {
  const H = ['When', 'S'];
  test('ISO dates newest first in the file are drawn oldest first', () => {
    const rows = [['2026-08-19', '30.1'], ['2026-08-17', '30.5'], ['2025-12-01', '33']];
    const s = chartSeries(H, rows, { ...spec, xAxis: 'When', yAxis: 'S', operation: 'none', sortX: true });
    assert.deepEqual(s.points.map((p) => p.label), ['2025-12-01', '2026-08-17', '2026-08-19']);
  });
  test('numbers sort numerically; words keep the file order; without sortX nothing moves', () => {
    const nums = chartSeries(H, [['10', '1'], ['9', '2'], ['100', '3']], { ...spec, xAxis: 'When', yAxis: 'S', operation: 'none', sortX: true });
    assert.deepEqual(nums.points.map((p) => p.label), ['9', '10', '100']);
    const words = chartSeries(H, [['b', '1'], ['a', '2']], { ...spec, xAxis: 'When', yAxis: 'S', operation: 'none', sortX: true });
    assert.deepEqual(words.points.map((p) => p.label), ['b', 'a']);
    const asIs = chartSeries(H, [['2026-01-02', '1'], ['2025-01-01', '2']], { ...spec, xAxis: 'When', yAxis: 'S', operation: 'none' });
    assert.deepEqual(asIs.points.map((p) => p.label), ['2026-01-02', '2025-01-01']);
  });
});

describe('chartSeries sortX with missing x values', () => {
  test('"NA" and empty dates follow the sorted dates in file order (the SwedishPolls PublDate column has 349 NA)', () => {
    const rows = [['2026-08-19', '30'], ['NA', '31'], ['2025-01-02', '32'], ['', '33'], ['2025-06-01', '34']];
    const s = chartSeries(['When', 'S'], rows, { ...spec, xAxis: 'When', yAxis: 'S', operation: 'none', sortX: true });
    assert.deepEqual(s.points.map((p) => p.label), ['2025-01-02', '2025-06-01', '2026-08-19', 'NA', 'No label']);
  });
});
