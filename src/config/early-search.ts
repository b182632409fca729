/**
 * The search page's head start (issue 27 point 2), as early-entry.ts is for a landing page: when the CDN loader first
 * sees a facet search layout, it imports this small module (its own chunk, so landing pages never download it) beside
 * the search chunk and the search strings, and this starts the layout's first store search — the store answers while
 * the search chunk is still on its way. The request is built by the search's own code (src/search/query.ts) from what
 * the layout's parts will read: the page address's state (terms, facet filters, sort, page; the page's URL prefix and
 * the layout's scope name) and the parameters the list, the facet column and the search field resolve through the one
 * resolver from the attributes the layout gives them (src/search/layout-parts.ts; `limit`, `sortOrder`, `sortOptions`,
 * `context`, `baseFilter`, types, facets…). The scope's first search joins it in the store client, which
 * keeps one request (and then one answer) per URL (src/store/entrystore.ts); a scope that asks for another (a part
 * configured by a script) leaves this one unused. No head
 * start for what the loader cannot read yet: config files still loading, `blocks` definitions, the page's own
 * `collections` or `query`, or (the loader checks) a `<catalog-store-provider>` around the layout.
 */
import { storeFor, storeUrlOf } from '../store/registry.ts';
import { buildSearchRequest } from '../search/query.ts';
import { readState } from '../search/url.ts';
import {
  DEFAULT_SETTINGS, facetCollections, listSettings, listTypes, pageSizeOf, suggestionCollections,
} from '../search/settings.ts';
import { facetLayoutList, facetsAttributes, listAttributes, multiSearchAttributes, sharedAttributes, type Attrs, type FacetVariant } from '../search/layout-parts.ts';
import type { CollectionName } from '../search/types.ts';
import { blockLang } from './lang.ts';
import { urlPrefix } from './links.ts';
import { hasPendingConfigFiles, readPageConfig } from './page-config.ts';
import type { BlockName } from './params.ts';
import { resolveParams } from './resolve.ts';

/** The facet layouts' block names (their tags: the name in kebab case, and `esb-` + the name in lower case). */
const FACET_LAYOUTS: Readonly<Record<FacetVariant, BlockName>> = {
  facet: 'datasetFacetSearchLayout',
  compact: 'datasetCompactFacetSearchLayout',
  portal: 'datasetFacetSearchPortalLayout',
};

/** Starts the first search of the facet layout `el` of kind `variant` (see above). */
export function startSearch(el: Element, variant: FacetVariant): void {
  const doc = el.ownerDocument;
  if (hasPendingConfigFiles(doc)) return;
  const page = readPageConfig(doc);
  // `blocks` definitions (their reader is a chunk of its own), the page's own `collections` and `query` (read by a
  // lazy chunk before the scope reads the address) would change the request: the scope asks for its own
  if (page.blocks !== undefined || page.collections !== undefined || page.query !== undefined) return;
  const block = FACET_LAYOUTS[variant];
  const layout = resolveParams(block, el, page);
  const lang = blockLang(el, page);
  const scope = el.getAttribute('scope')?.trim() || 'default';
  const shared = sharedAttributes(el, scope);
  const typeFilter = variant !== 'portal' && layout.typeFilter === true;
  // The parts as the layout will render them: their parameters resolve from the attributes it gives them
  const part = (tag: string, attrs: Attrs, name: BlockName) => resolveParams(name, detached(doc, tag, attrs), page, layout, name);
  const list = part('dataset-list', listAttributes(shared, facetLayoutList(variant, typeFilter)), 'datasetList');
  // The facet column asks its scope to count its collections first, then the search field adds what it suggests
  const facets: CollectionName[] = facetCollections(part('dataset-facets', facetsAttributes(shared, { typeFilter, compact: variant === 'compact' }), 'datasetFacets'));
  for (const f of suggestionCollections(part('dataset-multi-search', multiSearchAttributes(shared), 'datasetMultiSearch'))) if (!facets.includes(f)) facets.push(f);
  const { pageInUrl: _, ...configured } = listSettings(list, listTypes(list, DEFAULT_SETTINGS.types), pageSizeOf(list.limit, list.limitOptions, DEFAULT_SETTINGS.pageSize), lang);
  const settings = { ...DEFAULT_SETTINGS, ...configured, facets };
  const store = storeFor(storeUrlOf(el, page), page);
  const state = readState(new URL(doc.location.href), scope, urlPrefix(page));
  // a failure is the scope's to show: it joins this request (the same URL) and gets the same error
  store.search(buildSearchRequest(state, settings, { storeBaseUrl: store.baseUrl, seenFormats: {} })).catch(() => {});
}

/**
 * An element with `tag` and `attrs` that is never put into the page (the resolver reads its attributes). Outside the
 * HTML namespace, so no custom element is ever made of it, even when the tag is defined.
 */
function detached(doc: Document, tag: string, attrs: Attrs): Element {
  const el = doc.createElementNS(null, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) el.setAttribute(name, value);
  return el;
}
