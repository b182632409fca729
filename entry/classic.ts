/**
 * The classic script (`dist/cdn/catalog-blocks.iife.js`), for pages that can only add a plain `<script src>`: it
 * loads the CDN loader `catalog-blocks.js` beside it (a classic script may `import()` modules), so a classic page runs
 * the same program as a module page — every block, the rich content (maps, charts, previews) included, each chunk
 * when the page uses its tag — and stays a few hundred bytes. Like the module form it needs the CDN to allow CORS when
 * it is on another origin. Synchronously it puts up what pages use before the blocks load: `window.CatalogBlocks`
 * (`loadBlocks(tags?)`, as the module's) and the EntryScape Blocks SPA handle with its readiness signal.
 */
import { provideApi, type LegacyApi } from '../src/legacy/ready.ts';

type Loader = typeof import('./cdn.ts');
type ClassicWindow = Window & { __entryscape_blocks?: LegacyApi };

const script = document.currentScript;
const base = script instanceof HTMLScriptElement && script.src ? script.src : document.baseURI;
const loader: Promise<Loader> = import(/* @vite-ignore */ new URL('catalog-blocks.js', base).href);
loader.catch((e: unknown) => {
  // a Trusted Types refusal of Lit is reported by the loader itself, with the fallback text (blocks/base/trusted-types.ts)
  if (!/createPolicy|TrustedType/.test(String(e))) console.error('[catalog-blocks] catalog-blocks.js (beside catalog-blocks.iife.js) could not be loaded', e);
});

/** `CatalogBlocks.loadBlocks(tags?)` (the build names the classic script's exports `CatalogBlocks`): the module's. */
export const loadBlocks = (tags?: readonly string[]): Promise<void> => loader.then((m) => m.loadBlocks(tags));

const win = window as ClassicWindow;
// The handle until the loader puts its own in place (which loads the legacy layer on the first call).
const methods: (keyof LegacyApi)[] = ['init', 'clear', 'setEntryStore', 'addConfig'];
const early = Object.fromEntries(methods.map((name) => [name, (arg?: unknown) => loader.then(() => {
  const api = win.__entryscape_blocks;
  if (!api || api === early) throw new Error('[catalog-blocks] the EntryScape Blocks handle is not available');
  return api[name](arg as string);
})])) as unknown as LegacyApi;
provideApi(window, early);
