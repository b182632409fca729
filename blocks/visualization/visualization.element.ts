import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { capabilitiesUrl } from '../../src/dcat/wms.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { loadPreview } from '../../src/preview/load.ts';
import { pageFetch } from '../../src/preview/shared-file.ts';
import { chartSeries, ChartDataError, mapPoints, type ChartSeries, type MapPoint } from '../../src/rich/chart-data.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { heading } from '../base/render.ts';
import { loadVizMessages } from './strings.ts';
import { vizStyles } from './visualization.styles.ts';
import { emit } from '../base/events.ts';
import { LoadController, stringsLoader } from '../base/load-controller.ts';

/** What the visualization shows; `state` and the `catalog-visualization-state` event name it. */
export type VisualizationState = 'idle' | 'loading' | 'ready' | 'failed' | 'tooLarge' | 'empty';

declare global {
  interface GlobalEventHandlersEventMap {
    'catalog-visualization-state': CustomEvent<{ state: VisualizationState }>;
  }
}

/** Charts and point maps read at most 1 MiB of their CSV file (behaviour §6.2); `table` has the preview's 10 MiB. */
export const CHART_CAP_BYTES = 1024 * 1024;

type ChartsModule = typeof import('./charts.ts');

let instances = 0;

/** `legend` attribute: "false"/"0"/"no"/"off" → false, "true"/"" → true, anything else → unset (esviz:legendControl decides). */
const triState = {
  fromAttribute: (v: string | null): boolean | undefined => {
    if (v === null) return undefined;
    const t = v.trim().toLowerCase();
    if (t === '' || t === 'true' || t === '1' || t === 'yes' || t === 'on') return true;
    if (t === 'false' || t === '0' || t === 'no' || t === 'off') return false;
    return undefined;
  },
  toAttribute: (v: boolean | undefined): string | null => (v === undefined ? null : String(v)),
};

function httpHref(value: string | undefined): string | undefined {
  const safe = safeHref(value?.trim() || undefined);
  return safe && /^https?:/i.test(safe) ? safe : undefined;
}

/**
 * One visualization of a dataset (behaviour §6.2): its title as a heading `h{hl}`, the drawing, and the caption
 * "Source: …". `bar`, `line` and `pie` read at most 1 MiB of the CSV (a larger file gives "too large" with a
 * download link) and draw an SVG chart (./charts.ts, a lazy chunk) named by the title, with a "Show as table"
 * button (`aria-expanded`) revealing a real table of the plotted values; `map` draws the rows as points
 * (`<catalog-points-map>`, x = longitude, y = latitude, `featureTitle` as label) with the same table alternative;
 * `table` is the data preview (`<catalog-data-preview>`, 10 MiB cap); `wms` is `<catalog-wms-map>` restricted to
 * the visualization's layers and initial view. States: loading, ready, failed ("The visualization could not be
 * loaded.", with a download link when there is a file), too large, empty — never blank. File content stays text.
 *
 * @summary A chart, table or map of a dataset's visualization (lazy chunk).
 * @tag catalog-visualization
 *
 * @prop {VisualizationModel} visualization - From `visualizationsOf` (src/rich/visualization.ts).
 * @attr {number} hl - Heading level of the title (default 2).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} legend - WMS legend: true/false wins; unset → the visualization's esviz:legendControl → shown (§1.11).
 *
 * @event catalog-visualization-state - When loading starts and ends; `detail`: `{ state }`.
 */
export class VisualizationBlock extends LitElement {
  static override properties: PropertyDeclarations = {
    visualization: { attribute: false },
    hl: { attribute: 'hl' },
    langAttr: { attribute: 'lang' },
    legend: { attribute: 'legend', converter: triState },
    _tableShown: { state: true },
  };

  declare visualization: VisualizationModel | undefined;
  declare hl: string | number | undefined;
  declare langAttr: string | undefined;
  declare legend: boolean | undefined;
  declare _tableShown: boolean;

  /**
   * How the CSV is fetched (tests may wrap it); always without credentials. The page's fetch by default: the page
   * reads each file once, for every chart, map and preview of it (src/preview/shared-file.ts).
   */
  fetchFile: typeof globalThis.fetch = pageFetch;

