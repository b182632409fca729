/**
 * A scope's first search, started by the CDN loader (src/config/early-search.ts) while the search chunk is on its way
 * (issue 27 point 2). The scope then asks its store for its own first request as always: the store client joins a
 * request in flight with the same URL, or answers it from its cache (src/store/entrystore.ts), so the loader's request
 * is adopted when it is exactly the one the scope makes, and never made twice. Right after asking, the scope lets go
 * of the loader's request (`releaseEarlySearch`): when the scope joined it, it goes on; when the scope asked for
 * something else (a guess the loader could not get right), nobody waits for it any more and it is cancelled — its
 * answer is never shown.
 */
import type { CatalogStore, SearchRequest } from '../store/types.ts';

/** The loader's request in flight, per store and scope name (its cancel switch). */
const early = new WeakMap<CatalogStore, Map<string, AbortController>>();

/** Asks `store` for the first search of scope `scope` now (once per store and scope). */
export function startEarlySearch(store: CatalogStore, scope: string, request: SearchRequest): void {
  let byScope = early.get(store);
  if (!byScope) early.set(store, (byScope = new Map()));
  if (byScope.has(scope)) return;
  const controller = new AbortController();
  byScope.set(scope, controller);
  // a failure is the scope's to show: it joined the request (then it gets the same error) or asked for its own
  store.search(request, { signal: controller.signal }).catch(() => {});
}

/** The scope `scope` on `store` has asked for its first search: the loader's request stays only if that joined it. */
export function releaseEarlySearch(store: CatalogStore, scope: string): void {
  const controller = early.get(store)?.get(scope);
  if (!controller) return;
  early.get(store)!.delete(scope);
  controller.abort();
}
