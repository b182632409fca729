/**
 * The dev store's upload job service (CONTRACTS-4 §2): `createJobService` (engine + durable data dir + RowStore
 * data), `addRowstoreRoutes`, `uploadTempDir`, `kindProblem`. The HTTP routes of both task APIs live elsewhere
 * (routes/api.ts, routes/taskrunner.ts) and call into this.
 */
import path from 'node:path';
import type { StoreApp } from '../app.ts';
import { JobEngine } from './engine.ts';
import type { JobServiceOptions } from './engine.ts';
import { addRowstoreRoutesFor } from './rowstore-routes.ts';
import { RowStoreData } from './rowstore.ts';
import { seedSourceFiles } from './seed.ts';
import type { JobService } from './types.ts';

export type { JobRecord, JobService, JobState, JobType, UploadedFile } from './types.ts';
export type { JobServiceOptions } from './engine.ts';
export { JobEngine, randomJobId, UPLOAD_LOST } from './engine.ts';
export { kindProblem } from './kinds.ts';
export type { KindProblem } from './kinds.ts';
export { CONTENT_MISMATCH, MUST_BE_CSV } from './content.ts';

/** Where uploads are streamed before submit (same filesystem as the data dir, so submit can rename). */
export function uploadTempDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'tmp');
}

/** Seeds API source files, replays the journal, resumes unfinished jobs. */
export async function createJobService(app: StoreApp, opts: JobServiceOptions): Promise<JobService> {
  const rows = new RowStoreData(app);
  await seedSourceFiles(app);
  const engine = new JobEngine(app, opts, rows);
  await engine.start();
  return engine;
}

/** `/rowstore/…` routes serving the rows of the connected API distributions. */
export function addRowstoreRoutes(app: StoreApp, jobs: JobService): void {
  if (jobs instanceof JobEngine) addRowstoreRoutesFor(app, jobs.rows, () => jobs.processingDistribution());
  else addRowstoreRoutesFor(app, new RowStoreData(app), () => undefined);
}
