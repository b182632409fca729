// The benchmarks' CPU count (scripts/trace-cpu.mjs): a thread's top-level work in a Chromium trace, each piece once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { threadCpu } from '../../scripts/trace-cpu.mjs';

const main = { pid: 1, tid: 7 };
const x = (name: string, cat: string, ts: number, dur: number, tdur?: number, thread = main) =>
  ({ ph: 'X', name, cat, ts, dur, ...(tdur === undefined ? {} : { tdur }), ...thread });

test('a task counts once by its thread time, not again for the events inside it', () => {
  const events = [
    x('ThreadControllerImpl::RunTask', 'toplevel', 1000, 4000, 3000),
    x('RunTask', 'disabled-by-default-devtools.timeline', 1000, 4000, 3000),
    x('FunctionCall', 'devtools.timeline', 1100, 2000, 1900),
  ];
  assert.equal(threadCpu(events, main, 0, 10_000), 3);
});

test('a microtask checkpoint the scheduler runs outside a task (after a worker message) is counted', () => {
  const events = [
    x('ThreadControllerImpl::RunTask', 'toplevel', 1000, 1000, 1000),
    x('BlinkScheduler_PerformMicrotaskCheckpoint', 'toplevel', 2500, 10_000, 8000),
  ];
  assert.equal(threadCpu(events, main, 0, 20_000), 9);
});

test('a worker task recorded only as DevTools\' RunTask is counted; other threads and events outside the window are not', () => {
  const worker = { pid: 1, tid: 9 };
  const events = [
    x('RunTask', 'disabled-by-default-devtools.timeline', 0, 6000, 5000, worker),
    x('ThreadControllerImpl::RunTask', 'toplevel', 0, 6000, 6000),
    x('RunTask', 'disabled-by-default-devtools.timeline', 20_000, 1000, 1000, worker),
  ];
  // half of the first task lies in the window: half its thread time
  assert.equal(threadCpu(events, worker, 3000, 10_000), 2.5);
});
