// Issue 11 points 1, 7 and 8 in an opened result row, in every list layout (dataset-list, dataset-list-layout and the
// five search layouts) against the dev store's blocks catalog: the distribution rows look as on the landing page
// (a 2.25rem toggle with its chevron, titles at body size, not the 1.2rem of the row title), hidden names keep their
// language, and two open rows name their "Distributions" / "Further information" regions after their datasets
// (axe, whose default rules include landmark-unique). No <dataset-view> is on this page: the styles come with the row.
import { expect, fixture, html } from '@open-wc/testing';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-list-layout/dataset-list-layout.ts';
import '../../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts';
import '../../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
import '../../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';
import { devStore, setPageUrl, text } from './helpers.ts';
import { blocksContextId, expandButton, freshScope, until } from './dataset-list.helpers.ts';

const LAYOUTS = [
  'dataset-list', 'dataset-list-layout', 'dataset-simple-search-layout', 'dataset-multi-search-layout',
  'dataset-facet-search-layout', 'dataset-compact-facet-search-layout', 'dataset-facet-search-portal-layout',
];

let restoreUrl: () => void;
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

async function list(tag: string, lang = 'en'): Promise<CatalogBlock> {
  const el = document.createElement(tag) as CatalogBlock;
  const attrs = { 'store-url': (await devStore()).storeUrl, context: await blocksContextId(), lang, scope: freshScope('rd') };
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  (await fixture(html`<div></div>`)).append(el);
  await until(() => el.querySelectorAll('.esbSearchList .entryList > li.esbRow').length > 0, `rows of ${tag}`);
  return el;
}

const resultRows = (el: Element): HTMLElement[] => [...el.querySelectorAll<HTMLElement>('.esbSearchList > .esbListBody .entryList > li.esbRow')];

async function open(el: Element, title: string): Promise<HTMLElement> {
  const row = resultRows(el).find((r) => text(r.querySelector(':scope > .esbRowHead .esbRowTitle')) === title);
  if (!row) throw new Error(`no row "${title}"`);
  expandButton(row).click();
  await until(() => !!row.querySelector('.esbDistributions') && !!row.querySelector('.esbFurtherInfo'), `open row ${title}`);
  return row;
}

describe('opened result row: distributions as on the landing page (issue 11 point 1)', () => {
  for (const tag of LAYOUTS) {
    it(`${tag}: the distribution toggle is a 2.25rem button with a chevron; titles at body size, not the row-title size`, async () => {
      const el = await list(tag);
      const row = await open(el, 'Bathing sites');
      await until(() => !!row.querySelector('.esbDistributions li.esbRow'), 'distribution rows');
      const rowTitleSize = getComputedStyle(row.querySelector('.esbRowTitle')!).fontSize;
      for (const dist of row.querySelectorAll<HTMLElement>('.esbDistributions li.esbRow')) {
        const toggle = dist.querySelector<HTMLButtonElement>('button.esbExpandButton')!;
        const box = toggle.getBoundingClientRect();
        expect(box.width, 'toggle width').to.be.at.least(32);
        expect(box.height, 'toggle height').to.be.at.least(32);
        expect(toggle.title, 'visible tooltip label').to.equal('More information');
        const chevron = getComputedStyle(toggle, '::after');
        expect(chevron.borderRightStyle, 'chevron').to.equal('solid');
        expect(parseFloat(chevron.width), 'chevron width').to.be.greaterThan(4);
        const title = dist.querySelector<HTMLElement>('.esbRowTitle')!;
        expect(getComputedStyle(title).fontSize).to.not.equal(rowTitleSize);
        expect(getComputedStyle(title).fontSize).to.equal(getComputedStyle(dist).fontSize);
        // the row head of a distribution wraps and centres its parts like the landing page's
        expect(getComputedStyle(dist.querySelector('.esbRowHead')!).alignItems).to.equal('center');
      }
    });
  }

  it('no-styles on the list: nothing is adopted for the row either', async () => {
    const before = document.adoptedStyleSheets.length;
    const el = document.createElement('dataset-list') as CatalogBlock;
    const attrs = { 'store-url': (await devStore()).storeUrl, context: await blocksContextId(), lang: 'en', scope: freshScope('ns'), 'no-styles': '' };
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    (await fixture(html`<div></div>`)).append(el);
    await until(() => resultRows(el).length > 0, 'rows');
    await open(el, 'Bathing sites');
    expect(document.adoptedStyleSheets.length).to.equal(before);
  });
});

describe('opened result rows: region names per dataset (issue 11 point 8)', () => {
  for (const tag of LAYOUTS) {
    it(`${tag}: two open rows name "Distributions" and "Further information" after their datasets; axe clean`, async () => {
      const el = await list(tag);
      const a = await open(el, 'Bathing sites');
      const b = await open(el, 'Air measurements 2024');
      const names = [a, b].flatMap((r) => [...r.querySelectorAll('section[aria-labelledby]')].map((s) =>
        s.getAttribute('aria-labelledby')!.split(' ').map((id) => text(document.getElementById(id))).join(' ')));
      expect(names).to.include.members([
        'Distributions Bathing sites', 'Further information Bathing sites',
        'Distributions Air measurements 2024', 'Further information Air measurements 2024',
      ]);
      expect(new Set(names).size).to.equal(names.length, names.join(' | '));
      await expect(el).to.be.accessible();
    });
  }
});

describe('opened result row: hidden names keep their language (issue 11 point 7)', () => {
  it('German page, Swedish/English-only distribution titles: the Download/Access names and the toggle name carry lang', async () => {
    const el = await list('dataset-list', 'de');
    const row = await open(el, 'Badestellen');
    await until(() => !!row.querySelector('.esbDistributions li.esbRow'), 'distribution rows');
    const foreign = [...row.querySelectorAll<HTMLElement>('.esbDistributions li.esbRow')].filter((d) => d.querySelector('.esbRowTitle[lang]'));
    expect(foreign.length, 'a distribution titled only in another language').to.be.greaterThan(0);
    for (const dist of foreign) {
      const title = dist.querySelector('.esbRowTitle[lang]')!;
      const lang = title.getAttribute('lang')!;
      const hidden = [...dist.querySelectorAll(':scope > .esbRowHead a .esbVisuallyHidden, :scope > .esbRowHead button .esbVisuallyHidden')];
      expect(hidden.length).to.be.greaterThan(1);
      for (const h of hidden) {
        const tagged = h.querySelector(`[lang="${lang}"]`);
        expect(text(tagged), text(h)).to.equal(text(title));
      }
    }
    await expect(el).to.be.accessible();
  });
});
