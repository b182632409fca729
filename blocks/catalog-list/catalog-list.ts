/**
 * `<catalog-list>` — the incumbent's core `list` block (issue 26) — and its legacy tag `<esb-list>`. Importing this
 * module registers both. A lazy chunk of its own (entry/block-loaders.ts): pages without a `list` never download it.
 */
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { fetchLocatedEntry, LOCATION_PROPERTIES, locationOf } from '../../src/config/entry-location.ts';
import { landingHref, type Route } from '../../src/config/links.ts';
import { contextsOf, pageSizeOf, rdfTypesOf } from '../../src/search/settings.ts';
import { msg } from '../../src/i18n/index.ts';
import { expand } from '../../src/rdf/namespaces.ts';
import { loadListPage, type ListPage } from '../../src/legacy/list.ts';
import { renderTemplate, type TemplateContext } from '../../src/legacy/template/index.ts';
import { templateParam } from '../../src/legacy/template/param.ts';
import { entryTitle } from '../../src/legacy/template/values.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { blockProperties, CatalogBlock } from '../base/catalog-block.ts';
import { NO_ENTRY } from '../base/load-controller.ts';
import { heading, stateView } from '../base/render.ts';
import { searchListStyles } from '../dataset-list/search-list.styles.ts';
import { pagination } from '../search-base/pagination.ts';
import { loadListMessages } from './strings.ts';

interface Loaded extends ListPage {
  /** The entry the page is about (the one `relation` starts from), when one is located. */
  readonly current?: StoreEntry;
}

/** The template keys of a list (the incumbent's `templates` of a list). */
type ListTemplate = 'rowhead' | 'rowexpand' | 'listhead' | 'listplaceholder' | 'listempty';

/**
 * A list of entries, one row each, drawn with the page author's templates as the incumbent's `list` block drew it:
 * - with `relation` (`dcat:distribution`): the entries the current entry points to through it — the current entry
 *   located like a landing page (attributes, page URL parameters, `routes`, global `entry`/`context`), its related
 *   entries looked up in ONE batched request through the store client (and its cache), newest first (`sortOrder:
 *   'title'` sorts by title);
 * - with `relationinverse`: the entries whose metadata points at the current entry through it;
 * - with neither: the entries of `rdftype` (comma list or JSON array; prefixed names expanded) in the `context`.
 * `rdftype` narrows a relation too. Rows: `rowhead` (default: the entry's title as a heading `h{hl}` and its
 * description) and, when given, `rowexpand`, rendered on first expansion behind a real button (Enter / Space; with
 * `click-expand` a click on the row head as well). `listhead` (with `{{resultsize}}`) comes before the rows,
 * `listempty` / `listplaceholder` stand for an empty list. Templates read the ROW's entry; with
 * `dependencyproperties` the entries those properties point to are looked up (one batched request per page), so
 * `{{prop "dcterms:publisher" render="label"}}` shows a name. `limit` rows per page (default 10), pagination below.
 *
 * @summary The incumbent's core `list` block: related entries (or entries of a type) with row templates.
 * @tag catalog-list
 *
 * @attr {string} relation - Property followed from the current entry (`dcat:distribution`).
 * @attr {string} relationinverse - Property followed backwards: entries pointing at the current entry.
 * @attr {string} rdftype - Types of the listed entries (comma list or JSON array of prefixed names or IRIs).
 * @attr {string} dependencyproperties - Properties of the rows whose linked entries are looked up for their labels (comma list).
 * @attr {string} rowhead - Template of each row's head (default: title and description).
 * @attr {string} rowexpand - Template of each row's expanded area (then each row has an expand button).
 * @attr {string} listhead - Template before the rows (`{{resultsize}}` is the number of entries).
 * @attr {string} listempty - Template shown when there are no rows (`listplaceholder` is accepted too).
 * @attr {number} limit - Rows per page (default 10).
 * @attr {string} sort-order - `title`, or `modified desc` (default) / a store sort for lists without `relation`.
 * @attr {boolean} click-expand - A click on a row's head expands it too.
 * @attr {number} hl - Heading level of the default row titles (default 2).
 * @attr {string} context - Context of the entry (with `entry`), or of a list without relation.
 * @attr {string} entry - Entry id of the current entry (else the page URL, `routes`, the global `entry`).
 * @attr {string} uri - Resource URI of the current entry.
 * @attr {string} lookup - A value to look the current entry up by (default property dcterms:identifier).
 *
 * @event catalog-block-state - `detail.state` after each load.
 */
