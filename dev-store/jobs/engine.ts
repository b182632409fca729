/**
 * The job engine: one job at a time from a FIFO queue, PENDING → PROCESSING (progress over `processingMs`) →
 * SUCCESS / FAILED, with durable records and a journal of committed effects (see persist.ts for the layout).
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoreApp } from '../app.ts';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import { checkContent, csvStats, extensionOf, MUST_BE_CSV, sha256File } from './content.ts';
import type { CsvStats } from './content.ts';
import { kindProblem } from './kinds.ts';
import { mayNotWrite } from './permission.ts';
import type { MayWrite } from './permission.ts';
import { apiDistributionsOf, distributionOfFile, entryOfKind, linkFile, touch } from './links.ts';
import { dataDirLayout, ensureDataDir, fsyncDir, fsyncFile, Journal, moveDurably, writeFileAtomic } from './persist.ts';
import type { DataDir } from './persist.ts';
import { RowStoreData } from './rowstore.ts';
import type { JobRecord, JobService, JobType, UploadedFile } from './types.ts';

export interface JobServiceOptions {
  dataDir: string;
  maxUploadBytes: number;
  jobRetentionMs: number;
  processingMs: number;
  /** The accounts' write rights: checked again when a job runs, for the user the job recorded (permission.ts). */
  mayWrite: MayWrite;
  /** Tests: awaited after processing, right before the commit (lets a test look at PROCESSING deterministically). */
  beforeCommit?: (job: JobRecord) => Promise<void>;
  /** Tests: the clock retention is measured with (default Date.now). */
  now?: () => number;
}

/** jobs/<jobId>.json */
interface StoredJob {
  record: JobRecord;
  /** Upload path relative to the data dir. */
  upload: { file: string; size: number; mime: string };
  /** Order of acceptance (queue order after a restart). */
  seq: number;
  /** Legacy add: the entry id promised by prototypeURI. */
  reserved?: { contextId: string; entryId: string };
  /** The entry resourceURI named at submit (resolves it after a restart where `{store}` changed). */
  targetEntry?: { contextId: string; entryId: string };
  /** SUCCESS: the file entry (resultUrl is rebuilt from it at start: `{store}` may differ, e.g. another port). */
  result?: { contextId: string; entryId: string };
}

/** One line of journal.jsonl: everything needed to redo a job's effects without reading the file. */
export interface CommitLine {
  jobId: string;
  jobType: JobType;
  /** resourceURI of the request; store-internal URIs may change with `{store}`, so ids below are used first. */
  target: string;
  /** ADD: the distribution entry. */
  distribution?: { contextId: string; entryId: string };
  contextId: string;
  entryId: string;
  /** Relative to the data dir. */
  file: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  time: string;
  stats?: CsvStats;
}

export const UPLOAD_LOST = 'The uploaded file was lost before the job could run (the store was stopped); upload it again';

class Aborted extends Error {}

interface Running {
  readonly id: string;
  startedAt: number;
  /** Resource URI of the distribution the job changes, once known. */
  distribution?: string;
  /** Share (0–1) of the reading work done: hashing, and parsing the CSV when there is an API to feed. */
  work: number;
  done: Promise<void>;
  readonly abort: AbortController;
}

/** A random positive 63-bit integer as a decimal string (never 0). */
export function randomJobId(): string {
  const a = new BigUint64Array(1);
  for (;;) {
    crypto.getRandomValues(a);
    const v = a[0]! & 0x7fff_ffff_ffff_ffffn;
    if (v !== 0n) return v.toString();
  }
}

export class JobEngine implements JobService {
  readonly dirs: DataDir;
  readonly rows: RowStoreData;
  readonly #app: StoreApp;
  readonly #opts: JobServiceOptions;
  readonly #journal: Journal;
  readonly #jobs = new Map<string, StoredJob>();
  readonly #queue: string[] = [];
  #running: Running | undefined;
  #idleWaiters: (() => void)[] = [];
  #closed = false;
  #seq = 0;
  #nextLegacyId = 1;
  #stateWrites: Promise<void> = Promise.resolve();
  #sweep: NodeJS.Timeout | undefined;
  /** Tests: hooks of a running service (same meaning as the options of the same names). */
  readonly testHooks: { beforeCommit?: (job: JobRecord) => Promise<void>; now?: () => number } = {};

