/**
 * One row of a result list (behaviour doc §2.3, §5 DOM names): title `h{hl}` linking to the landing page, a kind
 * badge for series and data services, publisher, description (full text in the DOM, clamped by CSS), format badges
 * and an expand button. The expanded area is built on FIRST expansion only: one batched lookup of the entry's linked
 * resources (plus, in catalog mode, one of its uploaded files), then the dataset parts 5, 7, 9 of the landing page
 * (themes, distributions, further information) with headings `h{hl+1}`/`h{hl+2}`, or a data service's fields.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { buildDatasetModel, fileUrisToResolve, followUpResources, linkedResources } from '../../src/dcat/dataset.ts';
import { buildDataServiceModel, linkedResourcesOfService } from '../../src/dcat/dataservice.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import type { DataServiceModel, DatasetModel } from '../../src/dcat/model.ts';
import type { Lang } from '../../src/i18n/index.ts';
import type { ResultRow } from '../../src/search/types.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import { md5Hex } from '../../src/store/hash.ts';
import { t } from '../base/messages.ts';
import { fieldList, heading, headingLevel, langOf, textOf, type RenderContext } from '../base/render.ts';
import { distributionList, type DistributionListState } from '../dataset-view/distribution-list.ts';
import { themeTags } from '../dataset-view/render-dataset.ts';

export type RowDetail =
  | {
      readonly kind: 'dataset';
      readonly model: DatasetModel;
      /** What the model was built from (rebuilt once access services are looked up, see `withRowFollowUps`). */
      readonly related: ReadonlyMap<string, StoreEntry>;
      readonly registry: boolean;
      readonly lang: Lang;
    }
  | { readonly kind: 'service'; readonly model: DataServiceModel };

/** Every IRI object of the entries' metadata (decides which lazy vocabulary chunks are needed). */
function* objectIris(entries: Iterable<StoreEntry>): Generator<string> {
  for (const e of entries) for (const tr of e.metadata.triples()) if (tr.object.termType === 'NamedNode') yield tr.object.value;
}

/** The expanded area's model: ONE batched lookup of linked resources (+ one of store files in catalog mode). */
export async function loadRowDetail(
  store: CatalogStore,
  row: ResultRow,
  opts: { lang: Lang; registry: boolean },
  signal?: AbortSignal,
): Promise<RowDetail> {
  const entry = row.entry;
  const storeBaseUrl = store.baseUrl;
  const reqOpts = signal ? { signal } : {};
  const uris = row.kind === 'service' ? linkedResourcesOfService(entry) : linkedResources(entry);
  const [related] = await Promise.all([
    uris.length ? store.getEntriesByResourceUris(uris, reqOpts) : Promise.resolve(new Map<string, StoreEntry>()),
    loadVocabulariesFor(objectIris([entry])),
  ]);
  await loadVocabulariesFor(objectIris(related.values()));
  if (row.kind === 'service') {
    return { kind: 'service', model: buildDataServiceModel(entry, related, { lang: opts.lang, storeBaseUrl }) };
  }
  if (!opts.registry) {
    const files = fileUrisToResolve(entry, related, { registry: false, storeBaseUrl });
    if (files.length) for (const [k, v] of await store.getEntriesByResourceUris(files, reqOpts)) related.set(k, v);
  }
  const model = buildDatasetModel(entry, related, { lang: opts.lang, registry: opts.registry, storeBaseUrl });
  return { kind: 'dataset', model, related, registry: opts.registry, lang: opts.lang };
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
  return { ...detail, model, related };
}

export interface RowState {
  readonly open: boolean;
  /** undefined: not built yet; 'loading'/'failed': the lookup of the first expansion is running / failed. */
  readonly detail: RowDetail | 'loading' | 'failed' | undefined;
  readonly toggle: () => void;
  /** Distribution rows inside the expanded area (clickExpand, open rows). */
  readonly distributions: DistributionListState;
}

/** The visible title text (for accessible names). */
export function rowTitle(row: ResultRow, lang: Lang): string {
  return row.title?.value ?? t(lang, row.kind === 'service' ? 'svc.untitled' : 'dv.untitled');
}

function kindBadge(row: ResultRow, lang: Lang): TemplateResult | typeof nothing {
  if (row.kind === 'dataset') return nothing;
  return html`<span class="esbKindBadge esbKindBadge--${row.kind}">${t(lang, `type.${row.kind}`)}</span>`;
}

