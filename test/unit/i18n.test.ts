import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { en } from '../../src/i18n/en.ts';
import { previewEn } from '../../blocks/data-preview/strings/en.ts';
import { vizEn } from '../../blocks/visualization/strings/en.ts';
import { mapEn } from '../../blocks/wms-map/strings/en.ts';
import { extrasEn } from '../../blocks/dataset-extras/strings/en.ts';
import { richEn } from '../../blocks/rich-content/strings/en.ts';
import { enSearch } from '../../src/i18n/search/en.ts';
import { formatNumber, LANGS, messages, msg, toLang } from '../../src/i18n/index.ts';
import { formatBytes, formatDate } from '../../src/i18n/format.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';
import { SKIP_NO_SHARED, sharedPath } from '../shared-fixtures.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const BEHAVIOUR = sharedPath('docs/blocks-behaviour.md');
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Keys of blocks-behaviour.md §9.3, "a.b / c" rows split into a.b and a.c; English text for unsplit rows. */
function behaviourKeys(): Map<string, string | undefined> {
  const text = readFileSync(BEHAVIOUR ?? '', 'utf8');
  const section = text.slice(text.indexOf('### 9.3'), text.indexOf('### 9.4'));
  const keys = new Map<string, string | undefined>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !/^[a-z]+\.[\w./ ]+$/i.test(cells[1]!) || cells[1] === 'key') continue;
    const parts = cells[1]!.split(' / ');
    const prefix = parts[0]!.slice(0, parts[0]!.indexOf('.') + 1);
    parts.forEach((p, i) => keys.set(i === 0 ? p : prefix + p, parts.length === 1 ? cells[2] : undefined));
  }
  return keys;
}

