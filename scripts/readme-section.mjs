// The one writer of the README's generated sections: the text between `<!-- NAME:start -->` and `<!-- NAME:end -->`
// (the size table, the benchmarks' tables) is replaced by what the script that measures it printed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './entries.mjs';

/** Puts `text` between the `name` markers of README.md; exits with an error when the markers are missing. */
export function writeReadmeSection(name, text) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) {
    console.error(`README.md has no ${start} … ${end} markers`);
    process.exit(1);
  }
  writeFileSync(readmePath, `${readme.slice(0, i + start.length)}\n${text}\n${readme.slice(j)}`);
  console.log(`README.md updated (${name})`);
}
