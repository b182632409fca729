/**
 * What the supportive search blocks (lists, counts, search fields, facets, sort select) share about their scope: its
 * name and its load state (the blocks follow it through their ScopePart: scope-part.ts). Their parameters come from
 * their column of the parameter table through the one resolver (src/config/resolve.ts), like every block's.
 */
import type { SearchScope } from '../../src/search/scope.ts';
import { stateOfError, type LoadState } from '../base/load-controller.ts';
import { emit } from '../base/events.ts';

/** Scope name from the `scope` attribute, trimmed; absent or empty → "default". */
export function scopeNameOf(el: Element): string {
  return el.getAttribute('scope')?.trim() || 'default';
}

/** The block state of a list or a count from its scope: idle without one, loading until ready or failed. */
export function scopeLoadState(scope: SearchScope | undefined): LoadState {
  return !scope ? 'idle' : scope.status === 'ready' ? 'ready' : scope.status === 'error' ? stateOfError(scope.error) : 'loading';
}

/** `catalog-block-state` when `state` differs from the `last` one and is final; returns `state` (the new last). */
export function announceState(el: Element, state: LoadState, last: LoadState): LoadState {
  if (state !== last && state !== 'loading' && state !== 'idle') {
    emit(el, 'catalog-block-state', { state });
  }
  return state;
}
