// Shared helpers of the list block tests (dataset-list, pagination, dataset-results, dataset-list-layout): blocks
// created with attributes inside a fresh fixture, the paging catalog's context id (read from an entry, never
// assumed), row queries and a unique scope name per test (scopes are per document and would otherwise be shared).
import { fixture, html } from '@open-wc/testing';
import type { CatalogStore } from '../../src/store/types.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-results/dataset-results.ts';
import '../../blocks/dataset-list-layout/dataset-list-layout.ts';
import { catalogIn, entryById, text } from './helpers.ts';

let scopes = 0;
/** A scope name no other test of this page uses. */
export function freshScope(name = 's'): string {
  return `${name}${Date.now().toString(36)}x${++scopes}`;
}

let pagingContext: Promise<string> | undefined;
/** Context id of test/fixtures/paging-catalog.ttl in the dev store. */
export function pagingContextId(): Promise<string> {
  pagingContext ??= entryById('paging-01').then((e) => e.contextId);
  return pagingContext;
}

let blocksCatalogAt: Promise<{ storeUrl: string; contextId: string }> | undefined;
/** test/fixtures/blocks-catalog.ttl: its store (the dev store, or the file store reading it alone) and context id. */
export function blocksCatalog(): Promise<{ storeUrl: string; contextId: string }> {
  blocksCatalogAt ??= catalogIn('test/fixtures/blocks-catalog.ttl', 'blocks-ds1');
  return blocksCatalogAt;
}

/** Context id of test/fixtures/blocks-catalog.ttl in the dev store. */
export const blocksContextId = (): Promise<string> => blocksCatalog().then((c) => c.contextId);

/** Creates `<tag attrs…>` (inside a `<catalog-store-provider>` when `store` is given) and waits for its first render. */
export async function block<T extends CatalogBlock>(tag: string, attrs: Record<string, string>, store?: CatalogStore): Promise<T> {
  const el = document.createElement(tag) as T;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (store) {
    const provider = await fixture(html`<catalog-store-provider .store=${store}></catalog-store-provider>`);
    provider.append(el);
  } else {
    const wrapper = await fixture(html`<div></div>`);
    wrapper.append(el);
  }
  await el.updateComplete;
  return el;
}

export const rows = (el: Element): HTMLElement[] => [...el.querySelectorAll<HTMLElement>('.entryList > li.esbRow')];
export const rowTitles = (el: Element): string[] => rows(el).map((r) => text(r.querySelector('.esbRowTitle')));
export const rowByTitle = (el: Element, title: string): HTMLElement => {
  const row = rows(el).find((r) => text(r.querySelector('.esbRowTitle')) === title);
  if (!row) throw new Error(`no row "${title}" in [${rowTitles(el).join(', ')}]`);
  return row;
};
export const expandButton = (row: Element): HTMLButtonElement => row.querySelector<HTMLButtonElement>('button.esbRowExpandButton')!;

/** Waits until `predicate` holds, re-checking after each animation frame (no timed assertions; gives up after 5 s). */
export async function until(predicate: () => boolean, what = 'condition'): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
