// Issue 11 point 7 (search part): text in another language than the page carries `lang` (WCAG 3.1.2) — keyword facet
// values (the store counts keywords without their language tag: the tag comes from the listed datasets) and the
// hidden title in each row's expand button ("Mehr Informationen: <span lang="en">The population of bees</span>").
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import type { SearchLayout } from '../../blocks/search-base/layout.ts';
import { devStore, setPageUrl } from './helpers.ts';
import { until } from './search-input-helpers.ts';

const KEYWORD = 'http://www.w3.org/ns/dcat#keyword';
let n = 0;
const freshScope = (): string => `lang${Date.now().toString(36)}x${++n}`;

let storeUrl: string;
let restoreUrl: () => void;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
});
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

async function layout(lang: string, context?: string): Promise<SearchLayout> {
  const el = document.createElement('dataset-facet-search-layout') as SearchLayout;
  for (const [k, v] of Object.entries({ 'store-url': storeUrl, lang, scope: freshScope(), ...(context ? { context } : {}) })) el.setAttribute(k, v);
  (await fixture(html`<div></div>`)).append(el);
  await until(() => el.querySelectorAll('.entryList > li').length > 0, 'rows');
  return el;
}

describe('lang on foreign text in the search (issue 11 point 7)', () => {
  it('keyword facet values in another language than the page carry that language', async () => {
    const el = await layout('en');
    await until(() => el.querySelectorAll('.collection_keyword a.esbFacets__optionLink').length > 0, 'keyword values');
    // the tags the listed datasets give their keywords
    const tags = new Map<string, string>();
    for (const row of el.searchScope.results!.rows) {
      for (const o of row.entry.metadata.objects(row.entry.resourceUri, KEYWORD)) if (o.language) tags.set(o.value, o.language);
    }
    const labels = [...el.querySelectorAll<HTMLElement>('.collection_keyword .facetLabel')];
    const foreign = labels.filter((l) => (tags.get(l.textContent!.trim()) ?? 'en').slice(0, 2) !== 'en');
    expect(foreign.length, 'keywords in another language among the values').to.be.greaterThan(0);
    for (const label of foreign) expect(label.lang, `"${label.textContent}"`).to.equal(tags.get(label.textContent!.trim()));
    for (const label of labels.filter((l) => !foreign.includes(l))) expect(label.hasAttribute('lang'), `"${label.textContent}"`).to.be.false;
    await expect(el).to.be.accessible();
  });

  it('the hidden title in a row button has its own element with the title\'s language', async () => {
    const el = await layout('de');
    let foreign = 0;
    for (const row of el.searchScope.results!.rows) {
      const li = el.querySelector(`.entryList > li[data-uri="${CSS.escape(row.entry.resourceUri)}"]`)!;
      const hidden = li.querySelector('.esbRowExpandButton .esbVisuallyHidden')!;
      const titleLang = row.title?.lang ?? '';
      const span = hidden.querySelector('span[lang]');
      if (titleLang && !titleLang.startsWith('de')) {
        foreign++;
        expect(span?.getAttribute('lang'), `${row.title?.value}`).to.equal(titleLang);
        expect(span!.textContent).to.equal(row.title!.value);
      } else expect(span, `${row.title?.value}`).to.equal(null);
    }
    expect(foreign, 'rows with a title in another language').to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });
});
