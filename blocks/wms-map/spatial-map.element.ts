import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { describeCoverage, parseGeometry, type BoxWords, type SpatialCoverage } from '../../src/dcat/spatial.ts';
import type { WmsCapabilities } from '../../src/wms/capabilities.ts';
import { loadCapabilities } from './fetch-capabilities.ts';
import { MapElementBase } from './map-common.ts';

/** What a load brings: the map chunk, and the background WMS when there is one that could be read. */
interface CoverageLoaded {
  readonly ol: typeof import('./ol-map.ts');
  readonly background: WmsCapabilities | undefined;
}

/**
 * A small map of a dataset's spatial coverage (issue 9 point 5): the polygon, box or point of a `dcat:bbox` /
 * `locn:geometry` literal (WKT, GML, GeoJSON: parse with `spatialCoverages` / `parseGeometry` of
 * src/dcat/spatial.ts), on the base layer when one is configured. Its text alternative — "West 11.1, South 55.3,
 * East 24.2, North 69.1" — is shown under the map, read once in the reading order right after it. Keyboard as the WMS
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
 * @attr {string} map-base-url - Base layer under the map: XYZ tiles (`…/{z}/{x}/{y}.png`) or a WMS
 *   (`…?SERVICE=WMS&LAYERS=…`); also read from the enclosing block and the page configuration (`mapBaseUrl`).
 * @attr {string} map-base-attribution - Its attribution, shown under the map: text with `[label](https://…)` links.
 * @attr {string} lang - UI language: sv, en or de.
 *
 * @cssprop [--cb-map-background=#e8eef4] - The plain background under the coverage.
 * @cssprop [--cb-coverage-map-height=220px] - Height of the map.
 */
export class SpatialMapBlock extends MapElementBase<CoverageLoaded, { dispose(): void }> {
  static override properties: PropertyDeclarations = {
    ...MapElementBase.properties,
    geometry: { attribute: 'geometry' },
    datatype: { attribute: 'datatype' },
    coverage: { attribute: false },
    backgroundUrl: { attribute: 'background-capabilities-url' },
  };

  declare geometry: string | undefined;
  declare datatype: string | undefined;
  /** The coverage to draw (wins over `geometry`). */
  declare coverage: SpatialCoverage | undefined;
  /** GetCapabilities URL of a WMS to draw under the coverage. */
  declare backgroundUrl: string | undefined;

  /** How the background's capabilities are fetched (always without credentials). */
  fetchCapabilities: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
  /** Give up on the background's capabilities after this long (ms), then draw without it. */
  timeoutMs = 10000;

  /** Resolves once the map is drawn (or there is nothing to draw, or drawing failed). */
  get loadComplete(): Promise<void> {
    return this.settledState().then(() => undefined);
  }

  /** The coverage shown, if any. */
  get shownCoverage(): SpatialCoverage | undefined {
    return this.coverage ?? (this.geometry ? parseGeometry(this.geometry, this.datatype) : undefined);
  }

  /** The background WMS actually drawn (after `loadComplete`), if any. */
  get background(): WmsCapabilities | undefined {
    return this.loader.state === 'ready' ? this.loader.value?.background : undefined;
  }

  /** A load depends on the coverage and the background URL; no (readable) coverage: nothing. */
  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const coverage = this.shownCoverage;
    if (!coverage) return this.clear();
    const url = this.backgroundUrl;
    this.load(`${JSON.stringify(coverage)} ${url ?? ''}`, (signal) => this.#fetch(url, signal));
  }

  /** OpenLayers and the background's capabilities together; a background that fails is left out. */
  async #fetch(url: string | undefined, signal: AbortSignal): Promise<CoverageLoaded> {
    const olModule = this.loadOl();
    olModule.catch(() => undefined); // a failure is reported where it is awaited
    const background = url
      ? await loadCapabilities(url, { fetch: this.fetchCapabilities, signal, timeoutMs: this.timeoutMs }).catch(() => undefined)
      : undefined;
    return { ol: await olModule, background };
  }

  protected override drawMap(target: HTMLElement, { ol, background }: CoverageLoaded): { dispose(): void } {
    return ol.createCoverageMap(target, this.shownCoverage!, this.labels(), background);
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
    if (!this.shownCoverage) return nothing;
    if (!this.stringsReady) return this.busyShell();
    const title = this.label?.trim() || this.t('map.coverage');
    const id = this.idPrefix;
    return html`<div class="esbMap esbMapCoverage esbBlock">
      ${this.heading(title)}
      ${this.viewport(this.label?.trim() ? this.t('map.label', { title }) : this.t('map.coverageLabel'))}
      ${this.failedNotice()}
      <p class="esbMapCoverageText" id="${id}-text">${this.coverageText}</p>
    </div>`;
  }
}
