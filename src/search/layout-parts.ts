/**
 * The parts a search layout renders and the attributes each part gets (behaviour doc §2.4–§2.8): parameters handed down
 * as `inherit` (an unset value on the layout leaves the part's own default, behaviour doc §8) and the layout's own
 * scope, store, language and HTML mode. Plain data: blocks/search-base/layout.ts renders the parts with them, and a search
 * started before the blocks (issue 27 point 2) can resolve the parts' parameters from them the same way.
 */
export type Attrs = Readonly<Record<string, string | undefined>>;

/** Parameters a layout forwards to `<dataset-list>` (behaviour doc §2.4–§2.6). */
export interface ListForwarding {
  readonly legend?: boolean;
  readonly extras?: boolean;
  readonly sorting?: boolean;
  readonly services?: boolean;
  readonly indicators?: boolean;
  /** FP: registry mode implied (rows show format badges in every layout). */
  readonly portal?: boolean;
  readonly typeFilter?: boolean;
}

/** The facet layouts: FS, the compact one (CFS) and the portal one (FP). */
export type FacetVariant = 'facet' | 'compact' | 'portal';

const inherit = (on: boolean | undefined): string | undefined => (on ? 'inherit' : undefined);

/** `inherit` for each of the space-separated attribute names. */
const inheritAll = (names: string): Attrs => Object.fromEntries(names.split(' ').map((name) => [name, 'inherit']));

/** Parameters a layout always hands down with `inherit`, per part (the extra ones of EXTRA_PARAMS among them). */
const INHERIT_SEARCH = inheritAll('minimum-search-length placeholder');
const INHERIT_MULTI = inheritAll('minimum-search-length placeholder open-on-focus');
const INHERIT_LIST = inheritAll('limit limit-options sort-options base-filter facet-limit namedclick click hl page-in-url '
  + 'include-auto-visualizations include-data-preview sort-order');
const INHERIT_FACETS = inheritAll('include exclude facet-limit hl hvd-filter');

/** The layout's own attributes each part gets too (see `sharedAttributes`). */
const SHARED_ATTRIBUTES = ['store-url', 'lang', 'strict-standard-html', 'no-styles', 'context'];

/**
 * Attributes every part gets: the layout's scope name, store, language, HTML mode and styles, and its `context`
 * (restricts the search to one context of the store; read by the list, which configures the scope).
 */
export function sharedAttributes(layout: Element, scope: string): Attrs {
  return { scope, ...Object.fromEntries(SHARED_ATTRIBUTES.map((name) => [name, layout.getAttribute(name) ?? undefined])) };
}

/** `<dataset-search>`. */
export const searchAttributes = (shared: Attrs): Attrs => ({ ...shared, ...INHERIT_SEARCH });

/** `<dataset-multi-search>`. */
export const multiSearchAttributes = (shared: Attrs): Attrs => ({ ...shared, ...INHERIT_MULTI });

export function listAttributes(shared: Attrs, f: ListForwarding): Attrs {
  const extras = f.extras !== false;
  return {
    ...shared,
    ...INHERIT_LIST,
    // the layout's own `context` attribute, else whatever the layout resolved (override defaults, page config)
    context: shared.context ?? 'inherit',
    'include-extras': inherit(extras),
    'include-visualizations': inherit(extras),
    'include-tabbed-visualizations': inherit(extras),
    'include-services': inherit(f.services),
    'include-indicators': inherit(f.indicators),
    legend: inherit(f.legend),
    'type-filter': inherit(f.typeFilter),
    registry: f.portal ? 'true' : undefined,
  };
}

export function facetsAttributes(shared: Attrs, opts: { typeFilter: boolean; compact?: boolean }): Attrs {
  return {
    ...shared,
    ...INHERIT_FACETS,
    'type-filter': inherit(opts.typeFilter),
    variant: opts.compact ? 'compact' : undefined,
    // The layout shows "Clear all filters" itself, in the result column (visible when the panel is collapsed).
    'no-clear-all': '',
  };
}

/** What a facet layout's list gets: FP lists with indicators and registry badges, the others with extras and services. */
export function facetLayoutList(variant: FacetVariant, typeFilter: boolean): ListForwarding {
  const portal = variant === 'portal';
  return { legend: !portal, extras: !portal, services: !portal, indicators: portal, portal, typeFilter };
}
