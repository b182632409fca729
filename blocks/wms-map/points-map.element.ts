import { html, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { MapPoint } from '../../src/rich/chart-data.ts';
import { MapElementBase } from './map-common.ts';
import type { PointsMapHandle } from './ol-map.ts';

/**
 * A map of points (a `map` visualization, behaviour §6.2: CSV rows as points, x = longitude, y = latitude, the
 * featureTitle column as each point's label) on the base layer (`map-base-url`, or a plain background), fitted to
 * the points with room for every label. Keyboard as the other
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
 * @attr {string} map-base-url - Base layer: XYZ tiles (`…/{z}/{x}/{y}.png`) or a WMS (`…?SERVICE=WMS&LAYERS=…`); also
 *   read from the enclosing block and the page configuration (`mapBaseUrl`). None: the plain background.
 * @attr {string} map-base-attribution - Its attribution, shown under the map: text with `[label](https://…)` links.
 *
 * @cssprop [--cb-map-background=#e8eef4] - The plain background under the points.
 */
export class PointsMapBlock extends MapElementBase<typeof import('./ol-map.ts'), PointsMapHandle> {
  static override properties: PropertyDeclarations = {
    ...MapElementBase.properties,
    points: { attribute: false },
    describedBy: { attribute: 'described-by' },
  };

  declare points: readonly MapPoint[] | undefined;
  declare describedBy: string | undefined;

  /** Counts the `points` given: each new array is a new load (the map is drawn anew). */
  #given = 0;

  /** Resolves once the map is drawn (or drawing failed). */
  get loadComplete(): Promise<void> {
    return this.settledState().then(() => undefined);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('points')) this.#given++;
    this.load(String(this.#given), () => this.loadOl());
  }

  /** Where a point is drawn (viewport pixels) and the viewport's size, once drawn: e.g. to tell its label is inside. */
  drawnAt(lon: number, lat: number): { pixel: number[] | null; size: number[] | undefined } | undefined {
    const map = this.map;
    return map && { pixel: map.pixelOf(lon, lat), size: map.size() };
  }

  protected override drawMap(target: HTMLElement, ol: typeof import('./ol-map.ts')): PointsMapHandle {
    return ol.createPointsMap(target, this.points ?? [], this.labels());
  }

  protected override render(): TemplateResult {
    if (!this.stringsReady) return this.busyShell();
    const title = this.label?.trim() || this.t('map.title');
    const describedBy = (this.describedBy ?? '').split(/\s+/).filter(Boolean);
    return html`<div class="esbMap esbMapPoints esbBlock">
      ${this.heading(title)}
      ${this.viewport(this.t('map.label', { title }), describedBy)}
      ${this.failedNotice()}
    </div>`;
  }
}
