import { blockDefaults } from '../config/block-overrides.ts';
import type { GlobalConfig } from '../config/params.ts';
import { resetWarnings, warnOnce } from '../config/warn.ts';

/**
 * Incumbent block names (EntryScape Blocks and its opendata extension, behaviour doc §2, §2.9, §2.10) → the element
 * that renders them. Base blocks map to the dataset element that extends them (`simpleSearch` → `<dataset-search>`).
 */
export const BLOCK_TAGS: Readonly<Record<string, string>> = {
  datasetView: 'dataset-view',
  dataserviceView: 'dataservice-view',
  datasetListLayout: 'dataset-list-layout',
  datasetStandaloneListLayout: 'dataset-list-layout',
  datasetSimpleSearchLayout: 'dataset-simple-search-layout',
  datasetMultiSearchLayout: 'dataset-multi-search-layout',
  datasetFacetSearchLayout: 'dataset-facet-search-layout',
  datasetCompactFacetSearchLayout: 'dataset-compact-facet-search-layout',
  datasetFacetSearchPortalLayout: 'dataset-facet-search-portal-layout',
  datasetList: 'dataset-list',
  searchList: 'dataset-list',
  datasetResults: 'dataset-results',
  results: 'dataset-results',
  datasetSearch: 'dataset-search',
  simpleSearch: 'dataset-search',
  datasetMultiSearch: 'dataset-multi-search',
  multiSearch: 'dataset-multi-search',
  datasetFacets: 'dataset-facets',
  facets: 'dataset-facets',
  facets_sv: 'facets-sv',
  facetSearchResponsiveness: 'facet-search-responsiveness',
  datasetExports: 'dataset-exports',
  template: 'catalog-template',
  viewMetadata: 'catalog-metadata',
  distributionList: 'catalog-metadata',
  view: 'catalog-metadata',
  showcaseSearch: 'catalog-showcase-list',
  ideaSearch: 'catalog-showcase-list',
  showcaseList: 'catalog-showcase-list',
  ideaList: 'catalog-showcase-list',
  list: 'catalog-list',
  text: 'catalog-entry-view',
  link: 'catalog-entry-view',
  image: 'catalog-entry-view',
  slider: 'catalog-entry-view',
  expand: 'catalog-entry-view',
  autoVisualizations: 'catalog-entry-view',
};

/** Attributes a block name implies on its element. */
export const BLOCK_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  distributionList: { shows: 'distributions' },
  text: { kind: 'text' },
  link: { kind: 'link' },
  image: { kind: 'image' },
  slider: { kind: 'slider' },
  expand: { kind: 'expand' },
  // the block exists to show them: both parts on unless the call says otherwise
  autoVisualizations: { kind: 'autoVisualizations', 'include-auto-visualizations': 'true', 'include-visualizations': 'true' },
  // the open-data extension's showcase and idea blocks: one element, what it lists by its attributes
  showcaseSearch: { kind: 'showcase' },
  ideaSearch: { kind: 'idea' },
  showcaseList: { kind: 'showcase', 'of-dataset': '' },
  ideaList: { kind: 'idea', 'of-dataset': '' },
};

/** The tag of a built-in block name (undefined: a name this library has no element for). */
export const tagOf = (base: string): string | undefined => (Object.hasOwn(BLOCK_TAGS, base) ? BLOCK_TAGS[base] : undefined);

/** Tests only: forget which warnings were given (every warning of src/config/warn.ts). */
export const resetNameWarnings = resetWarnings;

/**
 * The element of a block name (custom names through the page's `blocks` definitions) with the defaults of those
 * definitions; undefined, with one warning naming the block, when no element renders it.
 */
export function resolveBlock(page: GlobalConfig, name: string): { tag: string; base: string; defaults: Record<string, unknown> } | undefined {
  const found = blockDefaults(page, name);
  if (!found) return undefined;
  const tag = tagOf(found.base);
  if (tag) return { tag, ...found };
  const defined = Array.isArray(page.blocks) && page.blocks.some((d: { block?: unknown } | null) => d?.block === found.base);
  warnOnce(defined
    ? `[catalog-blocks] block "${found.base}" has no "extends" (JavaScript "run" blocks are not supported); its definition is ignored`
    : found.base !== name
      ? `[catalog-blocks] block "${name}" extends the unknown block "${found.base}"; its definition is ignored`
      : `[catalog-blocks] block "${name}" is not supported; nothing is rendered for it`);
  return undefined;
}
