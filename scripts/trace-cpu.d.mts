/** Types of scripts/trace-cpu.mjs (the benchmarks' CPU count from a Chromium trace). */
export interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly cat?: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
}
export declare const TRACE_CATEGORIES: readonly string[];
export declare const TIMELINE_CATEGORIES: readonly string[];
export declare function threadCpu(events: readonly TraceEvent[], thread: { readonly pid: number; readonly tid: number }, from: number, to: number): number;
