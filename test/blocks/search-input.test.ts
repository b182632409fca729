// <dataset-search> (simpleSearch): labelled input, debounce, minimum length, invalid characters, Enter, URL sync.
import { expect, html } from '@open-wc/testing';
import { freshPage, key, mountSearch, rendered, typeFast, until, wait } from './search-input-helpers.ts';
import '../../blocks/dataset-search/dataset-search.ts';
import type { DatasetSearch } from '../../blocks/dataset-search/dataset-search.ts';
import { loadMessages } from '../../src/i18n/index.ts';

const inputOf = (el: Element) => el.querySelector<HTMLInputElement>('input[type="search"]')!;

describe('dataset-search', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('renders one labelled search input with placeholder, error and hint regions', async () => {
    const { el } = await mountSearch<DatasetSearch>(html`<dataset-search lang="en"></dataset-search>`);
    const input = inputOf(el);
    expect(el.querySelectorAll('input')).to.have.length(1);
    expect(el.querySelector('.block_searchInput')).to.exist;
    expect(el.querySelector('div.esbSearchError')).to.exist;
    const label = el.querySelector<HTMLLabelElement>(`label[for="${input.id}"]`);
    expect(label?.textContent?.trim()).to.equal('Search');
    expect(input.placeholder).to.equal('Search datasets');
    expect(el.classList.contains('esbSearchErrorNotPresent')).to.be.true;
    await expect(el).to.be.accessible();
  });

  it('fast typing of 5 characters sends one search, 300 ms after the last input', async () => {
    const { el, scope, searches } = await mountSearch<DatasetSearch>(html`<dataset-search></dataset-search>`);
    const before = searches().length;
    typeFast(inputOf(el), 'Popul');
    expect(scope.state.terms, 'nothing searched before the pause').to.deep.equal([]);
    await until(() => scope.state.terms.length > 0, 'the debounced search');
    await scope.settled();
    await wait(350); // no late searches for the intermediate texts either
    expect(scope.state.terms).to.deep.equal(['popul']);
    expect(searches().length - before).to.equal(1);
  });

  it('trims and lower-cases the term and writes it to the URL fragment', async () => {
    const { el, scope } = await mountSearch<DatasetSearch>(html`<dataset-search></dataset-search>`);
    const input = inputOf(el);
    input.value = '  BEES  ';
    key(input, 'Enter');
    expect(scope.state.terms).to.deep.equal(['bees']);
    expect(location.hash).to.contain('esc_term=bees');
  });

  it('Enter searches at once (no debounce wait)', async () => {
    const { el, scope, searches } = await mountSearch<DatasetSearch>(html`<dataset-search></dataset-search>`);
    const before = searches().length;
    const input = inputOf(el);
    typeFast(input, 'population');
    key(input, 'Enter');
    expect(scope.state.terms).to.deep.equal(['population']);
    await scope.settled();
    await wait(350);
    expect(searches().length - before, 'the pending debounce was cancelled').to.equal(1);
    expect(scope.results?.total).to.be.greaterThan(0);
  });

  it('1–2 characters search nothing and show a polite hint', async () => {
    const { el, scope, searches } = await mountSearch<DatasetSearch>(html`<dataset-search lang="en"></dataset-search>`);
    const before = searches().length;
    const input = inputOf(el);
    typeFast(input, 'be');
    key(input, 'Enter');
    await rendered(el);
    const hint = el.querySelector('.esbSearchHint')!;
    expect(hint.getAttribute('role')).to.equal('status');
    expect(hint.textContent?.trim()).to.equal('Type at least 3 characters');
    expect(input.getAttribute('aria-describedby')).to.equal(hint.id);
    expect(scope.state.terms).to.deep.equal([]);
    await wait(350);
    expect(searches().length).to.equal(before);
    await expect(el).to.be.accessible();
  });

  for (const ch of ['^', '+', '-', '[', ']', '{', '}', '\\', '/', '!', '#', '"', '~']) {
    it(`the character ${ch} flags the input and searches nothing`, async () => {
      const { el, scope } = await mountSearch<DatasetSearch>(html`<dataset-search lang="en"></dataset-search>`);
      const input = inputOf(el);
      typeFast(input, `bee${ch}s`);
      key(input, 'Enter');
      await rendered(el);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      const error = el.querySelector('.esbSearchError')!;
      expect(input.getAttribute('aria-describedby')).to.equal(error.id);
      expect(error.textContent).to.contain('must not contain');
      expect(el.classList.contains('esbSearchErrorPresent')).to.be.true;
      expect(scope.state.terms).to.deep.equal([]);
    });
  }

  it('the invalid state is accessible and clears once the text is valid again', async () => {
    const { el, scope } = await mountSearch<DatasetSearch>(html`<dataset-search lang="en"></dataset-search>`);
    const input = inputOf(el);
    typeFast(input, 'a+b');
    await rendered(el);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
    input.value = 'bees';
    input.dispatchEvent(new Event('input'));
    key(input, 'Enter');
    await rendered(el);
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect(el.classList.contains('esbSearchErrorNotPresent')).to.be.true;
    expect(scope.state.terms).to.deep.equal(['bees']);
  });

  it('clearing the input removes the term', async () => {
    const { el, scope } = await mountSearch<DatasetSearch>(html`<dataset-search></dataset-search>`);
    const input = inputOf(el);
    input.value = 'bees';
    key(input, 'Enter');
    expect(scope.state.terms).to.deep.equal(['bees']);
    input.value = '';
    input.dispatchEvent(new Event('input'));
    await until(() => scope.state.terms.length === 0, 'the term to be removed');
    expect(location.hash).not.to.contain('esc_term');
  });

  it('shows the term of the URL and follows back/forward', async () => {
    history.replaceState(null, '', `${location.pathname}#esc_term=wasps`);
    const { el, scope } = await mountSearch<DatasetSearch>(html`<dataset-search></dataset-search>`);
    const input = inputOf(el);
    expect(input.value).to.equal('wasps');
    input.value = 'bees';
    key(input, 'Enter');
    await rendered(el);
    history.back();
    await until(() => scope.state.terms[0] === 'wasps', 'popstate');
    await rendered(el);
    expect(input.value).to.equal('wasps');
  });

  it('two scopes do not share the term', async () => {
    const { el } = await mountSearch<HTMLElement>(
      html`<div><dataset-search scope="a"></dataset-search><dataset-search scope="b"></dataset-search></div>`,
      false,
    );
    const [a, b] = [...el.querySelectorAll('dataset-search')];
    inputOf(a!).value = 'bees';
    key(inputOf(a!), 'Enter');
    await rendered(a!, b!);
    expect(inputOf(b!).value).to.equal('');
    expect(location.hash).to.contain('esc_a_term=bees');
  });

  it('a newer search replaces an older one still running: the results are those of the last term', async () => {
    const { el, scope } = await mountSearch<DatasetSearch>(html`<dataset-search></dataset-search>`);
    const input = inputOf(el);
    input.value = 'bees';
    key(input, 'Enter');
    input.value = 'wasps';
    key(input, 'Enter');
    await until(() => scope.status === 'ready' && scope.results?.state.terms[0] === 'wasps', 'the last search');
    await scope.settled();
    expect(scope.results?.state.terms).to.deep.equal(['wasps']);
    expect(scope.results?.total).to.equal(1);
  });

  it('speaks the UI language (sv)', async () => {
    await loadMessages('sv');
    const { el } = await mountSearch<DatasetSearch>(html`<dataset-search lang="sv"></dataset-search>`);
    await rendered(el);
    expect(el.querySelector('label')?.textContent?.trim()).to.equal('Sök');
    expect(inputOf(el).placeholder).to.equal('Sök datamängder');
    typeFast(inputOf(el), 'ab');
    key(inputOf(el), 'Enter');
    await rendered(el);
    expect(el.querySelector('.esbSearchHint')?.textContent?.trim()).to.equal('Skriv minst 3 tecken');
  });

  it('the legacy tag esb-datasetsearch is the same block', async () => {
    const { el } = await mountSearch<HTMLElement>(html`<esb-datasetsearch lang="en"></esb-datasetsearch>`);
    expect(el.querySelector('.block_searchInput input[type="search"]')).to.exist;
  });
});
