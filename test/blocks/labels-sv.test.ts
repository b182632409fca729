// Issue 28 point 4 on a Swedish page: the demo catalog's country (EU country authority SWE), GEMET theme and a licence
// that is `skos:exactMatch` CC0 show their names in Swedish, never the code ("SWE", "GEMET 2884") nor a split URI
// local name ("Free And Open"); a GeoNames place named "Sverige"@se / "Sweden"@en reads "Sverige".
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-view/dataset-view.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { devStore, settled, text } from './helpers.ts';

async function view(uri: string, lang: string): Promise<CatalogBlock> {
  const { storeUrl } = await devStore();
  const el = document.createElement('dataset-view') as CatalogBlock;
  el.setAttribute('store-url', storeUrl);
  el.setAttribute('uri', uri);
  el.setAttribute('lang', lang);
  const page = await fixture(html`<div></div>`);
  page.append(el);
  expect(await settled(el)).to.equal('ready');
  return el;
}

/** The values (`<dd>` after the `<dt>` whose text matches `label`) of a row of "Further information". */
function rowValues(el: Element, label: RegExp): Element[] {
  const out: Element[] = [];
  for (const dt of el.querySelectorAll('dt')) {
    if (!label.test(text(dt))) continue;
    for (let dd = dt.nextElementSibling; dd && dd.localName === 'dd'; dd = dd.nextElementSibling) out.push(dd);
  }
  return out;
}
const rowText = (el: Element, label: RegExp): string[] => rowValues(el, label).map(text);

describe('labels, not codes, on a Swedish page (issue 28 point 4)', () => {
  it('EU country SWE reads "Sverige" (and "Schweden" in German), never "SWE"', async () => {
    const sv = await view('https://demo.catalog-blocks.example/dataset/swedish-geodata', 'sv');
    expect(rowText(sv, /^Geografiskt område$/)).to.include('Sverige');
    expect(rowText(sv, /^Geografiskt område$/)).to.not.include('SWE');
    await expect(sv).to.be.accessible();
    const de = await view('https://demo.catalog-blocks.example/dataset/swedish-geodata', 'de');
    expect(rowText(de, /^Räumliche Abdeckung$/)).to.include('Schweden');
  });

  it('the GEMET theme is named ("Umgebungslärm" in German, the English name in lang="en" on a Swedish page), never "GEMET 2884"', async () => {
    const uri = 'https://some.catalogue/resource/eea_r_3035_10_m_noise-contours-end2017_i_2016_v01_r00';
    const sv = await view(uri, 'sv');
    const themes = [...sv.querySelectorAll('.esbTags .esbTag')];
    expect(themes.map(text)).to.include('Environmental noise');
    expect(themes.map(text).join(' | ')).to.not.match(/GEMET|2884/);
    const noise = themes.find((d) => text(d) === 'Environmental noise')!;
    expect((noise.querySelector('[lang]') ?? noise.closest('[lang]'))!.getAttribute('lang'), 'English on a Swedish page says so').to.equal('en');
    await expect(sv).to.be.accessible();
    const de = await view(uri, 'de');
    expect([...de.querySelectorAll('.esbTags .esbTag')].map(text)).to.include('Umgebungslärm');
  });

  it('a licence skos:exactMatch CC0 reads as the CC0 licence; an unnamed one as its code, never split words', async () => {
    const sv = await view('https://data.exampleMS.gov/id/dataset/1T2p3o4B', 'sv');
    // the distributions' details (licence rows) show when opened
    for (const b of sv.querySelectorAll<HTMLButtonElement>('.esbDistributions button[aria-expanded="false"]')) b.click();
    await (sv as CatalogBlock & { updateComplete: Promise<unknown> }).updateComplete;
    const all = rowText(sv, /^Licens$/).join(' | ');
    expect(all).to.include('Creative Commons CC0 1.0 universell');
    expect(all).to.not.include('Free And Open');
    expect(all).to.not.include('No Commercial Use With Fees');
    expect(all).to.include('NoCommercialUseWithFees');
    await expect(sv).to.be.accessible();
  });

  it('a GeoNames place labelled "Sverige"@se and "Sweden"@en reads "Sverige" on a Swedish page', async () => {
    // DCAT-AP-SE recommended example (demo catalog): dcterms:spatial <http://sws.geonames.org/2661886>
    const sv = await view('https://example.com/dataset1', 'sv');
    expect(rowText(sv, /^Geografiskt område$/)).to.deep.equal(['Sverige']);
  });
});
