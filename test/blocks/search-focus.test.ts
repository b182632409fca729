// Issue 11 points 5, 6, 11: focus after "Clear all filters" and after "Try again" while the store is still down (never
// <body>); Escape closes the narrow-screen filter panel and returns focus to its toggle (facet, compact, portal
// layouts, portal-builder composition); "No datasets match your search." spoken by one live region only.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { virtual } from '@guidepup/virtual-screen-reader/browser.js';
import type { SearchLayout } from '../../blocks/search-base/layout.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
import '../../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';
import '../../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts';
import '../../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts';
import '../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/dataset-results/dataset-results.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import { devStore, entryById, faultStoreUrl, setPageUrl, uniqueKey } from './helpers.ts';
import { until } from './search-input-helpers.ts';
import { scopeFor } from '../../src/search/scope.ts';
import { loadMessages } from '../../src/i18n/index.ts';

const FACET_LAYOUTS = ['dataset-facet-search-layout', 'dataset-compact-facet-search-layout', 'dataset-facet-search-portal-layout'];
const ALL_LAYOUTS = [...FACET_LAYOUTS, 'dataset-simple-search-layout', 'dataset-multi-search-layout'];
const EDUC = 'http://publications.europa.eu/resource/authority/data-theme/EDUC';

let n = 0;
const freshScope = (): string => `foc${Date.now().toString(36)}x${++n}`;
const visible = (e: Element | null): boolean => !!e && e.getClientRects().length > 0;
const focused = (): Element | null => document.activeElement;

let storeUrl: string;
let context: string;
let restoreUrl: () => void;
before(async () => {
  await loadMessages('en');
  storeUrl = (await devStore()).storeUrl;
  context = (await entryById('paging-01')).contextId;
});
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(async () => {
  restoreUrl();
  await setViewport({ width: 800, height: 600 });
});

async function layout(tag: string, attrs: Record<string, string> = {}): Promise<SearchLayout> {
  const el = document.createElement(tag) as SearchLayout;
  const all = { 'store-url': storeUrl, context, lang: 'en', scope: freshScope(), ...attrs };
  for (const [k, v] of Object.entries(all)) el.setAttribute(k, v);
  const wrapper = await fixture(html`<div></div>`);
  wrapper.append(el);
  await el.loadComplete;
  return el;
}

async function loadedWithFacets(el: Element): Promise<void> {
  await until(() => el.querySelectorAll('.entryList > li').length > 0, 'rows');
  await until(() => el.querySelectorAll('.esbFacets__collection').length > 0, 'facet groups');
}

describe('focus after "Clear all filters" in the facet layouts (issue 11 point 5)', () => {
  for (const tag of FACET_LAYOUTS) {
    it(`${tag}, wide: focus goes to the first visible control of the facet column once the values are back`, async () => {
      await setViewport({ width: 1280, height: 800 });
      const el = await layout(tag);
      await loadedWithFacets(el);
      const scope = el.searchScope;
      scope.update((s) => ({ ...s, filters: { theme: [EDUC] } }));
      await until(() => el.querySelector('.esbClearAllButton') !== null, 'clear all');
      await until(() => scope.status === 'ready' && scope.results?.state === scope.state, 'filtered results');
      const clear = el.querySelector<HTMLButtonElement>('.esbClearAllButton')!;
      clear.focus();
      clear.click();
      await until(() => el.querySelector('.esbClearAllButton') === null, 'button gone');
      await until(() => scope.status === 'ready' && scope.results?.state === scope.state, 'unfiltered results');
      await until(() => focused() !== document.body, 'focus placed');
      const active = focused()!;
      expect(el.querySelector('.esbFacetColumn')!.contains(active), `focus in the facet column, not on <${active.localName}>`).to.be.true;
      expect(visible(active), 'the focused control is visible').to.be.true;
      expect(active.matches('a.esbFacets__optionLink, summary'), `a facet value or group (${active.outerHTML.slice(0, 80)})`).to.be.true;
      await expect(el).to.be.accessible();
    });

    it(`${tag}, narrow with the panel closed: focus goes to the "Filters" toggle`, async () => {
      await setViewport({ width: 600, height: 800 });
      const el = await layout(tag);
      await loadedWithFacets(el);
      const scope = el.searchScope;
      scope.update((s) => ({ ...s, filters: { theme: [EDUC] } }));
      await until(() => el.querySelector('.esbClearAllButton') !== null, 'clear all');
      const clear = el.querySelector<HTMLButtonElement>('.esbClearAllButton')!;
      clear.focus();
      clear.click();
      await until(() => el.querySelector('.esbClearAllButton') === null, 'button gone');
      await until(() => scope.status === 'ready' && scope.results?.state === scope.state, 'unfiltered results');
      await until(() => focused() !== document.body, 'focus placed');
      expect(focused()).to.equal(el.querySelector('button.esbFilterToggle'));
    });
  }
});

