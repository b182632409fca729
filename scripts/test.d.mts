// Types of scripts/test.mjs's exports (used by test/api/newcomer.test.ts).
export interface SuiteCounts { passed: number; failed: number; skipped: number; buildSkips: string[] }
export function plan(wanted: readonly string[]): string[];
export const BUILD_SKIP: RegExp;
export function countTap(text: string, options?: { built?: boolean }): SuiteCounts;
export function summary(totals: { passed: number; failed: number; skipped: number }): string[];
export function sharedReaders(files: readonly string[]): string[];
export interface SuiteRun { name: string; passed: number; failed: number; skipped: number; seconds: number }
export function testsSection(run: { suites: SuiteRun[]; seconds: number; date: string; machine: string; shared: boolean }): string;
