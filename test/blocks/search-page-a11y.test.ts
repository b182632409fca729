// Issue 28 point 15, the search page as a screen reader user meets it: a skip link past the facet column of the facet
// layouts (visible on focus, sv/en/de, keeps the search state in the address); format badges without the raw IRI as
// `title` (it was spoken for every distribution); and the README's portal composition keeps its heading outline at
// narrow width (the filter column, with the only other h2, is closed there). Axe, keyboard, virtual screen reader.
// Run alone: npx wtr --files test/blocks/search-page-a11y.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { virtual } from '@guidepup/virtual-screen-reader/browser.js';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
import '../../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/dataset-results/dataset-results.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import type { SearchLayout } from '../../blocks/search-base/layout.ts';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { devStore, setPageUrl, settled, text } from './helpers.ts';

const SKIP = { en: 'Skip to results', sv: 'Hoppa till sökresultaten', de: 'Zu den Suchergebnissen springen' } as const;
const LAYOUTS = ['dataset-facet-search-layout', 'dataset-compact-facet-search-layout', 'dataset-facet-search-portal-layout'] as const;

let storeUrl: string;
let n = 0;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
});
let restoreUrl: () => void;
beforeEach(() => {
  restoreUrl = setPageUrl('', '#esc_s28x_term=sweden');
});
afterEach(async () => {
  restoreUrl();
  await setViewport({ width: 800, height: 600 });
});

async function layout(tag: string, lang: string, term = 'sweden'): Promise<SearchLayout> {
  const scope = `s28x${++n}`;
  history.replaceState(null, '', `${location.pathname}${term ? `#esc_${scope}_term=${term}` : ''}`);
  const el = await fixture<SearchLayout>(html`<div></div>`).then((w) => {
    const l = document.createElement(tag) as SearchLayout;
    for (const [k, v] of Object.entries({ 'store-url': storeUrl, context: '1', lang, scope })) l.setAttribute(k, v);
    w.append(l);
    return l;
  });
  expect(await el.loadComplete).to.equal('ready');
  await el.updateComplete;
  return el;
}

/** Whether an element takes up space on screen (a visually hidden one is 1 × 1 px, clipped). */
const shown = (el: Element) => el.getBoundingClientRect().width > 1 && el.getBoundingClientRect().height > 1;

describe('skip link past the facet column (issue 28 point 15)', () => {
  for (const tag of LAYOUTS) {
    it(`${tag}: the first stop, hidden until focused, moves focus to the results and keeps the search in the address`, async () => {
      await setViewport({ width: 1280, height: 900 });
      const el = await layout(tag, 'en');
      const skip = el.querySelector<HTMLAnchorElement>('a.esbSkipLink');
      expect(skip, 'a skip link').to.exist;
      expect(text(skip)).to.equal(SKIP.en);
      const facets = el.querySelector('.esbFacetColumn')!;
      // before the facet column, the first focusable element of the layout
      expect(skip!.compareDocumentPosition(facets) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      expect(el.querySelector('a[href], button, input, select, summary')).to.equal(skip);
      expect(shown(skip!), 'hidden until focused').to.equal(false);
      skip!.focus();
      expect(shown(skip!), 'visible on focus').to.equal(true);
      const hash = location.hash;
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      const results = el.querySelector('.esbResultColumn')!;
      expect(document.activeElement === results || results.contains(document.activeElement), 'focus in the results').to.equal(true);
      expect(facets.contains(document.activeElement)).to.equal(false);
      expect(location.hash, 'the search state stays in the address').to.equal(hash);
      // the next Tab reaches the search box, not a facet
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement?.closest('.esbFacetColumn')).to.equal(null);
      await expect(el).to.be.accessible();
    });
  }

  it('sv and de', async () => {
    for (const lang of ['sv', 'de'] as const) {
      const el = await layout('dataset-facet-search-layout', lang);
      expect(text(el.querySelector('a.esbSkipLink'))).to.equal(SKIP[lang]);
    }
  });

  it('a virtual screen reader hears "Skip to results" before the facet groups (two columns)', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await layout('dataset-facet-search-layout', 'en');
    await virtual.start({ container: el });
    try {
      for (let i = 0; i < 8; i++) await virtual.next();
      const spoken = await virtual.spokenPhraseLog();
      const skipAt = spoken.findIndex((p) => p.includes('Skip to results'));
      const facetAt = spoken.findIndex((p) => /heading, Theme|heading, Publisher/.test(p));
      expect(skipAt, spoken.join(' | ')).to.be.greaterThan(-1);
      if (facetAt > -1) expect(skipAt).to.be.lessThan(facetAt);
    } finally {
      await virtual.stop();
    }
  });
});

describe('format badges carry no raw IRI (issue 28 point 15)', () => {
  it('landing page: no badge title is a URI or a MIME type; a screen reader hears the format names only', async () => {
    const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds1" lang="en"></dataset-view>`);
    expect(await settled(el)).to.equal('ready');
    const badges = [...el.querySelectorAll('.formatLabel')];
    expect(badges.length).to.be.greaterThan(2);
    for (const b of badges) expect(b.getAttribute('title') ?? '', text(b)).not.to.match(/^https?:|\//);
    await virtual.start({ container: el.querySelector('.esbDistributions')! });
    try {
      for (let i = 0; i < 40; i++) await virtual.next();
      const spoken = (await virtual.spokenPhraseLog()).join(' | ');
      expect(spoken).not.to.contain('publications.europa.eu');
      expect(spoken).not.to.contain('text/csv');
      expect(spoken).to.contain('CSV');
    } finally {
      await virtual.stop();
    }
  });

  // result rows: test/blocks/dataset-list.test.ts "inline formats" (no title either)
});

describe("the README's portal composition keeps its heading outline at narrow width (issue 28 point 15)", () => {
  for (const width of [390, 1280]) {
    it(`${width} px: the headings a visitor can reach go h1, h2, h3 without a skip`, async () => {
      await setViewport({ width, height: 900 });
      const scope = `s28c${++n}`;
      const page = await fixture<HTMLElement>(html`<div>
        <header>
          <h1>Open data</h1>
          <dataset-multi-search scope=${scope} store-url=${storeUrl} context="1" lang="en"></dataset-multi-search>
        </header>
        <facet-search-responsiveness scope=${scope} controls="filters-${scope}" break="800px" store-url=${storeUrl} lang="en"></facet-search-responsiveness>
        <aside id="filters-${scope}" aria-labelledby="filter-heading-${scope}">
          <h2 id="filter-heading-${scope}">Filter</h2>
          <dataset-facets scope=${scope} hl="2" hvd-filter="true" store-url=${storeUrl} context="1" lang="en"></dataset-facets>
        </aside>
        <main aria-labelledby="results-heading-${scope}">
          <h2 id="results-heading-${scope}">Datasets</h2>
          <dataset-results scope=${scope} store-url=${storeUrl} context="1" lang="en"></dataset-results>
          <dataset-list scope=${scope} hl="3" store-url=${storeUrl} context="1" lang="en"></dataset-list>
        </main>
      </div>`);
      await settled(page.querySelector('dataset-list')!);
      await settled(page.querySelector('dataset-facets')!);
      await new Promise((r) => requestAnimationFrame(r));
      const visible = [...page.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => h.getClientRects().length > 0);
      const levels = visible.map((h) => Number(h.localName.slice(1)));
      expect(levels[0]).to.equal(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `${visible[i - 1]!.textContent} → ${visible[i]!.textContent}`).to.be.at.most(1);
      expect(levels).to.include(3);
      await expect(page).to.be.accessible();
    });
  }
});
