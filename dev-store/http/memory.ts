/**
 * Memory hygiene for streamed uploads. Every chunk read from a socket is a fresh Buffer outside the V8 heap; V8
 * reclaims those only when a garbage collection runs, and with a small heap that waits until tens of MB of such
 * external memory have piled up. A 50 MB upload would then lift the dev store's RSS by about the file size although
 * nothing is kept. When the process exposes `gc` (main.ts asks for it), a young-generation collection every
 * `GC_EVERY_BYTES` received frees the chunks already written to disk; it costs well under a millisecond.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export const GC_EVERY_BYTES = 4 * 1024 * 1024;

type Gc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;
let gc: Gc | undefined;

/** Turns on `gc` for this process (the dev store CLI does this at start; in-process embedders may skip it). */
export function enableUploadGc(): void {
  if (gc) return;
  try {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as Gc;
  } catch {
    gc = undefined;
  }
}

/** Counts bytes received; collects the young generation after each GC_EVERY_BYTES. */
export function uploadGcMeter(): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < GC_EVERY_BYTES || !gc) return;
    since = 0;
    gc({ type: 'minor' });
  };
}
