/**
 * The legacy layer (issue 10): pages written for EntryScape Blocks render with our elements. `startLegacy` mounts the
 * legacy nodes of the document (after parsing, so that scripts have their bodies and configuration nodes later in the
 * page are seen first), watches for nodes added later (CMS widgets, SPAs) and puts the SPA handle on the window.
 * The CDN loader imports this chunk only when a page has a legacy form or calls the handle (it signals readiness
 * itself); the classic script and the npm entry start it through ./standalone.ts.
 */
import { readPageConfig } from '../config/page-config.ts';
import {
  addEarlyConfig, addPageConfig, clearLegacy, LEGACY_SELECTOR, mountLegacy, refreshBlocks, restoreSessionConfig, retryUnmounted,
} from './mount.ts';
import type { LegacyApi } from './ready.ts';
import { warnUnsupportedKeys } from './config-keys.ts';
import { warnPageGaps } from './page-checks.ts';

/** The page's store and language named? (once each: ./page-checks.ts) */
const checkPage = (doc: Document): void => warnPageGaps(doc, [...doc.querySelectorAll(LEGACY_SELECTOR)]);

/** With global `spa: true` the page mounts through `init()` only (as with the incumbent): it may configure first. */
const spaPage = (doc: Document): boolean => readPageConfig(doc).spa === true;

function mountAndRefresh(doc: Document, root: Element | Document = doc): void {
  if (spaPage(doc)) return;
  if (mountLegacy(root)) refreshBlocks(doc);
  checkPage(doc);
}

/** The SPA handle for `doc`'s window (methods as in src/legacy/ready.ts). */
export function legacyApi(doc: Document): LegacyApi {
  const win = doc.defaultView!;
  const configured = (config: unknown): void => {
    addPageConfig(win, config, true);
    refreshBlocks(doc);
  };
  return {
    init(config?: unknown) {
      addEarlyConfig(win);
      restoreSessionConfig(win);
      if (config !== undefined) addPageConfig(win, config);
      retryUnmounted();
      warnUnsupportedKeys(readPageConfig(doc));
      mountLegacy(doc);
      refreshBlocks(doc);
      checkPage(doc);
      return Promise.resolve();
    },
    clear: () => clearLegacy(win),
    setEntryStore: (url: string) => configured({ entrystore: url }),
    addConfig: configured,
    checkStore: (storeUrl?: string) => import('./check-store.ts').then((m) => m.checkStore(doc, storeUrl)),
  };
}

const started = new WeakSet<Document>();

/** Mounts the legacy nodes of `doc` now (or when it is parsed) and from then on every one added; `api` goes on the window. */
export function startLegacy(doc: Document, api: LegacyApi = legacyApi(doc)): void {
  if (started.has(doc)) return;
  started.add(doc);
  const win = doc.defaultView as (Window & { __entryscape_blocks?: LegacyApi }) | null;
  if (win) win.__entryscape_blocks = api;
  const run = (): void => {
    if (win) addEarlyConfig(win);
    warnUnsupportedKeys(readPageConfig(doc));
    if (!spaPage(doc)) mountLegacy(doc);
    refreshBlocks(doc);
    if (!spaPage(doc)) checkPage(doc);
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType !== Node.ELEMENT_NODE) continue;
          const el = n as Element;
          if (el.matches(LEGACY_SELECTOR) || el.querySelector(LEGACY_SELECTOR)) mountAndRefresh(doc, el);
        }
      }
    }).observe(doc, { childList: true, subtree: true });
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
