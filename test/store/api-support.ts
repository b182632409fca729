/** Shared by the job API tests (api-*.test.ts, taskrunner-*.test.ts): a two-context store, logins, raw multipart uploads. */
import { readdir } from 'node:fs/promises';
import type { StoreServer, StoreServerOptions } from '../../dev-store/server.ts';
import { uploadTempDir } from '../../dev-store/jobs/index.ts';
import { startStore } from './helpers.ts';

const PREFIXES = `@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
`;

/** Context 1: a dataset with a CSV distribution that has a connected API distribution, and a plain one. */
export const CATALOG_1 = `${PREFIXES}
<https://example.org/c1> a dcat:Catalog ; dcterms:title "One"@en ; dcat:dataset <https://example.org/ds/1> .
<https://example.org/ds/1> a dcat:Dataset ; dcterms:title "Polls"@en ;
  dcat:distribution <https://example.org/dist/csv>, <https://example.org/dist/api>, <https://example.org/dist/plain> .
<https://example.org/dist/csv> a dcat:Distribution ; dcterms:title "Polls CSV"@en ; dcat:accessURL <https://example.org/files/polls.csv> .
<https://example.org/dist/api> a dcat:Distribution ; dcterms:title "Polls API"@en ;
  dcterms:source <https://example.org/dist/csv> ; dcat:accessURL <https://example.org/rowstore/dataset/polls> .
<https://example.org/dist/plain> a dcat:Distribution ; dcterms:title "Plain"@en ; dcat:accessURL <https://example.org/files/plain.bin> .
`;

/** Context 2: another catalog (for per-context write permissions). */
export const CATALOG_2 = `${PREFIXES}
<https://example.org/c2> a dcat:Catalog ; dcterms:title "Two"@en ; dcat:dataset <https://example.org/ds/2> .
<https://example.org/ds/2> a dcat:Dataset ; dcterms:title "Other"@en ; dcat:distribution <https://example.org/dist/other> .
<https://example.org/dist/other> a dcat:Distribution ; dcterms:title "Other"@en ; dcat:accessURL <https://example.org/files/other.csv> .
`;

export const DIST_CSV = 'https://example.org/dist/csv';
export const DIST_PLAIN = 'https://example.org/dist/plain';
export const DIST_OTHER = 'https://example.org/dist/other';
export const DATASET_1 = 'https://example.org/ds/1';

export const CSV = 'party,share\nA,30\nB,70\n';
/** A ZIP local-file header: content that is clearly not CSV. */
export const ZIP_BYTES = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]), Buffer.alloc(40, 1)]);

/** Accounts: demo (every context), alice (context 1 only). */
export const USERS = [
  { name: 'demo', password: 'demo-password' },
  { name: 'alice', password: 'alice-pw', contexts: ['1'] },
];

export function startJobStore(jobs: NonNullable<StoreServerOptions['jobs']> = {}, extra: Partial<StoreServerOptions> = {}): Promise<StoreServer> {
  return startStore(
    [
      { file: 'one.ttl', text: CATALOG_1 },
      { file: 'two.ttl', text: CATALOG_2 },
    ],
    { ...extra, jobs: { users: USERS, processingMs: 5, ...jobs } },
  );
}

export const origin = (s: StoreServer): string => `http://localhost:${s.port}`;
export const apiUrl = (s: StoreServer): string => `${origin(s)}/api`;
export const taskUrl = (s: StoreServer): string => `${origin(s)}/taskrunner/v1`;

export interface Answer {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

export async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, text, body, headers: res.headers };
}

/** The jobId number token of a JSON text, exactly as written (never through a JS number). */
export function jobIdToken(text: string): string {
  const m = /"jobId"\s*:\s*(\d+)\s*[,}]/.exec(text);
  if (!m) throw new Error(`no integer jobId in ${text}`);
  return m[1]!;
}