export class CatalogList extends CatalogBlock<Loaded> {
  static override blockName = 'datasetList' as const;
  static override incumbentName = 'list';
  static override blockStyles = [searchListStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetList'),
    ...LOCATION_PROPERTIES,
    rowhead: { attribute: 'rowhead' },
    rowexpand: { attribute: 'rowexpand' },
    listhead: { attribute: 'listhead' },
    listempty: { attribute: 'listempty' },
    listplaceholder: { attribute: 'listplaceholder' },
  };

  #page = 1;
  #query = '';
  /** Rows opened (by resource URI), and rows whose expanded area was built (on first opening). */
  #open = new Set<string>();
  #built = new Set<string>();

  #template(key: ListTemplate): string | undefined {
    return templateParam(this, key, this.pageConfig, 'list');
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#load(false);
  }

  retry = (): void => this.#load(true);

  #load(force: boolean): void {
    if (this.pageConfigPending) return;
    const p = this.params;
    const relation = typeof p.relation === 'string' && p.relation.trim() ? expand(p.relation.trim()) : undefined;
    const inverse = !relation && typeof p.relationinverse === 'string' && p.relationinverse.trim() ? expand(p.relationinverse.trim()) : undefined;
    const needsEntry = !!(relation || inverse);
    const loc = needsEntry ? locationOf(this, this.pageConfig) : { kind: 'none' as const };
    const lang = this.uiLang;
    const contexts = needsEntry ? undefined : contextsOf(p.context);
    const query = {
      ...(relation ? { relation } : {}),
      ...(inverse ? { inverse } : {}),
      rdfTypes: rdfTypesOf(p.rdftype),
      ...(contexts ? { contexts } : {}),
      ...(typeof p.sortOrder === 'string' ? { sortOrder: p.sortOrder } : {}),
      pageSize: pageSizeOf(p.limit, undefined, 10),
      lang,
      dependencies: rdfTypesOf(p.dependencyproperties),
    };
    const store = this.store;
    const base = JSON.stringify([store.baseUrl, loc, query]);
    if (base !== this.#query) {
      // another list: back to its first page, nothing open
      this.#query = base;
      this.#page = 1;
      this.#open.clear();
      this.#built.clear();
    }
    const page = this.#page;
    this.loader.run(`${base} ${page}`, async (signal) => {
      const strings = loadListMessages(lang);
      if (needsEntry && loc.kind === 'none') {
        await strings;
        return NO_ENTRY;
      }
      const current = loc.kind === 'none' ? undefined : await fetchLocatedEntry(store, loc, signal);
      const [loaded] = await Promise.all([loadListPage(store, current, { ...query, page }, signal), strings]);
      return { ...loaded, ...(current ? { current } : {}) };
    }, force);
  }

  #go = (page: number): void => {
    this.#page = page;
    this.requestUpdate();
    void this.updateComplete.then(() => this.querySelector<HTMLElement>('.esbListBody')?.focus());
  };

  #toggle(uri: string): void {
    if (this.#open.has(uri)) this.#open.delete(uri);
    else {
      this.#open.add(uri);
      this.#built.add(uri);
    }
    this.requestUpdate();
  }

  #context(entry: StoreEntry | undefined, loaded: Loaded | undefined, hl: number, extra: Partial<TemplateContext> = {}): TemplateContext {
    return {
      ...(entry ? { entry } : {}),
      ...(loaded ? { related: loaded.related } : {}),
      lang: this.uiLang,
      params: this.params as Record<string, unknown>,
      page: this.pageConfig,
      store: this.store,
      hl,
      host: this,
      ...extra,
    };
  }

  #row(entry: StoreEntry, loaded: Loaded, hl: number, clickExpand: boolean): TemplateResult {
    const head = this.#template('rowhead');
    const expandSource = this.#template('rowexpand');
    const uri = entry.resourceUri;
    const open = this.#open.has(uri);
    const ctx = this.#context(entry, loaded, hl);
    const regionId = `${this.idPrefix}-${entry.contextId}-${entry.entryId}-rowExpand`;
    const title = entryTitle(ctx);
    const main = head !== undefined ? renderTemplate(head, ctx) : this.#defaultHead(entry, ctx, hl);
    const onHead = (e: MouseEvent): void => {
      // a click on a link or a button inside the head does what that control does
      if (!clickExpand || expandSource === undefined || (e.target as Element).closest('a,button,input,select,textarea')) return;
      this.#toggle(uri);
    };
    const cls = ['entryListRow', 'esbRow', 'esbPadding', clickExpand && expandSource !== undefined ? 'esbRowClickExpand' : '', open ? 'esbRowExpanded' : '']
      .filter(Boolean).join(' ');
    return html`<li class=${cls} data-uri=${uri}>
      <div class="esbRowHead ${expandSource !== undefined ? 'esbDefaultExpandButton' : ''}" @click=${onHead}>
        <div class="esbRowMain">${main}</div>
        ${expandSource === undefined ? nothing : html`<div class="esbRowControl">
          <button type="button" class="esbExpandButton esbRowExpandButton esbBtn esbBtnDisclosure" aria-expanded=${open ? 'true' : 'false'} aria-controls=${regionId}
            @click=${() => this.#toggle(uri)}>
            <span class="esbExpandLabel">${msg(this.uiLang, open ? 'row.less' : 'row.more')}</span>${title
              ? html`<span class="esbVisuallyHidden">: ${title}</span>` : nothing}
          </button>
        </div>`}
      </div>
      ${expandSource === undefined ? nothing : html`<div class="esbRowExpand" id=${regionId} ?hidden=${!open}>${
        this.#built.has(uri) ? renderTemplate(expandSource, ctx) : nothing}</div>`}
    </li>`;
  }

  /**
   * The incumbent's default head (`{{text}}`) as a heading, with the entry's description below it; with `click` /
   * `namedclick` the title links there (a `clicks` route or page, as the search lists link). A template head links
   * with `{{link}}` itself.
   */
  #defaultHead(entry: StoreEntry, ctx: TemplateContext, hl: number): TemplateResult {
    const description = renderTemplate('{{text content="${dcterms:description}"}}', ctx);
    const p = this.params;
    const click = typeof p.click === 'string' && p.click ? p.click : undefined;
    const named = typeof p.namedclick === 'string' && p.namedclick ? p.namedclick : undefined;
    const title = entryTitle(ctx) || entry.resourceUri;
    const target = { uri: entry.resourceUri, entryId: entry.entryId, contextId: entry.contextId };
    const text = click || named
      ? html`<a class="esbRowTitleLink" href=${landingHref((named ?? 'dataset') as Route, target, this.pageConfig, this.pageUrl, click)}>${title}</a>`
      : title;
    return html`${heading(hl, text, { cls: 'esbRowTitle' })}<div class="esbRowDescription">${description}</div>`;
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    const state = this.loader.state;
    const loaded = this.loader.value;
    const hl = Number(this.params.hl ?? 2);
    const messages = { noEntry: 'corelist.noEntry', notFound: 'corelist.notFound' };
    if (state !== 'ready' && !(state === 'loading' && loaded)) {
      return html`<div class="esbBlock esbSearchList esbCoreList" lang=${lang}>${stateView(state === 'idle' ? 'loading' : state, lang, messages, this.retry)}</div>`;
    }
    const busy = state === 'loading';
    const data = loaded!;
    const head = this.#template('listhead');
    const listHead = head === undefined ? nothing : renderTemplate(head, this.#context(data.current, data, hl, { resultsize: data.total }));
    let body: unknown;
    if (data.total === 0) {
      const empty = this.#template('listempty') ?? this.#template('listplaceholder');
      body = empty !== undefined
        ? renderTemplate(empty, this.#context(data.current, data, hl))
        : html`<p class="esbEmpty esbListEmpty">${msg(lang, 'corelist.empty')}</p>`;
    } else {
      const clickExpand = this.params.clickExpand === true;
      body = html`<ul class="entryList">${data.entries.map((e) => this.#row(e, data, hl, clickExpand))}</ul>`;
    }
    return html`<div class="esbBlock esbSearchList esbCoreList escoList" lang=${lang} aria-busy=${busy ? 'true' : 'false'}>
      ${listHead}
      <div class="esbListBody" tabindex="-1">${body}</div>
      ${pagination({ page: this.#page, pageSize: pageSizeOf(this.params.limit, undefined, 10), total: data.total, lang, go: this.#go })}
    </div>`;
  }
}

/**
 * Legacy EntryScape Blocks tag of the `list` block; same attributes and behaviour.
 * @summary `<catalog-list>` under its EntryScape Blocks tag name.
 * @tag esb-list
 */
export class EsbList extends CatalogList {}

if (!customElements.get('catalog-list')) customElements.define('catalog-list', CatalogList);
if (!customElements.get('esb-list')) customElements.define('esb-list', EsbList);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-list': CatalogList;
    'esb-list': EsbList;
  }
}
