/**
 * Parameters of the supportive search blocks (lists, search fields, facets, sort select), resolved by THE resolver
 * (`resolveSpecs` in src/config/resolve.ts) from both parameter tables: attribute → `inherit` → the `blocks`
 * override defaults of the block's incumbent name → page config → the block's defaults.
 */
import { EXTRA_PARAMS, PARAMS, type ExtraParamSpec, type GlobalConfig } from '../../src/config/params.ts';
import { resolveSpecs, type ParamValue, type ResolvedParams } from '../../src/config/resolve.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { stateOfError, type LoadState } from '../base/load-controller.ts';

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

/** Scope name from the `scope` attribute, trimmed; absent or empty → "default". */
export function scopeNameOf(el: Element): string {
  return el.getAttribute('scope')?.trim() || 'default';
}

/** The scope events a list or a count re-renders on. */
const SCOPE_EVENTS = ['state', 'results', 'status'];

/** Moves `listener` (for `events`) from the scope a block followed to `next` (undefined: none); returns `next`. */
export function follow<S extends EventTarget | undefined>(prev: EventTarget | undefined, next: S, listener: () => void,
  events = SCOPE_EVENTS): S {
  for (const type of events) {
    prev?.removeEventListener(type, listener);
    next?.addEventListener(type, listener);
  }
  return next;
}

/** The block state of a list or a count from its scope: idle without one, loading until ready or failed. */
export function scopeLoadState(scope: SearchScope | undefined): LoadState {
  return !scope ? 'idle' : scope.status === 'ready' ? 'ready' : scope.status === 'error' ? stateOfError(scope.error) : 'loading';
}

/** `catalog-block-state` when `state` differs from the `last` one and is final; returns `state` (the new last). */
export function announceState(el: Element, state: LoadState, last: LoadState): LoadState {
  if (state !== last && state !== 'loading' && state !== 'idle') {
    el.dispatchEvent(new CustomEvent('catalog-block-state', { detail: { state }, bubbles: true, composed: true }));
  }
  return state;
}

/**
 * `loadComplete` of a block showing a scope's results: the rows show before the publisher names and vocabulary
 * labels are in (src/search/scope.ts), so it resolves when the scope has settled too and the block has rendered that.
 */
export function scopeLoadComplete(block: { readonly state: string; readonly searchScope: SearchScope; readonly updateComplete: Promise<boolean> }, shown: Promise<string>): Promise<string> {
  return shown.then(() => block.searchScope.settled()).then(() => block.updateComplete).then(() => block.state);
}
