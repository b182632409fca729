/**
 * Parameters of the supportive search blocks (lists, search fields, facets, sort select), resolved by THE resolver
 * (`resolveSpecs` in src/config/resolve.ts) from both parameter tables: attribute → `inherit` → the `blocks`
 * override defaults of the block's incumbent name → page config → the block's defaults.
 */
import { EXTRA_PARAMS, PARAMS, type ExtraParamSpec, type GlobalConfig } from '../../src/config/params.ts';
import { resolveSpecs, type ParamValue, type ResolvedParams } from '../../src/config/resolve.ts';

/** Specs of both tables by name (supportive blocks pick theirs by name). */
const SPECS = new Map<string, ExtraParamSpec>([...PARAMS, ...EXTRA_PARAMS].map((p) => [p.name, p] as const));

/**
 * Effective parameters `names` (of PARAMS or EXTRA_PARAMS) of `el`; `incumbent` = the EntryScape Blocks name whose
 * `blocks` overrides apply (`datasetList`, `datasetFacets` …). Invalid values warn once and use the default.
 */
export function resolveSupportiveParams(
  el: Element,
  names: readonly string[],
  defaults: Readonly<Record<string, ParamValue>>,
  page: GlobalConfig,
  parent?: Record<string, unknown>,
  incumbent = '',
): ResolvedParams {
  const specs = names.map((n) => SPECS.get(n)).filter((s): s is ExtraParamSpec => !!s);
  return resolveSpecs(specs, el, page, parent, incumbent, (s) => defaults[s.name]);
}
