/**
 * Column headers and number columns of a preview table (behaviour doc §6.5). Headers are trimmed; an empty or
 * repeated header has no label (the table shows "Column n"); dots are kept. A column is numeric when every value
 * that is not missing (empty, NA, N/A, -, ..) reads as a number: it is right-aligned and sorts by value. A value with
 * leading zeros (`0114`) is a code, so its column is text.
 */

export interface PreviewColumn {
  /** The header, trimmed; undefined when empty or a repeat of an earlier one (shown as "Column n"). */
  readonly label: string | undefined;
  /** Position, from 1. */
  readonly n: number;
}

export function headerColumns(cells: readonly string[]): PreviewColumn[] {
  const seen = new Set<string>();
  return cells.map((cell, i) => {
    const label = cell.replace(/^\ufeff/, '').trim();
    const unique = label !== '' && !seen.has(label);
    seen.add(label);
    return { label: unique ? label : undefined, n: i + 1 };
  });
}

const MISSING = /^(?:na|n\/a|nan|null|none|-|–|—|\.|\.\.|\.\.\.)$/i;
/** Optional sign, digits with an optional `.` or `,` decimal part, optional exponent or percent sign. */
const NUMBER = /^[+\-−]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?%?$/;
/** A zero before another digit (`0114`, `007`): a code (municipality, postcode, id), kept as text. */
const ZERO_PADDED = /^[+\-−]?0\d/;

/** True for a cell that holds no value (it neither makes a column textual nor sorts among the values). */
export function isMissing(cell: string): boolean {
  const t = cell.trim();
  return t === '' || MISSING.test(t);
}

/** The number a cell holds (`12`, `-3.5`, `3,5`, `1e6`, `12%`), else undefined. */
export function parseNumber(cell: string): number | undefined {
  const t = cell.trim();
  if (!NUMBER.test(t) || ZERO_PADDED.test(t)) return undefined;
  const n = Number(t.replace('−', '-').replace(',', '.').replace(/%$/, ''));
  return Number.isFinite(n) ? n : undefined;
}

/** Counts, per column, the values that are numbers and those that are not. */
export class NumberCounter {
  readonly #numbers: number[] = [];
  readonly #others: number[] = [];

  add(row: readonly string[]): void {
    row.forEach((cell, i) => {
      if (isMissing(cell)) return;
      const counts = parseNumber(cell) === undefined ? this.#others : this.#numbers;
      counts[i] = (counts[i] ?? 0) + 1;
    });
  }

  /** At least one number and nothing else but missing values. */
  isNumeric(column: number): boolean {
    return (this.#numbers[column] ?? 0) > 0 && (this.#others[column] ?? 0) === 0;
  }
}
