/**
 * The open-data extension's showcase and idea blocks (issue 26): `showcaseSearch` / `ideaSearch` list every showcase
 * (`esterms:Result`) / idea (`esterms:Idea`) of the store or context, following the page's search (a `simpleSearch`
 * box narrows them); `showcaseList` / `ideaList` list those that name the page's dataset as their `dcterms:source`
 * (the incumbent's `relationinverse`), under a heading. All four are one element, `<catalog-showcase-list>` (`kind`,
 * `of-dataset`): the search list (blocks/dataset-list/search-list.ts: scope, paging, loading / empty / error states,
 * templates) with another entry type and its own row: title,
 * image, description, a link to the showcase's web site and the datasets it uses, linked to their landing pages
 * (`clicks.dataset`); the expanded row shows the rest of its metadata. Everything from the store renders as text; links
 * and images are http(s) only.
 */
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { fetchLocatedEntry, locationOf } from '../../src/config/entry-location.ts';
import { warnOnce } from '../../src/config/warn.ts';
import { ROW_TEXT_LIMIT } from '../../src/dcat/text.ts';
import { msg } from '../../src/i18n/index.ts';
import { EXTRAS_INVERSE_PREDICATE, extraRowOf, IDEA_TYPE, SHOWCASE_TYPE, type ExtraRowModel } from '../../src/rich/extras.ts';
import type { ScopeConfig } from '../../src/search/scope.ts';
import type { ResultRow, SearchResults, SearchState } from '../../src/search/types.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import type { Text } from '../../src/dcat/model.ts';
import { stringsLoader } from '../base/load-controller.ts';
import { heading, headingLevel, langOf, stateView, textOf, type RenderContext } from '../base/render.ts';
import { fieldList, longText } from '../base/render-fields.ts';
import { isFiltered, SearchListBlock } from '../dataset-list/search-list.ts';
import { searchListStyles } from '../dataset-list/search-list.styles.ts';
import type { RowState } from '../dataset-list/result-row.ts';
import { showcaseListStyles } from './showcase-list.styles.ts';
import { loadShowcaseStrings } from './strings.ts';

export type ExtraKind = 'showcase' | 'idea';
const TYPES: Readonly<Record<ExtraKind, string>> = { showcase: SHOWCASE_TYPE, idea: IDEA_TYPE };

/** Where the page's dataset stands for an "of the dataset" list: looked up once per location. */
type Pointed = { readonly key: string; uri?: string; failed?: boolean };

/**
 * The open-data extension's four showcase and idea blocks as one element, the incumbent name given by its attributes
 * (src/legacy/names.ts maps each name to them): `showcaseSearch` is `<catalog-showcase-list>`, `ideaSearch`
 * `<catalog-showcase-list kind="idea">`, `showcaseList` `<catalog-showcase-list of-dataset>` and `ideaList`
 * `<catalog-showcase-list kind="idea" of-dataset>`. Without `of-dataset` it lists every showcase (`esterms:Result`) /
 * idea (`esterms:Idea`) of the store or of `context`, narrowed by the page's search (`simpleSearch` with the same
 * `scope`); with it, those that name the page's dataset as their `dcterms:source`, under a "Showcases" / "Ideas"
 * heading `h{hl}` (its own scope unless `scope` is given). Rows: title, image, description, a link to its web site
 * and the datasets it uses. The other parameters are the search list's.
 *
 * @summary Showcases or ideas: all of them (searchable) or those of the page's dataset.
 * @tag catalog-showcase-list
 *
 * @attr {string} kind - `showcase` (default) or `idea`: what is listed.
 * @attr {boolean} of-dataset - Only those naming the page's dataset as their source, under a heading (the incumbent's `showcaseList` / `ideaList`; else `showcaseSearch` / `ideaSearch`).
 * @attr {string} entry - (of-dataset) Entry id of the dataset, with `context`; else the page URL (`esc_entry`, `esc_context`), `uri`, `lookup`.
 * @attr {string} uri - (of-dataset) Resource URI of the dataset.
 * @attr {string} scope - Name of the search scope (default "default"; with of-dataset a scope of its own).
 * @attr {string} context - Only entries of this context id, or of any of several (`1,2` or a JSON array); else the page's global `context`.
 * @attr {number} limit - Rows per page.
 * @attr {number} hl - Heading level of each row title (default 2; with of-dataset the section heading, rows hl + 1).
 * @attr {boolean} page-in-url - The page number is kept in the query string (`esc_page`).
 * @attr {string} namedclick - Name of a page-config `clicks` route the dataset links go through (instead of `dataset`).
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @event catalog-block-state - `detail.state` is `ready`, `unreachable` or `malformed` after each search.
 */
