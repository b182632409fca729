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
 * The definitions are read from the page configuration by every search block before it joins its scope
 * (blocks/search-base/scope-part.ts), so a scope reads them from the URL from the start.
 */
import { NS } from '../rdf/namespaces.ts';
import { literalField, uriField } from '../store/query.ts';
import { warnOnce } from '../config/warn.ts';
import { msg, type Lang } from '../i18n/index.ts';
import { COLLECTION_NAMES, type CollectionName } from './types.ts';

type Texts = string | Readonly<Record<string, string>>;

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

const NOT_FACETS = ['inline', 'range', 'check', 'checkbox', 'radio'];
const custom = new Map<string, CustomCollection>();
let readFrom = '';
/** Counts the changes of the definitions (a scope that read its URL state before a change reads it again). */
let version = 0;
export const collectionsVersion = (): number => version;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `foaf:gender` with the page's `namespaces` or the built-in prefixes; full IRIs as they are. */
function expandWith(name: string, namespaces: unknown): string {
  const i = name.indexOf(':');
  if (i <= 0 || name.startsWith('http')) return name;
  const prefix = name.slice(0, i);
  const ns = (isObject(namespaces) ? namespaces[prefix] : undefined) ?? (NS as Record<string, string>)[prefix];
  return typeof ns === 'string' ? ns + name.slice(i + 1) : name;
}

function readOne(d: Record<string, unknown>, namespaces: unknown): CustomCollection | undefined {
  const name = String(d.name);
  const type = typeof d.type === 'string' ? d.type : 'facet';
  const why = Array.isArray(d.list) || NOT_FACETS.includes(type) ? `of type "${Array.isArray(d.list) ? 'inline' : type}"`
    : typeof d.property !== 'string' || !d.property.trim() ? 'without a property'
      : d.nodetype === 'integer' ? 'of nodetype "integer"' : '';
  if (why) {
    warnOnce(`[catalog-blocks] the facet collection "${name}" ${why} is not supported; it is left out`);
    return undefined;
  }
  const property = expandWith(String(d.property).trim(), namespaces);
  const nodetype = d.nodetype === 'literal' ? 'literal' : 'uri';
  const own = nodetype === 'literal' ? literalField(property) : uriField(property);
  const limit = Number(d.limit);
  return {
    name,
    label: typeof d.label === 'string' || isObject(d.label) ? (d.label as Texts) : name,
    nodetype,
    fields: [d.related === true ? `related.${own}` : own],
    ...(limit >= 1 ? { shownBeforeMore: Math.floor(limit) } : {}),
    vocab: isObject(d.vocab) ? (d.vocab as Record<string, Texts>) : {},
    facet: d.includeAsFacet !== false && d.includeAsFacet !== 'false',
  };
}

/**
 * Reads the page's `collections` (and `namespaces`) into the custom collections; true when they changed (a scope
 * then reads its state from the URL again, with the new names).
 */
export function defineCollections(raw: unknown, namespaces?: unknown): boolean {
  const key = JSON.stringify([raw ?? null, namespaces ?? null]);
  if (key === readFrom) return false;
  readFrom = key;
  const before = JSON.stringify([...custom.values()]);
  custom.clear();
  for (const d of Array.isArray(raw) ? raw : []) {
    if (!isObject(d) || typeof d.name !== 'string' || !/^[A-Za-z][\w-]*$/.test(d.name)) continue;
    if ((COLLECTION_NAMES as readonly string[]).includes(d.name)) continue;
    const c = readOne(d, namespaces);
    if (c) custom.set(c.name, c);
  }
  const changed = JSON.stringify([...custom.values()]) !== before;
  if (changed) version++;
  return changed;
}

/** The custom collection `name` (undefined: a built-in name or none). */
export const customCollection = (name: string): CustomCollection | undefined => custom.get(name);

/** Every collection name: the built-in ones, then the page's custom ones in definition order. */
export const collectionNames = (): CollectionName[] => [...COLLECTION_NAMES, ...custom.keys()];

/**
 * The custom collections the facet blocks show by default (`includeAsFacet` not false); with `page`, its
 * `collections` are read first (a block asks before it joins its scope).
 */
export function customFacetNames(page?: Readonly<Record<string, unknown>>): CollectionName[] {
  if (page) defineCollections(page.collections, page.namespaces);
  return [...custom.values()].filter((c) => c.facet).map((c) => c.name);
}

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
