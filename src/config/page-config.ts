/**
 * Page-level (global) configuration. Channels, merged in this order, later wins (behaviour doc §0, §7):
 *   1. `window.__entryscape_config` (an object or an array of objects; the legacy layer puts
 *      `__entryscape_plugin_config` and `__esb_config` in front of it),
 *   2. every element carrying `data-portal-config`, in document order:
 *      - a `data-config-src` file (only through `loadPageConfig`, which fetches it),
 *      - a `<script type="application/json" data-portal-config>` body (a JSON object),
 *      - the element's other `data-*` attributes (`data-store-url` → `storeUrl`, `data-strict-standard-html` →
 *        `strictStandardHtml`, `data-include-data-preview` → `includeDataPreview`; a `data-entryscape-` prefix is
 *        dropped the same way; values starting with `{` or `[` are parsed as JSON).
 * Both `strictStandardHtml` and the misspelt `strictStandarHtml` are accepted; the correct spelling wins.
 */
import type { GlobalConfig } from './params.ts';

const CONFIG_ATTR = 'data-portal-config';
/** data-* attributes that steer reading instead of carrying a setting. */
const NOT_SETTINGS = new Set(['portalConfig', 'configSrc']);

type Obj = Record<string, unknown>;

/** Plain objects only: a RegExp (a route's `regex`) or a Date is a value, never merged key by key. */
const isObject = (v: unknown): v is Obj => Object.prototype.toString.call(v) === '[object Object]';

/** Merge rule of the old runtime: objects deep-merge, named-object arrays merge by name, other arrays concatenate, `!key` replaces. */
export function mergeConfig(target: Obj, source: Obj): Obj {
  const out: Obj = { ...target };
  for (const [rawKey, value] of Object.entries(source)) {
    if (rawKey.startsWith('!')) {
      out[rawKey.slice(1)] = value;
      continue;
    }
    const prev = out[rawKey];
    if (isObject(prev) && isObject(value)) out[rawKey] = mergeConfig(prev, value);
    else if (Array.isArray(prev) && Array.isArray(value)) out[rawKey] = mergeArrays(prev, value);
    else out[rawKey] = value;
  }
  return out;
}

function mergeArrays(a: unknown[], b: unknown[]): unknown[] {
  const named = (v: unknown): v is Obj & { name: string } => isObject(v) && typeof v.name === 'string';
  if (!a.every(named) || !b.every(named)) return [...a, ...b];
  const out: unknown[] = [...a];
  for (const item of b) {
    const i = out.findIndex((o) => (o as Obj).name === item.name);
    if (i >= 0) out[i] = mergeConfig(out[i] as Obj, item);
    else out.push(item);
  }
  return out;
}

/** `storeUrl`-style aliases and the misspelt strict key, applied per source object before merging. */
function normalize(source: Obj): Obj {
  const out: Obj = { ...source };
  if ('strictStandarHtml' in out) {
    if (!('strictStandardHtml' in out)) out.strictStandardHtml = out.strictStandarHtml;
    delete out.strictStandarHtml;
  }
  if ('strictStandardHtml' in out) out.strictStandardHtml = out.strictStandardHtml === true || out.strictStandardHtml === 'true';
  // `entrystore` (a URL, or the old `{ repository }` form), else `entrystore_base` (what the vendor's CMS plugin writes)
  const store = out.entrystore as { repository?: unknown } | undefined;
  out.storeUrl ??= typeof store === 'string' ? store : typeof store?.repository === 'string' ? store.repository
    : typeof out.entrystore_base === 'string' ? out.entrystore_base : undefined;
  if (out.storeUrl === undefined) delete out.storeUrl;
  if (out.lang === undefined && typeof out.page_language === 'string') out.lang = out.page_language;
  return out;
}

/** The element's `data-*` settings: `data-store-url` → `storeUrl`, `data-entryscape-include-extras` → `includeExtras`. */
function attributeSettings(el: Element): Obj {
  const out: Obj = {};
  for (const [key, raw] of Object.entries((el as HTMLElement).dataset ?? {})) {
    if (NOT_SETTINGS.has(key) || raw === undefined) continue;
    out[key.startsWith('entryscape') && key.length > 10 ? key[10]!.toLowerCase() + key.slice(11) : key] = parseAttributeValue(raw);
  }
  return out;
}

