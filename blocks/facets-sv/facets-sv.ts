/**
 * `<facets-sv>`: the supportive block `facets_sv` under its old name (the spec's supportive block table), the same
 * element as `<dataset-facets>`. Importing this module registers it (and `<dataset-facets>`).
 */
import { FacetsBlock } from '../dataset-facets/facets.ts';
import '../dataset-facets/dataset-facets.ts'; // registers <dataset-facets> too (see above)

/**
 * The facet column of a dataset search under the spec's name `facets_sv`; labels follow the UI language.
 * Same attributes and behaviour as `<dataset-facets>`.
 * @summary `<dataset-facets>` under the supportive block name `facets_sv`.
 * @tag facets-sv
 *
 * @attr {string} scope - Name of the search scope (default "default").
 * @attr {number} hl - Heading level of the facet column; group headings are `h{hl+1}`.
 * @attr {boolean} hvd-filter - Adds the "HVD category" facet.
 * @attr {boolean} type-filter - Adds the "Type" facet.
 */
export class FacetsSv extends FacetsBlock {
  static override incumbentName = 'facets_sv';
}

if (!customElements.get('facets-sv')) customElements.define('facets-sv', FacetsSv);

declare global {
  interface HTMLElementTagNameMap {
    'facets-sv': FacetsSv;
  }
}