describe('messages', () => {
  test('every English key exists, non-empty, in sv and de with the same placeholders', () => {
    for (const lang of LANGS) {
      const table = messages(lang) as Record<string, string>;
      for (const key of Object.keys(en)) {
        assert.ok(table[key]?.trim(), `${lang} ${key}`);
        assert.deepEqual(placeholders(table[key]!), placeholders(en[key as keyof typeof en]), `${lang} ${key}`);
      }
      assert.equal(Object.keys(table).length, Object.keys(en).length, `${lang} has extra keys`);
    }
  });

  test('sv and de are translations, not copies of English (beyond names that are the same)', () => {
    const same = Object.keys(en).filter((k) => (messages('sv') as Record<string, string>)[k] === (en as Record<string, string>)[k]);
    assert.ok(same.length < 20, `too many untranslated sv strings: ${same.join(', ')}`);
    assert.equal(msg('sv', 'dv.distributions'), 'Dataresurser');
    assert.equal(msg('de', 'dv.furtherInfo'), 'Weitere Informationen');
  });

  test('every key of blocks-behaviour.md §9.3 exists, English text as in the table', { skip: !BEHAVIOUR && SKIP_NO_SHARED }, () => {
    const keys = behaviourKeys();
    assert.ok(keys.size >= 90, `parsed only ${keys.size} keys`);
    // the main tables and the features' own lazy tables (addMessages): one string path, either part of it
    const all: Record<string, string> = { ...previewEn, ...vizEn, ...mapEn, ...extrasEn, ...richEn, ...en };
    for (const [key, english] of keys) {
      assert.ok(key in all, `missing ${key}`);
      if (english !== undefined) assert.equal(all[key], english, key);
    }
  });

  test("the rich content's preview toggle and section headings use the doc's keys, from its own table only", () => {
    // one key per text: the rich content once had rich.* twins of these, while the search part of the UI strings (which
    // every search page downloads) carried the doc's keys unused
    for (const key of ['preview.open', 'preview.close', 'viz.heading', 'map.heading']) {
      assert.ok(key in richEn, `${key} in the rich content's table`);
      assert.ok(!(key in enSearch), `${key} not in the search strings`);
    }
    assert.deepEqual(Object.keys(richEn).filter((k) => /^rich\.(preview|hidePreview|visualizations|map)$/.test(k)), []);
  });

  test('a field.<key> label for every FieldKey of the view model', () => {
    const model = readFileSync(new URL('../../src/dcat/model.ts', import.meta.url), 'utf8');
    const union = model.slice(model.indexOf('export type FieldKey ='), model.indexOf(';', model.indexOf('export type FieldKey =')));
    const fieldKeys = [...union.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
    assert.ok(fieldKeys.length >= 40);
    for (const k of fieldKeys) assert.ok(`field.${k}` in en, `field.${k}`);
  });

  test('the extra state and notice strings', () => {
    assert.equal(msg('en', 'state.retry'), 'Try again');
    assert.equal(msg('sv', 'state.retry'), 'Försök igen');
    assert.equal(msg('de', 'state.retry'), 'Erneut versuchen');
    assert.equal(msg('en', 'state.unreachable'), 'The catalog could not be reached.');
    assert.equal(msg('en', 'state.malformed'), 'The catalog answered with data that could not be read.');
    for (const k of ['dv.noEntry', 'svc.noEntry', 'svc.access', 'svc.notFound', 'dist.untitled']) {
      for (const l of LANGS) assert.notEqual(msg(l, k), k);
    }
  });
});

describe('msg', () => {
  test('substitutes placeholders', () => {
    assert.equal(msg('en', 'multi.removeChip', { label: 'CSV' }), 'Remove CSV');
    assert.equal(msg('de', 'multi.freeText', { term: 'Bäume' }), 'Nach „Bäume“ suchen');
    assert.equal(msg('en', 'results.filtered', { n: 2636 }), '2,636 datasets match your search');
  });

  test('plural: the .one variant for exactly one, the plural otherwise, numbers grouped per locale', () => {
    assert.equal(msg('en', 'results.all', { n: 1 }), 'Showing 1 dataset');
    assert.equal(msg('sv', 'results.all', { n: 1 }), 'Visar 1 datamängd');
    assert.equal(msg('de', 'results.filtered', { n: 1 }), '1 Datensatz entspricht Ihrer Suche');
    assert.equal(msg('en', 'results.all', { n: 0 }), 'Showing all 0 datasets');
    assert.equal(msg('en', 'results.filtered', { n: 2 }), '2 datasets match your search');
    assert.equal(msg('sv', 'results.all', { n: 12345 }), 'Visar alla 12\u00a0345 datamängder');
    assert.equal(msg('de', 'results.all', { n: 12345 }), 'Alle 12.345 Datensätze werden angezeigt');
    // Keys without a .one variant are used as they are.
    assert.equal(msg('en', 'facets.toggle', { n: 1 }), 'Filters (1)');
  });

  test('unknown key → the key itself, warned once', (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    assert.equal(msg('en', 'no.such.key'), 'no.such.key');
    assert.equal(msg('sv', 'no.such.key'), 'no.such.key');
    assert.equal(warn.mock.callCount(), 1);
  });

  test('toLang takes the primary subtag of supported languages only', () => {
    assert.equal(toLang('sv-SE'), 'sv');
    assert.equal(toLang('DE_at'), 'de');
    assert.equal(toLang('en'), 'en');
    assert.equal(toLang('fi'), undefined);
    assert.equal(toLang(''), undefined);
    assert.equal(toLang(null), undefined);
  });
});

describe('formatDate', () => {
  test('xsd:date as a long date in each language', () => {
    assert.equal(formatDate('2024-05-03', 'day', 'en'), 'May 3, 2024');
    assert.equal(formatDate('2024-05-03', 'day', 'sv'), '3 maj 2024');
    assert.equal(formatDate('2024-05-03', 'day', 'de'), '3. Mai 2024');
  });

  test('gYearMonth and gYear', () => {
    assert.equal(formatDate('2024-05', 'month', 'en'), 'May 2024');
    assert.equal(formatDate('2024-05', 'month', 'sv'), 'maj 2024');
    assert.equal(formatDate('2024-05', 'month', 'de'), 'Mai 2024');
    for (const l of LANGS) assert.equal(formatDate('2024', 'year', l), '2024');
  });

  test('dateTime: long date and time; with an offset in the reader\'s zone, without one as written', () => {
    assert.equal(formatDate('2024-05-03T10:15:00+02:00', 'time', 'sv', 'Europe/Stockholm'), '3 maj 2024 kl. 10:15');
    assert.equal(formatDate('2024-05-03T08:15:00Z', 'time', 'de', 'Europe/Berlin'), '3. Mai 2024 um 10:15');
    assert.match(formatDate('2024-05-03T10:15:00', 'time', 'en'), /^May 3, 2024.*10:15\sAM$/);
  });

  test('calendar dates never shift a day, whatever the time zone', () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        assert.equal(formatDate('2024-01-01', 'day', 'en'), 'January 1, 2024');
        assert.equal(formatDate('2024-01-01Z', 'day', 'en'), 'January 1, 2024');
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  test('unreadable values come back as given', () => {
    assert.equal(formatDate('sometime in spring', 'day', 'en'), 'sometime in spring');
    assert.equal(formatDate('2024-02-31', 'day', 'en'), '2024-02-31');
    assert.equal(formatDate('2024-13', 'month', 'en'), '2024-13');
  });
});

describe('formatBytes / formatNumber', () => {
  test('decimal units with the locale decimal separator', () => {
    assert.equal(formatBytes(2_300_000, 'en'), '2.3\u00a0MB');
    assert.equal(formatBytes(2_300_000, 'sv'), '2,3\u00a0MB');
    assert.equal(formatBytes(2_300_000, 'de'), '2,3\u00a0MB');
    assert.equal(formatBytes(512, 'en'), '512\u00a0B');
    assert.equal(formatBytes(5312, 'en'), '5.3\u00a0kB');
    assert.equal(formatBytes(731_000, 'en'), '731\u00a0kB');
    assert.equal(formatBytes(999_999, 'en'), '1\u00a0MB');
    assert.equal(formatBytes(3_600_000_000, 'de'), '3,6\u00a0GB');
  });

  test('grouping per locale', () => {
    assert.equal(formatNumber(2636, 'en'), '2,636');
    assert.equal(formatNumber(2636, 'sv'), '2\u00a0636');
    assert.equal(formatNumber(2636, 'de'), '2.636');
    assert.equal(formatNumber(1234567.5, 'en'), '1,234,567.5');
  });
});

describe('block-owned strings (addMessages)', () => {
  test('a block table is found by msg, per language, and never overrides the main tables', async () => {
    const { addMessages } = await import('../../src/i18n/index.ts');
    await loadAllMessages();
    addMessages('sv', { 'test.only': 'Bara ett test', 'search.label': 'overridden?' });
    assert.equal(msg('sv', 'test.only'), 'Bara ett test');
    assert.equal(msg('sv', 'search.label'), messages('sv')['search.label']);
    assert.equal(msg('de', 'test.only'), 'test.only', 'another language does not see it');
  });

  test('the upload block has every upload.* string in sv, en and de, and the main tables have none', async () => {
    const { uploadEn } = await import('../../blocks/distribution-file-upload/strings/en.ts');
    const { uploadSv } = await import('../../blocks/distribution-file-upload/strings/sv.ts');
    const { uploadDe } = await import('../../blocks/distribution-file-upload/strings/de.ts');
    const keys = Object.keys(uploadEn).sort();
    assert.ok(keys.length > 40);
    assert.deepEqual(Object.keys(uploadSv).sort(), keys);
    assert.deepEqual(Object.keys(uploadDe).sort(), keys);
    for (const lang of LANGS) assert.deepEqual(Object.keys(messages(lang)).filter((k) => k.startsWith('upload.')), [], lang);
  });
});

describe('one string path: msg (issue 13)', () => {
  test("the search parts' counts and labels come from msg, with its plural rule and number grouping", () => {
    assert.equal(msg('sv', 'facets.count', { n: 2636 }), '2\u00a0636 datamängder');
    assert.equal(msg('de', 'facets.count', { n: 1 }), '1 Datensatz');
    assert.equal(msg('en', 'multi.count', { n: 1 }), '1 suggestion');
    assert.equal(msg('de', 'multi.count', { n: 12 }), '12 Vorschläge');
    assert.equal(msg('sv', 'chips.label'), 'Din sökning');
    assert.equal(msg('en', 'multi.suggestions'), 'Suggestions');
  });

  test("the export block's strings are a lazy chunk of its own that msg finds (sv, en, de; none in the main tables)", async () => {
    const { loadExportMessages } = await import('../../blocks/dataset-exports/strings.ts');
    const { exportsEn } = await import('../../blocks/dataset-exports/strings/en.ts');
    await Promise.all(LANGS.map(loadExportMessages));
    assert.equal(msg('de', 'export.done', { n: 1 }), '1 Datensatz exportiert.');
    assert.equal(msg('en', 'export.done', { n: 2636 }), 'Exported 2,636 datasets.');
    assert.equal(msg('de', 'export.capped', { total: 12000, cap: 10000 }),
      'Das Ergebnis hat 12.000 Datensätze; nur die ersten 10.000 werden exportiert.');
    assert.equal(msg('sv', 'export.col.resource'), 'Resurs-URI');
    for (const lang of LANGS) {
      for (const key of Object.keys(exportsEn)) assert.notEqual(msg(lang, key), key, `${lang} ${key}`);
      assert.deepEqual(Object.keys(messages(lang)).filter((k) => k in exportsEn), [], lang);
    }
  });
});