/** Attribute text starting with `{` or `[` → its JSON value (kept as text when invalid); other text as is. */
export function parseAttributeValue(raw: string): unknown {
  const t = raw.trim();
  if (/^[{[]/.test(t)) {
    try {
      return JSON.parse(t);
    } catch {
      // kept as text
    }
  }
  return raw;
}

/** The body of a `<script type="application/json">` (or `ld+json`) config element: a JSON object. */
function jsonBody(el: Element): Obj | undefined {
  if (el.localName !== 'script' || !/^application\/(ld\+)?json$/i.test(el.getAttribute('type') ?? '')) return undefined;
  try {
    const v: unknown = JSON.parse(el.textContent ?? '');
    if (isObject(v)) return v;
    console.warn('[catalog-blocks] a data-portal-config script must hold a JSON object', el);
  } catch (e) {
    console.warn('[catalog-blocks] the data-portal-config JSON could not be parsed', e);
  }
  return undefined;
}

/**
 * `window.__entryscape_config` objects in merge order (left to right). `__entryscape_plugin_config` and `__esb_config`
 * are put in front of that list by the legacy layer (src/legacy/mount.ts addEarlyConfig), which the loader starts
 * when a page has them.
 */
function windowConfig(doc: Document): Obj[] {
  const raw = (doc.defaultView as (Window & { __entryscape_config?: unknown }) | null)?.__entryscape_config;
  if (Array.isArray(raw)) return raw.filter(isObject);
  return isObject(raw) ? [raw] : [];
}

function configElements(doc: Document): Element[] {
  return [...doc.querySelectorAll(`[${CONFIG_ATTR}]`)];
}

/** The absolute URL of an element's `data-config-src` file (none: undefined). */
function configFile(el: Element, doc: Document): string | undefined {
  const src = el.getAttribute('data-config-src');
  if (!src) return undefined;
  try {
    return new URL(src, doc.baseURI).href;
  } catch {
    return src;
  }
}

/** Config files fetched (a failed one: undefined), per absolute URL. */
const fileValues = new Map<string, Obj | undefined>();
/** Config files fetched or being fetched: one request per file and page. */
const fileCache = new Map<string, Promise<void>>();

/**
 * Settings written on the catalog-blocks script tag itself (`<script src="…/catalog-blocks.js" data-lang="sv">`): the
 * language a migrated page chose before by loading `opendata-sv.js`. The loader (entry/cdn.ts) finds its tag and hands
 * it here. They are read first, so every other source wins (a page's `page_language` is more specific than a
 * site-wide script tag).
 */
let scriptSettings: Obj | undefined;

/** The loader's own script tag (see scriptSettings): its `data-lang`. */
export function useLoaderScript(el: Pick<Element, 'getAttribute'> | null | undefined): void {
  const lang = el?.getAttribute('data-lang')?.trim();
  scriptSettings = lang ? { lang } : undefined;
}

/** The page configuration without config files that have not been fetched yet (synchronous). */
export function readPageConfig(doc: Document): GlobalConfig {
  const sources: (Obj | undefined)[] = [scriptSettings, ...windowConfig(doc)];
  for (const el of configElements(doc)) {
    const file = configFile(el, doc);
    sources.push(file ? fileValues.get(file) : undefined, jsonBody(el), attributeSettings(el));
  }
  let cfg: Obj = {};
  for (const source of sources) if (source) cfg = mergeConfig(cfg, normalize(source));
  return cfg as GlobalConfig;
}

/** The page's `data-config-src` files (absolute URLs). */
const configFiles = (doc: Document): string[] => configElements(doc).flatMap((el) => configFile(el, doc) ?? []);

/** True when some `data-config-src` file of the page has not been fetched yet. */
export function hasPendingConfigFiles(doc: Document): boolean {
  return configFiles(doc).some((url) => !fileValues.has(url));
}

/** The full page configuration, fetching `data-config-src` files first (a failed file is skipped with a warning). */
export async function loadPageConfig(doc: Document): Promise<GlobalConfig> {
  await Promise.all(configFiles(doc).map(fetchConfigFile));
  return readPageConfig(doc);
}

function fetchConfigFile(url: string): Promise<void> {
  let p = fileCache.get(url);
  if (!p) {
    // with the page's cookies for its own origin only (fetch's default credentials, `same-origin`)
    p = fetch(url, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const v: unknown = await res.json();
        if (!isObject(v)) throw new Error('not a JSON object');
        return v;
      })
      .catch((e: unknown) => {
        console.warn(`[catalog-blocks] config file ${url} could not be read: ${String(e)}`);
        return undefined;
      })
      .then((v) => void fileValues.set(url, v));
    fileCache.set(url, p);
  }
  return p;
}

/** Tests only: forget fetched config files. */
export function clearConfigFileCache(): void {
  fileCache.clear();
  fileValues.clear();
}
