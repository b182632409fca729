/**
 * Base class of every block: light DOM rendering, parameters from the parameter table (attribute → inherit → page
 * config → default), UI language, the shared store (from a `<catalog-store-provider>` through @lit/context, else one
 * client per store URL), per-instance id prefix, stylesheet adoption and a load controller with the common states.
 */
import { LitElement, type CSSResult, type PropertyDeclarations } from 'lit';
import { ContextEvent } from '@lit/context';
import { attributeName, paramsOf, specsOf, type BlockName, type GlobalConfig } from '../../src/config/params.ts';
import { resolveGlobalFlag, resolveParams, squash, type ResolvedParams } from '../../src/config/resolve.ts';
import { hasPendingConfigFiles, loadPageConfig, readPageConfig } from '../../src/config/page-config.ts';
import { overridesLoading } from '../../src/config/block-overrides-loader.ts';
import { providerLoading } from './provider-loading.ts';
import { blockLang } from '../../src/config/lang.ts';
import { landingHref, type LinkTarget, type Route } from '../../src/config/links.ts';
import type { Lang } from '../../src/i18n/index.ts';
import type { CatalogStore } from '../../src/store/types.ts';
import { storeContext } from '../../src/store/context.ts';
import { storeFor, storeUrlOf } from '../../src/store/registry.ts';
import { adoptStyles } from './adopt-styles.ts';
import { baseStyles } from './base.styles.ts';
import { LoadController } from './load-controller.ts';
import type { RenderContext } from './render.ts';

// (in a module without Lit: the CDN loader uses them before any block's chunk, see src/config/early-entry.ts)
export { DEFAULT_STORE_URL } from '../../src/store/registry.ts';

let instances = 0;

/**
 * The incumbent's ARIA parameters (reference "aria support"): `label` → `aria-label` … on the block element, its
 * container (`title` is the element's own attribute). A label makes the block a labelled region (`aria-label` needs a
 * role; `region` keeps it valid and gives a landmark).
 */
const ARIA_PARAMS = ['label', 'labelledby', 'describedby', 'live'];

/**
 * THE reactive properties of a block: one per parameter its column of the tables reads (attribute = kebab name, raw
 * string value: Lit's default type; the old lower-case attribute form `includedatapreview` is observed too; not
 * `click`, which would hide HTMLElement.click()), plus the attributes every block shares.
 */
export function blockProperties(block: BlockName): PropertyDeclarations {
  const props: Record<string, PropertyDeclarations[string]> = { langAttr: { attribute: 'lang' } };
  for (const name of ['storeUrl', 'strictStandardHtml', 'noStyles']) props[name] = { attribute: attributeName(name) };
  for (const p of specsOf(block)) {
    if (p.name === 'click') continue;
    const kebab = attributeName(p.name);
    props[p.name] = { attribute: kebab };
    const lower = squash(p.name);
    if (lower !== kebab) props[`legacy_${lower}`] = { attribute: lower };
  }
  return props;
}

/**
 * The base of every block (see the file comment).
 *
 * @attr {string} label - Accessible name of the block: `aria-label` on the element, which becomes a labelled region (`role="region"` unless it has a role).
 * @attr {string} labelledby - Id of the element naming the block: `aria-labelledby` (a labelled region too).
 * @attr {string} describedby - Id of the element describing the block: `aria-describedby`.
 * @attr {string} live - `off`, `polite` or `assertive`: `aria-live` on the element (other values are not written).
 * @attr {string} title - The element's own `title` (the incumbent's `title` parameter).
 */
/**
 * Adopts stylesheets into the block's document (once each), unless the block has `no-styles` or the page `noStyles`:
 * a block's own sheets on connect, and the sheets of parts it loads later (an opened result row).
 */
export function adoptBlockStyles(block: CatalogBlock, sheets: readonly CSSResult[]): void {
  if (block.hasAttribute('no-styles') || resolveGlobalFlag(block, block.pageConfig, 'noStyles')) return;
  for (const sheet of sheets) adoptStyles(block.ownerDocument, sheet);
}

export abstract class CatalogBlock<T = unknown> extends LitElement {
  /** The block's name in the parameter table (`datasetView`, `datasetList`, …): the column it reads. */
  static blockName: BlockName;
  /** The EntryScape Blocks name whose `blocks` override defaults apply and that warnings name (default: `blockName`). */
  declare static incumbentName?: string;
  /** The block's own stylesheets (adopted once per document next to the shared one). */
  static blockStyles: readonly CSSResult[] = [];