  constructor(app: StoreApp, opts: JobServiceOptions, rows: RowStoreData) {
    this.#app = app;
    this.#opts = opts;
    this.dirs = dataDirLayout(opts.dataDir);
    this.#journal = new Journal(this.dirs.journal);
    this.rows = rows;
  }

  /** Replays the journal, loads records, resumes unfinished jobs. */
  async start(): Promise<void> {
    const d = this.dirs;
    await ensureDataDir(d);
    await writeFile(d.journal, '', { flag: 'a' });
    await fsyncDir(d.root);
    // Partial uploads of a previous run were never accepted (no 202): drop them.
    for (const name of await readdir(d.tmp)) await rm(path.join(d.tmp, name), { force: true, recursive: true });
    try {
      this.#nextLegacyId = Math.max(1, (JSON.parse(await readFile(d.state, 'utf8')) as { nextLegacyId: number }).nextLegacyId);
    } catch {
      /* fresh data dir */
    }

    const committed = new Map<string, { line: CommitLine; ok: boolean }>();
    for (const line of await this.#journal.readAll<CommitLine>()) {
      let ok = true;
      try {
        this.#apply(line);
      } catch (e) {
        ok = false;
        console.error(`dev store: journal line of job ${line.jobId} cannot be replayed: ${(e as Error).message}`);
      }
      committed.set(line.jobId, { line, ok });
    }

    const stored: StoredJob[] = [];
    for (const name of await readdir(d.jobs)) {
      if (!name.endsWith('.json')) continue;
      try {
        stored.push(JSON.parse(await readFile(path.join(d.jobs, name), 'utf8')) as StoredJob);
      } catch {
        console.error(`dev store: unreadable job record ${name}`);
      }
    }
    stored.sort((a, b) => a.seq - b.seq);
    for (const job of stored) {
      const rec = job.record;
      this.#seq = Math.max(this.#seq, job.seq);
      if (rec.api === 'legacy' && /^\d+$/.test(rec.jobId)) this.#nextLegacyId = Math.max(this.#nextLegacyId, Number(rec.jobId) + 1);
      this.#jobs.set(rec.jobId, job);
      const store = this.#app.store;
      if (job.reserved) rec.prototypeURI = `${store.baseUrl}${job.reserved.contextId}/resource/${job.reserved.entryId}`;
      if (job.result) rec.resultUrl = `${store.baseUrl}${job.result.contextId}/resource/${job.result.entryId}`;
      if (rec.status === 'SUCCESS' || rec.status === 'FAILED') continue;
      const done = committed.get(rec.jobId);
      if (done) {
        // Crashed after the commit line, before the record said so.
        rec.terminated = done.line.time;
        if (done.ok) {
          rec.status = 'SUCCESS';
          job.result = { contextId: done.line.contextId, entryId: done.line.entryId };
          rec.resultUrl = `${store.baseUrl}${done.line.contextId}/resource/${done.line.entryId}`;
        } else {
          rec.status = 'FAILED';
          rec.error = 'The job committed but its effects could not be restored';
        }
        await this.#persist(job);
        continue;
      }
      rec.status = 'PENDING';
      delete rec.progress;
      if (job.reserved) this.#app.store.reserveEntryId(job.reserved.contextId, job.reserved.entryId);
      this.#queue.push(rec.jobId);
    }
    // An upload moved in by a submit that crashed before its record was written never got a 202: drop it.
    const referenced = new Set([...committed.values()].map((c) => path.basename(c.line.file)));
    for (const name of await readdir(d.uploads)) {
      if (!this.#jobs.has(name) && !referenced.has(name)) await rm(path.join(d.uploads, name), { force: true });
    }
    await this.#sweepExpired();
    const every = Math.max(50, Math.min(this.#opts.jobRetentionMs, 60_000));
    this.#sweep = setInterval(() => void this.#sweepExpired(), every);
    this.#sweep.unref();
    this.#pump();
  }

  async submit(req: { api: 'current' | 'legacy'; jobType: JobType; resourceURI: string; user: string; upload: UploadedFile }): Promise<JobRecord> {
    if (this.#closed) throw new Error('job service is closed');
    const jobId = req.api === 'legacy' ? await this.#takeLegacyId() : this.#freshRandomId();
    const uploadRel = path.join('uploads', jobId);
    await fsyncFile(req.upload.path); // the HTTP layer did so already; cheap when nothing is dirty
    await moveDurably(req.upload.path, path.join(this.dirs.root, uploadRel));
    const record: JobRecord = {
      jobId,
      api: req.api,
      jobType: req.jobType,
      resourceURI: req.resourceURI,
      filename: req.upload.filename,
      user: req.user,
      received: new Date().toISOString(),
      status: 'PENDING',
    };
    const job: StoredJob = { record, upload: { file: uploadRel, size: req.upload.size, mime: req.upload.mime }, seq: ++this.#seq };
    const store = this.#app.store;
    const target = store.entriesByResource(req.resourceURI)[0];
    if (target && target.resourceUri.startsWith(store.baseUrl)) job.targetEntry = { contextId: target.contextId, entryId: target.entryId };
    if (req.api === 'legacy' && req.jobType === 'ADD') {
      const contextId = target?.contextId ?? store.contexts.keys().next().value;
      if (contextId !== undefined) {
        const entryId = store.reserveEntryId(contextId);
        job.reserved = { contextId, entryId };
        record.prototypeURI = `${store.baseUrl}${contextId}/resource/${entryId}`;
      }
    }
    await this.#persist(job);
    this.#jobs.set(jobId, job);
    this.#queue.push(jobId);
    const snapshot = this.#snapshot(job);
    setImmediate(() => this.#pump());
    return snapshot;
  }

  get(jobId: string): JobRecord | undefined {
    const job = this.#jobs.get(jobId);
    if (!job || this.#expired(job.record)) return undefined;
    return this.#snapshot(job);
  }

  /** Resource URI of the distribution the running job will change (its API keeps serving old rows meanwhile). */
  processingDistribution(): string | undefined {
    return this.#running?.distribution;
  }

  idle(): Promise<void> {
    if (!this.#running && this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#sweep) clearInterval(this.#sweep);
    const running = this.#running;
    if (running) {
      running.abort.abort();
      await running.done;
    }
    for (const w of this.#idleWaiters.splice(0)) w();
  }

  #snapshot(job: StoredJob): JobRecord {
    const rec: JobRecord = { ...job.record };
    if (rec.status === 'PENDING') rec.queuePosition = this.#queue.indexOf(rec.jobId) + 1 || 1;
    if (rec.status === 'PROCESSING') {
      // Both the time a job is made to take and the real reading work (large files) move the bar.
      const r = this.#running;
      const mine = r !== undefined && r.id === rec.jobId;
      const time = this.#opts.processingMs > 0 ? (mine ? Date.now() - r.startedAt : 0) / this.#opts.processingMs : 1;
      rec.progress = Math.max(0, Math.min(99, Math.floor(Math.min(time, mine ? r.work : 0) * 100)));
    }
    return rec;
  }

  #expired(rec: JobRecord): boolean {
    const clock = this.testHooks.now ?? this.#opts.now;
    const now = clock ? clock() : Date.now();
    return rec.terminated !== undefined && now - Date.parse(rec.terminated) > this.#opts.jobRetentionMs;
  }

  async #sweepExpired(): Promise<void> {
    for (const [id, job] of this.#jobs) {
      if (!this.#expired(job.record)) continue;
      this.#jobs.delete(id);
      await rm(path.join(this.dirs.jobs, `${id}.json`), { force: true });
    }
  }

  #freshRandomId(): string {
    for (;;) {
      const id = randomJobId();
      if (!this.#jobs.has(id)) return id;
    }
  }

  async #takeLegacyId(): Promise<string> {
    let id = this.#nextLegacyId;
    while (this.#jobs.has(String(id))) id++;
    this.#nextLegacyId = id + 1;
    // Serialised, so a slower earlier write never overwrites a later counter.
    const write = this.#stateWrites.then(() => writeFileAtomic(this.dirs.state, JSON.stringify({ nextLegacyId: this.#nextLegacyId }), this.dirs.tmp));
    this.#stateWrites = write.catch(() => undefined);
    await write;
    return String(id);
  }

  async #persist(job: StoredJob): Promise<void> {
    const { queuePosition: _q, progress: _p, ...record } = job.record;
    await writeFileAtomic(path.join(this.dirs.jobs, `${job.record.jobId}.json`), JSON.stringify({ ...job, record }), this.dirs.tmp);
  }

  #pump(): void {
    if (this.#running || this.#closed) return;
    const id = this.#queue.shift();
    if (id === undefined) {
      for (const w of this.#idleWaiters.splice(0)) w();
      return;
    }
    const job = this.#jobs.get(id)!;
    const abort = new AbortController();
    const running: Running = { id, startedAt: Date.now(), abort, done: Promise.resolve(), work: 0 };
    this.#running = running;
    running.done = this.#run(job, running)
      .catch((e: unknown) => {
        if (!(e instanceof Aborted)) console.error(`dev store: job ${id} crashed:`, e);
      })
      .finally(() => {
        this.#running = undefined;
        if (!this.#closed) this.#pump();
        else for (const w of this.#idleWaiters.splice(0)) w();
      });
  }

  async #run(job: StoredJob, running: Running): Promise<void> {
    const rec = job.record;
    rec.status = 'PROCESSING';
    await this.#persist(job);
    running.startedAt = Date.now();
    const signal = running.abort.signal;

    const outcome = await this.#check(job, running);
    if (signal.aborted) throw new Aborted();
    if ('error' in outcome) return this.#fail(job, outcome.error);

    await this.#wait(this.#opts.processingMs - (Date.now() - running.startedAt), signal);
    const beforeCommit = this.testHooks.beforeCommit ?? this.#opts.beforeCommit;
    if (beforeCommit) await raceAbort(beforeCommit(this.#snapshot(job)), signal);
    if (signal.aborted) throw new Aborted();
    await this.#commit(job, outcome);
  }

  /** Content checks + what the commit needs. Never changes the catalog. */
  async #check(job: StoredJob, running: Running): Promise<{ error: string } | Checked> {
    const store = this.#app.store;
    const rec = job.record;
    const moved = job.targetEntry && store.getEntry(job.targetEntry.contextId, job.targetEntry.entryId);
    const targetUri = moved ? moved.resourceUri : rec.resourceURI;
    const problem = kindProblem(store, rec.jobType, targetUri);
    if (problem) return { error: problem.error };
    const target = entryOfKind(store, targetUri, rec.jobType === 'ADD' ? 'distribution' : 'file')!;
    // Again at run time, for the entry as it is now (it may not have existed at submit, rights may have changed).
    if (!this.#opts.mayWrite(rec.user, target.contextId)) return { error: `${mayNotWrite(rec.user, target.contextId)} (checked when the job ran); nothing was changed` };
    const file = path.join(this.dirs.root, job.upload.file);
    try {
      await stat(file);
    } catch {
      return { error: UPLOAD_LOST };
    }
    const content = await checkContent(file, rec.filename, job.upload.mime);
    if (content.problem) return { error: content.problem };
    const distribution = rec.jobType === 'ADD' ? target : distributionOfFile(store, target);
    if (distribution) running.distribution = distribution.resourceUri;
    const hasApi = distribution !== undefined && apiDistributionsOf(store, distribution).length > 0;
    const size = (await stat(file)).size;
    const parse = hasApi || extensionOf(rec.filename) === 'csv';
    const total = Math.max(1, size * (parse ? 2 : 1));
    let read = 0;
    const onBytes = (n: number): void => {
      read += n;
      running.work = Math.min(1, read / total);
    };
    let stats: CsvStats | undefined;
    if (parse) stats = await csvStats(file, rec.filename, onBytes);
    if (hasApi && !stats) return { error: MUST_BE_CSV };
    const sha256 = await sha256File(file, onBytes);
    running.work = 1;
    return { target, distribution, mime: content.mime, sha256, size, ...(stats ? { stats } : {}) };
  }

  async #commit(job: StoredJob, c: Checked): Promise<void> {
    const store = this.#app.store;
    const rec = job.record;
    let contextId: string;
    let entryId: string;
    if (rec.jobType === 'ADD') {
      contextId = c.target.contextId;
      entryId = job.reserved && job.reserved.contextId === contextId ? job.reserved.entryId : store.reserveEntryId(contextId);
    } else {
      contextId = c.target.contextId;
      entryId = c.target.entryId;
    }
    const previous = rec.jobType === 'REPLACE' ? c.target.file?.path : undefined;
    const line: CommitLine = {
      jobId: rec.jobId,
      jobType: rec.jobType,
      target: c.target.resourceUri,
      contextId,
      entryId,
      file: job.upload.file,
      name: rec.filename,
      mime: c.mime,
      size: c.size,
      sha256: c.sha256,
      time: new Date().toISOString(),
      ...(rec.jobType === 'ADD' ? { distribution: { contextId: c.target.contextId, entryId: c.target.entryId } } : {}),
      ...(c.stats ? { stats: c.stats } : {}),
    };
    await this.#journal.append(line); // the commit point
    rec.resultUrl = this.#apply(line);
    job.result = { contextId, entryId };
    rec.status = 'SUCCESS';
    rec.terminated = line.time;
    await this.#persist(job);
    // The replaced content is no longer referenced (readers that still have it open keep reading it).
    if (previous && previous.startsWith(this.dirs.uploads + path.sep)) await rm(previous, { force: true });
  }

  /** Applies a committed job to the catalog (live and on replay); returns the file's resource URI. */
  #apply(line: CommitLine): string {
    const store = this.#app.store;
    const time = new Date(line.time);
    const file = { name: line.name, mime: line.mime, path: path.join(this.dirs.root, line.file), size: line.size, sha256: line.sha256 };
    if (line.stats) this.rows.setStats(file.path, line.stats);
    if (line.jobType === 'ADD') {
      const byId = line.distribution && store.getEntry(line.distribution.contextId, line.distribution.entryId);
      const d = byId && byId.kind === 'distribution' ? byId : entryOfKind(store, line.target, 'distribution');
      if (!d) throw new Error(`no distribution ${line.target}`);
      const f = store.addFileEntry(line.contextId, { ...file, entryId: line.entryId }, time);
      linkFile(store, d, f, time);
      for (const a of apiDistributionsOf(store, d)) touch(store, a, time);
      return f.resourceUri;
    }
    const byId = store.getEntry(line.contextId, line.entryId);
    const f = byId && byId.kind === 'file' ? byId : entryOfKind(store, line.target, 'file');
    if (!f) throw new Error(`no file ${line.target}`);
    store.setFileContent(f, file, time);
    const d = distributionOfFile(store, f);
    if (d) {
      touch(store, d, time);
      for (const a of apiDistributionsOf(store, d)) touch(store, a, time);
    }
    return f.resourceUri;
  }

  async #fail(job: StoredJob, error: string): Promise<void> {
    const rec = job.record;
    rec.status = 'FAILED';
    rec.error = error;
    rec.terminated = new Date().toISOString();
    await this.#persist(job);
    await rm(path.join(this.dirs.root, job.upload.file), { force: true });
  }

  #wait(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new Aborted());
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = (): void => {
        clearTimeout(t);
        reject(new Aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

interface Checked {
  target: Entry;
  distribution: Entry | undefined;
  mime: string;
  sha256: string;
  size: number;
  stats?: CsvStats;
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Aborted());
    const onAbort = (): void => reject(new Aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

