/**
 * Block definitions of the page configuration (behaviour doc §8): `blocks: [{ block, extends, …defaults }]`. A
 * definition names a new block that extends an existing one with parameter defaults, or re-declares a built-in block
 * name (`datasetView`, …) to change its defaults. The resolver reads the defaults of built-in names, the legacy markup
 * layer those of custom names (src/legacy/).
 */
import { COLUMN_BLOCKS, type GlobalConfig } from './params.ts';

type Obj = Record<string, unknown>;

/**
 * Incumbent names the blocks answer to (src/legacy/names.ts maps each to an element): the blocks of the parameter
 * table and the supportive and base blocks; `template` is the base of composites.
 */
export const BUILT_IN_BLOCKS: ReadonlySet<string> = new Set([
  ...Object.values(COLUMN_BLOCKS).flat(),
  ...('datasetStandaloneListLayout datasetList datasetResults datasetSearch datasetMultiSearch datasetFacets facets_sv '
    + 'facetSearchResponsiveness datasetExports template simpleSearch multiSearch results searchList facets viewMetadata distributionList').split(' '),
]);

/** Keys of a definition that are not parameter defaults. */
const NOT_DEFAULTS = new Set(['block', 'extends', 'run', 'loadEntry']);

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` on top of `under`: objects deep-merge, everything else (arrays included) replaces. */
export function mergeDefaults(under: Obj, over: Obj): Obj {
  const out: Obj = { ...under };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(out[k]) ? mergeDefaults(out[k] as Obj, v) : v;
  return out;
}

const warned = new Set<string>();
function warnOnce(message: string): undefined {
  if (!warned.has(message)) {
    warned.add(message);
    console.warn(message);
  }
  return undefined;
}

/**
 * The built-in block at the end of the definition chain of `name` and the merged parameter defaults along it (the
 * nearer definition wins). A definition that extends its own name builds on the earlier definition of that name (or
 * the built-in). Undefined (with one warning naming it) for an unknown name at the end of a chain or a cycle, and
 * without a warning for an unknown name nobody defined.
 */
export function blockDefaults(page: GlobalConfig, name: string): { base: string; defaults: Obj } | undefined {
  const defs = Array.isArray(page.blocks) ? page.blocks.filter((d): d is Obj => isObject(d) && typeof d.block === 'string') : [];
  const seen = new Set<number>();
  let defaults: Obj = {};
  let current = name;
  let before = defs.length;
  for (;;) {
    let i = before - 1;
    while (i >= 0 && defs[i]!.block !== current) i--;
    if (i < 0) return base(name, current, defaults);
    if (seen.has(i)) return warnOnce(`[catalog-blocks] the definitions of block "${name}" extend each other in a cycle; ignored`);
    seen.add(i);
    const def = defs[i]!;
    const own: Obj = {};
    for (const [k, v] of Object.entries(def)) if (!NOT_DEFAULTS.has(k)) own[k] = v;
    defaults = mergeDefaults(own, defaults);
    const ext = def.extends;
    // Re-declaring a built-in name without `extends` changes its defaults; a new name needs a base (JavaScript `run`
    // blocks have none: not supported).
    if (typeof ext !== 'string' || !ext) return base(name, current, defaults, true);
    before = ext === current ? i : defs.length;
    current = ext;
  }
}

/** The end of the chain of `name` at `current`: a built-in block, or undefined (warned unless nobody defined `name`). */
function base(name: string, current: string, defaults: Obj, defined?: boolean): { base: string; defaults: Obj } | undefined {
  if (BUILT_IN_BLOCKS.has(current)) return { base: current, defaults };
  if (current === name && !defined) return undefined;
  return warnOnce(defined
    ? `[catalog-blocks] block "${current}" has no "extends" (JavaScript "run" blocks are not supported); its definition is ignored`
    : `[catalog-blocks] block "${name}" extends the unknown block "${current}"; its definition is ignored`);
}
