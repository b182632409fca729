/**
 * What the map elements share: language and strings (their `stringsLoader`), styles adoption (honouring
 * `no-styles`), the "Skip map" link and the focusable viewport, and the one way a map loads and draws: its
 * LoadController fetches what the map needs (OpenLayers, capabilities) and resolves with it; the map is drawn into
 * the viewport once rendered, and drawn again when the element is put back on the page.
 */
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { resolveGlobalFlag } from '../../src/config/resolve.ts';
import { resolveParam } from '../../src/config/resolve-param.ts';
import { warnOnce } from '../../src/config/warn.ts';
import { attributionParts, baseLayerOf, type BaseLayer } from '../../src/wms/base-layer.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { LoadController, stringsLoader, type LoadTask } from '../base/load-controller.ts';
import { loadMapMessages } from './strings.ts';
import { mapStyles } from './wms-map.styles.ts';
import type { MapLabels } from './ol-map.ts';

let instances = 0;

/** How a map's load ends: drawn, or it could not be (capabilities, the map chunk, OpenLayers). */
export type MapState = 'ready' | 'failed';

/** `legend="false"` (or "0", "no", "off") hides; anything else, or no attribute, shows. */
export const shownUnlessFalse = {
  fromAttribute: (v: string | null): boolean => v === null || !/^(false|0|no|off)$/i.test(v.trim()),
  toAttribute: (v: boolean): string | null => (v ? null : 'false'),
};

/** `T`: what a load resolves with (the map chunk and what the map shows); `M`: the drawn map's handle. */
export abstract class MapElementBase<T, M extends { dispose(): void }> extends LitElement {
  static override properties: PropertyDeclarations = {
    langAttr: { attribute: 'lang' },
    hl: { attribute: 'hl' },
    label: { attribute: 'label' },
  };

  declare langAttr: string | undefined;
  /** Heading level of the map's title (none when unset). */
  declare hl: string | number | undefined;
  /** The map's name (its heading and accessible name); default: the service title or "Map". */
  declare label: string | undefined;

  readonly idPrefix = `esbm${++instances}`;
  readonly #strings = stringsLoader(this, loadMapMessages);
  /** The map's load: `ready` (then drawn) or `failed`; a failure is never an unhandled rejection. */
  protected readonly loader = new LoadController<T, MapState>(this, {
    done: () => 'ready',
    failed: (e) => {
      this.failedWith(e);
      return 'failed';
    },
    changed: (state) => this.stateChanged(state),
  });
  #map: M | undefined;
  #tiles: typeof import('./ol-tiles.ts') | undefined;

  override createRenderRoot(): HTMLElement {
    return this;
  }

