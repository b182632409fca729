/**
 * RowStore emulation (entrystore-api.md §6.2) for the connected API distributions: rows are read from the source
 * distribution's files on disk at query time (nothing large in memory); per-file columns and row counts are cached
 * by path. A file's path changes only when a job commits, so readers see the old rows until then.
 */
import type { StoreApp } from '../app.ts';
import type { DevStore, Entry } from '../../src/catalog-engine/catalog.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { csvStats, readCsv } from './content.ts';
import type { CsvStats } from './content.ts';
import { apiDistributions, filesOf } from './links.ts';
import type { ApiDistribution } from './links.ts';

export interface RowDataset extends ApiDistribution {
  readonly id: string;
}

export interface RowQuery {
  /** Column (lower-case) → value; a value starting with `^` is a regular expression. */
  readonly filters: ReadonlyMap<string, string>;
  readonly limit: number;
  readonly offset: number;
}

export class RowStoreData {
  readonly #store: DevStore;
  readonly #stats = new Map<string, Promise<CsvStats | undefined>>();

  constructor(app: StoreApp) {
    this.#store = app.store;
  }

  /** `{id}` = last segment of A's accessURL `…/rowstore/dataset/{id}`, else `{contextId}-{entryId}`. */
  datasets(): RowDataset[] {
    const ids = new Set<string>();
    const out: RowDataset[] = [];
    for (const a of apiDistributions(this.#store)) {
      const id = datasetIdOf(a.api);
      if (ids.has(id)) continue; // one dataset per id: the first API distribution naming it
      ids.add(id);
      out.push({ ...a, id });
    }
    return out;
  }

  dataset(id: string): RowDataset | undefined {
    return this.datasets().find((d) => d.id === id);
  }

  setStats(file: string, stats: CsvStats): void {
    this.#stats.set(file, Promise.resolve(stats));
  }

  /** The CSV files of the dataset's source with their stats (non-CSV files are skipped). */
  async files(ds: RowDataset): Promise<{ path: string; stats: CsvStats }[]> {
    if (!ds.source) return [];
    const out: { path: string; stats: CsvStats }[] = [];
    for (const f of filesOf(this.#store, ds.source)) {
      const p = f.file?.path;
      if (!p) continue;
      let s = this.#stats.get(p);
      if (!s) {
        s = csvStats(p, f.file!.name); // files not named .csv give no rows
        this.#stats.set(p, s);
      }
      const stats = await s;
      if (stats) out.push({ path: p, stats });
    }
    return out;
  }

  async columns(ds: RowDataset): Promise<string[]> {
    const cols: string[] = [];
    for (const f of await this.files(ds)) for (const c of f.stats.columns) if (!cols.includes(c)) cols.push(c);
    return cols;
  }

  async rowCount(ds: RowDataset): Promise<number> {
    let n = 0;
    for (const f of await this.files(ds)) n += f.stats.rowCount;
    return n;
  }

  /** Rows in file order; `total` = number of matching rows. */
  async query(ds: RowDataset, q: RowQuery): Promise<{ rows: Record<string, string>[]; total: number }> {
    const tests = [...q.filters].map(([col, value]) => {
      if (value.startsWith('^')) {
        const re = new RegExp(value);
        return (row: Record<string, string>) => re.test(row[col] ?? '');
      }
      return (row: Record<string, string>) => (row[col] ?? '') === value;
    });
    const rows: Record<string, string>[] = [];
    let total = 0;
    for (const f of await this.files(ds)) {
      if (tests.length === 0) {
        // Without filters the counts are known: skip whole files and stop once the page is full.
        if (total + f.stats.rowCount <= q.offset || rows.length >= q.limit) {
          total += f.stats.rowCount;
          continue;
        }
      }
      const before = total;
      const read = readCsv(
        f.path,
        (values, columns) => {
          const row: Record<string, string> = {};
          columns.forEach((c, i) => (row[c] = values[i] ?? ''));
          if (!tests.every((t) => t(row))) return;
          if (total >= q.offset && rows.length < q.limit) rows.push(row);
          total++;
          if (tests.length === 0 && rows.length >= q.limit) return false;
          return undefined;
        },
        { delimiter: f.stats.delimiter },
      );
      try {
        await read;
      } catch (e) {
        // A stored file that vanished or changed under us: serve what the other files have.
        console.error(`dev store: rowstore cannot read ${f.path}: ${(e as Error).message}`);
      }
      if (tests.length === 0) total = before + f.stats.rowCount;
    }
    return { rows, total };
  }
}

export function datasetIdOf(api: Entry): string {
  for (const t of api.metadata) {
    if (t.subject.value !== api.resourceUri || t.predicate !== `${NS.dcat}accessURL`) continue;
    const m = /\/rowstore\/dataset\/([^/?#]+)\/?$/.exec(t.object.value);
    if (m) return decodeURIComponent(m[1]!);
  }
  return `${api.contextId}-${api.entryId}`;
}
