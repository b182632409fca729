// Issue 24 point 4: <catalog-store-provider> is defined by the first block inside one (blocks/base/provider-loading.ts),
// the same in every build (the CDN build swapped the blocks' imports of it for an empty module before). This file
// imports a block and nothing else: the provider is not defined until a block finds itself inside one.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-view/dataset-view.ts';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { MemoryStore, graphOf, literal, DCAT, DCTERMS, RDF_TYPE } from './memory-store.ts';
import { devStore, settled, text } from './helpers.ts';

const DS = 'https://example.org/ds/lazy-provider';

describe('<catalog-store-provider> loaded by the blocks inside it', () => {
  it('a block inside a provider not defined yet defines it and uses the store object set on it before', async () => {
    expect(customElements.get('catalog-store-provider'), 'importing a block does not define the provider').to.equal(undefined);
    const store = new MemoryStore('https://memory.example.org/store/');
    store.add('7', '42', DS, graphOf(DS, [[RDF_TYPE, `${DCAT}Dataset`], [`${DCTERMS}title`, literal('From the provider', { language: 'en' })]]));
    // `.store` set while the tag is undefined: an own property of the element until the class upgrades it
    const provider = await fixture<HTMLElement & { store: unknown }>(html`<catalog-store-provider .store=${store}></catalog-store-provider>`);
    provider.innerHTML = '<dataset-view context="7" entry="42"></dataset-view>';
    const el = provider.querySelector<DatasetView>('dataset-view')!;
    expect(await settled(el)).to.equal('ready');
    expect(customElements.get('catalog-store-provider')).to.be.a('function');
    expect(el.store).to.equal(store);
    expect(text(el)).to.contain('From the provider');
  });

  it('blocks inside a provider with store-url use that store', async () => {
    const { storeUrl } = await devStore();
    const root = await fixture(html`<catalog-store-provider store-url=${storeUrl}>
      <dataset-view lookup="blocks-ds1"></dataset-view>
    </catalog-store-provider>`);
    const el = root.querySelector<DatasetView>('dataset-view')!;
    expect(await settled(el)).to.equal('ready');
    expect(el.store.baseUrl).to.equal(storeUrl);
  });
});
