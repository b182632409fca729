/**
 * Which character separates the columns (behaviour doc §6.5): `,` `;` tab or `|`. The one that splits the first
 * lines into the same number of columns as the header line wins (quoted text does not count); if none does, the
 * more frequent of `,` and `;` in the first line (then of tab and `|`), else `,`.
 */

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** How many lines of the sample are looked at. */
const SAMPLE_LINES = 50;
/** Share of the lines that must have the header's number of columns. */
const CONSISTENT = 0.8;

/** Per line (outside quotes), how often each delimiter occurs; at most `SAMPLE_LINES` non-empty lines. */
function countPerLine(sample: string, complete: boolean): number[][] {
  const lines: number[][] = [];
  let counts = DELIMITERS.map(() => 0);
  let inQuotes = false;
  let blank = true;
  for (let i = 0; i < sample.length && lines.length < SAMPLE_LINES; i++) {
    const c = sample[i]!;
    if (c === '"') {
      inQuotes = !inQuotes;
      blank = false;
    } else if (!inQuotes && (c === '\n' || c === '\r')) {
      if (!blank) lines.push(counts);
      counts = DELIMITERS.map(() => 0);
      blank = true;
    } else if (!inQuotes) {
      const d = DELIMITERS.indexOf(c as Delimiter);
      if (d >= 0) counts[d]!++;
      if (c !== ' ') blank = false;
    }
  }
  // The last line of an incomplete sample may be cut anywhere: it only counts when the sample is the whole file.
  if (complete && !blank && lines.length < SAMPLE_LINES) lines.push(counts);
  return lines;
}

export function detectDelimiter(sample: string, complete = false): Delimiter {
  const text = sample.replace(/^\ufeff/, '');
  const lines = countPerLine(text, complete);
  const header = lines[0];
  if (header && lines.length > 1) {
    let best: { d: number; score: number; count: number } | undefined;
    DELIMITERS.forEach((_, d) => {
      const count = header[d]!;
      if (count === 0) return;
      const score = lines.slice(1).filter((l) => l[d] === count).length / (lines.length - 1);
      if (score < CONSISTENT) return;
      if (!best || score > best.score || (score === best.score && count > best.count)) best = { d, score, count };
    });
    if (best) return DELIMITERS[best.d]!;
  }
  const first = header ?? countPerLine(text, true)[0] ?? DELIMITERS.map(() => 0);
  const [comma, semicolon, tab, pipe] = first as [number, number, number, number];
  if (comma || semicolon) return semicolon > comma ? ';' : ',';
  if (tab || pipe) return pipe > tab ? '|' : '\t';
  return ',';
}
