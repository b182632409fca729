// Issue 24 point 8: the README's test figures are written by the run that measured them (scripts/test.mjs
// --write-readme, .ci/run --write-readme) into generated sections, never typed by hand, where they went stale (the
// README said 2,397 passed in 563 s while CI ran 2,843 in 720 s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/entries.mjs';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
/** README.md without its generated sections (`<!-- name:start -->` … `<!-- name:end -->`). */
const handWritten = readme.replace(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g, '');
const section = (name: string) => readme.match(new RegExp(`<!-- ${name}:start -->([\\s\\S]*?)<!-- ${name}:end -->`))?.[1] ?? '';

test('no test count or test duration is typed by hand into the README', () => {
  // (a historical "before this work 123 of the 158 failed" is history, not a count of the suite)
  const counts = handWritten.split('\n').filter((l) => /\b\d[\d,]* passed, \d[\d,]* failed\b|\bruns \d[\d,]* tests\b|\bin \d+ s including/.test(l));
  assert.deepEqual(counts, []);
  for (const name of ['tests', 'ci']) assert.ok(readme.includes(`<!-- ${name}:start -->`), `README has the ${name} section`);
});

test("the tests section's total is the sum of its suites (as scripts/test.mjs writes it)", { skip: !section('tests').includes('| **all**') && 'no run written yet' }, () => {
  const num = (v: string) => Number(v.replace(/[*,]/g, ''));
  const rows = section('tests').split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| suite'));
  const cells = rows.map((l) => l.split('|').slice(2, 5).map((c) => num(c.trim())));
  const all = cells.pop()!;
  assert.ok(cells.length >= 6, `${cells.length} suites`);
  assert.deepEqual(all, [0, 1, 2].map((k) => cells.reduce((sum, c) => sum + c[k]!, 0)));
});