export async function login(s: StoreServer, username = 'demo', password = 'demo-password', extra: Record<string, unknown> = {}): Promise<Answer> {
  return answer(await fetch(`${apiUrl(s)}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password, ...extra }) }));
}

export async function token(s: StoreServer, username = 'demo', password = 'demo-password'): Promise<string> {
  const r = await login(s, username, password);
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.text}`);
  return r.body.auth_token as string;
}

/** A multipart body written by hand, so any filename (slashes, backslashes, length) goes out exactly as given. */
export function multipart(filename: string | undefined, content: string | Buffer, opts: { field?: string; type?: string } = {}): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const disposition = `form-data; name="${opts.field ?? 'file'}"${filename === undefined ? '' : `; filename="${filename.replace(/"/g, '%22')}"`}`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${opts.type ?? 'text/csv'}\r\n\r\n`;
  return {
    body: new Uint8Array(Buffer.concat([Buffer.from(head, 'utf8'), Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), Buffer.from(`\r\n--${boundary}--\r\n`)])),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface UploadOpts {
  filename?: string;
  content?: string | Buffer;
  headers?: Record<string, string>;
  type?: string;
  field?: string;
}

/** POST a file to `{base}/distribution/{op}?resourceURI=…`. */
export async function upload(base: string, op: 'addFile' | 'replaceFile', resourceURI: string | undefined, opts: UploadOpts = {}): Promise<Answer> {
  const { body, contentType } = multipart(opts.filename ?? 'data.csv', opts.content ?? CSV, { ...(opts.type ? { type: opts.type } : {}), ...(opts.field ? { field: opts.field } : {}) });
  const q = resourceURI === undefined ? '' : `?resourceURI=${encodeURIComponent(resourceURI)}`;
  return answer(await fetch(`${base}/distribution/${op}${q}`, { method: 'POST', headers: { 'Content-Type': contentType, ...opts.headers }, body }));
}

/**
 * The same upload with the body as a stream of `chunks` × `chunkSize` bytes: fetch sends it chunked, without
 * Content-Length, so only the streaming count can find it too large.
 */
export async function uploadStreamed(base: string, op: 'addFile' | 'replaceFile', resourceURI: string, headers: Record<string, string>, chunkSize: number, chunks: number): Promise<Answer> {
  const { body: empty, contentType } = multipart('big.csv', '');
  const boundaryEnd = Buffer.from(empty).indexOf('\r\n--', empty.length - 60);
  const head = empty.subarray(0, boundaryEnd);
  const tail = empty.subarray(boundaryEnd);
  let sent = -1;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent === -1) c.enqueue(head.slice());
      else if (sent < chunks) c.enqueue(new Uint8Array(chunkSize).fill(0x61));
      else if (sent === chunks) c.enqueue(tail.slice());
      else c.close();
      sent++;
    },
  });
  const res = await fetch(`${base}/distribution/${op}?resourceURI=${encodeURIComponent(resourceURI)}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...headers },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return answer(res);
}

/** Upload temp files (`upload-*.part`) still in the data dir's temp folder. */
export async function leftoverUploads(s: StoreServer): Promise<string[]> {
  try {
    return (await readdir(uploadTempDir(s.dataDir))).filter((n) => n.startsWith('upload-'));
  } catch {
    return [];
  }
}

/** Counts JobService.submit calls from now on ("nothing queued" checks). */
export function countSubmits(s: StoreServer): { readonly count: number } {
  const jobs = s.jobs as { submit: StoreServer['jobs']['submit'] };
  const original = jobs.submit.bind(s.jobs);
  const counter = { count: 0 };
  jobs.submit = (req) => {
    counter.count++;
    return original(req);
  };
  return counter;
}

/** Polls (no timing asserted) until `pred` holds for the job record read by `read`, or gives up after `tries`. */
export async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean, tries = 400): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !pred(v); i++) {
    await new Promise((r) => setTimeout(r, 10));
    v = await read();
  }
  return v;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
