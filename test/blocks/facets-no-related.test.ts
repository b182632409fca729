// <dataset-facets> on a store WITHOUT related.* indexing (a default EntryStore: `entrystore.solr.related` off; the
// block-test plugin's `plainStoreUrl`): the Format and Licence groups are left out (README "Pointing at your
// EntryStore"), the other groups count, filter in place and OR within a group as on an EntryScape-configured store.
import { expect, html } from '@open-wc/testing';
import { freshPage, mountOnStore, rendered, until } from './search-input-helpers.ts';
import { countingStore, devStore, text } from './helpers.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import type { DatasetFacets } from '../../blocks/dataset-facets/dataset-facets.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import type { SearchScope } from '../../src/search/scope.ts';

const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const groupOf = (el: Element, name: string) => el.querySelector(`.esbFacets__collection.collection_${name}`);
const linksOf = (el: Element, name: string) => [...(groupOf(el, name)?.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink') ?? [])];
const countOf = (a: Element) => Number(/\((\d+)\)/.exec(a.querySelector('.esbFacets__occurence')?.textContent ?? '')?.[1]);
const labelOf = (a: Element) => text(a.querySelector('.facetLabel'));
function linkFor(el: Element, name: string, label: string): HTMLAnchorElement {
  const a = linksOf(el, name).find((x) => labelOf(x) === label);
  if (!a) throw new Error(`no ${name} value "${label}" among ${linksOf(el, name).map(labelOf).join(', ')}`);
  return a;
}
async function clickAndSettle(el: Element, scope: SearchScope, target: HTMLElement): Promise<void> {
  target.click();
  await until(() => scope.status !== 'loading', 'the search');
  await scope.settled();
  await rendered(el);
}
async function mountPlain(): Promise<{ el: DatasetFacets; scope: SearchScope; searches: () => string[] }> {
  const { plainStoreUrl } = await devStore();
  const { store, requests } = countingStore(plainStoreUrl);
  const { el, scope } = await mountOnStore<DatasetFacets>(store, html`<dataset-facets lang="en"></dataset-facets>`);
  await rendered(el);
  return { el, scope, searches: () => requests.filter((r) => r.includes('/search?')) };
}

describe('dataset-facets on a store without related indexing', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('counts: the theme, publisher and keyword groups have values and counts; no Format or Licence group', async () => {
    const { el } = await mountPlain();
    expect(countOf(linkFor(el, 'theme', 'Transport'))).to.equal(1);
    expect(countOf(linkFor(el, 'theme', 'Education, culture and sport'))).to.equal(1);
    expect(linksOf(el, 'keyword').map(labelOf)).to.include('bibliotek');
    expect(text(groupOf(el, 'format')), 'no Format group').to.equal('');
    expect(text(groupOf(el, 'license')), 'no Licence group').to.equal('');
  });

  it('clicking a value filters in place: the total equals the count shown, the value is selected', async () => {
    const { el, scope } = await mountPlain();
    const link = linkFor(el, 'theme', 'Education, culture and sport');
    const count = countOf(link);
    link.focus();
    await clickAndSettle(el, scope, link);
    expect(scope.state.filters.theme).to.deep.equal([`${THEME}EDUC`]);
    expect(scope.results?.total).to.equal(count);
    expect(linkFor(el, 'theme', 'Education, culture and sport').getAttribute('aria-current')).to.equal('true');
    // (booleans: chai's message for two unequal elements takes the page down)
    expect(document.activeElement === linkFor(el, 'theme', 'Education, culture and sport'), 'focus stays on the value').to.be.true;
    expect(text(groupOf(el, 'format')), 'no Format group').to.equal('');
  });

  it('OR within a group: the other themes stay offered with their counts; two themes give the datasets of either', async () => {
    const { el, scope } = await mountPlain();
    const a = countOf(linkFor(el, 'theme', 'Education, culture and sport'));
    const b = countOf(linkFor(el, 'theme', 'Transport'));
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Education, culture and sport'));
    expect(countOf(linkFor(el, 'theme', 'Transport'))).to.equal(b);
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    expect(scope.state.filters.theme).to.have.length(2);
    expect(scope.results?.total).to.equal(a + b);
  });

  it('"Clear all filters" resets the groups and keeps focus in the column', async () => {
    const { el, scope } = await mountPlain();
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    await clickAndSettle(el, scope, el.querySelector<HTMLButtonElement>('button.esbFacets__clearAll')!);
    expect(scope.state.filters).to.deep.equal({});
    expect(linksOf(el, 'theme').length).to.be.greaterThan(1);
    expect(el.contains(document.activeElement), 'focus kept in the facets').to.be.true;
  });

  it('after a click, the searches settle (no request loop)', async () => {
    const { el, scope, searches } = await mountPlain();
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    const n = searches().length;
    await new Promise((r) => setTimeout(r, 500));
    expect(searches().length, searches().slice(n).join('\n')).to.equal(n);
  });
});
