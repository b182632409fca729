/**
 * `<catalog-metadata>`: one part of an entry's landing page, for the template helpers `{{viewMetadata}}` and
 * `{{distributionList}}` (issue 10). Importing this module registers it.
 */
import type { PropertyDeclarations, TemplateResult } from 'lit';
import { html, nothing } from 'lit';
import { blockProperties } from '../base/catalog-block.ts';
import { LandingBlock, type LandingModel } from '../landing/landing-block.ts';
import { fieldList } from '../base/render-fields.ts';
import { distributionList } from '../landing/distribution-list.ts';
import { datasetViewStyles } from '../dataset-view/dataset-view.styles.ts';
import { expand } from '../../src/rdf/namespaces.ts';

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
 * @attr {string} filterpredicates - Fields to leave out, as properties (`dcterms:publisher,dcat:keyword`); matched by local name.
 * @attr {number} hl - Heading level of the block (the distribution list's heading is hl + 1).
 * @attr {boolean} click-expand - Distribution rows expand on a click anywhere on their head (default true).
 * @attr {string} entry - Entry id in the store (needs `context`).
 * @attr {string} context - Context id of the entry.
 * @attr {string} uri - Resource URI of the entry.
 */
export class CatalogMetadata extends LandingBlock {
  static override blockName = 'datasetView' as const;
  static override blockStyles = [datasetViewStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetView'),
    ...LandingBlock.locationProperties,
    shows: { attribute: 'shows' },
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

  protected override renderLanding(result: LandingModel): TemplateResult {
    const ctx = this.renderContext(Number(this.params.hl ?? 1));
    if (this.getAttribute('shows') === 'distributions') {
      if (result.kind !== 'dataset') return html``;
      const list = { clickExpand: this.params.clickExpand !== false, expanded: this.#expanded, built: this.#built, toggle: this.#toggle };
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
