/**
 * One row of a result list (behaviour doc §2.3, §5 DOM names): title `h{hl}` linking to the landing page, a kind
 * badge for series and data services, publisher, description (full text in the DOM, clamped by CSS), format badges
 * and an expand button. The expanded area is built on FIRST expansion only: one batched lookup of the entry's linked
 * resources (plus, in catalog mode, one of its uploaded files), then the dataset parts 5, 7, 9 of the landing page
 * (themes, distributions, further information) with headings `h{hl+1}`/`h{hl+2}`, or a data service's fields.
 * That expansion code (the dataset view model and its rendering) lives in row-detail.ts, which the list imports
 * dynamically on the first expansion, so a search page does not download it before a row is opened.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { linkedResources, linkedResourcesOfService, objectIris } from '../../src/dcat/entry.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import { clipWords, INLINE_TEXT_LIMIT, ROW_TEXT_LIMIT, takeChars } from '../../src/dcat/text.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { ResultRow } from '../../src/search/types.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import { md5Hex } from '../../src/store/hash.ts';
import { remember } from '../../src/store/bounded.ts';
import { heading, langOf, textOf, type RenderContext } from '../base/render.ts';
import type { DistributionListState } from '../landing/distribution-list.ts';
import type { RowDetail } from './row-detail.ts';

/** The lazily loaded expansion code (row-detail.ts). */
export type RowDetailModule = typeof import('./row-detail.ts');

/**
 * ONE batched lookup of the row's linked resources (and the vocabularies labelling them). It needs no view model,
 * so it runs while row-detail.ts downloads.
 */
export async function lookupRowResources(store: CatalogStore, row: ResultRow, signal?: AbortSignal): Promise<Map<string, StoreEntry>> {
  const entry = row.entry;
  const uris = row.kind === 'service' ? linkedResourcesOfService(entry) : linkedResources(entry);
  const [related] = await Promise.all([
    uris.length ? store.getEntriesByResourceUris(uris, signal ? { signal } : {}) : Promise.resolve(new Map<string, StoreEntry>()),
    loadVocabulariesFor(objectIris([entry])),
  ]);
  await loadVocabulariesFor(objectIris(related.values()));
  return related;
}

export interface RowState {
  readonly open: boolean;
  /** undefined: not built yet; 'loading'/'failed': the lookup of the first expansion is running / failed. */
  readonly detail: RowDetail | 'loading' | 'failed' | undefined;
  /** Renders a built detail; present once row-detail.ts is loaded (it always is when `detail` is a RowDetail). */
  readonly renderDetail: RowDetailModule['expandedDetail'] | undefined;
  readonly toggle: () => void;
  /** Distribution rows inside the expanded area (clickExpand, open rows). */
  readonly distributions: DistributionListState;
  /** The indicator badges of the row (includeIndicators in DL and FP), when loaded. */
  readonly indicators?: unknown;
  /**
   * A row of a list of other things than datasets (`rdftype: 'foaf:Agent'`, issue 26): its title links only when the
   * list names a `click` / `namedclick` target, and it expands only with a `rowexpand` template.
   */
  readonly generic?: { readonly linked: boolean };
  /** The page author's `rowhead` / `rowexpand` templates, rendered (issue 10; src/legacy/template/lists.ts). */
  readonly custom?: { readonly head?: unknown; readonly expand?: unknown };
}

/** The visible title text (for accessible names). */
export function rowTitle(row: ResultRow, lang: Lang): string {
  return row.title?.value ?? msg(lang, row.kind === 'service' ? 'svc.untitled' : 'dv.untitled');
}

function kindBadge(row: ResultRow, lang: Lang): TemplateResult | typeof nothing {
  if (row.kind === 'dataset') return nothing;
  return html`<span class="esbKindBadge esbKindBadge--${row.kind}">${msg(lang, `type.${row.kind}`)}</span>`;
}

/** MD5 of a format value (the incumbent's class name): a page shows a few formats on every row at every render. */
const formatHashes = new Map<string, string>();
const formatHash = (raw: string): string => formatHashes.get(raw) ?? remember(formatHashes, raw, md5Hex(raw), 1000);

