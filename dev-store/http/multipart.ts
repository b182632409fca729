/**
 * Streaming `multipart/form-data` upload (busboy): the part named `file` goes straight to a temp file, counted and
 * cut at the size limit; nothing of the upload is kept in memory beyond the stream buffers. The temp file is
 * fsynced before it is handed on (so an accepted upload survives a crash) and removed on every failure before the
 * caller answers.
 *
 * After a rejection the rest of the request body is read and thrown away (up to DRAIN_LIMIT_BYTES), so the client,
 * which is usually still sending, reads the error response instead of a connection reset.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { UploadedFile } from '../jobs/types.ts';
import { uploadGcMeter } from './memory.ts';
import { filenameProblem, MAX_FILENAME_CHARS, type FilenameProblem } from '../../src/api/filename.ts';

/** Multipart framing (boundaries, part headers) allowed on top of the file size before Content-Length alone refuses. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** After a rejection, at most this much more of the body is drained; then the connection is dropped. */
export const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

export type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; status: 400 | 413 | 500; body: { error: string; [k: string]: unknown } };

/** `{"error": "File larger than the limit of 50 MB", "limitBytes": 52428800}` */
export function tooLargeBody(maxBytes: number): { error: string; limitBytes: number } {
  const MB = 1024 * 1024;
  const limit = maxBytes % MB === 0 ? `${maxBytes / MB} MB` : `${maxBytes} bytes`;
  return { error: `File larger than the limit of ${limit}`, limitBytes: maxBytes };
}

const FILENAME_MESSAGES: Readonly<Record<FilenameProblem, string>> = {
  empty: 'Filename missing or empty',
  separator: 'Filename must not contain a path separator (/ or \\, also fullwidth and other forms that normalise to them)',
  tooLong: `Filename longer than ${MAX_FILENAME_CHARS} characters`,
  control: 'Filename must not contain control characters or line breaks (C0, DEL, C1 such as U+0085, U+2028, U+2029)',
  bidi: 'Filename must not contain bidirectional formatting characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)',
  dotSegment: 'Filename must not be "." or ".." (also after Unicode NFKC normalisation)',
  edge: 'Filename must not begin or end with a space or end with a dot',
};

/** The Errors table's filename rules (src/api/filename.ts) as the 400 message; undefined when the name is fine. */
export function filenameProblemMessage(name: string | undefined): string | undefined {
  const problem = filenameProblem(name);
  return problem && FILENAME_MESSAGES[problem];
}

/** Content-Length (when given) already says the body cannot fit: answer 413 without reading. */
export function declaredTooLarge(req: IncomingMessage, maxBytes: number): boolean {
  const cl = req.headers['content-length'];
  return cl !== undefined && /^\d+$/.test(cl) && Number(cl) > maxBytes + MULTIPART_OVERHEAD_BYTES;
}

/** Reads and discards what is left of the request body (bounded), so an early answer reaches the client. */
export function drainRequest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy();
  });
  req.on('error', () => {});
  req.resume();
}

const bad = (error: string, status: 400 | 413 | 500 = 400, extra: Record<string, unknown> = {}): UploadOutcome => ({ ok: false, status, body: { error, ...extra } });

/**
 * Receives the one `file` part of a multipart request into `tempDir`. Resolves with the fsynced temp file, or
 * with the rejection to send (400 not multipart / no file / bad filename / malformed, 413 over `maxBytes`), after
 * the temp file is gone.
 */
export async function receiveUpload(req: IncomingMessage, opts: { maxBytes: number; tempDir: string }): Promise<UploadOutcome> {
  await mkdir(opts.tempDir, { recursive: true });
  return new Promise<UploadOutcome>((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true, // keep "a/b.csv" as sent, so the separator rule can refuse it
        defParamCharset: 'utf8',
        // busboy signals 'limit' on reaching fileSize; one byte more means "over the limit"
        limits: { fileSize: opts.maxBytes + 1, fieldSize: 64 * 1024, fields: 50, parts: 100, headerPairs: 100 },
      });
    } catch {
      drainRequest(req);
      resolve(bad('Body must be multipart/form-data with a field named file'));
      return;
    }

    let settled = false;
    let tempPath: string | undefined;
    let out: WriteStream | undefined;
    let received: Promise<UploadedFile> | undefined;

    const removeTemp = (): Promise<void> =>
      new Promise<void>((done) => {
        const p = tempPath;
        if (!p) return done();
        const unlink = (): void => void rm(p, { force: true }).then(() => done(), () => done());
        if (out && !out.closed) {
          out.once('close', unlink);
          out.destroy();
        } else unlink();
      });

    const fail = (outcome: UploadOutcome): void => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners('file');
      parser.removeAllListeners('field');
      parser.on('error', () => {});
      drainRequest(req);
      void removeTemp().then(() => resolve(outcome));
    };

    parser.on('file', (field, stream, info) => {
      if (settled || field !== 'file') {
        stream.resume();
        return;
      }
      if (received) {
        stream.resume();
        fail(bad('Exactly one file field expected'));
        return;
      }
      const problem = filenameProblemMessage(info.filename);
      if (problem) {
        stream.resume();
        fail(bad(problem));
        return;
      }
      const filename: string = info.filename!;
      const mime = info.mimeType || 'application/octet-stream';
      const target = path.join(opts.tempDir, `upload-${randomUUID()}.part`);
      tempPath = target;
      const sink = createWriteStream(target, { flags: 'wx' });
      out = sink;
      let size = 0;
      const meter = uploadGcMeter();
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        meter(chunk.length);
      });
      stream.once('limit', () => fail({ ok: false, status: 413, body: tooLargeBody(opts.maxBytes) }));
      const done = pipeline(stream, sink).then(async (): Promise<UploadedFile> => {
        const fh = await open(target, 'r+');
        try {
          await fh.sync();
        } finally {
          await fh.close();
        }
        return { path: target, filename, size, mime };
      });
      done.catch(() => {}); // handled where awaited
      received = done;
    });

    parser.on('field', (name) => {
      // A `file` part without a filename arrives as a plain field.
      if (name === 'file' && !received) fail(bad('Filename missing or empty'));
    });

    parser.on('error', (e: Error) => fail(bad(`Malformed multipart body: ${e.message}`)));

    parser.on('close', () => {
      if (settled) return;
      if (!received) {
        fail(bad('Multipart field file missing'));
        return;
      }
      received.then(
        (file) => {
          if (settled) return;
          if (file.size > opts.maxBytes) return fail({ ok: false, status: 413, body: tooLargeBody(opts.maxBytes) });
          settled = true;
          resolve({ ok: true, file });
        },
        (e: Error) => fail(bad(`Could not store the upload: ${e.message}`, 500)),
      );
    });

    // Client went away before the body was complete: clean up; the answer will not be read.
    req.once('close', () => {
      if (!req.complete) fail(bad('Upload aborted'));
    });

    req.pipe(parser);
  });
}
