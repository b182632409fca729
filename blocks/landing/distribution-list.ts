/**
 * The distribution list of a dataset landing page (behaviour doc §5): one row per distribution with format badges,
 * API badge, title (or a fallback), Download / Several files / Access / Explore API, and an expand button; the
 * expanded area (built on first open) holds the file list, the metadata list and the access-service box.
 *
 * Expanding: the button (`aria-expanded`, `aria-controls`) is the keyboard and AT control. With `clickExpand` a
 * click anywhere on the row head that is not on a link or button toggles too (the head itself is no tab stop).
 * Never nested interactive content, in either HTML mode.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { md5Hex } from '../../src/store/hash.ts';
import type { AccessService, DistributionModel, FileItem } from '../../src/dcat/model.ts';
import { formatBytes } from '../../src/i18n/format.ts';
import { msg } from '../../src/i18n/index.ts';
import { heading, langOf, textOf, type RenderContext } from '../base/render.ts';
import { fieldList, linkOrText, nameValueList, sectionLabel, type NameValueRow } from '../base/render-fields.ts';

export interface DistributionListState {
  readonly clickExpand: boolean;
  /** Keys (row index) of rows that are open. */
  readonly expanded: ReadonlySet<number>;
  /** Rows opened at least once (their expanded area is built). */
  readonly built: ReadonlySet<number>;
  readonly toggle: (row: number) => void;
  /** The "Preview data" control of a row (includeDataPreview, from the rich-content chunk). */
  readonly preview?: (d: DistributionModel, ctx: RenderContext) => unknown;
  /** The distributions are still being looked up: "Loading distributions…", busy, never "no distributions". */
  readonly pending?: boolean | undefined;
}

/** The visible title of a distribution: its title, else the single file's name, else undefined (→ "Untitled"). */
export function distributionTitle(d: DistributionModel): string | undefined {
  return d.title?.value ?? (d.files.length === 1 ? d.files[0]!.name : undefined);
}

function formatBadges(d: DistributionModel, ctx: RenderContext): TemplateResult {
  if (d.formats.length === 0) {
    return html`<span class="formatLabel formatLabel--none" title=${msg(ctx.lang, 'dist.noFormat')}
      ><span aria-hidden="true">–</span><span class="esbVisuallyHidden">${msg(ctx.lang, 'dist.noFormat')}</span></span
    >`;
  }
  return html`${d.formats.map(
    (f) => html`<span class="formatLabel md5_${md5Hex(f.raw)}">${f.label}</span> `,
  )}`;
}

/**
 * A link whose text names what it acts on for assistive technology ("Download – Population.csv"); `name` is a title
 * from `textOf` (in its own `<span lang>` when foreign) or a file name.
 */
function namedLink(cls: string, href: string, label: string, name: unknown): TemplateResult {
  return html`<a class=${cls} href=${href}>${label}<span class="esbVisuallyHidden"> – ${name}</span></a>`;
}

function actions(d: DistributionModel, ctx: RenderContext, name: unknown): TemplateResult {
  const file = d.files.length === 1 ? d.files[0] : undefined;
  return html`<div class="esbRowActions">
    ${file
      ? namedLink('esbDownload', file.href, msg(ctx.lang, 'dist.download'), name)
      : d.files.length > 1
        ? html`<span class="esbSeveralFiles">${msg(ctx.lang, 'dist.severalFiles')}</span>`
        : nothing}
    ${d.accessUrl ? namedLink('esbAccessLink', d.accessUrl, msg(ctx.lang, 'dist.access'), name) : nothing}
    ${d.apiDescription ? namedLink('esbExploreApi', d.apiDescription, msg(ctx.lang, 'dist.exploreApi'), name) : nothing}
  </div>`;
}

function fileList(files: readonly FileItem[], ctx: RenderContext): TemplateResult | typeof nothing {
  if (files.length < 2) return nothing;
  return html`<div class="esbFiles">
    ${heading(ctx.hl + 2, msg(ctx.lang, 'dist.files'), { cls: 'esbFilesHeading' })}
    <ul class="esbFileList">
      ${files.map(
        (f) => html`<li class="esbFile">
          <span class="esbFileName">${f.name}</span>
          ${f.byteSize !== undefined ? html`<span class="esbFileSize">(${formatBytes(f.byteSize, ctx.lang)})</span>` : nothing}
          ${namedLink('esbDownload', f.href, msg(ctx.lang, 'dist.download'), f.name)}
        </li>`,
      )}
    </ul>
  </div>`;
}

