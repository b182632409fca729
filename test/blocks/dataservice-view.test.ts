// <dataservice-view> against the dev store (test/fixtures/blocks-catalog.ttl). Run alone:
//   npx wtr --files test/blocks/dataservice-view.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import type { DataserviceView } from '../../blocks/dataservice-view/dataservice-view.ts';
import { resetParamWarnings } from '../../src/config/resolve.ts';
import { captureWarnings, countingStore, devStore, entryById, headingLevels, headingsWellFormed, settled, text, withStore } from './helpers.ts';

let storeUrl: string;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
});

async function service(attrs: Record<string, string> = {}, tag = 'dataservice-view'): Promise<DataserviceView> {
  const el = document.createElement(tag) as DataserviceView;
  el.setAttribute('store-url', storeUrl);
  el.setAttribute('lookup', 'blocks-svc1');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  (await fixture(html`<div></div>`)).append(el);
  expect(await settled(el)).to.equal('ready');
  return el;
}

const row = (el: Element, label: string) => [...el.querySelectorAll('dt')].find((d) => text(d) === label);
const values = (el: Element, label: string) => {
  const out: Element[] = [];
  for (let n = row(el, label)?.nextElementSibling; n && n.localName === 'dd'; n = n.nextElementSibling) out.push(n);
  return out;
};

describe('dataservice-view: content', () => {
  it('title, publisher, description, endpoint URL and endpoint description as links; accessible', async () => {
    const el = await service();
    expect(text(el.querySelector('h1.esbTitle'))).to.equal('Bathing site API');
    expect(text(el.querySelector('.esbPublisher'))).to.include('Example Municipality');
    expect(text(el.querySelector('.esbDescription'))).to.equal('A WFS interface for bathing sites.');
    expect(text(el.querySelector('.esbServiceAccess h2'))).to.equal('Access');
    expect(values(el, 'Endpoint')[0]!.querySelector('a')!.getAttribute('href')).to.equal('https://gis.blocks.example.org/wfs');
    expect(values(el, 'API description')[0]!.querySelector('a')!.getAttribute('href')).to.equal(
      'https://gis.blocks.example.org/wfs?request=GetCapabilities',
    );
    await expect(el).to.be.accessible();
  });

  it('served datasets are linked to their landing pages, labelled by title', async () => {
    const el = await service();
    const ds1 = await entryById('blocks-ds1');
    const links = [...el.querySelectorAll<HTMLAnchorElement>('.esbServedDatasets a')];
    expect(links.map((a) => text(a))).to.have.members(['Bathing sites', 'Cykelparkeringar']);
    const href = new URL(links.find((a) => text(a) === 'Bathing sites')!.href);
    expect(href.searchParams.get('esc_entry')).to.equal(ds1.entryId);
    expect(href.searchParams.get('esc_context')).to.equal(ds1.contextId);
    expect(links.find((a) => text(a) === 'Cykelparkeringar')!.querySelector('[lang="sv"]')).to.exist;
  });

  it('further information: type, licence, access rights, contact point', async () => {
    const el = await service();
    expect(values(el, 'Type')).to.have.length(1);
    expect(text(values(el, 'Licence')[0])).to.equal('CC0 1.0');
    expect(text(values(el, 'Access rights')[0])).to.equal('Public');
    const contact = values(el, 'Contact point');
    expect(contact.map((d) => text(d))).to.include('Customer service');
    expect(el.querySelector('a[href="mailto:info@blocks.example.org"]')).to.exist;
  });

  it('Swedish UI', async () => {
    const el = await service({ lang: 'sv' });
    expect(text(el.querySelector('h1'))).to.equal('Badplats-API');
    expect(text(el.querySelector('.esbServiceAccess h2'))).to.equal('Åtkomst');
    expect(text(el.querySelector('.esbServedDatasets h2'))).to.equal('Tillhandahållna datamängder');
  });

  it('German UI', async () => {
    const el = await service({ lang: 'de' });
    expect(text(el.querySelector('.esbServedDatasets h2'))).to.equal('Bereitgestellte Datensätze');
  });

  it('an entry that is a dataset is shown as a dataset', async () => {
    const el = await service({ lookup: 'blocks-ds1' });
    expect(el.querySelector('.esbDatasetView .esbDistributions')).to.exist;
  });

  it('the legacy tag <esb-dataserviceview> works the same', async () => {
    const el = await service({}, 'esb-dataserviceview');
    expect(text(el.querySelector('h1'))).to.equal('Bathing site API');
  });
});

describe('dataservice-view: hl', () => {
  for (const hl of [1, 2, 3, 4, 5, 6]) {
    it(`hl=${hl}: title h${hl}, sections h${Math.min(6, hl + 1)}, no skipped level`, async () => {
      const el = await service({ hl: String(hl) });
      expect(el.querySelector('.esbTitle')!.localName).to.equal(`h${hl}`);
      for (const h of el.querySelectorAll('section > :first-child')) expect(h.localName).to.equal(`h${Math.min(6, hl + 1)}`);
      expect(headingsWellFormed(headingLevels(el), hl)).to.equal(true);
    });
  }
});

describe('dataservice-view: parameters and structure', () => {
  beforeEach(() => resetParamWarnings());

  it('include-indicators is accepted silently; a dataset-only parameter is ignored with a warning', async () => {
    let el: DataserviceView | undefined;
    const warnings = await captureWarnings(async () => {
      el = await service({ 'include-indicators': 'true', 'click-expand': 'false' });
    });
    expect(el!.params.includeIndicators).to.equal(true);
    expect(el!.params).to.not.have.property('clickExpand');
    expect(warnings.filter((w) => w.includes('clickExpand'))).to.have.length(1);
    expect(warnings.some((w) => w.includes('includeIndicators'))).to.equal(false);
  });

  it('strictStandardHtml groups every dt/dd in a div', async () => {
    const el = await service({ 'strict-standard-html': 'true' });
    const dts = el.querySelectorAll('dt');
    expect(dts.length).to.be.greaterThan(3);
    for (const dt of dts) expect(dt.parentElement!.localName).to.equal('div');
    await expect(el).to.be.accessible();
  });

  it('at most 2 requests: the entry, then one batched lookup of served datasets, publisher and contact', async () => {
    const { store, requests } = countingStore(storeUrl);
    const el = await withStore<DataserviceView>(store, html`<dataservice-view lookup="blocks-svc1"></dataservice-view>`);
    expect(await settled(el)).to.equal('ready');
    expect(el.querySelectorAll('.esbServedDatasets a')).to.have.length(2);
    expect(requests, requests.join('\n')).to.have.length(2);
  });
});
