/**
 * Body of a dataset landing page (behaviour doc §2.1, in its order): title `h{hl}`, indicators, publisher,
 * description, theme tags, tabbed visualizations, "Distributions" `h{hl+1}` with the distribution list, "Map",
 * "Further information" `h{hl+1}`, showcases and ideas, visualizations. The rich parts (indicators, visualizations,
 * maps, extras, previews, coverage maps) come from the lazy rich-content chunk as `RichSlots`; absent slots render
 * nothing, so with every parameter off the page is what it was.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Agent, DatasetModel, Value } from '../../src/dcat/model.ts';
import { md5Hex } from '../../src/store/hash.ts';
import { msg } from '../../src/i18n/index.ts';
import { heading, langOf, textOf, type RenderContext } from '../base/render.ts';
import { fieldList, linkOrText, longText, sectionLabel } from '../base/render-fields.ts';
import { LANDING_TEXT_LIMIT } from '../../src/dcat/text.ts';
import { distributionList, type DistributionListState } from './distribution-list.ts';
import type { RichSlots } from '../rich-content/parts.ts';

export function publisherLine(agent: Agent | undefined, ctx: RenderContext): TemplateResult | typeof nothing {
  if (!agent?.name) return nothing;
  const content = html`<span class="esbLabel">${msg(ctx.lang, 'dv.publisher')}:</span>
    ${agent.homepage ? linkOrText(agent.homepage, textOf(agent.name, ctx.lang)) : textOf(agent.name, ctx.lang)}`;
  // strictStandardHtml: a sub-block wrapper is a div (flow content); the legacy wrapper is a span (phrasing only here).
  return ctx.strict
    ? html`<div class="esbInlineDiv esbPublisher">${content}</div>`
    : html`<span class="esbPublisher">${content}</span>`;
}

export function descriptionBlock(paragraphs: DatasetModel['description'], ctx: RenderContext): TemplateResult | typeof nothing {
  if (paragraphs.length === 0) return nothing;
  // A pasted document or a generated dump shows LANDING_TEXT_LIMIT characters and "Show more" (src/dcat/text.ts).
  return html`<div class="esbDescription">${longText(paragraphs, LANDING_TEXT_LIMIT, ctx.lang)}</div>`;
}

export function themeTags(themes: readonly Value[], ctx: RenderContext): TemplateResult | typeof nothing {
  const tags = themes.filter((v): v is Exclude<Value, { kind: 'date' }> => v.kind !== 'date');
  if (tags.length === 0) return nothing;
  return html`<ul class="esbTags" aria-label=${msg(ctx.lang, 'dv.theme')}>
    ${tags.map((v) => {
      // a theme with a URI gets its class (md5_{hash}), for sites that style themes
      const uri = v.kind === 'link' ? v.href : v.kind === 'entry' ? v.resourceUri : undefined;
      return html`<li><span class=${uri ? `esbTag md5_${md5Hex(uri)}` : 'esbTag'}>${textOf(v.text, ctx.lang)}</span></li>`;
    })}
  </ul>`;
}

/** "Further information": the metadata list (the spatial row's values replaced by the rich chunk when it has them). */
export function furtherInfo(fields: DatasetModel['fields'], ctx: RenderContext, rich?: RichSlots): TemplateResult {
  const furtherId = `${ctx.idPrefix}-further`;
  const spatial = rich?.spatial?.(ctx);
  return html`<section class="esbFurtherInfo" aria-labelledby=${sectionLabel(furtherId, ctx)}>
    ${heading(ctx.hl + 1, msg(ctx.lang, 'dv.furtherInfo'), { id: furtherId })}
    ${fields.length > 0 ? fieldList(fields, ctx, 'esbFields', spatial ? { spatial } : undefined) : html`<p class="esbEmpty esbMuted">–</p>`}
  </section>`;
}

export function renderDataset(model: DatasetModel, ctx: RenderContext, list: DistributionListState, rich?: RichSlots): TemplateResult {
  const title = model.title
    ? heading(ctx.hl, model.title.value, { cls: 'esbTitle', lang: langOf(model.title, ctx.lang) })
    : heading(ctx.hl, msg(ctx.lang, 'dv.untitled'), { cls: 'esbTitle esbUntitled' });
  return html`<div class="esbDatasetView esbLanding esbLanding--${model.kind}">
    <div class="esbHeader">${title} ${rich?.indicators?.(ctx) ?? nothing} ${publisherLine(model.publisher, ctx)}</div>
    ${descriptionBlock(model.description, ctx)} ${themeTags(model.themes, ctx)} ${rich?.tabs?.(ctx) ?? nothing}
    ${distributionList(model.distributions, ctx, list)} ${rich?.maps?.(ctx) ?? nothing}
    ${furtherInfo(model.fields, ctx, rich)} ${rich?.extras?.(ctx) ?? nothing} ${rich?.visualizations?.(ctx) ?? nothing}
  </div>`;
}
