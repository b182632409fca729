/**
 * `<facet-search-responsiveness>` (supportive block `facetSearchResponsiveness`, extends `template`), its base tag
 * `<catalog-facet-responsiveness>` and the legacy tag `<esb-facetsearchresponsiveness>`. Importing this module
 * registers all three.
 */
import { FacetResponsivenessBlock } from './responsiveness.ts';

/**
 * The responsive part of the facet layouts (behaviour doc §1.15): at viewport widths up to `break` the two columns
 * become one, the facet panel is hidden and a "Filters (n)" button (`aria-expanded`, `aria-controls`, n = number of
 * active filters) shows it inline; wider, the toggle is hidden. Adopts one media-query stylesheet per distinct break
 * value (CSP-safe). Give the panel with `controls` (an id) or place the element in a container with the facet column
 * (`.esbFacetColumn`, `[data-esb-facet-panel]` or the facets block); `.esbFacetLayout` containers get two columns.
 *
 * @summary Mobile "Filters" toggle and the one-column break of a facet layout.
 * @tag facet-search-responsiveness
 *
 * @attr {string} break - Width at or below which the layout is one column: a CSS length (px, em, rem, vw, ch) or a bare number of px (default 1024px; invalid → 1024px; `inherit` takes the layout's).
 * @attr {string} controls - Id of the facet panel (default: the facet column next to the element).
 * @attr {string} scope - Name of the search scope whose active filters are counted (default "default").
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets (nor the media-query sheet).
 */
export class FacetSearchResponsiveness extends FacetResponsivenessBlock {}

/**
 * Legacy EntryScape Blocks tag name of `<facet-search-responsiveness>`; same attributes and behaviour.
 * @summary `<facet-search-responsiveness>` under its EntryScape Blocks tag name.
 * @tag esb-facetsearchresponsiveness
 */
export class EsbFacetSearchResponsiveness extends FacetResponsivenessBlock {}

if (!customElements.get('facet-search-responsiveness')) customElements.define('facet-search-responsiveness', FacetSearchResponsiveness);
if (!customElements.get('esb-facetsearchresponsiveness')) customElements.define('esb-facetsearchresponsiveness', EsbFacetSearchResponsiveness);

declare global {
  interface HTMLElementTagNameMap {
    'facet-search-responsiveness': FacetSearchResponsiveness;
    'esb-facetsearchresponsiveness': EsbFacetSearchResponsiveness;
  }
}
