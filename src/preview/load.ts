/**
 * Loads a file for the preview (behaviour doc §6.5): streams it (at most the 10 MiB cap), tells binary, markup and
 * JSON from delimited text by the first 64 KiB, picks the encoding, and parses delimited text while it arrives, so
 * that the first page can show long before a large file is complete. DOM-free (fetch, streams, TextDecoder).
 */
import { CsvStream } from './csv-stream.ts';
import { chooseEncoding, SNIFF_BYTES, StreamDecoder } from './decode.ts';
import { fetchCapped, PREVIEW_CAP_BYTES } from './fetch-capped.ts';
import { jsonRows } from './json-table.ts';
import { isBinary, textKind } from './sniff.ts';
import { PreviewTable } from './table.ts';

export type NotTabularReason = 'binary' | 'markup' | 'json' | 'empty';

export type PreviewOutcome =
  /** The whole file was read. */
  | { readonly kind: 'table'; readonly table: PreviewTable; readonly encoding: string }
  /** The file is larger than the cap: `table` holds the rows of its first part (none for JSON, which needs all). */
  | { readonly kind: 'tooLarge'; readonly table: PreviewTable; readonly encoding: string | undefined }
  | { readonly kind: 'notTabular'; readonly reason: NotTabularReason };

export interface LoadPreviewOptions {
  /** Encoding given by the metadata (`esviz:encoding`, the element's `encoding`); else detected. */
  readonly encoding?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly cap?: number;
  readonly fetch?: typeof globalThis.fetch;
  /** After each batch of new rows (the table grows in place). */
  readonly onRows?: (table: PreviewTable) => void;
}

class NotTabular extends Error {
  constructor(readonly reason: NotTabularReason) {
    super(`not tabular: ${reason}`);
  }
}

/**
 * Resolves with the table, "too large" or "not tabular"; rejects when the file cannot be fetched (HTTP error
 * status: `PreviewHttpError`; network or CORS: TypeError) or `signal` aborts.
 */
export async function loadPreview(url: string, options: LoadPreviewOptions = {}): Promise<PreviewOutcome> {
  const table = new PreviewTable();
  const stop = new AbortController();
  const outer = options.signal;
  const onOuterAbort = (): void => stop.abort(outer?.reason);
  if (outer?.aborted) stop.abort(outer.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });

  let head: Uint8Array[] = [];
  let headBytes = 0;
  let decoder: StreamDecoder | undefined;
  let csv: CsvStream | undefined;
  let json: string[] | undefined;
  let notTabular: NotTabular | undefined;

  const text = (t: string): void => {
    if (!t) return;
    if (json) json.push(t);
    else csv?.push(t);
  };
  const start = (complete: boolean): void => {
    const bytes = concat(head, headBytes);
    head = [];
    const encoding = chooseEncoding(bytes, options.encoding, complete);
    if (isBinary(bytes, encoding.startsWith('utf-16'))) throw new NotTabular('binary');
    decoder = new StreamDecoder(encoding);
    const first = decoder.push(bytes);
    const kind = textKind(first);
    if (kind === 'markup') throw new NotTabular('markup');
    if (kind === 'json') json = [];
    else {
      csv = new CsvStream((rows) => {
        table.addRows(rows);
        options.onRows?.(table);
      });
    }
    text(first);
  };
  const onBytes = (bytes: Uint8Array): void => {
    if (notTabular) return;
    try {
      if (decoder) {
        text(decoder.push(bytes));
        return;
      }
      head.push(bytes);
      headBytes += bytes.length;
      if (headBytes >= SNIFF_BYTES) start(false);
    } catch (e) {
      if (!(e instanceof NotTabular)) throw e;
      notTabular = e;
      stop.abort(e);
    }
  };

  try {
    let truncated: boolean;
    try {
      ({ truncated } = await fetchCapped(url, { cap: options.cap ?? PREVIEW_CAP_BYTES, signal: stop.signal, onBytes, ...(options.fetch ? { fetch: options.fetch } : {}) }));
    } catch (e) {
      if (notTabular && !outer?.aborted) return { kind: 'notTabular', reason: notTabular.reason };
      throw e;
    }
    if (notTabular) return { kind: 'notTabular', reason: notTabular.reason };
    if (!decoder) {
      if (headBytes === 0) return { kind: 'notTabular', reason: 'empty' };
      try {
        start(!truncated);
      } catch (e) {
        if (e instanceof NotTabular) return { kind: 'notTabular', reason: e.reason };
        throw e;
      }
    }
    const encoding = decoder!.encoding;
    if (truncated) return { kind: 'tooLarge', table, encoding };
    text(decoder!.end());
    if (json) {
      const rows = jsonRows(json.join(''));
      if (!rows) return { kind: 'notTabular', reason: 'json' };
      table.addRows(rows);
    } else {
      csv!.end();
    }
    if (!table.hasHeader) return { kind: 'notTabular', reason: 'empty' };
    return { kind: 'table', table, encoding };
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
