// Issue 11 points 9 and 7 on the landing pages: every state (loading, no entry, not found, unreachable, malformed)
// has the block's heading h{hl}, so a page with hl="1" keeps an h1 whatever happens; and the hidden names of the
// Download / Access links and of the distribution toggles keep the language of a title in another language than
// the page (WCAG 3.1.2). Failures come from the wtr plugin's fault routes and a closed port.
import { expect, fixture, html } from '@open-wc/testing';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { devStore, faultControl, faultStoreUrl, settled, text, uniqueKey } from './helpers.ts';

const BLOCKS = [
  { tag: 'dataset-view', id: 'blocks-ds1', noEntry: 'No dataset was specified.', notFound: 'The dataset could not be found or is not public.' },
  { tag: 'dataservice-view', id: 'blocks-svc1', noEntry: 'No data service was specified.', notFound: 'The data service could not be found or is not public.' },
] as const;

async function block(tag: string, storeUrl: string, attrs: Record<string, string>): Promise<CatalogBlock> {
  const el = document.createElement(tag) as CatalogBlock;
  el.setAttribute('store-url', storeUrl);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  // a block with hl="3" stands under the page's h1 and h2 (axe heading-order)
  const page = await fixture(attrs.hl === '3' ? html`<div><h1>Page</h1><h2>Part</h2></div>` : html`<div></div>`);
  page.append(el);
  await el.updateComplete;
  return el;
}

const headings = (el: Element) => [...el.querySelectorAll('h1, h2, h3, h4, h5, h6')];

for (const b of BLOCKS) {
  describe(`${b.tag}: a heading in every state (issue 11 point 9)`, () => {
    it('loading: h1 (inside the visually hidden status) says "Loading…"; the loaded page then has its title h1 only', async () => {
      const key = uniqueKey('hold');
      const el = await block(b.tag, faultStoreUrl('hold', key), { lookup: b.id, lang: 'en' });
      expect(el.state).to.equal('loading');
      expect(headings(el).map((h) => h.localName)).to.deep.equal(['h1']);
      expect(text(el.querySelector('[role="status"] h1'))).to.equal('Loading…');
      await expect(el).to.be.accessible();
      await faultControl('release', key);
      expect(await settled(el)).to.equal('ready');
      expect(el.querySelectorAll('h1').length).to.equal(1);
      expect(el.querySelector('.esbStateHeading')).to.equal(null);
    });

    it('no entry, not found, unreachable, malformed: the message is the h{hl} (h1 by default, h3 with hl="3")', async () => {
      const { storeUrl, closedStoreUrl } = await devStore();
      const cases: Array<[string, string, Record<string, string>, string]> = [
        ['noEntry', storeUrl, {}, b.noEntry],
        ['notFound', storeUrl, { lookup: 'no-such-identifier' }, b.notFound],
        ['unreachable', closedStoreUrl, { lookup: b.id }, 'The catalog could not be reached.'],
        ['malformed', faultStoreUrl('badjson', 'x'), { lookup: b.id }, 'The catalog answered with data that could not be read.'],
      ];
      for (const [state, url, attrs, message] of cases) {
        for (const hl of ['1', '3']) {
          const el = await block(b.tag, url, { ...attrs, lang: 'en', ...(hl === '1' ? {} : { hl }) });
          expect(await settled(el)).to.equal(state);
          const hs = headings(el);
          expect(hs.map((h) => h.localName), `${state} hl=${hl}`).to.deep.equal([`h${hl}`]);
          expect(text(hs[0]!)).to.equal(message);
          expect(hs[0]!.closest('[role="status"]'), 'the heading is inside the status').to.exist;
          // the heading looks like the message did (no heading size or margins)
          expect(getComputedStyle(hs[0]!).fontSize).to.equal(getComputedStyle(el).fontSize);
          await expect(el).to.be.accessible();
        }
      }
    });
  });
}

describe('dataset-view: hidden names keep their language (issue 11 point 7)', () => {
  it('German page: a distribution titled only in English/Swedish names itself with lang in Download/Access and the toggle', async () => {
    const { storeUrl } = await devStore();
    const el = await block('dataset-view', storeUrl, { lookup: 'blocks-ds1', lang: 'de' });
    expect(await settled(el)).to.equal('ready');
    const foreign = [...el.querySelectorAll<HTMLElement>('.esbDistributions li.esbRow')].filter((d) => d.querySelector('.esbRowTitle[lang]'));
    expect(foreign.length, 'a distribution titled only in another language').to.be.greaterThan(0);
    let links = 0;
    for (const dist of foreign) {
      const title = dist.querySelector('.esbRowTitle[lang]')!;
      const lang = title.getAttribute('lang')!;
      const hidden = [...dist.querySelectorAll(':scope > .esbRowHead a .esbVisuallyHidden, :scope > .esbRowHead button .esbVisuallyHidden')];
      links += dist.querySelectorAll(':scope > .esbRowHead a').length;
      for (const h of hidden) expect(text(h.querySelector(`[lang="${lang}"]`)), text(h)).to.equal(text(title));
      // the toggle's name still reads as one sentence of the page language around the title
      expect(text(dist.querySelector('button.esbExpandButton .esbVisuallyHidden'))).to.equal(`Weitere Informationen zu ${text(title)}`);
    }
    expect(links, 'Download/Access links checked').to.be.greaterThan(0);
    // a title in the page's language gets no lang of its own
    const own = [...el.querySelectorAll<HTMLElement>('.esbDistributions li.esbRow')].find((d) => !d.querySelector('.esbRowTitle[lang]'))!;
    expect(own.querySelector('.esbRowHead a .esbVisuallyHidden [lang]')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
