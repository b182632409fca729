import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { PREVIEW_SAMPLE_BYTES, PreviewReading, type PreviewOutcome, type ReadGoal } from '../../src/preview/load.ts';
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
 * and read only as far as the table needs (issue 27.3): the rows of the page shown, and at first a sample of the file's
 * first 512 KiB (the whole file when it is smaller) that sorting and filtering work within — the status says so while
 * the file has more. Paging on past the rows read reads on (a `Range` request from where reading stopped when the
 * server serves ranges); the last page reads up to the 10 MiB cap. The read is the page's shared read of the file
 * (src/preview/shared-file.ts): charts and maps of the same file on the page fetch it with the preview, once.
 * The first page shows as soon as its rows have arrived. Encoding: the
 * `encoding` attribute, else UTF-8 with a windows-1252 fallback; the delimiter (`,` `;` tab `|`) is detected.
 * Shows an accessible table — a caption, column headers that sort (`aria-sort`) as buttons, numbers right-aligned,
 * long cells wrapped, sideways scrolling inside a focusable region — with a filter box over all columns, a column
 * chooser, its own pager and a polite status "Rows 1–10 of 2,636" ("… of the first 24,630 read" while the file has more).
 * States: loading (also while paging on reads more), ready, too large (the last page was asked for and the file is
 * larger than 10 MiB: the rows of its first 10 MiB, when it is delimited text), not tabular (HTML, ZIP/XLSX, other binary files, JSON that is no
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
  /** The reading of `src`, kept for paging on. */
  #reading: PreviewReading | undefined;
  /** The file has more rows than were read. */
  #partial = false;
  #reads = 0;
  readonly #loader = new LoadController<PreviewOutcome, PreviewState>(this, {
    done: (outcome) => (outcome.kind === 'notTabular' ? 'notTabular' : outcome.kind === 'tooLarge' ? 'tooLarge' : 'ready'),
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

  /** The file has more rows than were read: the next pages read them. */
  get partial(): boolean {
    return this.#partial;
  }

  /** Bytes of the file read so far (the page's shared read may hold more). */
  get bytesRead(): number {
    return this.#reading?.bytesRead ?? 0;
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A read cut short by leaving the page is started again on return (from the bytes the page holds): the page's
    // fetch of the file stops unless another reader needs it.
    if (this.#loader.key === undefined) this.#closeReading();
  }

  #closeReading(): void {
    this.#reading?.close();
    this.#reading = undefined;
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
    this.#closeReading();
    this.#table = undefined;
    this.#partial = false;
    this.#page = 1;
    this.#filter = '';
    this.#sort = undefined;
    this.#hidden.clear();
    const src = this.src?.trim();
    const url = src ? safeHref(src) : undefined;
    const key = `${src ?? ''}\n${this.encoding ?? ''}`;
    if (!url || url.startsWith('mailto:')) return this.#loader.settle(key, src ? 'failed' : 'idle');
    const reading = new PreviewReading(url, {
      encoding: this.encoding,
      onRows: (table) => {
        if (reading !== this.#reading) return;
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
    });
    this.#reading = reading;
    const pageSize = this.#pageSize();
    this.#read(key, { bytes: PREVIEW_SAMPLE_BYTES, rows: pageSize });
  }

  /** Reads on (a run of the loader: "loading" until the rows are in). */
  #read(key: string, goal: ReadGoal): void {
    const reading = this.#reading;
    if (!reading) return;
    // (each read is a run of its own: a newer one waits for the older, which `force` does not abort mid-piece)
    this.#loader.run(`${key}\n${++this.#reads}`, (signal) => reading.read(goal, signal).then(
      (outcome) => {
        if (reading === this.#reading) {
          this.#table = outcome.kind !== 'notTabular' && outcome.table.hasHeader ? outcome.table : undefined;
          this.#partial = outcome.kind === 'partial';
        }
        return outcome;
      },
      (e: unknown) => {
        if (!signal.aborted && reading === this.#reading) {
          this.#table = undefined;
          this.#closeReading();
        }
        throw e;
      },
    ), true);
  }

  /** Paging on past the rows read: reads until page `page` is full (or, for the last page, the whole file). */
  #readOn(page: number | 'last'): void {
    const src = this.src?.trim();
    const key = `${src ?? ''}\n${this.encoding ?? ''}`;
    this.#read(key, page === 'last' ? { all: true } : { rows: page * this.#pageSize(), filter: this.#filter });
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
        return this.#t(this.#table ? 'preview.readingMore' : 'preview.loading');
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
    if (all === 0 && !this.#partial) return this.#t('preview.noRows');
    const range = { from: page.from, to: page.to, total: page.total, all };
    if (!this.#partial) {
      if (page.total === 0) return this.#t('preview.noMatch', { all });
      return this.#t(page.total === all ? 'preview.rows' : 'preview.rowsFiltered', range);
    }
    // A first part of the file: the counts are of the rows read, and sorting and filtering work within them.
    const rows = page.total === 0 ? this.#t('preview.noMatchPartial', { all })
      : this.#t(page.total === all ? 'preview.rowsPartial' : 'preview.rowsFilteredPartial', range);
    const sample = this.#sort !== undefined || this.#filter.trim() !== '';
    return `${rows} ${this.#t(sample ? 'preview.samplePartial' : 'preview.morePartial')}`;
  }

  #goTo(page: number | 'last', current: TablePage): void {
    // (a page that the rows read do not fill, while the file has more, is read first: no row is skipped)
    if (this.#partial && (page === 'last' || page * this.#pageSize() > current.total)) {
      // Past the rows read: read on, then show that page (the last page: up to the end of the file or the cap).
      this.#page = page === 'last' ? Number.MAX_SAFE_INTEGER : page;
      this.#readOn(page);
      this.requestUpdate();
      return;
    }
    const target = Math.min(Math.max(1, page === 'last' ? current.pages : page), current.pages);
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
    // (while more rows are being read, the page asked for stays asked for)
    if (page && this.state !== 'loading') this.#page = page.page;
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
              ? html`<button type="button" class="esbRetry esbBtn esbBtnPrimary" @click=${() => this.reload()}>${this.#t('preview.retry')}</button>`
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
    // (while the file has more rows, the next and the last page read them)
    const last = page.page >= page.pages && !this.#partial;
    const pagerButton = (label: string, symbol: string, disabled: boolean, target: number | 'last', cls: string) =>
      html`<button type="button" class="${cls} esbBtn esbBtnSecondary" aria-label=${label} aria-disabled=${disabled ? 'true' : 'false'}
        @click=${() => this.#goTo(target, page)}><span aria-hidden="true">${symbol}</span></button>`;
    return html`<div class="esbPreviewTools">
        <div class="esbPreviewFilter">
          <label for="${id}-filter">${this.#t('preview.filter')}</label>
          <input id="${id}-filter" type="search" autocomplete="off" .value=${this.#filter} @input=${(e: Event) => this.#onFilter(e)}>
        </div>
        <details class="esbPreviewColumns">
          <summary class="esbBtn esbBtnDisclosure">${this.#t('preview.columns')}</summary>
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
      <nav class="esbPreviewPager" aria-label=${this.label?.trim() ? this.#t('preview.pagesOf', { name: this.label.trim() }) : this.#t('preview.pages')}>
        ${pagerButton(this.#t('preview.first'), '«', first, 1, 'esbPreviewFirst')}
        ${pagerButton(this.#t('preview.prev'), '‹', first, page.page - 1, 'esbPreviewPrev')}
        <span class="esbPreviewPage">${this.#t(this.#partial ? 'preview.pagePartial' : 'preview.page', { page: page.page, pages: page.pages })}</span>
        ${pagerButton(this.#t('preview.next'), '›', last, page.page + 1, 'esbPreviewNext')}
        ${pagerButton(this.#t('preview.last'), '»', last, 'last', 'esbPreviewLast')}
      </nav>`;
  }
}
