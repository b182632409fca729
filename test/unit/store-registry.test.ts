import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { storeContext } from '../../src/store/context.ts';
import { EntryStoreClient, normaliseBaseUrl } from '../../src/store/entrystore.ts';
import { setStoreFactory, storeFor } from '../../src/store/registry.ts';
import type { CatalogStore } from '../../src/store/types.ts';

afterEach(() => setStoreFactory());

describe('storeFor', () => {
  test('one shared EntryStoreClient per store URL, with or without the trailing slash', () => {
    const a = storeFor('https://data.example.org/store');
    const b = storeFor('https://data.example.org/store/');
    const c = storeFor('  https://data.example.org/store/ ');
    assert.ok(a instanceof EntryStoreClient);
    assert.equal(a, b);
    assert.equal(a, c);
    assert.equal(a.baseUrl, 'https://data.example.org/store/');
    assert.notEqual(storeFor('https://other.example.org/store/'), a);
  });

  test('setStoreFactory swaps how stores are made and forgets earlier ones; no argument restores the default', () => {
    const before = storeFor('https://data.example.org/store/');
    const made: string[] = [];
    const fakeStore = { baseUrl: '' } as CatalogStore;
    setStoreFactory((baseUrl) => {
      made.push(baseUrl);
      return { ...fakeStore, baseUrl };
    });
    const s = storeFor('https://data.example.org/store');
    assert.notEqual(s, before);
    assert.deepEqual(made, ['https://data.example.org/store/']);
    assert.equal(storeFor('https://data.example.org/store/'), s);
    setStoreFactory();
    assert.ok(storeFor('https://data.example.org/store/') instanceof EntryStoreClient);
  });
});

describe('normaliseBaseUrl', () => {
  test('adds the trailing slash once', () => {
    assert.equal(normaliseBaseUrl('http://localhost:8282/store'), 'http://localhost:8282/store/');
    assert.equal(normaliseBaseUrl('http://localhost:8282/store/'), 'http://localhost:8282/store/');
  });

  test('resolves a relative store URL against the page when there is one', () => {
    const g = globalThis as { location?: unknown };
    const had = 'location' in g;
    g.location = { href: 'https://portal.example.org/data/page.html' };
    try {
      assert.equal(normaliseBaseUrl('/store'), 'https://portal.example.org/store/');
    } finally {
      if (!had) delete g.location;
    }
  });
});

describe('storeContext', () => {
  test('is keyed by a global symbol, so two copies of the library on one page still match', () => {
    assert.equal(storeContext, Symbol.for('catalog-blocks/store'));
  });
});
