// indicatorList (blocks/dataset-extras/indicators.ts, behaviour doc §6.6): ul.esbIndicators > li.indicator with a decorative
// icon, the indicator's name for assistive technology and the visible value; never a bare URI; axe-clean.
import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { adoptIndicatorStyles, indicatorList, loadIndicatorStrings } from '../../blocks/dataset-extras/indicators.ts';
import type { RenderContext } from '../../blocks/base/render.ts';
import type { Indicator } from '../../src/dcat/model.ts';
import type { Lang } from '../../src/i18n/index.ts';
import { entryIndicators } from '../../src/rich/indicators.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import { Graph, literal, namedNode } from '../../src/rdf/graph.ts';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const AR = 'http://publications.europa.eu/resource/authority/access-right/';

const ctx = (lang: Lang = 'en'): RenderContext => ({ lang, hl: 1, strict: false, idPrefix: 't', landing: () => '#' });

async function rendered(indicators: readonly Indicator[], lang: Lang = 'en', opts: { national?: boolean } = {}): Promise<HTMLElement> {
  await loadIndicatorStrings(lang);
  const host = await fixture<HTMLElement>(html`<div lang=${lang}></div>`);
  adoptIndicatorStyles(document);
  render(indicatorList(indicators, ctx(lang), opts), host);
  return host;
}

const ALL: Indicator[] = [
  { key: 'access', text: { value: 'Public', lang: 'en' }, uri: `${AR}PUBLIC` },
  { key: 'frequency', text: { value: 'Annual', lang: 'en' }, uri: 'http://publications.europa.eu/resource/authority/frequency/ANNUAL' },
  { key: 'license', text: { value: 'CC BY-SA 4.0', lang: '' }, uri: 'https://creativecommons.org/licenses/by-sa/4.0/', variant: 'by-sa' },
  { key: 'hvd', text: { value: 'High-value dataset', lang: 'en' } },
  { key: 'national', text: { value: 'National dataset', lang: 'en' } },
  { key: 'fee', text: { value: 'Fee', lang: 'en' } },
];

describe('indicatorList', () => {
  it('one li.indicator per indicator: icon aria-hidden, name for AT, visible value; classes per key and value', async () => {
    const host = await rendered(ALL, 'en', { national: true });
    const ul = host.querySelector('ul.esbIndicators')!;
    expect(ul.getAttribute('aria-label')).to.equal('Indicators');
    const items = [...ul.querySelectorAll(':scope > li.indicator')];
    expect(items.map((li) => text(li))).to.deep.equal([
      'Access rights: Public', 'Update frequency: Annual', 'Licence: CC BY-SA 4.0', 'High-value dataset', 'National dataset', 'Fee',
    ]);
    expect(items[0]!.classList.contains('indicator--access')).to.equal(true);
    expect(items[0]!.classList.contains('indicator--access-public')).to.equal(true);
    expect([...items[2]!.classList]).to.include.members(['indicator--license', 'indicator--cc', 'indicator--cc-by-sa']);
    for (const li of items) {
      const svg = li.querySelector('svg')!;
      expect(svg.getAttribute('aria-hidden')).to.equal('true');
      expect(svg.getAttribute('focusable')).to.equal('false');
      expect(svg.querySelector('image, use, foreignObject')).to.equal(null, 'no external image');
    }
    expect(text(items[0]!.querySelector('.esbVisuallyHidden'))).to.equal('Access rights:');
    expect(items[3]!.querySelector('.esbVisuallyHidden')).to.equal(null, 'self-named: no repeated name');
    await expect(host).to.be.accessible();
  });

  it('an icon per access-right value', async () => {
    const host = await rendered(['PUBLIC', 'NON_PUBLIC', 'RESTRICTED'].map((v) => ({ key: 'access', text: { value: v, lang: '' }, uri: `${AR}${v}` })));
    const lis = [...host.querySelectorAll('li')];
    expect(lis.map((li) => [...li.classList].find((c) => c.startsWith('indicator--access-')))).to.deep.equal([
      'indicator--access-public', 'indicator--access-non-public', 'indicator--access-restricted',
    ]);
    const shapes = lis.map((li) => li.querySelector('svg')!.innerHTML);
    expect(new Set(shapes).size).to.equal(3);
  });

  it('national only when asked; values that are URIs or empty, and unknown keys, are never shown; none → nothing', async () => {
    const host = await rendered([
      ...ALL,
      { key: 'access', text: { value: 'http://example.org/right', lang: '' }, uri: 'http://example.org/right' },
      { key: 'frequency', text: { value: '  ', lang: '' } },
      { key: 'mystery', text: { value: 'Mystery', lang: '' } },
    ]);
    const shown = [...host.querySelectorAll('li')].map((li) => li.className.split(' ')[1]);
    expect(shown).to.deep.equal(['indicator--access', 'indicator--frequency', 'indicator--license', 'indicator--hvd', 'indicator--fee']);
    expect(text(host)).to.not.contain('http://');
    const empty = await rendered([{ key: 'access', text: { value: 'urn:x:y', lang: '' } }]);
    expect(empty.querySelector('ul')).to.equal(null);
  });

  it('hostile labels stay text; a foreign-language label gets its lang', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const host = await rendered([{ key: 'license', text: { value: evil, lang: 'sv' } }]);
    expect(host.querySelector('img')).to.equal(null);
    expect(text(host.querySelector('.esbIndicator__text'))).to.equal(evil);
    expect(host.querySelector('.esbIndicator__text')!.getAttribute('lang')).to.equal('sv');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('Swedish and German names; from a search row entry via entryIndicators', async () => {
    const g = new Graph();
    const ds = 'https://example.org/ds/1';
    g.add(namedNode(ds), 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type', namedNode('http://www.w3.org/ns/dcat#Dataset'));
    g.add(namedNode(ds), 'http://purl.org/dc/terms/accessRights', namedNode(`${AR}NON_PUBLIC`));
    g.add(namedNode(ds), 'http://schema.org/offers', literal('100 SEK'));
    const entry = { contextId: '1', entryId: '1', entryUri: 'https://example.org/store/1/entry/1', resourceUri: ds, metadata: g, info: new Graph(), relations: new Graph() };
    await loadVocabulariesFor([`${AR}NON_PUBLIC`], 'sv'); // what a row does before (blocks/rich-content/row-indicators.ts)
    const sv = await rendered(entryIndicators(entry, 'sv'), 'sv');
    expect(sv.querySelector('ul')!.getAttribute('aria-label')).to.equal('Indikatorer');
    expect([...sv.querySelectorAll('li')].map(text)).to.deep.equal(['Åtkomsträttigheter: Icke-offentlig', 'Avgift']);
    const de = await rendered(entryIndicators(entry, 'de'), 'de');
    expect(de.querySelector('ul')!.getAttribute('aria-label')).to.equal('Indikatoren');
    await expect(de).to.be.accessible();
  });
});
