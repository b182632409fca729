/**
 * Collects single-key lookups made in the same tick and loads them together: a landing page asks for its
 * distributions, publisher, contact point… from several places at once, and the store sees one request.
 */

interface Waiting<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export class Batcher<V> {
  readonly #queue = new Map<string, Waiting<V>>();
  readonly #inflight = new Map<string, Promise<V | undefined>>();
  #scheduled = false;

  /**
   * @param split divides the keys of one tick into the groups that go out as one request each
   * @param load loads one group; keys missing from its map resolve to undefined
   */
  constructor(
    private readonly split: (keys: string[]) => string[][],
    private readonly load: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
  ) {}

  /** The value for `key`, loaded with every other key asked for in this tick. */
  get(key: string): Promise<V | undefined> {
    const inflight = this.#inflight.get(key);
    if (inflight) return inflight;
    const promise = new Promise<V | undefined>((resolve, reject) => this.#queue.set(key, { resolve, reject }));
    // Every caller may have given up (aborted) by the time the batch fails: never an unhandled rejection.
    promise.catch(() => {});
    this.#inflight.set(key, promise);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => this.#flush(), 0);
    }
    return promise;
  }

  #flush(): void {
    this.#scheduled = false;
    const waiting = new Map(this.#queue);
    this.#queue.clear();
    for (const group of this.split([...waiting.keys()])) {
      const settle = (each: (w: Waiting<V>, key: string) => void) => {
        for (const key of group) {
          this.#inflight.delete(key);
          each(waiting.get(key)!, key);
        }
      };
      Promise.resolve()
        .then(() => this.load(group))
        .then(
          (found) => settle((w, key) => w.resolve(found.get(key))),
          (error: unknown) => settle((w) => w.reject(error)),
        );
    }
  }
}
