/**
 * The CDN loader's head start for a landing block (issue 13 point 12): when it first sees `<dataset-view>` or
 * `<dataservice-view>`, it asks the store for the block's entry and loads the landing UI strings of the block's
 * language while the block's chunk is still on its way. The block then asks the same store client (one per store URL)
 * for the same entry, which joins the request in flight or finds the answer cached: one request, never two. A block
 * that could decide otherwise gets no head start: config files still loading, or (the loader checks) a
 * `<catalog-store-provider>` around it. Nothing here imports Lit: a page whose policy refuses Lit still gets its
 * loader, which then shows why the block is blocked (blocks/base/trusted-types.ts).
 */
import { loadLandingMessages, loadSearchMessages } from '../i18n/index.ts';
import { storeFor, storeUrlOf } from '../store/registry.ts';
import { fetchLocatedEntry, locationOf } from './entry-location.ts';
import { blockLang } from './lang.ts';
import { hasPendingConfigFiles, readPageConfig } from './page-config.ts';

export function startLanding(el: Element): void {
  const doc = el.ownerDocument;
  if (hasPendingConfigFiles(doc)) return;
  const page = readPageConfig(doc);
  void loadLandingMessages(blockLang(el, page));
  const loc = locationOf(el, page);
  // a failure is the block's to show: it asks again and gets the same answer
  if (loc.kind !== 'none') fetchLocatedEntry(storeFor(storeUrlOf(el, page), page), loc).catch(() => {});
}

/** A facet search layout's UI strings, asked for beside the search chunk instead of after it (issue 27 point 2). */
export function startSearchStrings(el: Element): void {
  const doc = el.ownerDocument;
  if (!hasPendingConfigFiles(doc)) void loadSearchMessages(blockLang(el, readPageConfig(doc)));
}
