// The large vocabularies and each language's UI strings are separate chunks: nothing is known before loading,
// exactly what a page needs after. (Own file: node runs each test file in a fresh process, so nothing is preloaded.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadVocabulariesFor, vocabLabel } from '../../src/dcat/vocab.ts';
import { loadLandingMessages, loadMessages, loadSearchMessages, msg } from '../../src/i18n/index.ts';

const HVD_GEO = 'http://data.europa.eu/bna/c_ac64a52d';
const CC_BY = 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0';
const THEME = 'http://publications.europa.eu/resource/authority/data-theme/TRAN';

test('themes come with the UI strings, the other tables load only for URIs of their namespace', async () => {
  assert.equal(vocabLabel(THEME, 'en'), undefined, 'nothing before loading');
  await loadLandingMessages('en');
  assert.equal(vocabLabel(THEME, 'en'), 'Transport', 'data themes come with the UI strings of the language');
  assert.equal(vocabLabel(HVD_GEO, 'en'), undefined, 'HVD labels are not loaded before they are needed');
  await loadVocabulariesFor([CC_BY]);
  assert.match(vocabLabel(CC_BY, 'sv') ?? '', /Creative Commons/);
  assert.equal(vocabLabel(HVD_GEO, 'en'), undefined, 'a licence URI does not pull in the HVD table');
  await loadVocabulariesFor(['https://data.europa.eu/bna/c_ac64a52d/']);
  assert.equal(vocabLabel(HVD_GEO, 'en'), 'Geospatial');
});

test('UI strings: core state strings before loading, the full language after', async () => {
  assert.equal(msg('sv', 'state.loading'), 'Laddar…');
  assert.equal(msg('sv', 'dv.distributions'), 'dv.distributions', 'not loaded yet: the key, without a warning');
  await loadMessages('sv');
  assert.equal(msg('sv', 'dv.distributions'), 'Dataresurser');
  assert.equal(msg('de', 'dv.distributions'), 'dv.distributions', 'loading sv does not load de');
});

test('UI strings: a search page loads the shared and search parts, a row opening the landing part', async () => {
  await loadSearchMessages('de');
  assert.equal(msg('de', 'sort.label'), 'Sortieren nach', 'search strings');
  assert.equal(msg('de', 'row.more'), 'Mehr Informationen', 'the row strings it shares with landing pages');
  assert.equal(vocabLabel(THEME, 'de'), 'Verkehr', 'the theme labels come with them');
  assert.equal(msg('de', 'state.loading'), 'Wird geladen…', 'the core strings stay');
  assert.equal(msg('de', 'dv.furtherInfo'), 'dv.furtherInfo', 'no landing strings before a row is opened');
  await loadLandingMessages('de');
  assert.equal(msg('de', 'dv.furtherInfo'), 'Weitere Informationen');
});
