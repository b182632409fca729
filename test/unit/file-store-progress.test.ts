// Issue 29: what a block's loading state says while a catalog file loads, in the three languages.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { progressText } from '../../src/store/file/progress-view.ts';
import { loadFileStoreMessages } from '../../src/store/file/strings.ts';

before(() => Promise.all([loadFileStoreMessages('en'), loadFileStoreMessages('sv'), loadFileStoreMessages('de')]));

test('reading: loaded of total, in the unit of the total', () => {
  assert.equal(progressText('en', { phase: 'download', loaded: 1_234_567, total: 3_618_383 }), 'Reading the catalog file… 1.2 of 3.6 MB');
  assert.equal(progressText('sv', { phase: 'download', loaded: 1_234_567, total: 3_618_383 }), 'Läser katalogfilen… 1,2 av 3,6 MB');
  assert.equal(progressText('de', { phase: 'download', loaded: 1_234_567, total: 3_618_383 }), 'Katalogdatei wird gelesen… 1,2 von 3,6 MB');
  assert.equal(progressText('en', { phase: 'download', loaded: 38_200, total: 113_000 }), 'Reading the catalog file… 38 of 113 kB');
});

test('reading a file of unknown size: what has come so far', () => {
  assert.equal(progressText('en', { phase: 'download', loaded: 2_500_000 }), 'Reading the catalog file… 2.5 MB');
  assert.equal(progressText('sv', { phase: 'download', loaded: 640_000 }), 'Läser katalogfilen… 640 kB');
});

test('parsing and indexing: one message', () => {
  assert.equal(progressText('en', { phase: 'parse', loaded: 10 }), 'Indexing the catalog…');
  assert.equal(progressText('sv', { phase: 'index', loaded: 10 }), 'Indexerar katalogen…');
  assert.equal(progressText('de', { phase: 'index', loaded: 10 }), 'Katalog wird indexiert…');
});
