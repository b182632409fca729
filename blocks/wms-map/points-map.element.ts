import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { MapPoint } from '../../src/rich/chart-data.ts';
import { MapElementBase } from './map-common.ts';

/**
 * A map of points (a `map` visualization, behaviour §6.2: CSV rows as points, x = longitude, y = latitude, the
 * featureTitle column as each point's label) on a plain background, fitted to the points. Keyboard as the other
 * maps: "Skip map" link, focusable viewport (arrow keys pan, + and − zoom), real zoom buttons. The text
 * alternative is the caller's: <catalog-visualization> offers the points as a table ("Show as table") and names
 * it with `described-by`.
 *
 * @summary A map of points with labels (lazy; OpenLayers in the map chunk).
 * @tag catalog-points-map
 *
 * @prop {MapPoint[]} points - The points: `{ lon, lat, title? }` in degrees.
 * @attr {string} label - The map's name (heading, accessible name); default "Map".
 * @attr {string} described-by - Ids of elements describing the map (e.g. its table alternative's caption).
 * @attr {number} hl - Heading level of the map's title; no heading when unset.
 * @attr {string} lang - UI language: sv, en or de.
 *
 * @cssprop [--cb-map-background=#e8eef4] - The plain background under the points.
 */
export class PointsMapBlock extends MapElementBase {
  static override properties: PropertyDeclarations = {
    ...MapElementBase.properties,
    points: { attribute: false },
    describedBy: { attribute: 'described-by' },
    _ready: { state: true },
  };

  declare points: readonly MapPoint[] | undefined;
  declare describedBy: string | undefined;
  declare _ready: boolean;
  /** Drawing failed (the map chunk did not load, or OpenLayers threw): the block says so instead of an empty map. */
  declare _failed: boolean;

  #map: { dispose(): void } | undefined;
  #drawn: readonly MapPoint[] | undefined;
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

  override connectedCallback(): void {
    super.connectedCallback();
    void this.ensureStrings().then(() => {
      this._ready = true;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#map?.dispose();
    this.#map = undefined;
    this.#drawn = undefined;
  }

  protected override updated(): void {
    this.drawing(this.#draw(), this.#settle);
  }

  async #draw(): Promise<void> {
    if (!this._ready) return;
    const points = this.points ?? [];
    if (points === this.#drawn) return;
    this.#drawn = points;
    const ol = await import('./ol-map.ts');
    const target = this.viewportElement();
    if (!target || this.#drawn !== points) return;
    this.#map?.dispose();
    this.#map = ol.createPointsMap(target, points, this.labels());
    if (this._failed) this._failed = false;
    this.#settle();
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this._ready) return nothing;
    const title = this.label?.trim() || this.t('map.title');
    const describedBy = (this.describedBy ?? '').split(/\s+/).filter(Boolean);
    return html`<div class="esbMap esbMapPoints esbBlock">
      ${this.heading(title)}
      ${this.viewport(this.t('map.label', { title }), describedBy)}
      ${this.failedNotice()}
    </div>`;
  }
}
