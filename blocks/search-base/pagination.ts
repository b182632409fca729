/**
 * Pagination of a result list (behaviour doc §4.7, Lion pagination style):
 * `nav.entryPagination[aria-label]` > `ul.pagination` > `li.page-item`: first, previous, "x–y of N", next, last.
 * With `hrefFor` (pageInUrl) the controls are real links (crawlable, open in a new tab); a plain left click is
 * handled in-page by `go`. A control that leads nowhere is `<a aria-disabled="true">` without href (never a
 * `disabled` attribute on `<a>`). Without `hrefFor` the controls are `<button type="button">`.
 * Nothing is rendered when everything fits on one page.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, type Lang } from '../../src/i18n/index.ts';

export interface PaginationView {
  /** 1-based current page. */
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly lang: Lang;
  /** Real links (pageInUrl): the href of a page; undefined → buttons. */
  readonly hrefFor?: (page: number) => string;
  /** Goes to `page` in-page (after a button click or a plain link click). */
  readonly go: (page: number) => void;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A plain primary click (no modifier): handled in-page; anything else (new tab, …) is left to the browser. */
export function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

type Control = 'first' | 'prev' | 'next' | 'last';
const ARROWS: Readonly<Record<Control, string>> = { first: '«', prev: '‹', next: '›', last: '»' };

function control(v: PaginationView, kind: Control, target: number, enabled: boolean): TemplateResult {
  const label = msg(v.lang, `page.${kind}`);
  const content = html`<span aria-hidden="true">${ARROWS[kind]}</span><span class="esbVisuallyHidden">${label}</span>`;
  const cls = `page-link esbPageControl esbPage--${kind}`;
  if (v.hrefFor) {
    if (!enabled) return html`<a class=${cls} aria-disabled="true" role="link">${content}</a>`;
    const onClick = (e: MouseEvent) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      v.go(target);
    };
    return html`<a class=${cls} href=${v.hrefFor(target)} data-page=${target} @click=${onClick}>${content}</a>`;
  }
  return html`<button type="button" class=${cls} data-page=${target} ?disabled=${!enabled} @click=${() => v.go(target)}>
    ${content}
  </button>`;
}

export function pagination(v: PaginationView): TemplateResult | typeof nothing {
  if (v.total <= v.pageSize) return nothing;
  const pages = pageCount(v.total, v.pageSize);
  const page = Math.min(Math.max(1, v.page), pages);
  const from = (page - 1) * v.pageSize + 1;
  const to = Math.min(v.total, page * v.pageSize);
  const item = (kind: Control, target: number, enabled: boolean) =>
    html`<li class="page-item esbPageItem--${kind}${enabled ? '' : ' disabled'}">${control(v, kind, target, enabled)}</li>`;
  return html`<nav class="entryPagination multiplePages" aria-label=${msg(v.lang, 'page.nav')}>
    <ul class="pagination">
      ${item('first', 1, page > 1)} ${item('prev', page - 1, page > 1)}
      <li class="page-item esbPageRange">
        <span class="esbPageRangeText" aria-current="page">${msg(v.lang, 'page.range', { from, to, total: v.total })}</span>
      </li>
      ${item('next', page + 1, page < pages)} ${item('last', pages, page < pages)}
    </ul>
  </nav>`;
}
