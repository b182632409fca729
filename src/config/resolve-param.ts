/**
 * The one resolver (./resolve.ts) for a single parameter, for elements outside the table's columns: the map elements
 * read `mapBaseUrl` and `mapBaseAttribution` with it. A module of its own so the blocks' initial chunk does not
 * carry it (only the map chunk imports it).
 */
import { EXTRA_PARAMS, PARAMS, type GlobalConfig } from './params.ts';
import { attributeValue, INVALID_PARAM, pageValue, parseParam, type ParamValue } from './resolve.ts';
import { warnOnce } from './warn.ts';

/**
 * One parameter of the tables for an element outside the table's columns (the map elements, drawn inside a block):
 * the attribute on the element or on the nearest enclosing element carrying it (the block the map is drawn in), else
 * the page configuration; parsed and checked as `resolveParams` does (an invalid value: one warning, unset).
 */
export function resolveParam(name: string, el: Element, page: GlobalConfig): ParamValue {
  const spec = [...PARAMS, ...EXTRA_PARAMS].find((p) => p.name === name);
  if (!spec) throw new Error(`Unknown parameter ${name}`);
  let raw: unknown = null;
  let source = 'attribute';
  for (let at: Element | null = el; at && raw === null; at = at.parentElement) raw = attributeValue(at, name);
  if (raw === null) {
    source = 'page configuration';
    raw = pageValue(page, name);
  }
  if (raw == null) return undefined;
  const parsed = parseParam(spec, raw);
  if (parsed !== INVALID_PARAM) return parsed;
  warnOnce(`[catalog-blocks] <${el.localName}>: parameter "${name}" has the invalid value ${typeof raw === 'string' ? JSON.stringify(raw) : String(raw)} (${source}; expected ${spec.type}); ignored`,
    `${el.localName}|${name}|${String(raw)}`);
  return undefined;
}
