// Pagination of <dataset-list> (behaviour doc §4.7, §1.2): buttons without pageInUrl, real links with it (hrefs,
// page 1 without esc_page, disabled controls without href), a click pushes esc_page and back restores the page,
// hidden when everything fits on one page, focus moves to the list top after paging (never lost).
import { expect } from '@open-wc/testing';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import { pageCount } from '../../blocks/search-base/pagination.ts';
import { LOADING_DELAY } from '../../blocks/search-base/scope-part.ts';
import { scopeFor } from '../../src/search/scope.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { countingStore, devStore, setPageUrl, settled, text } from './helpers.ts';
import { block, blocksContextId, freshScope, pagingContextId, rowTitles, until } from './dataset-list.helpers.ts';

async function pagingList(attrs: Record<string, string> = {}): Promise<DatasetList> {
  const { storeUrl } = await devStore();
  const el = await block<DatasetList>('dataset-list', {
    'store-url': storeUrl, scope: freshScope(), context: await pagingContextId(), lang: 'en', ...attrs,
  });
  expect(await settled(el)).to.equal('ready');
  return el;
}

const nav = (el: Element) => el.querySelector<HTMLElement>('nav.entryPagination')!;
const controlOf = (el: Element, kind: string) => nav(el).querySelector<HTMLElement>(`.esbPage--${kind}`)!;
const range = (el: Element) => text(nav(el).querySelector('.esbPageRangeText'));

async function waitForRange(el: Element, expected: string): Promise<void> {
  await until(() => !!el.querySelector('nav.entryPagination') && range(el) === expected && (el as DatasetList).state === 'ready', `range ${expected}`);
}

