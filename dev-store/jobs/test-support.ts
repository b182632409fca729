/**
 * Helpers for the job engine tests (test/store/jobs-*.test.ts): a small catalog with a CSV distribution, its
 * API distribution and a plain distribution, all harvested-style URIs; uploads written into the temp dir; tiny ZIP
 * bytes; a store with a job service whose commit a test can hold.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { StoreServer, StoreServerOptions } from '../server.ts';
import { createStoreServer } from '../server.ts';
import { uploadTempDir } from './index.ts';
import type { JobEngine } from './engine.ts';
import type { JobRecord, JobType, UploadedFile } from './types.ts';

export const EX = 'https://data.example.org/';
export const CSV_DIST = `${EX}dist/polls-csv`;
export const API_DIST = `${EX}dist/polls-api`;
export const PLAIN_DIST = `${EX}dist/plain`;
export const DATASET = `${EX}dataset/polls`;
export const ROWS_ID = 'test-rows';

export const TEST_CATALOG = `@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<${EX}catalog> a dcat:Catalog ; dcterms:title "Upload test catalog"@en ; dcat:dataset <${DATASET}> .
<${DATASET}> a dcat:Dataset ; dcterms:title "Polls"@en ;
  dcat:distribution <${CSV_DIST}>, <${API_DIST}>, <${PLAIN_DIST}> .
<${CSV_DIST}> a dcat:Distribution ; dcterms:title "Polls CSV"@en ; dcterms:format "text/csv" ;
  dcterms:modified "2020-01-01"^^xsd:date .
<${API_DIST}> a dcat:Distribution ; dcterms:title "Polls API"@en ; dcterms:format "application/json" ;
  dcat:accessURL <${EX}rowstore/dataset/${ROWS_ID}> ; dcterms:source <${CSV_DIST}> ;
  dcterms:modified "2020-01-01"^^xsd:date .
<${PLAIN_DIST}> a dcat:Distribution ; dcterms:title "Plain download"@en ; dcterms:modified "2020-01-01"^^xsd:date .
`;

export const FIXED_LOAD_TIME = new Date('2020-06-01T12:00:00.000Z');

export function tempDir(prefix = 'jobs-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A gate a test opens when it has looked at the PROCESSING state. */
export class Gate {
  #waiting: (() => void)[] = [];
  #open = false;
  entered = 0;
  readonly wait = (): Promise<void> => {
    this.entered++;
    if (this.#open) return Promise.resolve();
    return new Promise((r) => this.#waiting.push(r));
  };
  open(): void {
    this.#open = true;
    for (const w of this.#waiting.splice(0)) w();
  }
  /** Lets exactly the jobs waiting now pass; later ones wait again. */
  release(): void {
    for (const w of this.#waiting.splice(0)) w();
  }
  get held(): number {
    return this.#waiting.length;
  }
}

export interface JobStore {
  server: StoreServer;
  jobs: JobEngine;
  dataDir: string;
  base: string;
  close(): Promise<void>;
}

export interface JobStoreOptions {
  dataDir?: string;
  processingMs?: number;
  jobRetentionMs?: number;
  gate?: Gate;
  now?: () => number;
  catalogs?: StoreServerOptions['catalogs'];
}

/**
 * A store on a free port with the test catalog (or `catalogs`); its job service (server.jobs) runs on `dataDir`
 * (a fresh temp dir by default) with the test hooks set.
 */
export async function startJobStore(o: JobStoreOptions = {}): Promise<JobStore> {
  const dataDir = o.dataDir ?? tempDir();
  const server = await createStoreServer({
    catalogs: o.catalogs ?? [{ file: path.join(dataDir, 'test-catalog.ttl'), text: TEST_CATALOG }],
    port: 0,
    loadTime: FIXED_LOAD_TIME,
    jobs: { dataDir, processingMs: o.processingMs ?? 0, jobRetentionMs: o.jobRetentionMs ?? 86_400_000 },
  });
  const jobs = server.jobs as JobEngine;
  if (o.gate) jobs.testHooks.beforeCommit = o.gate.wait;
  if (o.now) jobs.testHooks.now = o.now;
  return { server, jobs, dataDir, base: `http://localhost:${server.port}`, close: () => server.close() };
}

let uploadCounter = 0;
/** Writes bytes into the data dir's upload temp dir, as the HTTP layer would. */
export async function makeUpload(dataDir: string, filename: string, content: string | Uint8Array, mime = 'application/octet-stream'): Promise<UploadedFile> {
  const dir = uploadTempDir(dataDir);
  await mkdir(dir, { recursive: true });
  const p = path.join(dir, `upload-${process.pid}-${++uploadCounter}`);
  const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  await writeFile(p, bytes);
  return { path: p, filename, size: bytes.length, mime };
}

export async function submit(
  s: JobStore,
  jobType: JobType,
  resourceURI: string,
  filename: string,
  content: string | Uint8Array,
  api: 'current' | 'legacy' = 'current',
): Promise<JobRecord> {
  const upload = await makeUpload(s.dataDir, filename, content);
  return s.jobs.submit({ api, jobType, resourceURI, user: 'demo', upload });
}

/** Polls (no timing assertion) until `get` satisfies `cond`; fails after `ms`. */
export async function until<T>(probe: () => T | Promise<T>, cond: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (cond(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A one-file ZIP archive (stored, not deflated). */
export function zipBytes(name = 'a.txt', content = 'hello zip'): Buffer {
  const data = Buffer.from(content);
  const nameBytes = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const localSize = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

/** A file written synchronously (fixtures for the CLI child). */
export function writeText(file: string, text: string): void {
  writeFileSync(file, text);
}
