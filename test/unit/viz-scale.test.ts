// src/rich/chart-scale.ts (issue 28, point 3): a line's x values on a time or linear scale with round, localised ticks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dateTicks, dateValue, xScale } from '../../src/rich/chart-scale.ts';

const fmt = (n: number) => new Intl.NumberFormat('en').format(n);
const line = { continuous: true, lang: 'en', format: fmt } as const;
const close = (actual: readonly number[], expected: readonly number[]) =>
  actual.forEach((a, i) => assert.ok(Math.abs(a - expected[i]!) < 1e-9, `${a} ≈ ${expected[i]}`));

describe('dateValue', () => {
  test('years, months, days and times as UTC epoch ms; a zone when given', () => {
    assert.equal(dateValue('1980'), Date.UTC(1980, 0, 1));
    assert.equal(dateValue('2002-05'), Date.UTC(2002, 4, 1));
    assert.equal(dateValue(' 2002-05-17 '), Date.UTC(2002, 4, 17));
    assert.equal(dateValue('2002-05-17T10:30'), Date.UTC(2002, 4, 17, 10, 30));
    assert.equal(dateValue('2002-05-17 10:30:15'), Date.UTC(2002, 4, 17, 10, 30, 15));
    assert.equal(dateValue('2002-05-17T10:30:00+02:00'), Date.UTC(2002, 4, 17, 8, 30));
    assert.equal(dateValue('2002-05-17T10:30:00+0200'), Date.UTC(2002, 4, 17, 8, 30));
  });
  test('not dates: text, other formats, impossible days', () => {
    for (const v of ['2026-aug', '17/05/2002', '2002-13', '2002-02-31', '2002-05-17T25:00', '12', 'abc', '']) assert.equal(dateValue(v), undefined, v);
  });
});

describe('xScale', () => {
  test('1980, 1995, 2000, 2002: positions proportional to time; ticks every 5 years', () => {
    const s = xScale(['1980', '1995', '2000', '2002'], line);
    assert.equal(s.kind, 'time');
    const t = [1980, 1995, 2000, 2002].map((y) => Date.UTC(y, 0, 1));
    close(s.at, t.map((v) => (v - t[0]!) / (t[3]! - t[0]!)));
    assert.deepEqual(s.ticks.map((k) => k.label), ['1980', '1985', '1990', '1995', '2000']);
    close(s.ticks.map((k) => k.at), [1980, 1985, 1990, 1995, 2000].map((y) => (Date.UTC(y, 0, 1) - t[0]!) / (t[3]! - t[0]!)));
  });

  test('any order: a position follows the value, not the place in the list', () => {
    const s = xScale(['2002', '1980', '2000'], line);
    close(s.at, [1, 0, (Date.UTC(2000, 0, 1) - Date.UTC(1980, 0, 1)) / (Date.UTC(2002, 0, 1) - Date.UTC(1980, 0, 1))]);
  });

  test('ticks as the span needs: decades, years, months, days, hours — localised sv/en/de', () => {
    const labels = (a: string, b: string, lang = 'en') => xScale([a, b], { ...line, lang }).ticks.map((k) => k.label);
    assert.deepEqual(labels('1900', '2000'), ['1900', '1920', '1940', '1960', '1980', '2000']);
    assert.deepEqual(labels('2019-03-01', '2024-02-01'), ['2020', '2021', '2022', '2023', '2024']);
    assert.deepEqual(labels('2020-01-10', '2020-06-20', 'sv'), ['feb. 2020', 'mars 2020', 'apr. 2020', 'maj 2020', 'juni 2020']);
    assert.deepEqual(labels('2020-01-10', '2020-06-20', 'de'), ['Feb. 2020', 'März 2020', 'Apr. 2020', 'Mai 2020', 'Juni 2020']);
    assert.deepEqual(labels('2021-01-01', '2021-12-31'), ['Jan 2021', 'Mar 2021', 'May 2021', 'Jul 2021', 'Sep 2021', 'Nov 2021']);
    assert.deepEqual(labels('2020-03-01', '2020-03-05'), ['Mar 1, 2020', 'Mar 2, 2020', 'Mar 3, 2020', 'Mar 4, 2020', 'Mar 5, 2020']);
    assert.deepEqual(labels('2020-03-01T00:00', '2020-03-01T18:00', 'sv'), ['1 mars 00:00', '1 mars 03:00', '1 mars 06:00', '1 mars 09:00', '1 mars 12:00', '1 mars 15:00', '1 mars 18:00']);
  });

  test('never more ticks than asked for', () => {
    for (const [a, b] of [['1000', '2999'], ['2020-01-01', '2020-03-31'], ['2020-01-01', '2020-01-29'], ['2020-01-01T00:00', '2020-01-04T00:00']] as const) {
      const n = xScale([a, b], { ...line, maxTicks: 6 }).ticks.length;
      assert.ok(n >= 2 && n <= 6, `${a}…${b}: ${n}`);
    }
  });

  test('numbers: a linear scale with round ticks in the number format', () => {
    const s = xScale(['1', '2', '10'], line);
    assert.equal(s.kind, 'linear');
    close(s.at, [0, 1 / 9, 1]);
    assert.deepEqual(s.ticks.map((k) => k.label), ['2', '4', '6', '8', '10']);
    const big = xScale(['0', '1 500', '2500,5'], { ...line, format: (n) => new Intl.NumberFormat('sv').format(n) });
    close(big.at, [0, 1500 / 2500.5, 1]);
    assert.deepEqual(big.ticks.map((k) => k.label), ['0', '500', '1\u00a0000', '1\u00a0500', '2\u00a0000', '2\u00a0500']);
  });

  test('text, a mix, or bars: one place per value in the given order, labels thinned to maxLabels', () => {
    for (const labels of [['b', 'a', 'c'], ['1980', 'No label', '2000']]) {
      const s = xScale(labels, line);
      assert.equal(s.kind, 'band');
      close(s.at, [1 / 6, 3 / 6, 5 / 6]);
    }
    const bars = xScale(['1980', '1995', '2000'], { ...line, continuous: false });
    assert.equal(bars.kind, 'band');
    const many = xScale(Array.from({ length: 40 }, (_, i) => `v${i}`), { ...line, continuous: false, maxLabels: 10 });
    assert.deepEqual(many.ticks.map((k) => k.label), ['v0', 'v4', 'v8', 'v12', 'v16', 'v20', 'v24', 'v28', 'v32', 'v36']);
  });

  test('one value: in the middle, labelled as in the file', () => {
    const s = xScale(['2002-05-17'], line);
    assert.deepEqual(s.at, [0.5]);
    assert.deepEqual(s.ticks, [{ at: 0.5, label: '2002-05-17' }]);
  });

  test('dateTicks: a span within one hour has its two ends', () => {
    const lo = Date.UTC(2020, 0, 1, 10, 5);
    assert.deepEqual(dateTicks(lo, lo + 20 * 60_000, 'en', 8).map((k) => k.at), [0, 1]);
  });
});