export class ShowcaseList extends SearchListBlock {
  static override blockStyles = [searchListStyles, showcaseListStyles];
  static override properties: PropertyDeclarations = {
    ...SearchListBlock.properties,
    entry: { attribute: 'entry' },
    uri: { attribute: 'uri' },
    kindAttr: { attribute: 'kind' },
    ofDatasetAttr: { attribute: 'of-dataset' },
  };

  declare entry: string | undefined;
  declare uri: string | undefined;

  readonly #strings = stringsLoader(this, loadShowcaseStrings);
  #pointed: Pointed | undefined;
  /** Entries of the datasets the rows name (by resource URI), and the rows they were asked for. */
  #sources = new Map<string, StoreEntry>();
  /** Their titles, read once. */
  #sourceTitles = new Map<string, Text | undefined>();
  #sourcesFor: readonly ResultRow[] | undefined;
  #sourcesLoading: Promise<unknown> = Promise.resolve();
  /** Row models by entry (a row is read from its graph once). */
  #models = new WeakMap<StoreEntry, { sources: number; model: ExtraRowModel }>();

  /** The kind listed (attribute `kind`; another value lists showcases, with one warning). */
  get kind(): ExtraKind {
    const k = this.getAttribute('kind') ?? 'showcase';
    if (k === 'showcase' || k === 'idea') return k;
    warnOnce(`[catalog-blocks] <catalog-showcase-list>: kind "${k}" is not supported (showcase or idea); it lists showcases`);
    return 'showcase';
  }

  /** Only those naming the page's dataset (`showcaseList`, `ideaList`), under a heading: attribute `of-dataset`. */
  get ofDataset(): boolean {
    return /^(true|1|)$/i.test(this.getAttribute('of-dataset') ?? 'false');
  }

  /** `showcaseSearch`, `ideaSearch`, `showcaseList` or `ideaList`: its `blocks` overrides, templates and warnings. */
  protected override get incumbentBlock(): string {
    return `${this.kind}${this.ofDataset ? 'List' : 'Search'}`;
  }

  protected override get templateBlock(): string {
    return this.incumbentBlock;
  }

  protected override get ownRowDetail(): boolean {
    return true;
  }

  override connectedCallback(): void {
    // A list of the dataset's showcases is no search: its own scope, never the page's (nor its URL keys).
    if (this.ofDataset && !this.hasAttribute('scope')) this.setAttribute('scope', `${this.idPrefix}-${this.kind}s`);
    super.connectedCallback();
  }

  /** An of-dataset list searches once the dataset's resource URI is known. */
  protected override get listReady(): boolean {
    if (!this.ofDataset) return true;
    this.#locate();
    return this.#pointed?.uri !== undefined;
  }

  /** Finds the page's dataset (once per location; the store client keeps the entry, a landing block on the page shares it). */
  #locate(): void {
    if (this.pageConfigPending) return;
    const loc = locationOf(this, this.pageConfig);
    const key = JSON.stringify([loc, this.storeBaseUrl]);
    if (this.#pointed?.key === key) return;
    const pointed: Pointed = { key };
    this.#pointed = pointed;
    if (loc.kind === 'none') {
      pointed.failed = true;
      warnOnce(`[catalog-blocks] ${this.templateBlock}: no dataset is named (esc_entry and esc_context in the page address, or entry, uri, lookup); it lists nothing`);
      return;
    }
    fetchLocatedEntry(this.store, loc).then(
      (e) => (pointed.uri = e.resourceUri),
      (e: unknown) => {
        pointed.failed = true;
        console.warn(`[catalog-blocks] ${this.templateBlock}: the dataset could not be found; it lists nothing`, e);
      },
    ).finally(() => this.requestUpdate());
  }

  protected override get settings(): ScopeConfig {
    const uri = this.#pointed?.uri;
    return {
      ...super.settings,
      rdfTypes: [TYPES[this.kind]],
      ...(this.ofDataset && uri ? { pointingAt: { predicate: EXTRAS_INVERSE_PREDICATE, object: uri } } : {}),
    };
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#strings.load(this.uiLang);
  }

