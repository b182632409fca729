/**
 * The reader of `blocks` definitions (./block-overrides.ts) loaded only for a page configuration that has some (most
 * pages have none; the resolver, which every page loads, imports this small module instead). Until it is loaded, and
 * on pages without `blocks`, no block has override defaults: blocks wait for `overridesLoading` as for config files
 * (blocks/base/catalog-block.ts). The legacy and template layers, lazy themselves, import the reader directly.
 */
import type { GlobalConfig } from './params.ts';

type Reader = typeof import('./block-overrides.ts');
let reader: Pick<Reader, 'blockDefaults'> | undefined;
let loading: Promise<void> | undefined;

/** The defaults `blocks` definitions give `name` (./block-overrides.ts), once the reader is loaded; else undefined. */
export const blockDefaults = (page: GlobalConfig, name: string): ReturnType<Reader['blockDefaults']> => reader?.blockDefaults(page, name);

/** A promise while the reader is loading for a page with `blocks` (undefined: nothing to wait for). */
export function overridesLoading(page: GlobalConfig): Promise<void> | undefined {
  if (reader || !Array.isArray(page.blocks) || !page.blocks.length) return undefined;
  loading ??= import('./block-overrides.ts').then((m) => { reader = m; }, (e: unknown) => {
    reader = { blockDefaults: () => undefined };
    console.error('[catalog-blocks] the blocks definitions could not be loaded', e);
  });
  return loading;
}
