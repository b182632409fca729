import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { Graph } from '../../src/rdf/graph.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { partProperties, ScopePart } from '../search-base/scope-part.ts';
import { datasetExportsStyles } from './dataset-exports.styles.ts';
import { collectResult, EXPORT_CAP, mergedGraph, resultCsv, type CollectedResult } from './export-data.ts';
import { loadExportMessages } from './strings.ts';
import { emit } from '../base/events.ts';
import { LoadController, stringsLoader } from '../base/load-controller.ts';

export type ExportFormat = 'turtle' | 'rdfxml' | 'jsonld' | 'csv';

interface FormatSpec {
  readonly format: ExportFormat;
  readonly label: string;
  readonly filename: string;
  readonly type: string;
}

export const EXPORT_FORMATS: readonly FormatSpec[] = [
  { format: 'csv', label: 'CSV', filename: 'export.csv', type: 'text/csv;charset=utf-8' },
  { format: 'turtle', label: 'Turtle', filename: 'export.ttl', type: 'text/turtle;charset=utf-8' },
  { format: 'rdfxml', label: 'RDF/XML', filename: 'export.rdf', type: 'application/rdf+xml;charset=utf-8' },
  { format: 'jsonld', label: 'JSON-LD', filename: 'export.jsonld', type: 'application/ld+json;charset=utf-8' },
];

/** `detail` of the `catalog-export` event. */
export interface ExportDetail {
  readonly format: ExportFormat;
  readonly filename: string;
  readonly blob: Blob;
  /** Number of datasets in the file. */
  readonly count: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** Before a download; cancelable (the page then handles `detail.blob` itself). */
    'catalog-export': CustomEvent<ExportDetail>;
  }
}

/**
 * Serialises a graph to Turtle, RDF/XML or JSON-LD. A serialiser that leaves triples out (the built-in one refuses
 * what cannot be written safely, see src/rdf/serialize.ts) says how many through `onLeftOut`.
 */
export type RdfSerializer = (
  g: Graph,
  format: 'turtle' | 'rdfxml' | 'jsonld',
  options?: { onLeftOut?: (count: number) => void },
) => Promise<string>;

/**
 * Where the RDF serialiser comes from: src/rdf/serialize.ts (our Turtle, N-Triples, RDF/XML and JSON-LD writers) as a lazy
 * chunk, so only an RDF export downloads it. Replaceable (hosts with their own RDF library).
 */
export const rdfSerializer: { load: () => Promise<RdfSerializer> } = {
  load: () => import('../../src/rdf/serialize.ts').then((m) => m.serializeRdf),
};

/** How an export ended. */
type Outcome =
  | { readonly kind: 'done'; readonly count: number; readonly capped?: number; readonly leftOut?: LeftOut }
  | { readonly kind: 'none' };

/** What the file leaves out: statements (RDF) or whole datasets (CSV) that could not be written safely. */
interface LeftOut {
  readonly what: 'statements' | 'datasets';
  readonly count: number;
}

/**
 * datasetExports (behaviour doc §6.7): "Download the result as" CSV, Turtle, RDF/XML or JSON-LD — the WHOLE result
 * of its scope's current search (same terms, filters, sort), fetched 100 hits per request, with the entries the hits
 * link to (distributions, publishers, contact points) in batched lookups. CSV has one row per dataset (title,
 * description, publisher, themes, keywords, issued, modified, licence, access rights, landing page, formats, resource
 * URI; labels in the page language); RDF is the union of all those metadata graphs. The writers load only when an
 * export is asked for. While exporting the buttons are disabled and a polite live region says "Exporting n of N…".
 * At most 10,000 datasets are exported (a larger result says so); a result with no hits has nothing to export.
 * Metadata is untrusted: every format writes the same safe graph (IRIs percent-encoded where a syntax cannot carry
 * a character, triples with non-absolute IRIs or ill-formed literals left out; see src/rdf/serialize.ts), CSV cells
 * that a spreadsheet could run as a formula start with `'`, and the live region says what was left out.
 *
 * @summary Export buttons for the current search result of a scope.
 * @tag dataset-exports
 * @attr {string} scope - Name of the search scope whose result is exported (default "default").
 * @attr {string} store-url - Base URL of the EntryStore instance; the export runs against the store of its scope (the one the list searches).
 * @attr {string} lang - UI language: sv, en or de.
 * @event catalog-export - Before the download, cancelable; `detail`: `{ format, filename, blob, count }`. Cancel it to handle the file yourself.
 * @cssprop [--cb-accent=#0b5cad] - Button border and text.
 */
