// Search scopes are keyed by scope name AND store (issue 13 point 8): two lists on different stores never show one
// store's answers, blocks with one scope name on one store (siblings, any store object with that base URL) share one
// search, and a scope name used on two stores warns once (the two searches stay apart; their URL keys are the name's).
// The second store is the dev store behind the fault route `ok` (a different base URL, the same catalogs; its lists
// search the whole store: a context URI names the dev store's own base URL, not the route's).
import { expect } from '@open-wc/testing';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import type { DatasetResults } from '../../blocks/dataset-results/dataset-results.ts';
import { resetScopes, scopeFor } from '../../src/search/scope.ts';
import { captureWarnings, countingStore, devStore, faultStoreUrl, settled, text, uniqueKey } from './helpers.ts';
import { block, freshScope, pagingContextId, rowTitles } from './dataset-list.helpers.ts';

const PAGING_FIRST_PAGE = Array.from({ length: 10 }, (_, i) => `Paging dataset ${25 - i}`);

let pageBefore = '';
beforeEach(() => {
  resetScopes(document);
  pageBefore ||= location.pathname;
  history.replaceState(null, '', pageBefore);
});
afterEach(() => history.replaceState(null, '', pageBefore));

async function list(attrs: Record<string, string>): Promise<DatasetList> {
  const el = await block<DatasetList>('dataset-list', { lang: 'en', ...attrs });
  expect(await settled(el)).to.equal('ready');
  return el;
}

/** A second base URL for the dev store (its own scope key). */
const otherStoreUrl = (): string => faultStoreUrl('ok', uniqueKey('k2'));

describe('search scopes keyed by store', () => {
  it('two lists without a scope on different stores: each shows its own store\'s search', async () => {
    const { storeUrl } = await devStore();
    const other = otherStoreUrl();
    const a = await list({ 'store-url': storeUrl, context: await pagingContextId() });
    const b = await list({ 'store-url': other });
    // the first list searches the paging catalog (25), the second the whole store (a shared scope would show the
    // paging catalog in both: the first list's `context` stays)
    const scopeA = scopeFor(document, 'default', a.store);
    const scopeB = scopeFor(document, 'default', b.store);
    expect(rowTitles(a)).to.deep.equal(PAGING_FIRST_PAGE);
    expect(scopeA.results!.total).to.equal(25);
    expect(scopeB.results!.total).to.be.greaterThan(25);
    expect(rowTitles(b)).to.have.length(10);
    expect(rowTitles(b)).to.not.deep.equal(PAGING_FIRST_PAGE);
    expect(scopeA).to.not.equal(scopeB);
    expect(scopeA.store.baseUrl).to.equal(storeUrl);
    expect(scopeB.store.baseUrl).to.equal(other);
  });

  it('a list whose store fails shows its error while the list on the other store shows rows', async () => {
    const { storeUrl } = await devStore();
    const a = await list({ 'store-url': storeUrl, context: await pagingContextId() });
    const broken = await block<DatasetList>('dataset-list', { 'store-url': faultStoreUrl('status', '500'), lang: 'en' });
    expect(await settled(broken)).to.not.equal('ready');
    expect(rowTitles(broken)).to.deep.equal([]);
    expect(rowTitles(a)).to.deep.equal(PAGING_FIRST_PAGE);
    expect(a.state).to.equal('ready');
  });

  it('siblings with one scope name and one store share one search (also through another client of that store)', async () => {
    const { storeUrl } = await devStore();
    const scope = freshScope('shared');
    const a = await list({ 'store-url': storeUrl, scope, context: await pagingContextId() });
    const res = await block<DatasetResults>('dataset-results', { 'store-url': storeUrl, scope, lang: 'en' });
    // a sibling in a provider with its own client object for the same store URL
    const { store: client } = countingStore(storeUrl);
    const res2 = await block<DatasetResults>('dataset-results', { scope, lang: 'en' }, client);
    await settled(res);
    await settled(res2);
    const shared = scopeFor(document, scope, a.store);
    expect(scopeFor(document, scope, client)).to.equal(shared);
    expect(text(res.querySelector('.esbResults'))).to.equal('Showing all 25 datasets');
    expect(text(res2.querySelector('.esbResults'))).to.equal('Showing all 25 datasets');
    shared.update((s) => ({ ...s, terms: ['zzznothing'] }), { history: 'none' });
    await shared.settled();
    await Promise.all([a.updateComplete, res.updateComplete, res2.updateComplete]);
    expect(rowTitles(a)).to.deep.equal([]);
    expect(text(res.querySelector('.esbResults'))).to.equal('No datasets match your search.');
    expect(text(res2.querySelector('.esbResults'))).to.equal('No datasets match your search.');
  });

  it('a scope name already used with another store: warned once, the two searches stay apart', async () => {
    const { storeUrl } = await devStore();
    const other = otherStoreUrl();
    const scope = freshScope('clash');
    let a!: DatasetList;
    let b!: DatasetList;
    const warnings = await captureWarnings(async () => {
      a = await list({ 'store-url': storeUrl, scope, context: await pagingContextId() });
      b = await list({ 'store-url': other, scope });
      // a second block on the clashing store: the same scope, no second warning
      const res = await block<DatasetResults>('dataset-results', { 'store-url': other, scope, lang: 'en' });
      await settled(res);
      b.requestUpdate();
      await b.updateComplete;
    });
    const clash = warnings.filter((w) => w.includes(`scope "${scope}"`));
    expect(clash).to.have.length(1, warnings.join('\n'));
    expect(clash[0]).to.include(storeUrl).and.include(other);
    expect(rowTitles(a)).to.deep.equal(PAGING_FIRST_PAGE);
    expect(rowTitles(b)).to.have.length(10);
    expect(rowTitles(b)).to.not.deep.equal(PAGING_FIRST_PAGE);
    expect(scopeFor(document, scope, a.store).results!.total).to.equal(25);
    expect(scopeFor(document, scope, b.store).results!.total).to.be.greaterThan(25);
  });

  it('a list whose store comes from a <catalog-store-provider> property: one scope, on that store, no clash warned', async () => {
    const scope = freshScope('provided');
    const { store: client, requests } = countingStore(otherStoreUrl());
    let el!: DatasetList;
    const warnings = await captureWarnings(async () => {
      el = await block<DatasetList>('dataset-list', { scope, lang: 'en' }, client);
      expect(await settled(el)).to.equal('ready');
    });
    expect(warnings.filter((w) => w.includes(`scope "${scope}"`)), warnings.join('\n')).to.deep.equal([]);
    expect(el.store.baseUrl).to.equal(client.baseUrl);
    expect(scopeFor(document, scope, client).results!.total).to.be.greaterThan(25);
    expect(rowTitles(el)).to.have.length(10);
    expect(requests.length, 'the provided client answered').to.be.greaterThan(0);
  });
});
