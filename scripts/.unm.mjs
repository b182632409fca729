import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const f = process.argv[2];
const code = readFileSync(f, 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(f + '.map', 'utf8')));
const lines = code.split('\n');
const ms = []; map.eachMapping((m) => ms.push(m));
ms.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
for (let i = 0; i < ms.length; i++) {
  const m = ms[i], n = ms[i + 1];
  if (m.source) continue;
  const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine - 1].length;
  if (end - m.generatedColumn > +(process.argv[3]||60)) console.log(end - m.generatedColumn, JSON.stringify(lines[m.generatedLine - 1].slice(m.generatedColumn, Math.min(end, m.generatedColumn + 160))));
}
