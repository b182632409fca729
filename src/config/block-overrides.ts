/**
 * Block definitions of the page configuration (behaviour doc §8): `blocks: [{ block, extends, …defaults }]`. A
 * definition names a new block that extends an existing one with parameter defaults, or re-declares a built-in block
 * name (`datasetView`, …) to change its defaults. The resolver reads the defaults of built-in names, the legacy markup
 * layer and the templates those of custom names (src/legacy/). Loaded only for pages with `blocks` definitions
 * (./block-overrides-loader.ts); which names are built in
 * (and the warnings for names that are not) lives in the legacy layer (src/legacy/names.ts, src/legacy/mount.ts).
 */
import type { GlobalConfig } from './params.ts';
import { warnOnce } from './warn.ts';

type Obj = Record<string, unknown>;

/** Keys of a definition that are not parameter defaults. */
const NOT_DEFAULTS = new Set(['block', 'extends', 'run', 'loadEntry']);

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` on top of `under`: objects deep-merge, everything else (arrays included) replaces. */
export function mergeDefaults(under: Obj, over: Obj): Obj {
  const out: Obj = { ...under };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(out[k]) ? mergeDefaults(out[k] as Obj, v) : v;
  return out;
}

/**
 * The block at the end of the definition chain of `name` (`base`: the name itself when nobody redefined it, or the
 * name of the last definition, which has no `extends`, or the undefined name the chain ends in) and the merged
 * parameter defaults along it (the nearer definition wins). A definition extending its own name builds on the earlier
 * definition of that name (or the built-in). Chains resolve at call time (a definition may extend a later one).
 * Undefined, with one warning naming the block, for a cycle.
 */
export function blockDefaults(page: GlobalConfig, name: string): { base: string; defaults: Obj } | undefined {
  const defs = Array.isArray(page.blocks) ? page.blocks.filter((d): d is Obj => isObject(d) && typeof d.block === 'string') : [];
  const seen = new Set<number>();
  let defaults: Obj = {};
  let base = name;
  let before = defs.length;
  for (;;) {
    let i = before - 1;
    while (i >= 0 && defs[i]!.block !== base) i--;
    if (i < 0) return { base, defaults };
    if (seen.has(i)) {
      warnOnce(`[catalog-blocks] the definitions of block "${name}" extend each other in a cycle; ignored`);
      return undefined;
    }
    seen.add(i);
    const def = defs[i]!;
    const own: Obj = {};
    for (const [k, v] of Object.entries(def)) if (!NOT_DEFAULTS.has(k)) own[k] = v;
    defaults = mergeDefaults(own, defaults);
    const ext = def.extends;
    if (typeof ext !== 'string' || !ext) return { base, defaults };
    before = ext === base ? i : defs.length;
    base = ext;
  }
}
