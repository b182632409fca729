import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { loadPreview, type PreviewOutcome } from '../../src/preview/load.ts';
import type { PreviewTable, SortDirection, TablePage } from '../../src/preview/table.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { heading } from '../base/render.ts';
import { dataPreviewStyles } from './data-preview.styles.ts';
import { loadPreviewMessages } from './strings.ts';
import { emit } from '../base/events.ts';
import { LoadController, stringsLoader } from '../base/load-controller.ts';

/** What the preview shows; `state` (and the `catalog-preview-state` event) names it. */
export type PreviewState = 'idle' | 'loading' | 'ready' | 'tooLarge' | 'notTabular' | 'failed';

/** `detail` of the `catalog-preview-state` event. */
export interface PreviewStateDetail {
  readonly state: PreviewState;
  /** Data rows read (below the header). */
  readonly rows: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'catalog-preview-state': CustomEvent<PreviewStateDetail>;
  }
}

const DEFAULT_PAGE_SIZE = 10;
let instances = 0;

/**
 * Data preview of a CSV (or JSON table) distribution (behaviour doc §6.5). The file is streamed without credentials
 * and the download is aborted above 10 MiB; the first page shows as soon as its rows have arrived. Encoding: the
 * `encoding` attribute, else UTF-8 with a windows-1252 fallback; the delimiter (`,` `;` tab `|`) is detected.
 * Shows an accessible table — a caption, column headers that sort (`aria-sort`) as buttons, numbers right-aligned,
 * long cells wrapped, sideways scrolling inside a focusable region — with a filter box over all columns, a column
 * chooser, its own pager and a polite status "Rows 1–10 of 2,636". States: loading, too large (with the rows of the
 * first 10 MiB when the file is delimited text), not tabular (HTML, ZIP/XLSX, other binary files, JSON that is no
 * table), failed (HTTP errors, network and CORS failures, with Try again) — each with a link to download the file.
 * Cells are text: markup and formulas in a file are shown, never run.
 *
 * @summary Paged, sortable, filterable table preview of a CSV file (lazy chunk).
 * @tag catalog-data-preview
 *
 * @attr {string} src - URL of the file (http(s)). Landing pages pass `previewSource(distribution, storeUrl)`, which adds `nostats` for store files.
 * @attr {string} encoding - Character encoding the metadata gives (`esviz:encoding`); default: detected (UTF-8, else windows-1252).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {number} hl - Heading level of a heading above the table; without it the table's caption names it (no heading).
 * @attr {string} label - Name of the file or distribution, used in the caption ("Preview of …").
 * @attr {string} download-href - Link offered to download the file (default: `src`); only http(s) links are shown.
 * @attr {number} page-size - Rows per page (default 10, at most 100).
 *
 * @event catalog-preview-state - When loading ends (and when it starts); `detail`: `{ state, rows }`.
 *
 * @cssprop [--cb-accent=#0b5cad] - Links.
 * @cssprop [--cb-border=#c4c9d0] - Table and control borders.
 * @cssprop [--cb-surface=#f7f8fa] - Header cells.
 * @cssprop [--cb-focus=#0b5cad] - Focus ring.
 */
export class DataPreviewBlock extends LitElement {
  static override properties: PropertyDeclarations = {
    src: { attribute: 'src' },
    encoding: { attribute: 'encoding' },
    langAttr: { attribute: 'lang' },
    hl: { attribute: 'hl' },
    label: { attribute: 'label' },
    downloadHref: { attribute: 'download-href' },
    pageSize: { attribute: 'page-size' },
  };

  declare src: string | undefined;
  declare encoding: string | undefined;
  declare langAttr: string | undefined;
  declare hl: string | number | undefined;
  declare label: string | undefined;
  declare downloadHref: string | undefined;
  declare pageSize: string | number | undefined;

  readonly idPrefix = `esbp${++instances}`;
  #table: PreviewTable | undefined;
  readonly #loader = new LoadController<PreviewOutcome, PreviewState>(this, {
    done: (outcome) => (outcome.kind === 'notTabular' ? 'notTabular' : outcome.kind === 'table' ? 'ready' : 'tooLarge'),
    failed: (e) => {
      console.warn('[catalog-blocks] the data preview could not be loaded', e);
      return 'failed';
    },
    changed: (state) => emit(this, 'catalog-preview-state', { state, rows: this.#table?.rows.length ?? 0 }),
  });
  /** The strings of the UI language: `updateComplete` waits for them, so a finished update shows words, not keys. */
  readonly #strings = stringsLoader(this, loadPreviewMessages);
  #page = 1;
  #filter = '';
  #sort: { column: number; direction: SortDirection } | undefined;
  readonly #hidden = new Set<number>();
  #lang: Lang = 'en';
  #rowsRendered = 0;

  override createRenderRoot(): HTMLElement {
    return this;
  }

  /** idle (no `src`), loading, ready, tooLarge, notTabular or failed. */
  get state(): PreviewState {
    return this.#loader.state;
  }

