import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
export function attr(files) {
  const bySrc = new Map();
  for (const f of files) {
    const code = readFileSync(f, 'utf8');
    const map = new SourceMapConsumer(JSON.parse(readFileSync(f + '.map', 'utf8')));
    const lines = code.split('\n');
    const mappings = [];
    map.eachMapping((m) => mappings.push(m));
    mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
    for (let i = 0; i < mappings.length; i++) {
      const m = mappings[i], n = mappings[i + 1];
      const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine - 1].length;
      const k = (m.source || '?').replace(/.*\/(src|blocks|node_modules)\//, '$1/');
      bySrc.set(k, (bySrc.get(k) || 0) + (end - m.generatedColumn));
    }
  }
  return bySrc;
}
const [a, b] = process.argv.slice(2).map((s) => attr(s.split(',')));
const keys = new Set([...a.keys(), ...b.keys()]);
const rows = [...keys].map((k) => [k, a.get(k) || 0, b.get(k) || 0]).filter((r) => r[1] !== r[2]).sort((x, y) => (y[1] - y[2]) - (x[1] - x[2]));
let tot = 0;
for (const [k, x, y] of rows) { tot += x - y; console.log(String(x).padStart(7), String(y).padStart(7), String(x - y).padStart(7), k); }
console.log('total diff', tot);
