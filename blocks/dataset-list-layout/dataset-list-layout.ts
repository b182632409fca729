/**
 * `<dataset-list-layout>` (datasetListLayout, DL) and the legacy tag `<esb-datasetlistlayout>`. Importing this module
 * registers both, plus `<dataset-list>` (the list it renders).
 */
import { html, type PropertyDeclarations, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { blockProperties, CatalogBlock } from '../base/catalog-block.ts';
import type { LoadState } from '../base/load-controller.ts';
import { searchListStyles } from '../dataset-list/search-list.styles.ts';
import type { SearchListBlock } from '../dataset-list/search-list.ts';
import { scopeFor, type ScopeDocument, type ScopeWindow, type SearchScope } from '../../src/search/scope.ts';
import type { CatalogStore } from '../../src/store/types.ts';
import { urlPrefix } from '../../src/config/links.ts';

import '../dataset-list/dataset-list.ts';

/**
 * The window a DL's private scope sees: the page URL WITHOUT its fragment, so search terms and filters in the URL
 * (other searches' state) never reach the list, and writes that change only the query string (`esc_page`) while
 * the page's fragment stays as it is. Back/forward still reach the scope (popstate).
 */
export function pageOnlyWindow(win: Window): ScopeWindow {
  const withoutHash = () => {
    const u = new URL(win.location.href);
    u.hash = '';
    return u.href;
  };
  const keepHash = (url: string | URL | null | undefined): string => {
    const next = new URL(String(url ?? withoutHash()), win.location.href);
    next.hash = win.location.hash;
    return next.href;
  };
  return {
    location: { get href() { return withoutHash(); } },
    history: {
      pushState: (data, unused, url) => win.history.pushState(data, unused, keepHash(url)),
      replaceState: (data, unused, url) => win.history.replaceState(data, unused, keepHash(url)),
    },
    addEventListener: (type, listener) => win.addEventListener(type, listener),
    removeEventListener: (type, listener) => win.removeEventListener(type, listener),
  };
}


/**
 * An expandable list of the catalog's datasets with pagination and no search UI (behaviour doc §2.3): each row shows
 * the title `h{hl}` linking to the dataset's landing page, the publisher, the description and format badges, and
 * expands (built on first expansion) to themes, distributions and further information. Ten per page, ordered by
 * `sort-order` (default: last modified first). The list has a search scope of its own, so it never reads or writes
 * search terms or filters in the URL; only the page number (`esc_page`) with `page-in-url`. Give `scope` to share a
 * scope with other blocks instead. Hosts that embed it under their own page title should set `hl="2"`.
 *
 * @summary Expandable list of datasets with pagination, without search.
 * @tag dataset-list-layout
 *
 * @attr {number} hl - Heading level of each row title (default 1); headings inside an expanded row use `hl+1`, `hl+2`.
 * @attr {boolean} page-in-url - The page number is kept in the query string (`esc_page`); pagination controls are real links.
 * @attr {string} sort-order - `title`, or a store sort expression such as `modified desc` (default `modified desc`).
 * @attr {boolean} click-expand - Clicking a distribution row head inside an expanded row expands it (default true).
 * @attr {boolean} registry - Harvested (registry) data: file names from the distribution's own graph.
 * @attr {boolean} include-extras - Showcases and ideas that name the dataset as their source (`dcterms:source`), after "Further information" in the expanded rows (default false).
 * @attr {boolean} include-visualizations - A "Visualizations" section last: each `schema:diagram` visualization as a chart, table or map with "Show as table" in the expanded rows (default false).
 * @attr {boolean} include-tabbed-visualizations - The same visualizations as tabs (WAI-ARIA) before the distributions, each panel drawn on first selection in the expanded rows (default false).
 * @attr {boolean} include-auto-visualizations - A "Map" section after the distributions: one WMS map per service detected among the distributions; spatial coverage boxes drawn as small maps in the expanded rows (default false).
 * @attr {boolean} include-data-preview - A "Preview data" button on each CSV (or JSON table) distribution: a paged, sortable, filterable table of the file in the expanded rows (default false).
 * @attr {boolean} include-indicators - Indicator badges inside each result row (default false).
 * @attr {boolean} legend - `false` hides the legend of WMS maps (auto maps and `wms` visualizations); default shown (the catalog tool's setting applies when unset).
 * @attr {string} scope - Share this search scope instead of a private one.
 * @attr {string} context - Only datasets of this context id.
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} strict-standard-html - Overrides the page setting `strictStandardHtml` for this block.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @event catalog-block-state - From the list inside (bubbles): `detail.state` is `ready`, `unreachable` or `malformed` after each load.
 *
 * @cssprop [--cb-text=#1a1a1a] - Text colour.
 * @cssprop [--cb-muted=#4a4f57] - Publisher and secondary text.
 * @cssprop [--cb-accent=#0b5cad] - Links, focus ring, spinner, buttons.
 * @cssprop [--cb-border=#c4c9d0] - Row separators and control borders.
 * @cssprop [--cb-tag-bg=#e6edf5] - Format and kind badge background.
 * @cssprop [--cb-tag-text=#13325b] - Format and kind badge text.
 * @cssprop [--cb-description-lines=3] - Lines of description shown in a collapsed row.
 * @cssprop [--cb-radius=4px] - Corner radius.
 */
export class DatasetListLayout extends CatalogBlock {
  static override blockName = 'datasetListLayout' as const;
  static override blockStyles = [searchListStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetListLayout'),
    scope: { attribute: 'scope' },
    context: { attribute: 'context' },
  };

  declare scope: string | undefined;
  declare context: string | undefined;

  #private: { store: CatalogStore; scope: SearchScope } | undefined;

  /**
   * The layout's own scope (unless `scope` is given): named "default" (so the page number is `esc_page`) but
   * registered on a private key, with a window that hides the URL fragment (pageOnlyWindow).
   */
  get privateScope(): SearchScope {
    const store = this.store;
    if (this.#private?.store !== store) {
      const win = this.ownerDocument.defaultView;
      const doc: ScopeDocument = { defaultView: win ? pageOnlyWindow(win) : null };
      this.#private = { store, scope: scopeFor(doc, 'default', store, urlPrefix(this.pageConfig)) };
    }
    return this.#private.scope;
  }

  /** The list inside (for hosts and tests). */
  get list(): SearchListBlock | null {
    return this.querySelector<SearchListBlock>(':scope > .esbBlock > dataset-list');
  }

  override get state(): LoadState {
    return this.list?.state ?? 'loading';
  }

  override get loadComplete(): Promise<string> {
    return (async () => {
      await this.updateComplete;
      const list = this.list;
      return list ? list.loadComplete : 'loading';
    })();
  }

  /** The list inside takes every DL parameter with `inherit` (a test checks this covers paramsOf('datasetListLayout')). */
  override render(): TemplateResult {
    const shared = this.getAttribute('scope')?.trim();
    // The block-wide attributes are not parameters (no inherit): the list gets the layout's own values.
    const own = (name: string) => this.getAttribute(name) ?? undefined;
    const ctx = this.getAttribute('context')?.trim();
    return html`<div class="esbBlock esbDatasetListLayout">
      <dataset-list
        scope=${shared ?? 'default'}
        .scopeOverride=${shared ? undefined : this.privateScope}
        context=${ctx || 'inherit'}
        store-url=${ifDefined(own('store-url'))}
        lang=${ifDefined(own('lang'))}
        strict-standard-html=${ifDefined(own('strict-standard-html'))}
        no-styles=${ifDefined(own('no-styles'))}
        hl="inherit"
        page-in-url="inherit"
        sort-order="inherit"
        click-expand="inherit"
        registry="inherit"
        include-extras="inherit"
        include-visualizations="inherit"
        include-tabbed-visualizations="inherit"
        include-auto-visualizations="inherit"
        include-data-preview="inherit"
        include-indicators="inherit"
        legend="inherit"
        limit="inherit"
        limit-options="inherit"
        sort-options="inherit"
        base-filter="inherit"
        facet-limit="inherit"
        namedclick="inherit"
        click="inherit"
      ></dataset-list>
    </div>`;
  }
}

/**
 * Legacy EntryScape Blocks tag name of `<dataset-list-layout>`; same attributes and behaviour.
 * @summary `<dataset-list-layout>` under its EntryScape Blocks tag name.
 * @tag esb-datasetlistlayout
 */
export class EsbDatasetListLayout extends DatasetListLayout {}

if (!customElements.get('dataset-list-layout')) customElements.define('dataset-list-layout', DatasetListLayout);
if (!customElements.get('esb-datasetlistlayout')) customElements.define('esb-datasetlistlayout', EsbDatasetListLayout);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-list-layout': DatasetListLayout;
    'esb-datasetlistlayout': EsbDatasetListLayout;
  }
}
