/**
 * What a migrated page forgot to say, told once each (issue 26 points 4 and 5): after the swap two things that the
 * incumbent's scripts carried are gone from the page.
 * - **The store.** The vendor's CMS plugin writes `entrystore_base` in `window.__entryscape_plugin_config` (read as
 *   the store: src/config/page-config.ts). A page with no store at all reads `/store/` on its own origin, as the
 *   incumbent did; that is rarely where the catalog is, and every request would fail without a word.
 * - **The language.** Pages chose Swedish by loading `opendata-sv.js`. After the swap the language comes from
 *   `page_language` (or `lang` in the configuration), `data-lang` on the catalog-blocks script tag, a `lang` attribute
 *   on the block or around it, or `<html lang>` (a page that says its language there has named it). A page with
 *   none of these follows the visitor's browser.
 */
import { readPageConfig } from '../config/page-config.ts';
import { DEFAULT_STORE_URL } from '../store/registry.ts';
import { warnOnce } from '../config/warn.ts';

/** The parts of a document read here (a DOM document, or a stand-in in unit tests). */
export type CheckedDocument = Pick<Document, 'baseURI' | 'documentElement' | 'defaultView' | 'querySelectorAll'>;

/** Our elements in legacy nodes carry no store of their own unless a node set `storeUrl` (attribute `store-url`). */
const OWN_STORE = '[store-url]';

/** Warns (once per page) when the page names no store, or when a legacy node (`nodes`) has no language from anywhere. */
export function warnPageGaps(doc: CheckedDocument, nodes: readonly Element[]): void {
  if (nodes.length === 0) return;
  const page = readPageConfig(doc as Document);
  if (typeof page.storeUrl !== 'string' && doc.querySelectorAll(OWN_STORE).length === 0) {
    const url = new URL(DEFAULT_STORE_URL, doc.baseURI).href;
    warnOnce(`[catalog-blocks] no store is configured ("entrystore" in window.__entryscape_config, "entrystore_base" in `
      + `window.__entryscape_plugin_config, or data-store-url); the blocks read ${url}, on this page's own origin`);
  }
  const named = (typeof page.lang === 'string' && page.lang.trim() !== '') || !!doc.documentElement?.getAttribute('lang')?.trim()
    || nodes.every((n) => !!n.closest('[lang]')?.getAttribute('lang')?.trim());
  if (!named) {
    warnOnce('[catalog-blocks] this page names no language (page_language, data-lang on the catalog-blocks script tag, '
      + 'a lang attribute on the block, or <html lang>); the blocks follow the visitor\'s browser');
  }
}
