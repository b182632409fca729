/**
 * CPU time of one thread of a Chromium trace, for the benchmarks (bench.mjs, bench-file-store.mjs): thread time, not
 * wall time, so other work on a busy machine does not inflate it (it is what the reader's own machine spends).
 */

/**
 * Trace categories: the threads' top-level tasks with their thread time ('toplevel'; a worker's tasks are recorded
 * only as DevTools' `RunTask`, in 'disabled-by-default-devtools.timeline') and the page's marks. Not DevTools' main
 * timeline category, which records every function call, event, style, layout and paint step with its details on the
 * page's own threads: with it a first facet click measured 0.8 ms more main-thread CPU (medians of 12 runs each way,
 * bench:file-store, 1,964 datasets). TIMELINE_CATEGORIES adds it to a trace written to be read (`--trace`).
 */
export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', 'disabled-by-default-devtools.timeline'];
export const TIMELINE_CATEGORIES = ['devtools.timeline'];
/**
 * A thread's top-level work: its tasks, and what the scheduler runs outside one (a microtask checkpoint after a
 * worker's message is a top-level event of its own).
 */
const topLevel = (e) => e.cat === 'toplevel' || e.name === 'RunTask';

/**
 * Thread time (ms) of the top-level tasks of thread `thread` ({pid, tid}) between trace timestamps `from` and `to`
 * (µs), each counted by the share of its wall span inside the window. A task inside another counted task (a worker
 * thread's RunTask inside its ThreadControllerImpl::RunTask) is not counted again; the few tasks of a few µs that the
 * trace gives no thread time are counted by their wall time.
 */
export function threadCpu(events, thread, from, to) {
  const tasks = events.filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && topLevel(e) && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let us = 0;
  let outerEnd = -Infinity;
  for (const e of tasks) {
    if (e.ts + e.dur <= outerEnd) continue;
    outerEnd = e.ts + e.dur;
    const overlap = Math.min(e.ts + e.dur, to) - Math.max(e.ts, from);
    if (overlap <= 0) continue;
    us += (e.tdur ?? e.dur) * (overlap / e.dur);
  }
  return us / 1000;
}
