/**
 * Body of a data service landing page (behaviour doc §2.2): title `h{hl}`, publisher, description, "Access"
 * `h{hl+1}` (endpoint URLs, endpoint description, conforms to), "Datasets served" `h{hl+1}` (linked to their
 * landing pages), "Further information" `h{hl+1}` (licence, access rights, type, contact point, …).
 * Indicators (`includeIndicators`) come from the rich-content chunk and stand under the title.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { DataServiceModel, Field } from '../../src/dcat/model.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import { msg } from '../../src/i18n/index.ts';
import { heading, headingLevel, langOf, type RenderContext } from '../base/render.ts';
import { fieldList, nameValueList, renderValue, type NameValueRow } from '../base/render-fields.ts';
import { descriptionBlock, publisherLine } from './render-dataset.ts';
import type { RichSlots } from '../rich-content/parts.ts';

/** Endpoint URLs and descriptions: links when safe, else shown as text (never dropped silently). */
function urlValues(urls: readonly string[], label?: string): TemplateResult[] {
  return urls.map((u) => {
    const href = safeHref(u);
    return href ? html`<a href=${href}>${label ?? u}</a>` : html`<span class="esbUnsafeUrl">${u}</span>`;
  });
}

function accessList(model: DataServiceModel, ctx: RenderContext): TemplateResult | typeof nothing {
  const rows: NameValueRow[] = [];
  if (model.endpointUrls.length) rows.push([msg(ctx.lang, 'svc.endpoint'), urlValues(model.endpointUrls)]);
  if (model.endpointDescriptions.length) rows.push([msg(ctx.lang, 'svc.endpointDesc'), urlValues(model.endpointDescriptions)]);
  if (model.conformsTo.length) rows.push([msg(ctx.lang, 'field.conformsTo'), model.conformsTo.map((v) => renderValue(v, ctx))]);
  return rows.length ? nameValueList(rows, ctx) : nothing;
}

export function renderService(model: DataServiceModel, ctx: RenderContext, rich?: RichSlots): TemplateResult {
  const accessId = `${ctx.idPrefix}-access`;
  const servedId = `${ctx.idPrefix}-served`;
  const furtherId = `${ctx.idPrefix}-further`;
  const title = model.title
    ? heading(ctx.hl, model.title.value, { cls: 'esbTitle', lang: langOf(model.title, ctx.lang) })
    : heading(ctx.hl, msg(ctx.lang, 'svc.untitled'), { cls: 'esbTitle esbUntitled' });
  // Endpoint rows are shown under "Access"; the model may list them among its fields too.
  const shownAbove = new Set<Field['key']>(['endpointURL', 'endpointDescription', 'servesDataset', 'conformsTo']);
  const further = model.fields.filter((f) => !shownAbove.has(f.key));
  const access = accessList(model, ctx);
  return html`<div class="esbDataserviceView esbLanding esbLanding--service">
    <div class="esbHeader">${title} ${rich?.indicators?.(ctx) ?? nothing} ${publisherLine(model.publisher, ctx)}</div>
    ${descriptionBlock(model.description, ctx)}
    ${access === nothing
      ? nothing
      : html`<section class="esbServiceAccess" aria-labelledby=${accessId}>
          ${heading(headingLevel(ctx.hl, 1), msg(ctx.lang, 'svc.access'), { id: accessId })} ${access}
        </section>`}
    ${model.servedDatasets.length > 0
      ? html`<section class="esbServedDatasets" aria-labelledby=${servedId}>
          ${heading(headingLevel(ctx.hl, 1), msg(ctx.lang, 'svc.servesDatasets'), { id: servedId })}
          <ul class="esbServedList">
            ${model.servedDatasets.map((v) => html`<li>${renderValue(v, ctx)}</li>`)}
          </ul>
        </section>`
      : nothing}
    ${further.length > 0
      ? html`<section class="esbFurtherInfo" aria-labelledby=${furtherId}>
          ${heading(headingLevel(ctx.hl, 1), msg(ctx.lang, 'dv.furtherInfo'), { id: furtherId })}
          ${fieldList(further, ctx)}
        </section>`
      : nothing}
  </div>`;
}

/** The view model builder too, so that the landing blocks load a data service's model and view with one import. */
export { buildDataServiceModel } from '../../src/dcat/dataservice.ts';
