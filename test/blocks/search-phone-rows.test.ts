// Issue 11 point 2: result rows at phone width (390 px). The row head used to be a non-wrapping flex row, so the
// expand button kept its width and the title got what was left (~130-170 px), splitting words mid-word. Now the
// title takes (nearly) the whole row and the button goes below it: checked in every list layout, the bare list and
// the portal-builder composition, with the German button label (the longest), and axe stays clean.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-list-layout/dataset-list-layout.ts';
import '../../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts';
import '../../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
import '../../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';
import '../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/dataset-results/dataset-results.ts';
import { devStore, entryById, setPageUrl } from './helpers.ts';
import { until } from './search-input-helpers.ts';

const TAGS = ['dataset-list', 'dataset-list-layout', 'dataset-simple-search-layout', 'dataset-multi-search-layout',
  'dataset-facet-search-layout', 'dataset-compact-facet-search-layout', 'dataset-facet-search-portal-layout'];

let n = 0;
const freshScope = (): string => `phone${Date.now().toString(36)}x${++n}`;

let storeUrl: string;
let context: string;
let restoreUrl: () => void;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
  context = (await entryById('paging-01')).contextId;
});
beforeEach(async () => {
  restoreUrl = setPageUrl('');
  await setViewport({ width: 390, height: 800 });
});
afterEach(async () => {
  restoreUrl();
  await setViewport({ width: 800, height: 600 });
});

/** Words of the element's text that the layout broke across lines (a word box with more than one line box). */
function brokenWords(el: Element): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const m of text.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}

/** Every row: the title is (nearly) as wide as the row's content box and breaks no word; the button is below it. */
async function checkRows(root: Element): Promise<void> {
  await until(() => root.querySelectorAll('.entryList > li').length > 0, 'rows');
  await until(() => (root.querySelector('.esbRowExpandButton')?.textContent ?? '').includes('Mehr'), 'German labels');
  const rows = [...root.querySelectorAll('.entryList > li')];
  for (const row of rows) {
    const head = row.querySelector('.esbRowHead')!;
    const style = getComputedStyle(head);
    const inner = head.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const title = row.querySelector('.esbRowTitle')!;
    const name = (title.textContent ?? '').trim();
    const width = title.getBoundingClientRect().width;
    expect(width / inner, `"${name}": title ${Math.round(width)} of ${Math.round(inner)} px`).to.be.greaterThan(0.9);
    expect(brokenWords(title), `"${name}": words split across lines`).to.deep.equal([]);
    const button = row.querySelector('.esbRowExpandButton')!.getBoundingClientRect();
    expect(button.top, `"${name}": the button is below the title`).to.be.at.least(title.getBoundingClientRect().bottom - 1);
    expect(button.right, 'the button stays inside the row').to.be.at.most(head.getBoundingClientRect().right + 0.5);
  }
  expect(document.documentElement.scrollWidth, 'no horizontal scrolling').to.be.at.most(390);
}

describe('result rows at 390 px (issue 11 point 2)', () => {
  for (const tag of TAGS) {
    it(`${tag}: the title gets the row's width, no word split, the button below`, async () => {
      const wrapper = await fixture(html`<div></div>`);
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries({ 'store-url': storeUrl, context, lang: 'de', scope: freshScope() })) el.setAttribute(k, v);
      wrapper.append(el);
      await checkRows(el);
      await expect(el).to.be.accessible();
    });
  }

  it('portal-builder composition (demo/portal-builder.html): the same in its result section', async () => {
    const scope = freshScope();
    const root = await fixture(html`<div>
      <facet-search-responsiveness store-url=${storeUrl} scope=${scope} lang="de" controls="phone-filters" break="800px"></facet-search-responsiveness>
      <div data-esb-facet-layout>
        <aside id="phone-filters" aria-labelledby="phone-filter-heading">
          <h2 id="phone-filter-heading">Filter</h2>
          <dataset-facets store-url=${storeUrl} scope=${scope} lang="de" hl="2"></dataset-facets>
        </aside>
        <section aria-labelledby="phone-results-heading">
          <h2 id="phone-results-heading">Datensätze</h2>
          <dataset-results store-url=${storeUrl} scope=${scope} lang="de"></dataset-results>
          <dataset-list store-url=${storeUrl} scope=${scope} context=${context} lang="de" hl="3"></dataset-list>
        </section>
      </div>
    </div>`);
    await checkRows(root);
    await expect(root).to.be.accessible();
  });

  it('wide (1024 px): the button stays beside the title, at the right of the row', async () => {
    await setViewport({ width: 1024, height: 800 });
    const root = await fixture(html`<div><dataset-list store-url=${storeUrl} scope=${freshScope()} context=${context} lang="de"></dataset-list></div>`);
    await until(() => root.querySelectorAll('.entryList > li').length > 0, 'rows');
    for (const row of root.querySelectorAll('.entryList > li')) {
      const title = row.querySelector('.esbRowTitle')!.getBoundingClientRect();
      const button = row.querySelector('.esbRowExpandButton')!.getBoundingClientRect();
      expect(button.left, 'right of the title').to.be.at.least(title.right);
      expect(button.top, 'on the title line').to.be.below(title.bottom);
    }
  });
});