describe('pagination: structure', () => {
  it('nav[aria-label] > ul.pagination > li.page-item: first, previous, "x–y of N", next, last', async () => {
    const el = await pagingList();
    const n = nav(el);
    expect(n.getAttribute('aria-label')).to.equal('Pagination');
    expect(n.classList.contains('multiplePages')).to.equal(true);
    const items = [...n.querySelectorAll(':scope > ul.pagination > li.page-item')];
    expect(items).to.have.length(5);
    expect(range(el)).to.equal('1–10 of 25');
    expect(n.querySelector('[aria-current="page"]')).to.exist;
    expect(text(controlOf(el, 'next').querySelector('.esbVisuallyHidden'))).to.equal('Next page');
    await expect(el).to.be.accessible();
  });

  it('without pageInUrl: <button type="button">, first/previous disabled on page 1', async () => {
    const el = await pagingList();
    for (const kind of ['first', 'prev', 'next', 'last']) {
      const c = controlOf(el, kind);
      expect(c.localName).to.equal('button');
      expect(c.getAttribute('type')).to.equal('button');
    }
    expect((controlOf(el, 'first') as HTMLButtonElement).disabled).to.equal(true);
    expect((controlOf(el, 'prev') as HTMLButtonElement).disabled).to.equal(true);
    expect((controlOf(el, 'next') as HTMLButtonElement).disabled).to.equal(false);
  });

  it('next / last / previous / first move through the pages (one request per new page, none for a page seen)', async () => {
    const { storeUrl } = await devStore();
    const { store, requests } = countingStore(storeUrl);
    const el = await block<DatasetList>('dataset-list', { scope: freshScope(), context: await pagingContextId(), lang: 'en' }, store);
    await settled(el);
    controlOf(el, 'next').click();
    await waitForRange(el, '11–20 of 25');
    expect(rowTitles(el)[0]).to.equal('Paging dataset 15');
    controlOf(el, 'last').click();
    await waitForRange(el, '21–25 of 25');
    expect(rowTitles(el)).to.have.length(5);
    expect((controlOf(el, 'next') as HTMLButtonElement).disabled).to.equal(true);
    const before = requests.length;
    controlOf(el, 'first').click();
    await waitForRange(el, '1–10 of 25');
    expect(requests.length, 'page 1 was seen: from the cache').to.equal(before);
    expect(rowTitles(el)[0]).to.equal('Paging dataset 25');
  });

  it('while the next page loads: the rows stay for LOADING_DELAY, then aria-busy, spinner, old rows hidden, pagination kept; then the new rows', async () => {
    const { storeUrl } = await devStore();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const store = new EntryStoreClient(storeUrl, {
      fetch: async (input, init) => {
        if (String(input).includes('offset=10')) await gate;
        return fetch(input, init);
      },
    });
    const el = await block<DatasetList>('dataset-list', { scope: freshScope(), context: await pagingContextId(), lang: 'en' }, store);
    await settled(el);
    const clicked = performance.now();
    controlOf(el, 'next').click();
    await until(() => el.state === 'loading', 'loading');
    await el.updateComplete;
    // an answer within LOADING_DELAY would replace the rows at once: until then the page shown stays as it was
    if (performance.now() - clicked < LOADING_DELAY - 20) {
      expect(el.querySelector<HTMLElement>('.entryList')!.hidden, 'rows kept at first').to.equal(false);
      expect(rowTitles(el)[0]).to.equal('Paging dataset 25');
    }
    await until(() => !!el.querySelector('.esbSpinner'), 'loading shown');
    expect(performance.now() - clicked).to.be.at.least(LOADING_DELAY - 1);
    const list = el.querySelector<HTMLElement>('.entryList')!;
    expect(list.hidden).to.equal(true);
    expect(list.classList.contains('esbList__hidden')).to.equal(true);
    expect(el.querySelector('.esbSearchList')!.getAttribute('aria-busy')).to.equal('true');
    expect(el.querySelector('.esbSpinner')).to.exist;
    expect(el.querySelector('nav.entryPagination')).to.exist;
    await expect(el).to.be.accessible();
    open();
    await waitForRange(el, '11–20 of 25');
    expect(el.querySelector<HTMLElement>('.entryList')!.hidden).to.equal(false);
    expect(el.querySelector('.esbSearchList')!.getAttribute('aria-busy')).to.equal('false');
  });

  it('a page answered within LOADING_DELAY replaces the rows at once: aria-busy meanwhile, but no spinner or hidden rows in between', async () => {
    const { storeUrl } = await devStore();
    // the answers a first list got, given again at once to a second one (same requests: the scope is not in them)
    const answers = new Map<string, string>();
    const store = new EntryStoreClient(storeUrl, {
      fetch: async (input, init) => {
        const url = String(input);
        const kept = answers.get(url);
        if (kept !== undefined) return new Response(kept, { headers: { 'content-type': 'application/json' } });
        const response = await fetch(input, init);
        answers.set(url, await response.clone().text());
        return response;
      },
    });
    const context = await pagingContextId();
    const first = await block<DatasetList>('dataset-list', { scope: freshScope(), context, lang: 'en' }, store);
    await settled(first);
    controlOf(first, 'next').click();
    await waitForRange(first, '11–20 of 25');
    const el = await block<DatasetList>('dataset-list', { scope: freshScope(), context, lang: 'en' }, store);
    await settled(el);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (el.querySelector('.esbSpinner')) seen.push('spinner');
      if (el.querySelector<HTMLElement>('.entryList')?.hidden) seen.push('rows hidden');
    });
    observer.observe(el, { subtree: true, childList: true, attributes: true });
    controlOf(el, 'next').click();
    expect(el.state, 'the search runs').to.equal('loading');
    expect(el.querySelector('.esbSearchList')!.getAttribute('aria-busy'), 'busy at once').to.equal('true');
    await waitForRange(el, '11–20 of 25');
    observer.disconnect();
    expect(rowTitles(el)[0]).to.equal('Paging dataset 15');
    expect(el.querySelector('.esbSearchList')!.getAttribute('aria-busy')).to.equal('false');
    expect(seen).to.deep.equal([]);
  });

  it('hidden when everything fits on one page', async () => {
    const { storeUrl } = await devStore();
    const el = await block<DatasetList>('dataset-list', { 'store-url': storeUrl, scope: freshScope(), context: await blocksContextId(), lang: 'en' });
    await settled(el);
    expect(el.querySelector('nav.entryPagination')).to.equal(null);
  });

  it('pageCount: ceil(total / size), at least 1', () => {
    expect(pageCount(25, 10)).to.equal(3);
    expect(pageCount(20, 10)).to.equal(2);
    expect(pageCount(0, 10)).to.equal(1);
  });

  it('range text in Swedish and German ("av", "von") with digit grouping', async () => {
    const sv = await pagingList({ lang: 'sv' });
    expect(range(sv)).to.equal('1–10 av 25');
    expect(nav(sv).getAttribute('aria-label')).to.equal('Sidnavigering');
    const de = await pagingList({ lang: 'de' });
    expect(range(de)).to.equal('1–10 von 25');
  });
});

