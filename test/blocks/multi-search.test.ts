// <dataset-multi-search> (multiSearch): ARIA 1.2 combobox over facet values and free text, keyboard, chips, focus.
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fixedStore, freshPage, mountOnStore, mountSearch, rendered, until } from './search-input-helpers.ts';
import { text } from './helpers.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import type { DatasetMultiSearch } from '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import { FACETS } from '../../src/search/facets.ts';

const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const comboOf = (el: Element) => el.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const listOf = (el: Element) => el.querySelector<HTMLElement>('[role="listbox"]')!;
const optionsOf = (el: Element) => [...el.querySelectorAll<HTMLElement>('[role="option"]')];

async function typeInto(el: DatasetMultiSearch, value: string): Promise<void> {
  comboOf(el).focus();
  await sendKeys({ type: value });
  await rendered(el);
}
async function press(el: DatasetMultiSearch, k: string): Promise<void> {
  await sendKeys({ press: k });
  await rendered(el);
}

describe('dataset-multi-search', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('is a labelled ARIA combobox controlling a (hidden) listbox', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    const input = comboOf(el);
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(input.getAttribute('aria-controls')).to.equal(listOf(el).id);
    expect(listOf(el).hidden).to.be.true;
    expect(el.querySelector(`label[for="${input.id}"]`)?.textContent?.trim()).to.equal('Search');
    expect(scope.settings.facets, 'asks the scope for the facet values it suggests').to.include('theme');
    await expect(el).to.be.accessible();
  });

  it('typing suggests facet values grouped by collection plus "Search for", without any store request', async () => {
    const { el, searches } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    const before = searches().length;
    await typeInto(el, 'trans');
    const input = comboOf(el);
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(listOf(el).hidden).to.be.false;
    const options = optionsOf(el);
    expect(text(options[0])).to.equal('Search for "trans"');
    const group = el.querySelector('[role="group"]')!;
    expect(text(el.querySelector(`#${group.getAttribute('aria-labelledby')}`))).to.equal('Theme');
    expect(text(group.querySelector('[role="option"]'))).to.equal('Transport');
    expect(searches().length, 'no request per keystroke').to.equal(before);
    await expect(el).to.be.accessible();
  });

  it('ArrowDown / ArrowUp move the active option (aria-activedescendant, aria-selected)', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'popul');
    const input = comboOf(el);
    const options = optionsOf(el);
    expect(options.length).to.be.greaterThan(1);
    expect(input.hasAttribute('aria-activedescendant')).to.be.false;
    await press(el, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).to.equal(optionsOf(el)[0]!.id);
    expect(optionsOf(el)[0]!.getAttribute('aria-selected')).to.equal('true');
    await press(el, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).to.equal(optionsOf(el)[1]!.id);
    expect(optionsOf(el)[0]!.getAttribute('aria-selected')).to.equal('false');
    await press(el, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).to.equal(optionsOf(el)[0]!.id);
    await press(el, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant'), 'wraps to the last').to.equal(optionsOf(el).at(-1)!.id);
    expect(document.activeElement, 'DOM focus stays in the input').to.equal(input);
    await expect(el).to.be.accessible();
  });

  it('Enter on a facet suggestion selects it: filter set, chip shown, input cleared, focus kept', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'transport');
    const index = optionsOf(el).findIndex((o) => text(o) === 'Transport');
    for (let i = 0; i <= index; i++) await press(el, 'ArrowDown');
    await press(el, 'Enter');
    expect(scope.state.filters.theme).to.deep.equal([`${THEME}TRAN`]);
    expect(decodeURIComponent(location.hash)).to.match(/esc_theme=[^&]*TRAN/);
    await scope.settled();
    await rendered(el);
    const chip = el.querySelector<HTMLButtonElement>('button.item.esbItemFacet')!;
    expect(text(chip.querySelector('span.group'))).to.equal('Theme:');
    expect(text(chip.querySelector('span.itemLabel'))).to.equal('Transport');
    expect(chip.getAttribute('aria-label')).to.equal('Remove Theme: Transport');
    expect(comboOf(el).value).to.equal('');
    expect(comboOf(el).getAttribute('aria-expanded')).to.equal('false');
    expect(document.activeElement).to.equal(comboOf(el));
  });

  it('Enter without an active option adds the text as a term chip', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'Bees');
    await press(el, 'Enter');
    expect(scope.state.terms).to.deep.equal(['bees']);
    expect(location.hash).to.contain('esc_term=bees');
    const chip = el.querySelector('button.item.esbItemTerm')!;
    expect(text(chip.querySelector('.itemLabel'))).to.equal('bees');
    expect(chip.getAttribute('aria-label')).to.equal('Remove bees');
    await expect(el).to.be.accessible();
  });

  it('choosing "Search for …" adds a term; a second term is ANDed (two chips)', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'bee');
    await press(el, 'ArrowDown');
    expect(text(optionsOf(el)[0])).to.equal('Search for "bee"');
    await press(el, 'Enter');
    await typeInto(el, 'population');
    await press(el, 'Enter');
    expect(scope.state.terms).to.deep.equal(['bee', 'population']);
    expect(el.querySelectorAll('button.item.esbItemTerm')).to.have.length(2);
  });

  it('Escape closes the suggestions; a second Escape clears the text', async () => {
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'trans');
    expect(comboOf(el).getAttribute('aria-expanded')).to.equal('true');
    await press(el, 'Escape');
    expect(comboOf(el).getAttribute('aria-expanded')).to.equal('false');
    expect(listOf(el).hidden).to.be.true;
    expect(comboOf(el).value).to.equal('trans');
    await press(el, 'Escape');
    expect(comboOf(el).value).to.equal('');
  });

  it('clicking an option selects it', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'transport');
    optionsOf(el).find((o) => text(o) === 'Transport')!.click();
    expect(scope.state.filters.theme).to.deep.equal([`${THEME}TRAN`]);
  });

  it('a collection with a selection offers no more suggestions', async () => {
    history.replaceState(null, '', `${location.pathname}#esc_theme=${encodeURIComponent(`${THEME}TRAN`)}`);
    const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'econ');
    expect(optionsOf(el).map((o) => text(o))).not.to.include('Economy and finance');
  });

  it('at most 20 suggestions', async () => {
    const values = Array.from({ length: 30 }, (_, i) => ({ name: `word${i}`, count: 40 - i }));
    const store = fixedStore({ total: 40, entries: [], facets: [{ name: FACETS.keyword.fields[0]!, values }] });
    const { el } = await mountOnStore<DatasetMultiSearch>(store, html`<dataset-multi-search lang="en"></dataset-multi-search>`, {});
    await typeInto(el, 'word');
    expect(optionsOf(el)).to.have.length(20);
    expect(text(el.querySelector('.esbSearchHint'))).to.equal('20 suggestions');
  });

  it('removing a chip moves focus to the next chip, and from the last chip to the input', async () => {
    history.replaceState(null, '', `${location.pathname}#esc_term=bees,wasps&esc_theme=${encodeURIComponent(`${THEME}TRAN`)}`);
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await rendered(el);
    let chips = [...el.querySelectorAll<HTMLButtonElement>('button.item')];
    expect(chips.map((c) => text(c.querySelector('.itemLabel')))).to.deep.equal(['bees', 'wasps', 'Transport']);
    chips[0]!.focus();
    await press(el, 'Enter');
    await until(() => scope.state.terms.length === 1, 'the chip removal');
    await rendered(el);
    chips = [...el.querySelectorAll<HTMLButtonElement>('button.item')];
    expect(document.activeElement).to.equal(chips[0]);
    expect(text(chips[0]!.querySelector('.itemLabel'))).to.equal('wasps');
    chips[1]!.focus();
    await press(el, ' ');
    await until(() => !scope.state.filters.theme, 'the facet chip removal');
    await rendered(el);
    expect(document.activeElement, 'previous chip when the last one goes').to.equal(el.querySelector('button.item'));
    await press(el, 'Enter');
    await until(() => scope.state.terms.length === 0, 'the last chip removal');
    await rendered(el);
    expect(el.querySelectorAll('button.item')).to.have.length(0);
    expect(document.activeElement).to.equal(comboOf(el));
  });

  it('chips follow back/forward', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'bees');
    await press(el, 'Enter');
    expect(el.querySelectorAll('button.item')).to.have.length(1);
    history.back();
    await until(() => scope.state.terms.length === 0, 'popstate');
    await rendered(el);
    expect(el.querySelectorAll('button.item')).to.have.length(0);
  });

  it('invalid characters flag the input; Enter adds nothing', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'bee~');
    await press(el, 'Enter');
    const input = comboOf(el);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal(el.querySelector('.esbSearchError')!.id);
    expect(text(el.querySelector('.esbSearchError'))).to.contain('must not contain');
    expect(scope.state.terms).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('1–2 characters: Enter adds nothing and the hint says so', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    await typeInto(el, 'zz');
    await press(el, 'Enter');
    expect(text(el.querySelector('.esbSearchHint'))).to.equal('Type at least 3 characters');
    expect(scope.state.terms).to.deep.equal([]);
  });

  it('Enter on the empty input goes to the `click` page carrying the terms and filters (front-page box)', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en" click="/search/?x=1"></dataset-multi-search>`);
    await typeInto(el, 'bees');
    await press(el, 'Enter');
    scope.update((s) => ({ ...s, filters: { theme: [`${THEME}AGRI`] } }), { history: 'replace' });
    await rendered(el);
    const hrefs: string[] = [];
    el.addEventListener('catalog-navigate', (e) => {
      hrefs.push((e as CustomEvent<{ href: string }>).detail.href);
      e.preventDefault(); // the test stays on its page
    });
    comboOf(el).focus();
    await press(el, 'Enter');
    expect(hrefs).to.have.length(1);
    const target = new URL(hrefs[0]!);
    expect(target.origin).to.equal(location.origin);
    expect(target.pathname).to.equal('/search/');
    expect(target.searchParams.get('x'), 'the target keeps its own query').to.equal('1');
    expect(target.hash).to.contain('esc_term=bees');
    expect(target.hash).to.contain('esc_theme=');
    expect(target.hash).to.contain('AGRI');
  });

  it('without `click`, Enter on the empty input does nothing; a `javascript:` click target is never followed', async () => {
    for (const attrs of [html`<dataset-multi-search lang="en"></dataset-multi-search>`,
      html`<dataset-multi-search lang="en" click="javascript:alert(1)"></dataset-multi-search>`]) {
      freshPage();
      const { el } = await mountSearch<DatasetMultiSearch>(attrs);
      let fired = 0;
      el.addEventListener('catalog-navigate', (e) => {
        fired++;
        e.preventDefault();
      });
      comboOf(el).focus();
      await press(el, 'Enter');
      expect(fired).to.equal(0);
      expect(el.clickTarget).to.equal(undefined);
    }
  });

  it('`namedclick` uses the page config\'s `clicks` route', async () => {
    const config = document.createElement('script');
    config.type = 'application/json';
    config.setAttribute('data-portal-config', '');
    config.textContent = JSON.stringify({ clicks: { datasets: '/all-datasets.html' } });
    document.body.append(config);
    try {
      const { el } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en" namedclick="datasets"></dataset-multi-search>`);
      expect(el.clickTarget?.pathname).to.equal('/all-datasets.html');
    } finally {
      config.remove();
    }
  });

  it('the legacy tag esb-datasetmultisearch is the same block', async () => {
    const { el } = await mountSearch<HTMLElement>(html`<esb-datasetmultisearch lang="en"></esb-datasetmultisearch>`);
    expect(el.querySelector('input[role="combobox"]')).to.exist;
  });
});
