/** Unsupported EntryScape configuration keys are named once each in a console warning (README migration table). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resetConfigKeyWarnings, warnUnsupportedKeys } from '../../src/legacy/config-keys.ts';
import { warnings } from './template-helpers.ts';


test('each unsupported key gets one warning naming it; supported keys get none', () => {
  resetConfigKeyWarnings();
  const seen = warnings(() => {
    warnUnsupportedKeys({ entrystore: 'https://x/store', context: '1', named: {}, style: 'a{}', clicks: {} });
    warnUnsupportedKeys({ named: { 'https://x/': 'X' } });
  });
  assert.equal(seen.length, 2, seen.join('\n'));
  assert.match(seen[0]!, /^\[catalog-blocks\] the configuration key "named" is not supported/);
  assert.match(seen[1]!, /"style"/);
});

test('keys this library implements never warn', () => {
  resetConfigKeyWarnings();
  const seen = warnings(() => warnUnsupportedKeys({
    entrystore: 'x', context: ['1', '2'], entry: '3', page_language: 'sv', clicks: {}, routes: [], urlQueryParameters: true,
    hashParamsPrefix: 'p_', sortOptions: [], limit: 5, limitOptions: [5], baseFilter: {}, minimumSearchLength: 2,
    facetLimit: 5, strictStandardHtml: true, blocks: [], spa: true, forcePublicRequests: true,
    collections: [{ name: 'sex', property: 'foaf:gender', nodetype: 'literal' }], entrystore_base: 'x',
  }));
  assert.deepEqual(seen, []);
});