function formatBadges(row: ResultRow): TemplateResult | typeof nothing {
  if (row.formats.length === 0) return nothing;
  return html`<span class="esbFormats">${row.formats.map(
    (f) => html`<span class="formatLabel md5_${md5Hex(f.raw)}" title=${f.raw}>${f.label}</span> `,
  )}</span>`;
}

function expandedArea(st: RowState, ctx: RenderContext): unknown {
  const d = st.detail;
  if (d === undefined) return nothing;
  if (d === 'loading') {
    return html`<div class="esbState esbLoading" aria-busy="true">
      <span class="esbSpinner" aria-hidden="true"></span><span class="esbVisuallyHidden">${t(ctx.lang, 'state.loading')}</span>
    </div>`;
  }
  if (d === 'failed') return html`<div class="esbState esbError" role="status">${t(ctx.lang, 'state.error')}</div>`;
  const furtherId = `${ctx.idPrefix}-further`;
  const further = (fields: DatasetModel['fields']) => html`<section class="esbFurtherInfo" aria-labelledby=${furtherId}>
    ${heading(headingLevel(ctx.hl, 1), t(ctx.lang, 'dv.furtherInfo'), { id: furtherId })}
    ${fields.length > 0 ? fieldList(fields, ctx) : html`<p class="esbEmpty esbMuted">–</p>`}
  </section>`;
  if (d.kind === 'service') return further(d.model.fields);
  // The row already shows title, description and publisher; the dataset parts 5, 7, 9 follow.
  const fields = d.model.fields.filter((f) => f.key !== 'publisher');
  return html`${themeTags(d.model.themes, ctx)} ${distributionList(d.model.distributions, ctx, st.distributions)}
    ${further(fields)}`;
}

/**
 * `li.entryListRow.esbRow` > `div.esbRowHead` (`div.esbRowMain` + `div.esbRowControl`) + `div.esbRowExpand`.
 * `ctx.idPrefix` must be unique per row (ids inside the expanded area derive from it).
 */
export function resultRow(row: ResultRow, st: RowState, ctx: RenderContext): TemplateResult {
  const regionId = `${ctx.idPrefix}-rowExpand`;
  const title = rowTitle(row, ctx.lang);
  const e = row.entry;
  const target = { uri: e.resourceUri, entryId: e.entryId, contextId: e.contextId };
  const href = ctx.landing(row.kind === 'service' ? 'dataservice' : 'dataset', target);
  const titleContent = html`<a class="esbRowTitleLink" href=${href}
    >${row.title ? textOf(row.title, ctx.lang) : html`<span class="esbUntitled">${title}</span>`}</a
  >`;
  const cls = ['entryListRow', 'esbRow', 'esbPadding', `esbRow--${row.kind}`, st.open ? 'esbRowExpanded' : ''].filter(Boolean).join(' ');
  return html`<li class=${cls} data-uri=${e.resourceUri}>
    <div class="esbRowHead esbNotFocusable esbDefaultExpandButton">
      <div class="esbRowMain">
        ${heading(ctx.hl, titleContent, { cls: 'esbRowTitle' })} ${kindBadge(row, ctx.lang)}
        ${row.publisher ? html`<span class="esbRowPublisher">${row.publisher}</span>` : nothing}
        ${row.description.length
          ? html`<div class="esbRowDescription">
              ${row.description.map((p) => html`<p lang=${ifDefined(langOf(p, ctx.lang))}>${p.value}</p>`)}
            </div>`
          : nothing}
        ${formatBadges(row)}
      </div>
      <div class="esbRowControl">
        <button type="button" class="esbExpandButton esbRowExpandButton" aria-expanded=${st.open ? 'true' : 'false'}
          aria-controls=${regionId} @click=${st.toggle}>
          <span class="esbExpandLabel">${t(ctx.lang, st.open ? 'row.less' : 'row.more')}</span><span
            class="esbVisuallyHidden">: ${title}</span>
          <span class="esbExpandIcon" aria-hidden="true"></span>
        </button>
      </div>
    </div>
    <div class="esbRowExpand" id=${regionId} ?hidden=${!st.open}>${expandedArea(st, ctx)}</div>
  </li>`;
}
