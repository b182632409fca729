#!/usr/bin/env node
// `npm run params-table`: writes the README's parameter table from THE parameter table (src/config/params.ts),
// between <!-- params:start --> and <!-- params:end -->. `--check` only compares (exit 1 when the README is stale).
// Run with tsx (the table is TypeScript): `node --import tsx scripts/params-table.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLUMN_BLOCKS, PARAMS, SPEC_COLUMN_BLOCKS, SUPPORTIVE_COLUMN_BLOCKS, attributeName } from '../src/config/params.ts';
import { paramMeaning } from '../src/config/param-docs.ts';
import { root } from './entries.mjs';

const START = '<!-- params:start -->';
const END = '<!-- params:end -->';
const COLUMNS = Object.keys(COLUMN_BLOCKS);

/** "1 for DV, SV, DL; 2 for SS, MS, FS, FP" — defaults grouped by value, in column order. */
function defaultText(p) {
  const byValue = new Map();
  for (const col of COLUMNS) {
    if (!p.columns.includes(col) || !(col in p.defaults)) continue;
    const v = String(p.defaults[col]);
    if (!byValue.has(v)) byValue.set(v, []);
    byValue.get(v).push(col);
  }
  if (byValue.size === 0) return '–';
  if (byValue.size === 1 && [...byValue.values()][0].length === p.columns.length) return `\`${[...byValue.keys()][0]}\``;
  return [...byValue].map(([v, cols]) => `\`${v}\` for ${cols.join(', ')}`).join('; ');
}

export function paramsTable() {
  const head = `| parameter | attribute | type | ${COLUMNS.join(' | ')} | default | meaning |`;
  const sep = `|---|---|---|${COLUMNS.map(() => ':-:').join('|')}|---|---|`;
  const rows = PARAMS.map((p) => {
    const marks = COLUMNS.map((c) => (p.columns.includes(c) ? 'x' : ''));
    const meaning = `${paramMeaning(p.name).replaceAll('|', '\\|')}`;
    return `| \`${p.name}\` | \`${attributeName(p.name)}\` | ${p.type} | ${marks.join(' | ')} | ${defaultText(p)} | ${meaning} |`;
  });
  const named = (columns) => Object.entries(columns).map(([c, blocks]) => `${c} = ${blocks.map((b) => `${b} \`<${attributeName(b)}>\``).join(' / ')}`).join('; ');
  const legend = `Columns: ${named(SPEC_COLUMN_BLOCKS)}. Supportive blocks: ${named(SUPPORTIVE_COLUMN_BLOCKS)}. ` +
    '"–": not set unless you set it.';
  return [head, sep, ...rows, '', legend].join('\n');
}

const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const i = readme.indexOf(START);
const j = readme.indexOf(END);
if (i < 0 || j < i) {
  console.error('params-table: README.md has no params markers');
  process.exit(1);
}
const next = `${readme.slice(0, i + START.length)}\n${paramsTable()}\n${readme.slice(j)}`;
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('params-table: README.md parameter table is stale; run `npm run params-table`');
    process.exit(1);
  }
  console.log('params-table: README.md is up to date');
} else {
  writeFileSync(readmePath, next);
  console.log(`params-table: README.md updated (${PARAMS.length} parameters)`);
}
