/**
 * Custom facet collections: the incumbent's global `collections` key (issue 26 point 4), as a national portal and
 * municipal sites write it:
 *   `{ name: 'sex', label: 'Kön' | { sv, en }, property: 'foaf:gender', nodetype: 'literal' | 'uri', related?: true,
 *      limit?: 5, vocab?: { male: { sv: 'Man' } }, includeAsFacet?: false, type?: 'facet' | 'search' | 'rdforms' }`.
 * Each becomes one more collection beside the built-in ones (theme, org, …): counted with the results, filtered OR
 * within and AND across groups, written to the URL as `esc_<name>`, shown by the facet blocks after the built-in
 * groups and offered by the multi search box — the one facet mechanism of ./facets.ts, not a second one.
 * - A definition named like a built-in collection (`theme`, `keyword`, `org` …, which real configurations redeclare
 *   with the same property) keeps the built-in facet, with its translated heading and labels.
 * - `type: 'search' | 'rdforms' | 'preload'` and `templatesource` are counted like a facet (values from the store's
 *   counts, labelled from `vocab`, the bundled vocabularies or the URI's last part); `nodetype: 'integer'` and the
 *   non-facet types (`inline` lists, `range`, `check`, `radio`) are not supported: one warning each, left out.
 * The definitions (and the `query` template) are read by ./page-keys.ts, a lazy chunk loaded only for a page
 * configuration that has them (./page-keys-loader.ts): every search block waits for it before it joins its scope
 * (blocks/search-base/scope-part.ts), so a scope reads them from the URL from the start. This module is the small
 * registry every search page carries.
 */
import { msg, type Lang } from '../i18n/index.ts';
import { COLLECTION_NAMES, type CollectionName } from './types.ts';

export type Texts = string | Readonly<Record<string, string>>;

export interface CustomCollection {
  readonly name: string;
  /** The group heading: a text, or texts per language. */
  readonly label: Texts;
  readonly nodetype: 'uri' | 'literal';
  /** Solr fields counted and filtered (the property's, with `related.` for `related: true`). */
  readonly fields: readonly string[];
  /** Values shown before "Show more" (`limit`). */
  readonly shownBeforeMore?: number;
  /** Labels of values (`vocab`): value → text or texts per language. */
  readonly vocab: Readonly<Record<string, Texts>>;
  /** Shown by the facet blocks without `include` naming it (`includeAsFacet`, default true). */
  readonly facet: boolean;
}

/** The page's custom collections, in definition order (written by ./page-keys.ts). */
export const custom = new Map<string, CustomCollection>();
/** Counts the changes of the definitions (a scope that read its URL state before a change reads it again). */
export const collectionsChanges = { count: 0 };
export const collectionsVersion = (): number => collectionsChanges.count;

/** The custom collection `name` (undefined: a built-in name or none). */
export const customCollection = (name: string): CustomCollection | undefined => custom.get(name);

/** Every collection name: the built-in ones, then the page's custom ones in definition order. */
export const collectionNames = (): CollectionName[] => [...COLLECTION_NAMES, ...custom.keys()];

/** The custom collections the facet blocks show by default (`includeAsFacet` not false). */
export const customFacetNames = (): CollectionName[] => [...custom.values()].filter((c) => c.facet).map((c) => c.name);

/** A text of a label or vocabulary entry in `lang`: its own, else English, else the first; with its language. */
export function textIn(t: Texts, lang: string): { text: string; lang?: string } {
  if (typeof t === 'string') return { text: t };
  const l = t[lang] !== undefined ? lang : t.en !== undefined ? 'en' : Object.keys(t)[0];
  return l ? { text: String(t[l]), lang: l } : { text: '' };
}

/**
 * The heading of a collection in `lang`: a custom collection's `label` (with its language when it is a text per
 * language other than `lang`), else the UI string `facet.<name>` ("Theme", "Tema").
 */
export function collectionLabel(name: CollectionName, lang: Lang): { text: string; lang?: string } {
  const c = custom.get(name);
  if (!c) return { text: msg(lang, `facet.${name}`) };
  const t = textIn(c.label, lang);
  return t.lang && t.lang !== lang ? t : { text: t.text };
}
