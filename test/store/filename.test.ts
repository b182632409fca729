// The current API's filename rule, shared by the dev store (400) and the upload block (checked before sending).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filenameProblem, MAX_FILENAME_CHARS } from '../../src/api/filename.ts';
import { checkFile } from '../../blocks/distribution-file-upload/file-checks.ts';
import { filenameProblemMessage } from '../../dev-store/http/multipart.ts';
import { HOSTILE_FILENAMES } from './hostile-filenames.ts';

test('separators, length in code points, empty names and control characters', () => {
  assert.equal(filenameProblem('data.csv'), undefined);
  assert.equal(filenameProblem('a/b.csv'), 'separator');
  assert.equal(filenameProblem('a\\b.csv'), 'separator');
  assert.equal(filenameProblem(''), 'empty');
  assert.equal(filenameProblem(undefined), 'empty');
  assert.equal(filenameProblem('a\u0007.csv'), 'control');
  assert.equal(filenameProblem('x'.repeat(MAX_FILENAME_CHARS)), undefined);
  assert.equal(filenameProblem('x'.repeat(MAX_FILENAME_CHARS + 1)), 'tooLong');
  // 200 emoji are 400 UTF-16 code units but 200 characters: allowed
  assert.equal(filenameProblem('😀'.repeat(MAX_FILENAME_CHARS)), undefined);
});

test('the upload block and the dev store judge every name alike', () => {
  const names = ['ok.csv', 'a/b.csv', 'x'.repeat(201), '😀'.repeat(200), '😀'.repeat(201)];
  for (const name of names) {
    const server = filenameProblemMessage(name) !== undefined;
    const block = checkFile({ name, size: 1 }, 50) !== undefined;
    assert.equal(block, server, name.slice(0, 20));
  }
});


test('issue 8: dot segments, NFKC separators, C1 controls, bidi controls, leading/trailing spaces and dots are refused', () => {
  for (const c of HOSTILE_FILENAMES) assert.equal(filenameProblem(c.name), c.problem, c.why);
});

test('ordinary names stay accepted: inner dots and spaces, leading dot, non-Latin scripts, emoji sequences', () => {
  for (const name of ['data.2024.csv', 'my data.csv', '.hidden.csv', 'a..b.csv', 'Åre kommun.csv', 'данные.csv', 'بيانات.csv', '数据.csv', '👨‍👩‍👧.csv', 'a-b_c (1).csv']) {
    assert.equal(filenameProblem(name), undefined, name);
  }
});

test('issue 8: the dev store\'s 400 message names the cause; the upload block refuses every name the store refuses', () => {
  for (const c of HOSTILE_FILENAMES) {
    const message = filenameProblemMessage(c.name);
    assert.ok(message, c.why);
    assert.notEqual(checkFile({ name: c.name, size: 1 }, 50), undefined, `block: ${c.why}`);
  }
  assert.match(filenameProblemMessage('..')!, /"\." or "\.\."/);
  assert.match(filenameProblemMessage('a\u202Eb')!, /bidirectional/);
  assert.match(filenameProblemMessage('a\u0085b')!, /control characters/);
  assert.match(filenameProblemMessage('a\uff0fb')!, /path separator/);
  assert.match(filenameProblemMessage('a.csv ')!, /space|dot/);
  for (const name of ['', 'a\u0001b.csv']) assert.notEqual(checkFile({ name, size: 1 }, 50), undefined, JSON.stringify(name));
});
