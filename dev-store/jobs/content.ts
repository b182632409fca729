/**
 * Content checks of an upload (file-type sniffs binary formats from the first bytes) and CSV reading
 * (csv-parse, streamed from disk: a large file is never held in memory).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { fileTypeFromFile, supportedExtensions } from 'file-type';

export const CONTENT_MISMATCH = 'File content does not match declared type';
export const MUST_BE_CSV = 'File content must be CSV';

/** Extensions of text formats: file-type detects nothing (or a text format) for them; binary content is a mismatch. */
const TEXT_EXTENSIONS = new Set(['csv', 'tsv', 'txt', 'json', 'jsonl', 'ndjson', 'jsonld', 'geojson', 'ttl', 'nt', 'nq', 'n3', 'trig', 'rdf', 'owl', 'xml', 'gml', 'kml', 'md', 'html', 'htm', 'svg', 'sparql', 'yaml', 'yml']);
/** Types file-type recognises that are text underneath. */
const TEXT_DETECTED = new Set(['xml', 'svg', 'html', 'ics', 'vtt', 'rtf', 'ps', 'eps']);
/** Name extensions that are fine for a detected type beyond its own extension (same format, other names). */
const ALSO_NAMED: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpeg', 'jpe'],
  tif: ['tiff', 'geotiff'],
  cfb: ['xls', 'doc', 'ppt', 'msi', 'msg', 'vsd', 'pub', 'mpp'],
  sqlite: ['gpkg', 'sqlite3', 'db', 'mbtiles'],
  gz: ['tgz', 'gzip'],
  zip: ['kmz', 'shz'],
  mp4: ['m4v'],
  mpg: ['mpeg'],
};

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  csv: 'text/csv', tsv: 'text/tab-separated-values', txt: 'text/plain', json: 'application/json', geojson: 'application/geo+json',
  jsonld: 'application/ld+json', xml: 'application/xml', rdf: 'application/rdf+xml', ttl: 'text/turtle', nt: 'application/n-triples',
};

export function extensionOf(filename: string): string {
  const m = /\.([^./\\]+)$/.exec(filename);
  return m ? m[1]!.toLowerCase() : '';
}

export interface ContentCheck {
  /** undefined = content fits the name. */
  readonly problem?: string;
  /** MIME type to record: the detected one, else by extension, else what the client sent. */
  readonly mime: string;
}

/** A name promising a binary format that file-type would recognise by its bytes (xlsx, zip, png …). */
function namesKnownBinary(ext: string): boolean {
  return !TEXT_EXTENSIONS.has(ext) && !TEXT_DETECTED.has(ext) && ((supportedExtensions as ReadonlySet<string>).has(ext) || Object.values(ALSO_NAMED).some((names) => names.includes(ext)));
}

/**
 * Does the content fit the file name's extension? Binary content (as file-type detects it) must carry its own
 * extension (or another name of the same format); text names (.csv, .json …) must not hold binary content; a name
 * promising a detectable binary format must hold it. No extension: nothing was declared, nothing to contradict.
 */
export async function checkContent(file: string, filename: string, clientMime: string): Promise<ContentCheck> {
  const ext = extensionOf(filename);
  const detected = await fileTypeFromFile(file);
  const fallbackMime = MIME_BY_EXTENSION[ext] ?? (clientMime || 'application/octet-stream');
  if (!detected || TEXT_DETECTED.has(detected.ext)) {
    // Text (or unrecognised) content.
    if (ext && namesKnownBinary(ext) && !(detected && detected.ext === ext)) return { problem: CONTENT_MISMATCH, mime: fallbackMime };
    return { mime: detected && !TEXT_EXTENSIONS.has(ext) ? detected.mime : fallbackMime };
  }
  if (!ext) return { mime: detected.mime };
  if (TEXT_EXTENSIONS.has(ext)) return { problem: CONTENT_MISMATCH, mime: detected.mime };
  if (detected.ext === ext || ALSO_NAMED[detected.ext]?.includes(ext)) return { mime: detected.mime };
  return { problem: CONTENT_MISMATCH, mime: detected.mime };
}

/** Columns (trimmed, lower-cased header) and data row count of a CSV file. */
export interface CsvStats {
  readonly columns: string[];
  readonly rowCount: number;
  readonly delimiter: string;
}

/** `,` unless the header line has more `;` (RowStore detects `;`). */
async function sniffDelimiter(file: string): Promise<string> {
  const stream = createReadStream(file, { start: 0, end: 64 * 1024 - 1, encoding: 'utf8' });
  let head = '';
  for await (const chunk of stream) head += chunk as string;
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string): number => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function csvParser(delimiter: string) {
  return parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true });
}

/**
 * Streams the CSV rows of a file: `onHeader` gets the column names, `onRow` each data row (return false to stop
 * early). Throws when the file is not parseable CSV.
 */
export async function readCsv(
  file: string,
  onRow: (values: string[], columns: string[]) => boolean | void,
  known?: { delimiter: string },
  onBytes?: (n: number) => void,
): Promise<{ columns: string[]; rowCount: number; delimiter: string; complete: boolean }> {
  const delimiter = known?.delimiter ?? (await sniffDelimiter(file));
  const input = createReadStream(file);
  if (onBytes) input.on('data', (chunk) => onBytes(chunk.length));
  const parser = csvParser(delimiter);
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  let columns: string[] | undefined;
  let rowCount = 0;
  let complete = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = record.map((c) => c.trim().toLowerCase());
        continue;
      }
      rowCount++;
      if (onRow(record, columns) === false) {
        complete = false;
        break;
      }
    }
  } finally {
    input.destroy();
    parser.destroy();
  }
  if (!columns || columns.length === 0 || columns.every((c) => c === '')) throw new Error('no header row');
  return { columns, rowCount, delimiter, complete };
}

/** Parses the whole file; undefined when it is not CSV (a .csv name is required). */
export async function csvStats(file: string, filename: string, onBytes?: (n: number) => void): Promise<CsvStats | undefined> {
  if (extensionOf(filename) !== 'csv') return undefined;
  try {
    const { columns, rowCount, delimiter } = await readCsv(file, () => undefined, undefined, onBytes);
    return { columns, rowCount, delimiter };
  } catch {
    return undefined;
  }
}

/**
 * Hex SHA-256 of a file, read through one reused buffer: a stream would allocate a fresh chunk per read, and a
 * 50 MB upload would then show up as ~50 MB of garbage in the store's peak memory before the GC runs.
 */
export async function sha256File(file: string, onBytes?: (n: number) => void): Promise<string> {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(256 * 1024);
  const fh = await open(file, 'r');
  try {
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      hash.update(buf.subarray(0, bytesRead));
      onBytes?.(bytesRead);
    }
  } finally {
    await fh.close();
  }
  return hash.digest('hex');
}
