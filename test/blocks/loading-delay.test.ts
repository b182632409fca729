// A facet click in a search layout whose answer comes within LOADING_DELAY (blocks/search-base/scope-part.ts): the
// list, the result count and the facets keep what they show (marked aria-busy at once) and draw the answer without a
// loading state in between, and the layout draws its "Clear all filters" and the search box its chip with the answer
// (one redraw); a chip removed in the search box goes at once (focus moves to the next chip: multi-search.test.ts); an
// answer slower than the delay shows the loading state, then the answer. The fast answer is made deterministic by
// giving a second layout (another scope, the same requests) the answers a first one got.
import { expect, fixture, html } from '@open-wc/testing';
import type { SearchLayout } from '../../blocks/search-base/layout.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { LOADING_DELAY } from '../../blocks/search-base/scope-part.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import '../../blocks/base/store-provider.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import { devStore, setPageUrl, text } from './helpers.ts';
import { blocksContextId, freshScope, until } from './dataset-list.helpers.ts';

let restoreUrl: () => void;
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

/** A store client over the dev store that gives a request it has answered before again at once; `hold(gate)`: new requests wait for the gate. */
async function replayingStore(): Promise<{ store: EntryStoreClient; hold: (gate: Promise<void> | undefined) => void }> {
  const { storeUrl } = await devStore();
  const answers = new Map<string, string>();
  let gate: Promise<void> | undefined;
  const store = new EntryStoreClient(storeUrl, {
    fetch: async (input, init) => {
      const url = String(input);
      const kept = answers.get(url);
      if (kept !== undefined) return new Response(kept, { headers: { 'content-type': 'application/json' } });
      if (gate) await gate;
      const response = await fetch(input, init);
      answers.set(url, await response.clone().text());
      return response;
    },
  });
  return { store, hold: (g) => void (gate = g) };
}

async function mountLayout(store: EntryStoreClient): Promise<SearchLayout> {
  const provider = await fixture(html`<catalog-store-provider .store=${store}></catalog-store-provider>`);
  const el = document.createElement('dataset-facet-search-layout') as SearchLayout;
  for (const [k, v] of Object.entries({ context: await blocksContextId(), lang: 'en', scope: freshScope('ld') })) el.setAttribute(k, v);
  provider.append(el);
  expect(await el.loadComplete).to.equal('ready');
  await until(() => !!el.querySelector('a.esbFacets__optionLink') && titles(el).length > 0, 'rows and facet values');
  return el;
}

const scopeOf = (el: SearchLayout): SearchScope => el.searchScope;
const answered = (el: SearchLayout) => () => scopeOf(el).status === 'ready' && scopeOf(el).results?.state === scopeOf(el).state
  && el.querySelector('.esbSearchList')?.getAttribute('aria-busy') === 'false';
const titles = (el: Element): string[] => [...el.querySelectorAll('li.entryListRow .esbRowTitle')].map((t) => text(t));
const valueLink = (el: Element, key: string) =>
  [...el.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink')].find((a) => a.dataset.facet === key);

/** Clicks the first unselected facet value of the first layout and waits for its answer; returns its key and rows. */
async function clickFirstValue(el: SearchLayout): Promise<{ key: string; rows: string[]; before: string[] }> {
  await until(() => !!el.querySelector('a.esbFacets__optionLink'), 'facet values');
  const link = el.querySelector<HTMLAnchorElement>('li.esbFacets__option:not(.esbFacets--selected) a.esbFacets__optionLink')!;
  const before = titles(el);
  link.click();
  await until(answered(el), 'the first layout answered');
  return { key: link.dataset.facet!, rows: titles(el), before };
}

describe('search layout: an answer within LOADING_DELAY', () => {
  it('a facet click: the rows and facets stay (aria-busy) until the answer, no loading state drawn; clear-all at once', async () => {
    const { store } = await replayingStore();
    const first = await mountLayout(store);
    const { key, rows, before } = await clickFirstValue(first);
    expect(rows, 'the value narrows the list').to.not.deep.equal(before);

    const el = await mountLayout(store);
    expect(titles(el)).to.deep.equal(before);
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      if (el.querySelector('.esbSpinner')) seen.add('spinner');
      if (el.querySelector<HTMLElement>('.entryList')?.hidden) seen.add('rows hidden');
      if (el.querySelector('.esbFacets .esbLoading')) seen.add('facets loading');
      // the search box's chips are drawn with the answer too: one redraw of the page, not one at the click (the chip
      // row moving everything below it) and another with the answer
      if (el.querySelector('.esbChips button.item') && scopeOf(el).status === 'loading') seen.add('chip before the answer');
    });
    observer.observe(el, { subtree: true, childList: true, attributes: true });
    const events: string[] = [];
    el.addEventListener('catalog-block-state', (e) => events.push(`${(e.target as Element).localName}:${(e as CustomEvent<{ state: string }>).detail.state}`));
    valueLink(el, key)!.click();
    expect(scopeOf(el).status, 'the search runs').to.equal('loading');
    expect(el.querySelector('.esbSearchList')!.getAttribute('aria-busy'), 'the list is busy at once').to.equal('true');
    expect(el.querySelector('.esbFacets')!.getAttribute('aria-busy'), 'the facets are busy at once').to.equal('true');
    await el.updateComplete;
    expect(titles(el), 'the rows shown stay until the answer').to.deep.equal(before);
    await until(answered(el), 'the answer');
    observer.disconnect();
    expect(titles(el)).to.deep.equal(rows);
    expect(valueLink(el, key)!.closest('li')!.classList.contains('esbFacets--selected')).to.equal(true);
    expect(el.querySelector('.esbFacets')!.getAttribute('aria-busy')).to.equal('false');
    expect(el.querySelector('.esbClearAllButton'), 'the layout\'s clear-all, drawn with the answer').to.exist;
    expect(el.querySelector(`.esbChips button.item[data-chip]`), 'the value\'s chip, drawn with the answer').to.exist;
    expect([...seen]).to.deep.equal([]);
    // scripts waiting for the answer hear of it as after a loading state drawn
    await until(() => events.includes('catalog-search-list:ready') || events.includes('dataset-list:ready'), 'the list tells it is ready');
  });

  it('an answer slower than LOADING_DELAY: the loading state shows after it, then the answer', async () => {
    const { store, hold } = await replayingStore();
    const el = await mountLayout(store);
    let open!: () => void;
    hold(new Promise<void>((r) => (open = r)));
    const before = titles(el);
    const clicked = performance.now();
    const { key, rows } = await Promise.all([
      clickFirstValue(el),
      until(() => !!el.querySelector('.esbSpinner'), 'the loading state').then(() => {
        expect(performance.now() - clicked).to.be.at.least(LOADING_DELAY - 1);
        expect(el.querySelector<HTMLElement>('.entryList')!.hidden).to.equal(true);
        open();
      }),
    ]).then(([r]) => r);
    expect(rows).to.not.deep.equal(before);
    expect(valueLink(el, key)!.closest('li')!.classList.contains('esbFacets--selected')).to.equal(true);
    expect(el.querySelector('.esbSpinner')).to.equal(null);
  });
});
