/**
 * Loads a block's data with one AbortController per run: a newer run (parameters or location changed, "Try again")
 * or a disconnect aborts the older one, whose result and errors are then ignored. Store errors map to the common
 * block states of the behaviour doc §2; nothing ever escapes as an unhandled rejection.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BadPayloadError, HttpStatusError, NetworkError, NotFoundError, isAbort } from '../../src/store/errors.ts';
import { emit } from './events.ts';

export type LoadState = 'idle' | 'loading' | 'ready' | 'noEntry' | 'notFound' | 'unreachable' | 'malformed';

export interface BlockStateDetail {
  /** Final states only: `ready`, `noEntry`, `notFound`, `unreachable` or `malformed`. */
  state: LoadState;
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** Every block that loads from the store, after each load or search. */
    'catalog-block-state': CustomEvent<BlockStateDetail>;
  }
}

/** Returned by a task when there is nothing to load (no entry parameters). */
export const NO_ENTRY = Symbol('no entry');

export type LoadTask<T> = (signal: AbortSignal) => Promise<T | typeof NO_ENTRY>;

/** The block state for a failure of a load (store errors, unreadable RDF, a model that could not be built). */
export function stateOfError(e: unknown): LoadState {
  if (e instanceof NotFoundError) return 'notFound';
  if (e instanceof NetworkError || e instanceof HttpStatusError) return 'unreachable';
  // a bad payload, unreadable RDF (RdfParseError) or a model that could not be built
  return 'malformed';
}

export class LoadController<T> implements ReactiveController {
  state: LoadState = 'idle';
  value: T | undefined;
  error: unknown;
  #abort: AbortController | undefined;
  #key: string | undefined;
  #settled: Promise<void> = Promise.resolve();

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  /** Resolves when the current run has settled (whatever its outcome). */
  get settled(): Promise<void> {
    return this.#settled;
  }

  /** Starts `task` unless a run with the same key is current; `force` starts it anyway ("Try again"). */
  run(key: string, task: LoadTask<T>, force = false): void {
    if (!force && key === this.#key) return;
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    this.#key = key;
    this.state = 'loading';
    this.error = undefined;
    this.host.requestUpdate();
    this.#settled = Promise.resolve()
      .then(() => task(abort.signal))
      .then(
        (value) => {
          if (abort.signal.aborted) return;
          this.value = value === NO_ENTRY ? undefined : value;
          this.#finish(value === NO_ENTRY ? 'noEntry' : 'ready');
        },
        (e: unknown) => {
          if (abort.signal.aborted || isAbort(e)) return;
          this.error = e;
          const state = stateOfError(e);
          if (state === 'malformed' && !(e instanceof BadPayloadError) && !(e instanceof Error && e.name === 'RdfParseError')) {
            console.error('[catalog-blocks] the metadata could not be shown', e);
          } else {
            console.warn(`[catalog-blocks] ${state}: ${e instanceof Error ? e.message : String(e)}`);
          }
          this.#finish(state);
        },
      );
  }

  /** Sets a final state without running anything (e.g. nothing to load). */
  settle(key: string, state: LoadState): void {
    if (key === this.#key && this.state === state) return;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#key = key;
    this.value = undefined;
    this.#finish(state);
    this.#settled = Promise.resolve();
  }

  #finish(state: LoadState): void {
    this.state = state;
    this.host.requestUpdate();
    emit(this.host, 'catalog-block-state', { state });
  }

  hostDisconnected(): void {
    this.#abort?.abort();
    this.#abort = undefined;
    // A reconnected block loads again (its run was aborted).
    if (this.state === 'loading') this.#key = undefined;
  }
}
