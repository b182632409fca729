/**
 * The CDN loader's head start for a search page (issue 27 point 2), as early-entry.ts is for a landing page: when it
 * first sees a facet search layout, it starts the layout's first store search and loads the search UI strings of its
 * language while the search chunk is still on its way — the rows then wait for one round trip after the loader, not
 * three. The request is built by the search's own code (src/search/query.ts) from what the layout's parts will read:
 * the page address's state (terms, facet filters, sort, page; the page's URL prefix and the layout's scope name) and
 * the parameters the list and the facet column resolve (src/search/layout-parts.ts gives their attributes; `limit`,
 * `sortOrder`, `sortOptions`, `context`, `baseFilter`, types, facets…) through the one resolver. The scope adopts the
 * request when its own first one is the same (src/search/early.ts); anything the loader cannot know yet (a `blocks`
 * definition, whose reader is a chunk of its own; a part configured by a script) makes the scope ask for its own, and
 * this one is cancelled. Config files still loading, or a `<catalog-store-provider>` around the layout (the loader
 * checks), give no head start.
 */
import { loadSearchMessages } from '../i18n/index.ts';
import { storeFor, storeUrlOf } from '../store/registry.ts';
import { buildSearchRequest } from '../search/query.ts';
import { readState } from '../search/url.ts';
import { startEarlySearch } from '../search/early.ts';
import {
  DEFAULT_SETTINGS, facetCollections, listSettings, listTypes, pageSizeOf, suggestionCollections,
} from '../search/settings.ts';
import { facetLayoutList, facetsAttributes, listAttributes, searchAttributes, sharedAttributes, type Attrs, type FacetVariant } from '../search/layout-parts.ts';
import type { CollectionName } from '../search/types.ts';
import { blockLang } from './lang.ts';
import { urlPrefix } from './links.ts';
import { hasPendingConfigFiles, readPageConfig } from './page-config.ts';
import type { BlockName } from './params.ts';
import { resolveParams } from './resolve.ts';

/** The facet layouts by block name (tags: the name in kebab case, and `esb-` + the name in lower case). */
const FACET_LAYOUTS: Readonly<Partial<Record<BlockName, FacetVariant>>> = {
  datasetFacetSearchLayout: 'facet',
  datasetCompactFacetSearchLayout: 'compact',
  datasetFacetSearchPortalLayout: 'portal',
};

const layoutOf = (tag: string): BlockName | undefined => (Object.keys(FACET_LAYOUTS) as BlockName[]).find((name) =>
  tag === `esb-${name.toLowerCase()}` || tag === name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));

/**
 * Starts the first search of the facet layout `el` (see above). Returns the layout's parameters (the loader loads
 * the sort select beside the search chunk when it shows one), or undefined when it gave no head start.
 */
export function startSearch(el: Element): { readonly includeSorting?: unknown } | undefined {
  const block = layoutOf(el.localName);
  const doc = el.ownerDocument;
  if (!block || hasPendingConfigFiles(doc)) return undefined;
  const page = readPageConfig(doc);
  const layout = resolveParams(block, el, page);
  const lang = blockLang(el, page);
  void loadSearchMessages(lang);
  const variant = FACET_LAYOUTS[block]!;
  const scope = el.getAttribute('scope')?.trim() || 'default';
  const shared = sharedAttributes(el, scope);
  const typeFilter = variant !== 'portal' && layout.typeFilter === true;
  // The parts as the layout will render them: their parameters resolve from the attributes it gives them
  const part = (tag: string, attrs: Attrs, name: BlockName) => resolveParams(name, detached(doc, tag, attrs), page, layout, name);
  const list = part('dataset-list', listAttributes(shared, facetLayoutList(variant, typeFilter)), 'datasetList');
  // The facet column asks its scope to count its collections first, then the search field adds what it suggests
  const facets: CollectionName[] = facetCollections(part('dataset-facets', facetsAttributes(shared, { typeFilter, compact: variant === 'compact' }), 'datasetFacets'));
  for (const f of suggestionCollections(part('dataset-multi-search', searchAttributes(shared), 'datasetMultiSearch'))) if (!facets.includes(f)) facets.push(f);
  const { pageInUrl: _, ...configured } = listSettings(list, listTypes(list, DEFAULT_SETTINGS.types), pageSizeOf(list.limit, list.limitOptions, DEFAULT_SETTINGS.pageSize), lang);
  const settings = { ...DEFAULT_SETTINGS, ...configured, facets };
  const store = storeFor(storeUrlOf(el, page), page);
  const state = readState(new URL(doc.location.href), scope, urlPrefix(page));
  startEarlySearch(store, scope, buildSearchRequest(state, settings, { storeBaseUrl: store.baseUrl, seenFormats: {} }));
  return layout;
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
