import type { PropertyDeclarations } from 'lit';
import { blockProperties } from '../base/catalog-block.ts';
import { LandingBlock } from '../landing/landing-block.ts';
import { datasetViewStyles } from '../dataset-view/dataset-view.styles.ts';
import { dataserviceViewStyles } from './dataservice-view.styles.ts';

/**
 * The landing page of one data service: title, publisher, description, endpoint URL(s), endpoint description,
 * conformance, the datasets it serves (linked to their landing pages) and further information (type, licence,
 * access rights, contact point, …). Found from the page URL (`esc_entry`+`esc_context`, `esc_uri`, `esc_lookup`) or
 * the attributes below; an entry that turns out to be a dataset is shown as `<dataset-view>` would show it.
 *
 * @summary Landing page of one data service (DCAT-AP) from an EntryStore catalog.
 * @tag dataservice-view
 *
 * @attr {number} hl - Heading level of the title (default 1); section headings use `hl+1`, capped at 6.
 * @attr {boolean} include-indicators - A row of indicator badges under the title: access rights, service type, licence, high-value dataset, fee (default false).
 * @attr {string} entry - Entry id in the store (needs `context`).
 * @attr {string} context - Context id of the entry (also scopes `uri` and `lookup`).
 * @attr {string} uri - Resource URI of the data service.
 * @attr {string} lookup - A value to look the service up by (default property dcterms:identifier).
 * @attr {string} lookup-literal - Property whose literal equals `lookup`.
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
 * @cssprop [--cb-focus=#0b5cad] - Focus outline colour.
 * @cssprop [--cb-surface=#f7f8fa] - Background of state messages.
 * @cssprop [--cb-border=#c4c9d0] - Borders.
 * @cssprop [--cb-error=#b00020] - Error message accent.
 * @cssprop [--cb-radius=4px] - Corner radius.
 */
export class DataserviceView extends LandingBlock {
  static override blockName = 'dataserviceView' as const;
  static override blockStyles = [datasetViewStyles, dataserviceViewStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('dataserviceView'),
    ...LandingBlock.locationProperties,
  };

  protected readonly noEntryMessage = 'svc.noEntry';
  protected readonly notFoundMessage = 'svc.notFound';
}
