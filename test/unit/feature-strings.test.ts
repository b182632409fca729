// A feature's strings (featureStrings) come with the page's landing part only, never the search part: the data
// preview's chunk set stays small on a landing page. The words a feature shares with the search blocks are in its own
// table, so they show on a landing page too (the extras' section headings and pager).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { msg } from '../../src/i18n/index.ts';
import { loadPreviewMessages } from '../../blocks/data-preview/strings.ts';
import { loadExtrasStrings } from '../../blocks/dataset-extras/strings.ts';

describe('featureStrings', () => {
  it('loads the landing part and the feature table, not the search part', async () => {
    await loadPreviewMessages('en');
    assert.equal(msg('en', 'preview.filter'), 'Filter rows', 'the feature table');
    assert.equal(msg('en', 'field.license'), 'Licence', 'the landing part');
    // A search-only word is not there: msg answers with the key.
    assert.equal(msg('en', 'search.placeholder'), 'search.placeholder');
  });

  it('the extras have their headings and pager words without the search part (sv, de)', async () => {
    await Promise.all([loadExtrasStrings('sv'), loadExtrasStrings('de')]);
    assert.deepEqual(['extras.showcases', 'extras.ideas', 'page.prev', 'page.next'].map((k) => msg('sv', k)), ['Tillämpningar', 'Idéer', 'Föregående sida', 'Nästa sida']);
    assert.deepEqual(['extras.showcases', 'extras.ideas', 'page.prev', 'page.next'].map((k) => msg('de', k)), ['Anwendungsbeispiele', 'Ideen', 'Vorherige Seite', 'Nächste Seite']);
    assert.equal(msg('sv', 'search.placeholder'), 'search.placeholder');
  });
});
