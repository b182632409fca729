import type { PropertyDeclarations } from 'lit';
import { blockProperties } from '../base/catalog-block.ts';
import { LandingBlock } from '../landing/landing-block.ts';
import { datasetViewStyles } from './dataset-view.styles.ts';

/**
 * The landing page of one dataset: title, publisher, description, themes, the distribution list and every other
 * DCAT-AP field present. The dataset is found from the page URL (`esc_entry`+`esc_context`, `esc_uri`, `esc_lookup`
 * in the query string or the fragment) or from the attributes below. An entry that is a data service is shown as
 * `<dataservice-view>` would show it. Renders in light DOM; style it with the classes and custom properties below.
 *
 * @summary Landing page of one dataset (DCAT-AP) from an EntryStore catalog.
 * @tag dataset-view
 *
 * @attr {number} hl - Heading level of the title (default 1); section headings use `hl+1`, headings inside them `hl+2`, capped at 6.
 * @attr {boolean} click-expand - Clicking anywhere on a distribution row head expands it (default true); `false`: only the button.
 * @attr {boolean} registry - Harvested (registry) data: file names from the distribution's own graph, no file-entry lookups (default false).
 * @attr {boolean} page-in-url - Accepted; no paginated list in this block yet.
 * @attr {boolean} include-extras - Showcases and ideas that name the dataset as their source (`dcterms:source`), after "Further information" (default false).
 * @attr {boolean} include-visualizations - A "Visualizations" section last: each `schema:diagram` visualization as a chart, table or map with "Show as table" (default false).
 * @attr {boolean} include-tabbed-visualizations - The same visualizations as tabs (WAI-ARIA) before the distributions, each panel drawn on first selection (default false).
 * @attr {boolean} include-auto-visualizations - A "Map" section after the distributions: one WMS map per service detected among the distributions; spatial coverage boxes drawn as small maps (default false).
 * @attr {boolean} include-data-preview - A "Preview data" button on each CSV (or JSON table) distribution: a paged, sortable, filterable table of the file (default false).
 * @attr {boolean} include-indicators - A row of indicator badges (access rights, update frequency, licence, high-value dataset, fee) (default false).
 * @attr {boolean} legend - `false` hides the legend of WMS maps (auto maps and `wms` visualizations); default shown (the catalog tool's setting applies when unset).
 * @attr {string} entry - Entry id in the store (needs `context`).
 * @attr {string} context - Context id of the entry (also scopes `uri` and `lookup`).
 * @attr {string} uri - Resource URI of the dataset.
 * @attr {string} lookup - A value to look the dataset up by (default property dcterms:identifier).
 * @attr {string} lookup-literal - Property (full or prefixed, e.g. `dcterms:identifier`) whose literal equals `lookup`.
 * @attr {string} lookup-uri - Property whose URI value equals `lookup`.
 * @attr {string} store-url - Base URL of the EntryStore instance (overrides a provider and the page config).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} strict-standard-html - Overrides the page setting `strictStandardHtml` for this block.
 * @attr {boolean} no-styles - Do not adopt the built-in stylesheets.
 *
 * @event catalog-block-state - `detail.state` is `ready`, `noEntry`, `notFound`, `unreachable` or `malformed` after each load.
 *
 * @cssprop [--cb-font=inherit] - Font family.
 * @cssprop [--cb-text=#1a1a1a] - Text colour.
 * @cssprop [--cb-muted=#4a4f57] - Secondary text colour.
 * @cssprop [--cb-accent=#0b5cad] - Links, focus ring, spinner, buttons.
 * @cssprop [--cb-accent-contrast=#ffffff] - Text on accent backgrounds.
 * @cssprop [--cb-focus=#0b5cad] - Focus outline colour.
 * @cssprop [--cb-surface=#f7f8fa] - Background of state messages and the access-service box.
 * @cssprop [--cb-border=#c4c9d0] - Borders and row separators.
 * @cssprop [--cb-tag-bg=#e6edf5] - Theme tag and format badge background.
 * @cssprop [--cb-tag-text=#13325b] - Theme tag and format badge text.
 * @cssprop [--cb-api-bg=#13325b] - API badge background.
 * @cssprop [--cb-row-hover=#f1f4f8] - Row head background on hover (clickExpand).
 * @cssprop [--cb-error=#b00020] - Error message accent.
 * @cssprop [--cb-radius=4px] - Corner radius.
 */
export class DatasetView extends LandingBlock {
  static override blockName = 'datasetView' as const;
  static override blockStyles = [datasetViewStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetView'),
    ...LandingBlock.locationProperties,
  };

  protected override readonly emitsJsonLd = true;
  protected readonly noEntryMessage = 'dv.noEntry';
  protected readonly notFoundMessage = 'dv.notFound';
}
