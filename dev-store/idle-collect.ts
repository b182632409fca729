/**
 * Full garbage collections once a big catalog is loaded and the store has had nothing to do for a while: parsing and
 * indexing leave several hundred MB of garbage (parser output, per-entry documents), and V8 keeps that memory mapped
 * until its heap grows again (an idle process never collects). Two collections give most of it back (at 50,000
 * datasets: RSS about 830 → 640 MB; the second one compacts and releases the pages the first one freed).
 *
 * They are not made before the store's first answer: they are full, stop-the-world collections of the whole heap
 * (at 50,000 datasets about 3 s of CPU, at 200,000 over 10 s) that the first answer does not need — the peak RSS of
 * the load is the same without them, V8 collecting on its own as the index grows.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Quiet time (no request) after which the load's garbage is collected. */
export const TIDY_AFTER_IDLE_MS = 5000;

export function collectAfterLoad(times = 2): void {
  try {
    v8.setFlagsFromString('--expose-gc');
    // plain gc(): a full collection (Node 20's V8 ignores `{ type: 'major' }` here)
    const gc = vm.runInNewContext('gc') as () => void;
    for (let i = 0; i < times; i++) gc();
  } catch {
    /* no gc: fine, only memory */
  }
}

/** Collects the load's garbage once, after `quietMs` without a request; `busy()` on every request starts the wait again. */
export class IdleCollector {
  #timer: NodeJS.Timeout | undefined;
  #done = false;

  constructor(
    readonly quietMs = TIDY_AFTER_IDLE_MS,
    readonly collect: () => void = collectAfterLoad,
  ) {
    this.busy();
  }

  /** A request came in: the collection waits for the next quiet time. */
  busy(): void {
    if (this.#done) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#done = true;
      this.collect();
    }, this.quietMs);
    this.#timer.unref();
  }

  /** The store closes: no collection. */
  cancel(): void {
    this.#done = true;
    clearTimeout(this.#timer);
  }

  get done(): boolean {
    return this.#done;
  }
}
