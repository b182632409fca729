/**
 * The expanded area of a result row (result-row.ts), loaded by the list with a dynamic import on the first
 * expansion: ONE batched lookup of the entry's linked resources (plus, in catalog mode, one of its uploaded files),
 * the dataset or data service model built from them, and its rendering (dataset parts 5, 7, 9 of the landing page,
 * or the data service's fields). Everything the dataset view model needs stays out of a search page's first load.
 */
import { css, html, nothing } from 'lit';
import { buildDatasetModel, fileUrisToResolve, followUpResources } from '../../src/dcat/dataset.ts';
import { buildDataServiceModel } from '../../src/dcat/dataservice.ts';
import { objectIris } from '../../src/dcat/entry.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import type { DataServiceModel, DatasetModel } from '../../src/dcat/model.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { ResultRow } from '../../src/search/types.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import { heading, headingLevel, textOf, type RenderContext } from '../base/render.ts';
import { fieldList, sectionLabel } from '../base/render-fields.ts';
import { datasetViewStyles } from '../dataset-view/dataset-view.styles.ts';
import { distributionList, type DistributionListState } from '../landing/distribution-list.ts';
import { furtherInfo, themeTags } from '../landing/render-dataset.ts';
import type { CoverageModule, RichModule } from '../rich-content/hook.ts';
import type { RichFlags, RichSlots } from '../rich-content/parts.ts';

/** The model of a row's expanded area, built on its first expansion. */
export type RowDetail =
  | {
      readonly kind: 'dataset';
      readonly model: DatasetModel;
      /** What the model was built from (rebuilt once access services are looked up, see `withRowFollowUps`). */
      readonly related: ReadonlyMap<string, StoreEntry>;
      readonly registry: boolean;
      readonly lang: Lang;
      /** The rich parts the list's parameters ask for (issue 9), built with the detail. */
      readonly rich?: RichSlots;
      /** Kept to rebuild the rich parts when access services are looked up later. */
      readonly richInput?: { readonly module: RichModule; readonly flags: RichFlags };
    }
  | { readonly kind: 'service'; readonly model: DataServiceModel };

/**
 * The expanded area's model from the answer of the row's batched lookup (`lookupRowResources`, started before this
 * module was loaded), plus, in catalog mode, ONE lookup of the store files its distributions download.
 */
export async function loadRowDetail(
  store: CatalogStore,
  row: ResultRow,
  related: Map<string, StoreEntry>,
  opts: { lang: Lang; registry: boolean; rich?: { module: RichModule; flags: RichFlags }; coverage?: CoverageModule },
  signal?: AbortSignal,
): Promise<RowDetail> {
  const entry = row.entry;
  const storeBaseUrl = store.baseUrl;
  const reqOpts = signal ? { signal } : {};
  if (row.kind === 'service') {
    return { kind: 'service', model: buildDataServiceModel(entry, related, { lang: opts.lang, storeBaseUrl }) };
  }
  const rich = opts.rich;
  // What the rich parts need beyond the row's first lookup (visualization entries, showcases and ideas) and, in
  // catalog mode, the uploaded files: ONE more batched request for both.
  const plan = rich?.module.lookupPlan(entry, rich.flags);
  const files = opts.registry ? [] : fileUrisToResolve(entry, related, { registry: false, storeBaseUrl });
  const more = [...files, ...(plan?.uris ?? [])].filter((u) => !related.has(u));
  if (more.length || plan?.inverse) {
    const found = await store.getEntriesByResourceUris(more, plan?.inverse ? { ...reqOpts, inverse: plan.inverse } : reqOpts);
    for (const [k, v] of found) related.set(k, v);
    await loadVocabulariesFor(objectIris(found.values()));
  }
  const model = buildDatasetModel(entry, related, { lang: opts.lang, registry: opts.registry, storeBaseUrl });
  const slots = rich
    ? rich.module.datasetSlots({ entry, related, model, flags: rich.flags, storeBaseUrl, lang: opts.lang })
    : opts.coverage?.coverageSlots(entry, model, opts.lang);
  return {
    kind: 'dataset', model, related, registry: opts.registry, lang: opts.lang,
    ...(rich ? { richInput: rich } : {}), ...(slots ? { rich: slots } : {}),
  };
}

