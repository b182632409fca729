/**
 * THE way an element loads (issue 24.6): the CatalogBlock blocks and the rich parts (data preview, visualizations,
 * extras, maps, the upload block) run their loads, and the lazy strings of their UI language, through this one
 * Task-style reactive controller. One AbortController per run: a newer run (parameters or location changed, "Try
 * again") or a disconnect aborts the older one, whose result and errors are then ignored. `settled` / `done()` are the
 * completion promise that `loadComplete` and `updateComplete` await; a failure ends in a state with a way back (a
 * forced run), never in an unhandled rejection; while a run is out the state is `loading`, never "nothing".
 *
 * Not `@lit/task`: the same shape (`run`, a status, `value`, `error`, a completion promise), but it would add ~650 B
 * gzip to every page beside this file, keeps running after a disconnect and rejects its completion promise.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Lang } from '../../src/i18n/index.ts';
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

/** What a run's outcome means to its host: the state it ends in, and who hears of each state. */
export interface LoadStates<T, S extends string> {
  /** The state of a run that resolved with `value` (a task's NO_ENTRY ends in `noEntry` without asking). */
  done(value: T): S;
  /** The state of a run that failed with `e` (the host logs it as loudly as it means). */
  readonly failed: (e: unknown) => S;
  /** Told each state as it is set, `loading` and `idle` included (the host sends its state event). */
  readonly changed?: (state: S | 'idle' | 'loading') => void;
}

/** The CatalogBlock blocks' states (behaviour doc §2): store errors map to them; each final one is announced. */
function blockStates(host: EventTarget): LoadStates<unknown, LoadState> {
  return {
    done: () => 'ready',
    failed: (e) => {
      const state = stateOfError(e);
      if (state === 'malformed' && !(e instanceof BadPayloadError) && !(e instanceof Error && e.name === 'RdfParseError')) {
        console.error('[catalog-blocks] the metadata could not be shown', e);
      } else {
        console.warn(`[catalog-blocks] ${state}: ${e instanceof Error ? e.message : String(e)}`);
      }
      return state;
    },
    changed: (state) => {
      if (state !== 'loading' && state !== 'idle') emit(host, 'catalog-block-state', { state });
    },
  };
}

export class LoadController<T, S extends string = LoadState> implements ReactiveController {
  state: S | 'idle' | 'loading' = 'idle';
  value: T | undefined;
  error: unknown;
  #abort: AbortController | undefined;
  #key: string | undefined;
  #settled: Promise<void> = Promise.resolve();
  /** A run was cut short by a disconnect: load again on reconnect. */
  #cut = false;
  readonly #states: LoadStates<T, S>;

  /** Without `states`: the CatalogBlock states (`S` = LoadState). */
  constructor(private readonly host: ReactiveControllerHost & EventTarget, states?: LoadStates<T, S>) {
    host.addController(this);
    this.#states = states ?? (blockStates(host) as unknown as LoadStates<T, S>);
  }

  /** Resolves when the current run has settled (whatever its outcome). */
  get settled(): Promise<void> {
    return this.#settled;
  }

  /** What the current (or last) run loaded for; undefined before the first and after a disconnect cut one short. */
  get key(): string | undefined {
    return this.#key;
  }

  /** Starts `task` unless a run with the same key is current; `force` starts it anyway ("Try again"). */
  run(key: string, task: LoadTask<T>, force = false): void {
    if (!force && key === this.#key) return;
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    this.#key = key;
    this.error = undefined;
    this.#set('loading');
    this.#settled = Promise.resolve()
      .then(() => task(abort.signal))
      .then(
        (value) => {
          if (abort.signal.aborted) return;
          this.#abort = undefined;
          this.value = value === NO_ENTRY ? undefined : value;
          this.#set(value === NO_ENTRY ? ('noEntry' as S) : this.#states.done(value));
        },
        (e: unknown) => {
          if (abort.signal.aborted || isAbort(e)) return;
          this.#abort = undefined;
          this.error = e;
          this.#set(this.#states.failed(e));
        },
      );
  }

  /** Sets a final state without running anything (e.g. nothing to load). */
  settle(key: string, state: S | 'idle'): void {
    if (key === this.#key && this.state === state) return;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#key = key;
    this.value = undefined;
    this.#set(state);
    this.#settled = Promise.resolve();
  }

  /** Resolves with the state the latest run ends in (a run started meanwhile is waited for too). */
  async done(): Promise<S | 'idle' | 'loading'> {
    for (let p; p !== this.#settled; ) await (p = this.#settled);
    return this.state;
  }

  #set(state: S | 'idle' | 'loading'): void {
    this.state = state;
    this.host.requestUpdate();
    this.#states.changed?.(state);
  }

  hostConnected(): void {
    if (this.#cut) this.host.requestUpdate();
    this.#cut = false;
  }

  hostDisconnected(): void {
    if (!this.#abort) return;
    this.#abort.abort();
    this.#abort = undefined;
    this.#key = undefined;
    this.#cut = true;
    // (no update of a block that is off the page: it would start its load again)
    this.state = 'idle';
    this.#states.changed?.('idle');
  }
}

/**
 * The lazy strings of an element's UI language (a feature's `featureStrings` loader, which never rejects), run by a
 * LoadController keyed by the language: `state === 'ready'` once they are at hand — until then the element shows a
 * busy shell, never string keys — and `settled` is what its `updateComplete` waits for.
 */
export function stringsLoader(host: ReactiveControllerHost & EventTarget, load: (lang: Lang) => Promise<void>): StringsLoader {
  const loader = new LoadController<void, 'ready'>(host, { done: () => 'ready', failed: () => 'ready' });
  return Object.assign(loader, { load: (lang: Lang) => loader.run(lang, () => load(lang)) });
}

export type StringsLoader = LoadController<void, 'ready'> & { readonly load: (lang: Lang) => void };
