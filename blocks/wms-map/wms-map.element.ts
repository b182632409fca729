import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { httpUrl, union, type GeoBox, type WmsCapabilities } from '../../src/wms/capabilities.ts';
import { loadCapabilities, MapElementBase, MapLoadError, shownUnlessFalse } from './map-common.ts';
import type { WmsMapHandle } from './ol-map.ts';
import { emit } from '../base/events.ts';

export type WmsMapState = 'loading' | 'ready' | 'failed';

/** `detail` of the `catalog-map-state` event. */
export interface WmsMapStateDetail {
  readonly state: WmsMapState;
  /** Why the map failed (a `CapabilitiesError` problem, `http`, `network`, `timeout`, `no-url`, `map-library`). */
  readonly problem?: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'catalog-map-state': CustomEvent<WmsMapStateDetail>;
  }
}

/**
 * A map of one WMS (behaviour §6.4, §1.11): fetches the GetCapabilities document (no credentials), shows every
 * named layer as its own WMS image layer (the first listed on top) on a plain background — no base map, so it works
 * offline and never fails for want of one — fitted to the union of the layers' bounding boxes; a layer switcher
 * (checkboxes in a fieldset) and, unless `legend` is false, the legend image of each visible layer (only http(s)
 * images). Before the map a "Skip map" link; the viewport is focusable (arrow keys pan, + and − zoom) and the zoom
 * buttons are real buttons. A capabilities document that cannot be read (network, CORS, HTTP error, not XML,
 * entity declarations, no named layer, over 2 MiB) gives "The map could not be loaded." with a link to the service.
 *
 * The landing page makes one element per distinct capabilities URL: see `wmsMaps` / `wmsMapsOf` in
 * src/dcat/wms.ts. OpenLayers is loaded (a lazy chunk) together with the capabilities.
 *
 * @summary A WMS map with layer switcher and legend, from a GetCapabilities URL.
 * @tag catalog-wms-map
 *
 * @attr {string} capabilities-url - The GetCapabilities URL (http or https), e.g. from `capabilitiesUrl()` of src/dcat/wms.ts.
 * @attr {string} service-url - Where the failure state links to (default: the capabilities URL).
 * @attr {boolean} legend - `false` hides the legend; default shown (§1.11: the parameter wins).
 * @attr {string} label - The map's name (heading, accessible name); default the service's title.
 * @attr {number} hl - Heading level of the map's title; no heading when unset.
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @prop {string[]} layers - Only these named layers (a `wms` visualization's `esviz:layers`); unset or none found = all.
 * @prop {GeoBox} initialView - The initial view, [west, south, east, north] in degrees; default: the shown layers' boxes.
 *
 * @event catalog-map-state - After loading settles; `detail`: `{ state, problem? }` (`state`: ready or failed).
 *
 * @cssprop [--cb-map-background=#e8eef4] - The plain background under the WMS layers.
 */
export class WmsMapBlock extends MapElementBase {
  static override properties: PropertyDeclarations = {
    ...MapElementBase.properties,
    capabilitiesUrl: { attribute: 'capabilities-url' },
    serviceUrl: { attribute: 'service-url' },
    legend: { type: Boolean, converter: shownUnlessFalse },
    layers: { attribute: false },
    initialView: { attribute: false },
    _caps: { state: true },
    _state: { state: true },
    _visible: { state: true },
    _layerFailed: { state: true },
  };

  declare capabilitiesUrl: string | undefined;
  declare serviceUrl: string | undefined;
  declare legend: boolean;
  /** Only these named layers (unset, empty, or none of them in the document: all). */
  declare layers: readonly string[] | undefined;
  /** Initial view in degrees [west, south, east, north] (default: the union of the shown layers' boxes). */
  declare initialView: GeoBox | undefined;
  declare _caps: WmsCapabilities | undefined;
  declare _state: WmsMapState;
  declare _visible: ReadonlySet<string>;
  declare _layerFailed: boolean;

  /** Give up on a capabilities request after this long (ms): a hanging service gives the failure state, not a spinner. */
  timeoutMs = 20000;

