// <dataset-facets> (facets): groups with counts, real links, filtering in place (OR within a group, AND across),
// selected state, show more, clear all, URL, keyboard, active-filter chips; accessibility of every state.
import { expect, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { fixedStore, freshPage, mountOnStore, mountSearch, rendered, until } from './search-input-helpers.ts';
import { text } from './helpers.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/facets-sv/facets-sv.ts';
import type { DatasetFacets } from '../../blocks/dataset-facets/dataset-facets.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import { FACETS } from '../../src/search/facets.ts';
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

describe('dataset-facets', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('renders one group per facet with values in the demo catalog, headings h3 under hl 2, counts', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    expect(scope.settings.facets).to.include.members(['theme', 'org', 'format', 'license', 'access', 'keyword']);
    const theme = groupOf(el, 'theme')!;
    expect(theme.querySelector('h3.esbFacets__facetHeader')?.textContent?.trim()).to.equal('Theme');
    const transport = linkFor(el, 'theme', 'Transport');
    expect(countOf(transport)).to.equal(1);
    expect(text(transport)).to.contain('1 dataset');
    for (const g of el.querySelectorAll('.esbFacets__collection')) expect(g.querySelectorAll('li').length).to.be.greaterThan(0);
    expect(el.querySelector('h1, h2, h4')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a value is a real link to the state with that value (fragment key esc_theme)', async () => {
    const { el } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const href = linkFor(el, 'theme', 'Transport').getAttribute('href')!;
    expect(href).to.contain('#');
    expect(decodeURIComponent(href)).to.match(/esc_theme=[^&]*TRAN/);
  });

  it('value links follow the page address: another search on the page (its own URL keys) is kept in them (issue 13 point 11: links kept between renders)', async () => {
    const { el } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const before = linkFor(el, 'theme', 'Transport').getAttribute('href')!;
    expect(before).not.to.contain('other_term');
    // another scope on the page wrote its state (same state here, a new address)
    history.replaceState(null, '', `${location.pathname}${location.search}#other_term=buss`);
    el.requestUpdate();
    await el.updateComplete;
    const after = linkFor(el, 'theme', 'Transport').getAttribute('href')!;
    expect(after).to.contain('other_term=buss');
    expect(decodeURIComponent(after)).to.match(/esc_theme=[^&]*TRAN/);
  });

  it('clicking a value filters in place: the total equals the count shown, URL written, selected state', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const link = linkFor(el, 'theme', 'Education, culture and sport');
    const count = countOf(link);
    link.focus();
    const pathBefore = location.pathname;
    await clickAndSettle(el, scope, link);
    expect(location.pathname, 'no navigation').to.equal(pathBefore);
    expect(scope.state.filters.theme).to.deep.equal([`${THEME}EDUC`]);
    expect(scope.results?.total).to.equal(count);
    expect(decodeURIComponent(location.hash)).to.match(/esc_theme=[^&]*EDUC/);
    const selected = linkFor(el, 'theme', 'Education, culture and sport');
    expect(selected.getAttribute('aria-current')).to.equal('true');
    expect(selected.closest('li')!.classList.contains('esbFacets--selected')).to.be.true;
    expect(text(selected.closest('li')!.querySelector('a.esbFacets__clear'))).to.contain('Remove filter');
    expect(document.activeElement, 'focus stays on the value').to.equal(selected);
    await expect(el).to.be.accessible();
  });

  it('OR within a group: two themes give the datasets of either', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const a = countOf(linkFor(el, 'theme', 'Education, culture and sport'));
    const b = countOf(linkFor(el, 'theme', 'Transport'));
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Education, culture and sport'));
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    expect(scope.state.filters.theme).to.have.length(2);
    expect(scope.results?.total).to.equal(a + b);
  });

  it('AND across groups: a theme narrows the keywords offered', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    expect(linksOf(el, 'keyword').map(labelOf)).to.include('bibliotek');
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    expect(linksOf(el, 'keyword').map(labelOf)).not.to.include('bibliotek');
    const keyword = linksOf(el, 'keyword')[0]!;
    const count = countOf(keyword);
    await clickAndSettle(el, scope, keyword);
    expect(Object.keys(scope.state.filters).sort()).to.deep.equal(['keyword', 'theme']);
    expect(scope.results?.total).to.equal(count);
  });

  it('"Remove filter" removes the value', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    const remove = el.querySelector<HTMLAnchorElement>('a.esbFacets__clear')!;
    expect(remove.getAttribute('href')).not.to.contain('TRAN');
    await clickAndSettle(el, scope, remove);
    expect(scope.state.filters).to.deep.equal({});
    expect(el.querySelector('[aria-current]')).to.equal(null);
  });

  it('"Clear all filters" appears with a filter and resets every group (the URL too)', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    expect(el.querySelector('.esbFacets__clearAll')).to.equal(null);
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    await clickAndSettle(el, scope, linksOf(el, 'keyword')[0]!);
    const clear = el.querySelector<HTMLButtonElement>('button.esbFacets__clearAll')!;
    expect(clear.type).to.equal('button');
    expect(text(clear)).to.equal('Clear all filters');
    await clickAndSettle(el, scope, clear);
    expect(scope.state.filters).to.deep.equal({});
    expect(location.hash).not.to.contain('esc_theme');
    expect(location.hash).not.to.contain('esc_keyword');
    expect(el.querySelector('.esbFacets__clearAll')).to.equal(null);
    expect(el.contains(document.activeElement), 'focus kept in the facets').to.be.true;
  });

  it('a filter in the URL is selected on load', async () => {
    history.replaceState(null, '', `${location.pathname}#esc_theme=${encodeURIComponent(`${THEME}TRAN`)}`);
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    expect(scope.state.filters.theme).to.deep.equal([`${THEME}TRAN`]);
    expect(linkFor(el, 'theme', 'Transport').getAttribute('aria-current')).to.equal('true');
  });

  it('Enter on a focused value activates it; Tab reaches every value', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const links = [...el.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink')];
    links[0]!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(links[1]);
    const label = labelOf(links[1]!);
    await sendKeys({ press: 'Enter' });
    await until(() => Object.keys(scope.state.filters).length === 1, 'the filter');
    await scope.settled();
    await rendered(el);
    expect(el.querySelector('[aria-current="true"] .facetLabel')?.textContent).to.equal(label);
  });

  it('"Show more" / "Show fewer" after the §4.4 limit (keywords: 10)', async () => {
    const field = FACETS.keyword.fields[0]!;
    const values = Array.from({ length: 12 }, (_, i) => ({ name: `word${String(i).padStart(2, '0')}`, count: 20 - i }));
    const store = fixedStore({ total: 30, entries: [], facets: [{ name: field, values }] });
    const { el } = await mountOnStore<DatasetFacets>(store, html`<dataset-facets lang="en"></dataset-facets>`, {});
    await rendered(el);
    expect(linksOf(el, 'keyword')).to.have.length(10);
    const more = groupOf(el, 'keyword')!.querySelector<HTMLButtonElement>('button.esbFacets__limitButton')!;
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    expect(more.getAttribute('aria-controls')).to.equal(groupOf(el, 'keyword')!.querySelector('ul')!.id);
    expect(text(more)).to.contain('Show more');
    await expect(el).to.be.accessible();
    more.click();
    await rendered(el);
    expect(linksOf(el, 'keyword')).to.have.length(12);
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    expect(text(more)).to.contain('Show fewer');
    await expect(el).to.be.accessible();
    more.click();
    await rendered(el);
    expect(linksOf(el, 'keyword')).to.have.length(10);
  });

  it('a count "(n)" never breaks over two lines in a narrow column (the column wraps anywhere for long metadata)', async () => {
    const { el } = await mountSearch<DatasetFacets>(html`<div style="width: 9rem"><dataset-facets lang="en"></dataset-facets></div>`);
    await rendered(el);
    const counts = [...el.querySelectorAll<HTMLElement>('.esbFacets__occurence')];
    expect(counts.length).to.be.greaterThan(3);
    // lines the count's text lies on (the count is a flex item: its own box holds the lines)
    const lines = (c: Element) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    for (const c of counts) expect(lines(c), c.textContent ?? '').to.equal(1);
  });

  it('groups without values are not rendered (no empty headings)', async () => {
    const store = fixedStore({ total: 3, entries: [], facets: [{ name: FACETS.keyword.fields[0]!, values: [{ name: 'solo', count: 3 }] }] });
    const { el } = await mountOnStore<DatasetFacets>(store, html`<dataset-facets lang="en"></dataset-facets>`, {});
    await rendered(el);
    expect([...el.querySelectorAll('.esbFacets__collection')].map((g) => g.className)).to.deep.equal(['esbFacets__collection collection_keyword']);
    expect(el.querySelectorAll('h3')).to.have.length(1);
  });

  it('a keyword with control characters (harvested): label and data-facet key hold no HTML-forbidden code point; clicking it keeps focus (issue 11 point 12)', async () => {
    const dirty = 'sjö\u0001ar\u000Bbad\u007F';
    const store = fixedStore({ total: 3, entries: [], facets: [{ name: FACETS.keyword.fields[0]!, values: [{ name: dirty, count: 3 }] }] });
    const { el } = await mountOnStore<DatasetFacets>(store, html`<dataset-facets lang="en"></dataset-facets>`, {});
    await rendered(el);
    const link = el.querySelector<HTMLAnchorElement>('.collection_keyword a.esbFacets__optionLink')!;
    expect(el.innerHTML).to.not.match(/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/);
    expect(link.dataset.facet).to.equal('keyword|sjöar\nbad');
    link.focus();
    link.click();
    await rendered(el);
    expect(document.activeElement?.getAttribute('data-facet')).to.equal('keyword|sjöar\nbad');
  });

  it('hl sets the group heading level to hl+1', async () => {
    const { el } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en" hl="3"></dataset-facets>`);
    await rendered(el);
    expect(el.querySelectorAll('h4.esbFacets__facetHeader').length).to.be.greaterThan(0);
    expect(el.querySelector('h3')).to.equal(null);
  });

  it('hvd-filter and type-filter add their groups to the scope', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en" hvd-filter type-filter></dataset-facets>`, {
      contextId: '1',
      types: ['dataset', 'series', 'service'],
    });
    await rendered(el);
    expect(scope.settings.facets).to.include.members(['hvd', 'type']);
    const types = linksOf(el, 'type').map(labelOf);
    expect(types).to.include.members(['Dataset', 'Data service']);
    expect(groupOf(el, 'type')!.querySelector('h3')?.textContent?.trim()).to.equal('Type');
    await expect(el).to.be.accessible();
  });

  it('variant="compact": collapsed groups with 5 values before "Show more"', async () => {
    const values = Array.from({ length: 8 }, (_, i) => ({ name: `kw${i}`, count: 10 - i }));
    const store = fixedStore({ total: 30, entries: [], facets: [{ name: FACETS.keyword.fields[0]!, values }] });
    const { el } = await mountOnStore<DatasetFacets>(store, html`<dataset-facets lang="en" variant="compact"></dataset-facets>`, {});
    await rendered(el);
    const details = groupOf(el, 'keyword')!;
    expect(details.localName).to.equal('details');
    expect((details as HTMLDetailsElement).open).to.be.false;
    expect(details.querySelector('summary h3')).to.exist;
    expect(linksOf(el, 'keyword')).to.have.length(5);
    await expect(el).to.be.accessible();
  });

  it('speaks the UI language (sv): group headings, counts, show more', async () => {
    await loadMessages('sv');
    const { el } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="sv"></dataset-facets>`);
    await rendered(el);
    expect(groupOf(el, 'theme')!.querySelector('h3')?.textContent?.trim()).to.equal('Tema');
    expect(groupOf(el, 'org')!.querySelector('h3')?.textContent?.trim()).to.equal('Utgivare');
    const transport = linksOf(el, 'theme').find((a) => countOf(a) === 1)!;
    expect(text(transport)).to.contain('1 datamängd');
  });

  it('the old lower-case attribute hvdfilter works on esb-datasetfacets', async () => {
    const { el, scope } = await mountSearch<HTMLElement>(html`<esb-datasetfacets lang="en" hvdfilter="true"></esb-datasetfacets>`);
    await rendered(el);
    expect(scope.settings.facets).to.include('hvd');
  });

  it('the legacy names facets-sv and esb-datasetfacets are the same block', async () => {
    const { el } = await mountSearch<HTMLElement>(html`<div><facets-sv lang="en"></facets-sv><esb-datasetfacets lang="en" scope="x"></esb-datasetfacets></div>`);
    const sv = el.querySelector('facets-sv')!;
    await rendered(sv);
    expect(linksOf(sv, 'theme').length).to.be.greaterThan(0);
    expect(customElements.get('esb-datasetfacets')).to.exist;
  });

  // A selected value's mark was the character ✓, which the fonts sites use mostly lack: the browser looked up a
  // fallback font on the first click (about a millisecond of its layout, issue 29). The mark is now drawn.
  it('a selected value shows a drawn check mark: no character to find a font for, visible under forced colours', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const width = (a: Element) => a.querySelector('.facetLabel')!.getBoundingClientRect().width;
    const plain = width(linkFor(el, 'theme', 'Transport'));
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    const label = linkFor(el, 'theme', 'Transport').querySelector('.facetLabel')!;
    const mark = () => getComputedStyle(label, '::before');
    expect(mark().content, 'no character in the mark').to.be.oneOf(['""', "''"]);
    const em = parseFloat(getComputedStyle(label).fontSize);
    expect(width(linkFor(el, 'theme', 'Transport')) - plain, 'the mark takes room before the label').to.be.at.least(0.4 * em);
    for (const forced of ['none', 'active'] as const) {
      await emulateMedia({ forcedColors: forced });
      try {
        const s = mark();
        expect(s.borderRightStyle, forced).to.equal('solid');
        expect(parseFloat(s.borderRightWidth), forced).to.be.at.least(1);
        expect(parseFloat(s.borderBottomWidth), forced).to.be.at.least(1);
        expect(s.borderRightColor, `${forced}: the mark has the label's colour`).to.equal(getComputedStyle(label).color);
      } finally {
        await emulateMedia({ forcedColors: 'none' });
      }
    }
    // (a screen reader hears the value as current from aria-current; the mark has no text to add to its name)
    expect(linkFor(el, 'theme', 'Transport').getAttribute('aria-current')).to.equal('true');
  });

  // A weight or size the page shows nowhere else costs the browser a font lookup when it first appears: the first click.
  it('a selected value and its "Remove filter" use the weight and size the column already shows', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`);
    await rendered(el);
    const button = el.querySelector('.esbBtn');
    expect(button, 'a button in the column ("Show more")').to.exist;
    const buttonWeight = getComputedStyle(button!).fontWeight;
    await clickAndSettle(el, scope, linkFor(el, 'theme', 'Transport'));
    const link = linkFor(el, 'theme', 'Transport');
    expect(getComputedStyle(link).fontWeight, 'the selected value: the buttons\' weight').to.equal(buttonWeight);
    const remove = link.closest('li')!.querySelector('a.esbFacets__clear')!;
    expect(getComputedStyle(remove).fontSize, '"Remove filter": the values\' size').to.equal(getComputedStyle(link).fontSize);
    expect(getComputedStyle(remove).fontWeight).to.equal(getComputedStyle(link.closest('li')!).fontWeight);
  });
});

describe('catalog-active-filters', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('shows the active filters as chips; removing one moves focus to the next chip', async () => {
    history.replaceState(null, '', `${location.pathname}#esc_theme=${encodeURIComponent(`${THEME}TRAN`)},${encodeURIComponent(`${THEME}EDUC`)}`);
    const { el, scope } = await mountSearch<HTMLElement>(
      html`<div><catalog-active-filters lang="en"></catalog-active-filters><dataset-facets lang="en"></dataset-facets></div>`,
    );
    const chipsEl = el.querySelector('catalog-active-filters')!;
    await rendered(chipsEl);
    const chips = [...chipsEl.querySelectorAll<HTMLButtonElement>('button.item.esbItemFacet')];
    expect(chips).to.have.length(2);
    expect(text(chips[0]!.querySelector('.group'))).to.equal('Theme:');
    expect(chips[0]!.getAttribute('aria-label')).to.match(/^Remove Theme: /);
    await expect(chipsEl).to.be.accessible();
    chips[0]!.focus();
    chips[0]!.click();
    await until(() => (scope.state.filters.theme?.length ?? 0) === 1, 'the chip removal');
    await rendered(chipsEl);
    const left = [...chipsEl.querySelectorAll<HTMLButtonElement>('button.item')];
    expect(left).to.have.length(1);
    expect(document.activeElement).to.equal(left[0]);
  });
});

