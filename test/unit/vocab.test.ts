import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileTypeCode, languageName, licenceName, vocabLabel } from '../../src/dcat/vocab.ts';
import { ccVariant, isHvdLegislation } from '../../src/dcat/vocab-indicators.ts';
import dataThemes from '../../src/dcat/vocab/data-theme.ts';
import fileTypes from '../../src/dcat/vocab/file-type.ts';
import licences from '../../src/dcat/vocab/licence.ts';
import frequencies from '../../src/dcat/vocab/frequency.ts';
import hvd from '../../src/dcat/vocab/hvd-category.ts';
import accessRights from '../../src/dcat/vocab/access-right.ts';
import languages from '../../src/dcat/vocab/language.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';
import { SKIP_NO_SHARED, sharedFixture } from '../shared-fixtures.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const AUTH = 'http://publications.europa.eu/resource/authority/';
const SHARED_VOCAB = sharedFixture('vocab');

describe('bundled vocabulary tables', () => {
  test('hold the expected number of concepts', () => {
    assert.equal(Object.keys(dataThemes).length, 14);
    assert.equal(Object.keys(hvd).length, 96);
    assert.equal(Object.keys(frequencies).length, 23);
    assert.ok(Object.keys(fileTypes).length >= 140);
    assert.ok(Object.keys(licences).length >= 40);
    assert.equal(Object.keys(accessRights).length, 5);
    assert.ok(Object.keys(languages).length >= 20);
  });

  test('themes, frequencies, HVD categories, access rights and languages have sv, en and de labels', () => {
    for (const table of [dataThemes, frequencies, hvd, accessRights, languages]) {
      for (const [uri, labels] of Object.entries(table)) {
        for (const l of ['sv', 'en', 'de'] as const) assert.ok(labels[l]?.trim(), `${uri} ${l}`);
      }
    }
  });

  test('file types keep their authority code', () => {
    for (const [uri, labels] of Object.entries(fileTypes)) assert.equal(labels.code, uri.slice(uri.lastIndexOf('/') + 1));
  });

  test('committed tables are what scripts/build-vocab.mjs makes from the EU sources', { skip: !SHARED_VOCAB && SKIP_NO_SHARED }, () => {
    const r = spawnSync(process.execPath, ['scripts/build-vocab.mjs', '--check', '--src', SHARED_VOCAB ?? ''], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr + r.stdout);
  });
});