  declare storeUrl: string | undefined;
  declare langAttr: string | undefined;
  declare strictStandardHtml: string | undefined;
  declare noStyles: string | undefined;

  /** Prefix of every id this instance renders. */
  readonly idPrefix = `esb${++instances}`;
  protected readonly loader = new LoadController<T>(this);
  /** The store of a `<catalog-store-provider>` around the block, and how to stop hearing of its changes. */
  #provided: CatalogStore | undefined;
  #unsubscribe: (() => void) | undefined;
  #page: GlobalConfig = {};
  #pageLoading = false;
  /** Re-renders on a URL change (hash, history) and on a change of the document language. */
  #rerender = (): void => this.requestUpdate();
  /** The document's language changes (`<html lang>`) re-render the block while it is connected. */
  #langWatcher = new MutationObserver(this.#rerender);

  override createRenderRoot(): HTMLElement {
    return this;
  }

  get blockName(): BlockName {
    return (this.constructor as typeof CatalogBlock).blockName;
  }

  /** The page configuration as last read (config files included once fetched). */
  get pageConfig(): GlobalConfig {
    return this.#page;
  }

  /** True while `data-config-src` files (or the `blocks` definitions' reader, or the store provider) are loading. */
  protected get pageConfigPending(): boolean {
    return this.#pageLoading;
  }

