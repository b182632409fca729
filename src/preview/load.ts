/**
 * Reads a file for the preview, a chart or a map (behaviour doc §6.5): tells binary, markup and JSON from delimited
 * text by the first 64 KiB, picks the encoding, and parses delimited text while it arrives. The bytes come from the
 * page's shared read of the file (shared-file.ts): one fetch per file per page, whoever reads it.
 *
 * A reading stops as soon as its reader has what it asked for (issue 27.3): the data preview asks for the rows of
 * the page it shows plus a sample (`PREVIEW_SAMPLE_BYTES`) that sorting and filtering work within, and for more only
 * when the reader pages on; a chart or a map reads the whole file up to its cap (`loadPreview`). DOM-free.
 */
import { CsvStream } from './csv-stream.ts';
import { chooseEncoding, SNIFF_BYTES, StreamDecoder } from './decode.ts';
import { PREVIEW_CAP_BYTES, sharedFile, type FileCursor } from './shared-file.ts';
import { isBinary, textKind } from './sniff.ts';
import { PreviewTable } from './table.ts';

/**
 * What the data preview reads before it stops, besides the rows of its first page: the first 512 KiB of the file (most
 * catalog files are smaller and are read whole). Sorting and filtering work within the rows read; the preview says so.
 */
export const PREVIEW_SAMPLE_BYTES = 512 * 1024;

export type NotTabularReason = 'binary' | 'markup' | 'json' | 'empty';

export type PreviewOutcome =
  /** The whole file was read. */
  | { readonly kind: 'table'; readonly table: PreviewTable; readonly encoding: string }
  /** A first part of the file was read (the reader asked for no more): `PreviewReading.read` reads on. */
  | { readonly kind: 'partial'; readonly table: PreviewTable; readonly encoding: string }
  /** The file is larger than the cap: `table` holds the rows of its first part (none for JSON, which needs all). */
  | { readonly kind: 'tooLarge'; readonly table: PreviewTable; readonly encoding: string | undefined }
  | { readonly kind: 'notTabular'; readonly reason: NotTabularReason };

export interface LoadPreviewOptions {
  /** Encoding given by the metadata (`esviz:encoding`, the element's `encoding`); else detected. */
  readonly encoding?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The most this reader reads of the file (default and at most 10 MiB). */
  readonly cap?: number;
  /** Another fetch than the page's (tests); reads through the same fetch share the file. */
  readonly fetch?: typeof globalThis.fetch;
  /** After each batch of new rows (the table grows in place). */
  readonly onRows?: (table: PreviewTable) => void;
}

/** How far one `read` goes. */
export interface ReadGoal {
  /** Read at least this many bytes of the file (fewer when it ends). */
  readonly bytes?: number;
  /** Read until the table has this many rows (that hold `filter`, when given). */
  readonly rows?: number;
  readonly filter?: string;
  /** Read the whole file, up to the cap. */
  readonly all?: boolean;
}

/** The least a read asks the network for when it needs more rows. */
const MIN_STEP_BYTES = 16 * 1024;

class NotTabular extends Error {
  constructor(readonly reason: NotTabularReason) {
    super(`not tabular: ${reason}`);
  }
}

/**
 * One reader's reading of a file, piece by piece: `read` goes on from where the last one stopped. The rows go into
 * `table`; bytes another reader of the page already fetched are taken as they are (no request for them).
 */
export class PreviewReading {
  readonly table = new PreviewTable();
  readonly #cursor: FileCursor;
  readonly #options: LoadPreviewOptions;
  #decoder: StreamDecoder | undefined;
  #csv: CsvStream | undefined;
  #json: string[] | undefined;
  #outcome: PreviewOutcome | undefined;
  /** The read going on: the next waits for it (pieces are taken in order, by one read at a time). */
  #reading: Promise<unknown> = Promise.resolve();

  constructor(url: string, options: LoadPreviewOptions = {}) {
    this.#options = options;
    this.#cursor = sharedFile(url, options.fetch).open(options.cap ?? PREVIEW_CAP_BYTES);
  }

  /** Bytes of the file read so far. */
  get bytesRead(): number {
    return this.#cursor.position;
  }

  /**
   * Reads on until `goal` is met, the file ends or the cap is reached, then takes the bytes already at hand. Resolves
   * with the outcome so far (`partial` while the file goes on); rejects when the file cannot be fetched (HTTP error
   * status: `PreviewHttpError`; network or CORS: TypeError) or `signal` aborts.
   */
  read(goal: ReadGoal, signal?: AbortSignal): Promise<PreviewOutcome> {
    const next = this.#reading.then(() => this.#read(goal, signal), () => this.#read(goal, signal));
    this.#reading = next.catch(() => undefined);
    return next;
  }

