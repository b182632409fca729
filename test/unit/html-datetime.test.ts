import { test } from 'node:test';
import assert from 'node:assert/strict';
import { htmlDatetime } from '../../blocks/base/html-datetime.ts';

test('valid HTML date/time strings pass through', () => {
  assert.equal(htmlDatetime('2024'), '2024');
  assert.equal(htmlDatetime('2024-05'), '2024-05');
  assert.equal(htmlDatetime('2024-05-31'), '2024-05-31');
  assert.equal(htmlDatetime('2024-05-31T10:46'), '2024-05-31T10:46');
  assert.equal(htmlDatetime('2024-05-31T10:46:45Z'), '2024-05-31T10:46:45Z');
  assert.equal(htmlDatetime('2025-03-10T09:12:05.778+01:00'), '2025-03-10T09:12:05.778+01:00');
});

test('metadata forms the Nu validator rejects are normalised', () => {
  assert.equal(htmlDatetime('2017-08-01T10:46:45.590516'), '2017-08-01T10:46:45.590', 'at most milliseconds');
  assert.equal(htmlDatetime('2017-08-01 10:46:45'), '2017-08-01T10:46:45');
  assert.equal(htmlDatetime('2017-08-01T10:46:45+0100'), '2017-08-01T10:46:45+01:00');
  assert.equal(htmlDatetime(' 2024Z '), '2024', 'a gYear time zone is dropped');
});

test('what cannot be said exactly gets no datetime at all', () => {
  for (const bad of ['2024-02-30', '2023-02-29', '2024-13', '0000', '24-05-01', 'yesterday', '2024-05-31T25:00', '2024-05-31T10:46+25:00', '']) {
    assert.equal(htmlDatetime(bad), undefined, bad);
  }
  assert.equal(htmlDatetime('2024-02-29'), '2024-02-29', 'leap day');
});