  override get loadComplete(): Promise<string> {
    return (async () => {
      for (;;) {
        const state = await super.loadComplete;
        await this.#strings.settled;
        await this.#sourcesLoading;
        await this.updateComplete;
        // (an of-dataset list still finding its dataset is "loading" with no scope search running)
        if (state !== 'loading' || this.#pointed?.failed) return state;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
  }

  /** Under its section heading `h{hl}`, an of-dataset list's rows and messages are `h{hl+1}`. */
  protected override get listHeadingLevel(): number {
    return this.ofDataset ? headingLevel(super.listHeadingLevel, 1) : super.listHeadingLevel;
  }

  protected override emptyText(state: SearchState, _counts?: SearchResults['counts']): string {
    const key = isFiltered(state) ? 'none' : this.ofDataset ? 'emptyOf' : 'empty';
    return msg(this.uiLang, `${this.kind}.${key}`);
  }

  /** The datasets named by the rows shown: one batched lookup per page of rows (the store client keeps them). */
  #prepareSources(rows: readonly ResultRow[]): void {
    if (this.#sourcesFor === rows) return;
    this.#sourcesFor = rows;
    const uris = [...new Set(rows.flatMap((r) => this.#model(r).sources))].filter((u) => !this.#sources.has(u) && /^https?:/i.test(u));
    if (uris.length === 0) return;
    this.#sourcesLoading = this.store.getEntriesByResourceUris(uris).then(
      (found) => {
        for (const [u, e] of found) {
          this.#sources.set(u, e);
          this.#sourceTitles.set(u, extraRowOf(e, found, this.uiLang).title);
        }
        this.requestUpdate();
      },
      (e: unknown) => console.warn('[catalog-blocks] the datasets of the showcases could not be looked up', e),
    );
  }

  #model(row: ResultRow): ExtraRowModel {
    const kept = this.#models.get(row.entry);
    if (kept && kept.sources === this.#sources.size) return kept.model;
    const model = extraRowOf(row.entry, this.#sources, this.uiLang);
    this.#models.set(row.entry, { sources: this.#sources.size, model });
    return model;
  }

  protected override rowParts(row: ResultRow, ctx: RenderContext): RowState['custom'] {
    const m = this.#model(row);
    const lang = ctx.lang;
    const title = m.title ? textOf(m.title, lang) : html`<span class="esbUntitled">${msg(lang, 'showcase.untitled')}</span>`;
    const titleText = m.title?.value ?? msg(lang, 'showcase.untitled');
    const sources = m.sources.map((uri) => this.#sourceLink(uri, ctx)).filter((l): l is TemplateResult => l !== undefined);
    const head = html`<div class="esbShowcase">
      ${m.image
        ? html`<img class="esbShowcase__image" src=${m.image.src} alt=${m.image.alt?.value ?? ''} lang=${ifDefined(m.image.alt ? langOf(m.image.alt, lang) : undefined)}
            loading="lazy" decoding="async" referrerpolicy="no-referrer">`
        : nothing}
      ${heading(ctx.hl, title, { cls: 'esbRowTitle esbShowcase__title' })}
      ${m.description.length ? html`<div class="esbRowDescription esbDescription">${longText(m.description, ROW_TEXT_LIMIT, lang)}</div>` : nothing}
      ${m.page
        ? html`<p class="esbShowcase__page"><a href=${m.page}>${msg(lang, 'showcase.website')}<span
            class="esbVisuallyHidden">: <span lang=${ifDefined(langOf(m.title, lang))}>${titleText}</span></span></a></p>`
        : nothing}
      ${sources.length
        ? html`<p class="esbShowcase__uses"><span class="esbShowcase__usesLabel">${msg(lang, 'showcase.uses')}</span>
            ${sources.map((s, i) => html`${i ? ', ' : ''}${s}`)}</p>`
        : nothing}
    </div>`;
    const expand = html`<div class="esbShowcase__details">${m.fields.length
      ? fieldList(m.fields, ctx)
      : html`<p class="esbShowcase__noDetails">${msg(lang, 'showcase.noDetails')}</p>`}</div>`;
    return { head, expand };
  }

  /**
   * A dataset the showcase uses: its title linking to its landing page (`namedclick`, else `clicks.dataset`, else
   * this page), once its entry is known; a source that is no entry of the store links to itself when it is http(s).
   */
  #sourceLink(uri: string, ctx: RenderContext): TemplateResult | undefined {
    const e = this.#sources.get(uri);
    if (!e) return undefined;
    const title = this.#sourceTitles.get(uri);
    const href = ctx.landing('dataset', { uri, entryId: e.entryId, contextId: e.contextId });
    return html`<a class="esbShowcase__dataset" href=${href}>${title ? textOf(title, ctx.lang) : uri}</a>`;
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    // Words, never keys, and never "nothing" before the answer: a busy shell until the strings and the dataset are in.
    if (this.#strings.state !== 'ready' || (this.ofDataset && !this.#pointed?.uri && !this.#pointed?.failed)) {
      return html`<div class="esbBlock esbSearchList esbExtraList" lang=${lang} aria-busy="true">${stateView('loading', lang,
        { noEntry: 'list.empty', notFound: 'state.unreachable' }, this.retry, this.listHeadingLevel)}</div>`;
    }
    if (this.ofDataset && this.#pointed?.failed) return html``;
    const rows = this.searchScope.results?.rows;
    if (rows && this.state === 'ready') this.#prepareSources(rows);
    const list = super.render();
    if (!this.ofDataset) return list;
    const hl = super.listHeadingLevel;
    const id = `${this.idPrefix}-heading`;
    return html`<section class="esbExtraSection esb${this.kind === 'showcase' ? 'Showcases' : 'Ideas'}" aria-labelledby=${id}>
      ${heading(hl, msg(lang, `${this.kind}.heading`), { id })}${list}</section>`;
  }
}
