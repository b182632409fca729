// Shared by the search input / multi search / facets / responsiveness block tests: a fresh scope per test on a
// counting store over the dev store's demo catalog (context 1), and small interaction helpers.
import type { TemplateResult } from 'lit';
import { countingStore, devStore, withStore } from './helpers.ts';
import { resetScopes, scopeFor, type SearchScope } from '../../src/search/scope.ts';
import type { CatalogStore, SearchResult } from '../../src/store/types.ts';

export interface SearchSetup<T extends Element> {
  el: T;
  scope: SearchScope;
  requests: string[];
  /** Store requests that were searches (`…/search?…`). */
  searches(): string[];
}

let pageBefore = '';
/** Call in beforeEach: no scope and no search state survive from another test. */
export function freshPage(): void {
  resetScopes(document);
  pageBefore ||= location.pathname;
  history.replaceState(null, '', pageBefore);
}

export async function mountOnStore<T extends Element>(
  store: CatalogStore,
  template: TemplateResult,
  configure: Parameters<SearchScope['configure']>[0] | false = { contextId: '1' },
  scopeName = 'default',
): Promise<{ el: T; scope: SearchScope }> {
  const scope = scopeFor(document, scopeName, store);
  const el = await withStore<T>(store, template);
  // The block joins its scope (and asks for its facets) once its page configuration and store provider are in: under
  // load that comes after a first search configured here, which then runs twice. Configure after the block has joined.
  await until(() => !(el as unknown as { pageConfigPending?: boolean }).pageConfigPending, 'the block read its page configuration');
  await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
  if (configure) scope.configure(configure);
  await until(() => scope.status === 'ready' || scope.status === 'error' || !configure);
  await scope.settled();
  await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
  return { el, scope };
}

/** Mounts `template` on a fresh counting client of the dev store; the default scope searches the demo catalog. */
export async function mountSearch<T extends Element>(
  template: TemplateResult,
  configure: Parameters<SearchScope['configure']>[0] | false = { contextId: '1' },
): Promise<SearchSetup<T>> {
  const { storeUrl } = await devStore();
  const { store, requests } = countingStore(storeUrl);
  const { el, scope } = await mountOnStore<T>(store, template, configure);
  return { el, scope, requests, searches: () => requests.filter((r) => r.includes('/search?')) };
}

/** Polls `cond` every 10 ms (at most 5 s): for states reached through timers and the network. */
export async function until(cond: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Types `text` into `input` one character at a time, as fast as events can be dispatched. */
export function typeFast(input: HTMLInputElement, text: string): void {
  for (const ch of text) {
    input.value += ch;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

export function key(target: Element, k: string): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
}

/** Lets Lit render everything scheduled (scope events → block updates). */
export async function rendered(...els: Element[]): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await Promise.all(els.map((e) => (e as unknown as { updateComplete?: Promise<unknown> }).updateComplete));
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** A store whose every search answers `answer` (facet counts the dev store catalogs do not have). */
export function fixedStore(answer: Omit<SearchResult, 'offset' | 'limit'>): CatalogStore & { searches: number } {
  const s = {
    baseUrl: 'http://stub.example/store/',
    searches: 0,
    async search() {
      s.searches++;
      return { offset: 0, limit: 10, ...answer };
    },
    async getEntriesByResourceUris() {
      return new Map();
    },
    async getEntry(): Promise<never> {
      throw new Error('not in the stub');
    },
    async getEntryByResourceUri(): Promise<never> {
      throw new Error('not in the stub');
    },
    async lookupByLiteral(): Promise<never> {
      throw new Error('not in the stub');
    },
    async lookupByUri(): Promise<never> {
      throw new Error('not in the stub');
    },
  };
  return s;
}
