// Shared helpers of the block tests: where the dev store runs, counting store clients, fixtures with a provided
// store, and small DOM queries. Every test file imports what it needs; each file runs alone.
import { fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataservice-view/dataservice-view.ts';

export interface DevStoreInfo {
  storeUrl: string;
  closedStoreUrl: string;
  faultBase: string;
  catalogs: string[];
}

let info: Promise<DevStoreInfo> | undefined;
export function devStore(): Promise<DevStoreInfo> {
  info ??= fetch('/__dev-store').then((r) => r.json() as Promise<DevStoreInfo>);
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

/** A fresh store client (own cache) that records every request URL it sends. */
export function countingStore(baseUrl: string): { store: EntryStoreClient; requests: string[] } {
  const requests: string[] = [];
  const store = new EntryStoreClient(baseUrl, {
    fetch: (input, init) => {
      requests.push(String(input));
      return fetch(input, init);
    },
  });
  return { store, requests };
}

/** Looks an entry up by dcterms:identifier in the dev store (to learn its ids and resource URI). */
export async function entryById(identifier: string): Promise<StoreEntry> {
  const { storeUrl } = await devStore();
  return new EntryStoreClient(storeUrl).lookupByLiteral(identifier);
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