  /** How capabilities are fetched (tests and hosts may wrap it). Always called without credentials. */
  fetchCapabilities: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

  #handle: WmsMapHandle | undefined;
  #imagesDrawn = 0;
  #abort: AbortController | undefined;
  #problem: string | undefined;
  #settled!: Promise<WmsMapState>;
  #settle!: (s: WmsMapState) => void;

  constructor() {
    super();
    this.legend = true;
    this._state = 'loading';
    this._visible = new Set();
    this._layerFailed = false;
    this.#resetSettled();
  }

  /** Resolves with `ready` or `failed` once the current capabilities URL has been tried. */
  get loadComplete(): Promise<WmsMapState> {
    return this.#settled;
  }

  get state(): WmsMapState {
    return this._state;
  }

  /** Why the map failed, when it did. */
  get problem(): string | undefined {
    return this.#problem;
  }

  /** The parsed capabilities (after `ready`). */
  get capabilities(): WmsCapabilities | undefined {
    return this._caps;
  }

  /** Names of the layers shown, in document order. */
  get visibleLayers(): string[] {
    return this._caps?.layers.filter((l) => this._visible.has(l.name)).map((l) => l.name) ?? [];
  }

  /** How many GetMap images have arrived since the map was made (tests wait for the first). */
  get imagesDrawn(): number {
    return this.#imagesDrawn;
  }

  /** Zoom level and centre of the map view (undefined before `ready`). */
  get view(): { zoom: number | undefined; center: number[] | undefined } | undefined {
    return this.#handle?.view();
  }