function accessServiceBox(s: AccessService, ctx: RenderContext): TemplateResult {
  const rows: NameValueRow[] = [];
  if (s.type) rows.push([msg(ctx.lang, 'field.type'), [textOf(s.type, ctx.lang)]]);
  const desc = msg(ctx.lang, 'svc.endpointDesc');
  if (s.endpointDescription) rows.push([desc, [linkOrText(s.endpointDescription, desc)]]);
  return html`<div class="esbAccessService">
    <p class="esbAccessServiceTitle">
      <span class="esbMuted">${msg(ctx.lang, 'dist.service')}:</span>
      ${s.title ? textOf(s.title, ctx.lang) : nothing}
    </p>
    ${rows.length ? nameValueList(rows, ctx) : nothing}
    <a class="esbReadApi" href=${ctx.landing('dataservice', s)}>${msg(ctx.lang, 'dist.readApi')}</a>
  </div>`;
}

function row(d: DistributionModel, i: number, ctx: RenderContext, st: DistributionListState): TemplateResult {
  const open = st.expanded.has(i);
  const regionId = `${ctx.idPrefix}-listExpand-${i}`;
  const title = distributionTitle(d);
  const name = title ?? msg(ctx.lang, 'dist.untitled');
  // The name inside hidden texts keeps its language (WCAG 3.1.2): the title's own `<span lang>` when foreign.
  const named = d.title ? textOf(d.title, ctx.lang) : name;
  const [before, after] = msg(ctx.lang, 'row.moreAbout', { title: '\n' }).split('\n');
  const onHeadClick = (e: MouseEvent) => {
    if (!st.clickExpand) return;
    const head = e.currentTarget as HTMLElement;
    const hit = (e.target as Element | null)?.closest('a,button,input,select,textarea,summary');
    if (hit && head.contains(hit)) return;
    st.toggle(i);
  };
  return html`<li class="entryListRow esbRow esbPadding${st.clickExpand ? ' esbRowClickExpand' : ''}${open ? ' esbRowExpanded' : ''}" data-distribution=${d.uri}>
    <div class="esbRowHead esbNotFocusable esbDefaultExpandButton" @click=${onHeadClick}>
      <div class="esbRowMain">
        <span class="esbFormats">${formatBadges(d, ctx)}</span>
        ${d.isApi ? html`<span class="esbApiBadge">${msg(ctx.lang, 'dist.api')}</span>` : nothing}
        <span class="esbRowTitle${title === undefined ? ' distributionNoName' : ''}" lang=${langOf(d.title, ctx.lang) ?? nothing}>${name}</span>
      </div>
      ${actions(d, ctx, named)}
      <div class="esbRowControl">
        <button
          type="button"
          class="esbExpandButton esbBtn esbBtnDisclosure"
          aria-expanded=${open ? 'true' : 'false'}
          aria-controls=${regionId}
          title=${msg(ctx.lang, open ? 'row.less' : 'row.more')}
          @click=${() => st.toggle(i)}
        >
          <span class="esbVisuallyHidden">${before}${named}${after}</span>
        </button>
      </div>
    </div>
    ${st.preview?.(d, ctx) ?? nothing}
    <div class="esbRowExpand" id=${regionId} ?hidden=${!open}>
      ${st.built.has(i)
        ? html`${fileList(d.files, ctx)} ${fieldList(d.fields, ctx)}
          ${d.accessService ? accessServiceBox(d.accessService, ctx) : nothing}`
        : nothing}
    </div>
  </li>`;
}

export function distributionList(
  distributions: readonly DistributionModel[],
  ctx: RenderContext,
  st: DistributionListState,
): TemplateResult {
  const headingId = `${ctx.idPrefix}-distributions`;
  return html`<section class="esbDistributions" aria-labelledby=${sectionLabel(headingId, ctx)} aria-busy=${st.pending ? 'true' : nothing}>
    ${heading(ctx.hl + 1, msg(ctx.lang, 'dv.distributions'), { id: headingId })}
    ${st.pending
      ? html`<p class="esbEmpty esbLoading">${msg(ctx.lang, 'dist.loading')}</p>`
      : distributions.length === 0
      ? html`<p class="esbEmpty">${msg(ctx.lang, 'dist.none')}</p>`
      : html`<div class="escoList"><ul class="entryList">${distributions.map((d, i) => row(d, i, ctx, st))}</ul></div>`}
  </section>`;
}
