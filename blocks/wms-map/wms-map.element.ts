import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { httpUrl, union, type GeoBox, type WmsCapabilities } from '../../src/wms/capabilities.ts';
import { loadCapabilities, MapLoadError } from './fetch-capabilities.ts';
import { MapElementBase, shownUnlessFalse, type MapState } from './map-common.ts';
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

/** What a load brings: the capabilities as shown (layer subset, initial view) and the map chunk. */
interface WmsLoaded {
  readonly caps: WmsCapabilities;
  readonly ol: typeof import('./ol-map.ts');
}

/**
 * A map of one WMS (behaviour §6.4, §1.11): fetches the GetCapabilities document (no credentials), shows every
 * named layer as its own WMS image layer (the first listed on top) on the configured base layer (`map-base-url`), or
 * on a plain background when none is set — so it works offline and never fails for want of one — fitted to the union of the layers' bounding boxes; a layer switcher
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
 * @attr {string} map-base-url - Base layer under the map: XYZ tiles (`…/{z}/{x}/{y}.png`) or a WMS
 *   (`…?SERVICE=WMS&LAYERS=…`); also read from the enclosing block and the page configuration (`mapBaseUrl`).
 * @attr {string} map-base-attribution - Its attribution, shown under the map: text with `[label](https://…)` links.
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @prop {string[]} layers - Only these named layers (a `wms` visualization's `esviz:layers`); unset or none found = all.
 * @prop {GeoBox} initialView - The initial view, [west, south, east, north] in degrees; default: the shown layers' boxes.
 *
 * @event catalog-map-state - After loading settles; `detail`: `{ state, problem? }` (`state`: ready or failed).
 *
 * @cssprop [--cb-map-background=#e8eef4] - The plain background under the WMS layers.
 */
export class WmsMapBlock extends MapElementBase<WmsLoaded, WmsMapHandle> {
  static override properties: PropertyDeclarations = {
    ...MapElementBase.properties,
    capabilitiesUrl: { attribute: 'capabilities-url' },
    serviceUrl: { attribute: 'service-url' },
    legend: { type: Boolean, converter: shownUnlessFalse },
    layers: { attribute: false },
    initialView: { attribute: false },
    _hidden: { state: true },
    _layerFailed: { state: true },
  };

  declare capabilitiesUrl: string | undefined;
  declare serviceUrl: string | undefined;
  declare legend: boolean;
  /** Only these named layers (unset, empty, or none of them in the document: all). */
  declare layers: readonly string[] | undefined;
  /** Initial view in degrees [west, south, east, north] (default: the union of the shown layers' boxes). */
  declare initialView: GeoBox | undefined;
  /** Layers the user switched off. */
  declare _hidden: ReadonlySet<string>;
  declare _layerFailed: boolean;

  /** Give up on a capabilities request after this long (ms): a hanging service gives the failure state, not a spinner. */
  timeoutMs = 20000;

  /** How capabilities are fetched (tests and hosts may wrap it). Always called without credentials. */
  fetchCapabilities: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

  #imagesDrawn = 0;
  #problem: string | undefined;

  constructor() {
    super();
    this.legend = true;
    this._hidden = new Set();
    this._layerFailed = false;
  }

  /** Resolves with `ready` or `failed` once the current capabilities URL has been tried (and announced). */
  get loadComplete(): Promise<WmsMapState> {
    return this.settledState().then((state) => (state === 'idle' ? 'loading' : state));
  }

  /** loading (also before the load starts: never "nothing" early), ready or failed. */
  get state(): WmsMapState {
    const state = this.loader.state;
    return state === 'idle' ? 'loading' : state;
  }

  /** Why the map failed, when it did. */
  get problem(): string | undefined {
    return this.loader.state === 'failed' ? this.#problem : undefined;
  }

  /** The parsed capabilities (after `ready`). */
  get capabilities(): WmsCapabilities | undefined {
    return this.loader.state === 'ready' ? this.loader.value?.caps : undefined;
  }

  /** Names of the layers shown, in document order. */
  get visibleLayers(): string[] {
    return this.capabilities?.layers.filter((l) => !this._hidden.has(l.name)).map((l) => l.name) ?? [];
  }

  /** How many GetMap images have arrived since the map was made (tests wait for the first). */
  get imagesDrawn(): number {
    return this.#imagesDrawn;
  }

  /** Zoom level and centre of the map view (undefined before `ready`). */
  get view(): { zoom: number | undefined; center: number[] | undefined } | undefined {
    return this.map?.view();
  }