  get uiLang(): Lang {
    return blockLang(this, readPageConfig(this.ownerDocument));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!(this.hasAttribute('no-styles') || resolveGlobalFlag(this, readPageConfig(this.ownerDocument), 'noStyles'))) {
      adoptStyles(this.ownerDocument, baseStyles);
      adoptStyles(this.ownerDocument, mapStyles);
    }
    // Put back on the page: the map taken down on leaving is drawn again (or its cut-short load runs again).
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#dispose();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.#strings.load(this.uiLang);
  }

  /** Waits for the strings too: a finished update shows words, not keys. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    await this.#strings.settled;
    if (this.isUpdatePending) done = await super.getUpdateComplete();
    return done;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const loaded = this.loader.state === 'ready' ? this.loader.value : undefined;
    if (loaded === undefined || this.#map || !this.isConnected) return;
    try {
      const target = this.viewportElement();
      if (target) this.#map = this.drawMap(target, loaded);
    } catch (e) {
      // OpenLayers threw: the load ends failed (shown, and said so), with no exception out of Lit's update
      this.failedWith(e);
      this.loader.settle(this.loader.key ?? '', 'failed');
    }
  }

  /** Draws the loaded map into the rendered viewport (once per load, and again after the element was moved). */
  protected abstract drawMap(target: HTMLElement, loaded: T): M;

  /** A load or a drawing failed (told before the state is `failed`): says so in the console. */
  protected failedWith(e: unknown): void {
    console.warn(`[catalog-blocks] <${this.localName}> could not draw its map`, e);
  }

  /** Told each state of the load as it is set. */
  protected stateChanged(_state: MapState | 'idle' | 'loading'): void {}

  /** The drawn map, while there is one. */
  protected get map(): M | undefined {
    return this.#map;
  }

  /** Loads for `what` (the old map goes) unless that is what the map loads or shows already; true when it started. */
  protected load(what: string, task: LoadTask<T>): boolean {
    if (!this.isConnected || what === this.loader.key) return false;
    this.#dispose();
    this.loader.run(what, task);
    return true;
  }

  /** Nothing to show: no map, no load. */
  protected clear(): void {
    this.#dispose();
    this.loader.settle('', 'idle');
  }

  /** Resolves with the state the current load ends in, once its map is drawn (a property just set counts). */
  protected async settledState(): Promise<MapState | 'idle' | 'loading'> {
    if (this.isUpdatePending) await this.updateComplete;
    await this.loader.done();
    await this.updateComplete;
    return this.loader.state;
  }

  #dispose(): void {
    this.#map?.dispose();
    this.#map = undefined;
  }

  /** Until the strings are at hand (one small chunk), a busy shell: never string keys, never nothing. */
  protected get stringsReady(): boolean {
    return this.#strings.state === 'ready';
  }

  protected busyShell(): TemplateResult {
    return html`<div class="esbMap esbBlock" aria-busy="true"></div>`;
  }

  /** The failure notice of a coverage or points map whose drawing failed. */
  protected failedNotice(): TemplateResult | typeof nothing {
    return this.loader.state === 'failed'
      ? html`<p class="esbState esbError esbMapFailed" role="status">${this.t('map.failed')}</p>` : nothing;
  }

  protected t(key: string, vars?: Record<string, string | number>): string {
    return msg(this.uiLang, key, vars);
  }

  protected labels(): MapLabels {
    const base = this.baseLayer();
    const tiles = this.#tiles;
    return { zoomIn: this.t('map.zoomIn'), zoomOut: this.t('map.zoomOut'), ...(base ? { base } : {}), ...(tiles ? { tiles } : {}) };
  }

  /**
   * The map chunk (OpenLayers), and with it the tile layer chunk when the base layer is XYZ tiles (a failing tile
   * chunk leaves the plain background: the map still draws).
   */
  protected loadOl(): Promise<typeof import('./ol-map.ts')> {
    const ol = import('./ol-map.ts');
    if (this.baseLayer()?.kind !== 'xyz') return ol;
    const tiles = import('./ol-tiles.ts').then((m) => {
      this.#tiles = m;
    }, (e: unknown) => console.warn('[catalog-blocks] the base layer\'s tiles could not be loaded', e));
    return Promise.all([ol, tiles]).then(([m]) => m);
  }

  /**
   * The base layer under the map: `map-base-url` on the element or the block it is drawn in, else the page
   * configuration's `mapBaseUrl` (one row of the parameter table). None set: the plain background. A URL that is
   * neither XYZ tiles nor a WMS (or not http(s)) is left out with one warning.
   */
  baseLayer(): BaseLayer | undefined {
    const doc = this.ownerDocument;
    const value = resolveParam('mapBaseUrl', this, readPageConfig(doc));
    const { layer, problem } = baseLayerOf(typeof value === 'string' ? value : undefined, new URL(doc.baseURI));
    if (problem) warnOnce(`[catalog-blocks] <${this.localName}>: map-base-url ${JSON.stringify(value)} is not used: ${problem}`);
    return layer;
  }

  /** The base layer's attribution under the map (`map-base-attribution` / `mapBaseAttribution`): text, http(s) links. */
  protected attribution(): TemplateResult | typeof nothing {
    if (!this.baseLayer()) return nothing;
    const value = resolveParam('mapBaseAttribution', this, readPageConfig(this.ownerDocument));
    const parts = attributionParts(typeof value === 'string' ? value : undefined);
    if (parts.length === 0) return nothing;
    return html`<p class="esbMapAttribution">${parts.map((p) => (p.href
      ? html`<a href=${p.href} rel="noopener noreferrer">${p.text}</a>` : p.text))}</p>`;
  }

  protected headingLevel(): number | undefined {
    const n = Number(this.hl);
    return Number.isInteger(n) && n >= 1 && n <= 6 ? n : undefined;
  }

  protected heading(text: string): TemplateResult | undefined {
    const level = this.headingLevel();
    if (!level) return undefined;
    const cls = 'esbMapTitle';
    switch (level) {
      case 1: return html`<h1 class=${cls}>${text}</h1>`;
      case 2: return html`<h2 class=${cls}>${text}</h2>`;
      case 3: return html`<h3 class=${cls}>${text}</h3>`;
      case 4: return html`<h4 class=${cls}>${text}</h4>`;
      case 5: return html`<h5 class=${cls}>${text}</h5>`;
      default: return html`<h6 class=${cls}>${text}</h6>`;
    }
  }

  /**
   * "Skip map" link, the focusable viewport (OpenLayers draws into it) and the skip target after it. The viewport is a
   * named group, not a landmark: a page with many maps (a list of datasets, tabs and a section showing one
   * visualization twice) would otherwise have landmarks under one name. Its description — the keyboard hint and what
   * `describedBy` names — is spoken once, when the map is reached: the hint is `hidden` (out of the reading order,
   * still read as the description), and visible text in the reading order is never also a description.
   */
  protected viewport(name: string, describedBy: string[] = []): TemplateResult {
    const id = this.idPrefix;
    const skip = (e: Event): void => {
      e.preventDefault();
      this.querySelector<HTMLElement>(`#${id}-after`)?.focus();
    };
    return html`
      <a class="esbMapSkip" href="#${id}-after" @click=${skip}>${this.t('map.skip')}</a>
      <p hidden id="${id}-keys">${this.t('map.keys')}</p>
      <div class="esbMapViewport" id="${id}-viewport" tabindex="0" role="group" aria-label=${name}
        aria-describedby=${[...describedBy, `${id}-keys`].join(' ')}></div>
      <span class="esbMapAfter" id="${id}-after" tabindex="-1"></span>
      ${this.attribution()}`;
  }

  /** The viewport element once rendered. */
  protected viewportElement(): HTMLElement | null {
    return this.querySelector<HTMLElement>(`#${this.idPrefix}-viewport`);
  }
}