  /**
   * Effective parameters (behaviour doc §0/§8), read once per update (each resolution reads every parameter; a render
   * and the handlers of what it shows ask many times): what the block shows and what its handlers read agree.
   */
  get params(): ResolvedParams {
    return (this.#params ??= resolveParams(this.blockName, this, this.#page, this.parentBlock()?.params, this.incumbentBlock));
  }

  /**
   * The EntryScape Blocks name this instance renders (its `blocks` overrides, its warnings): the class's
   * `incumbentName`; an element that renders several names says which by its attributes (`kind`, …).
   */
  protected get incumbentBlock(): string | undefined {
    return (this.constructor as typeof CatalogBlock).incumbentName;
  }

  #params: ResolvedParams | undefined;

  get uiLang(): Lang {
    return blockLang(this, this.#page);
  }

  /** Global `strictStandardHtml` (attribute `strict-standard-html` on the block overrides the page setting). */
  get strict(): boolean {
    return resolveGlobalFlag(this, this.#page, 'strictStandardHtml');
  }

  /** Absolute store base URL, always ending in `/`. */
  get storeBaseUrl(): string {
    const provided = this.#provided;
    return provided && !this.getAttribute('store-url') ? provided.baseUrl : storeUrlOf(this, this.#page);
  }

  /** The store: the block's own `store-url` → a provider's store → the page config's → `/store/` (shared per URL). */
  get store(): CatalogStore {
    const provided = this.#provided;
    if (provided && !this.getAttribute('store-url')) return provided;
    return storeFor(this.storeBaseUrl, this.#page);
  }

  /** State of the data load: loading, ready, noEntry, notFound, unreachable or malformed. */
  get state(): string {
    return this.loader.state;
  }

  /**
   * Resolves when the current load has settled and the result is rendered (for hosts and tests). Follows `state`, so
   * a block whose state comes from elsewhere (a search scope) settles with it.
   */
  get loadComplete(): Promise<string> {
    return (async () => {
      for (;;) {
        await this.loader.settled;
        await this.updateComplete;
        const state = this.state;
        if (state !== 'loading' && state !== 'idle') return state;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
  }

  /** The nearest enclosing block (source of `inherit` values). */
  protected parentBlock(): CatalogBlock | undefined {
    for (let n = this.parentElement; n; n = n.parentElement) if (n instanceof CatalogBlock) return n;
    return undefined;
  }

  /** The page's address (`http://localhost/` for a document without one). */
  get pageUrl(): URL {
    return new URL(this.ownerDocument.location?.href ?? 'http://localhost/');
  }

  protected renderContext(hl: number): RenderContext {
    const page = this.#page;
    const current = this.pageUrl;
    return {
      lang: this.uiLang,
      hl,
      strict: this.strict,
      idPrefix: this.idPrefix,
      landing: (route: Route, target: LinkTarget) => landingHref(route, target, page, current),
    };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#requestStore();
    // A block moved while loading had its load aborted on disconnect: update so that it loads again.
    this.requestUpdate();
    this.#readPage();
    const win = this.ownerDocument.defaultView;
    win?.addEventListener('hashchange', this.#rerender);
    win?.addEventListener('popstate', this.#rerender);
    // (an attribute filter implies `attributes: true`)
    this.#langWatcher.observe(this.ownerDocument.documentElement, { attributeFilter: ['lang'] });
    adoptBlockStyles(this, [baseStyles, ...(this.constructor as typeof CatalogBlock).blockStyles]);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    const win = this.ownerDocument.defaultView;
    win?.removeEventListener('hashchange', this.#rerender);
    win?.removeEventListener('popstate', this.#rerender);
    this.#langWatcher.disconnect();
  }

  /**
   * Asks a provider above for the store (the context protocol's `context-request` event, subscribed: a provider's
   * new store re-renders the block). A block upgraded before its provider gets the store when the provider connects
   * (its ContextRoot replays the request). What @lit/context's ContextConsumer does for a subscriber, without its
   * options.
   */
  #requestStore(): void {
    const callback = (store: CatalogStore, unsubscribe?: () => void): void => {
      // another provider answers: stop hearing from the one before
      if (this.#unsubscribe !== unsubscribe) this.#unsubscribe?.();
      this.#unsubscribe = unsubscribe;
      this.#provided = store;
      this.requestUpdate();
    };
    this.dispatchEvent(new ContextEvent(storeContext, this, callback, true));
  }

  /**
   * Re-reads the page configuration; fetches config files once, the resolver of `blocks` definitions when the page
   * has some, and `<catalog-store-provider>` when the block is inside one not defined yet: blocks wait for them before
   * loading.
   */
  #readPage(): void {
    const page = (this.#page = readPageConfig(this.ownerDocument));
    if (this.#pageLoading) return;
    const files = hasPendingConfigFiles(this.ownerDocument);
    const config = files ? loadPageConfig(this.ownerDocument).then((p) => void (this.#page = p)) : overridesLoading(page);
    // inside a <catalog-store-provider> not defined yet: its store, not the page's, once it is defined
    const provider = providerLoading(this)?.then(() => this.#requestStore(), (e: unknown) => {
      console.error('[catalog-blocks] <catalog-store-provider> could not be loaded: the block uses the page\'s store', e);
    });
    const wait = config && provider ? Promise.all([config, provider]) : config ?? provider;
    if (wait) {
      this.#pageLoading = true;
      void wait.then(() => {
        this.#pageLoading = false;
        this.requestUpdate();
      });
    }
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#syncParamAttributes(changed);
    this.#syncAria();
    this.#readPage();
    this.#params = undefined;
  }

  /** `label`, `labelledby`, `describedby`, `live` (off, polite, assertive) → `aria-label` … */
  #syncAria(): void {
    for (const param of ARIA_PARAMS) {
      const value = this.getAttribute(param)?.trim();
      // (`label="true"` / `"false"` is the incumbent `view` block's switch for its field names, never a name)
      if (param === 'label' && /^(true|false)$/i.test(value ?? '')) continue;
      if (value && (param !== 'live' || /^(off|polite|assertive)$/.test(value))) this.setAttribute(`aria-${param}`, value);
    }
    if ((this.hasAttribute('aria-label') || this.hasAttribute('aria-labelledby')) && !this.hasAttribute('role')) this.setAttribute('role', 'region');
  }

  /**
   * A parameter set as a JS property (`el.hl = 3`) is written to its attribute before rendering: resolution reads
   * attributes (Lit's own reflection would only happen after `render`).
   */
  #syncParamAttributes(changed: Map<PropertyKey, unknown>): void {
    for (const p of paramsOf(this.blockName)) {
      if (!changed.has(p.name)) continue;
      const value = (this as unknown as Record<string, unknown>)[p.name];
      const attr = attributeName(p.name);
      if (value === undefined || value === null) {
        if (this.getAttribute(attr) !== null && changed.get(p.name) !== undefined) this.removeAttribute(attr);
      } else if (this.getAttribute(attr) !== String(value)) {
        this.setAttribute(attr, String(value));
      }
    }
  }
}