describe('search parts: HTML validity (Nu validator)', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('facets (selected value, show more), active filters, search input and the open combobox are valid HTML', async function () {
    (this as { timeout(ms: number): void }).timeout(90000); // the validator is a Java process
    await import('../../blocks/dataset-search/dataset-search.ts');
    await import('../../blocks/dataset-multi-search/dataset-multi-search.ts');
    await import('../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts');
    history.replaceState(null, '', `${location.pathname}#esc_term=bee&esc_theme=${encodeURIComponent(`${THEME}TRAN`)}`);
    const { el } = await mountSearch<HTMLElement>(html`<div class="esbFacetLayout">
      <facet-search-responsiveness lang="en"></facet-search-responsiveness>
      <aside class="esbFacetColumn"><dataset-facets lang="en"></dataset-facets></aside>
      <div>
        <dataset-search lang="en"></dataset-search>
        <dataset-multi-search lang="en"></dataset-multi-search>
        <catalog-active-filters lang="en" terms></catalog-active-filters>
      </div>
    </div>`);
    const multi = el.querySelector('dataset-multi-search')!;
    const input = multi.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    input.focus();
    await sendKeys({ type: 'popul' });
    await sendKeys({ press: 'ArrowDown' });
    const search = el.querySelector('dataset-search')!.querySelector('input')!;
    search.value = 'a+';
    search.dispatchEvent(new Event('input'));
    await rendered(...el.querySelectorAll('dataset-search, dataset-multi-search, dataset-facets, catalog-active-filters'));
    expect(multi.querySelector('[role="option"]')).to.exist;
    const res = await fetch('/__validate', {
      method: 'POST',
      body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Search</title></head><body><main>${el.outerHTML.replace(/<\/?(dataset|catalog|facet)-[a-z-]+[^>]*>/g, '')}</main></body></html>`,
      headers: { 'Content-Type': 'text/html' },
    });
    const messages = ((await res.json()) as { messages: { type: string; message: string; extract?: string }[] }).messages;
    expect(messages.filter((m) => m.type === 'error').map((m) => `${m.message} — ${m.extract ?? ''}`)).to.deep.equal([]);
  });
});
