/**
 * Parameter resolution for one block element, highest priority first (DESIGN "config", behaviour doc §0, §8):
 *   element attribute (kebab or camel case, any letter case, optional `data-entryscape-` prefix)
 *   → `inherit` / `inherit:<key>` from the enclosing block's effective parameters
 *   → the defaults of a `blocks: [{ block, extends, … }]` override of the block's incumbent name (blockDefaults)
 *   → page configuration (`readPageConfig`)
 *   → the block's default from the parameter table.
 * ONE resolver (`resolveParams`) for every block — landing blocks, layouts and supportive blocks — over both tables
 * (PARAMS, EXTRA_PARAMS), each block reading its column.
 * A value of the wrong type is reported once with a console warning naming block, parameter and value, and the
 * block default is used. A parameter of another block set on this one is ignored with one warning per block type.
 */
import { EXTRA_PARAMS, PARAMS, columnOf, squash, type BlockName, type ExtraParamSpec, type GlobalConfig, type ParamSpec } from './params.ts';
import { blockDefaults } from './block-overrides-loader.ts';
import { parseAttributeValue } from './page-config.ts';
import { resetWarnings, warnOnce } from './warn.ts';

/** `json` parameters hold what was given: an array, an object or a string. */
export type ParamValue = boolean | number | string | undefined | readonly unknown[] | { readonly [k: string]: unknown };
export type ResolvedParams = Record<string, ParamValue>;

const INVALID = Symbol('invalid');
/** What `parseParam` returns for a value of the wrong type or form. */
export const INVALID_PARAM: typeof INVALID = INVALID;
type Parsed = Exclude<ParamValue, undefined> | typeof INVALID;

export { squash };

/** An attribute's name as a parameter's: squashed, without a `data-entryscape-` prefix. */
const attributeKey = (name: string): string => squash(name).replace(/^dataentryscape/, '');

/** The raw attribute value of a parameter on the element, or null when absent. */
export function attributeValue(el: Element, param: string): string | null {
  const want = squash(param);
  for (const attr of el.attributes) if (attributeKey(attr.name) === want) return attr.value;
  return null;
}

/** Text trimmed and in lower case (`" True "` → `true`); other values as they are. */
const wordOf = (raw: unknown): unknown => (typeof raw === 'string' ? raw.trim().toLowerCase() : raw);

/** Parses a raw value (attribute text or config value) into the parameter's type. */
export function parseParam(spec: ParamSpec | ExtraParamSpec, raw: unknown): Parsed {
  switch (spec.type) {
    case 'boolean': {
      const word = wordOf(raw);
      // a present attribute without value (`""`) is true
      return raw === '' || word === true || word === 'true' ? true : word === false || word === 'false' ? false : INVALID;
    }
    case 'number': {
      // text only as digits; NaN (no number) is no integer
      const n = typeof raw === 'number' || (typeof raw === 'string' && /^\s*[-+]?\d+\s*$/.test(raw)) ? Number(raw) : NaN;
      return Number.isInteger(n) && n >= (spec.min ?? -Infinity) ? n : INVALID;
    }
    case 'json':
      // objects and arrays as given; attribute text `{…}`/`[…]` parsed (invalid JSON stays text)
      return typeof raw === 'string' ? (parseAttributeValue(raw.trim()) as Parsed) : (raw as Parsed);
    case 'string': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return INVALID;
      const s = String(raw);
      if (spec.pattern && !spec.pattern.test(s)) return INVALID;
      return s.trim();
    }
  }
}

export function defaultOf(block: BlockName, spec: ParamSpec): ParamValue {
  return spec.defaults[columnOf(block)];
}

/** Tests only: forget which warnings were already given (every warning of src/config/warn.ts). */
export const resetParamWarnings = resetWarnings;

function describe(raw: unknown): string {
  return typeof raw === 'string' || typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
}

/** The value of `param` in a settings object, its key compared squashed (`include-data-preview` ≡ `includeDataPreview`). */
export function pageValue(page: Readonly<Record<string, unknown>>, param: string): unknown {
  if (param in page) return page[param];
  const want = squash(param);
  for (const [k, v] of Object.entries(page)) if (squash(k) === want) return v;
  return undefined;
}

/**
 * THE resolver: the effective parameters of `block` for element `el`, in the order of the module comment. `parent` =
 * the enclosing block's effective parameters (read only through `inherit`); `incumbent` = the EntryScape Blocks name
 * whose `blocks` overrides apply (`datasetView`, `datasetList`, `facets` …; default `block`), which warnings name with
 * the element's tag. Keys: every parameter the block reads; unset parameters without default are undefined.
 */
export function resolveParams(
  block: BlockName,
  el: Element,
  page: GlobalConfig,
  parent?: Readonly<Record<string, unknown>>,
  incumbent?: string,
): ResolvedParams {
  incumbent ||= block;
  const out: ResolvedParams = {};
  const tag = el.localName;
  const column = columnOf(block);
  const overrides = blockDefaults(page, incumbent)?.defaults ?? {};
  // the element's attributes read once, not once per parameter (the first of two spellings wins, as attributeValue)
  const attributes = new Map([...el.attributes].reverse().map((a) => [attributeKey(a.name), a.value]));
  for (const spec of [...PARAMS, ...EXTRA_PARAMS]) {
    const name = spec.name;
    let raw: unknown = attributes.get(squash(name)) ?? null;
    if (!spec.columns.includes(column)) {
      // a parameter of the spec table that another block reads is ignored here, with one warning per block and tag
      if (raw !== null && PARAMS.includes(spec as ParamSpec)) {
        warnOnce(`[catalog-blocks] ${incumbent} (<${tag}>) does not accept "${name}" (ignored)`);
      }
      continue;
    }
    let source = 'attribute';
    // `inherit` (the same key) or `inherit:<key>`
    const inherit = typeof raw === 'string' ? /^\s*inherit\s*(?::([^]*))?$/.exec(raw) : null;
    if (inherit) {
      const key = inherit[1]?.trim() ?? name;
      raw = parent?.[key];
      source = `inherited "${key}"`;
    }
    // `blocks` override defaults of the incumbent name, then the page configuration
    raw ??= (source = 'blocks override', pageValue(overrides, name)) ?? (source = 'page configuration', pageValue(page, name));
    const parsed = raw == null ? INVALID : parseParam(spec, raw);
    if (parsed !== INVALID) out[name] = parsed;
    else {
      const def = (out[name] = spec.defaults[column]);
      if (raw != null) {
        warnOnce(
          `[catalog-blocks] ${incumbent} (<${tag}>): parameter "${name}" has the invalid value ${describe(raw)} ` +
            `(${source}; expected ${spec.type}${spec.min !== undefined ? ` ≥ ${spec.min}` : ''}); default ${describe(def)} used`,
          `${tag}|${name}|${String(raw)}`,
        );
      }
    }
  }
  return out;
}

/** A global boolean such as `strictStandardHtml`: element attribute, else page config; `true`/"true"/"" → true. */
export function resolveGlobalFlag(el: Element, page: GlobalConfig, name: string): boolean {
  const attr = attributeValue(el, name);
  const word = wordOf(attr ?? pageValue(page, name));
  return attr === '' || word === true || word === 'true';
}
