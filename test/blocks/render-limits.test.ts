// Text limits and wrapping (issue 8 points 11, 12): a 20 MB description, title or distribution description is
// rendered capped (rows ROW_TEXT_LIMIT, inline INLINE_TEXT_LIMIT, everything TEXT_HARD_LIMIT) with a keyboard-
// operable "Show more" that keeps focus; a 100 KB facet value and 80-character tokens wrap inside a 330 px column.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { longText } from '../../blocks/base/render-fields.ts';
import { LANDING_TEXT_LIMIT } from '../../src/dcat/text.ts';
import { sendKeys } from '@web/test-runner-commands';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import type { DatasetFacets } from '../../blocks/dataset-facets/dataset-facets.ts';
import { FACET_LABEL_LIMIT, INLINE_TEXT_LIMIT, ROW_TEXT_LIMIT, TEXT_HARD_LIMIT } from '../../src/dcat/text.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { FACETS, MAX_FILTER_VALUE_CHARS } from '../../src/search/facets.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import { settled, text, withStore } from './helpers.ts';
import { DCAT, DCTERMS, RDF_TYPE, graphOf, literal } from './memory-store.ts';
import { addGraph, RenderStore, RENDER_STORE } from './render-store.ts';
import { fixedStore, freshPage, mountOnStore, rendered } from './search-input-helpers.ts';

const R = 'https://render.example.org/';
const HUGE = 20 * 1024 * 1024;
/** A 20 MB text of words whose end is recognisable. */
const huge = (word: string) => `${`${word} `.repeat(Math.ceil(HUGE / (word.length + 1)))}THE-END`;
const TOKEN = `https://render.example.org/${'a1b2c3d4'.repeat(7)}`; // 83 characters, no break opportunity

