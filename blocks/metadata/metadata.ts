/**
 * `<catalog-metadata>`: one part of an entry's landing page, for the template helpers `{{viewMetadata}}` and
 * `{{distributionList}}` (issue 10). Importing this module registers it.
 */
import type { PropertyDeclarations, TemplateResult } from 'lit';
import { css, html, nothing } from 'lit';
import { blockProperties } from '../base/catalog-block.ts';
import { LandingBlock, type LandingModel } from '../landing/landing-block.ts';
import { fieldList } from '../base/render-fields.ts';
import { distributionList } from '../landing/distribution-list.ts';
import { datasetViewStyles } from '../dataset-view/dataset-view.styles.ts';
import { expand } from '../../src/rdf/namespaces.ts';
import type { Lang } from '../../src/i18n/index.ts';

/** The RDForms presenter and its template table (rdforms-view.ts): a chunk loaded when a template is named. */
type RdformsView = typeof import('./rdforms-view.ts');
let rdformsView: RdformsView | undefined;
/** Languages whose template labels are loaded, and loads under way. */
const labelsReady = new Set<Lang>();
const labelsLoading = new Map<Lang, Promise<void>>();

function loadRdformsView(lang: Lang): Promise<void> {
  let p = labelsLoading.get(lang);
  if (!p) {
    p = import('./rdforms-view.ts').then(async (m) => {
      await m.loadRdformsMessages(lang);
      rdformsView = m;
      labelsReady.add(lang);
    });
    p.catch((e: unknown) => {
      labelsLoading.delete(lang);
      console.warn('[catalog-blocks] the RDForms template presenter could not be loaded', e);
    });
    labelsLoading.set(lang, p);
  }
  return p;
}

/** Two columns (name beside value) unless `onecol`; names read by screen readers only with `label="false"`. */
const rdformsStyles = css`
  :where(.esbRdforms:not(.esbRdforms--onecol)) {
    display: grid;
    grid-template-columns: minmax(8rem, max-content) 1fr;
    column-gap: 1rem;
  }
  :where(.esbRdforms:not(.esbRdforms--onecol)) > :where(.esbField) {
    display: contents;
  }
  :where(.esbRdforms:not(.esbRdforms--onecol)) > :where(dt, .esbField > dt) {
    grid-column: 1;
  }
  :where(.esbRdforms:not(.esbRdforms--onecol)) > :where(dd, .esbField > dd) {
    grid-column: 2;
    margin: 0.5rem 0 0;
  }
  :where(.esbRdformsGroup) :where(dt) {
    font-weight: 500;
  }
  :where(.esbRdforms--nolabels) > :where(dt, .esbField > dt) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** `dcterms:publisher, dcat:keyword` → the local names (`publisher`, `keyword`), which name our fields. */
function localNames(list: string | null): Set<string> {
  const out = new Set<string>();
  for (const name of (list ?? '').split(',')) {
    const iri = expand(name.trim());
    const local = iri.slice(Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1);
    if (local) out.add(local.toLowerCase());
  }
  return out;
}

/**
 * The metadata fields (`shows="fields"`, the incumbent's `viewMetadata`) or the distribution list
 * (`shows="distributions"`, `distributionList`) of one dataset, located like a landing page (usually `entry` +
 * `context`, set by the template that embeds it; the entry comes from the store client's cache).
 *
 * @summary One part of a dataset's landing page (metadata fields or distributions), for templates.
 * @tag catalog-metadata
 *
 * @attr {string} shows - `fields` (default) or `distributions`.
 * @attr {string} template - An RDForms template id of the incumbent (`dcat:OnlyDataset`, `dcat:Distribution`, a comma list of field ids …): its fields in its order (src/rdforms/templates.ts). Unknown: one warning, our field list.
 * @attr {string} rdformsid - The same as `template` (the incumbent's `view` block names it so).
 * @attr {boolean} onecol - With a template: each name above its value (default: beside it).
 * @attr {string} filterpredicates - Fields to leave out, as properties (`dcterms:publisher,dcat:keyword`); with a template matched by property, else by local name.
 * @attr {number} hl - Heading level of the block (the distribution list's heading is hl + 1).
 * @attr {boolean} click-expand - Distribution rows expand on a click anywhere on their head (default true).
 * @attr {string} entry - Entry id in the store (needs `context`).
 * @attr {string} context - Context id of the entry.
 * @attr {string} uri - Resource URI of the entry.
 */
export class CatalogMetadata extends LandingBlock {
  static override blockName = 'datasetView' as const;
  static override blockStyles = [datasetViewStyles, rdformsStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetView'),
    ...LandingBlock.locationProperties,
    shows: { attribute: 'shows' },
    template: { attribute: 'template' },
    rdformsid: { attribute: 'rdformsid' },
    onecol: { attribute: 'onecol' },
    filterPredicates: { attribute: 'filterpredicates' },
    filterPredicatesKebab: { attribute: 'filter-predicates' },
  };
  protected readonly noEntryMessage = 'dv.noEntry';
  protected readonly notFoundMessage = 'dv.notFound';

  #expanded = new Set<number>();
  #built = new Set<number>();

  #toggle = (i: number): void => {
    if (this.#expanded.has(i)) this.#expanded.delete(i);
    else {
      this.#expanded.add(i);
      this.#built.add(i);
    }
    this.requestUpdate();
  };

  /** The RDForms template ids named (`rdformsid` wins over `template`, as with the incumbent), or undefined. */
  get templateIds(): string | undefined {
    if (this.getAttribute('shows') === 'distributions') return undefined;
    return (this.getAttribute('rdformsid') ?? this.getAttribute('template'))?.trim() || undefined;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // the presenter loads while the entry does
    const lang = this.uiLang;
    if (this.templateIds && !labelsReady.has(lang)) void loadRdformsView(lang).then(() => this.requestUpdate(), () => this.requestUpdate());
  }

  protected override renderLanding(result: LandingModel): TemplateResult {
    const ctx = this.renderContext(Number(this.params.hl ?? 1));
    const ids = this.templateIds;
    if (ids) {
      if (!rdformsView || !labelsReady.has(ctx.lang)) {
        // (the presenter is on its way; a failed load shows our field list)
        if (labelsLoading.has(ctx.lang)) return html`<div class="esbRdforms" aria-busy="true"></div>`;
      } else {
        const onecol = /^(true|1|)$/i.test(this.getAttribute('onecol') ?? 'false');
        const shown = rdformsView.templateView(result.entry, result.related ?? new Map(), ids, ctx, {
          filterPredicates: this.getAttribute('filterpredicates') ?? this.getAttribute('filter-predicates'),
          onecol,
          hideLabels: this.getAttribute('label') === 'false',
        });
        if (shown) return shown;
      }
    }
    if (this.getAttribute('shows') === 'distributions') {
      if (result.kind !== 'dataset') return html``;
      const list = { clickExpand: this.params.clickExpand !== false, expanded: this.#expanded, built: this.#built, toggle: this.#toggle, pending: result.distributionsPending };
      return distributionList(result.model.distributions, ctx, list);
    }
    const leaveOut = localNames(this.getAttribute('filterpredicates') ?? this.getAttribute('filter-predicates'));
    const fields = result.model.fields.filter((f) => !leaveOut.has(f.key.toLowerCase()));
    const shown = fieldList(fields, ctx);
    return shown === nothing ? html`` : (shown as TemplateResult);
  }
}

if (!customElements.get('catalog-metadata')) customElements.define('catalog-metadata', CatalogMetadata);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-metadata': CatalogMetadata;
  }
}
