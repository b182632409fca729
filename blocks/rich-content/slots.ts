/**
 * The rich content of a dataset page (issue 9), a lazy chunk: loaded by a landing page (or an expanded list row)
 * only when a parameter asks for one of its parts (see hook.ts), in parallel with the entry. It decides what the
 * ONE batched lookup must also bring (visualization entries, showcases and ideas by the inverse `dcterms:source`),
 * and renders each part for the place the page gives it. The heavy pieces — charts, OpenLayers, papaparse — are
 * chunks of their own that the parts import only when they are on the page.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { distributionNodes } from '../../src/dcat/dataset.ts';
import type { DatasetModel, DistributionModel, Indicator } from '../../src/dcat/model.ts';
import { entryIndicators } from '../../src/rich/indicators.ts';
import { ValueReader } from '../../src/dcat/read-values.ts';
import { wmsMapsOf, type WmsMapSource } from '../../src/dcat/wms.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { previewSource } from '../../src/preview/candidate.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { extrasOf, type Extras } from '../../src/rich/extras.ts';
import { adoptIndicatorStyles, indicatorList, loadIndicatorStrings } from '../dataset-extras/indicators.ts';
import { loadExtrasStrings } from '../dataset-extras/strings.ts';
import { visualizationsOf, type VisualizationModel } from '../../src/rich/visualization.ts';
import { heading, headingLevel, type RenderContext } from '../base/render.ts';
import { distributionTitle } from '../landing/distribution-list.ts';
import { sectionLabel } from '../base/render-fields.ts';
import { coverageRow, defineLater, loadMaps, prepareCoverage } from './coverage.ts';
import type { RichFlags, RichSlots } from './parts.ts';
import { loadRichMessages } from './strings.ts';
import { richPlaceStyles } from './rich.styles.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import './preview-toggle.ts';

/** The strings of the parts `flags` ask for (and the map words of coverage texts). Never rejects. */
export async function prepare(lang: Lang, flags: RichFlags): Promise<void> {
  if (flags.indicators) adoptIndicatorStyles(document);
  adoptStyles(document, richPlaceStyles);
  await Promise.all([
    loadRichMessages(lang),
    prepareCoverage(lang),
    flags.indicators ? loadIndicatorStrings(lang) : undefined,
    flags.extras ? loadExtrasStrings(lang) : undefined,
  ]);
}

/** (What the ONE batched lookup must also bring: src/rich/lookup-plan.ts, in the landing chunk; a list row asks here.) */
export { lookupPlan } from '../../src/rich/lookup-plan.ts';

function section(cls: string, titleKey: string, ctx: RenderContext, body: unknown): TemplateResult {
  const id = `${ctx.idPrefix}-${cls}`;
  // in an opened result row the region's name also says which dataset (two open rows, two "Map" regions)
  return html`<section class=${cls} aria-labelledby=${sectionLabel(id, ctx)}>
    ${heading(headingLevel(ctx.hl, 1), msg(ctx.lang, titleKey), { id })} ${body}
  </section>`;
}

const loadVisualizations = (): void => defineLater(import('../visualization/visualization.ts'), 'the visualizations');

/** §1.5, §6.3: the visualizations as tabs before the distributions (nothing when there are none). */
function tabs(list: readonly VisualizationModel[], flags: RichFlags): RichSlots['tabs'] {
  if (!flags.tabbedVisualizations || list.length === 0) return undefined;
  return (ctx) => html`<catalog-visualization-tabs class="esbTabbedVisualizations" .visualizations=${list}
    hl=${headingLevel(ctx.hl, 1)} lang=${ctx.lang} .legend=${flags.legend}></catalog-visualization-tabs>`;
}

/** §1.4, §6.2: a "Visualizations" section last, one full visualization each. */
function visualizations(list: readonly VisualizationModel[], flags: RichFlags): RichSlots['visualizations'] {
  if (!flags.visualizations || list.length === 0) return undefined;
  return (ctx) => section('esbVisualizations', 'viz.heading', ctx, list.map((v) => html`<catalog-visualization
      .visualization=${v} hl=${headingLevel(ctx.hl, 2)} lang=${ctx.lang} .legend=${flags.legend}></catalog-visualization>`));
}

/** WMS service URLs a `wms` visualization already shows (§1.6: no auto map for the same service). */
function shownServices(list: readonly VisualizationModel[], flags: RichFlags): Set<string> {
  if (!flags.visualizations && !flags.tabbedVisualizations) return new Set();
  return new Set(list.flatMap((v) => (v.wms ? [serviceKey(v.wms.serviceUrl)] : [])));
}

