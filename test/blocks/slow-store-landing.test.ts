// A landing page on a slow store (issue 28 point 2): every store answer comes 700 ms late (the test server's
// `slow` fault route, an ordinary real installation). Until the distributions are known the block says they are
// loading (aria-busy) and never "This dataset has no distributions.". Run alone:
//   npx wtr --files test/blocks/slow-store-landing.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { faultStoreUrl, settled, text } from './helpers.ts';

const LOADING = { en: 'Loading distributions…', sv: 'Hämtar dataresurser…', de: 'Distributionen werden geladen…' } as const;
const NONE = { en: 'This dataset has no distributions.', sv: 'Denna datamängd har inga dataresurser.', de: 'Dieser Datensatz hat keine Distributionen.' } as const;

/** Every text the distributions section showed, and whether it was busy then, from the first render to the answer. */
async function watchLanding(lang: keyof typeof LOADING): Promise<{ el: DatasetView; seen: Array<{ text: string; busy: string | null }> }> {
  const seen: Array<{ text: string; busy: string | null }> = [];
  const host = document.createElement('div');
  const observer = new MutationObserver(() => {
    const section = host.querySelector('.esbDistributions');
    if (section) seen.push({ text: text(section), busy: section.getAttribute('aria-busy') });
  });
  observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
  const el = await fixture<DatasetView>(
    html`<dataset-view store-url=${faultStoreUrl('slow', '700')} lookup="blocks-ds1" lang=${lang}></dataset-view>`,
    { parentNode: host },
  );
  document.body.append(host);
  expect(await settled(el)).to.equal('ready');
  observer.disconnect();
  return { el, seen };
}

describe('dataset-view on a slow store (issue 28 point 2)', () => {
  for (const lang of ['en', 'sv', 'de'] as const) {
    it(`${lang}: "${LOADING[lang]}" (aria-busy) until the distributions come, never "${NONE[lang]}"`, async () => {
      const { el, seen } = await watchLanding(lang);
      expect(seen.map((s) => s.text).filter((t) => t.includes(NONE[lang])), 'the empty sentence before the answer').to.deep.equal([]);
      const loading = seen.filter((s) => s.text.includes(LOADING[lang]));
      expect(loading.length, 'a loading state showed').to.be.greaterThan(0);
      expect(loading.every((s) => s.busy === 'true'), 'busy while loading').to.equal(true);
      const section = el.querySelector('.esbDistributions')!;
      expect(section.querySelectorAll('.esbRow')).to.have.length(4);
      expect(section.hasAttribute('aria-busy')).to.equal(false);
      expect(text(section)).not.to.contain(LOADING[lang]);
      await expect(el).to.be.accessible();
    });
  }

  it('a dataset that has no distributions says so once the answer is in', async () => {
    const el = await fixture<DatasetView>(html`<dataset-view store-url=${faultStoreUrl('slow', '50')} lookup="blocks-ds2" lang="en"></dataset-view>`);
    expect(await settled(el)).to.equal('ready');
    expect(text(el.querySelector('.esbDistributions'))).to.contain(NONE.en);
  });
});
