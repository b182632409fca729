/**
 * Template pieces shared by the blocks: headings by level, language-tagged text, metadata values, name/value lists
 * in both HTML shapes (strictStandardHtml), and the common state messages. Everything renders store content as
 * text (Lit escapes it); links only come from `safeHref`/`landingHref`.
 */
import { htmlDatetime } from './html-datetime.ts';
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { html as staticHtml, literal, type StaticValue } from 'lit/static-html.js';
import { safeHref } from '../../src/dcat/safe.ts';
import type { Field, Text, Value } from '../../src/dcat/model.ts';
import { formatDate, toLang, type Lang } from '../../src/i18n/index.ts';
import type { LinkTarget, Route } from '../../src/config/links.ts';
import type { LoadState } from './load-controller.ts';
import { t } from './messages.ts';

/** What every render function needs to know about the block that renders. */
export interface RenderContext {
  readonly lang: Lang;
  /** Level of the block's top heading (1…; levels above 6 are emitted as h6). */
  readonly hl: number;
  readonly strict: boolean;
  /** Per-instance prefix of every id the block emits (two blocks on a page never share ids). */
  readonly idPrefix: string;
  /** Link to the landing page of a dataset or data service of the catalog. */
  readonly landing: (route: Route, target: LinkTarget) => string;
}

const HEADINGS: readonly StaticValue[] = [literal`h1`, literal`h2`, literal`h3`, literal`h4`, literal`h5`, literal`h6`];

/** `h{hl+offset}`, capped at h6 (so headings never skip a level on the way down). */
export function headingLevel(hl: number, offset: number): number {
  return Math.min(6, Math.max(1, Math.trunc(hl) + offset));
}

export function heading(
  level: number,
  content: unknown,
  opts: { id?: string; cls?: string; lang?: string | undefined } = {},
): TemplateResult {
  const tag = HEADINGS[Math.min(6, Math.max(1, level)) - 1]!;
  return staticHtml`<${tag} id=${ifDefined(opts.id)} class=${ifDefined(opts.cls)} lang=${ifDefined(opts.lang)}>${content}</${tag}>`;
}

/** The `lang` attribute a literal needs inside a block in `ui` language: its own tag when it differs. */
export function langOf(text: Text | undefined, ui: Lang): string | undefined {
  if (!text || !text.lang) return undefined;
  return toLang(text.lang) === ui ? undefined : text.lang;
}

/** A literal as inline text, wrapped in `<span lang>` only when its language differs from the UI language. */
export function textOf(text: Text, ui: Lang): TemplateResult | string {
  const lang = langOf(text, ui);
  return lang ? html`<span lang=${lang}>${text.value}</span>` : text.value;
}

/** A link when `href` is safe (http, https, mailto), else the same content as text. */
export function linkOrText(href: string | undefined, content: unknown, cls?: string): TemplateResult {
  const safe = safeHref(href);
  return safe ? html`<a class=${ifDefined(cls)} href=${safe}>${content}</a>` : html`<span class=${ifDefined(cls)}>${content}</span>`;
}

export function renderValue(v: Value, ctx: RenderContext): TemplateResult | string {
  switch (v.kind) {
    case 'text':
      return textOf(v.text, ctx.lang);
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

/** Loading, error and notice states (behaviour doc §2): never a blank block. */
export function stateView(
  state: LoadState,
  lang: Lang,
  messages: { noEntry: string; notFound: string },
  retry: () => void,
): TemplateResult {
  switch (state) {
    case 'idle':
    case 'loading':
      return html`<div class="esbState esbLoading" aria-busy="true">
        <span class="esbSpinner" aria-hidden="true"></span>
        <span class="esbVisuallyHidden" role="status">${t(lang, 'state.loading')}</span>
      </div>`;
    case 'noEntry':
      return html`<div class="esbState esbNotice" role="status">${t(lang, messages.noEntry)}</div>`;
    case 'notFound':
      return html`<div class="esbState esbError esbNotFound" role="status">${t(lang, messages.notFound)}</div>`;
    case 'unreachable':
      return html`<div class="esbState esbError esbUnreachable" role="status">
        <span>${t(lang, 'state.unreachable')}</span>
        <button type="button" class="esbRetry" @click=${retry}>${t(lang, 'state.retry')}</button>
      </div>`;
    case 'malformed':
    case 'ready':
      return html`<div class="esbState esbError esbMalformed" role="status">${t(lang, 'state.malformed')}</div>`;
  }
}
