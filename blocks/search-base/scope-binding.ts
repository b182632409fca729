/**
 * The one binding of a block to its search scope, as a Lit reactive controller: lists, result counts, layouts and
 * the search parts all join the scope named by their `scope` attribute on their store through it, follow the
 * scope's events (re-rendering the block) and leave it when disconnected. The block calls `sync()` where its scope
 * may have changed (connected, before each update): the store is known only after the block's own connect.
 */
import type { ReactiveController } from 'lit';
import { urlPrefix } from '../../src/config/links.ts';
import { scopeFor, type SearchScope } from '../../src/search/scope.ts';
import type { CatalogBlock } from '../base/catalog-block.ts';
import { scopeNameOf } from './scope-params.ts';

export interface ScopeBindingOptions {
  /** Scope events the block follows (default: state, results, status). */
  events?: readonly string[];
  /** What an event does (default: re-render the block). */
  changed?: (event: Event) => void;
  /** The block now follows `scope` (the first, or another one: its name, store or page changed). */
  joined?: (scope: SearchScope) => void;
  /** The block no longer follows `scope` (disconnected, or another scope joined). */
  left?: (scope: SearchScope) => void;
  /** A scope that wins over the named one (a layout hands its list a private scope). */
  override?: () => SearchScope | undefined;
}

const SCOPE_EVENTS = ['state', 'results', 'status'];

export class ScopeBinding implements ReactiveController {
  /** The scope followed now; undefined before the first `sync()` and while disconnected. */
  current: SearchScope | undefined;
  readonly #host: CatalogBlock<unknown>;
  readonly #options: ScopeBindingOptions;
  readonly #listener: (event: Event) => void;

  constructor(host: CatalogBlock<unknown>, options: ScopeBindingOptions = {}) {
    this.#host = host;
    this.#options = options;
    this.#listener = options.changed ?? (() => host.requestUpdate());
    host.addController(this);
  }

  /** The block's scope: created on first use, shared per document, name and store. */
  get scope(): SearchScope {
    const host = this.#host;
    return this.#options.override?.() ?? scopeFor(host.ownerDocument, scopeNameOf(host), host.store, urlPrefix(host.pageConfig));
  }

  /** Follows the block's scope when it is not the one followed; returns it. */
  sync(): SearchScope {
    const scope = this.scope;
    if (scope !== this.current) this.#move(scope);
    return scope;
  }

  hostDisconnected(): void {
    this.#move(undefined);
  }

  #move(next: SearchScope | undefined): void {
    const previous = this.current;
    if (previous === next) return;
    for (const type of this.#options.events ?? SCOPE_EVENTS) {
      previous?.removeEventListener(type, this.#listener);
      next?.addEventListener(type, this.#listener);
    }
    this.current = next;
    if (previous) this.#options.left?.(previous);
    if (next) this.#options.joined?.(next);
  }
}
