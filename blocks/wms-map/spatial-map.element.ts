import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { describeCoverage, parseGeometry, type BoxWords, type SpatialCoverage } from '../../src/dcat/spatial.ts';
import type { WmsCapabilities } from '../../src/wms/capabilities.ts';
import { loadCapabilities, MapElementBase } from './map-common.ts';

/**
 * A small map of a dataset's spatial coverage (issue 9 point 5): the polygon, box or point of a `dcat:bbox` /
 * `locn:geometry` literal (WKT, GML, GeoJSON: parse with `spatialCoverages` / `parseGeometry` of
 * src/dcat/spatial.ts), on a plain background. Its text alternative — "West 11.1, South 55.3, East 24.2,
 * North 69.1" — is shown under the map and describes the map's viewport for screen readers. Keyboard as the WMS
 * map: "Skip map" link, focusable viewport, zoom buttons. A geometry that cannot be read renders nothing.
 *
 * @summary A small map of a spatial coverage with its coordinates as text.
 * @tag catalog-spatial-map
 *
 * @attr {string} geometry - A geometry literal (WKT, GML or GeoJSON); or set the `coverage` property.
 * @attr {string} datatype - The literal's datatype IRI (geo:wktLiteral, geo:gmlLiteral, GeoJSON); sniffed when absent.
 * @attr {string} background-capabilities-url - Optional GetCapabilities URL of a WMS drawn under the coverage for
 *   context (e.g. a national topographic WMS); when it fails, the coverage is drawn on the plain background.
 * @attr {string} label - The map's name; default "Spatial coverage".
 * @attr {number} hl - Heading level of the map's title; no heading when unset.
 * @attr {string} lang - UI language: sv, en or de.
 *
 * @cssprop [--cb-map-background=#e8eef4] - The plain background under the coverage.
 * @cssprop [--cb-coverage-map-height=220px] - Height of the map.
 */
export class SpatialMapBlock extends MapElementBase {
  static override properties: PropertyDeclarations = {
    ...MapElementBase.properties,
    geometry: { attribute: 'geometry' },
    datatype: { attribute: 'datatype' },
    coverage: { attribute: false },
    backgroundUrl: { attribute: 'background-capabilities-url' },
    _ready: { state: true },
  };

  declare geometry: string | undefined;
  declare datatype: string | undefined;
  /** The coverage to draw (wins over `geometry`). */
  declare coverage: SpatialCoverage | undefined;
  declare _ready: boolean;
  /** Drawing failed (the map chunk did not load, or OpenLayers threw): the block says so instead of an empty map. */
  declare _failed: boolean;
  /** GetCapabilities URL of a WMS to draw under the coverage. */
  declare backgroundUrl: string | undefined;

  /** How the background's capabilities are fetched (always without credentials). */
  fetchCapabilities: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
  /** Give up on the background's capabilities after this long (ms), then draw without it. */
  timeoutMs = 10000;

  #map: { dispose(): void } | undefined;
  /** What the current map shows: the coverage as JSON plus the background URL. */
  #drawn: string | undefined;
  #abort: AbortController | undefined;
  #background: WmsCapabilities | undefined;
  #settled: Promise<void>;
  #settle!: () => void;

  constructor() {
    super();
    this._ready = false;
    this.#settled = new Promise((r) => (this.#settle = r));
  }

  /** Resolves once the map is drawn (or there is nothing to draw). */
  get loadComplete(): Promise<void> {
    return this.#settled;
  }

  /** The coverage shown, if any. */
  get shownCoverage(): SpatialCoverage | undefined {
    return this.coverage ?? (this.geometry ? parseGeometry(this.geometry, this.datatype) : undefined);
  }

  /** The background WMS actually drawn (after `loadComplete`), if any. */
  get background(): WmsCapabilities | undefined {
    return this.#background;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
    this.#map?.dispose();
    this.#map = undefined;
    this.#drawn = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.ensureStrings().then(() => {
      this._ready = true;
    });
  }

  protected override updated(): void {
    this.drawing(this.#draw(), this.#settle);
  }

  async #draw(): Promise<void> {
    const coverage = this.shownCoverage;
    if (!this._ready) return;
    if (!coverage) {
      this.#abort?.abort();
      this.#map?.dispose();
      this.#map = undefined;
      this.#drawn = undefined;
      this.#settle();
      return;
    }
    const key = `${JSON.stringify(coverage)} ${this.backgroundUrl ?? ''}`;
    if (key === this.#drawn) return;
    this.#drawn = key;
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    const olModule = import('./ol-map.ts');
    let background: WmsCapabilities | undefined;
    if (this.backgroundUrl) {
      background = await loadCapabilities(this.backgroundUrl, { fetch: this.fetchCapabilities, signal: abort.signal, timeoutMs: this.timeoutMs })
        .catch(() => undefined);
    }
    const ol = await olModule;
    const target = this.viewportElement();
    if (!target || abort.signal.aborted || this.#drawn !== key) return;
    this.#map?.dispose();
    this.#background = background;
    this.#map = ol.createCoverageMap(target, coverage, this.labels(), background);
    if (this._failed) this._failed = false;
    this.#settle();
  }

  /** The coordinates in words of the UI language. */
  get coverageText(): string | undefined {
    const c = this.shownCoverage;
    if (!c) return undefined;
    const words: BoxWords = {
      west: this.t('map.west'), south: this.t('map.south'), east: this.t('map.east'), north: this.t('map.north'),
      longitude: this.t('map.longitude'), latitude: this.t('map.latitude'),
    };
    return describeCoverage(c, words, this.uiLang);
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this._ready || !this.shownCoverage) return nothing;
    const title = this.label?.trim() || this.t('map.coverage');
    const id = this.idPrefix;
    return html`<div class="esbMap esbMapCoverage esbBlock">
      ${this.heading(title)}
      ${this.viewport(this.label?.trim() ? this.t('map.label', { title }) : this.t('map.coverageLabel'), [`${id}-text`])}
      ${this.failedNotice()}
      <p class="esbMapCoverageText" id="${id}-text">${this.coverageText}</p>
    </div>`;
  }
}
