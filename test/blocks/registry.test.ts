// `registry` (behaviour doc §1.10): catalog mode resolves download URLs that point into the store as file entries
// (one more batched request, only when needed) and shows their file names; registry mode never does and names files
// from the distribution's own graph or the URL. Uses an in-memory store (uploaded files with entry information).
import { expect, html } from '@open-wc/testing';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { DCAT, DCTERMS, MemoryStore, RDF_TYPE, RDFS, XSD, graphOf, literal } from './memory-store.ts';
import { settled, text, withStore } from './helpers.ts';

const BASE = 'https://mem.example.org/store/';
const res = (id: string) => `${BASE}1/resource/${id}`;

function catalog(): MemoryStore {
  const store = new MemoryStore(BASE);
  store.add('1', '10', res('10'), graphOf(res('10'), [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}identifier`, literal('mem-1')],
    [`${DCTERMS}title`, literal('Uploaded files', { language: 'en' })],
    [`${DCAT}distribution`, res('11')],
    [`${DCAT}distribution`, res('12')],
  ]));
  // One store file, no title: the row title falls back to the file name.
  store.add('1', '11', res('11'), graphOf(res('11'), [
    [RDF_TYPE, `${DCAT}Distribution`],
    [`${DCAT}accessURL`, res('13')],
    [`${DCAT}downloadURL`, res('13')],
    [`${DCTERMS}format`, literal('text/csv')],
  ]));
  // Two store files, one of which carries a label in the distribution's own graph (what a registry keeps).
  const g12 = graphOf(res('12'), [
    [RDF_TYPE, `${DCAT}Distribution`],
    [`${DCTERMS}title`, literal('Yearly files', { language: 'en' })],
    [`${DCAT}downloadURL`, res('14')],
    [`${DCAT}downloadURL`, res('15')],
  ]);
  graphOf(res('14'), [[`${RDFS}label`, literal('harvested-2023.csv')]], g12);
  store.add('1', '12', res('12'), g12);
  const file = (id: string, name: string, size: string) =>
    store.add('1', id, res(id), graphOf(res(id), [[`${DCTERMS}title`, literal(name)]]), graphOf(res(id), [
      [`${RDFS}label`, literal(name)],
      [`${DCTERMS}extent`, literal(size, { datatype: `${XSD}long` })],
      [`${DCTERMS}format`, literal('text/csv')],
    ]));
  file('13', 'badplatser.csv', '5312');
  file('14', 'year-2023.csv', '1200');
  file('15', 'year-2024.csv', '2300000');
  return store;
}

async function view(store: MemoryStore, registry?: string): Promise<DatasetView> {
  const el = registry === undefined
    ? await withStore<DatasetView>(store, html`<dataset-view lookup="mem-1"></dataset-view>`)
    : await withStore<DatasetView>(store, html`<dataset-view lookup="mem-1" registry=${registry}></dataset-view>`);
  expect(await settled(el)).to.equal('ready');
  for (const b of el.querySelectorAll<HTMLButtonElement>('button.esbExpandButton')) b.click();
  await el.updateComplete;
  return el;
}

describe('registry', () => {
  it('catalog mode (default): file names and sizes from the file entries, fetched in one extra batched request', async () => {
    const store = catalog();
    const el = await view(store);
    const titles = [...el.querySelectorAll('.esbRowTitle')].map((t) => text(t));
    expect(titles).to.include('badplatser.csv');
    expect([...el.querySelectorAll('.esbFileName')].map((n) => text(n))).to.deep.equal(['year-2023.csv', 'year-2024.csv']);
    expect(text(el.querySelector('.esbFileSize'))).to.equal('(1.2 kB)');
    expect(store.calls).to.deep.equal(['lookupByLiteral mem-1', 'batch 2', 'batch 3']);
    await expect(el).to.be.accessible();
  });

  it('registry="true": no file-entry lookups; label from the distribution graph, else the last URL segment', async () => {
    const store = catalog();
    const el = await view(store, 'true');
    const titles = [...el.querySelectorAll('.esbRowTitle')].map((t) => text(t));
    expect(titles).to.include('13');
    expect([...el.querySelectorAll('.esbFileName')].map((n) => text(n))).to.deep.equal(['harvested-2023.csv', '15']);
    expect(store.calls).to.deep.equal(['lookupByLiteral mem-1', 'batch 2']);
  });

  it('registry from the page configuration; the attribute still wins', async () => {
    const store = catalog();
    const config = Object.assign(document.createElement('div'), { hidden: true });
    config.setAttribute('data-portal-config', '');
    config.setAttribute('data-registry', 'true');
    document.body.append(config);
    try {
      const el = await view(store);
      expect([...el.querySelectorAll('.esbFileName')].map((n) => text(n))).to.deep.equal(['harvested-2023.csv', '15']);
      expect(store.calls).to.have.length(2);
      const explicit = await view(catalog(), 'false');
      expect([...explicit.querySelectorAll('.esbFileName')].map((n) => text(n))).to.deep.equal(['year-2023.csv', 'year-2024.csv']);
    } finally {
      config.remove();
    }
  });
  it('registry="false" explicitly is catalog mode', async () => {
    const store = catalog();
    const el = await view(store, 'false');
    expect([...el.querySelectorAll('.esbFileName')].map((n) => text(n))).to.deep.equal(['year-2023.csv', 'year-2024.csv']);
  });

  it('the Download link of a single store file points at the file resource', async () => {
    const el = await view(catalog());
    const row = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'badplatser.csv')!;
    expect(row.querySelector('a.esbDownload')!.getAttribute('href')).to.equal(res('13'));
  });
});
