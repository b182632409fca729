// <dataset-multi-search>: the suggestion popup's stylesheet comes with the suggestions code (a lazy chunk in the CDN
// build, issue 27 point 2) and is in force when the first options show; `no-styles` keeps it out.
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { freshPage, mountSearch, rendered } from './search-input-helpers.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import type { DatasetMultiSearch } from '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import { loadMessages } from '../../src/i18n/index.ts';

async function typeInto(el: DatasetMultiSearch, value: string): Promise<void> {
  el.querySelector<HTMLInputElement>('input[role="combobox"]')!.focus();
  await sendKeys({ type: value });
  await rendered(el);
}

describe('dataset-multi-search suggestion popup styles', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  // first: a stylesheet stays adopted in the document once a test has adopted it
  it('with no-styles the popup gets no built-in styles', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en" no-styles></dataset-multi-search>`);
    await typeInto(el, 'trans');
    const list = el.querySelector<HTMLElement>('[role="listbox"]')!;
    expect(list.hidden).to.be.false;
    expect(getComputedStyle(list).position).to.equal('static');
  });

  it('the open popup floats below the input, and the options are padded', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'trans');
    const list = el.querySelector<HTMLElement>('[role="listbox"]')!;
    expect(list.hidden).to.be.false;
    expect(getComputedStyle(list).position).to.equal('absolute');
    expect(getComputedStyle(list).zIndex).to.equal('10');
    const option = el.querySelector<HTMLElement>('[role="option"]')!;
    expect(getComputedStyle(option).cursor).to.equal('pointer');
    expect(getComputedStyle(option).paddingLeft).to.not.equal('0px');
  });
});
