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
  if (out.storeUrl === undefined && typeof out.entrystore === 'string') out.storeUrl = out.entrystore;
  if (out.lang === undefined && typeof out.page_language === 'string') out.lang = out.page_language;
  return out;
}

/** `data-store-url` → `storeUrl`; `data-entryscape-include-extras` → `includeExtras`. */
function settingName(datasetKey: string): string {
  const k = datasetKey.startsWith('entryscape') && datasetKey.length > 10
    ? datasetKey.slice(10, 11).toLowerCase() + datasetKey.slice(11)
    : datasetKey;
  return k;
}

function attributeSettings(el: Element): Obj {
  const out: Obj = {};
  const data = (el as HTMLElement).dataset;
  if (!data) return out;
  for (const [key, raw] of Object.entries(data)) {
    if (NOT_SETTINGS.has(key) || raw === undefined) continue;
    const name = settingName(key);
    out[name] = parseAttributeValue(raw);
  }
  return out;
}

/** Attribute text starting with `{` or `[` → its JSON value (kept as text when invalid); other text as is. */
export function parseAttributeValue(raw: string): unknown {
  const t = raw.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t);
    } catch {
      return raw;
    }
  }
  return raw;
}

function jsonBody(el: Element): Obj | undefined {
  if (el.localName !== 'script') return undefined;
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (type !== 'application/json' && type !== 'application/ld+json') return undefined;
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

function readSources(doc: Document, files: ReadonlyMap<string, Obj | undefined>): Obj {
  let cfg: Obj = {};
  for (const src of windowConfig(doc)) cfg = mergeConfig(cfg, normalize(src));
  for (const el of configElements(doc)) {
    const file = el.getAttribute('data-config-src');
    const fromFile = file ? files.get(absolute(file, doc)) : undefined;
    if (fromFile) cfg = mergeConfig(cfg, normalize(fromFile));
    const body = jsonBody(el);
    if (body) cfg = mergeConfig(cfg, normalize(body));
    cfg = mergeConfig(cfg, normalize(attributeSettings(el)));
  }
  return cfg;
}

function absolute(url: string, doc: Document): string {
  try {
    return new URL(url, doc.baseURI).href;
  } catch {
    return url;
  }
}

/** Config files already fetched (or being fetched), per absolute URL; one request per file and page. */
const fileCache = new Map<string, Promise<Obj | undefined>>();
const fileValues = new Map<string, Obj | undefined>();

/** The page configuration without config files that have not been fetched yet (synchronous). */
export function readPageConfig(doc: Document): GlobalConfig {
  return readSources(doc, fileValues) as GlobalConfig;
}

/** True when some `data-config-src` file of the page has not been fetched yet. */
export function hasPendingConfigFiles(doc: Document): boolean {
  return configElements(doc).some((el) => {
    const src = el.getAttribute('data-config-src');
    return src !== null && !fileValues.has(absolute(src, doc));
  });
}

/** The full page configuration, fetching `data-config-src` files first (a failed file is skipped with a warning). */
export async function loadPageConfig(doc: Document): Promise<GlobalConfig> {
  const urls = configElements(doc)
    .map((el) => el.getAttribute('data-config-src'))
    .filter((s): s is string => !!s)
    .map((s) => absolute(s, doc));
  await Promise.all(urls.map(fetchConfigFile));
  return readPageConfig(doc);
}

function fetchConfigFile(url: string): Promise<Obj | undefined> {
  let p = fileCache.get(url);
  if (!p) {
    p = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
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
      .then((v) => {
        fileValues.set(url, v);
        return v;
      });
    fileCache.set(url, p);
  }
  return p;
}

/** Tests only: forget fetched config files. */
export function clearConfigFileCache(): void {
  fileCache.clear();
  fileValues.clear();
}
