/**
 * Metadata values and name/value lists in both HTML shapes (strictStandardHtml), for the landing pages and expanded
 * result rows; apart from render.ts so that a search page loads them with the first expanded row. Store content is
 * rendered as text (Lit escapes it); links only come from `safeHref`/`landingHref`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { htmlDatetime } from './html-datetime.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import type { Field, Value } from '../../src/dcat/model.ts';
import { formatDate } from '../../src/i18n/format.ts';
import type { LinkTarget } from '../../src/config/links.ts';
import { textOf, type RenderContext } from './render.ts';
import { longText } from './long-text.ts';
import { INLINE_TEXT_LIMIT, ROW_TEXT_LIMIT } from '../../src/dcat/text.ts';
import { t } from './messages.ts';

/** A link when `href` is safe (http, https, mailto), else the same content as text. */
export function linkOrText(href: string | undefined, content: unknown, cls?: string): TemplateResult {
  const safe = safeHref(href);
  return safe ? html`<a class=${ifDefined(cls)} href=${safe}>${content}</a>` : html`<span class=${ifDefined(cls)}>${content}</span>`;
}

export function renderValue(v: Value, ctx: RenderContext): TemplateResult | string {
  switch (v.kind) {
    case 'text':
      // A long value (a distribution's description, a pasted document) gets "Show more" after ROW_TEXT_LIMIT.
      return v.text.value.length > INLINE_TEXT_LIMIT ? html`${longText([v.text], ROW_TEXT_LIMIT, ctx.lang, 'inline')}` : textOf(v.text, ctx.lang);
    case 'link':
      return safeHref(v.href) ? linkOrText(v.href, textOf(v.text, ctx.lang)) : textOf(v.text, ctx.lang);
    case 'date':
      return html`<time datetime=${ifDefined(htmlDatetime(v.value))}>${formatDate(v.value, v.precision, ctx.lang)}</time>`;
    case 'entry': {
      const target: LinkTarget = { uri: v.resourceUri, ...(v.entryId ? { entryId: v.entryId } : {}), ...(v.contextId ? { contextId: v.contextId } : {}) };
      return html`<a href=${ctx.landing('dataset', target)}>${textOf(v.text, ctx.lang)}</a>`;
    }
  }
}

/** A metadata `<dl>`: strict → every row `div > dt + dd…`; legacy → flat `dt, dd`. Empty rows are skipped. */
export function fieldList(fields: readonly Field[], ctx: RenderContext, cls = 'esbFields'): TemplateResult | typeof nothing {
  const rows = fields.filter((f) => f.values.length > 0);
  if (rows.length === 0) return nothing;
  const row = (f: Field) => html`<dt>${t(ctx.lang, `field.${f.key}`)}</dt>${f.values.map((v) => html`<dd>${renderValue(v, ctx)}</dd>`)}`;
  return ctx.strict
    ? html`<dl class=${cls}>${rows.map((f) => html`<div class="esbField esbField--${f.key}">${row(f)}</div>`)}</dl>`
    : html`<dl class=${cls}>${rows.map(row)}</dl>`;
}
