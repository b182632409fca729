/**
 * Node-only upload sources (`catalog-blocks/node`). `fileFromPath` gives a disk-backed Blob (fs.openAsBlob,
 * Node ≥ 19.8): its bytes are read from disk while the upload streams, never held in memory as a whole.
 */
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import type { UploadSource } from '../src/api/types.ts';

const TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.pdf': 'application/pdf',
  '.ttl': 'text/turtle',
  '.rdf': 'application/rdf+xml',
};

/** Media type guessed from the extension; `application/octet-stream` when unknown. */
export function mediaTypeFor(filename: string): string {
  return TYPES[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

export type NamedBlob = Blob & { readonly name: string };

/**
 * The file at `path` as a disk-backed Blob with a `name` (default: the path's base name) and a media type from
 * the extension. Rejects (ENOENT, EISDIR …) when it is not a readable regular file.
 */
export async function fileFromPath(path: string, opts: { name?: string; type?: string } = {}): Promise<NamedBlob> {
  const info = await stat(path);
  if (!info.isFile()) throw Object.assign(new Error(`Not a regular file: ${path}`), { code: 'EISDIR', path });
  const name = opts.name ?? basename(path);
  const blob = await openAsBlob(path, { type: opts.type ?? mediaTypeFor(name) });
  Object.defineProperty(blob, 'name', { value: name, enumerable: true });
  return blob as NamedBlob;
}

/**
 * A Node stream (e.g. stdin, an HTTP download) as an UploadSource. The size must be known (the upload's
 * Content-Length); the stream is read once, as the upload goes.
 */
export function uploadSourceFromStream(
  stream: NodeJS.ReadableStream | Readable,
  opts: { size: number; name: string; type?: string },
): UploadSource {
  if (!Number.isSafeInteger(opts.size) || opts.size < 0) throw new RangeError(`Invalid size ${opts.size}`);
  const readable = stream instanceof Readable ? stream : Readable.from(stream as AsyncIterable<Uint8Array>);
  return {
    stream: Readable.toWeb(readable) as ReadableStream<Uint8Array>,
    size: opts.size,
    name: opts.name,
    type: opts.type ?? mediaTypeFor(opts.name),
  };
}
