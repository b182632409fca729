/**
 * Template pieces shared by the blocks: headings by level, language-tagged text and the common state messages.
 * Metadata values and name/value lists are in render-fields.ts (landing pages and expanded rows only). Everything
 * renders store content as text (Lit escapes it); links only come from `safeHref`/`landingHref`.
 */
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Text } from '../../src/dcat/model.ts';
import { clipWords, INLINE_TEXT_LIMIT } from '../../src/dcat/text.ts';
import { msg, toLang, type Lang } from '../../src/i18n/index.ts';
import type { LinkTarget, Route } from '../../src/config/links.ts';
import type { LoadState } from './load-controller.ts';

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
  /**
   * Id of an element naming what the sections belong to (an expanded row: its dataset's title), added to each
   * section's accessible name: two open rows must not repeat the landmark names "Distributions" (axe landmark-unique).
   */
  readonly named?: string;
}

/** `h{hl+offset}`, capped at h6 (so headings never skip a level on the way down). */
export function headingLevel(hl: number, offset: number): number {
  return Math.min(6, Math.max(1, Math.trunc(hl) + offset));
}

/** `h{level}`, `level` truncated and capped to 1–6 (`heading(ctx.hl + 1, …)` is `h{hl+1}`, as `headingLevel` gives it). */
export function heading(
  level: number,
  content: unknown,
  opts: { id?: string; cls?: string; lang?: string | undefined } = {},
): TemplateResult {
  const n = Math.min(6, Math.max(1, Math.trunc(level)));
  const shown = typeof content === 'string' ? clipWords(content, INLINE_TEXT_LIMIT) : content;
  const id = ifDefined(opts.id);
  const cls = ifDefined(opts.cls);
  const lang = ifDefined(opts.lang);
  // Six plain templates rather than lit/static-html (whose runtime every page would load for this one use).
  switch (n) {
    case 1: return html`<h1 id=${id} class=${cls} lang=${lang}>${shown}</h1>`;
    case 2: return html`<h2 id=${id} class=${cls} lang=${lang}>${shown}</h2>`;
    case 3: return html`<h3 id=${id} class=${cls} lang=${lang}>${shown}</h3>`;
    case 4: return html`<h4 id=${id} class=${cls} lang=${lang}>${shown}</h4>`;
    case 5: return html`<h5 id=${id} class=${cls} lang=${lang}>${shown}</h5>`;
    default: return html`<h6 id=${id} class=${cls} lang=${lang}>${shown}</h6>`;
  }
}

/**
 * The `lang` attribute a literal (or a label with its language tag: `{ lang }`) needs inside a block in `ui` language:
 * its own tag when it differs.
 */
export function langOf(text: { readonly lang?: string | undefined } | undefined, ui: Lang): string | undefined {
  const lang = text?.lang;
  return lang && toLang(lang) !== ui ? lang : undefined;
}

/**
 * A literal as inline text (in a heading, link, tag or list value), wrapped in `<span lang>` only when its language
 * differs from the UI language; cut at INLINE_TEXT_LIMIT characters with `…` (no room for a button there).
 */
export function textOf(text: Text, ui: Lang): TemplateResult | string {
  const lang = langOf(text, ui);
  const value = clipWords(text.value, INLINE_TEXT_LIMIT);
  return lang ? html`<span lang=${lang}>${value}</span>` : value;
}

/**
 * Loading, error and notice states (behaviour doc §2): never a blank block. With `hl` the message is the block's
 * heading `h{hl}` (a page whose title the block gives keeps its h1 while loading or failing).
 */
export function stateView(
  state: LoadState,
  lang: Lang,
  messages: { noEntry: string; notFound: string },
  retry: () => void,
  hl?: number,
): TemplateResult {
  const said = (key: string) => (hl ? heading(hl, msg(lang, key), { cls: 'esbStateHeading' }) : msg(lang, key));
  // Every error state offers "Try again": a failure may be transient (a proxy's error page, a truncated answer, a
  // store that was restarting), and a retry always asks the store again (no failure is cached anywhere).
  const retryButton = html`<button type="button" class="esbRetry esbBtn esbBtnPrimary" @click=${retry}>${msg(lang, 'state.retry')}</button>`;
  switch (state) {
    case 'idle':
    case 'loading':
      // tabindex=-1: focus lands here when the "Try again" button that started this load disappears.
      return html`<div class="esbState esbLoading" aria-busy="true" tabindex="-1">
        <span class="esbSpinner" aria-hidden="true"></span>
        <div class="esbVisuallyHidden" role="status">${said('state.loading')}</div>
      </div>`;
    case 'noEntry':
      return html`<div class="esbState esbNotice" role="status">${said(messages.noEntry)}</div>`;
    case 'notFound':
      // The button follows the status (the message text stays exactly the notice).
      return html`<div class="esbState esbError esbNotFound" role="status" tabindex="-1">${said(messages.notFound)}</div>
        <p class="esbRetryLine">${retryButton}</p>`;
    case 'unreachable':
      return html`<div class="esbState esbError esbUnreachable" role="status" tabindex="-1">
        <div>${said('state.unreachable')}</div>
        ${retryButton}
      </div>`;
    case 'malformed':
    case 'ready':
      return html`<div class="esbState esbError esbMalformed" role="status" tabindex="-1">${said('state.malformed')}</div>
        <p class="esbRetryLine">${retryButton}</p>`;
  }
}
