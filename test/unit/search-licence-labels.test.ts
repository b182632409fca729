// Issue 28 point 4 in the licence facet: a publisher's own licence document that is `skos:exactMatch` the EU CC0
// licence (demo catalog: https://data.exampleMS.gov/resource/FreeAndOpen) reads as CC0 in the page's language, not
// "Free And Open"; one that nothing names reads as its code, never split into words. Against the real dev store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreServer, type StoreServer } from '../../dev-store/server.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';

const FREE = 'https://data.exampleMS.gov/resource/FreeAndOpen';
const FEES = 'https://data.exampleMS.gov/resource/NoCommercialUseWithFees';

describe('licence facet labels over the demo catalog in the dev store', () => {
  let server: StoreServer;
  before(async () => {
    await loadAllMessages();
    server = await createStoreServer({ catalogs: ['demo/catalog/demo-catalog.ttl'], port: 0, solrRelated: true });
  });
  after(() => server?.close());

  for (const [lang, cc0] of [['sv', 'Creative Commons CC0 1.0 universell'], ['de', 'Creative Commons CC0 1.0 Universell'], ['en', 'Creative Commons CC0 1.0 Universal']] as const) {
    test(`${lang}: FreeAndOpen reads "${cc0}", NoCommercialUseWithFees reads as its code`, async () => {
      const scope = new SearchScope({ store: new EntryStoreClient(server.url) });
      scope.configure({ facets: ['license'], lang, types: ['dataset'] });
      await scope.settled();
      assert.equal(scope.status, 'ready', String(scope.error));
      const values = scope.results!.facets.find((g) => g.name === 'license')!.values;
      const label = (uri: string) => values.find((v) => v.value === uri || v.value === uri.replace(/^https:/, 'http:'))?.label;
      assert.equal(label(FREE), cc0, values.map((v) => `${v.value} → ${v.label}`).join('\n'));
      assert.equal(label(FEES), 'NoCommercialUseWithFees');
      assert.ok(values.every((v) => !/^(Free And Open|No Commercial Use With Fees|Terms Of Use)$/.test(v.label)));
    });
  }
});
