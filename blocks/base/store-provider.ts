/**
 * `<catalog-store-provider store-url="https://data.example.org/store/">` gives every block inside it the same
 * store client through @lit/context (DESIGN: providers on a page root). Blocks outside any provider use the page
 * config's `storeUrl`; a block's own `store-url` attribute always wins. Wrapping a whole page (or `<body>`'s
 * content) in one provider lets all blocks share one cache and batch their lookups.
 *
 * The provider renders nothing itself (`display: contents`); its children are the page content.
 */
import { ContextProvider, ContextRoot } from '@lit/context';
import type { CatalogStore } from '../../src/store/types.ts';
import { storeContext } from '../../src/store/context.ts';
import { DEFAULT_STORE_URL, storeFor } from '../../src/store/registry.ts';
import { readPageConfig } from '../../src/config/page-config.ts';

/** Blocks upgraded before their provider re-request the store once it appears (late upgrades, Lit context README). */
const roots = new WeakSet<Document>();
function attachContextRoot(doc: Document): void {
  if (roots.has(doc)) return;
  roots.add(doc);
  new ContextRoot().attach(doc.body ?? doc.documentElement);
}

/**
 * Provides one metadata store to every catalog block inside it.
 * @summary Shares one store client (cache, batching) with the blocks inside it.
 * @tag catalog-store-provider
 * @attr {string} store-url - Base URL of the EntryStore instance, e.g. `https://data.example.org/store/` (default `/store/`).
 * @slot - Page content containing catalog blocks.
 */
export class CatalogStoreProvider extends HTMLElement {
  static observedAttributes = ['store-url'];
  #provider = new ContextProvider(this, { context: storeContext, initialValue: this.#resolveStore() });
  #explicit: CatalogStore | undefined;

  constructor() {
    super();
    // `.store` set before this class was defined (blocks load it on first use: ./provider-loading.ts) is an own
    // property of the element that would hide the accessor below: hand it to the accessor
    if (Object.hasOwn(this, 'store')) {
      const value = (this as { store?: CatalogStore }).store;
      delete (this as { store?: CatalogStore }).store;
      if (value) this.store = value;
    }
  }

  /** A store object to provide instead of one built from `store-url` (tests, custom adapters). */
  get store(): CatalogStore {
    return this.#provider.value;
  }
  set store(value: CatalogStore) {
    this.#explicit = value;
    this.#provider.setValue(value);
  }

  connectedCallback(): void {
    attachContextRoot(this.ownerDocument);
    // A plain HTMLElement has no controller lifecycle: announce the provider so that ContextRoot hands it the
    // requests of blocks that were upgraded before it.
    this.#provider.hostConnected();
  }

  attributeChangedCallback(): void {
    if (!this.#explicit) this.#provider.setValue(this.#resolveStore());
  }

  #resolveStore(): CatalogStore {
    const raw = this.getAttribute('store-url') || DEFAULT_STORE_URL;
    return storeFor(new URL(raw, document.baseURI).href.replace(/\/?$/, '/'), readPageConfig(document));
  }
}

if (!customElements.get('catalog-store-provider')) customElements.define('catalog-store-provider', CatalogStoreProvider);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-store-provider': CatalogStoreProvider;
  }
}
