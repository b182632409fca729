// <dataset-multi-search>: the suggestions code (suggestions.ts) is a lazy chunk, loaded when the box is focused. What the
// reader types and presses before it arrives is not lost: the keys are acted on in order once it is there, with their
// default (caret movement) prevented at once. Its own file: the chunk is not loaded yet in this page when the test runs.
import { expect, html } from '@open-wc/testing';
import { freshPage, key, mountSearch, rendered, typeFast } from './search-input-helpers.ts';
import { text } from './helpers.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import type { DatasetMultiSearch } from '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import { loadMessages } from '../../src/i18n/index.ts';

const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';

describe('dataset-multi-search: keys pressed right after focus', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('typing and ArrowDown in the same task as the focus open the suggestions and move to the option they reach', async () => {
    const { el, scope } = await mountSearch<DatasetMultiSearch>(html`<dataset-multi-search lang="en"></dataset-multi-search>`);
    const input = el.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    input.focus();
    typeFast(input, 'transport');
    expect(el.suggestions, 'the suggestions code has not arrived yet').to.deep.equal([]);
    const arrows: KeyboardEvent[] = [];
    input.addEventListener('keydown', (e) => arrows.push(e));
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(arrows.map((e) => e.defaultPrevented), 'the caret does not move').to.deep.equal([true, true]);
    // (nothing awaited so far: the second ArrowDown reaches the first facet value, after "Search for …")
    await rendered(el);
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    const active = el.querySelector(`#${input.getAttribute('aria-activedescendant')}`);
    expect(text(active)).to.equal('Transport');
    expect(active?.getAttribute('aria-selected')).to.equal('true');
    key(input, 'Enter');
    await rendered(el);
    expect(scope.state.filters.theme).to.deep.equal([`${THEME}TRAN`]);
    expect(input.value).to.equal('');
    expect(document.activeElement).to.equal(input);
  });
});
