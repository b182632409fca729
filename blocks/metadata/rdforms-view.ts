/**
 * `<catalog-metadata template="dcat:OnlyDataset">` (and `rdformsid`): the fields of an RDForms template
 * (src/rdforms/present.ts) as a name/value `<dl>`; a described node (time period, bounding box, address) is a nested
 * `<dl>` in its value. A lazy chunk with the template table and the presenter: landing and search pages never load
 * it. Store text is only ever text (renderValue); links come from the presenter's safe values.
 */
import { html, type TemplateResult } from 'lit';
import { nameValueList, renderValue, type NameValueRow } from '../base/render-fields.ts';
import type { RenderContext } from '../base/render.ts';
import { warnOnce } from '../../src/config/warn.ts';
import { presentTemplate, type PresentedField } from '../../src/rdforms/present.ts';
import type { StoreEntry } from '../../src/store/types.ts';

export { loadRdformsMessages } from '../../src/rdforms/strings.ts';

export interface TemplateViewOptions {
  readonly filterPredicates: string | null;
  /** The incumbent's `onecol`: names above values instead of beside them. */
  readonly onecol: boolean;
  /** `label="false"`: the field names are read by screen readers only. */
  readonly hideLabels: boolean;
}

/** The class key of a field: the local name of its property (`esbField--keyword`). */
const keyOf = (property: string): string => property.slice(Math.max(property.lastIndexOf('/'), property.lastIndexOf('#')) + 1).replace(/[^\w-]/g, '');

function rows(fields: readonly PresentedField[], ctx: RenderContext): NameValueRow[] {
  return fields.map((f) => [f.label, f.values.map((v) => (v.kind === 'group'
    ? nameValueList(rows(v.fields, ctx), ctx, 'esbFields esbRdformsGroup')
    : renderValue(v, ctx))), keyOf(f.property)]);
}

/**
 * The template's fields of `entry`, or undefined when no id of `ids` is known (each unknown id gets one warning; the
 * block then shows its own field list).
 */
export function templateView(
  entry: StoreEntry,
  related: ReadonlyMap<string, StoreEntry>,
  ids: string,
  ctx: RenderContext,
  opts: TemplateViewOptions,
): TemplateResult | undefined {
  const shown = presentTemplate(entry, related, ids, { lang: ctx.lang, filterPredicates: opts.filterPredicates });
  for (const id of shown.unknown) {
    warnOnce(`[catalog-blocks] the RDForms template "${id}" is not known (known: dcat:OnlyDataset, dcat:Dataset, dcat:OnlyDistribution, `
      + 'dcat:Distribution, dcat:OnlyCatalog, dcat:Catalog, dcat:DataService, dcat:DatasetSeries, dcat:contactPoint, dcat:foaf:Agent and their field ids); '
      + (shown.unknown.length === countIds(ids) ? 'the standard field list is shown instead' : 'it is left out'));
  }
  if (shown.unknown.length === countIds(ids)) return undefined;
  const cls = `esbFields esbRdforms${opts.onecol ? ' esbRdforms--onecol' : ''}${opts.hideLabels ? ' esbRdforms--nolabels' : ''}`;
  return shown.fields.length ? nameValueList(rows(shown.fields, ctx), ctx, cls) : html``;
}

const countIds = (ids: string): number => ids.split(',').filter((s) => s.trim()).length;
