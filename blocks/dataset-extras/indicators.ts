/**
 * The indicator row (behaviour doc §6.6, §1.8): `ul.esbIndicators > li.indicator`, each a decorative inline SVG icon
 * (`aria-hidden`, no external image), the indicator's name for assistive technology ("Access rights:", visually
 * hidden) and its visible value. A render function, no element: the dataset and data-service views put it under the
 * title, result rows inside the row. Its strings load with `loadIndicatorStrings(lang)` (re-exported here); its
 * styles are adopted with `adoptIndicatorStyles(document)`.
 *
 * Classes for hosts: `indicator--<key>` (access, frequency, license, hvd, national, fee, serviceType), for access
 * rights `indicator--access-public|non-public|restricted`, for Creative Commons licences `indicator--cc` and
 * `indicator--cc-<variant>` (`by`, `by-sa`, …, `zero`).
 */
import { css, html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Indicator } from '../../src/dcat/model.ts';
import { msg } from '../../src/i18n/index.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { langOf, type RenderContext } from '../base/render.ts';

export { loadIndicatorStrings } from './strings.ts';

const KNOWN = new Set(['access', 'frequency', 'license', 'hvd', 'national', 'fee', 'serviceType']);
/** Indicators whose visible text is their own name (in the UI language, whatever the model's text): no separate name for AT. */
const SELF_NAMED = new Set(['hvd', 'national', 'fee']);

const icon = (body: SVGTemplateResult): TemplateResult =>
  html`<svg class="esbIndicator__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${body}</svg>`;

const LOCK_BODY = svg`<rect x="3" y="7" width="10" height="8" rx="1"/>`;
const ICONS: Readonly<Record<string, SVGTemplateResult>> = {
  // open padlock
  'access-public': svg`${LOCK_BODY}<path d="M5 7V4.5a3 3 0 0 1 5.8-1" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  // closed padlock
  'access-non-public': svg`${LOCK_BODY}<path d="M5 7V4.5a3 3 0 0 1 6 0V7" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  // closed padlock with a keyhole cut out
  'access-restricted': svg`<path d="M5 7V4.5a3 3 0 0 1 6 0V7" fill="none" stroke="currentColor" stroke-width="1.5"/><path fill-rule="evenodd" d="M4 7h8a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm4 2a1.2 1.2 0 0 0-.6 2.2V13h1.2v-1.8A1.2 1.2 0 0 0 8 9z"/>`,
  // circular arrows
  frequency: svg`<path d="M13 8a5 5 0 1 1-1.5-3.5M13 2v3h-3" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  // a ring with "cc"-like marks
  cc: svg`<circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M7 6.3a2 2 0 1 0 0 3.4M11 6.3a2 2 0 1 0 0 3.4" fill="none" stroke="currentColor" stroke-width="1.3"/>`,
  // a document
  license: svg`<path d="M4 1.5h5.5L12.5 4.5V14.5H4z" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M6 8h5M6 11h5" stroke="currentColor" stroke-width="1.3"/>`,
  // a star
  hvd: svg`<path d="M8 1l2.1 4.5 4.9.6-3.6 3.4.9 4.9L8 12l-4.3 2.4.9-4.9L1 6.1l4.9-.6z"/>`,
  // a flag
  national: svg`<path d="M3 15V1.5M3 2h9l-2 3 2 3H3" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  // a coin
  fee: svg`<circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M10 5.5H7.2a1.3 1.3 0 0 0 0 2.6h1.6a1.3 1.3 0 0 1 0 2.6H6M8 4v1.5M8 10.7V12" fill="none" stroke="currentColor" stroke-width="1.3"/>`,
  // a gear-like cog
  serviceType: svg`<circle cx="8" cy="8" r="2.2" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8 1v2.5M8 12.5V15M1 8h2.5M12.5 8H15M3 3l1.8 1.8M11.2 11.2L13 13M13 3l-1.8 1.8M4.8 11.2L3 13" stroke="currentColor" stroke-width="1.5"/>`,
};

/** `public`, `non-public`, `restricted` from an EU access-right URI; undefined for other values. */
export function accessRightValue(uri: string | undefined): string | undefined {
  const m = /\/access-right\/(PUBLIC|NON_PUBLIC|RESTRICTED)\/?$/i.exec(uri ?? '');
  return m ? m[1]!.toLowerCase().replace('_', '-') : undefined;
}

/** A value that is a URI (or empty) is not a label: such an indicator is never shown. */
function showable(i: Indicator): boolean {
  const v = i.text.value.trim();
  return KNOWN.has(i.key) && (SELF_NAMED.has(i.key) || (v !== '' && !/^[a-z][a-z0-9+.-]*:\S*$/i.test(v)));
}

function classesOf(i: Indicator): string {
  const c = ['indicator', `indicator--${i.key}`];
  const access = i.key === 'access' ? accessRightValue(i.uri) : undefined;
  if (access) c.push(`indicator--access-${access}`);
  if (i.key === 'license' && i.variant && /^[a-z-]+$/.test(i.variant)) c.push('indicator--cc', `indicator--cc-${i.variant}`);
  return c.join(' ');
}

function iconOf(i: Indicator): TemplateResult | typeof nothing {
  if (i.key === 'access') {
    const access = accessRightValue(i.uri);
    return access ? icon(ICONS[`access-${access}`]!) : nothing;
  }
  if (i.key === 'license') return icon(i.variant ? ICONS.cc! : ICONS.license!);
  const body = ICONS[i.key];
  return body ? icon(body) : nothing;
}

/**
 * The indicator row, or nothing when no indicator has a label. `national` (dcterms:subject, dataportal.se's
 * meaning) is shown only with `{ national: true }` (behaviour doc §6.6: off unless configured).
 */
export function indicatorList(
  indicators: readonly Indicator[],
  ctx: RenderContext,
  opts: { national?: boolean } = {},
): TemplateResult | typeof nothing {
  const shown = indicators.filter((i) => showable(i) && (opts.national || i.key !== 'national'));
  if (shown.length === 0) return nothing;
  return html`<ul class="esbIndicators" aria-label=${msg(ctx.lang, 'indicators.list')}>${shown.map((i) => html`<li class=${classesOf(i)}
    >${iconOf(i)}${SELF_NAMED.has(i.key) ? nothing : html`<span class="esbVisuallyHidden">${msg(ctx.lang, `ind.${i.key}`)}: </span>`}${SELF_NAMED.has(i.key)
      ? html`<span class="esbIndicator__text">${msg(ctx.lang, `ind.${i.key}`)}</span>`
      : html`<span class="esbIndicator__text" lang=${ifDefined(langOf(i.text, ctx.lang))}>${i.text.value}</span>`}</li>`)}</ul>`;
}

export const indicatorStyles = css`
  :where(.esbIndicators) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    margin: 0.5rem 0;
    padding: 0;
  }
  :where(.esbIndicators .indicator) {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.1rem 0.55rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: 999px;
    background: var(--cb-surface, #f7f8fa);
    color: var(--cb-text, #1a1a1a);
    font-size: 0.875em;
  }
  :where(.esbIndicator__icon) {
    flex: none;
    fill: currentColor;
  }
  :where(.indicator--hvd) {
    border-color: var(--cb-accent, #0b5cad);
  }
`;

/** Adopts the indicator row's styles into `doc` once (no `<style>` element: strict CSPs are fine). */
export function adoptIndicatorStyles(doc: Document): void {
  adoptStyles(doc, indicatorStyles);
}