/** A service URL without its query (GetCapabilities parameters and all), for comparing services. */
function serviceKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`.replace(/\/+$/, '').toLowerCase();
  } catch {
    return url;
  }
}

/** §6.4: one map per distinct capabilities URL, under "Map" after the distribution list. */
function autoMaps(all: readonly WmsMapSource[], flags: RichFlags, skip: ReadonlySet<string>): RichSlots['maps'] {
  const maps = all.filter((m) => !skip.has(serviceKey(m.serviceUrl)));
  if (!flags.autoVisualizations || maps.length === 0) return undefined;
  loadMaps();
  return (ctx) => section('esbAutoMaps', 'map.heading', ctx, maps.map((m) => html`<catalog-wms-map
      capabilities-url=${m.capabilitiesUrl} service-url=${m.serviceUrl} .legend=${flags.legend ?? true}
      hl=${headingLevel(ctx.hl, 2)} lang=${ctx.lang}></catalog-wms-map>`));
}

/** §1.7: the "Preview data" control of each distribution the preview can read (CSV, JSON tables). */
function previewControl(storeBaseUrl: string, flags: RichFlags): RichSlots['preview'] {
  if (!flags.dataPreview) return undefined;
  return (d: DistributionModel, ctx: RenderContext) => {
    const src = previewSource(d, storeBaseUrl);
    if (!src) return nothing;
    const name = distributionTitle(d);
    return html`<catalog-preview-toggle class="esbPreviewControl" src=${src}
      download-href=${ifDefined(d.files[0]?.href ?? d.accessUrl)} label=${ifDefined(name)} lang=${ctx.lang}
      hl=${headingLevel(ctx.hl, 2)}></catalog-preview-toggle>`;
  };
}

/** §1.8, §6.6: the indicator row under the title. */
function indicators(list: readonly Indicator[], flags: RichFlags): RichSlots['indicators'] {
  if (!flags.indicators) return undefined;
  return (ctx) => indicatorList(list, ctx);
}

const loadExtras = (): void => defineLater(import('../dataset-extras/dataset-extras.ts'), 'the showcases and ideas');

/** §1.3, §6.1: showcases and ideas after "Further information" (nothing when the dataset has none). */
function extras(found: Extras, flags: RichFlags): RichSlots['extras'] {
  if (!flags.extras || found.showcases.length + found.ideas.length === 0) return undefined;
  loadExtras();
  return (ctx) => html`<catalog-dataset-extras .extras=${found} .landing=${ctx.landing} .named=${ctx.named} hl=${ctx.hl} lang=${ctx.lang}
    ?strict=${ctx.strict}></catalog-dataset-extras>`;
}

/** The rich parts of a data service page (dataserviceView takes `includeIndicators` only). */
export function serviceSlots(entry: StoreEntry, related: ReadonlyMap<string, StoreEntry>, flags: RichFlags, lang: Lang): RichSlots {
  const ind = flags.indicators ? indicators(entryIndicators(entry, lang, related), flags) : undefined;
  return ind ? { indicators: ind } : {};
}

export interface DatasetInput {
  readonly entry: StoreEntry;
  readonly related: ReadonlyMap<string, StoreEntry>;
  readonly model: DatasetModel;
  readonly flags: RichFlags;
  readonly storeBaseUrl: string;
  readonly lang: Lang;
}

/** The rich parts of one dataset, for a landing page or an expanded row. */
export function datasetSlots(input: DatasetInput): RichSlots {
  const { entry, related, model, flags, storeBaseUrl, lang } = input;
  const r = new ValueReader(entry.metadata, related, lang);
  const maps = flags.autoVisualizations ? wmsMapsOf(r, distributionNodes(r, entry)) : [];
  const vizOn = flags.visualizations || flags.tabbedVisualizations;
  const vizList = vizOn ? visualizationsOf(entry, related, { lang, storeBaseUrl }) : [];
  if (vizList.length) loadVisualizations();
  const slots: { -readonly [K in keyof RichSlots]: RichSlots[K] } = {};
  const put = <K extends keyof RichSlots>(k: K, v: RichSlots[K] | undefined) => {
    if (v) slots[k] = v;
  };
  put('indicators', flags.indicators ? indicators(entryIndicators(entry, lang, related), flags) : undefined);
  put('tabs', tabs(vizList, flags));
  put('extras', flags.extras ? extras(extrasOf(entry.resourceUri, related, { lang, storeBaseUrl }), flags) : undefined);
  put('maps', autoMaps(maps, flags, shownServices(vizList, flags)));
  put('visualizations', visualizations(vizList, flags));
  put('spatial', coverageRow(entry, model, lang, flags.autoVisualizations));
  put('preview', previewControl(storeBaseUrl, flags));
  return slots;
}