/**
 * Access services named only by distribution entries are unknown until the first lookup answers; like the landing
 * page, a row looks them up (ONE batched request) when one of its distributions is first expanded, then rebuilds.
 * Undefined when there is nothing to look up.
 */
export async function withRowFollowUps(store: CatalogStore, row: ResultRow, detail: RowDetail): Promise<RowDetail | undefined> {
  if (detail.kind !== 'dataset') return undefined;
  const storeBaseUrl = store.baseUrl;
  const missing = followUpResources(row.entry, detail.related, { registry: detail.registry, storeBaseUrl });
  if (missing.length === 0) return undefined;
  const found = await store.getEntriesByResourceUris(missing);
  await loadVocabulariesFor(objectIris(found.values()));
  const related = new Map(detail.related);
  for (const [k, v] of found) related.set(k, v);
  const model = buildDatasetModel(row.entry, related, { lang: detail.lang, registry: detail.registry, storeBaseUrl });
  const ri = detail.richInput;
  const rich = ri?.module.datasetSlots({ entry: row.entry, related, model, flags: ri.flags, storeBaseUrl, lang: detail.lang }) ?? detail.rich;
  return { ...detail, model, related, ...(rich ? { rich } : {}) };
}

/**
 * What the list's own rules (`.entryList > .esbRow …`, `.esbRowTitle` 1.2rem in search-list.styles.ts) would do to the
 * distribution rows nested in an open row, undone: they look as on the landing page whichever sheet came first.
 */
const rowDetailStyles = css`
  :where(.esbSearchList .esbDistributions) :where(.esbRowTitle) {
    margin: 0;
    font-size: inherit;
  }
  :where(.esbSearchList .esbDistributions) :where(.esbRowHead) {
    flex-wrap: wrap;
    align-items: center;
  }
  :where(.esbSearchList .esbDistributions) :where(.esbRowMain) {
    flex: 1 1 16rem;
  }
`;

/**
 * The landing page's distribution styles live in dataset-view.styles.ts, which only `<dataset-view>` adopts: the list
 * adopts them with the row overrides when a row's detail first loads (CatalogBlock.adoptBlockStyles: not with
 * `no-styles` or the page's `noStyles`).
 */
export const ROW_DETAIL_STYLES = [datasetViewStyles, rowDetailStyles];

/** The expanded area of a row whose detail is built. */
export function expandedDetail(d: RowDetail, distributions: DistributionListState, base: RenderContext): unknown {
  // The row's sections are named after its dataset too (a hidden copy of the title the row heading shows), so that
  // several open rows do not repeat the landmark names "Distributions" / "Further information".
  const named = `${base.idPrefix}-named`;
  const ctx: RenderContext = { ...base, named };
  const title = d.model.title;
  const name = html`<span id=${named} hidden>${title
    ? textOf(title, ctx.lang)
    : msg(ctx.lang, d.kind === 'service' ? 'svc.untitled' : 'dv.untitled')}</span>`;
  const furtherId = `${ctx.idPrefix}-further`;
  const further = (fields: DatasetModel['fields']) => html`${name}<section class="esbFurtherInfo" aria-labelledby=${sectionLabel(furtherId, ctx)}>
    ${heading(headingLevel(ctx.hl, 1), msg(ctx.lang, 'dv.furtherInfo'), { id: furtherId })}
    ${fields.length > 0 ? fieldList(fields, ctx) : html`<p class="esbEmpty esbMuted">–</p>`}
  </section>`;
  if (d.kind === 'service') return further(d.model.fields);
  // The row already shows title, description and publisher; the dataset parts 5, 7, 9 follow.
  const fields = d.model.fields.filter((f) => f.key !== 'publisher');
  const rich = d.rich;
  const list = rich?.preview ? { ...distributions, preview: rich.preview } : distributions;
  return html`${name}${themeTags(d.model.themes, ctx)} ${rich?.tabs?.(ctx) ?? nothing} ${distributionList(d.model.distributions, ctx, list)}
    ${rich?.maps?.(ctx) ?? nothing} ${furtherInfo(fields, ctx, rich)} ${rich?.extras?.(ctx) ?? nothing}
    ${rich?.visualizations?.(ctx) ?? nothing}`;
}

