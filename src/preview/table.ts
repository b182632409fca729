/**
 * The rows of a preview as they arrive, and what one page of the table shows: rows filtered by a text over all
 * columns, sorted by one column (numbers by value, text in the language's order), cut into pages.
 * Empty lines are skipped; the first row is the header; a row longer than the header adds columns ("Column n").
 */
import { headerColumns, isMissing, NumberCounter, parseNumber, type PreviewColumn } from './columns.ts';

export type SortDirection = 'ascending' | 'descending';

export interface TableQuery {
  /** Text every shown row contains in one of its cells (case-insensitive); blank = all rows. */
  readonly filter?: string;
  /** 0-based column index and direction; undefined = file order. */
  readonly sort?: { readonly column: number; readonly direction: SortDirection } | undefined;
  /** Language whose order text columns sort in (e.g. `sv`: å, ä, ö after z). */
  readonly locale?: string | undefined;
}

export interface TablePage {
  /** Rows after filtering (the "of N" of "Rows 1–10 of N"). */
  readonly total: number;
  /** Page number shown (from 1; clamped to the pages there are). */
  readonly page: number;
  readonly pages: number;
  /** 1-based numbers of the first and last row shown (0 and 0 when there is none). */
  readonly from: number;
  readonly to: number;
  readonly rows: readonly (readonly string[])[];
}

export class PreviewTable {
  columns: PreviewColumn[] = [];
  readonly rows: string[][] = [];
  readonly #numbers = new NumberCounter();
  #hasHeader = false;
  /** Lower-cased text of each row, built when a filter first needs it. */
  readonly #haystacks: string[] = [];
  #memo: { key: string; length: number; order: number[] } | undefined;
  /** Rows that hold the filter text, counted as far as `scanned`. */
  #matches: { filter: string; scanned: number; count: number } | undefined;

  get hasHeader(): boolean {
    return this.#hasHeader;
  }

  addRows(rows: readonly (readonly string[])[]): void {
    for (const raw of rows) {
      if (raw.every((cell) => cell.trim() === '')) continue;
      if (!this.#hasHeader) {
        this.columns = headerColumns(raw);
        this.#hasHeader = true;
        continue;
      }
      if (raw.length > this.columns.length) {
        const more = raw.slice(this.columns.length).map((_, i) => ({ label: undefined, n: this.columns.length + i + 1 }));
        this.columns = [...this.columns, ...more];
      }
      const row = [...raw];
      this.#numbers.add(row);
      this.rows.push(row);
    }
  }

  isNumeric(column: number): boolean {
    return this.#numbers.isNumeric(column);
  }

  /** How many rows hold `filter` (all rows when it is blank); counts only the rows added since it was last asked. */
  countMatching(filter: string | undefined): number {
    const f = (filter ?? '').trim().toLocaleLowerCase();
    if (!f) return this.rows.length;
    if (this.#matches?.filter !== f) this.#matches = { filter: f, scanned: 0, count: 0 };
    const m = this.#matches;
    for (; m.scanned < this.rows.length; m.scanned++) if (this.#haystack(m.scanned).includes(f)) m.count++;
    return m.count;
  }

  #haystack(i: number): string {
    for (let j = this.#haystacks.length; j <= i; j++) this.#haystacks.push(this.rows[j]!.join('\n').toLocaleLowerCase());
    return this.#haystacks[i]!;
  }

  /** Row indexes (into `rows`) that `query` shows, in order. */
  order(query: TableQuery): readonly number[] {
    const filter = (query.filter ?? '').trim().toLocaleLowerCase();
    const sort = query.sort && query.sort.column < this.columns.length ? query.sort : undefined;
    const key = JSON.stringify([filter, sort?.column, sort?.direction, query.locale]);
    if (this.#memo && this.#memo.key === key && this.#memo.length === this.rows.length) return this.#memo.order;
    let order = [...this.rows.keys()];
    if (filter) {
      order = order.filter((i) => this.#haystack(i).includes(filter));
    }
    if (sort) order = this.#sorted(order, sort.column, sort.direction, query.locale);
    this.#memo = { key, length: this.rows.length, order };
    return order;
  }

  page(query: TableQuery, page: number, pageSize: number): TablePage {
    const order = this.order(query);
    const total = order.length;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
    const start = (current - 1) * pageSize;
    const rows = order.slice(start, start + pageSize).map((i) => this.rows[i]!);
    return { total, page: current, pages, from: total ? start + 1 : 0, to: start + rows.length, rows };
  }

  /** Stable sort; missing values last in both directions. */
  #sorted(order: number[], column: number, direction: SortDirection, locale: string | undefined): number[] {
    const sign = direction === 'ascending' ? 1 : -1;
    const numeric = this.isNumeric(column);
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    const keyed = order.map((i) => {
      const cell = this.rows[i]![column] ?? '';
      const missing = isMissing(cell);
      return { i, missing, num: numeric && !missing ? parseNumber(cell)! : 0, text: cell.trim() };
    });
    keyed.sort((a, b) => {
      if (a.missing !== b.missing) return a.missing ? 1 : -1;
      if (a.missing) return a.i - b.i;
      const c = numeric ? a.num - b.num : collator.compare(a.text, b.text);
      return c === 0 ? a.i - b.i : sign * c;
    });
    return keyed.map((k) => k.i);
  }
}