describe('pagination: focus', () => {
  it('after paging, focus moves to the top of the list (tabindex=-1 container); never lost to <body>', async () => {
    const el = await pagingList();
    const next = controlOf(el, 'next');
    next.focus();
    next.click();
    await waitForRange(el, '11–20 of 25');
    await until(() => document.activeElement === el.querySelector('.esbListBody'), 'focus on the list');
    expect(el.querySelector('.esbListBody')!.getAttribute('tabindex')).to.equal('-1');
  });

  it('when the focused element disappears (its row left the page), focus goes to the list container', async () => {
    const el = await pagingList();
    const button = el.querySelector<HTMLButtonElement>('.entryList button.esbRowExpandButton')!;
    button.focus();
    scopeFor(document, el.scopeName, el.store).update((s) => ({ ...s, page: 2 }), { history: 'none' });
    await waitForRange(el, '11–20 of 25');
    expect(button.isConnected).to.equal(false);
    expect(document.activeElement).to.equal(el.querySelector('.esbListBody'));
  });

  it('changes not made with the pagination (another block, back/forward) move focus nowhere', async () => {
    const el = await pagingList();
    const outside = document.createElement('button');
    outside.type = 'button';
    outside.textContent = 'outside';
    document.body.append(outside);
    outside.focus();
    scopeFor(document, el.scopeName, el.store).update((s) => ({ ...s, page: 2 }), { history: 'none' });
    await waitForRange(el, '11–20 of 25');
    expect(document.activeElement).to.equal(outside);
    outside.remove();
  });
});

describe('pagination: pageInUrl', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    restore = setPageUrl('?keep=1');
  });
  afterEach(() => restore());

  it('opens at the page in the URL (default scope: esc_page=3)', async () => {
    restore();
    restore = setPageUrl('?esc_page=3');
    const el = await pagingList({ 'page-in-url': 'true', scope: 'default' });
    await waitForRange(el, '21–25 of 25');
    expect(new URL(controlOf(el, 'prev').getAttribute('href')!, location.href).searchParams.get('esc_page')).to.equal('2');
  });

  it('controls are real links with hrefs; page 1 omits esc_page; disabled ones are <a aria-disabled> without href', async () => {
    const el = await pagingList({ 'page-in-url': 'true' });
    const pageKey = `esc_${el.scopeName}_page`;
    const next = controlOf(el, 'next') as HTMLAnchorElement;
    expect(next.localName).to.equal('a');
    const nextUrl = new URL(next.getAttribute('href')!, location.href);
    expect(nextUrl.searchParams.get(pageKey)).to.equal('2');
    expect(nextUrl.searchParams.get('keep')).to.equal('1');
    const last = new URL(controlOf(el, 'last').getAttribute('href')!, location.href);
    expect(last.searchParams.get(pageKey)).to.equal('3');
    for (const kind of ['first', 'prev']) {
      const c = controlOf(el, kind);
      expect(c.localName).to.equal('a');
      expect(c.hasAttribute('href')).to.equal(false);
      expect(c.getAttribute('aria-disabled')).to.equal('true');
      expect(c.hasAttribute('disabled')).to.equal(false);
    }
    next.click();
    await waitForRange(el, '11–20 of 25');
    const first = new URL(controlOf(el, 'first').getAttribute('href')!, location.href);
    expect(first.searchParams.has(pageKey)).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('a click is handled in-page: esc_page in the URL (pushState), no reload; back restores the page', async () => {
    const el = await pagingList({ 'page-in-url': 'true' });
    const pageKey = `esc_${el.scopeName}_page`;
    const marker = Symbol.for('still-this-page');
    (window as unknown as Record<symbol, boolean>)[marker] = true;
    const historyLength = history.length;
    controlOf(el, 'next').click();
    await waitForRange(el, '11–20 of 25');
    expect(new URL(location.href).searchParams.get(pageKey)).to.equal('2');
    expect(history.length).to.equal(historyLength + 1);
    expect((window as unknown as Record<symbol, boolean>)[marker]).to.equal(true);
    history.back();
    await waitForRange(el, '1–10 of 25');
    expect(new URL(location.href).searchParams.has(pageKey)).to.equal(false);
    history.forward();
    await waitForRange(el, '11–20 of 25');
  });

  it('a click with a modifier key is left to the browser (open in a new tab)', async () => {
    const el = await pagingList({ 'page-in-url': 'true' });
    const next = controlOf(el, 'next');
    const ev = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    // Stop the browser from really opening a tab: a listener on the window runs after the block's handler.
    const stop = (e: Event) => e.preventDefault();
    let defaultPreventedByBlock: boolean | undefined;
    const probe = (e: Event) => (defaultPreventedByBlock = e.defaultPrevented);
    window.addEventListener('click', probe, { once: true });
    window.addEventListener('click', stop, { once: true });
    next.dispatchEvent(ev);
    expect(defaultPreventedByBlock).to.equal(false);
    expect(range(el)).to.equal('1–10 of 25');
  });
});