  async #read(goal: ReadGoal, signal?: AbortSignal): Promise<PreviewOutcome> {
    signal?.throwIfAborted();
    const cursor = this.#cursor;
    const minBytes = Math.max(SNIFF_BYTES, goal.bytes ?? 0);
    cursor.want(goal.all ? Infinity : minBytes);
    while (!this.#outcome) {
      // JSON is a table only when whole.
      const all = goal.all || this.#json !== undefined;
      if (all) cursor.want(Infinity);
      const rows = this.#decoder ? this.table.countMatching(goal.filter) : 0;
      const met = !all && cursor.position >= minBytes && this.#decoder !== undefined && rows >= (goal.rows ?? 0);
      // (bytes another reader already fetched are taken, whether needed or not: they cost nothing)
      if (met && cursor.available === 0) break;
      if (!met && cursor.wanted <= cursor.position) cursor.want(cursor.position + this.#step(goal, rows));
      const piece = await cursor.next(signal);
      if (piece) this.#push(piece);
      else await this.#end();
    }
    return this.#outcome ?? this.#partial();
  }

  /**
   * How much further to ask for: the rows still missing at the bytes per row read so far, and a quarter more; from a
   * server that ignores Range (each request starts again from the first byte) at least as much again as was read.
   */
  #step(goal: ReadGoal, rows: number): number {
    const cursor = this.#cursor;
    const perRow = rows > 0 ? cursor.position / rows : SNIFF_BYTES;
    const missing = Math.max(1, (goal.rows ?? 0) - rows);
    const estimate = Math.max(MIN_STEP_BYTES, Math.ceil(missing * perRow * 1.25));
    return cursor.file.servesRanges === false ? Math.max(estimate, cursor.position) : estimate;
  }

  /** No more reading: the page's fetch of the file stops unless another reader needs it. */
  close(): void {
    this.#cursor.close();
  }

  #partial(): PreviewOutcome {
    return { kind: 'partial', table: this.table, encoding: this.#decoder!.encoding };
  }

  #text(t: string): void {
    if (!t) return;
    if (this.#json) this.#json.push(t);
    else this.#csv?.push(t);
  }

  /**
   * The first 64 KiB (or the whole file when shorter) decide the kind of content and the encoding: the bytes read so
   * far, which the shared file holds from its first byte.
   */
  #start(complete: boolean): void {
    const bytes = this.#cursor.file.piece(0, this.#cursor.position)!;
    const encoding = chooseEncoding(bytes, this.#options.encoding, complete);
    if (isBinary(bytes, encoding.startsWith('utf-16'))) throw new NotTabular('binary');
    this.#decoder = new StreamDecoder(encoding);
    const first = this.#decoder.push(bytes);
    const kind = textKind(first);
    if (kind === 'markup') throw new NotTabular('markup');
    if (kind === 'json') this.#json = [];
    else {
      this.#csv = new CsvStream((rows) => {
        this.table.addRows(rows);
        this.#options.onRows?.(this.table);
      });
    }
    this.#text(first);
  }

  #push(bytes: Uint8Array): void {
    try {
      if (this.#decoder) this.#text(this.#decoder.push(bytes));
      else if (this.#cursor.position >= SNIFF_BYTES) this.#start(false);
    } catch (e) {
      this.#notTabular(e);
    }
  }

  /** The file (or what this reader may read of it) ended. */
  async #end(): Promise<void> {
    const truncated = this.#cursor.truncated;
    this.close();
    try {
      if (!this.#decoder) {
        if (this.#cursor.position === 0) return void (this.#outcome = { kind: 'notTabular', reason: 'empty' });
        this.#start(!truncated);
      }
    } catch (e) {
      return this.#notTabular(e);
    }
    const encoding = this.#decoder!.encoding;
    if (truncated) return void (this.#outcome = { kind: 'tooLarge', table: this.table, encoding });
    this.#text(this.#decoder!.end());
    if (this.#json) {
      // (JSON tables are rare: their reader is a chunk of its own, not part of every preview)
      const { jsonRows } = await import('./json-table.ts');
      const rows = jsonRows(this.#json.join(''));
      if (!rows) return void (this.#outcome = { kind: 'notTabular', reason: 'json' });
      this.table.addRows(rows);
    } else {
      this.#csv!.end();
    }
    this.#outcome = this.table.hasHeader ? { kind: 'table', table: this.table, encoding } : { kind: 'notTabular', reason: 'empty' };
  }

  #notTabular(e: unknown): void {
    if (!(e instanceof NotTabular)) throw e;
    this.close();
    this.#outcome = { kind: 'notTabular', reason: e.reason };
  }
}

/**
 * Reads the whole file up to the cap (charts and maps need every row): resolves with the table, "too large" or "not
 * tabular"; rejects when the file cannot be fetched or `signal` aborts.
 */
export async function loadPreview(url: string, options: LoadPreviewOptions = {}): Promise<PreviewOutcome> {
  const reading = new PreviewReading(url, options);
  try {
    return await reading.read({ all: true }, options.signal);
  } finally {
    reading.close();
  }
}