  readonly idPrefix = `esbv${++instances}`;
  #series: ChartSeries | undefined;
  #points: { points: MapPoint[]; skipped: number; truncated: boolean } | undefined;
  #charts: ChartsModule | undefined;
  #loadedFor: VisualizationModel | undefined;
  #runs = 0;
  /** A run resolves with the state it ends in. */
  readonly #loader = new LoadController<VisualizationState, VisualizationState>(this, {
    done: (state) => state,
    failed: (e) => {
      if (!(e instanceof ChartDataError)) console.warn('[catalog-blocks] the visualization could not be loaded', e);
      return 'failed';
    },
    changed: (state) => emit(this, 'catalog-visualization-state', { state }),
  });
  #lang: Lang = 'en';
  readonly #strings = stringsLoader(this, loadVizMessages);

  constructor() {
    super();
    this._tableShown = false;
  }

  override createRenderRoot(): HTMLElement {
    return this;
  }

  /** idle (no visualization), loading, ready, failed, tooLarge or empty. `table` and `wms` are ready at once (their elements have their own states). */
  get state(): VisualizationState {
    return this.#loader.state;
  }

  /** Resolves with the state the current load ends in. */
  get loadComplete(): Promise<VisualizationState> {
    return (this.isUpdatePending ? this.updateComplete : Promise.resolve()).then(() => this.#loader.done() as Promise<VisualizationState>);
  }

  /** The plotted values (bar, line, pie), once ready. */
  get series(): ChartSeries | undefined {
    return this.#series;
  }

  /** The points drawn (map), once ready. */
  get points(): readonly MapPoint[] | undefined {
    return this.#points?.points;
  }

  /** The legend a WMS map shows: the `legend` parameter wins, then esviz:legendControl, then shown. */
  get legendShown(): boolean {
    return this.legend ?? this.visualization?.legendControl ?? true;
  }

  get uiLang(): Lang {
    return blockLang(this, readPageConfig(this.ownerDocument));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.ownerDocument, baseStyles);
    adoptStyles(this.ownerDocument, vizStyles);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.#lang = this.uiLang;
    this.#strings.load(this.#lang);
    // (another visualization, or put back on the page after its load was cut short)
    const v = this.visualization;
    if (this.isConnected && (v !== this.#loadedFor || (v && this.#loader.key === undefined))) this.#load();
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    await this.#strings.settled;
    if (this.isUpdatePending) done = await super.getUpdateComplete();
    return done;
  }

  #t(key: string, vars?: Record<string, string | number>): string {
    return msg(this.#lang, key, vars);
  }

  #load(): void {
    const v = this.visualization;
    this.#loadedFor = v;
    this.#series = undefined;
    this.#points = undefined;
    this._tableShown = false;
    const key = String(++this.#runs);
    if (!v) return this.#loader.settle(key, 'idle');
    const settled = (state: VisualizationState) => this.#loader.settle(key, state);
    switch (v.chartType) {
      case 'table':
        if (!httpHref(v.source?.fetchHref ?? v.source?.href)) return settled('failed');
        return this.#loader.run(key, () => import('../data-preview/data-preview.ts').then(() => 'ready'));
      case 'wms':
        if (!v.wms || !capabilitiesUrl(v.wms.serviceUrl)) return settled('failed');
        return this.#loader.run(key, () => import('../wms-map/wms-map.ts').then(() => 'ready'));
      default: {
        const url = httpHref(v.source?.fetchHref ?? v.source?.href);
        if (!url) return settled('failed');
        this.#loader.run(key, (signal) => this.#loadCsv(v, url, signal));
      }
    }
  }

  /** Reads the CSV and the drawing code together; resolves with the state it ends in. */
  async #loadCsv(v: VisualizationModel, url: string, signal: AbortSignal): Promise<VisualizationState> {
    // The drawing code loads while the file does.
    const drawing = v.chartType === 'map' ? import('../wms-map/wms-map.ts') : import('./charts.ts');
    drawing.catch(() => undefined);
    const outcome = await loadPreview(url, { encoding: v.encoding, signal, cap: CHART_CAP_BYTES, fetch: this.fetchFile });
    const module = await drawing;
    await this.#strings.settled; // "No label" and "Count" go into the series
    if (signal.aborted) return 'idle';
    if (outcome.kind === 'notTabular') return 'failed';
    if (outcome.kind === 'tooLarge') return 'tooLarge';
    const headers = outcome.table.columns.map((c) => c.label);
    if (v.chartType === 'map') {
      this.#points = mapPoints(headers, outcome.table.rows, v);
      return this.#points.points.length ? 'ready' : 'empty';
    }
    this.#charts = module as ChartsModule;
    this.#series = chartSeries(headers, outcome.table.rows, {
      xAxis: v.xAxis, yAxis: v.yAxis, operation: v.operation, noLabel: this.#t('viz.noLabel'), countName: this.#t('viz.count'),
      sortX: v.chartType === 'line',
    });
    const drawable = v.chartType === 'pie' ? this.#charts.pieSlices(this.#series.points) : this.#series.points;
    return drawable.length ? 'ready' : 'empty';
  }

  #format(n: number): string {
    return new Intl.NumberFormat(this.#lang, { maximumFractionDigits: 4 }).format(n);
  }

  override render(): TemplateResult | typeof nothing {
    const v = this.visualization;
    if (!v) return nothing;
    // Until its strings have arrived (a small chunk loaded with the element), a busy shell: never raw string keys.
    if (this.#strings.state !== 'ready') return html`<div class="esbBlock esbViz" aria-busy="true"></div>`;
    const id = this.idPrefix;
    const level = Number.parseInt(String(this.hl ?? ''), 10);
    const title = v.title?.value.trim() || this.#t('viz.title');
    const titleLang = v.title?.lang && v.title.lang !== this.#lang ? v.title.lang : undefined;
    const caption = v.source?.caption.trim();
    return html`<div class="esbBlock esbViz esbViz-${v.chartType}" lang=${this.#lang}>
      ${heading(Number.isFinite(level) ? level : 2, title, { id: `${id}-title`, cls: 'esbVizTitle', lang: titleLang })}
      <figure class="esbVizFigure">
        ${this.#body(v, title)}
        ${caption ? html`<figcaption class="esbVizCaption">${this.#t('viz.source', { name: caption })}</figcaption>` : nothing}
      </figure>
    </div>`;
  }

  #body(v: VisualizationModel, title: string): TemplateResult {
    const state = this.state;
    const download = httpHref(v.source?.href);
    const message = state === 'loading' ? this.#t('viz.loading')
      : state === 'failed' ? this.#t('viz.failed')
        : state === 'tooLarge' ? this.#t('viz.tooLarge')
          : state === 'empty' ? this.#t('viz.empty') : '';
    const problem = state === 'failed' || state === 'tooLarge' || state === 'empty';
    const status = html`<div class="esbVizStatus ${problem ? 'esbState esbError' : ''}" role="status">${message}</div>
      ${problem && download ? html`<p class="esbVizActions"><a class="esbVizDownload" href=${download}>${this.#t('viz.download')}</a></p>` : nothing}`;
    if (state !== 'ready') return status;
    switch (v.chartType) {
      case 'table':
        return html`${status}<catalog-data-preview src=${httpHref(v.source?.fetchHref) ?? download ?? ''} download-href=${download ?? ''}
          label=${v.source?.caption ?? title} encoding=${v.encoding ?? nothing} lang=${this.#lang}></catalog-data-preview>`;
      case 'wms':
        return html`${status}<catalog-wms-map capabilities-url=${capabilitiesUrl(v.wms!.serviceUrl) ?? ''} service-url=${v.wms!.serviceUrl}
          .layers=${v.wms!.layers} .initialView=${v.wms!.initialView} .legend=${this.legendShown} label=${title}
          lang=${this.#lang}></catalog-wms-map>`;
      case 'map':
        return html`${status}${this.#pointsMap(title)}`;
      default:
        return html`${status}${this.#chart(v, title)}`;
    }
  }

  #toggle(rows: () => TemplateResult): TemplateResult {
    const id = this.idPrefix;
    return html`<p class="esbVizActions"><button type="button" class="esbVizTableToggle esbBtn esbBtnDisclosure" aria-expanded=${this._tableShown ? 'true' : 'false'}
        aria-controls="${id}-table" @click=${() => (this._tableShown = !this._tableShown)}>${this.#t('viz.showTable')}</button></p>
      <div class="esbVizTableWrap" id="${id}-table" ?hidden=${!this._tableShown}>${this._tableShown ? rows() : nothing}</div>`;
  }

  #chart(v: VisualizationModel, title: string): TemplateResult {
    const series = this.#series!;
    const charts = this.#charts!;
    const id = this.idPrefix;
    const type = v.chartType as 'bar' | 'line' | 'pie';
    const other = (n: number) => this.#t('viz.other', { n });
    const pie = type === 'pie' ? charts.pieParts(series.points, other) : undefined;
    const count = type === 'pie' ? charts.pieSlices(series.points).length : series.points.length;
    const drawing = charts.drawChart(type, series.points, {
      label: title, describedBy: `${id}-desc`, format: (n) => this.#format(n), lang: this.#lang, idPrefix: id, other,
    });
    // The description is read as the chart's (aria-describedby), so it stays out of the reading order (hidden):
    // a screen reader speaks it once.
    return html`<div class="esbVizDrawing">${drawing}</div>
      <p hidden id="${id}-desc">${pie?.grouped ? this.#t('viz.pieGrouped', { n: count, k: pie.grouped }) : this.#t(`viz.${type}`, { n: count })}</p>
      ${pie ? html`<ul class="esbVizKey">${pie.slices.map((p, i) => html`<li><svg width="16" height="16" aria-hidden="true"
        focusable="false"><defs>${charts.patternDef(`${id}-k${i}`, i, 0.8)}</defs><rect class="esbVizSwatch" x="0.5" y="0.5" width="15" height="15"
        fill="url(#${id}-k${i})"></rect></svg><span>${p.label}</span></li>`)}</ul>` : nothing}
      ${series.skipped ? html`<p class="esbVizNote">${this.#t('viz.skipped', { n: series.skipped })}</p>` : nothing}
      ${series.truncated ? html`<p class="esbVizNote">${this.#t(type === 'line' ? 'viz.spread' : 'viz.truncated', { n: series.points.length, total: series.total })}</p>` : nothing}
      ${this.#toggle(() => html`<table class="esbVizTable">
        <caption>${this.#t('viz.tableOf', { title })}</caption>
        <thead><tr><th scope="col">${series.xName}</th><th scope="col" class="esbNum">${series.yName}</th></tr></thead>
        <tbody>${series.points.map((p) => html`<tr><th scope="row">${p.label}</th><td class="esbNum">${this.#format(p.value)}</td></tr>`)}</tbody>
      </table>`)}`;
  }

  /**
   * What the points map shows, as charts say what they plot: how many places, their names (the first five, then
   * "and N more"), or where they lie when they have no names. The map's description (not in the reading order).
   */
  #describePlaces(points: readonly MapPoint[]): string {
    const named = points.map((p) => p.title?.trim()).filter((t): t is string => !!t);
    if (named.length > 0) {
      const shown = named.slice(0, 5).join(', ');
      const names = named.length > 5 ? this.#t('viz.andMore', { names: shown, n: named.length - 5 }) : shown;
      return this.#t(points.length === 1 ? 'viz.place' : 'viz.places', { n: points.length, names });
    }
    const lons = points.map((p) => p.lon);
    const lats = points.map((p) => p.lat);
    const f = (n: number) => this.#format(n);
    return this.#t(points.length === 1 ? 'viz.placeAt' : 'viz.placesAt', {
      n: points.length, west: f(Math.min(...lons)), east: f(Math.max(...lons)), south: f(Math.min(...lats)), north: f(Math.max(...lats)),
    });
  }

  #pointsMap(title: string): TemplateResult {
    const data = this.#points!;
    const id = this.idPrefix;
    return html`<catalog-points-map .points=${data.points} label=${title} described-by="${id}-desc" lang=${this.#lang}></catalog-points-map>
      <p hidden id="${id}-desc">${this.#describePlaces(data.points)}</p>
      ${data.skipped ? html`<p class="esbVizNote">${this.#t('viz.pointsSkipped', { n: data.skipped })}</p>` : nothing}
      ${data.truncated ? html`<p class="esbVizNote">${this.#t('viz.truncated', { n: data.points.length })}</p>` : nothing}
      ${this.#toggle(() => html`<table class="esbVizTable">
        <caption>${this.#t('viz.tableOf', { title })}</caption>
        <thead><tr><th scope="col">${this.#t('viz.name')}</th><th scope="col" class="esbNum">${this.#t('viz.longitude')}</th>
          <th scope="col" class="esbNum">${this.#t('viz.latitude')}</th></tr></thead>
        <tbody>${data.points.map((p, i) => html`<tr><th scope="row">${p.title ?? String(i + 1)}</th><td class="esbNum">${this.#format(p.lon)}</td>
          <td class="esbNum">${this.#format(p.lat)}</td></tr>`)}</tbody>
      </table>`)}`;
  }
}
