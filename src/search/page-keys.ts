/**
 * The reader of the page's search keys (issue 26): the custom facet `collections` (registered in ./collections.ts,
 * whose comment says what each key means) and the `query` template (./query.ts useQueryTemplate). A lazy chunk:
 * loaded only for a page configuration that has `collections` or `query` (./collections.ts pageKeysLoading).
 */
import { NS } from '../rdf/namespaces.ts';
import { literalField, uriField } from '../store/query.ts';
import { warnOnce } from '../config/warn.ts';
import { collectionsChanges, custom, type CustomCollection, type Texts } from './collections.ts';
import { useQueryTemplate } from './query-template.ts';
import { COLLECTION_NAMES } from './types.ts';

const NOT_FACETS = ['inline', 'range', 'check', 'checkbox', 'radio'];
let readFrom = '';

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
  if (changed) collectionsChanges.count++;
  return changed;
}

let queryFrom = '';

/** Reads the page's `collections` (with its `namespaces`) and `query` (again only when they changed). */
export function readPageKeys(page: Readonly<Record<string, unknown>>): void {
  defineCollections(page.collections, page.namespaces);
  const query = JSON.stringify(page.query ?? null);
  if (query === queryFrom) return;
  queryFrom = query;
  useQueryTemplate(page.query);
}


