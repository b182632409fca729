/**
 * Reading the incumbent's markup forms (docs entryscape-embeds.md §2) into block calls, without touching the page:
 *   `<div data-entryscape="datasetView" data-entryscape-include-data-preview="false">` (or `data-entryscape-block`,
 *   legacy `data-entryscape-component`), `<div data-entryscape='{"block":"datasetList","limit":5}'>`,
 *   `<script type="text/x-entryscape-json">{…}</script>` (no `block` → configuration) and
 *   `<script type="text/x-entryscape-handlebar" data-entryscape="template">…</script>` (the body is the template).
 */
import { resetWarnings, warnOnce } from '../config/warn.ts';

type Obj = Record<string, unknown>;

/** One block (or, with `block: 'config'`, configuration) that a legacy node asks for. */
export interface LegacyCall {
  block: string;
  params: Obj;
}

/** The parts of an element read here (a DOM element, or a plain object in unit tests). */
export interface LegacyElement {
  readonly localName: string;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}

/** Tests only: forget which warnings were given (every warning of src/config/warn.ts). */
export const resetParseWarnings = resetWarnings;

export const JSON_SCRIPT = 'text/x-entryscape-json';
export const TEMPLATE_SCRIPT = 'text/x-entryscape-handlebar';
const PREFIX = 'data-entryscape-';
/** Keys that say which block, not how. */
const NAME_KEYS = ['block', 'component'];

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `include-data-preview` → `includeDataPreview` (jQuery `.data()` / `dataset` camel-casing). */
export const camelParam = (rest: string): string => rest.toLowerCase().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A data attribute value as jQuery `.data()` read it: booleans, null, numbers that print back the same, JSON objects/arrays, else the text. */
export function coerce(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (raw !== '' && String(Number(raw)) === raw) return Number(raw);
  if (/^(?:\{[\s\S]*\}|\[[\s\S]*\])$/.test(raw)) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** Every `data-entryscape-<param>` attribute of the element, camel-cased and coerced (the name keys left out). */
export function dataParams(el: LegacyElement): Obj {
  const out: Obj = {};
  for (const { name, value } of Array.from(el.attributes)) {
    if (!name.startsWith(PREFIX) || name.length === PREFIX.length) continue;
    const key = camelParam(name.slice(PREFIX.length));
    if (!NAME_KEYS.includes(key)) out[key] = coerce(value);
  }
  return out;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    warnOnce(`[catalog-blocks] the JSON of ${where} could not be parsed; it is ignored`);
    return undefined;
  }
}

/** `{block, …params}` → a call; no block name (or `config`) → configuration. */
function callOf(obj: Obj, fallbackBlock?: string): LegacyCall {
  const params: Obj = {};
  for (const [k, v] of Object.entries(obj)) if (!NAME_KEYS.includes(k)) params[k] = v;
  const named = obj.block ?? obj.component ?? fallbackBlock;
  return { block: typeof named === 'string' && named.trim() ? named.trim() : 'config', params };
}

const attr = (el: LegacyElement, name: string): string | undefined => el.getAttribute(name)?.trim() || undefined;

/**
 * What one legacy node asks for: usually one call; a JSON script holding an array, one per item. Empty when the node
 * holds nothing usable (a warning said why).
 */
export function readLegacyNode(el: LegacyElement): LegacyCall[] {
  const type = el.localName === 'script' ? (el.getAttribute('type') ?? '').trim().toLowerCase() : '';
  const named = attr(el, 'data-entryscape');
  const explicit = attr(el, `${PREFIX}block`) ?? attr(el, `${PREFIX}component`);
  if (type === JSON_SCRIPT) {
    const body = parseJson(el.textContent ?? '', `a ${JSON_SCRIPT} script`);
    const items = Array.isArray(body) ? body : [body];
    // A block named on the script itself applies to an object without its own `block`.
    return items.filter(isObject).map((o) => callOf(o, Array.isArray(body) ? undefined : explicit ?? named));
  }
  const parsed = named?.startsWith('{') ? parseJson(named, `the data-entryscape attribute ${named}`) : undefined;
  if (named?.startsWith('{') && !isObject(parsed)) return [];
  const json = isObject(parsed) ? parsed : undefined;
  if (type === TEMPLATE_SCRIPT) {
    return [{ block: explicit ?? (json ? undefined : named) ?? 'template', params: { ...(json ? callOf(json).params : {}), ...dataParams(el), htemplate: el.textContent ?? '' } }];
  }
  const base = json ? callOf(json, explicit) : { block: explicit ?? named ?? '', params: {} };
  if (!base.block) {
    warnOnce('[catalog-blocks] a data-entryscape element names no block; it is ignored');
    return [];
  }
  return [{ block: base.block, params: { ...base.params, ...dataParams(el) } }];
}
