/**
 * A first search shows its rows before the publisher names (issue 13 point 12): while the batched agent lookup is
 * held, the scope is ready with every row; the names fill in when the lookup answers, and `settled()` waits for them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SearchScope } from '../../src/search/scope.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { FakeStore, FakeWindow, ORG } from './search-fakes.ts';

await loadAllMessages();

test('rows are shown (status ready, a results event) while the agent lookup is held; names fill in after', async () => {
  const store = new FakeStore();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const lookup = store.getEntriesByResourceUris.bind(store);
  let asked = 0;
  store.getEntriesByResourceUris = async (uris) => {
    asked++;
    await held;
    return lookup(uris);
  };
  const scope = new SearchScope({ store, window: new FakeWindow() });
  const shown: { rows: number; publisher: string | undefined; status: string; asked: number }[] = [];
  scope.addEventListener('results', () => {
    const bus = scope.results!.rows.find((r) => r.title?.value === 'Busslinjer');
    shown.push({ rows: scope.results!.rows.length, publisher: bus?.publisher, status: scope.status, asked });
  });
  let settled = false;
  scope.configure({ facets: ['theme', 'org'], lang: 'sv' });
  const done = scope.settled().then(() => (settled = true));
  // (gives up after a while: without rows first, nothing is shown until the lookup is released)
  for (let i = 0; i < 500 && shown.length === 0; i++) await new Promise((r) => setTimeout(r, 2));
  const whileHeld = [...shown];
  const settledWhileHeld = settled;
  release();
  assert.deepEqual(whileHeld, [{ rows: 6, publisher: undefined, status: 'ready', asked: 1 }], 'rows first, without the names');
  assert.equal(settledWhileHeld, false, 'settled() waits for the names');
  await done;
  assert.deepEqual(shown.at(-1), { rows: 6, publisher: 'Trafikverket', status: 'ready', asked: 1 });
  assert.equal(shown.length, 2);
  assert.deepEqual(new Set(store.lookups[0]), new Set([ORG(1), ORG(2)]));
  scope.dispose();
});
