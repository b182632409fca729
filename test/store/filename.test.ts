// The current API's filename rule, shared by the dev store (400) and the upload block (checked before sending).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filenameProblem, MAX_FILENAME_CHARS } from '../../src/api/filename.ts';
import { checkFile } from '../../blocks/distribution-file-upload/file-checks.ts';
import { filenameProblemMessage } from '../../demo/store/http/multipart.ts';

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
