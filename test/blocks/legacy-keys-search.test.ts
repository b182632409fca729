// Issue 26 point 4: the incumbent's search-box keys `placeholder` (both boxes) and `openOnFocus` (multiSearch: the
// suggestions open when the empty box gets focus), read by the one resolver from the attribute, a `blocks` override
// or the page configuration, and handed down by the search layouts.
import { expect, html } from '@open-wc/testing';
import { freshPage, mountSearch, rendered } from './search-input-helpers.ts';
import { text } from './helpers.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import '../../blocks/dataset-search/dataset-search.ts';
import type { DatasetMultiSearch } from '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import { loadMessages } from '../../src/i18n/index.ts';

const comboOf = (el: Element) => el.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const optionsOf = (el: Element) => [...el.querySelectorAll<HTMLElement>('[role="option"]')];

describe('search-box keys of EntryScape Blocks', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('placeholder on the simple search box replaces the default text; the label stays', async () => {
    const { el } = await mountSearch(html`<dataset-search lang="en" placeholder="Sök bland kommunens data"></dataset-search>`);
    const input = el.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(input.placeholder).to.equal('Sök bland kommunens data');
    expect(text(el.querySelector(`label[for="${input.id}"]`))).to.equal('Search');
  });

  it('placeholder on the multi search box; without it the default "Search datasets"', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en" placeholder="Find data"></dataset-multi-search>`);
    expect(comboOf(el).placeholder).to.equal('Find data');
    await freshPage();
    const plain = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    expect(comboOf(plain.el).placeholder).to.equal('Search datasets');
  });

  it('openOnFocus: focusing the empty box opens the suggestions, grouped by collection', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en" open-on-focus="true"></dataset-multi-search>`);
    comboOf(el).focus();
    await rendered(el);
    expect(comboOf(el).getAttribute('aria-expanded')).to.equal('true');
    const group = el.querySelector('[role="group"]')!;
    expect(text(el.querySelector(`#${group.getAttribute('aria-labelledby')}`))).to.equal('Theme');
    expect(optionsOf(el).map((o) => text(o))).to.include('Transport');
    await expect(el).to.be.accessible();
  });

  it('without openOnFocus the empty box stays closed on focus', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    comboOf(el).focus();
    await rendered(el);
    expect(comboOf(el).getAttribute('aria-expanded')).to.equal('false');
    expect(optionsOf(el)).to.have.length(0);
  });
});
