// <catalog-sort-select> (includeSorting, behaviour doc §1.13) next to a <dataset-list> of the same scope, against the
// paging catalog (25 datasets): the initial option, a pointer choice searches from page 1 and writes esc_sort, keyboard
// arrows alone never search (Enter or leaving the select applies), and the select is labelled and accessible.
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/catalog-sort-select/sort-select.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import type { SortSelect } from '../../blocks/catalog-sort-select/sort-select.ts';
import { sortKeyOf } from '../../blocks/catalog-sort-select/sort-select.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { scopeFor, type SearchScope } from '../../src/search/scope.ts';
import { devStore, entryById, setPageUrl, text } from './helpers.ts';

let n = 0;
const freshScope = (): string => `sort${Date.now().toString(36)}x${++n}`;

async function until(predicate: () => boolean, what: string): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

interface Setup {
  select: SortSelect;
  control: HTMLSelectElement;
  list: CatalogBlock;
  scope: SearchScope;
  scopeName: string;
  /** Number of `state` events of the scope since setup (one per search the select asks for). */
  changes: () => number;
}

async function setup(attrs: { sortOrder?: string; lang?: string } = {}): Promise<Setup> {
  const { storeUrl } = await devStore();
  const context = (await entryById('paging-01')).contextId;
  const scopeName = freshScope();
  const root = await fixture(html`<div>
    <catalog-sort-select store-url=${storeUrl} scope=${scopeName} lang=${attrs.lang ?? 'en'}
      sort-order=${ifDefined(attrs.sortOrder)}></catalog-sort-select>
    <dataset-list store-url=${storeUrl} scope=${scopeName} context=${context} lang="en"
      sort-order=${ifDefined(attrs.sortOrder)}></dataset-list>
  </div>`);
  const select = root.querySelector('catalog-sort-select') as SortSelect;
  const list = root.querySelector('dataset-list') as CatalogBlock;
  expect(await list.loadComplete).to.equal('ready');
  await select.loadComplete;
  const scope = scopeFor(document, scopeName, list.store);
  let count = 0;
  scope.addEventListener('state', () => count++);
  const control = select.querySelector('select')!;
  return { select, control, list, scope, scopeName, changes: () => count };
}

const firstTitle = (list: Element): string => text(list.querySelector('.entryList > li .esbRowTitle'));

/** A pointer choice: the press on the select, then the change the browser fires after the pick. */
function pickWithPointer(control: HTMLSelectElement, value: string): void {
  control.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  control.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  control.value = value;
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

let restoreUrl: () => void;
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

describe('sort select: rendering', () => {
  it('a labelled native select "Sort by" with "Last modified" and "Title A–Z", accessible', async () => {
    const { select, control } = await setup();
    const label = select.querySelector('label')!;
    expect(text(label)).to.equal('Sort by');
    expect(label.htmlFor).to.equal(control.id);
    expect([...control.options].map((o) => [o.value, text(o)])).to.deep.equal([
      ['modified', 'Last modified'],
      ['title', 'Title A–Z'],
    ]);
    expect(control.value).to.equal('modified');
    await expect(select).to.be.accessible();
  });

  it('labels follow the UI language (sv)', async () => {
    const { select, control } = await setup({ lang: 'sv' });
    await until(() => text(select.querySelector('label')) === 'Sortera efter', 'Swedish label');
    expect([...control.options].map((o) => text(o))).to.deep.equal(['Senast ändrad', 'Titel A–Ö']);
  });

  it('sortOrder="title" selects "Title A–Z" initially; the list is sorted by title', async () => {
    const { control, list } = await setup({ sortOrder: 'title' });
    expect(control.value).to.equal('title');
    expect(firstTitle(list)).to.equal('Paging dataset 01');
  });

  it('the initial option: esc_sort wins, then sortOrder title / modified desc, else the first option', () => {
    const state = { terms: [], filters: {}, page: 1 };
    expect(sortKeyOf({ ...state, sort: 'title' }, 'modified desc')).to.equal('title');
    expect(sortKeyOf(state, 'title')).to.equal('title');
    expect(sortKeyOf(state, 'title.sv+asc')).to.equal('title');
    expect(sortKeyOf(state, 'modified+desc')).to.equal('modified');
    expect(sortKeyOf(state, 'score desc')).to.equal('modified');
    expect(sortKeyOf(state, undefined)).to.equal('modified');
  });
});

describe('sort select: applying a choice', () => {
  it('a pointer choice re-runs the search from page 1 and writes esc_<scope>_sort=title to the URL', async () => {
    const { control, list, scope, scopeName, changes } = await setup();
    expect(firstTitle(list)).to.equal('Paging dataset 25');
    scope.update((s) => ({ ...s, page: 2 }), { history: 'none' });
    await until(() => scope.status === 'ready' && scope.state.page === 2, 'page 2');
    pickWithPointer(control, 'title');
    await until(() => scope.state.sort === 'title', 'sort applied');
    expect(scope.state.page).to.equal(1);
    await list.loadComplete;
    await until(() => firstTitle(list) === 'Paging dataset 01', 'title order');
    expect(new URLSearchParams(location.hash.slice(1)).get(`esc_${scopeName}_sort`)).to.equal('title');
    expect(changes()).to.be.at.least(2);
  });

  it('arrow keys alone change the shown option but never search; Enter applies it', async () => {
    const { control, scope, changes } = await setup();
    const before = changes();
    control.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowDown' });
    expect(scope.state.sort, 'no search on arrows').to.equal(undefined);
    expect(changes()).to.equal(before);
    expect(control.value).to.equal('title');
    await sendKeys({ press: 'Enter' });
    await until(() => scope.state.sort === 'title', 'Enter applies');
    expect(changes()).to.equal(before + 1);
  });

  it('a value reached with arrow keys is applied when the select loses focus', async () => {
    const { control, scope, changes } = await setup();
    const before = changes();
    control.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(scope.state.sort).to.equal(undefined);
    control.blur();
    await until(() => scope.state.sort === 'title', 'blur applies');
    expect(changes()).to.equal(before + 1);
  });

  it('choosing the option already applied does not search again', async () => {
    const { control, scope, changes } = await setup();
    const before = changes();
    pickWithPointer(control, 'modified');
    await new Promise((r) => requestAnimationFrame(r));
    expect(changes()).to.equal(before);
    expect(scope.state.sort).to.equal(undefined);
  });

  it('back restores the previous order and the select follows the URL', async () => {
    const { control, select, scope } = await setup();
    pickWithPointer(control, 'title');
    await until(() => scope.state.sort === 'title', 'sort applied');
    history.back();
    await until(() => scope.state.sort === undefined, 'back restores');
    await select.updateComplete;
    expect(control.value).to.equal('modified');
  });
});
