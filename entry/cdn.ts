/**
 * The CDN entry (`dist/cdn/catalog-blocks.js`): a small loader that defines each block when the page uses it, so a
 * landing page downloads the landing-page code and a search page the search code, never both. It looks for the tags
 * of every block (and their legacy `esb-` names) in the document and watches for elements added later (a layout's
 * parts, blocks inserted by scripts); the first element of a tag loads that block's module (a lazy chunk beside this
 * file), and the browser upgrades the element. `loadBlocks()` loads blocks up front (all of them without arguments),
 * e.g. before `customElements.get(tag)`. The npm entry (`entry/index.ts`) and the IIFE (`entry/classic.ts`, without the map and preview parts) register their blocks at once.
 * Pages written for EntryScape Blocks (`data-entryscape…` markup, `window.__entryscape_blocks`) get the legacy layer
 * as one more lazy chunk; pages without them pay only the small SPA handle below.
 */
import { BLOCK_LOADERS } from './block-loaders.ts';
import { provideApi, type LegacyApi } from '../src/legacy/ready.ts';
import { startLanding, startSearchStrings } from '../src/config/early-entry.ts';
import { useLoaderScript } from '../src/config/page-config.ts';

const PROVIDER = 'catalog-store-provider';
/** Tag → import of its module, for the tags not loaded yet. */
const pending = new Map(BLOCK_LOADERS);
/** Every tag the loader knows. */
const TAGS = [...pending.keys()];
const loading = new Map<string, Promise<void>>();
/** The tags not loaded yet, as one selector (`join()`: comma-separated). */
let selector = TAGS.join();
/**
 * EntryScape Blocks markup (`data-entryscape…`, its JSON and Handlebars scripts; issue 10): the first such node, or
 * the page's early configuration, or a call of the SPA handle loads the legacy chunk, which mounts and watches from
 * then on (src/legacy/index.ts). The selector of src/legacy/mount.ts, shorter.
 */
const LEGACY = '[data-entryscape],[data-entryscape-block],[data-entryscape-component],script[type^="text/x-entryscape"]';
let legacy: Promise<typeof import('../src/legacy/index.ts')> | undefined;
const loadLegacy = () => (legacy ??= import('../src/legacy/index.ts').then((m) => (m.startLegacy(document), m)));

/** The bundler's helper file, named by the CDN build only (vite.config.ts); undefined when run from source. */
declare const CDN_RUNTIME_FILE: string | undefined;
let runtimeAsked = false;
/**
 * Asks for the bundler's helper file, which the block chunks and their strings import, at once: it then arrives with
 * the first block's chunk instead of one round trip after it (issue 27 point 2).
 */
function preloadRuntime(): void {
  if (runtimeAsked || typeof CDN_RUNTIME_FILE !== 'string') return;
  runtimeAsked = true;
  const href = new URL(CDN_RUNTIME_FILE, import.meta.url).href;
  // (a failure shows where a chunk imports it)
  import(/* @vite-ignore */ href).catch(() => {});
}

function load(tag: string): Promise<void> {
  const started = loading.get(tag);
  if (started) return started;
  const loader = pending.get(tag);
  if (!loader) return Promise.resolve();
  pending.delete(tag);
  preloadRuntime();
  selector = [...pending.keys()].join();
  // A block inside a <catalog-store-provider> asks for its store when it connects: the provider (a chunk of its own)
  // is defined first, or the block would not find it and use the page's store.
  const done = (tag !== PROVIDER && document.querySelector(PROVIDER) ? load(PROVIDER) : Promise.resolve()).then(loader).then(
    () => {},
    // Trusted Types refused Lit: the blocks say so in plain text (and one console error names the CSP directive)
    (e: unknown) => import('../blocks/base/trusted-types.ts').then((m) => m.showBlocked(document, e), () => false).then((shown) => {
      if (!shown) console.error(`[catalog-blocks] <${tag}> could not be loaded`, e);
    }),
  );
  loading.set(tag, done);
  return done;
}

/** The facet search layouts (dataset-facet-search-layout, its compact and portal kinds) and their esb- names. */
const FACET_LAYOUT = /^(dataset-(compact-)?facet-search(-portal)?-layout|esb-dataset(compact)?facetsearch(portal)?layout)$/;

/**
 * The first element of a tag loads its block. Alongside: a landing block's entry and strings, a facet search layout's
 * strings (early-entry.ts).
 */
function start(el: Element): void {
  const tag = el.localName;
  if (!pending.has(tag)) return;
  void load(tag);
  // inside a provider the block asks the provider's store
  if (el.closest(PROVIDER)) return;
  // <dataset-view>, <dataservice-view> and their esb- names
  if (/(set|service)-?view$/.test(tag)) startLanding(el);
  else if (FACET_LAYOUT.test(tag)) startSearchStrings(el);
}

/** Loads the blocks found at and under `node`. */
function scan(node: Element | Document): void {
  const el = node instanceof Element ? node : undefined;
  if (!legacy && (el?.matches(LEGACY) || node.querySelector(LEGACY))) void loadLegacy();
  if (el) start(el);
  if (selector) for (const found of node.querySelectorAll(selector)) start(found);
}

const observer = new MutationObserver((records) => {
  for (const record of records) {
    if (!selector && legacy) return observer.disconnect();
    for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) scan(node as Element);
  }
});

/** Defines the blocks with these tags (every block without arguments); resolves when they are registered. */
export function loadBlocks(tags: readonly string[] = TAGS): Promise<void> {
  return Promise.all(tags.map((t) => load(t.toLowerCase()))).then(() => undefined);
}

if (typeof document !== 'undefined') {
  // Our own script tag (this module, or the classic script beside it): its `data-lang` says the page's language.
  const base = (u: string) => u.replace(/[?#].*/, '');
  const own = [import.meta.url, new URL('catalog-blocks.iife.js', import.meta.url).href].map(base);
  useLoaderScript([...document.scripts].find((s) => s.src && own.includes(base(s.src))));
  // The SPA handle: each method loads the legacy chunk, which then puts the real handle in its place.
  const methods: (keyof LegacyApi)[] = ['init', 'clear', 'setEntryStore', 'addConfig', 'checkStore'];
  provideApi(window, Object.fromEntries(methods.map((name) =>
    [name, (arg?: unknown) => loadLegacy().then((m) => m.legacyApi(document)[name](arg as string))])) as unknown as LegacyApi);
  const w = window as { __esb_config?: unknown; __entryscape_plugin_config?: unknown };
  if (w.__esb_config || w.__entryscape_plugin_config) void loadLegacy();
  observer.observe(document, { childList: true, subtree: true });
  scan(document);
}