describe('vocabLabel', () => {
  test('data themes in sv, en and de', () => {
    assert.equal(vocabLabel(`${AUTH}data-theme/TRAN`, 'sv'), 'Transport');
    assert.equal(vocabLabel(`${AUTH}data-theme/TRAN`, 'de'), 'Verkehr');
    assert.equal(vocabLabel(`${AUTH}data-theme/ENVI`, 'en'), 'Environment');
    assert.equal(vocabLabel(`${AUTH}data-theme/ENVI`, 'sv'), 'Miljö');
    assert.equal(vocabLabel(`${AUTH}data-theme/ENVI`, 'de'), 'Umwelt');
  });

  test('accepts https, a trailing slash, region subtags and lower-case codes', () => {
    assert.equal(vocabLabel(`https://publications.europa.eu/resource/authority/data-theme/ECON/`, 'sv-SE'), 'Ekonomi och finans');
    assert.equal(vocabLabel(`${AUTH}access-right/public`, 'en'), 'Public');
    assert.equal(vocabLabel(' https://data.europa.eu/bna/c_dd313021/ ', 'en'), vocabLabel('http://data.europa.eu/bna/c_dd313021', 'en'));
  });

  test('frequencies, access rights, HVD categories and languages', () => {
    assert.equal(vocabLabel(`${AUTH}frequency/ANNUAL`, 'en'), 'Annual');
    assert.equal(vocabLabel(`${AUTH}frequency/ANNUAL`, 'sv'), 'Årlig');
    assert.equal(vocabLabel(`${AUTH}frequency/MONTHLY`, 'de'), 'Monatlich');
    assert.equal(vocabLabel(`${AUTH}access-right/NON_PUBLIC`, 'sv'), 'Icke-offentlig');
    assert.equal(vocabLabel(`${AUTH}access-right/RESTRICTED`, 'de'), 'Eingeschränkt');
    assert.equal(vocabLabel(`${AUTH}access-right/SENSITIVE`, 'en'), 'Sensitive');
    assert.equal(vocabLabel('http://data.europa.eu/bna/c_dd313021', 'en'), 'Earth observation and environment');
    assert.equal(vocabLabel('http://data.europa.eu/bna/c_dd313021', 'sv'), 'Jordobservation och miljö');
    assert.equal(vocabLabel(`${AUTH}language/SWE`, 'de'), 'Schwedisch');
    assert.equal(vocabLabel(`${AUTH}language/GER`, 'en'), 'German');
    // Outside the hand-written subset: named by Intl.
    assert.equal(vocabLabel(`${AUTH}language/HUN`, 'sv'), 'Ungerska');
    assert.equal(vocabLabel('http://id.loc.gov/vocabulary/iso639-1/nl', 'en'), 'Dutch');
  });

  test('file types: English label in every language, code available', () => {
    assert.equal(vocabLabel(`${AUTH}file-type/CSV`, 'sv'), 'CSV');
    assert.equal(fileTypeCode(`${AUTH}file-type/WMS_SRVC`), 'WMS_SRVC');
    assert.equal(fileTypeCode('https://example.org/CSV'), undefined);
  });

  test('Creative Commons and DCAT-AP.de licence URIs get their usual short names', () => {
    assert.equal(licenceName('https://creativecommons.org/licenses/by/4.0/'), 'CC BY 4.0');
    assert.equal(licenceName('http://creativecommons.org/licenses/by-nc-sa/3.0/de/'), 'CC BY-NC-SA 3.0 DE');
    assert.equal(licenceName('https://creativecommons.org/licenses/by-sa/4.0/legalcode'), 'CC BY-SA 4.0');
    assert.equal(licenceName('https://creativecommons.org/publicdomain/zero/1.0/deed.sv'), 'CC0 1.0');
    assert.equal(licenceName('https://creativecommons.org/publicdomain/mark/1.0/'), 'Public Domain Mark 1.0');
    assert.equal(vocabLabel('http://creativecommons.org/publicdomain/zero/1.0/', 'sv'), 'CC0 1.0');
    assert.equal(vocabLabel('http://dcat-ap.de/def/licenses/dl-by-de/2.0', 'de'), 'Datenlizenz Deutschland – Namensnennung – 2.0');
    assert.equal(licenceName('https://creativecommons.org/licenses/evil/4.0/'), undefined);
    // The EU licence table is preferred where it has the URI.
    assert.equal(vocabLabel(`${AUTH}licence/CC_BY_4_0`, 'de'), 'Creative Commons Namensnennung 4.0 International');
  });

  test('Creative Commons variant for the licence indicator', () => {
    assert.equal(ccVariant('https://creativecommons.org/licenses/by-sa/4.0/'), 'by-sa');
    assert.equal(ccVariant('https://creativecommons.org/publicdomain/zero/1.0/'), 'zero');
    assert.equal(ccVariant(`${AUTH}licence/CC_BYNCSA_4_0`), 'by-nc-sa');
    assert.equal(ccVariant(`${AUTH}licence/CC0`), 'zero');
    assert.equal(ccVariant('https://www.dcat-ap.de/def/licenses/cc-zero'), 'zero');
    assert.equal(ccVariant('https://example.org/licence'), undefined);
  });

  test('EU legislation (ELI) URIs, and the HVD regulation test', () => {
    assert.equal(vocabLabel('http://data.europa.eu/eli/reg_impl/2023/138/oj', 'en'), 'Implementing Regulation (EU) 2023/138');
    assert.equal(vocabLabel('http://data.europa.eu/eli/reg_impl/2023/138/oj', 'sv'), 'Genomförandeförordning (EU) 2023/138');
    assert.equal(vocabLabel('https://data.europa.eu/eli/dir/2019/1024/oj', 'de'), 'Richtlinie (EU) 2019/1024');
    assert.ok(isHvdLegislation('https://data.europa.eu/eli/reg_impl/2023/138/oj/'));
    assert.ok(!isHvdLegislation('http://data.europa.eu/eli/dir/2019/1024/oj'));
  });

  test('IANA media-type URIs read as the media type', () => {
    assert.equal(vocabLabel('https://www.iana.org/assignments/media-types/text/csv', 'sv'), 'text/csv');
  });

  test('unknown URIs and language codes → undefined', () => {
    assert.equal(vocabLabel('https://example.org/theme/x', 'sv'), undefined);
    assert.equal(vocabLabel(`${AUTH}data-theme/NOPE`, 'sv'), undefined);
    assert.equal(languageName('xyz', 'en'), undefined);
    assert.equal(languageName('sv', 'de'), 'Schwedisch');
  });
});
