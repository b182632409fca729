// Which DOM a result row gets across answers (issue 13 point 11): rows without state take over the DOM of their
// position, updated in place (a sort rebuilt every row before); a row keeps its DOM while it shows the same entry
// (opening it changes nothing); a row the reader opened never hands its DOM to another dataset, nor does a row
// holding focus.
import { expect } from '@open-wc/testing';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import { devStore, settled, text } from './helpers.ts';
import { block, expandButton, freshScope, pagingContextId, rowTitles, rows, until } from './dataset-list.helpers.ts';

async function pagingList(): Promise<DatasetList> {
  const { storeUrl } = await devStore();
  const el = await block<DatasetList>('dataset-list', { 'store-url': storeUrl, scope: freshScope(), context: await pagingContextId(), lang: 'en' });
  expect(await settled(el)).to.equal('ready');
  return el;
}

async function sortBy(el: DatasetList, sort: string): Promise<void> {
  const scope = el.searchScope;
  scope.update((s) => ({ ...s, sort }), { history: 'none' });
  await scope.settled();
  expect(await settled(el)).to.equal('ready');
}

const titleOf = (row: Element): string => text(row.querySelector('.esbRowTitle'));

describe('result rows: DOM across answers', () => {
  it('a sort updates rows in place: same elements, every title, link and id of the new entries', async () => {
    const el = await pagingList();
    const before = rows(el);
    expect(titleOf(before[0]!)).to.equal('Paging dataset 25');
    const uriBefore = before[0]!.dataset.uri;
    await sortBy(el, 'title');
    const after = rows(el);
    expect(rowTitles(el).slice(0, 3)).to.deep.equal(['Paging dataset 01', 'Paging dataset 02', 'Paging dataset 03']);
    expect(after[0]).to.equal(before[0], 'the first position reuses its element');
    // everything in the reused element belongs to the new entry
    const row = after[0]!;
    const link = row.querySelector<HTMLAnchorElement>('a.esbRowTitleLink')!;
    const button = expandButton(row);
    const region = row.querySelector('.esbRowExpand')!;
    expect(row.dataset.uri).to.be.a('string').and.not.equal(uriBefore);
    expect(link.textContent?.trim()).to.equal('Paging dataset 01');
    expect(button.getAttribute('aria-controls')).to.equal(region.id);
    expect(text(button)).to.contain('Paging dataset 01');
    const ids = [...el.querySelectorAll('[id]')].map((n) => n.id);
    expect(new Set(ids).size).to.equal(ids.length, 'ids stay unique');
  });

  it('opening a row keeps its element (focus stays on its button); an opened row never lends its element to another entry', async () => {
    const el = await pagingList();
    const first = rows(el)[0]!;
    const button = expandButton(first);
    button.focus();
    button.click();
    await until(() => !!first.querySelector('.esbRowExpand:not([hidden])'), 'expanded area');
    expect(rows(el)[0]).to.equal(first, 'opening does not rebuild the row');
    expect(document.activeElement).to.equal(button);
    button.blur();
    await sortBy(el, 'title');
    const now = rows(el)[0]!;
    expect(titleOf(now)).to.equal('Paging dataset 01');
    expect(now).to.not.equal(first, 'the opened row\'s element went with its entry');
    expect(now.querySelector('.esbRowExpand')!.hasAttribute('hidden')).to.equal(true, 'the new entry is not open');
    expect(expandButton(now).getAttribute('aria-expanded')).to.equal('false');
  });

  it('while focus is in a row, a position whose entry changes is rebuilt (the focused control never stands for another dataset)', async () => {
    const el = await pagingList();
    const first = rows(el)[0]!;
    first.querySelector<HTMLAnchorElement>('a.esbRowTitleLink')!.focus();
    await sortBy(el, 'title');
    expect(rows(el)[0]).to.not.equal(first);
    expect(el.contains(document.activeElement)).to.equal(true, 'focus went to the list, as before');
    expect(document.activeElement?.closest('li.esbRow')).to.equal(null);
  });
});