function formatBadges(row: ResultRow): TemplateResult | typeof nothing {
  if (row.formats.length === 0) return nothing;
  return html`<span class="esbFormats">${row.formats.map(
    (f) => html`<span class="formatLabel md5_${formatHash(f.raw)}">${f.label}</span> `,
  )}</span>`;
}

function expandedArea(st: RowState, ctx: RenderContext): unknown {
  const d = st.detail;
  if (d === undefined) return nothing;
  if (d === 'failed') return html`<div class="esbState esbError" role="status">${msg(ctx.lang, 'state.error')}</div>`;
  if (d === 'loading' || !st.renderDetail) {
    return html`<div class="esbState esbLoading" aria-busy="true">
      <span class="esbSpinner" aria-hidden="true"></span><span class="esbVisuallyHidden">${msg(ctx.lang, 'state.loading')}</span>
    </div>`;
  }
  return st.renderDetail(d, st.distributions, ctx);
}

/**
 * `li.entryListRow.esbRow` > `div.esbRowHead` (`div.esbRowMain` + `div.esbRowControl`) + `div.esbRowExpand`.
 * `ctx.idPrefix` must be unique per row (ids inside the expanded area derive from it).
 */
export function resultRow(row: ResultRow, st: RowState, ctx: RenderContext): TemplateResult {
  const regionId = `${ctx.idPrefix}-rowExpand`;
  const title = clipWords(rowTitle(row, ctx.lang), INLINE_TEXT_LIMIT);
  const e = row.entry;
  const target = { uri: e.resourceUri, entryId: e.entryId, contextId: e.contextId };
  const href = ctx.landing(row.kind === 'service' ? 'dataservice' : 'dataset', target);
  const titleText = row.title ? textOf(row.title, ctx.lang) : html`<span class="esbUntitled">${title}</span>`;
  const generic = st.generic;
  const titleContent = generic && !generic.linked ? titleText : html`<a class="esbRowTitleLink" href=${href}>${titleText}</a>`;
  const expandable = !generic || st.custom?.expand !== undefined;
  const cls = ['entryListRow', 'esbRow', 'esbPadding', `esbRow--${row.kind}`, st.open ? 'esbRowExpanded' : ''].filter(Boolean).join(' ');
  return html`<li class=${cls} data-uri=${e.resourceUri}>
    <div class="esbRowHead esbNotFocusable esbDefaultExpandButton">
      <div class="esbRowMain">
        ${st.custom?.head ?? html`${heading(ctx.hl, titleContent, { cls: 'esbRowTitle' })} ${kindBadge(row, ctx.lang)}
        ${row.publisher ? html`<span class="esbRowPublisher">${row.publisher}</span>` : nothing} ${st.indicators ?? nothing}
        ${row.description.length
          ? html`<div class="esbRowDescription">
              ${takeChars(row.description, ROW_TEXT_LIMIT).shown.map((p, i) => html`${i ? ' ' : ''}<p lang=${ifDefined(langOf(p, ctx.lang))}>${p.value}</p>`)}
            </div>`
          : nothing}
        ${formatBadges(row)}`}
      </div>
      ${expandable ? html`<div class="esbRowControl">
        <button type="button" class="esbExpandButton esbRowExpandButton esbBtn esbBtnDisclosure" aria-expanded=${st.open ? 'true' : 'false'}
          aria-controls=${regionId} @click=${st.toggle}>
          <span class="esbExpandLabel">${msg(ctx.lang, st.open ? 'row.less' : 'row.more')}</span><span
            class="esbVisuallyHidden">: <span lang=${ifDefined(langOf(row.title, ctx.lang))}>${title}</span></span>
        </button>
      </div>` : nothing}
    </div>
    ${expandable ? html`<div class="esbRowExpand" id=${regionId} ?hidden=${!st.open}>${st.custom?.expand !== undefined ? (st.open ? st.custom.expand : nothing) : expandedArea(st, ctx)}</div>` : nothing}
  </li>`;
}
