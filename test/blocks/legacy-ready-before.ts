// Imported by legacy-markup.test.ts BEFORE the runtime: what a SPA does first (its readiness promise and resolve).
const w = window as Window & { __entryscape_blocks_ready?: Promise<unknown>; __entryscape_blocks_resolve?: unknown; __readyBefore?: Promise<unknown> };
w.__entryscape_blocks_ready = new Promise((resolve) => { w.__entryscape_blocks_resolve = resolve; });
w.__readyBefore = w.__entryscape_blocks_ready;
