/**
 * The SPA handle of the incumbent (issue 10, contract 5): `window.__entryscape_blocks` and its readiness signal.
 * Integrations create `window.__entryscape_blocks_ready = new Promise((r) => { window.__entryscape_blocks_resolve = r; })`
 * before loading the runtime (or after it), await it, then call `__entryscape_blocks.init()`. Small: the CDN loader
 * carries it on every page; the work behind the methods is in the legacy chunk.
 */
export interface LegacyApi {
  /** Merges `config` (optional) into the page configuration, mounts the legacy nodes and re-renders every block. */
  init(config?: unknown): Promise<void>;
  /**
   * Removes what the legacy layer mounted and the configuration of the view (config nodes, `init(config)`); the next
   * `init` starts clean. What `setEntryStore` and `addConfig` set stays.
   */
  clear(): Promise<void> | void;
  /** Sets the store (`entrystore`) of every block and re-renders them (kept across `clear()`). */
  setEntryStore(url: string): Promise<void> | void;
  /** Merges configuration (an object or an array of objects) and re-renders every block (kept across `clear()`). */
  addConfig(config: unknown): Promise<void> | void;
  /** What works between this page and its store (CORS, JSONP, related facets): src/legacy/check-store.ts. */
  checkStore(storeUrl?: string): Promise<unknown>;
}

type ReadyWindow = Window & {
  __entryscape_blocks?: LegacyApi;
  __entryscape_blocks_ready?: unknown;
  __entryscape_blocks_resolve?: unknown;
};

const signalled = new WeakSet<Window>();

/**
 * Puts `api` on the window and signals readiness once per window: calls `__entryscape_blocks_resolve` (with the api)
 * now if the page set it, else when the page sets it later (an accessor on window); `__entryscape_blocks_ready` is a
 * resolved promise unless the page made its own.
 */
export function provideApi(win: Window, api: LegacyApi): void {
  const w = win as ReadyWindow;
  w.__entryscape_blocks = api;
  if (signalled.has(win)) return;
  signalled.add(win);
  let resolve = w.__entryscape_blocks_resolve;
  w.__entryscape_blocks_ready ??= Promise.resolve(api);
  Object.defineProperty(win, '__entryscape_blocks_resolve', {
    configurable: true,
    get: () => resolve,
    set(fn: unknown) {
      resolve = fn;
      if (typeof fn === 'function') fn(w.__entryscape_blocks);
    },
  });
  if (typeof resolve === 'function') resolve(api);
}