describe('focus after a facet click comes once the whole answer is shown (issue 13 point 11)', () => {
  // Focusing forces a layout: made while the list beside the facets still shows the previous answer, it is thrown
  // away by the list's render and done again (one layout per block instead of one).
  it('dataset-facet-search-layout: when focus reaches the clicked value, the list already shows the filtered rows', async () => {
    await setViewport({ width: 1280, height: 800 });
    // the demo catalog (context 1): its themes split the datasets
    const el = await layout('dataset-facet-search-layout', { context: '1' });
    await loadedWithFacets(el);
    const scope = el.searchScope;
    // the theme value with the fewest datasets: the filtered rows differ from the first page
    const count = (a: Element) => Number(/\d+/.exec(a.querySelector('.esbFacets__occurence')?.textContent ?? '')?.[0]);
    const link = [...el.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink')]
      .filter((a) => a.dataset.facet?.startsWith('theme|'))
      .sort((a, b) => count(a) - count(b))[0]!;
    const key = link.dataset.facet!;
    const listRows = () => [...el.querySelectorAll<HTMLElement>('.entryList > li')].map((li) => li.dataset.uri);
    const before = listRows();
    let seen: { rows: (string | undefined)[]; want: string[] } | undefined;
    el.addEventListener('focusin', (e) => {
      if ((e.target as HTMLElement).dataset.facet !== key || seen) return;
      const want = (scope.results?.rows ?? []).map((r) => r.entry.resourceUri);
      seen = { rows: listRows(), want };
    });
    link.click(); // a script click: the link does not take focus itself, the facets give it back after the answer
    await until(() => scope.status === 'ready' && scope.results?.state === scope.state, 'filtered results');
    await until(() => seen !== undefined, 'focus on the clicked value');
    expect(seen!.want).to.not.deep.equal(before, 'the filter changed the rows');
    expect(seen!.rows).to.deep.equal(seen!.want, 'the list showed the new rows when focus came');
    expect((document.activeElement as HTMLElement).dataset.facet).to.equal(key);
  });
});

describe('focus after "Try again" while the store is still down (issue 11 point 5)', () => {
  it('dataset-list: "Try again" → focus on the new "Try again" once the error is back', async () => {
    const root = await fixture(html`<div><dataset-list store-url=${faultStoreUrl('down', uniqueKey('down'))} scope=${freshScope()} lang="en"></dataset-list></div>`);
    const list = root.querySelector('dataset-list') as unknown as HTMLElement & { loadComplete: Promise<string>; updateComplete: Promise<unknown> };
    expect(await list.loadComplete).to.equal('unreachable');
    const retry = list.querySelector<HTMLButtonElement>('button.esbRetry')!;
    // the list tells when the retried search settled (catalog-block-state after the loading state)
    const again = new Promise<string>((resolve) =>
      list.addEventListener('catalog-block-state', (e) => resolve((e as CustomEvent<{ state: string }>).detail.state), { once: true }));
    retry.focus();
    retry.click();
    expect(await again).to.equal('unreachable');
    await list.updateComplete;
    // (a boolean: chai would print the whole <body> on a mismatch)
    expect(focused() === list.querySelector('button.esbRetry'), `focus on "Try again", not <${focused()?.localName}>`).to.be.true;
  });

  for (const tag of ALL_LAYOUTS) {
    it(`${tag}: the list's "Try again" that fails again → focus on the new "Try again"`, async () => {
      const el = await layout(tag, { 'store-url': faultStoreUrl('down', uniqueKey('down')) });
      const list = el.querySelector('dataset-list') as unknown as HTMLElement & { loadComplete: Promise<string>; updateComplete: Promise<unknown> };
      expect(await list.loadComplete).to.equal('unreachable');
      const retry = list.querySelector<HTMLButtonElement>('button.esbRetry')!;
      const again = new Promise<string>((resolve) =>
        list.addEventListener('catalog-block-state', (e) => resolve((e as CustomEvent<{ state: string }>).detail.state), { once: true }));
      retry.focus();
      retry.click();
      expect(await again).to.equal('unreachable');
      await list.updateComplete;
      expect(focused() === list.querySelector('button.esbRetry'), `focus on "Try again", not <${focused()?.localName}>`).to.be.true;
    });
  }
});

describe('Escape closes the narrow-screen filter panel (issue 11 point 6)', () => {
  for (const tag of FACET_LAYOUTS) {
    it(`${tag}: Escape inside the open panel closes it and focuses the toggle`, async () => {
      await setViewport({ width: 600, height: 800 });
      const el = await layout(tag);
      await loadedWithFacets(el);
      const toggle = el.querySelector<HTMLButtonElement>('button.esbFilterToggle')!;
      const panel = el.querySelector<HTMLElement>('.esbFacetColumn')!;
      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await until(() => toggle.getAttribute('aria-expanded') === 'true' && visible(panel), 'panel open');
      const inside = panel.querySelector<HTMLElement>('a.esbFacets__optionLink, summary')!;
      inside.focus();
      expect(focused()).to.equal(inside);
      await sendKeys({ press: 'Escape' });
      await until(() => toggle.getAttribute('aria-expanded') === 'false', 'panel closed');
      expect(visible(panel)).to.be.false;
      expect(focused()).to.equal(toggle);
      // Escape on the toggle of an open panel closes it too
      await sendKeys({ press: 'Enter' });
      await until(() => toggle.getAttribute('aria-expanded') === 'true', 'panel open again');
      await sendKeys({ press: 'Escape' });
      await until(() => toggle.getAttribute('aria-expanded') === 'false', 'closed from the toggle');
      expect(focused()).to.equal(toggle);
    });
  }

  it('portal-builder composition (controls=…): Escape in the panel closes it and focuses the toggle', async () => {
    await setViewport({ width: 600, height: 800 });
    const scope = freshScope();
    const root = await fixture(html`<div>
      <facet-search-responsiveness store-url=${storeUrl} scope=${scope} lang="en" controls="pb-filters" break="800px"></facet-search-responsiveness>
      <div class="esbFacetLayout">
        <aside id="pb-filters" aria-label="Filters"><dataset-facets store-url=${storeUrl} scope=${scope} lang="en"></dataset-facets></aside>
        <main><dataset-list store-url=${storeUrl} scope=${scope} context=${context} lang="en"></dataset-list></main>
      </div>
    </div>`);
    await loadedWithFacets(root);
    const toggle = root.querySelector<HTMLButtonElement>('button.esbFilterToggle')!;
    const panel = root.querySelector<HTMLElement>('#pb-filters')!;
    toggle.click();
    await until(() => visible(panel), 'panel open');
    panel.querySelector<HTMLElement>('a.esbFacets__optionLink')!.focus();
    await sendKeys({ press: 'Escape' });
    await until(() => toggle.getAttribute('aria-expanded') === 'false', 'panel closed');
    expect(visible(panel)).to.be.false;
    expect(focused()).to.equal(toggle);
  });

  it('wide (no toggle shown): Escape in the facet column changes nothing', async () => {
    await setViewport({ width: 1280, height: 800 });
    // the demo catalog (context 1): its themes split the datasets
    const el = await layout('dataset-facet-search-layout', { context: '1' });
    await loadedWithFacets(el);
    const link = el.querySelector<HTMLElement>('.esbFacetColumn a.esbFacets__optionLink')!;
    link.focus();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(focused()).to.equal(link);
  });
});

/** Elements that speak their content when it changes: live regions and the implicit ones (status, alert, log). */
function liveRegionsWith(root: Element, words: string): Element[] {
  const live = [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')].filter(
    (e) => e.getAttribute('aria-live') !== 'off',
  );
  return live.filter((e) => (e.textContent ?? '').includes(words));
}

/**
 * What Guidepup's virtual screen reader (which follows the ARIA live-region rules) speaks of "No datasets match your
 * search." when a user types a term with no hits into the first input under `root` and presses Enter.
 */
async function spokenNoMatch(root: HTMLElement): Promise<string[]> {
  await virtual.start({ container: root });
  try {
    root.querySelector<HTMLInputElement>('input')!.focus();
    await sendKeys({ type: 'nothingmatchesthis' });
    await sendKeys({ press: 'Enter' });
    await until(() => root.querySelector('.esbListEmpty') !== null, 'empty text');
    for (let i = 0; i < 100 && !(await virtual.spokenPhraseLog()).some((p) => p.includes('No datasets match')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 300)); // a late second announcement would come within this
    return (await virtual.spokenPhraseLog()).filter((p) => p.includes('No datasets match your search.'));
  } finally {
    await virtual.stop();
  }
}

describe('"No datasets match your search." is announced once (issue 11 point 11)', () => {
  for (const tag of ALL_LAYOUTS) {
    it(`${tag}: one live region speaks it; the list still shows it`, async () => {
      const el = await layout(tag);
      await until(() => el.querySelectorAll('.entryList > li').length > 0, 'rows');
      el.searchScope.update((s) => ({ ...s, terms: ['nothingmatchesthis'] }));
      await until(() => el.querySelector('.esbListEmpty') !== null, 'empty text');
      await until(() => (el.querySelector('.esbResults')?.textContent ?? '').includes('No datasets match'), 'count text');
      const words = 'No datasets match your search.';
      expect((el.querySelector('.esbListEmpty')!.textContent ?? '').trim()).to.equal(words);
      const regions = liveRegionsWith(el, words);
      expect(regions, 'live regions speaking it').to.have.length(1);
      expect(regions[0]!.classList.contains('esbResults'), 'the count of <dataset-results>').to.be.true;
      // and the list's text is not inside any live region of the page either (its nearest one, if any, is turned off)
      const nearest = el.querySelector('.esbListEmpty')!.closest('[aria-live], [role="status"], [role="alert"], [role="log"]');
      expect(nearest === null || nearest.getAttribute('aria-live') === 'off', `nearest live region: ${nearest?.outerHTML.slice(0, 80)}`).to.be.true;
    });
  }

  // The same heard through a screen reader model (Guidepup's virtual screen reader, which follows the ARIA live-region
  // rules): typing a term with no hits and pressing Enter, as a user does.
  for (const tag of ALL_LAYOUTS) {
    it(`${tag}: a virtual screen reader speaks it once after a search typed and submitted`, async () => {
      const el = await layout(tag);
      await until(() => el.querySelectorAll('.entryList > li').length > 0, 'rows');
      expect(await spokenNoMatch(el.parentElement!), 'phrases spoken').to.deep.equal(['polite: No datasets match your search.']);
    });
  }

  // Real EntryScape sites configure the list with `live: 'polite'` (docs/entryscape-embeds.md §4): the list element is
  // then a live region too, and its "no match" text used to be spoken a second time after the count's.
  it('builder composition with a live list (live="polite") and a results block: spoken once', async () => {
    const scope = freshScope();
    const root = await fixture(html`<div>
      <dataset-multi-search store-url=${storeUrl} scope=${scope} context=${context} lang="en"></dataset-multi-search>
      <dataset-results store-url=${storeUrl} scope=${scope} context=${context} lang="en"></dataset-results>
      <dataset-list store-url=${storeUrl} scope=${scope} context=${context} lang="en" live="polite"></dataset-list>
    </div>`);
    await until(() => root.querySelectorAll('.entryList > li').length > 0, 'rows');
    expect(root.querySelector('dataset-list')!.getAttribute('aria-live'), 'the list is a live region').to.equal('polite');
    expect(await spokenNoMatch(root as HTMLElement), 'phrases spoken').to.have.length(1);
    // the list still shows the text, to everyone reading the page
    expect((root.querySelector('.esbListEmpty')!.textContent ?? '').trim()).to.equal('No datasets match your search.');
  });

  it('a live list without a results block in its scope speaks the text itself, once', async () => {
    const scope = freshScope();
    const root = await fixture(html`<div>
      <dataset-multi-search store-url=${storeUrl} scope=${scope} context=${context} lang="en"></dataset-multi-search>
      <dataset-list store-url=${storeUrl} scope=${scope} context=${context} lang="en" live="polite"></dataset-list>
    </div>`);
    await until(() => root.querySelectorAll('.entryList > li').length > 0, 'rows');
    expect(await spokenNoMatch(root as HTMLElement), 'phrases spoken').to.have.length(1);
  });

  it('list without a results block on the page: the list speaks it itself, once', async () => {
    const scope = freshScope();
    const root = await fixture(html`<div><dataset-list store-url=${storeUrl} scope=${scope} context=${context} lang="en"></dataset-list></div>`);
    await until(() => root.querySelectorAll('.entryList > li').length > 0, 'rows');
    const list = root.querySelector('dataset-list') as unknown as { store: Parameters<typeof scopeFor>[2] };
    scopeFor(document, scope, list.store).update((s) => ({ ...s, terms: ['nothingmatchesthis'] }));
    await until(() => root.querySelector('.esbListEmpty') !== null, 'empty text');
    expect(liveRegionsWith(root, 'No datasets match your search.')).to.have.length.at.most(1);
  });
});