export class DatasetExports extends CatalogBlock<boolean> {
  static override blockName = 'datasetExports' as const;
  static override properties: PropertyDeclarations = partProperties('datasetExports');
  static override blockStyles = [datasetExportsStyles];
  readonly #scope = new ScopePart(this, { loader: this.loader });
  /** The export that runs (one at a time): taken off the page, it is aborted and the status is empty again. */
  readonly #export = new LoadController<Outcome, Outcome['kind'] | 'failed'>(this, {
    done: (outcome) => outcome.kind,
    failed: (e) => {
      console.warn('[catalog-blocks] the export failed', e);
      return 'failed';
    },
  });
  /** The status texts and the CSV headers (field labels: the landing part, which a search page loads only now). */
  readonly #strings = stringsLoader(this, loadExportMessages);
  /** "Exporting n of N…" while it runs. */
  #progress = { done: 0, total: 0 };

  /** The scope whose result is exported. */
  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  /** True while an export runs. */
  get exporting(): boolean {
    return this.#export.state === 'loading';
  }

  /** Exports the scope's current result in `format`; resolves when the file was handed over (or nothing to do). */
  async exportAs(format: ExportFormat): Promise<void> {
    if (this.exporting) return;
    const spec = EXPORT_FORMATS.find((f) => f.format === format);
    if (!spec) return;
    const lang = this.uiLang;
    const trigger = this.ownerDocument.activeElement;
    this.#strings.load(lang);
    this.#progress = { done: 0, total: this.searchScope.results?.total ?? 0 };
    this.#export.run(format, (signal) => this.#run(spec, lang, signal), true);
    await this.#export.done();
    await this.#strings.settled;
    await this.updateComplete;
    // Disabled buttons drop focus: give it back to the button that started the export.
    if (trigger instanceof HTMLElement && this.contains(trigger) && this.ownerDocument.activeElement !== trigger) trigger.focus();
  }

  /** Collects the whole result, writes the file and hands it over (the `catalog-export` event, then the download). */
  async #run(spec: FormatSpec, lang: Lang, signal: AbortSignal): Promise<Outcome> {
    const scope = this.searchScope;
    // The scope's own store: the export re-runs exactly the search the list shows (context clause included).
    const result = await collectResult(scope.store, scope.state, scope.settings, {
      storeBaseUrl: scope.store.baseUrl,
      signal,
      progress: (done, total) => {
        this.#progress = { done, total };
        this.requestUpdate();
      },
    });
    if (result.entries.length === 0) return { kind: 'none' };
    let leftOut: LeftOut | undefined;
    await this.#strings.settled;
    const text = await this.#serialize(spec, result, lang, scope.store.baseUrl, (l) => (leftOut = l));
    if (signal.aborted) return { kind: 'none' }; // (ignored: the export was left behind)
    const blob = new Blob([text], { type: spec.type });
    // Datasets the CSV had to leave out are not in the file (RDF leaves out statements, never whole hits).
    const count = result.entries.length - (leftOut?.what === 'datasets' ? leftOut.count : 0);
    const detail: ExportDetail = { format: spec.format, filename: spec.filename, blob, count };
    if (emit(this, 'catalog-export', detail, true)) this.#download(blob, spec.filename);
    return {
      kind: 'done',
      count,
      ...(result.total > EXPORT_CAP ? { capped: result.total } : {}),
      ...(leftOut ? { leftOut } : {}),
    };
  }

  async #serialize(
    spec: FormatSpec,
    result: CollectedResult,
    lang: Lang,
    storeBaseUrl: string,
    onLeftOut: (leftOut: LeftOut) => void,
  ): Promise<string> {
    if (spec.format === 'csv') return resultCsv(result, lang, storeBaseUrl, (count) => onLeftOut({ what: 'datasets', count }));
    const serialize = await rdfSerializer.load();
    return serialize(mergedGraph(result), spec.format, { onLeftOut: (count) => onLeftOut({ what: 'statements', count }) });
  }

  #download(blob: Blob, filename: string): void {
    const url = URL.createObjectURL(blob);
    const a = this.ownerDocument.createElement('a');
    a.href = url;
    a.download = filename;
    a.hidden = true;
    this.append(a);
    a.click();
    a.remove();
    // The download has started from the click; the URL is not needed beyond this task.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  #statusText(): string | typeof nothing {
    const lang = this.uiLang;
    const state = this.#export.state;
    if (state === 'idle') return nothing;
    if (state === 'loading') return msg(lang, 'export.progress', { n: this.#progress.done, total: this.#progress.total });
    // (the words of the outcome are said once its strings are at hand, never as keys)
    if (this.#strings.state !== 'ready') return nothing;
    const s = this.#export.value;
    if (state === 'failed' || !s) return msg(lang, 'export.failed');
    switch (s.kind) {
      case 'none':
        return msg(lang, 'export.none');
      case 'done': {
        const parts = [
          ...(s.capped ? [msg(lang, 'export.capped', { total: s.capped, cap: EXPORT_CAP })] : []),
          msg(lang, 'export.done', { n: s.count }),
          ...(s.leftOut
            ? [msg(lang, s.leftOut.what === 'datasets' ? 'export.leftOutDatasets' : 'export.leftOut', { n: s.leftOut.count })]
            : []),
        ];
        return parts.join(' ');
      }
    }
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    const labelId = `${this.idPrefix}-export-label`;
    const results = this.searchScope.results;
    const empty = results !== undefined && results.total === 0;
    const running = this.exporting;
    return html`<div class="esbBlock esbExports" lang=${lang}>
      <div class="esbExportButtons" role="group" aria-labelledby=${labelId}>
        <span class="esbExportLabel" id=${labelId}>${msg(lang, 'export.label')}</span>
        ${EXPORT_FORMATS.map(
          (f) => html`<button type="button" class="esbExportButton esbBtn esbBtnSecondary esbExport--${f.format}" data-format=${f.format}
            ?disabled=${running || empty} @click=${() => void this.exportAs(f.format)}>${f.label}</button>`,
        )}
      </div>
      <p class="esbExportStatus" role="status" aria-live="polite">${this.#statusText()}</p>
    </div>`;
  }
}