  /** A load depends on the URL, the layer subset and the initial view. */
  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const url = this.capabilitiesUrl ?? '';
    const { layers, initialView } = this;
    const key = JSON.stringify([url, layers ?? null, initialView ?? null]);
    if (!this.load(key, (signal) => this.#fetch(url, layers, initialView, signal))) return;
    this._hidden = new Set();
    this._layerFailed = false;
    this.#imagesDrawn = 0;
    this.#problem = undefined;
  }

  /** The capabilities and OpenLayers (a lazy chunk), fetched together. */
  async #fetch(url: string, layers: readonly string[] | undefined, view: GeoBox | undefined, signal: AbortSignal): Promise<WmsLoaded> {
    const olModule = this.loadOl();
    olModule.catch(() => undefined); // a failure is reported where it is awaited
    const caps = await loadCapabilities(url, { fetch: this.fetchCapabilities, signal, timeoutMs: this.timeoutMs });
    const ol = await olModule.catch(() => Promise.reject(new MapLoadError('map-library')));
    return { caps: restrictCapabilities(caps, layers, view), ol };
  }

  protected override drawMap(target: HTMLElement, { caps, ol }: WmsLoaded): WmsMapHandle {
    const handle = ol.createWmsMap(target, caps, this.labels(), {
      error: () => {
        this._layerFailed = true;
      },
      drawn: () => {
        this.#imagesDrawn++;
      },
    });
    for (const name of this._hidden) handle.setVisible(name, false);
    return handle;
  }

  /** Why it failed: a capabilities problem (`http`, `timeout`, …), else the map library (logged). */
  protected override failedWith(e: unknown): void {
    if (e instanceof MapLoadError) this.#problem = e.problem;
    else {
      this.#problem = 'map-library';
      super.failedWith(e);
    }
  }

  /** `ready` and `failed` are announced once rendered — `ready` once the map is drawn — unless a newer load came. */
  protected override stateChanged(state: MapState | 'idle' | 'loading'): void {
    if (state !== 'ready' && state !== 'failed') return;
    const key = this.loader.key;
    void this.updateComplete.then(() => {
      if (this.loader.key !== key || this.loader.state !== state || (state === 'ready' && !this.map)) return;
      const detail: WmsMapStateDetail = { state, ...(state === 'failed' && this.#problem ? { problem: this.#problem } : {}) };
      emit(this, 'catalog-map-state', detail);
    });
  }

  #toggle(name: string, on: boolean): void {
    const next = new Set(this._hidden);
    if (on) next.delete(name);
    else next.add(name);
    this._hidden = next;
    this.map?.setVisible(name, on);
  }

  protected override render(): TemplateResult {
    if (!this.stringsReady) return this.busyShell();
    const caps = this.capabilities;
    const title = this.label?.trim() || caps?.title || this.t('map.title');
    if (this.state === 'failed') {
      const service = httpUrl(this.serviceUrl ?? '') ?? httpUrl(this.capabilitiesUrl ?? '');
      return html`<div class="esbMap esbBlock">${this.heading(title)}
        <div class="esbState esbError esbMapFailed"><p>${this.t('map.failed')}${service
          ? html` <a href=${service} rel="noopener noreferrer">${this.t('map.openService')}</a>` : nothing}</p></div></div>`;
    }
    if (!caps) {
      return html`<div class="esbMap esbBlock">${this.heading(title)}<p class="esbState esbMapLoading" role="status">${this.t('map.loading')}</p></div>`;
    }
    const id = this.idPrefix;
    return html`<div class="esbMap esbBlock">
      ${this.heading(title)}
      ${this.viewport(this.t('map.label', { title }))}
      ${this._layerFailed ? html`<p class="esbMapLayerFailed" role="status">${this.t('map.layerFailed')}</p>` : nothing}
      <fieldset class="esbMapLayers">
        <legend>${this.t('map.layers')}</legend>
        ${caps.layers.map((l, i) => html`<label><input type="checkbox" id="${id}-layer${i}" .checked=${!this._hidden.has(l.name)}
          @change=${(e: Event) => this.#toggle(l.name, (e.target as HTMLInputElement).checked)}> ${l.title}</label>`)}
      </fieldset>
      ${this.legend ? this.#legend(caps) : nothing}
    </div>`;
  }

  #legend(caps: WmsCapabilities): TemplateResult | typeof nothing {
    const items = caps.layers.filter((l) => !this._hidden.has(l.name) && l.legendUrl && httpUrl(l.legendUrl));
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
