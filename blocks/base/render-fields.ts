/**
 * Metadata values and name/value lists in both HTML shapes (strictStandardHtml), for the landing pages and expanded
 * result rows; apart from render.ts so that a search page loads them with the first expanded row. Store content is
 * rendered as text (Lit escapes it); links only come from `safeHref`/`landingHref`.
 * Long text (`longText`): every literal is cut while it is read (src/dcat/text.ts, which also holds the limits and
 * why); a long value shows its first characters and a real "Show more" button (`aria-expanded`, keyboard operable,
 * focus stays on it) that reveals it up to TEXT_HARD_LIMIT and then says that it was cut.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { Directive, directive, type ChildPart } from 'lit/directive.js';
import { htmlDatetime } from './html-datetime.ts';
import { safeHref } from '../../src/dcat/safe.ts';
import type { Field, Text, Value } from '../../src/dcat/model.ts';
import { formatDate } from '../../src/i18n/format.ts';
import { langOf, textOf, type RenderContext } from './render.ts';
import { INLINE_TEXT_LIMIT, ROW_TEXT_LIMIT, takeChars, TEXT_HARD_LIMIT } from '../../src/dcat/text.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';

interface Host {
  requestUpdate(): void;
}

/** Texts as paragraphs (`<p>`, descriptions) or inline in their parent (a `<dd>` value). */
export type LongTextShape = 'p' | 'inline';

/** The same Text objects (the model's), in a new array or not. */
function sameTexts(a: readonly Text[], b: readonly Text[] | undefined): boolean {
  return !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

class LongText extends Directive {
  #open = false;
  #source: readonly Text[] | undefined;
  #host: Host | undefined;
  readonly #toggle = (): void => {
    this.#open = !this.#open;
    this.#host?.requestUpdate();
  };

  override update(part: ChildPart, args: [readonly Text[], number, Lang, LongTextShape?]): unknown {
    this.#host = part.options?.host as Host | undefined;
    return this.render(...args);
  }

  render(texts: readonly Text[], limit: number, ui: Lang, shape: LongTextShape = 'p'): unknown {
    if (!sameTexts(texts, this.#source)) {
      this.#source = texts;
      this.#open = false;
    }
    // (`cut` of takeChars: the texts are longer than its limit)
    const all = takeChars(texts, TEXT_HARD_LIMIT);
    const first = takeChars(texts, limit);
    const more = first.cut;
    const { shown } = this.#open || !more ? all : first;
    const body = shape === 'p'
      ? shown.map((p) => html`<p lang=${langOf(p, ui) ?? nothing}>${p.value}</p>`)
      : shown.map((p) => (langOf(p, ui) ? html`<span lang=${langOf(p, ui)!}>${p.value}</span>` : p.value));
    const cut = all.cut && (this.#open || !more);
    if (!more && !cut) return body;
    // One template whatever the state: the button stays the same element, so focus stays on it.
    return html`${body}<span class="esbLongTextMore esbLongTextMore--${shape}"
      >${cut ? html`<span class="esbTextCut">${msg(ui, 'text.cut', { n: TEXT_HARD_LIMIT.toLocaleString(ui) })}</span> ` : nothing}${more
        ? html`<button type="button" class="esbShowMore esbBtn esbBtnDisclosure" aria-expanded=${this.#open ? 'true' : 'false'} @click=${this.#toggle}>
            ${msg(ui, this.#open ? 'text.showLess' : 'text.showMore')}
          </button>`
        : nothing}</span
    >`;
  }
}

/**
 * `texts` (paragraphs of one literal) with at most `limit` characters shown and "Show more" for the rest (up to
 * TEXT_HARD_LIMIT). The open state belongs to the place in the template and resets when other texts are shown.
 */
export const longText = directive(LongText);

/** `aria-labelledby` of a section headed by the element `id` (plus the name of what it belongs to, `ctx.named`). */
export function sectionLabel(id: string, ctx: RenderContext): string {
  return ctx.named ? `${id} ${ctx.named}` : id;
}

/** A link when `href` is safe (http, https, mailto), else the same content as text. */
export function linkOrText(href: string | undefined, content: unknown, cls?: string): TemplateResult {
  const safe = safeHref(href);
  return safe ? html`<a class=${cls ?? nothing} href=${safe}>${content}</a>` : html`<span class=${cls ?? nothing}>${content}</span>`;
}

export function renderValue(v: Value, ctx: RenderContext): TemplateResult | string {
  switch (v.kind) {
    case 'text':
      // A long value (a distribution's description, a pasted document) gets "Show more" after ROW_TEXT_LIMIT.
      return v.text.value.length > INLINE_TEXT_LIMIT ? html`${longText([v.text], ROW_TEXT_LIMIT, ctx.lang, 'inline')}` : textOf(v.text, ctx.lang);
    case 'link':
      return safeHref(v.href) ? linkOrText(v.href, textOf(v.text, ctx.lang)) : textOf(v.text, ctx.lang);
    case 'date':
      return html`<time datetime=${htmlDatetime(v.value) ?? nothing}>${formatDate(v.value, v.precision, ctx.lang)}</time>`;
    case 'entry':
      return html`<a href=${ctx.landing('dataset', { uri: v.resourceUri, entryId: v.entryId, contextId: v.contextId })}>${textOf(v.text, ctx.lang)}</a>`;
  }
}

/** One row of a name/value list: its name, its values and (strict HTML) the key of its `esbField--{key}` class. */
export type NameValueRow = readonly [name: string, values: readonly unknown[], key?: string];

/** A name/value `<dl>`: strict → every row `div.esbField > dt + dd…`; legacy → flat `dt, dd`. */
export function nameValueList(rows: readonly NameValueRow[], ctx: RenderContext, cls = 'esbFields'): TemplateResult {
  const row = ([name, values]: NameValueRow) => html`<dt>${name}</dt>${values.map((v) => html`<dd>${v}</dd>`)}`;
  return ctx.strict
    ? html`<dl class=${cls}>${rows.map((r) => html`<div class=${r[2] ? `esbField esbField--${r[2]}` : 'esbField'}>${row(r)}</div>`)}</dl>`
    : html`<dl class=${cls}>${rows.map(row)}</dl>`;
}

/**
 * A metadata `<dl>` (`nameValueList`, rows keyed by field). Empty rows are skipped. `shown` gives the rendered values
 * of a row instead of its model values (the rich chunk's spatial coverage maps).
 */
export function fieldList(
  fields: readonly Field[],
  ctx: RenderContext,
  cls = 'esbFields',
  shown?: Partial<Record<Field['key'], readonly unknown[]>>,
): TemplateResult | typeof nothing {
  const rows = fields.filter((f) => f.values.length > 0);
  return rows.length
    ? nameValueList(rows.map((f) => [msg(ctx.lang, `field.${f.key}`), shown?.[f.key] ?? f.values.map((v) => renderValue(v, ctx)), f.key]), ctx, cls)
    : nothing;
}