  /** Resolves with the state the current load ends in (at once when nothing loads); a `src` just set counts. */
  get previewComplete(): Promise<PreviewState> {
    return (this.isUpdatePending ? this.updateComplete : Promise.resolve()).then(() => this.#loader.done() as Promise<PreviewState>);
  }

  /** The rows read so far (header excluded), or undefined before the first rows. */
  get table(): PreviewTable | undefined {
    return this.#table;
  }

  get uiLang(): Lang {
    return blockLang(this, readPageConfig(this.ownerDocument));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.ownerDocument, baseStyles);
    adoptStyles(this.ownerDocument, dataPreviewStyles);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.#lang = this.uiLang;
    this.#strings.load(this.#lang);
    // (a new `src`, or put back on the page after a load was cut short)
    if (changed.has('src') || changed.has('encoding') || (this.#loader.key === undefined && this.src)) this.reload();
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    await this.#strings.settled;
    if (this.isUpdatePending) done = await super.getUpdateComplete();
    return done;
  }

  /** Loads `src` (again): what the Try again button does. */
  reload(): void {
    this.#table = undefined;
    this.#page = 1;
    this.#filter = '';
    this.#sort = undefined;
    this.#hidden.clear();
    const src = this.src?.trim();
    const url = src ? safeHref(src) : undefined;
    const key = `${src ?? ''}\n${this.encoding ?? ''}`;
    if (!url || url.startsWith('mailto:')) return this.#loader.settle(key, src ? 'failed' : 'idle');
    this.#loader.run(key, (signal) => loadPreview(url, {
      encoding: this.encoding,
      signal,
      onRows: (table) => {
        if (signal.aborted) return;
        const first = !this.#table;
        this.#table = table;
        // The first rows show at once; later batches at most every 250 ms (a sorted or filtered view recomputes over
        // all rows read so far), and the end of loading renders anyway.
        const now = performance.now();
        if (first || now - this.#rowsRendered >= 250) {
          this.#rowsRendered = now;
          this.requestUpdate();
        }
      },
    }).then(
      (outcome) => {
        if (!signal.aborted) this.#table = outcome.kind !== 'notTabular' && outcome.table.hasHeader ? outcome.table : undefined;
        return outcome;
      },
      (e: unknown) => {
        if (!signal.aborted) this.#table = undefined;
        throw e;
      },
    ), true);
  }

  #t(key: string, vars?: Record<string, string | number>): string {
    return msg(this.#lang, key, vars);
  }

  #pageSize(): number {
    const n = Number.parseInt(String(this.pageSize ?? ''), 10);
    return Number.isFinite(n) && n > 0 ? Math.min(100, n) : DEFAULT_PAGE_SIZE;
  }

  #title(): string {
    const name = this.label?.trim();
    return name ? this.#t('preview.caption', { name }) : this.#t('preview.heading');
  }

  #columnName(table: PreviewTable, i: number): string {
    return table.columns[i]?.label ?? this.#t('preview.column', { n: i + 1 });
  }

  #currentPage(table: PreviewTable): TablePage {
    return table.page({ filter: this.#filter, sort: this.#sort, locale: this.#lang }, this.#page, this.#pageSize());
  }

  #statusText(page: TablePage | undefined): string {
    const all = this.#table?.rows.length ?? 0;
    switch (this.state) {
      case 'idle':
        return '';
      case 'loading':
        return this.#t('preview.loading');
      case 'notTabular':
        return this.#t('preview.notTabular');
      case 'failed':
        return this.#t('preview.failed');
      case 'tooLarge':
        return this.#table
          ? `${this.#t('preview.tooLargePartial', { n: all })} ${page ? this.#rowsText(page, all) : ''}`.trim()
          : this.#t('preview.tooLarge');
      case 'ready':
        return page ? this.#rowsText(page, all) : '';
    }
  }

  #rowsText(page: TablePage, all: number): string {
    if (all === 0) return this.#t('preview.noRows');
    if (page.total === 0) return this.#t('preview.noMatch', { all });
    if (page.total === all) return this.#t('preview.rows', { from: page.from, to: page.to, total: page.total });
    return this.#t('preview.rowsFiltered', { from: page.from, to: page.to, total: page.total, all });
  }

  #goTo(page: number, current: TablePage): void {
    const target = Math.min(Math.max(1, page), current.pages);
    if (target === current.page) return;
    this.#page = target;
    this.requestUpdate();
  }

  #toggleSort(column: number): void {
    const s = this.#sort;
    if (!s || s.column !== column) this.#sort = { column, direction: 'ascending' };
    else if (s.direction === 'ascending') this.#sort = { column, direction: 'descending' };
    else this.#sort = undefined;
    this.#page = 1;
    this.requestUpdate();
  }

  #onFilter(e: Event): void {
    this.#filter = (e.target as HTMLInputElement).value;
    this.#page = 1;
    this.requestUpdate();
  }

  #onColumn(i: number, e: Event): void {
    const box = e.target as HTMLInputElement;
    const shown = box.checked;
    const columns = this.#table?.columns.length ?? 0;
    // At least one column stays: unchecking the last shown one is undone.
    if (!shown && this.#hidden.size >= columns - 1) {
      box.checked = true;
      return;
    }
    if (shown) this.#hidden.delete(i);
    else this.#hidden.add(i);
    this.requestUpdate();
  }

  override render(): TemplateResult {
    // Until its strings have arrived (one small chunk, loaded with the element), a busy shell: never raw keys.
    if (this.#strings.state !== 'ready') return html`<div class="esbBlock esbPreviewBlock" aria-busy="true"></div>`;
    const table = this.#table;
    const page = table ? this.#currentPage(table) : undefined;
    if (page) this.#page = page.page;
    const level = Number.parseInt(String(this.hl ?? ''), 10);
    const hasHeading = Number.isFinite(level);
    const href = safeHref(this.downloadHref?.trim() || undefined) ?? safeHref(this.src?.trim() || undefined);
    const download = href && !href.startsWith('mailto:') ? href : undefined;
    const error = this.state === 'failed' || this.state === 'notTabular' || this.state === 'tooLarge';
    const showActions = this.state !== 'ready' && this.state !== 'idle';
    return html`<div class="esbBlock esbPreviewBlock" lang=${this.#lang}>
      ${hasHeading ? heading(level, this.#title(), { cls: 'esbPreviewHeading' }) : nothing}
      <div class="esbPreviewStatus ${error ? 'esbState esbError' : ''}" role="status">${this.#statusText(page)}</div>
      ${showActions && (download || this.state === 'failed')
        ? html`<p class="esbPreviewActions">
            ${this.state === 'failed'
              ? html`<button type="button" class="esbRetry" @click=${() => this.reload()}>${this.#t('preview.retry')}</button>`
              : nothing}
            ${download ? html`<a class="esbPreviewDownload" href=${download}>${this.#t('preview.download')}</a>` : nothing}
          </p>`
        : nothing}
      ${table && page ? this.#renderTable(table, page, hasHeading) : nothing}
    </div>`;
  }

  #renderTable(table: PreviewTable, page: TablePage, hasHeading: boolean): TemplateResult {
    const id = this.idPrefix;
    const shown = table.columns.map((_, i) => i).filter((i) => !this.#hidden.has(i));
    const first = page.page <= 1;
    const last = page.page >= page.pages;
    const pagerButton = (label: string, symbol: string, disabled: boolean, target: number, cls: string) =>
      html`<button type="button" class=${cls} aria-label=${label} aria-disabled=${disabled ? 'true' : 'false'}
        @click=${() => this.#goTo(target, page)}><span aria-hidden="true">${symbol}</span></button>`;
    return html`<div class="esbPreviewTools">
        <div class="esbPreviewFilter">
          <label for="${id}-filter">${this.#t('preview.filter')}</label>
          <input id="${id}-filter" type="search" autocomplete="off" .value=${this.#filter} @input=${(e: Event) => this.#onFilter(e)}>
        </div>
        <details class="esbPreviewColumns">
          <summary>${this.#t('preview.columns')}</summary>
          <fieldset>
            <legend>${this.#t('preview.showColumns')}</legend>
            ${table.columns.map((_, i) => html`<label><input type="checkbox" .checked=${!this.#hidden.has(i)}
              @change=${(e: Event) => this.#onColumn(i, e)}> ${this.#columnName(table, i)}</label>`)}
          </fieldset>
        </details>
      </div>
      <div class="esbPreviewScroll" tabindex="0" role="region" aria-labelledby="${id}-caption">
        <table class="esbPreviewTable">
          <caption id="${id}-caption" class=${hasHeading ? 'esbVisuallyHidden' : ''}>${this.#title()}</caption>
          <thead><tr>${shown.map((i) => {
            const sorted = this.#sort?.column === i ? this.#sort.direction : undefined;
            return html`<th scope="col" class=${table.isNumeric(i) ? 'esbNum' : ''} aria-sort=${sorted ?? nothing}>
              <button type="button" data-column=${i} @click=${() => this.#toggleSort(i)}>${this.#columnName(table, i)}<span
                aria-hidden="true">${sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}</span></button></th>`;
          })}</tr></thead>
          <tbody>${page.rows.map((row) => html`<tr>${shown.map((i) =>
            html`<td class=${table.isNumeric(i) ? 'esbNum' : ''}>${row[i] ?? ''}</td>`)}</tr>`)}</tbody>
        </table>
      </div>
      <nav class="esbPreviewPager" aria-label=${this.#t('preview.pages')}>
        ${pagerButton(this.#t('preview.first'), '«', first, 1, 'esbPreviewFirst')}
        ${pagerButton(this.#t('preview.prev'), '‹', first, page.page - 1, 'esbPreviewPrev')}
        <span class="esbPreviewPage">${this.#t('preview.page', { page: page.page, pages: page.pages })}</span>
        ${pagerButton(this.#t('preview.next'), '›', last, page.page + 1, 'esbPreviewNext')}
        ${pagerButton(this.#t('preview.last'), '»', last, page.pages, 'esbPreviewLast')}
      </nav>`;
  }
}
