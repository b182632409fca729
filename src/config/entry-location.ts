/**
 * Which entry a landing-page block shows (behaviour doc §3.1). Keys `entry`+`context`, `uri`, `lookup` with
 * `lookupLiteral` (default dcterms:identifier) or `lookupURI`, read with the prefix `esc_` (global `urlParamsPrefix`,
 * alias `hashParamsPrefix`) from the fragment and the query string (query wins), overridden by a matching global
 * `routes` item. Precedence per key: block attribute → page URL → global config. Resolution order: `entry` (needs a
 * context) → `uri` → `lookup` → none. In `core` (not the landing chunk): the CDN loader requests a landing block's
 * entry while the block's chunk loads (early-entry.ts).
 */
import { expand } from '../rdf/namespaces.ts';
import { attributeName, squash, type GlobalConfig } from './params.ts';
import { urlPrefix } from './links.ts';
import { backtracksBadly } from './route-regex.ts';
import { warnOnce } from './warn.ts';
import { DEFAULT_LOOKUP_PREDICATE } from '../store/query.ts';
import type { CatalogStore, StoreEntry } from '../store/types.ts';

export type EntryLocation =
  | { kind: 'entry'; contextId: string; entryId: string }
  | { kind: 'uri'; uri: string; contextId?: string }
  | { kind: 'lookup'; value: string; predicate: string; predicateKind: 'literal' | 'uri'; contextId?: string }
  | { kind: 'none' };

/** Block attributes that locate an entry (`lookup-literal` / `lookup-uri` on the element). */
export interface LocationAttrs {
  entry?: string | null;
  context?: string | null;
  uri?: string | null;
  lookup?: string | null;
  lookupLiteral?: string | null;
  lookupUri?: string | null;
}

type Key = 'entry' | 'context' | 'uri' | 'lookup' | 'lookupLiteral' | 'lookupUri';
/** The locating keys (a landing block's attributes `entry` … `lookup-uri`). */
export const LOCATION_KEYS: readonly Key[] = ['entry', 'context', 'uri', 'lookup', 'lookupLiteral', 'lookupUri'];
const BY_SQUASHED = new Map<string, Key>(LOCATION_KEYS.map((k) => [squash(k), k]));
/** A landing block's reactive properties for the locating attributes (`lookup-literal`, `lookup-uri`). */
export const LOCATION_PROPERTIES = Object.fromEntries(LOCATION_KEYS.map((key) => [key, { attribute: attributeName(key) }]));

/** The kinds of location, in the order they are tried. */
const KINDS: readonly Key[] = ['entry', 'uri', 'lookup'];
/** dcterms:identifier, the store client's default lookup predicate (one constant for both). */
export { DEFAULT_LOOKUP_PREDICATE };

/** Locating keys found in a fragment or query string (`esc_entry=12&esc_context=3`). */
function readParams(text: string, prefix: string, fromHash: boolean): Partial<Record<Key, string>> {
  const out: Partial<Record<Key, string>> = {};
  const params = new URLSearchParams(text);
  for (const [name, value] of params) {
    if (!name.startsWith(prefix)) continue;
    const key = BY_SQUASHED.get(squash(name.slice(prefix.length)));
    if (!key || value === '') continue;
    // The fragment form allows comma lists; a landing page needs one value. Resource URIs may contain commas.
    out[key] = fromHash && key !== 'uri' && key !== 'lookup' ? value.split(',')[0]! : value;
  }
  return out;
}

interface Route {
  regex?: unknown;
  [k: string]: unknown;
}

/** Longer addresses (path + query) are matched by no route: real landing addresses stay far below. */
export const ROUTE_ADDRESS_MAX = 2048;

/**
 * The first global `routes` item whose regex matches the page address, as locating keys. `regex` is a RegExp (the
 * documented JS form, `/\/datasets\/(\d+)_(\d+)/`) or its source text (JSON config). The regex is the editor's, the
 * address the attacker's (issue 23 point 5), so the work is bounded: the address matched is origin + path + query —
 * the origin is the page's own (a route written against the full address, as the incumbent matched, still matches),
 * the fragment is left out (never sent to a server, so the freest part of a crafted link) — and one over
 * ROUTE_ADDRESS_MAX characters of path + query is matched by no route; a regex that can backtrack without bound
 * (route-regex.ts) is skipped. Each with one console warning.
 */
