/**
 * Title sort against a store that parses `sort` as EntryStore does (issue 25 point 1): the Antwerp catalog (491
 * datasets, every title untagged) comes back A–Ö, through the blocks' own request builder and store client.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { buildSearchRequest } from '../../src/search/query.ts';
import { EMPTY_STATE, type SearchSettings } from '../../src/search/types.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { DCT, startStore } from './helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

const ANTWERP = sharedFixture('dcat/large/antwerpen-dcat.xml');
const SETTINGS: SearchSettings = { types: ['dataset'], pageSize: 100, facets: [], lang: 'sv' };
/** Antwerp's titles are Dutch without a language tag: the store sorts `title_sort.nolang` with the root collation. */
const ROOT = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

describe('title sort on a strict store', skipUnless(ANTWERP), () => {
  let s: StoreServer;
  before(async () => {
    s = await startStore([ANTWERP!]);
  });
  after(() => s.close());

  test('Antwerp: every page of "Title A–Z" is in collation order, and so is the whole list', async () => {
    const client = new EntryStoreClient(s.url);
    const titles: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const result = await client.search(buildSearchRequest({ ...EMPTY_STATE, sort: 'title', page }, SETTINGS));
      for (const e of result.entries) titles.push(e.metadata.object(e.resourceUri, `${DCT}title`)?.value ?? '');
    }
    assert.equal(titles.length, 491);
    const outOfOrder = titles.findIndex((t, i) => i > 0 && ROOT.compare(titles[i - 1]!.slice(0, 50), t.slice(0, 50)) > 0);
    assert.equal(outOfOrder, -1, `out of order at ${outOfOrder}: ${JSON.stringify(titles.slice(Math.max(0, outOfOrder - 1), outOfOrder + 1))}`);
  });
});
