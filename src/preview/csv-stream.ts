/**
 * Delimited text → rows, piece by piece as the file arrives, with papaparse's RFC 4180 parser (quoted fields may hold
 * delimiters, quotes and line breaks of any kind). Each piece is parsed up to its last complete row; the rest waits
 * for the next piece. The delimiter is detected from the first piece (delimiter.ts), the line break likewise.
 */
// papaparse is CommonJS: every loader offers it as the default export (Node's, the test server's, the bundler's, and
// the CDN build's ES module wrapper). A namespace import would cost the CDN chunk the bundler's namespace helper.
import papa from 'papaparse';
import { detectDelimiter, type Delimiter } from './delimiter.ts';

/** Text the first parse waits for (unless the file ends first), so that delimiter and line break can be told. */
const FIRST_PIECE = 16 * 1024;

/** `\r\n`, `\r` or `\n`: the first line break outside quotes. */
export function detectNewline(sample: string): '\r\n' | '\r' | '\n' {
  let inQuotes = false;
  for (let i = 0; i < sample.length; i++) {
    const c = sample[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && c === '\r') return sample[i + 1] === '\n' ? '\r\n' : '\r';
    else if (!inQuotes && c === '\n') return '\n';
  }
  return '\n';
}

export class CsvStream {
  readonly #onRows: (rows: string[][]) => void;
  #parser: InstanceType<typeof papa.Parser> | undefined;
  #pending = '';
  #delimiter: Delimiter | undefined;

  /** `onRows` gets the rows of each piece as they are complete (the header row first, as a row like any other). */
  constructor(onRows: (rows: string[][]) => void) {
    this.#onRows = onRows;
  }

  /** The delimiter in use (known after the first rows). */
  get delimiter(): Delimiter | undefined {
    return this.#delimiter;
  }

  push(text: string): void {
    this.#pending += text;
    if (!this.#parser && this.#pending.length < FIRST_PIECE) return;
    this.#parse(false);
  }

  /** The file ended: the last row counts even without a final line break. */
  end(): void {
    this.#parse(true);
  }

  #parse(last: boolean): void {
    if (!this.#parser) {
      const sample = this.#pending.replace(/^\ufeff/, '');
      this.#pending = sample;
      this.#delimiter = detectDelimiter(sample, last);
      this.#parser = new papa.Parser({ delimiter: this.#delimiter, newline: detectNewline(sample), quoteChar: '"' });
    }
    if (!this.#pending) return;
    const result = this.#parser.parse(this.#pending, 0, !last) as { data: string[][]; meta: { cursor: number } };
    this.#pending = last ? '' : this.#pending.slice(result.meta.cursor);
    if (result.data.length) this.#onRows(result.data);
  }
}