function readRoutes(url: URL, page: GlobalConfig): Partial<Record<Key, string>> {
  const routes = Array.isArray(page.routes) ? (page.routes as Route[]) : [];
  if (!routes.length) return {};
  if (url.pathname.length + url.search.length > ROUTE_ADDRESS_MAX) {
    warnOnce(`[catalog-blocks] routes: an address over ${ROUTE_ADDRESS_MAX} characters is matched by no route`);
    return {};
  }
  for (const route of routes) {
    const regex = route?.regex as RegExp | string | undefined;
    if (!regex) continue;
    let m: RegExpExecArray | null;
    try {
      // a copy (of a RegExp or from its source text): a global or sticky RegExp keeps its lastIndex between calls
      const copy = new RegExp(regex);
      if (backtracksBadly(copy.source)) {
        warnOnce(`[catalog-blocks] routes: ${copy} is skipped: a crafted address could make it run for minutes (a repeated group that repeats or alternates, or too many * +)`);
        continue;
      }
      m = copy.exec(url.origin + url.pathname + url.search);
    } catch {
      console.warn('[catalog-blocks] invalid route regex', regex);
      continue;
    }
    if (!m) continue;
    const out: Partial<Record<Key, string>> = {};
    for (const [k, v] of Object.entries(route)) {
      const key = BY_SQUASHED.get(squash(k));
      if (!key) continue;
      if (typeof v === 'number') {
        const g = m[v];
        if (g !== undefined) {
          try {
            out[key] = decodeURIComponent(g);
          } catch {
            out[key] = g; // a malformed escape in a crafted address (`%E0`) stays as written
          }
        }
      } else if (typeof v === 'string') {
        out[key] = v.replace(/\$\{(\d+)\}/g, (_, n: string) => m![Number(n)] ?? '');
      }
    }
    return out;
  }
  return {};
}

/** A page URL inside the store itself (`{store}{ctx}/entry/{id}`, `/resource/`, `/metadata/`) names its entry. */
function readStoreUrl(url: URL, page: GlobalConfig): Partial<Record<Key, string>> {
  const store = typeof page.storeUrl === 'string' ? page.storeUrl.replace(/\/?$/, '/') : undefined;
  if (!store || !url.href.startsWith(store)) return {};
  const m = url.href.slice(store.length).match(/^([^/?#]+)\/(?:entry|resource|metadata)\/([^/?#]+)/);
  return m ? { context: m[1]!, entry: m[2]! } : {};
}

function pageValue(page: GlobalConfig, key: Key): string | undefined {
  const v = page[key] ?? (key === 'lookupUri' ? page.lookupURI : undefined);
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

export function locateEntry(url: URL, attrs: LocationAttrs, page: GlobalConfig): EntryLocation {
  const prefix = urlPrefix(page);
  const fromUrl: Partial<Record<Key, string>> = {
    ...readStoreUrl(url, page),
    ...readParams(url.hash.slice(1), prefix, true), // '' or '#…' without its '#'
    ...readParams(url.search, prefix, false),
    ...readRoutes(url, page),
  };
  const attr = (key: Key): string | undefined => attrs[key]?.trim() || undefined;
  // A block attribute that locates an entry beats the page URL entirely (the URL's context belongs to the URL's
  // entry): the attribute kinds are tried first with attribute and global-config values only, then the page URL
  // (with the block's other attributes, a context say, only when no attribute locates an entry).
  const attrKinds = KINDS.filter(attr);
  return (attrKinds.length ? resolveIn((key) => attr(key) ?? pageValue(page, key), attrKinds) : undefined)
    ?? resolveIn((key) => (attrKinds.length ? undefined : attr(key)) ?? fromUrl[key] ?? pageValue(page, key), KINDS)
    ?? { kind: 'none' };
}

function resolveIn(get: (key: Key) => string | undefined, kinds: readonly Key[]): EntryLocation | undefined {
  const context = get('context');
  const entry = get('entry');
  if (kinds.includes('entry') && entry && context) return { kind: 'entry', contextId: context, entryId: entry };
  const inContext = context ? { contextId: context } : {};
  const uri = get('uri');
  if (kinds.includes('uri') && uri) return { kind: 'uri', uri, ...inContext };
  const lookup = get('lookup');
  if (kinds.includes('lookup') && lookup) {
    const lookupUri = get('lookupUri');
    const lookupLiteral = get('lookupLiteral');
    const predicateKind = lookupUri && !lookupLiteral ? 'uri' : 'literal';
    const predicate = expand(predicateKind === 'uri' ? lookupUri! : lookupLiteral ?? DEFAULT_LOOKUP_PREDICATE);
    return { kind: 'lookup', value: lookup, predicate, predicateKind, ...inContext };
  }
  return undefined;
}

/** Where the landing block `el` finds its entry: its locating attributes (also lower-cased, as HTML writes `lookupLiteral`), the page URL, `page`. */
export function locationOf(el: Element, page: GlobalConfig): EntryLocation {
  const attrs: LocationAttrs = {};
  for (const key of LOCATION_KEYS) attrs[key] = el.getAttribute(LOCATION_PROPERTIES[key]!.attribute) ?? el.getAttribute(key.toLowerCase());
  return locateEntry(new URL(el.ownerDocument.location?.href ?? 'http://localhost/'), attrs, page);
}

/** The entry at `loc`: one request, which a second caller for the same entry joins (or finds cached). */
export function fetchLocatedEntry(store: CatalogStore, loc: Exclude<EntryLocation, { kind: 'none' }>, signal?: AbortSignal): Promise<StoreEntry> {
  const o = { signal, contextId: loc.contextId };
  // (getEntry reads the signal of `o` only)
  return loc.kind === 'entry' ? store.getEntry(loc, o)
    : loc.kind === 'uri' ? store.getEntryByResourceUri(loc.uri, o)
    : loc.predicateKind === 'uri' ? store.lookupByUri(loc.value, loc.predicate, o)
    : store.lookupByLiteral(loc.value, { ...o, predicate: loc.predicate });
}