function hugeStore(): RenderStore {
  const store = new RenderStore(RENDER_STORE);
  const g = new Graph();
  graphOf(`${R}huge`, [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}identifier`, literal('render-huge')],
    [`${DCTERMS}title`, literal(huge('Title'), { language: 'en' })],
    [`${DCTERMS}description`, literal(huge('Lorem'), { language: 'en' })],
    [`${DCAT}distribution`, `${R}huge-dist`],
  ], g);
  graphOf(`${R}huge-dist`, [
    [RDF_TYPE, `${DCAT}Distribution`],
    [`${DCTERMS}title`, literal('Huge distribution', { language: 'en' })],
    [`${DCTERMS}description`, literal(huge('Ipsum'), { language: 'en' })],
    [`${DCAT}downloadURL`, `${R}files/huge.csv`],
  ], g);
  graphOf(`${R}tokens`, [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}identifier`, literal('render-tokens')],
    [`${DCTERMS}title`, literal(`Title ${TOKEN}`, { language: 'en' })],
    [`${DCTERMS}description`, literal(`Description ${TOKEN} and ${TOKEN}`, { language: 'en' })],
    [`${DCAT}keyword`, literal(TOKEN, { language: 'en' })],
    [`${DCAT}landingPage`, TOKEN],
    [`${DCAT}distribution`, `${R}tokens-dist`],
  ], g);
  graphOf(`${R}paragraphs`, [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}identifier`, literal('render-paragraphs')],
    [`${DCTERMS}title`, literal('Two paragraphs', { language: 'en' })],
    [`${DCTERMS}description`, literal('First paragraph ends here.\n\nSecond starts here.', { language: 'en' })],
  ], g);
  graphOf(`${R}tokens-dist`, [
    [RDF_TYPE, `${DCAT}Distribution`],
    [`${DCTERMS}title`, literal(`Distribution ${TOKEN}`, { language: 'en' })],
    [`${DCTERMS}description`, literal(`Distribution description ${TOKEN}`, { language: 'en' })],
    [`${DCAT}accessURL`, TOKEN],
  ], g);
  addGraph(store, g);
  return store;
}

let store: RenderStore;
before(async () => {
  await loadMessages('en');
  store = hugeStore();
});
beforeEach(freshPage);

async function landing(lookup: string, lang = 'en', width?: number): Promise<CatalogBlock> {
  const tpl = html`<dataset-view lookup=${lookup} lang=${lang}></dataset-view>`;
  const el = width
    ? await (async () => {
        const box = await fixture<HTMLDivElement>(html`<div style="width:${width}px"></div>`);
        const provider = document.createElement('catalog-store-provider') as HTMLElement & { store: unknown };
        provider.store = store;
        const view = document.createElement('dataset-view');
        view.setAttribute('lookup', lookup);
        view.setAttribute('lang', lang);
        provider.append(view);
        box.append(provider);
        return view as CatalogBlock;
      })()
    : await withStore<CatalogBlock>(store, tpl);
  expect(await settled(el)).to.equal('ready');
  for (const b of el.querySelectorAll<HTMLButtonElement>('.esbDistributions button.esbExpandButton')) b.click();
  await el.updateComplete;
  return el;
}

function noOverflow(el: Element, what: string): void {
  expect(el.scrollWidth, `${what}: block scrollWidth ≤ clientWidth`).to.be.at.most(el.clientWidth + 1);
  const root = document.scrollingElement!;
  expect(root.scrollWidth, `${what}: document scrollWidth ≤ clientWidth`).to.be.at.most(root.clientWidth + 1);
}

describe('long metadata text', () => {
  it('landing page: a 20 MB title and description render capped; the page stays small', async () => {
    const el = await landing('render-huge');
    const h1 = el.querySelector('h1')!;
    expect(h1.textContent!.length, 'title').to.be.at.most(INLINE_TEXT_LIMIT + 1);
    expect(h1.textContent!.endsWith('…')).to.equal(true);
    const description = el.querySelector('.esbDescription')!;
    expect(description.textContent!.length, 'description').to.be.at.most(TEXT_HARD_LIMIT + 200);
    expect(description.textContent!).to.not.include('THE-END');
    expect(el.textContent!.length, 'whole block').to.be.below(TEXT_HARD_LIMIT * 2);
  });

  it('a long field value: ROW_TEXT_LIMIT characters and "Show more"; it opens and closes, focus stays on it', async () => {
    const el = await landing('render-huge');
    const dd = el.querySelector('.esbDistributions .esbRowExpand dd:has(.esbShowMore)')!;
    expect(dd, 'distribution description with Show more').to.exist;
    const button = dd.querySelector<HTMLButtonElement>('button.esbShowMore')!;
    expect(button.getAttribute('type')).to.equal('button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(text(button)).to.equal('Show more');
    const shown = () => dd.textContent!.length;
    expect(shown()).to.be.at.most(ROW_TEXT_LIMIT + 100);
    expect(dd.querySelector('.esbTextCut')).to.equal(null);
    button.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(document.activeElement, 'focus stays on the button').to.equal(button);
    expect(dd.querySelector('button.esbShowMore'), 'the same button').to.equal(button);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(text(button)).to.equal('Show less');
    expect(shown()).to.be.greaterThan(TEXT_HARD_LIMIT - 100);
    expect(shown()).to.be.at.most(TEXT_HARD_LIMIT + 200);
    expect(text(dd.querySelector('.esbTextCut'))).to.equal('Text cut at 100,000 characters.');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(document.activeElement).to.equal(button);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(shown()).to.be.at.most(ROW_TEXT_LIMIT + 100);
    await expect(el).to.be.accessible();
  });

  it('the cut note speaks sv and de', async () => {
    for (const [lang, note] of [
      ['sv', 'Texten är avkortad efter 100 000 tecken.'],
      ['de', 'Text nach 100.000 Zeichen gekürzt.'],
    ] as const) {
      await loadMessages(lang);
      const el = await landing('render-huge', lang);
      const button = el.querySelector<HTMLButtonElement>('.esbDistributions button.esbShowMore')!;
      expect(text(button)).to.equal(lang === 'sv' ? 'Visa mer' : 'Mehr anzeigen');
      button.click();
      await el.updateComplete;
      expect(text(el.querySelector('.esbTextCut')).replace(/\s/g, ' ')).to.equal(note.replace(/\s/g, ' '));
    }
  });

  it('result row: the paragraphs of a description run on in one line, a space apart', async () => {
    const { el } = await mountOnStore<CatalogBlock>(store, html`<dataset-list lang="en"></dataset-list>`, { contextId: 'r' });
    await rendered(el);
    const row = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'Two paragraphs')!;
    const [first, second] = [...row.querySelectorAll<HTMLElement>('.esbRowDescription p')];
    expect([first?.textContent, second?.textContent]).to.deep.equal(['First paragraph ends here.', 'Second starts here.']);
    expect(getComputedStyle(second!).display, 'inline paragraphs').to.equal('inline');
    // where the words are drawn: the last letter of the first and the first letter of the second
    const glyph = (p: HTMLElement, at: 'first' | 'last') => {
      const node = [...p.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
      const i = at === 'first' ? node.textContent!.search(/\S/) : node.textContent!.trimEnd().length - 1;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return range.getBoundingClientRect();
    };
    const end = glyph(first!, 'last');
    const b = glyph(second!, 'first');
    // on the same line, one space between them (a space is 0.2–0.4 em wide)
    expect(Math.abs(b.top - end.top)).to.be.below(2);
    const em = parseFloat(getComputedStyle(second!).fontSize);
    expect(b.left - end.right).to.be.within(0.15 * em, 0.5 * em);
  });

  it('result row: a 20 MB description renders at most ROW_TEXT_LIMIT characters, the title INLINE_TEXT_LIMIT', async () => {
    const { el } = await mountOnStore<CatalogBlock>(store, html`<dataset-list lang="en"></dataset-list>`, { contextId: 'r' });
    await rendered(el);
    const row = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')).startsWith('Title Title'))!;
    expect(row, 'the huge row').to.exist;
    expect(row.querySelector('.esbRowDescription')!.textContent!.trim().length).to.be.at.most(ROW_TEXT_LIMIT + 1);
    expect(row.querySelector('.esbRowTitle')!.textContent!.trim().length).to.be.at.most(INLINE_TEXT_LIMIT + 1);
    expect(el.textContent!.length, 'the whole list').to.be.below(20 * ROW_TEXT_LIMIT);
  });
});

/** A host that renders a description the way a landing page should: paragraphs with LANDING_TEXT_LIMIT. */
class DescriptionHost extends LitElement {
  static override properties = { texts: { attribute: false } };
  declare texts: { value: string; lang: string }[];
  protected override createRenderRoot() {
    return this;
  }
  protected override render() {
    return html`<div class="esbDescription">${longText(this.texts, LANDING_TEXT_LIMIT, 'en')}</div>`;
  }
}
customElements.define('render-limits-description', DescriptionHost);

describe('longText as paragraphs (a landing page description)', () => {
  it('LANDING_TEXT_LIMIT characters in <p>s, then "Show more" reveals the rest; no button for a short text', async () => {
    const paragraph = `${'word '.repeat(999)}end.`; // 5,000 characters
    const texts = Array.from({ length: 6 }, () => ({ value: paragraph, lang: 'en' }));
    const el = await fixture<DescriptionHost>(html`<render-limits-description .texts=${texts}></render-limits-description>`);
    const ps = () => [...el.querySelectorAll('.esbDescription > p')];
    expect(ps()).to.have.length(3); // 4,999 + 4,999 + the start of the third, cut with `…`
    expect(ps()[2]!.textContent!.endsWith('…')).to.equal(true);
    expect(ps().map((p) => p.textContent!.length).reduce((a, b) => a + b)).to.be.at.most(LANDING_TEXT_LIMIT);
    const button = el.querySelector<HTMLButtonElement>('.esbLongTextMore--p > button.esbShowMore')!;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.click();
    await el.updateComplete;
    expect(ps()).to.have.length(6);
    expect(el.querySelector('button.esbShowMore')).to.equal(button);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(el.querySelector('.esbTextCut')).to.equal(null);
    await expect(el).to.be.accessible();
    el.texts = [{ value: 'Short.', lang: 'en' }];
    await el.updateComplete;
    expect(ps().map((p) => p.textContent)).to.deep.equal(['Short.']);
    expect(el.querySelector('button')).to.equal(null);
  });
});

describe('long values wrap', () => {
  it('a 100 KB facet value in a 330 px column: label capped, full value in title, no horizontal overflow', async () => {
    const value = 'k'.repeat(TEXT_HARD_LIMIT); // 100 KB, one token
    const values = [{ name: value, count: 3 }, { name: TOKEN, count: 2 }, { name: 'short', count: 1 }];
    const facetStore = fixedStore({ total: 3, entries: [], facets: [{ name: FACETS.keyword.fields[0]!, values }] });
    const box = await fixture<HTMLDivElement>(html`<div style="width:330px"></div>`);
    const { el } = await mountOnStore<DatasetFacets>(facetStore, html`<dataset-facets lang="en"></dataset-facets>`, {});
    box.append(el.parentElement!);
    await rendered(el);
    const labels = [...el.querySelectorAll('.facetLabel')];
    expect(labels).to.have.length(3);
    expect(labels[0]!.textContent!.length).to.be.at.most(FACET_LABEL_LIMIT);
    expect(labels[0]!.getAttribute('title') === value, 'the full value in title').to.equal(true);
    expect(labels[1]!.hasAttribute('title'), 'a short value has no title').to.equal(false);
    noOverflow(el, 'facets');
    // Too long to be a filter (it would not fit in a request): listed with its count, but no link.
    const items = [...el.querySelectorAll('li.esbFacets__option')];
    expect(items[0]!.querySelector('a'), 'the 100 KB value is not a link').to.equal(null);
    expect(text(items[0]!)).to.include('(3)');
    // Selected: the remove link's hidden name is capped too, and nothing overflows.
    items[1]!.querySelector<HTMLAnchorElement>('a.esbFacets__optionLink')!.click();
    await rendered(el);
    expect(el.querySelector('.esbFacets--selected .facetLabel')!.textContent).to.equal(TOKEN);
    expect(el.textContent!.length).to.be.below(2000);
    noOverflow(el, 'facets with a long token selected');
  });

  it('a facet value of 1,000 characters is a filter link, one of 1,001 is not (MAX_FILTER_VALUE_CHARS)', async () => {
    const values = [{ name: 'a'.repeat(MAX_FILTER_VALUE_CHARS), count: 2 }, { name: 'b'.repeat(MAX_FILTER_VALUE_CHARS + 1), count: 1 }];
    const facetStore = fixedStore({ total: 3, entries: [], facets: [{ name: FACETS.keyword.fields[0]!, values }] });
    const { el } = await mountOnStore<DatasetFacets>(facetStore, html`<dataset-facets lang="en"></dataset-facets>`, {});
    await rendered(el);
    const items = [...el.querySelectorAll('li.esbFacets__option')];
    expect(items.map((li) => li.querySelector('a.esbFacets__optionLink') !== null)).to.deep.equal([true, false]);
  });

  it('a result row with 80-character tokens in a 330 px column does not overflow (collapsed and expanded)', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width:330px"></div>`);
    const { el } = await mountOnStore<CatalogBlock>(store, html`<dataset-list lang="en"></dataset-list>`, { contextId: 'r' });
    box.append(el.parentElement!);
    await rendered(el);
    const row = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')).startsWith('Title https'))!;
    expect(row).to.exist;
    expect(el.clientWidth).to.be.at.most(330);
    noOverflow(el, 'collapsed row');
    row.querySelector<HTMLButtonElement>('button.esbRowExpandButton')!.click();
    // the row's details load a lazy module and the related lookup first: wait for them, not for a fixed time
    await waitUntil(() => row.querySelector('.esbRowExpand .esbFurtherInfo'), 'the row details render', { timeout: 10_000 });
    await rendered(el);
    for (const b of row.querySelectorAll<HTMLButtonElement>('.esbDistributions button.esbExpandButton')) b.click();
    await rendered(el);
    noOverflow(el, 'expanded row');
  });

  it('a landing page with 80-character tokens in a 330 px column does not overflow', async () => {
    const el = await landing('render-tokens', 'en', 330);
    expect(el.clientWidth).to.be.at.most(330);
    expect(text(el)).to.include(TOKEN);
    noOverflow(el, 'landing page');
  });
});