  #resetSettled(): void {
    this.#settled = new Promise((resolve) => (this.#settle = resolve));
  }

  /** The capabilities URL the current (or last) load is for; undefined = load on the next update. */
  #startedFor: string | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated && this.#startedFor === undefined) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The map is torn down; moved elsewhere, the element loads again.
    this.#abort?.abort();
    this.#handle?.dispose();
    this.#handle = undefined;
    this.#startedFor = undefined;
  }

  protected override willUpdate(): void {
    if (this.isConnected && this.#startedFor !== this.#loadKey()) void this.#load();
  }

  /** What a load depends on: the URL, the layer subset and the initial view. */
  #loadKey(): string {
    return JSON.stringify([this.capabilitiesUrl ?? '', this.layers ?? null, this.initialView ?? null]);
  }

  async #load(): Promise<void> {
    const url = this.capabilitiesUrl ?? '';
    this.#startedFor = this.#loadKey();
    this.#abort?.abort();
    this.#handle?.dispose();
    this.#handle = undefined;
    const abort = (this.#abort = new AbortController());
    if (this._state !== 'loading') {
      this._state = 'loading';
      this.#resetSettled();
    }
    this._caps = undefined;
    this._layerFailed = false;
    this.#imagesDrawn = 0;
    const olModule = import('./ol-map.ts');
    olModule.catch(() => undefined); // a failure is reported where it is awaited
    await this.ensureStrings();
    let caps: WmsCapabilities;
    try {
      caps = await loadCapabilities(url, { fetch: this.fetchCapabilities, signal: abort.signal, timeoutMs: this.timeoutMs });
    } catch (e) {
      return this.#fail(e instanceof MapLoadError ? e.problem : 'network', abort);
    }
    if (abort.signal.aborted) return;
    let ol: typeof import('./ol-map.ts');
    try {
      ol = await olModule;
    } catch {
      return this.#fail('map-library', abort);
    }
    caps = restrictCapabilities(caps, this.layers, this.initialView);
    this._caps = caps;
    this._visible = new Set(caps.layers.map((l) => l.name));
    this._state = 'ready';
    await this.updateComplete;
    const target = this.viewportElement();
    if (abort.signal.aborted || !target) return;
    this.#handle = ol.createWmsMap(target, caps, this.labels(), {
      error: () => {
        this._layerFailed = true;
      },
      drawn: () => {
        this.#imagesDrawn++;
      },
    });
    this.#announce('ready');
  }

  /** `abort`: the load this failure belongs to (a superseded load reports nothing). */
  #fail(problem: string, abort: AbortController): void {
    if (abort.signal.aborted) return;
    this.#problem = problem;
    this._state = 'failed';
    void this.updateComplete.then(() => this.#announce('failed'));
  }

  #announce(state: 'ready' | 'failed'): void {
    this.#settle(state);
    const detail: WmsMapStateDetail = { state, ...(state === 'failed' && this.#problem ? { problem: this.#problem } : {}) };
    emit(this, 'catalog-map-state', detail);
  }

  #toggle(name: string, on: boolean): void {
    const next = new Set(this._visible);
    if (on) next.add(name);
    else next.delete(name);
    this._visible = next;
    this.#handle?.setVisible(name, on);
  }

  protected override render(): TemplateResult {
    const caps = this._caps;
    const title = this.label?.trim() || caps?.title || this.t('map.title');
    if (this._state === 'failed') {
      const service = httpUrl(this.serviceUrl ?? '') ?? httpUrl(this.capabilitiesUrl ?? '');
      return html`<div class="esbMap esbBlock">${this.heading(title)}
        <div class="esbState esbError esbMapFailed"><p>${this.t('map.failed')}${service
          ? html` <a href=${service} rel="noopener noreferrer">${this.t('map.openService')}</a>` : nothing}</p></div></div>`;
    }
    if (this._state === 'loading' || !caps) {
      return html`<div class="esbMap esbBlock">${this.heading(title)}<p class="esbState esbMapLoading" role="status">${this.t('map.loading')}</p></div>`;
    }
    const id = this.idPrefix;
    return html`<div class="esbMap esbBlock">
      ${this.heading(title)}
      ${this.viewport(this.t('map.label', { title }))}
      ${this._layerFailed ? html`<p class="esbMapLayerFailed" role="status">${this.t('map.layerFailed')}</p>` : nothing}
      <fieldset class="esbMapLayers">
        <legend>${this.t('map.layers')}</legend>
        ${caps.layers.map((l, i) => html`<label><input type="checkbox" id="${id}-layer${i}" .checked=${this._visible.has(l.name)}
          @change=${(e: Event) => this.#toggle(l.name, (e.target as HTMLInputElement).checked)}> ${l.title}</label>`)}
      </fieldset>
      ${this.legend ? this.#legend(caps) : nothing}
    </div>`;
  }

  #legend(caps: WmsCapabilities): TemplateResult | typeof nothing {
    const items = caps.layers.filter((l) => this._visible.has(l.name) && l.legendUrl && httpUrl(l.legendUrl));
    if (items.length === 0) return html`<div class="esbMapLegend"></div>`;
    const id = this.idPrefix;
    return html`<div class="esbMapLegend">
      <p class="esbMapLegendTitle" id="${id}-legend">${this.t('map.legend')}</p>
      <ul aria-labelledby="${id}-legend">
        ${items.map((l) => html`<li><img src=${httpUrl(l.legendUrl)!} alt=${this.t('map.legendOf', { title: l.title })}
          loading="lazy" referrerpolicy="no-referrer"> <span>${l.title}</span></li>`)}
      </ul>
    </div>`;
  }
}

/**
 * The capabilities as a map restricted to `layers` shows them: only those named layers (in document order; when
 * none of them is in the document, all layers rather than an empty map), and the initial view `view`, else the
 * union of the kept layers' boxes, else the document's.
 */
export function restrictCapabilities(caps: WmsCapabilities, layers?: readonly string[], view?: GeoBox): WmsCapabilities {
  const wanted = layers?.length ? caps.layers.filter((l) => layers.includes(l.name)) : [];
  const kept = wanted.length ? wanted : caps.layers;
  const boxes = kept.map((l) => l.bbox).filter((b): b is GeoBox => b !== undefined);
  const extent = view ?? (kept !== caps.layers ? union(boxes) : undefined) ?? caps.extent;
  return { ...caps, layers: kept, ...(extent ? { extent } : {}) };
}
