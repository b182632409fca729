// Shared helpers of the block tests: where the dev store runs, counting store clients, fixtures with a provided
// store, and small DOM queries. Every test file imports what it needs; each file runs alone.
import { fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { FILE_STORE } from '../../src/store/file/base.ts';
import { catalogFetch } from '../../src/store/file/file-store.ts';
import type { FetchLike } from '../../src/store/http.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataservice-view/dataservice-view.ts';

export interface DevStoreInfo {
  storeUrl: string;
  /** The demo catalog on a store without related.* indexing (a default EntryStore; dev-store-plugin.mjs). */
  plainStoreUrl: string;
  closedStoreUrl: string;
  faultBase: string;
  catalogs: string[];
}

/**
 * The catalog file (path from the repository root) these tests read through the file store instead of the dev store,
 * set by a file-store group of web-test-runner.config.mjs; undefined: the dev store. The file store reads one file: its
 * one context is "1", the ids of its entries minted in file order as the dev store mints them.
 */
export const catalogFile: string | undefined = (window as { __catalogBlocksFileStore?: string }).__catalogBlocksFileStore;

/** Which store the tests of this page read: 'dev' (the dev store over HTTP) or 'file' (catalogFile in the file store). */
export const storeMode: 'dev' | 'file' = catalogFile ? 'file' : 'dev';

/** The file store's base URL for a catalog file of this repository (path from its root): `{file URL}#store/`. */
export const fileStoreUrl = (file: string): string => new URL(`/${file}`, location.href).href + FILE_STORE;

let info: Promise<DevStoreInfo> | undefined;
/** Where the store of these tests is: the dev store's URL, or (file store) the catalog file's store base `{file}#store/`. */
export function devStore(): Promise<DevStoreInfo> {
  info ??= fetch('/__dev-store')
    .then((r) => r.json() as Promise<DevStoreInfo>)
    .then((i) => (catalogFile ? { ...i, storeUrl: fileStoreUrl(catalogFile) } : i));
  return info;
}

/** An absolute URL of a fault route: `/__faults/<kind>/<arg>/store/`. */
export function faultStoreUrl(kind: string, arg: string): string {
  return new URL(`/__faults/${kind}/${arg}/store/`, location.href).href;
}

export async function faultControl(kind: 'release' | 'up' | 'down', key: string): Promise<void> {
  await fetch(`/__faults/${kind}/${key}`, { method: 'POST' });
}

let keys = 0;
/** A key unique to this page load (fault routes keep state per key). */
export function uniqueKey(name: string): string {
  return `${name}-${Date.now().toString(36)}-${++keys}`;
}

/**
 * A fresh store client of `baseUrl` (own cache), made as the blocks' default factory makes it: a catalog file's store
 * (`{file}#store/`) reads the file through the file store. `requests` (when given) records every request URL it sends.
 */
export function storeClient(baseUrl: string, requests?: string[]): EntryStoreClient {
  const send: FetchLike = baseUrl.endsWith(FILE_STORE) ? catalogFetch(baseUrl) : (input, init) => fetch(input, init);
  const options = { fetch: ((input, init) => (requests?.push(String(input)), send(input, init))) as FetchLike };
  return new EntryStoreClient(baseUrl, baseUrl.endsWith(FILE_STORE) ? { ...options, transport: 'cors' } : options);
}

/** A fresh store client (own cache) that records every request URL it sends. */
export function countingStore(baseUrl: string): { store: EntryStoreClient; requests: string[] } {
  const requests: string[] = [];
  const store = storeClient(baseUrl, requests);
  return { store, requests };
}

/** Looks an entry up by dcterms:identifier in the tests' store (dev or file) (to learn its ids and resource URI). */
export async function entryById(identifier: string): Promise<StoreEntry> {
  const { storeUrl } = await devStore();
  return storeClient(storeUrl).lookupByLiteral(identifier);
}

/**
 * Another catalog file the dev store loads, as these tests read it: in the dev store (where every catalog is a context
 * of the one store), or in the file store reading that file alone. `contextId`: the context of the entry `identifier`
 * (read, never assumed).
 */
export async function catalogIn(file: string, identifier: string): Promise<{ storeUrl: string; contextId: string }> {
  const storeUrl = storeMode === 'file' ? fileStoreUrl(file) : (await devStore()).storeUrl;
  return { storeUrl, contextId: (await storeClient(storeUrl).lookupByLiteral(identifier)).contextId };
}

/** Renders `template` inside a `<catalog-store-provider>` that provides `store`. */
export async function withStore<T extends Element>(store: CatalogStore, template: TemplateResult): Promise<T> {
  const provider = await fixture(html`<catalog-store-provider .store=${store}>${template}</catalog-store-provider>`);
  return provider.firstElementChild as T;
}

/** Waits until the block's load settled; returns its state. */
export async function settled(el: Element): Promise<string> {
  return (el as CatalogBlock).loadComplete;
}

export const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Heading levels in document order. */
export function headingLevels(root: Element): number[] {
  return [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.localName.slice(1)));
}

/** True when no heading is more than one level deeper than the one before it (and the first is `first`). */
export function headingsWellFormed(levels: number[], first: number): boolean {
  if (levels.length === 0 || levels[0] !== first) return false;
  for (let i = 1; i < levels.length; i++) if (levels[i]! > levels[i - 1]! + 1) return false;
  return true;
}

/** Captures console.warn calls while `fn` runs. */
export async function captureWarnings(fn: () => Promise<unknown> | unknown): Promise<string[]> {
  const seen: string[] = [];
  const orig = console.warn;
  console.warn = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
  };
  try {
    await fn();
  } finally {
    console.warn = orig;
  }
  return seen;
}

/** Puts `?query` / `#hash` on the test page URL for the duration of a test (restored by the returned function). */
export function setPageUrl(search: string, hash = ''): () => void {
  const before = location.href;
  history.replaceState(null, '', `${location.pathname}${search}${hash}`);
  return () => history.replaceState(null, '', before);
}

/**
 * rdflib's browser build, loaded once as a classic script (its ES module build cannot load in the test runner: a
 * CommonJS XML dependency). `T` is the slice of its API the caller uses.
 */
export async function rdflibBrowserBuild<T>(): Promise<T> {
  const w = window as unknown as { $rdf?: T };
  if (!w.$rdf) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/rdflib/dist/rdflib.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('rdflib browser build not found'));
      document.head.append(script);
    });
  }
  return w.$rdf!;
}
